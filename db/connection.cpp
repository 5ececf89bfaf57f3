#include "db/connection.h"

#include <cstdlib>

namespace corrchess::db {

std::optional<std::string> database_url_from_env() {
  for (const char* name : {"CORRCHESS_DATABASE_URL", "DATABASE_URL"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0') return std::string{value};
  }
  return std::nullopt;
}

}  // namespace corrchess::db
