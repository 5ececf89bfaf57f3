// Notifications written to the outbox in the transaction of the change that causes them
// (docs/operations.md "Notifications"): what core/notify decides, rendered for each
// recipient in their time zone and filtered by their preferences. Hooks for game changes,
// new games and challenges; reminders are outbox rows due later, rewritten (the stale ones
// cancelled) whenever the game changes.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/game.h"
#include "core/game/time_zone.h"
#include "core/notify/compose.h"
#include "model/games.h"

namespace corrchess::app {

// What the operator configured; set once at start (configure_notifications) before any
// request is served. Without a channel nothing is queued.
struct NotificationSettings {
  bool email = false;                   // CORRCHESS_SMTP_URL is set
  bool push = false;                    // CORRCHESS_VAPID_PRIVATE_KEY is set (Web Push)
  std::string vapid_public_key;         // base64url, for the browsers' applicationServerKey
  bool require_verified_email = false;  // CORRCHESS_REQUIRE_VERIFIED_EMAIL: only to verified
  std::string public_url;      // CORRCHESS_PUBLIC_URL, no trailing slash: links in messages
  game::TimeZone server_zone;  // readers without a time zone of their own
  // A reader's zone that core's presets do not hold, from the tz database
  // (server/tz_database.h); unset: such readers get server_zone.
  std::function<Result<game::TimeZone>(std::string_view)> zone_database;
  // CORRCHESS_CHALLENGE_MAIL_BATCH_MINUTES: after a mail about a challenge, the next ones to
  // the same player wait this long and go out as one mail (0: every challenge mailed at once).
  int challenge_mail_batch_minutes = 15;
};
void configure_notifications(NotificationSettings settings);
const NotificationSettings& notification_settings();

// The zone a profile names: a preset of core, else the tz database's (when configured), else
// nothing (the caller uses the server's zone).
std::optional<game::TimeZone> reader_zone(std::string_view name);

// The notifications of one committed change of a game (the same inputs as its live
// messages): the opponent's moves, declined offers, decided claims, start and end; and the
// reminders of the player to move, replacing those written before.
void queue_game_notifications(pqxx::work& tx, const model::StoredGame& stored,
                              const game::GameState& before,
                              const std::vector<game::MoveFact>& moves,
                              const std::vector<game::GameEvent>& events,
                              const game::GameState& after, game::Timestamp now);

// A leave period of `taker_id` changed (`change`: approved, cancelled, ended) in a game now
// in `state`: the opponent is told, the reminders follow the new deadlines.
void queue_leave_notifications(pqxx::work& tx, const model::StoredGame& stored,
                               const game::GameState& state, std::int64_t taker_id,
                               const std::string& first_day, const std::string& last_day,
                               const std::string& change, game::Timestamp now);

// A new game (accepted challenge, event start): both players are told, reminders queued.
void queue_new_game_notifications(pqxx::work& tx, std::int64_t game_id, std::int64_t white_id,
                                  std::int64_t black_id, std::optional<std::int64_t> event_id,
                                  const game::GameSetup& setup, const game::GameState& state,
                                  game::Timestamp now);

// A challenge addressed to `opponent_id` by `challenger` (display name), linking to the
// challenges page: mailed at once, or,
// within challenge_mail_batch_minutes of the last such mail, into the one batch mail due at
// the end of that window (rewritten with the open challenges each time one comes in).
// `user_id` changed their mail address to `email` (none: removed it): what waits for the mail
// channel follows it, unless the new address must be verified first
// (CORRCHESS_REQUIRE_VERIFIED_EMAIL: it keeps the old one); without an address it is
// cancelled, as are the links the change revoked (docs/api.md "Notifications").
void follow_new_address(pqxx::work& tx, std::int64_t user_id,
                        const std::optional<std::string>& email);

// Moves what waits beyond `now` for `user_id`'s digest to its next `digest_hour` in the zone
// of the profile (as it stands in `tx`), or to `now` without a digest: after a change of the
// hour or of the zone.
void reschedule_digest(pqxx::work& tx, std::int64_t user_id, std::optional<int> digest_hour,
                       game::Timestamp now);

void queue_challenge_notification(pqxx::work& tx, std::int64_t opponent_id,
                                  const std::string& challenger, const std::string& message,
                                  game::Timestamp now);

// News of a series for `user_id` (section started, entry expired or removed, promotion
// credit), mailed at once when they want `competition` mails; `link` is a path below the
// public URL ("/events/12", "/series/3").
void queue_competition_mail(pqxx::work& tx, std::int64_t user_id, notify::CompetitionNews news,
                            const std::string& link, game::Timestamp now);

// Account mails (password reset, address verification) to `user_id`'s current address,
// whatever their preferences and (for `to_unverified`) whether the address is verified;
// false when there is no address or no mail server. In the language of the profile, else
// `request_language` (the Accept-Language of the request that caused it), else English.
bool queue_account_mail(pqxx::work& tx, std::int64_t user_id, const std::string& kind,
                        const std::string& link, game::Timestamp expires, game::Timestamp now,
                        std::optional<notify::Lang> request_language = std::nullopt);

}  // namespace corrchess::app
