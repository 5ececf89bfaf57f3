// Tournament series in PostgreSQL (migrations/0022_series.sql, rules.md 6.8): the series a
// director defined, its waiting list, the sections it started (each an event) and the
// promotion credits its sections handed out. Plain structs in and out; the rules live in
// core/competition/series.h and the use cases in app/series.h.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pqxx/pqxx>

#include "core/competition/series.h"
#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "core/game/time_control.h"
#include "db/section_terms.h"
#include "model/series.h"

namespace corrchess::db {

// The records of model/series.h under their db/ names.
using model::EntryClosing;
using model::PromotionCredit;
using model::SeriesCounts;
using model::SeriesEntry;
using model::SeriesSection;
using model::SeriesSettings;
using model::StoredSeries;

// Inserts a series (status open); kConflict when another series has the name
// (case-insensitive).
Result<std::int64_t> insert_series(pqxx::work& tx, const SeriesSettings& settings,
                                   std::optional<std::int64_t> created_by, game::Timestamp now);
// kNotFound when there is no such series; `lock` takes the row lock that serialises the
// starter, entries and the director's changes of one series.
Result<StoredSeries> load_series(pqxx::work& tx, std::int64_t id, bool lock);
// Every series by id.
std::vector<StoredSeries> list_series(pqxx::work& tx);
// Per series id: how many entries wait, and how many sections it started.
std::map<std::int64_t, SeriesCounts> series_counts(pqxx::work& tx);
void set_series_status(pqxx::work& tx, std::int64_t id, const std::string& status);
// Open series with waiting entries (the starter's work list), by id.
std::vector<std::int64_t> series_with_waiting(pqxx::work& tx);
// The earliest instant a waiting entry of an open series reaches its maximum wait.
std::optional<game::Timestamp> next_entry_deadline(pqxx::work& tx);

// Adds a waiting entry; kConflict when the player already waits in the series.
Result<SeriesEntry> insert_entry(pqxx::work& tx, std::int64_t series_id, std::int64_t user_id,
                                 const std::string& admission, game::Timestamp now);
// The waiting entries of a series in entry order.
std::vector<SeriesEntry> waiting_entries(pqxx::work& tx, std::int64_t series_id);
// The player's waiting entry in the series, if any.
std::optional<SeriesEntry> waiting_entry_of(pqxx::work& tx, std::int64_t series_id,
                                            std::int64_t user_id);
// One entry of the series (any status); kNotFound when absent.
Result<SeriesEntry> find_entry(pqxx::work& tx, std::int64_t series_id, std::int64_t entry_id);
// The player's entries in every series, newest first (at most `limit`).
std::vector<SeriesEntry> entries_of_user(pqxx::work& tx, std::int64_t user_id, int limit);
// Ends a waiting entry: status "started" (with the event), "left", "expired" or "removed"
// (with the reason and the director). False when the entry was no longer waiting.
bool close_entry(pqxx::work& tx, std::int64_t entry_id, const EntryClosing& closing,
                 game::Timestamp now);
// True when the player holds a seat (neither withdrawn nor replaced) in a section of the
// series that is not over: a game of the section, anyone's, is not over yet.
bool plays_in_series(pqxx::work& tx, std::int64_t series_id, std::int64_t user_id);

// The number the series' next section gets (1 + the highest so far).
int next_section_number(pqxx::work& tx, std::int64_t series_id);
// Records event `event_id` as section `number` of the series.
void insert_section(pqxx::work& tx, std::int64_t series_id, int number, std::int64_t event_id,
                    game::Timestamp now);
// The sections of a series by number.
std::vector<SeriesSection> series_sections(pqxx::work& tx, std::int64_t series_id);
// Sections not closed yet whose every game is over (finished or annulled), at most `limit`:
// those whose closing never failed first (db/starter_failures.h, kind `kind`), then by
// failures in a row, each oldest first. With `ready_at`, a section whose closing waits to be
// tried again after that instant is left out.
std::vector<SeriesSection> finished_open_sections(pqxx::work& tx, int limit, std::string_view kind,
                                                  std::optional<game::Timestamp> ready_at);
// Marks a section closed; false when another run closed it first.
bool close_section(pqxx::work& tx, std::int64_t series_id, int number, game::Timestamp now);

// A promotion credit.
void insert_credit(pqxx::work& tx, const PromotionCredit& credit);
// The player's oldest unused credit of `series_id` still valid at `now`.
std::optional<PromotionCredit> usable_credit(pqxx::work& tx, std::int64_t user_id,
                                             std::int64_t series_id, game::Timestamp now);
void use_credit(pqxx::work& tx, std::int64_t credit_id, std::int64_t entry_id, game::Timestamp now);
// Gives back the credit entry `entry_id` used (the entry ended before a section started).
void release_credit(pqxx::work& tx, std::int64_t entry_id);
// The player's credits, newest first.
std::vector<PromotionCredit> credits_of_user(pqxx::work& tx, std::int64_t user_id);
// The credits earned in a section (event), by place.
std::vector<PromotionCredit> credits_of_event(pqxx::work& tx, std::int64_t event_id);

}  // namespace corrchess::db
