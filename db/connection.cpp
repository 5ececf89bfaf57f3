#include "db/connection.h"

#include <libpq-fe.h>

#include <cstdlib>

namespace corrchess::db {

std::optional<std::string> database_url_from_env() {
  for (const char* name : {"CORRCHESS_DATABASE_URL", "DATABASE_URL"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0') return std::string{value};
  }
  return std::nullopt;
}

std::optional<std::string> connection_string_error(const std::string& url) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &error);
  if (options != nullptr) {
    PQconninfoFree(options);
    return std::nullopt;
  }
  std::string text = error != nullptr ? error : "out of memory";
  if (error != nullptr) PQfreemem(error);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

}  // namespace corrchess::db
