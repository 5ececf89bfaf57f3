// Database connection settings.
#pragma once

#include <optional>
#include <string>

namespace corrchess::db {

// The connection string from CORRCHESS_DATABASE_URL or DATABASE_URL (in that order
// of preference); nullopt when neither is set.
std::optional<std::string> database_url_from_env();

}  // namespace corrchess::db
