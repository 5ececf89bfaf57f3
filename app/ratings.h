// Ratings (docs/ratings.md): publishing each finished rating period's Glicko-2 list once
// (per pool: standard and Chess960), reading lists and a player's history, and a director's
// recomputation of a period after a result correction, which publishes new versions of that
// period's list and of every later one (the old versions stay) and audits it.
// Transport-neutral; the HTTP adapter is api/ratings.cpp, the period job server/rating_job.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/handles.h"
#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/game.h"
#include "core/game/time_zone.h"
#include "core/rating/glicko2.h"
#include "core/rating/period.h"
#include "model/ratings.h"
#include "model/users.h"

namespace corrchess::app {

// The rating settings of the server (CORRCHESS_RATING_*, docs/operations.md).
struct RatingSettings {
  rating::Glicko2Settings glicko;
  rating::PeriodKind period = rating::PeriodKind::kMonth;
  // Whether a win by default counts when the loser never moved.
  bool rate_default_wins = false;
};

struct RatingDeps {
  Database& pool;
  ServerClock& clock;
  game::TimeZone zone;  // periods are calendar periods of the server zone
  RatingSettings settings;
  game::Oracles oracles;  // to store the decisions due (flag falls) before a period is rated
  // Published rating lists and histories (never changed once published) are read from this
  // replica pool when the server has one (CORRCHESS_REPLICA_DATABASE_URL).
  Database* replica = nullptr;
};

// The pools: "standard" and "chess960".
const std::vector<std::string>& rating_pools();

// Publishes every period of every pool that has ended by now and has no list yet, oldest
// first (a missed run catches up). Safe to call from every instance at once: each list is
// published exactly once. The number of lists published.
Result<int> publish_due_rating_lists(RatingDeps& deps);

// When the next period of any pool ends, so that its list falls due; nullopt when no pool
// has anything to publish yet (no rated game outside the lists).
Result<std::optional<game::Timestamp>> next_rating_publication(RatingDeps& deps);

// The most entries a page of a rating list holds.
inline constexpr int kMaxRatingEntriesPerPage = 1000;
// Which entries of a list to read: those ranked after `after_rank` (the cursor of the page
// before; 0: from the top), at most `limit` (1..kMaxRatingEntriesPerPage; none: to the end).
struct RatingEntryPage {
  std::int64_t after_rank = 0;
  std::optional<int> limit;
};

// A list with (a page of) its entries.
struct RatingListView {
  model::RatingList list;
  std::vector<model::RatingEntry> entries;
  int total = 0;                  // entries of the whole list
  std::optional<int> next_after;  // the cursor of the next page (a rank); none: the last page
};

// Every published list (every version), newest period first; `pool` filters.
Result<std::vector<model::RatingList>> rating_lists(RatingDeps& deps,
                                                    const std::optional<std::string>& pool);
// One period's list of a pool ("standard" unless given): the current version, or `version`,
// with the entries of `page`. kValidationError for an unknown pool, a malformed period key or
// a page out of range, kNotFound when absent.
Result<RatingListView> rating_list(RatingDeps& deps, const std::string& pool,
                                   const std::string& period, std::optional<int> version,
                                   const RatingEntryPage& page = {});
// A player's rating history: the username as stored (whatever the case asked for) and their
// line in every current list, per pool and oldest period first.
struct RatingHistory {
  std::string username;
  std::vector<model::RatingHistoryRow> rows;
};
// kNotFound for an unknown user.
Result<RatingHistory> rating_history(RatingDeps& deps, const std::string& username);

// Director: recompute `period` of `pool` from the current results of the games its list
// rated, and every later period of the pool from the new ratings; each gets a new version
// with `reason` and an audit record. The new lists, oldest first. kForbidden for players,
// kNotFound when the period has no list.
Result<std::vector<model::RatingList>> recompute_rating_period(RatingDeps& deps,
                                                               const model::User& director,
                                                               const std::string& pool,
                                                               const std::string& period,
                                                               const std::string& reason);

// The players' current ratings in a pool (absent: not rated yet).
// One player's rating as a director imports it (e.g. from the federation's list).
struct ImportedRating {
  std::string username;
  double rating = 0;                // 0..4000
  std::optional<double> deviation;  // 1..350; none: 50
  std::optional<int> games;         // rated games behind it; none: enough not to be provisional
};
// Director: publishes a new version of the pool's latest list (or, with none yet, a first
// list for the period containing today) holding every entry of that list and the imported
// ratings, which replace a player's line or add one (rules.md 6.12 reads ratings from the
// latest list; the next period is rated from this one). `reason` (1..500 characters) is
// recorded with the list and in the audit log. kForbidden for players; kValidationError for
// an unknown pool, an empty or over-long (5000) list, an unknown or repeated username, a
// rating, deviation or game count out of range. A later recomputation of this period (or of
// an earlier one) rates it again from the games and drops the import.
Result<model::RatingList> import_ratings(RatingDeps& deps, const model::User& director,
                                         const std::string& pool,
                                         const std::vector<ImportedRating>& ratings,
                                         const std::string& reason);

Result<std::map<std::int64_t, model::RatingEntry>> current_ratings(
    Database& pool, const std::string& rating_pool, const std::vector<std::int64_t>& user_ids);

// What a game may do to its players' ratings, for the game page: each side's current
// rating (a newcomer's when unrated), expected score, and the rating after a win, a draw or
// a loss were this game their only one in the period.
struct RatingPreviewSide {
  std::optional<model::RatingEntry> current;  // none: not rated yet
  rating::Rating rating;                      // the rating used (a newcomer's when unrated)
  double expected_score = 0.5;
  double after_win = 0;
  double after_draw = 0;
  double after_loss = 0;
};
struct RatingPreview {
  std::string pool;
  bool rated = true;  // whether the game counts (by its event or challenge)
  RatingPreviewSide white;
  RatingPreviewSide black;
};
Result<RatingPreview> rating_preview(RatingDeps& deps, std::int64_t game_id, game::Variant variant,
                                     std::int64_t white_id, std::int64_t black_id);

}  // namespace corrchess::app
