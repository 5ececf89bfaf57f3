// Events in PostgreSQL (rules.md §5.3–5.6): settings, players by seat, the games of a
// section with their Berger round and board, adjudication claims, the facts behind the
// entry bar after time-forfeit losses, and the audit log rows of director actions.
// Plain structs in and out; the rules live in core/game and api/events.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "core/game/time_control.h"
#include "db/codec.h"
#include "db/users.h"
#include "model/events.h"

namespace corrchess::db {

// The records of model/events.h under their db/ names.
using model::AdjudicationClaim;
using model::AuditEntry;
using model::AuditRecord;
using model::EventGame;
using model::EventPlayer;
using model::EventSettings;
using model::GameCounts;
using model::GameVisibility;
using model::parse_visibility;
using model::PendingAdjudication;
using model::StoredEvent;
using model::to_string;
using model::Visibility;

// Inserts an event (status registration); returns its id.
std::int64_t insert_event(pqxx::work& tx, const EventSettings& settings,
                          std::optional<std::int64_t> created_by, game::Timestamp now);
// kNotFound when there is no such event; `lock` takes the row lock that serialises changes
// to the event (entries, start, withdrawals).
Result<StoredEvent> load_event(pqxx::work& tx, std::int64_t id, bool lock);
// The events a listing holds: every event, or those not started ("registration"), started
// with a game not over or no game ("running"), started with every game over ("finished"), or
// cancelled before the start ("cancelled"). The derived statuses count the games as stored:
// the caller stores the decisions due first.
enum class EventListing { kAll, kRegistration, kRunning, kFinished, kCancelled };
// The events of `listing` newest first (by id): those with an id below `before` (none: from
// the newest), at most `limit`.
std::vector<StoredEvent> list_events(pqxx::work& tx, EventListing listing,
                                     std::optional<std::int64_t> before, int limit);
// How many events `listing` holds.
std::int64_t count_events(pqxx::work& tx, EventListing listing);
// Players per event id, for listings.
std::vector<std::pair<std::int64_t, int>> player_counts(pqxx::work& tx,
                                                        const std::vector<std::int64_t>& ids);

// Games per event id: all of them, and those not over yet (not finished nor annulled).
std::vector<std::pair<std::int64_t, GameCounts>> event_game_counts(
    pqxx::work& tx, const std::vector<std::int64_t>& ids);

// Enters a user at `seat` (kConflict when already entered or the seat is taken).
Result<void> add_event_player(pqxx::work& tx, std::int64_t event_id, std::int64_t user_id, int seat,
                              game::Timestamp now);
// Every player row of the event (replaced ones too), by seat then joined_at.
std::vector<EventPlayer> event_players(pqxx::work& tx, std::int64_t event_id);
// The next free seat number (1 + the highest seat in use).
int next_seat(pqxx::work& tx, std::int64_t event_id);
// Marks an active player withdrawn / replaced (the replacement enters at the same seat).
void withdraw_event_player(pqxx::work& tx, std::int64_t event_id, std::int64_t user_id,
                           const std::string& reason, game::Timestamp now);
Result<void> replace_event_player(pqxx::work& tx, std::int64_t event_id, std::int64_t user_id,
                                  std::int64_t replacement_id, const std::string& reason,
                                  game::Timestamp now);
// True when the user is (or was) a player of the event in any status.
bool is_event_player(pqxx::work& tx, std::int64_t event_id, std::int64_t user_id);

// Stores the settings a director may change after creating the event (PATCH
// /admin/events/{id}): name, open_for_entry, max_players, start_at and end_at, changed at
// `now`; `dates_changed`: the start or end date moved (the calendar's revision counts it).
void update_event_settings(pqxx::work& tx, std::int64_t event_id, const EventSettings& settings,
                           bool dates_changed, game::Timestamp now);
// Marks an event that has not started cancelled, with the director's reason.
void mark_event_cancelled(pqxx::work& tx, std::int64_t event_id, const std::string& reason,
                          game::Timestamp now);

// Marks the event running with the section's Chess960 position (if any).
void mark_event_started(pqxx::work& tx, std::int64_t event_id, std::optional<int> start_position,
                        game::Timestamp now);
void insert_event_game(pqxx::work& tx, std::int64_t event_id, std::int64_t game_id, int round,
                       int board, int white_seat, int black_seat);
// The games of the section by round and board.
std::vector<EventGame> event_games(pqxx::work& tx, std::int64_t event_id);
// Round and board of one event game (nullopt for a game outside event_games).
std::optional<std::pair<int, int>> event_game_round(pqxx::work& tx, std::int64_t game_id);
// Unfinished games (not started, ongoing, adjudication pending) of one player in an event.
std::vector<std::int64_t> unfinished_games_of(pqxx::work& tx, std::int64_t event_id,
                                              std::int64_t user_id);

// Files or replaces the claim of one side.
void save_adjudication_claim(pqxx::work& tx, const AdjudicationClaim& claim);
// Claims filed in the games of an event (or of one game when game_id is set).
std::vector<AdjudicationClaim> adjudication_claims(pqxx::work& tx, std::int64_t event_id,
                                                   std::optional<std::int64_t> game_id = {});

// The event games awaiting adjudication in the queue's order (AdjudicationCursor: the
// longest waiting first, then by game id), those after `after` (none: from the first), at
// most `limit` (none: to the end).
std::vector<PendingAdjudication> pending_adjudications(
    pqxx::work& tx, const std::optional<model::AdjudicationCursor>& after = {},
    std::optional<int> limit = {});
// How many event games await adjudication (the whole queue).
std::int64_t count_pending_adjudications(pqxx::work& tx);
// The claims filed in the games `game_ids`, by game, White's first.
std::vector<AdjudicationClaim> adjudication_claims_in(pqxx::work& tx,
                                                      const std::vector<std::int64_t>& game_ids);

// The instants of the user's losses by time forfeit (games.finished_at), oldest first.
std::vector<game::Timestamp> time_forfeit_losses(pqxx::work& tx, std::int64_t user_id);

// Visibility setting of the event of a game (live for games outside events).
GameVisibility event_visibility(pqxx::work& tx, std::int64_t event_id);

// The adjudication instant of an event (StoredEvent::adjudication_at), nullopt when none.
std::optional<game::Timestamp> event_adjudication_at(pqxx::work& tx, std::int64_t event_id);
// Whether the event lets the server decide proven games at the end date (auto_adjudicate).
bool event_auto_adjudicates(pqxx::work& tx, std::int64_t event_id);
void set_event_auto_adjudicate(pqxx::work& tx, std::int64_t event_id, bool enabled);
// The event's games awaiting adjudication, locked, by id.
std::vector<std::int64_t> lock_pending_event_games(pqxx::work& tx, std::int64_t event_id);

// The one writer of audit rows, in the transaction of the action.
void write_audit(pqxx::work& tx, const AuditEntry& entry);

// The newest `limit` audit rows, filtered by game, event and user (actor or target) when
// given, newest first.
std::vector<AuditRecord> audit_records(pqxx::work& tx, std::optional<std::int64_t> game_id,
                                       std::optional<std::int64_t> event_id,
                                       std::optional<std::int64_t> user_id, std::int64_t limit);

// Renumbers the seats of an event's players 1..n in their order.
void compact_seats(pqxx::work& tx, std::int64_t event_id);
// Takes `user_id` off the entry list of an event not yet started and compacts the seats;
// false when the user was not entered.
bool remove_entry(pqxx::work& tx, std::int64_t event_id, std::int64_t user_id);

// The events where the user has a leave allowance to show (standard events the user plays
// in or took leave in), as (event id, leave days per year), by id.
std::vector<std::pair<std::int64_t, int>> leave_allowance_events(pqxx::work& tx,
                                                                 std::int64_t user_id);

}  // namespace corrchess::db
