// The records of db/events.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "core/game/time_control.h"
#include "model/codec.h"
#include "model/users.h"

namespace corrchess::model {

// What players who do not play in a game may see of it (api: event setting `visibility`).
enum class Visibility { kLive, kDelayed, kAfterEnd };
std::string_view to_string(Visibility v);  // "live", "delayed", "after_end"
Result<Visibility> parse_visibility(std::string_view text);

// Everything the director fixes when creating an event.
struct EventSettings {
  std::string name;
  game::Variant variant = game::Variant::kStandard;
  std::optional<int> start_position;  // Chess960: fixed by the director, else drawn at start
  std::string initial_fen;            // thematic events: every game starts here; empty: none
  bool allow_518 = false;             // may the random draw give the standard array?
  game::TimeControl time_control = game::IccfStandard{};
  int leave_days_per_year = 45;
  game::EventRules rules;  // draw limits, ten-moves rule, silence rule, messages
  bool double_round = false;
  Visibility visibility = Visibility::kLive;
  int delay_moves = 0;  // plies hidden from others when visibility is delayed
  bool open_for_entry = false;
  std::optional<int> max_players;
  game::Timestamp start_at;
  std::optional<game::Timestamp> end_at;
  // The server decides the games that reach the end date in a position the director's
  // evidence proves (rules.md 6.5): a tablebase result or a dead position.
  bool auto_adjudicate = false;

  bool operator==(const EventSettings&) const = default;
};

struct StoredEvent {
  std::int64_t id = 0;
  EventSettings settings;
  std::string status;  // "registration" (not started), "running" or "cancelled"
  std::optional<game::Timestamp> started_at;
  std::optional<std::int64_t> created_by;
  game::Timestamp created_at;
  // A director cancelled the event before its start (it never starts): when, and why.
  std::optional<game::Timestamp> cancelled_at;
  std::optional<std::string> cancel_reason;

  bool started() const { return status == "running"; }
  bool cancelled() const { return status == "cancelled"; }
  // Unfinished games become adjudication pending at the end date: standard events with an
  // end date (Triple Block events have none, rules.md §5.4).
  std::optional<game::Timestamp> adjudication_at() const;
};

struct EventPlayer {
  User user;
  int seat = 0;        // 1-based seed number
  std::string status;  // "active", "withdrawn", "replaced"
  game::Timestamp joined_at;
  std::optional<game::Timestamp> left_at;
  std::optional<std::string> replaced_by;  // username of the replacement
  std::optional<std::string> reason;
  // The rating (rounded) the player brought to the section, fixed at its start or when they
  // took a seat as a replacement; none: unrated then, or not started yet (rules.md 6.12).
  std::optional<int> start_rating;
  // The player may earn ladies' titles (users.ladies_titles, rules.md 6.12).
  bool ladies = false;
};

// A game of a section with the cached state of its row.
struct EventGame {
  std::int64_t game_id = 0;
  int round = 0;
  int board = 0;
  int white_seat = 0;
  int black_seat = 0;
  std::string white;  // usernames of the current players
  std::string black;
  std::string status;  // games.status
  std::optional<game::GameResult> result;
  std::optional<game::Termination> termination;
  std::optional<game::Timestamp> finished_at;
  int ply = 0;
  // Set once the game became adjudication pending: when (the event's end instant, normally).
  std::optional<game::Timestamp> adjudication_since;
};

struct AdjudicationClaim {
  std::int64_t game_id = 0;
  game::Color side = game::Color::kWhite;
  std::int64_t user_id = 0;
  std::string claim;  // "win" or "draw"
  std::string analysis;
  game::Timestamp filed_at;
};

// Games per event id: all of them, and those not over yet (not finished nor annulled).
struct GameCounts {
  int total = 0;
  int open = 0;
};

// An adjudication-pending game with its event, for the directors' queue.
struct PendingAdjudication {
  std::int64_t event_id = 0;
  std::string event_name;
  EventGame game;
};

// A place in the directors' queue, whose order is the instant a game became adjudication
// pending (epoch seconds), then the game id: the cursor of a page is its last game's place.
struct AdjudicationCursor {
  std::int64_t since = 0;
  std::int64_t game_id = 0;
};

// Visibility setting of the event of a game (live for games outside events).
struct GameVisibility {
  Visibility mode = Visibility::kLive;
  int delay_moves = 0;
};

// One audit_log row stamped `at`.
struct AuditEntry {
  game::Timestamp at;
  std::optional<std::int64_t> actor_id;  // none: the server itself (the competition starter)
  std::string action;
  std::optional<std::int64_t> game_id;
  std::optional<std::int64_t> event_id;
  std::optional<std::int64_t> target_user;
  std::string reason;
  Fields detail;  // stored as a JSON object
};

// One audit_log row as listed (usernames resolved; null actor or target when gone).
struct AuditRecord {
  std::string at;  // RFC 3339 UTC
  std::optional<std::string> actor;
  std::string action;
  std::optional<std::string> target;
  nlohmann::json detail;
  std::optional<std::string> reason;
  std::optional<std::int64_t> game_id;
  std::optional<std::int64_t> event_id;
};

// The setup of every game of an event with `settings`, starting at `start_at`.
game::GameSetup event_game_setup(const model::EventSettings& settings, game::Timestamp start_at);

}  // namespace corrchess::model
