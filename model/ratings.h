// The records of db/ratings.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time.h"

namespace corrchess::model {

// One published list (one version of one period of one pool).
struct RatingList {
  std::int64_t id = 0;
  std::string pool;         // "standard" or "chess960"
  std::string period;       // "2026-11", "2026-W48", "2026-11-25"
  std::string period_kind;  // "month", "week", "day"
  game::CivilDate first_day;
  game::CivilDate end_day;  // the first day after the period
  game::Timestamp starts_at;
  game::Timestamp ends_at;
  int version = 1;
  int latest_version = 1;  // the period's current version (== version: not superseded)
  game::Timestamp published_at;
  std::optional<std::string> published_by;  // a director's username; none: the period job
  std::optional<std::string> reason;
  nlohmann::json settings = nlohmann::json::object();
};

// One player's line in a list.
struct RatingEntry {
  std::int64_t user_id = 0;
  std::string username;
  int rank = 0;
  double rating = 0;
  double deviation = 0;
  double volatility = 0;
  int games_in_period = 0;
  int total_games = 0;
  bool provisional = true;
};

// A game a list rated: the score of white (1, 0.5, 0).
struct ListedGame {
  std::int64_t game_id = 0;
  std::int64_t white_id = 0;
  std::int64_t black_id = 0;
  double white_score = 0;
};

// Which finished games count (docs/ratings.md): of the pool's variant, decisive or drawn
// (never double defaults, never annulled), in a rated event or a rated challenge (games a
// director created outside both are rated), and a win by default only when the loser had
// moved unless `rate_default_wins`.
struct RatedGameRule {
  std::string pool = "standard";
  bool rate_default_wins = false;
};

// One player's line in each current list of a pool, oldest period first.
struct RatingHistoryRow {
  RatingList list;
  RatingEntry entry;
};

// An event's rating settings (migration 0014): whether its games are rated, the rating range
// for self-entry, and how seats are given at the start ("entry" order or by "rating").
struct EventRatingTerms {
  bool rated = true;
  std::optional<int> min_rating;
  std::optional<int> max_rating;
  std::string seeding = "entry";
};

// The rating range of a challenge (who may accept it).
struct RatingRange {
  std::optional<int> min_rating;
  std::optional<int> max_rating;
};

// The rating pool of a variant: "standard" or "chess960".
std::string rating_pool_of(game::Variant variant);

// Whether a rating (none: not rated yet), rounded to a whole number, lies in [min, max] of
// `range` (the entry check of app/entry_rules.h, a seek's visibility).
bool rating_allows(const std::optional<double>& rating, const model::RatingRange& range);

}  // namespace corrchess::model
