// Reading query results: small helpers shared by the repositories.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

namespace corrchess::db {

// The first column of every row of `rows` as ids (bigint, never null), in row order.
inline std::vector<std::int64_t> ids_of(const pqxx::result& rows) {
  std::vector<std::int64_t> ids;
  ids.reserve(static_cast<std::size_t>(rows.size()));
  for (const auto& row : rows) ids.push_back(row[0].as<std::int64_t>());
  return ids;
}

// A nullable text column.
inline std::optional<std::string> optional_text(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return f.as<std::string>();
}

}  // namespace corrchess::db
