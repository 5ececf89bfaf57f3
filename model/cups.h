// The records of db/cups.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/competition/cup.h"
#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "core/game/time_control.h"
#include "model/users.h"

namespace corrchess::model {

struct CupSettings {
  std::string name;
  game::Variant variant = game::Variant::kStandard;
  game::TimeControl time_control = game::IccfStandard{};
  game::EventRules rules;
  competition::MatchRules match;
  bool rated = true;  // its games count for the ratings (ratings.md)

  bool operator==(const CupSettings&) const = default;
};

struct StoredCup {
  std::int64_t id = 0;
  CupSettings settings;
  std::string status;  // "running" or "finished"
  std::optional<std::int64_t> winner_id;
  game::Timestamp created_at;
  std::optional<game::Timestamp> finished_at;
};

// Per cup id, for the list of cups: how many players it seeded, and the username of its
// winner once finished.
struct CupTally {
  int players = 0;
  std::optional<std::string> winner;
};

struct CupPlayer {
  int seed = 0;
  User user;
};

// A match; until both players are known they sit in their bracket slots (a: first).
struct CupMatch {
  int round = 0;
  int match_no = 0;
  std::optional<std::int64_t> player_a;  // the better seed once both are known
  std::optional<std::int64_t> player_b;
  std::string status;  // "waiting", "playing", "decided"
  bool bye = false;
  std::optional<std::int64_t> winner_id;
  std::optional<game::Timestamp> decided_at;
};

// A game of a match with the state of its row.
struct CupGame {
  int round = 0;
  int match_no = 0;
  int number = 0;
  std::int64_t game_id = 0;
  bool a_white = true;
  std::string white;  // usernames
  std::string black;
  std::string status;  // games.status
  std::optional<game::GameResult> result;
};

}  // namespace corrchess::model
