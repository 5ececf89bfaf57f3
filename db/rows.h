// Reading query results: small helpers shared by the repositories.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/time.h"

namespace corrchess::db {

// The first column of every row of `rows` as ids (bigint, never null), in row order.
inline std::vector<std::int64_t> ids_of(const pqxx::result& rows) {
  std::vector<std::int64_t> ids;
  ids.reserve(static_cast<std::size_t>(rows.size()));
  for (const auto& row : rows) ids.push_back(row[0].as<std::int64_t>());
  return ids;
}

// A nullable bigint column (ids).
inline std::optional<std::int64_t> optional_id(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return f.as<std::int64_t>();
}

// A nullable integer column.
inline std::optional<int> optional_int(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return f.as<int>();
}

// A nullable instant read as epoch seconds ("extract(epoch FROM t)::bigint").
inline std::optional<game::Timestamp> optional_instant(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return game::Timestamp(f.as<std::int64_t>());
}

// A nullable text column.
inline std::optional<std::string> optional_text(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return f.as<std::string>();
}

}  // namespace corrchess::db
