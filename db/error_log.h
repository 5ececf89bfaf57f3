// Where database errors are logged: the full text of a failure that reaches a client only
// as kInternal (the transaction runner, the LISTEN connection, and callers that swallow a
// failed side effect). Free of libpqxx, so the layers above db/ can log through it
// without taking the transaction runner (db/transaction.h).
#pragma once

#include <functional>
#include <string>

namespace corrchess::db {

// Sets the sink of log_database_error (the composition root's logger); by default the text
// goes to stderr. Thread-safe.
void set_database_error_logger(std::function<void(const std::string&)> logger);
// Logs the full database error text `text` through the current sink. Thread-safe.
void log_database_error(const std::string& text);

}  // namespace corrchess::db
