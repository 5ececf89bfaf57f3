// The competition starter's failed items in PostgreSQL (migrations/0036_starter_failures.sql,
// app/competition_items.h): per kind of item ("cup", "norms", ...) and item id, what it is,
// its failures in a row, when the last one was, when the scheduler may try it again, and why
// it failed.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/time.h"
#include "model/starter.h"

namespace corrchess::db {

using model::StarterFailure;

// The failed items of `kind`, by item id.
std::map<std::int64_t, StarterFailure> starter_failures(pqxx::work& tx, std::string_view kind);
// Every failed item, the one tried again soonest first (then by kind and id).
std::vector<StarterFailure> all_starter_failures(pqxx::work& tx);
// Records `failure` (keyed by its kind and item id; replaces what was recorded of it).
void record_starter_failure(pqxx::work& tx, const StarterFailure& failure);
// Forgets the failures of item `id` of `kind` (it succeeded).
void forget_starter_failure(pqxx::work& tx, std::string_view kind, std::int64_t id);

}  // namespace corrchess::db
