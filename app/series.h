// Series use cases (rules.md 6.8, docs/api.md "Series"), transport-neutral: a director
// defines a series; players join and leave its waiting list; the starter turns full waiting
// lists into sections (each an event started on the one start path, app/section_start.h),
// starts smaller sections or expires entries after the maximum wait, and closes finished
// sections, handing out promotion credits for the class above. Every instance may run the
// starter: the series' row lock makes each turn happen once. Each call is one transaction
// (or a sequence of them, said so); a refused one changes nothing. The HTTP adapter is
// api/series.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/games.h"
#include "app/starter_run.h"
#include "core/error.h"
#include "core/game/time.h"
#include "model/series.h"
#include "model/users.h"

namespace corrchess::app {

// A series as a director describes it; `settings.initial_fen` is derived from
// `settings.opening`.
// Creates a series (audited "series_created"). kForbidden unless `director` is one;
// kValidationError for section rules, a rating band or a promotion rule out of bounds, a
// credit_from_series that names no series, an opening that is not a legal, playable start
// (and a thematic Chess960 series), a time control the games would refuse; kConflict for a
// name in use. Returns the series' id.
Result<std::int64_t> create_series(GameDeps& deps, const model::User& director,
                                   model::SeriesSettings settings);

// One series of the listing: how many wait and how many sections it started.
struct SeriesSummary {
  model::StoredSeries series;
  int waiting = 0;
  int sections = 0;
};
Result<std::vector<SeriesSummary>> list_series(GameDeps& deps);

// A series with its waiting list (entry order) and sections.
struct SeriesView {
  model::StoredSeries series;
  std::vector<model::SeriesEntry> waiting;
  std::vector<model::SeriesSection> sections;
  game::Timestamp now;
};
Result<SeriesView> read_series(GameDeps& deps, std::int64_t id);

// `user` joins the waiting list (the time losses already due are stored first, in their
// own transaction); then the starter takes a turn of the series, so the entry returned may
// already be "started" with its section's event (a paused series keeps it waiting).
// kConflict when the player already waits in it or plays in one of its sections not over yet, has
// fewer finished games than the series asks (`min_finished_games`), or is barred after a
// time-forfeit loss (then `barred_until` is set); kRatingOutOfRange when neither the rating
// nor a promotion credit admits the player (a credit is used only when the rating does not
// admit, and is used up by the entry).
Result<model::SeriesEntry> join_series(GameDeps& deps, const model::User& user, std::int64_t id,
                                       std::optional<game::Timestamp>& barred_until);

// `user` takes their waiting entry back (a credit it used is given back). kConflict when
// the user does not wait in the series.
Result<void> leave_series(GameDeps& deps, const model::User& user, std::int64_t id);

// A director takes entry `entry_id` off the waiting list (audited "series_entry_removed",
// the player told; a credit it used is given back). kForbidden unless a director;
// kValidationError for an empty reason; kNotFound for an entry of another series;
// kConflict when the entry no longer waits.
Result<void> remove_series_entry(GameDeps& deps, const model::User& director, std::int64_t id,
                                 std::int64_t entry_id, const std::string& reason);

// A director pauses (`open` false: no section starts and no entry expires; entries still
// join the waiting list) or reopens a series (audited "series_paused" / "series_opened"); reopening
// lets the starter take its turn at once. kConflict when it already is so.
Result<void> set_series_open(GameDeps& deps, const model::User& director, std::int64_t id,
                             bool open, const std::string& reason);

// What a run of the starter did.
struct SeriesRun {
  int sections_started = 0;
  int entries_expired = 0;
  int sections_closed = 0;
  int credits = 0;
  int failed = 0;  // turns and closes that failed, rolled back and skipped
};
// One turn of series `id` in one transaction: while a section is due (rules.md 6.8) it is
// composed (seats by rating; compatriots spread over full sections started together when the
// series asks) and started, the entries marked started and the players told
// ("series_section_started"); then the entries past the maximum wait expire and their
// players are told ("series_entry_expired"). Nothing happens to a paused series.
Result<SeriesRun> run_series_turn(GameDeps& deps, std::int64_t id);
// Every open series with waiting entries takes its turn, then every section whose games are
// all over is closed, one transaction each: its players whose place or score the promotion
// rule names earn a credit ("promotion_credit"). A turn or close that fails is rolled back
// alone, logged and counted in `failed` (app/competition_items.h); the others go on. Fails
// only when the series or sections to run cannot be read.
Result<SeriesRun> run_series(GameDeps& deps, StarterRun mode);
// When run_series next has work without a new entry or a finished game: the earliest
// instant a waiting entry reaches its series' maximum wait.
Result<std::optional<game::Timestamp>> next_series_deadline(GameDeps& deps);

// A player's entries (newest first) and promotion credits (newest first).
struct PlayerSeries {
  std::vector<model::SeriesEntry> entries;
  std::vector<model::PromotionCredit> credits;
  game::Timestamp now;
};
Result<PlayerSeries> player_series(GameDeps& deps, std::int64_t user_id);

}  // namespace corrchess::app
