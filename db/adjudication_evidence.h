// The evidence of the games waiting for adjudication as the queue keeps it
// (migrations/0034_read_pages_and_evidence.sql): per game the position's evidence
// (core/game/evidence.h) at a ply, computed by a server version, and the checked lines of the
// claims filed in it. A cache: app/adjudications.cpp decides when a row still holds and
// computes it again otherwise.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/evidence.h"

namespace corrchess::db {

// The line of one claim as it was checked: whose claim, the analysis it was read from, and
// what the analysis holds (LineCheck::given false: no line in it).
struct CheckedLine {
  game::Color side = game::Color::kWhite;
  std::string analysis;
  game::LineCheck line;

  bool operator==(const CheckedLine&) const = default;
};

struct StoredEvidence {
  std::int64_t game_id = 0;
  int ply = 0;              // the game's plies when it was computed
  std::string computed_by;  // the server version that computed it
  game::PositionEvidence evidence;
  std::vector<CheckedLine> lines;

  bool operator==(const StoredEvidence&) const = default;
};

// The stored evidence of those of `game_ids` that have a row, by game id (a row that does not
// read back, written by another version, is left out: the caller computes it again).
std::map<std::int64_t, StoredEvidence> adjudication_evidence(
    pqxx::work& tx, const std::vector<std::int64_t>& game_ids);

// Stores (or replaces) the row of `e.game_id`.
void save_adjudication_evidence(pqxx::work& tx, const StoredEvidence& e);

// Deletes the rows of games no longer waiting for adjudication; how many.
int drop_evidence_of_decided_games(pqxx::work& tx);

}  // namespace corrchess::db
