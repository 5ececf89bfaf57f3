// The server's own adjudications (rules.md 6.5): in an event that allows it, a game reaching
// the end date in a position the director's evidence proves (core/game/evidence.h: a
// tablebase result, a dead position) is decided at once, as a director would, and audited as
// `adjudicated_automatically` without an actor. Internal to app/: runs in the caller's
// transaction (the sweep, the director turning the setting on).
#pragma once

#include <cstdint>
#include <optional>

#include <pqxx/pqxx>

#include "app/game_view.h"
#include "core/game/evidence.h"
#include "model/events.h"

namespace corrchess::app {

// The name the server's own decisions carry as their actor in the game's facts.
inline constexpr const char* kServerActor = "server";

// What the evidence proves for `game` (awaiting adjudication): the director's result the
// server sets, with its audit row (stamped `now`); none when the proof is not complete.
struct ProvenDecision {
  game::Outcome outcome;
  model::AuditEntry audit;
};
Result<std::optional<ProvenDecision>> proven_decision(const GameDeps& deps,
                                                      const model::StoredGame& stored,
                                                      const game::Game& game, game::Timestamp now);

// Decides every game of event `event_id` awaiting adjudication whose position the evidence
// proves, in `tx` (the games locked there); returns how many it decided.
Result<int> adjudicate_proven_games(const GameDeps& deps, pqxx::work& tx, std::int64_t event_id);

}  // namespace corrchess::app
