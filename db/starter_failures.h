// The competition starter's failed items in PostgreSQL (migrations/0038_starter_failures.sql,
// app/competition_items.h): per kind of item ("cup", "norms", ...) and item id, its failures
// in a row, when the last one was, when the scheduler may try it again, and why it failed.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include <pqxx/pqxx>

#include "core/game/time.h"

namespace corrchess::db {

struct StarterFailure {
  int failures = 0;
  game::Timestamp retry_at;
};

// The failed items of `kind`, by item id.
std::map<std::int64_t, StarterFailure> starter_failures(pqxx::work& tx, std::string_view kind);
// Records that item `id` of `kind` has now failed `failures` times in a row, the last at
// `now`: the scheduler may try it again from `retry_at`; `error` is why it failed.
void record_starter_failure(pqxx::work& tx, std::string_view kind, std::int64_t id, int failures,
                            game::Timestamp now, game::Timestamp retry_at,
                            const std::string& error);
// Forgets the failures of item `id` of `kind` (it succeeded).
void forget_starter_failure(pqxx::work& tx, std::string_view kind, std::int64_t id);

}  // namespace corrchess::db
