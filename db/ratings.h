// Rating lists in PostgreSQL (migrations/0014_ratings.sql): the published lists of each
// pool ("standard", "chess960") with their versions, entries and rated games, and the
// finished games that count for ratings. Lists are only ever added (the table refuses
// updates); the current version of a period is its highest. Plain structs in and out; the
// arithmetic lives in core/rating and the use cases in app/ratings.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/time.h"
#include "model/ratings.h"

namespace corrchess::db {

// The records of model/ratings.h under their db/ names.
using model::EventRatingTerms;
using model::ListedGame;
using model::RatedGameRule;
using model::RatingEntry;
using model::RatingHistoryRow;
using model::RatingList;
using model::RatingRange;

// Serialises publications of one pool across instances until the transaction ends.
void lock_rating_pool(pqxx::work& tx, const std::string& pool);

// The current version of the pool's latest period; nullopt before the first list.
std::optional<RatingList> latest_rating_list(pqxx::work& tx, const std::string& pool);
// The current version of the latest period that starts before `day`.
std::optional<RatingList> rating_list_before(pqxx::work& tx, const std::string& pool,
                                             game::CivilDate day);
// One version of a period (nullopt version: the current one); kNotFound when absent.
Result<RatingList> find_rating_list(pqxx::work& tx, const std::string& pool,
                                    const std::string& period, std::optional<int> version);
// The current versions of the periods starting on or after `day`, oldest first.
std::vector<RatingList> rating_lists_from(pqxx::work& tx, const std::string& pool,
                                          game::CivilDate day);
// Every list of every version, newest period first (optionally of one pool).
std::vector<RatingList> all_rating_lists(pqxx::work& tx, const std::optional<std::string>& pool);
// The entries of a list by rank: those ranked after `after_rank`, at most `limit` (none: to
// the end of the list).
std::vector<RatingEntry> rating_entries(pqxx::work& tx, std::int64_t list_id,
                                        std::int64_t after_rank = 0,
                                        std::optional<int> limit = std::nullopt);
// How many entries the list has: its last rank (a list's ranks are 1..n, migration 0034 keeps
// them unique), from the index on (list_id, rank) alone.
int rating_entry_count(pqxx::work& tx, std::int64_t list_id);

// When the earliest rated game that no list rated yet finished; nullopt when none.
std::optional<game::Timestamp> earliest_unlisted_game(pqxx::work& tx, const RatedGameRule& rule);
// Rated games that finished before `before` and that no list of the pool rated yet.
std::vector<ListedGame> unlisted_rated_games(pqxx::work& tx, const RatedGameRule& rule,
                                             game::Timestamp before);
// The games list `list_id` rated, with their results as they are now, leaving out those
// that no longer count (annulled, or now a double default).
std::vector<ListedGame> relisted_games(pqxx::work& tx, std::int64_t list_id,
                                       const RatedGameRule& rule);

// Inserts a list with its entries and games; returns its id. kConflict when that version of
// the period exists already (another instance published it).
Result<std::int64_t> insert_rating_list(pqxx::work& tx, const RatingList& list,
                                        std::optional<std::int64_t> published_by,
                                        const std::vector<RatingEntry>& entries,
                                        const std::vector<ListedGame>& games);

// One player's line in each current list of a pool, oldest period first.
std::vector<RatingHistoryRow> rating_history(pqxx::work& tx, std::int64_t user_id);

// The players' entries in the pool's latest current list (players not in it are absent).
std::map<std::int64_t, RatingEntry> current_ratings(pqxx::work& tx, const std::string& pool,
                                                    const std::vector<std::int64_t>& user_ids);

// Whether a game counts for ratings by where it comes from: its event's or challenge's
// `rated` (games a director created outside both: rated). Its result is not considered.
bool game_is_rated(pqxx::work& tx, std::int64_t game_id);

// An event's rating settings (migration 0014): whether its games are rated, the rating range
// for self-entry, and how seats are given at the start ("entry" order or by "rating").
void save_event_rating_terms(pqxx::work& tx, std::int64_t event_id, const EventRatingTerms& terms);
EventRatingTerms event_rating_terms(pqxx::work& tx, std::int64_t event_id);
// Renumbers the seats of the event's players by their rating in the pool's latest list,
// highest first; unrated players after them in their seat order.
void seed_event_by_rating(pqxx::work& tx, std::int64_t event_id, const std::string& pool);
// Fixes the start rating (rules.md 6.12) of the event's active players, or of `user_id`
// alone (a replacement taking a seat): their rating in the latest list of `pool`, rounded;
// unrated players keep none.
void record_start_ratings(pqxx::work& tx, std::int64_t event_id, const std::string& pool,
                          std::optional<std::int64_t> user_id = std::nullopt);

// The rating range of a challenge (who may accept it).
void save_challenge_rating_range(pqxx::work& tx, std::int64_t challenge_id,
                                 const RatingRange& range);
RatingRange challenge_rating_range(pqxx::work& tx, std::int64_t challenge_id);

}  // namespace corrchess::db
