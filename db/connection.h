// Database connection settings.
#pragma once

#include <optional>
#include <string>

namespace corrchess::db {

// The connection string from CORRCHESS_DATABASE_URL or DATABASE_URL (in that order
// of preference); nullopt when neither is set.
std::optional<std::string> database_url_from_env();

// Why libpq cannot read `url` as a connection string or URI (its own words, one line), or
// nullopt when it can. Nothing is connected: this only parses.
std::optional<std::string> connection_string_error(const std::string& url);

}  // namespace corrchess::db
