// The JSON form of the director's evidence (core/game/evidence.h) shared by the HTTP API
// (api/adjudications.cpp: the adjudication queue and GET /admin/games/{id}/evidence, docs/api.md
// "Directors") and storage (db/adjudication_evidence.cpp: the queue keeps it, migration 0034):
// the stored row is the evidence as the queue shows it, read back into the same values.
#pragma once

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/game/evidence.h"

namespace corrchess::model {

// {men, to_move, tablebase: {status, wdl, dtz}, dead_position: {white, black, dead},
// repetition: {count, plies, threefold_claimable}, fifty_moves: {halfmove_clock, claimable},
// suggestion: {result, basis, reason} | null}.
nlohmann::json evidence_json(const game::PositionEvidence& evidence);
// The evidence evidence_json wrote; kValidationError for another shape.
Result<game::PositionEvidence> evidence_from_json(const nlohmann::json& json);

// The line a claim holds (LineCheck::given): {legal, moves, text, illegal_move, detail, ends,
// repetitions} (detail and ends null when empty).
nlohmann::json line_json(const game::LineCheck& line);
// The given line line_json wrote; kValidationError for another shape.
Result<game::LineCheck> line_from_json(const nlohmann::json& json);

}  // namespace corrchess::model
