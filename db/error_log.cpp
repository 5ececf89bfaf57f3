#include "db/error_log.h"

#include <cstdio>
#include <mutex>

namespace corrchess::db {

namespace {
std::mutex logger_mutex;
std::function<void(const std::string&)> error_logger = [](const std::string& text) {
  std::fprintf(stderr, "database error: %s\n", text.c_str());
};
}  // namespace

void set_database_error_logger(std::function<void(const std::string&)> logger) {
  std::lock_guard lock(logger_mutex);
  error_logger = std::move(logger);
}

void log_database_error(const std::string& text) {
  std::lock_guard lock(logger_mutex);
  if (error_logger) error_logger(text);
}

}  // namespace corrchess::db
