// The records of db/teams.h, db/team_matches.h and db/olympiads.h: teams with their captains
// and members, team matches with their nominated players and games, Olympiads with their
// teams, players and per-board sections. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/competition/teams.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "core/game/time_control.h"

namespace corrchess::model {

// A user as a team lists them.
struct TeamPerson {
  std::int64_t id = 0;
  std::string username;
  std::string display_name;

  bool operator==(const TeamPerson&) const = default;
};

struct TeamSettings {
  std::string kind;  // "federation", "club" or "national"
  std::string name;
  std::string country;  // ISO 3166-1 alpha-2, upper case

  bool operator==(const TeamSettings&) const = default;
};

struct StoredTeam {
  std::int64_t id = 0;
  TeamSettings settings;
  game::Timestamp created_at;
};

// The game rules shared by a team match's games and an Olympiad's sections.
struct TeamGameRules {
  game::Variant variant = game::Variant::kStandard;
  game::TimeControl time_control = game::IccfStandard{};
  game::EventRules rules;

  bool operator==(const TeamGameRules&) const = default;
};

struct TeamMatchSettings {
  std::string name;
  std::int64_t team_a = 0;
  std::int64_t team_b = 0;
  competition::TeamMatchRules match;
  TeamGameRules games;
  std::optional<game::Timestamp> start_at;  // the games' clocks start then (or at the start)
  bool rated = true;                        // its games count for the ratings (ratings.md)

  bool operator==(const TeamMatchSettings&) const = default;
};

struct StoredTeamMatch {
  std::int64_t id = 0;
  TeamMatchSettings settings;
  std::string status;  // "nominating" or "playing"
  game::Timestamp created_at;
  std::optional<game::Timestamp> started_at;
};

// The player a team nominated for a board.
struct TeamMatchPlayer {
  int board = 0;       // 1-based
  bool side_a = true;  // team A's player (else team B's)
  TeamPerson person;
};

// A game of a team match with the state of its row.
struct TeamMatchGame {
  int board = 0;   // 1-based
  int number = 0;  // 0 or 1 within the board
  std::int64_t game_id = 0;
  bool a_white = true;
  std::string white;  // usernames of the current players
  std::string black;
  std::string status;  // games.status
  std::optional<game::GameResult> result;
};

struct OlympiadSettings {
  std::string name;
  int boards = 0;
  bool rated = false;
  TeamGameRules games;
};

struct StoredOlympiad {
  std::int64_t id = 0;
  std::string name;
  int boards = 0;
  bool rated = false;
  game::Timestamp created_at;
};

struct OlympiadTeam {
  int seed = 0;  // 1-based, the order given
  StoredTeam team;
};

struct OlympiadPlayer {
  int seed = 0;   // the team's seed
  int board = 0;  // 1-based
  TeamPerson person;
};

struct OlympiadSection {
  int board = 0;  // 1-based
  std::int64_t event_id = 0;
};

}  // namespace corrchess::model
