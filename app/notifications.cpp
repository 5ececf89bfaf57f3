#include "app/notifications.h"

#include <map>
#include <mutex>

#include "core/chess/pgn.h"
#include "core/game/record_pgn.h"
#include "core/notify/compose.h"
#include "core/notify/notify.h"
#include "core/notify/push_text.h"
#include "db/account_tokens.h"
#include "db/challenges.h"
#include "db/events.h"
#include "db/notification_prefs.h"
#include "db/outbox.h"
#include "db/push_subscriptions.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

using notify::Channel;
using notify::Kind;

std::mutex settings_mutex;
NotificationSettings current_settings;

// The zone and language a user reads their messages in, from one read of their profile: its
// zone, else the server's; its language when it has a catalogue, else `fallback` (English
// unless the request that caused the mail said otherwise).
struct ReaderLocale {
  game::TimeZone zone;
  notify::Lang lang;
};
ReaderLocale reader_locale(pqxx::work& tx, std::int64_t user_id,
                           std::optional<notify::Lang> fallback = std::nullopt) {
  const auto settings = db::profile_settings(tx, user_id);
  ReaderLocale out{notification_settings().server_zone, fallback.value_or(notify::Lang::kEn)};
  if (settings.time_zone) {
    if (auto zone = reader_zone(*settings.time_zone)) out.zone = *zone;
  }
  if (settings.language) {
    if (auto lang = notify::supported_language(*settings.language)) out.lang = *lang;
  }
  return out;
}

// Whether any channel the queue functions write to is on (webhooks are queued with the live
// messages).
bool any_channel() { return notification_settings().email || notification_settings().push; }

// A recipient as the messages need them.
struct Person {
  model::User user;
  notify::Preferences prefs;
  game::TimeZone zone;
  std::vector<model::PushSubscription> devices;  // when push is on
  notify::Lang lang = notify::Lang::kEn;

  notify::Reader reader() const { return {user.display_name, zone, lang}; }
};

// The people of one change, read once each.
class People {
 public:
  explicit People(pqxx::work& tx) : tx_(tx) {}
  const Person* get(std::int64_t id) {
    if (auto it = cache_.find(id); it != cache_.end()) return it->second ? &*it->second : nullptr;
    std::optional<Person> person;
    if (auto user = db::find_user_by_id(tx_, id)) {
      const auto locale = reader_locale(tx_, id);
      Person p{*user, db::load_preferences(tx_, id), locale.zone, {}, locale.lang};
      if (notification_settings().push) p.devices = db::push_subscriptions_of(tx_, id);
      // Where addresses must be verified, an unverified one gets nothing.
      if (notification_settings().require_verified_email && !db::email_verified(tx_, id)) {
        p.user.email.reset();
      }
      person = std::move(p);
    }
    auto& slot = cache_[id] = std::move(person);
    return slot ? &*slot : nullptr;
  }

 private:
  pqxx::work& tx_;
  std::map<std::int64_t, std::optional<Person>> cache_;
};

std::string game_url(std::int64_t game_id) {
  return notification_settings().public_url + "/games/" + std::to_string(game_id);
}

notify::GameInfo game_info(const model::StoredGame& g) {
  return {g.id, g.white.display_name, g.black.display_name, game_url(g.id), g.facts.setup.start_at};
}

// Writes one push row per device of `person` when they want `kind` by push: the message's
// subject and first paragraph, opening `link` (a path below the public URL, or a URL). Sent
// at `due` (a digest is for mail: pushes come at once).
void queue_push(pqxx::work& tx, const Person& person, Kind kind, const notify::Message& message,
                std::optional<std::int64_t> game_id, game::Timestamp due,
                const std::optional<std::string>& dedupe_key, const std::string& link) {
  if (!notification_settings().push || person.devices.empty()) return;
  if (!notify::wants(person.prefs, kind, Channel::kPush)) return;
  const auto text = notify::push_text(message);
  const bool urgent = kind == Kind::kDeadlineReminder || kind == Kind::kSilenceReminder;
  model::PushPayload payload{
      text.title, text.body,
      link.starts_with("/") ? notification_settings().public_url + link : link,
      game_id ? "game-" + std::to_string(*game_id) : std::string(notify::to_string(kind)),
      urgent ? "high" : "normal"};
  for (const auto& device : person.devices) {
    model::OutboxEntry entry{
        "push", std::string(notify::to_string(kind)), person.user.id, game_id, std::nullopt, {},
        due};
    if (dedupe_key) entry.dedupe_key = *dedupe_key + ":push:" + std::to_string(device.id);
    entry.push_subscription_id = device.id;
    entry.push = payload;
    db::enqueue(tx, entry);
  }
}

// Writes one email for `person` when they have an address and want `kind` by email, and
// their pushes (queue_push) opening `link` (empty: the game's page).
void queue_email(pqxx::work& tx, const Person& person, Kind kind, const notify::Message& message,
                 std::optional<std::int64_t> game_id, game::Timestamp due,
                 std::optional<std::string> dedupe_key = std::nullopt,
                 std::vector<model::MailAttachment> attachments = {}, std::string link = {}) {
  if (link.empty() && game_id) link = "/games/" + std::to_string(*game_id);
  queue_push(tx, person, kind, message, game_id, due, dedupe_key, link);
  if (!notification_settings().email || !person.user.email) return;
  if (!notify::wants(person.prefs, kind, Channel::kEmail)) return;
  // With a daily digest the message waits for the next digest hour, collected with others.
  const bool digest = person.prefs.digest_hour && notify::digested(kind);
  if (digest) due = notify::next_digest_at(due, person.zone, *person.prefs.digest_hour);
  model::EmailPayload payload{*person.user.email, person.user.display_name,
                              message.subject,    message.text,
                              message.html,       std::string(notify::to_string(kind)),
                              std::nullopt,       std::move(attachments)};
  if (game_id) payload.thread = "game-" + std::to_string(*game_id);
  db::enqueue(tx, model::OutboxEntry{
                      "email", digest ? "digest" : std::string(notify::to_string(kind)),
                      person.user.id, game_id, std::move(dedupe_key), std::move(payload), due});
}

std::vector<model::MailAttachment> pgn_attachment(const model::StoredGame& stored,
                                                  const game::GameState& after) {
  const game::PgnPlayers players{stored.white.display_name, stored.black.display_name,
                                 stored.white.username, stored.black.username};
  // The mail goes to the players, who read the messages.
  auto record = game::record_pgn(stored.id, stored.event_id, stored.facts.setup, after, players,
                                 game::PgnTalk::kMessages);
  if (!record) return {};
  auto text = chess::write_pgn(*record);
  if (!text) return {};
  return {{"game-" + std::to_string(stored.id) + ".pgn", "application/x-chess-pgn", *text}};
}

// Rewrites the reminders of the player to move: the ones still wanted stay (same dedupe
// keys), the others are cancelled, new ones are written due at their instants.
void queue_reminders(pqxx::work& tx, People& people, const model::StoredGame& stored,
                     const game::GameState& after, game::Timestamp now) {
  const auto player_id = [&](game::Color c) {
    return c == game::Color::kWhite ? stored.white.id : stored.black.id;
  };
  const Person* player = people.get(player_id(after.to_move));
  const std::vector<game::Seconds> none;
  const auto reminders = notify::reminders_after(stored.id, stored.facts.setup, after, now,
                                                 player ? player->prefs.reminder_offsets : none);
  std::vector<std::string> keep;
  for (const auto& r : reminders) {
    keep.push_back(r.dedupe_key);
    keep.push_back(r.dedupe_key + ":director");
  }
  db::cancel_game_reminders(tx, stored.id, keep);
  if (player == nullptr) return;
  const auto info = game_info(stored);
  for (const auto& r : reminders) {
    const notify::Reader reader = player->reader();
    queue_email(tx, *player, r.kind, notify::compose_reminder(r, info, after, reader, false),
                stored.id, r.due, r.dedupe_key);
    if (!r.copy_director || !stored.event_id) continue;
    auto event = db::load_event(tx, *stored.event_id, false);
    if (!event || !event->created_by) continue;
    if (const Person* director = people.get(*event->created_by)) {
      const notify::Reader dr = director->reader();
      queue_email(tx, *director, r.kind, notify::compose_reminder(r, info, after, dr, true),
                  stored.id, r.due, r.dedupe_key + ":director");
    }
  }
}

}  // namespace

std::optional<game::TimeZone> reader_zone(std::string_view name) {
  if (auto preset = game::TimeZone::named(name)) return *preset;
  if (const auto& database = notification_settings().zone_database) {
    if (auto zone = database(name)) return *zone;
  }
  return std::nullopt;
}

void configure_notifications(NotificationSettings settings) {
  std::lock_guard lock(settings_mutex);
  while (settings.public_url.ends_with('/')) settings.public_url.pop_back();
  current_settings = std::move(settings);
}

const NotificationSettings& notification_settings() { return current_settings; }

void queue_game_notifications(pqxx::work& tx, const model::StoredGame& stored,
                              const game::GameState& before,
                              const std::vector<game::MoveFact>& moves,
                              const std::vector<game::GameEvent>& events,
                              const game::GameState& after, game::Timestamp now) {
  if (!any_channel()) return;
  People people(tx);
  const auto info = game_info(stored);
  for (const auto& notice : notify::game_notices(before, moves, events, after)) {
    const auto id = notice.to == game::Color::kWhite ? stored.white.id : stored.black.id;
    const Person* person = people.get(id);
    if (person == nullptr) continue;
    const notify::Reader reader = person->reader();
    const auto message = notify::compose_game_notice(notice, info, after, events, reader);
    queue_email(
        tx, *person, notice.kind, message, stored.id, now, std::nullopt,
        message.attach_pgn ? pgn_attachment(stored, after) : std::vector<model::MailAttachment>{});
  }
  queue_reminders(tx, people, stored, after, now);
}

void queue_leave_notifications(pqxx::work& tx, const model::StoredGame& stored,
                               const game::GameState& state, std::int64_t taker_id,
                               const std::string& first_day, const std::string& last_day,
                               const std::string& change, game::Timestamp now) {
  if (!any_channel()) return;
  People people(tx);
  const bool white_took = taker_id == stored.white.id;
  const auto& taker = white_took ? stored.white : stored.black;
  const auto opponent_color = white_took ? game::Color::kBlack : game::Color::kWhite;
  if (const Person* opponent = people.get(white_took ? stored.black.id : stored.white.id)) {
    const notify::Reader reader = opponent->reader();
    queue_email(tx, *opponent, Kind::kOpponentLeave,
                notify::compose_leave(game_info(stored), taker.display_name, first_day, last_day,
                                      change, state, opponent_color, reader),
                stored.id, now);
  }
  queue_reminders(tx, people, stored, state, now);
}

void queue_new_game_notifications(pqxx::work& tx, std::int64_t game_id, std::int64_t white_id,
                                  std::int64_t black_id, std::optional<std::int64_t> event_id,
                                  const game::GameSetup& setup, const game::GameState& state,
                                  game::Timestamp now) {
  if (!any_channel()) return;
  People people(tx);
  const Person* white = people.get(white_id);
  const Person* black = people.get(black_id);
  if (white == nullptr || black == nullptr) return;
  model::StoredGame stored;
  stored.id = game_id;
  stored.event_id = event_id;
  stored.white = white->user;
  stored.black = black->user;
  stored.facts.setup = setup;
  const auto info = game_info(stored);
  for (const auto c : {game::Color::kWhite, game::Color::kBlack}) {
    const Person* person = c == game::Color::kWhite ? white : black;
    const notify::Reader reader = person->reader();
    const notify::Notice notice{Kind::kGameStarted, c, 0, 0};
    queue_email(tx, *person, Kind::kGameStarted,
                notify::compose_game_notice(notice, info, state, {}, reader), game_id, now);
  }
  queue_reminders(tx, people, stored, state, now);
}

void queue_competition_mail(pqxx::work& tx, std::int64_t user_id, notify::CompetitionNews news,
                            const std::string& link, game::Timestamp now) {
  if (!any_channel()) return;
  People people(tx);
  const Person* person = people.get(user_id);
  if (person == nullptr) return;
  news.url = notification_settings().public_url + link;
  const notify::Reader reader = person->reader();
  queue_email(tx, *person, Kind::kCompetition, notify::compose_competition_news(news, reader),
              std::nullopt, now, std::nullopt, {}, link);
}

bool queue_account_mail(pqxx::work& tx, std::int64_t user_id, const std::string& kind,
                        const std::string& link, game::Timestamp expires, game::Timestamp now,
                        std::optional<notify::Lang> request_language) {
  if (!notification_settings().email) return false;
  const auto user = db::find_user_by_id(tx, user_id);
  if (!user || !user->email) return false;
  const auto locale = reader_locale(tx, user_id, request_language);
  const notify::Reader reader{user->display_name, locale.zone, locale.lang};
  const auto message = kind == "password_reset"
                           ? notify::compose_password_reset(user->username, link, expires, reader)
                           : notify::compose_email_verification(user->username, link, reader);
  model::EmailPayload payload{*user->email, user->display_name, message.subject, message.text,
                              message.html, std::nullopt,       std::nullopt,    {}};
  db::enqueue(tx, model::OutboxEntry{"email", kind, user_id, std::nullopt, std::nullopt,
                                     std::move(payload), now});
  return true;
}

void follow_new_address(pqxx::work& tx, std::int64_t user_id,
                        const std::optional<std::string>& email) {
  db::readdress_pending_email(tx, user_id, email, notification_settings().require_verified_email);
}

void reschedule_digest(pqxx::work& tx, std::int64_t user_id, std::optional<int> digest_hour,
                       game::Timestamp now) {
  auto due = now;
  if (digest_hour) {
    auto zone = notification_settings().server_zone;
    if (const auto name = db::profile_settings(tx, user_id).time_zone) {
      if (auto named = reader_zone(*name)) zone = *named;
    }
    due = notify::next_digest_at(now, zone, *digest_hour);
  }
  db::reschedule_pending_digest(tx, user_id, due, now);
}

void queue_challenge_notification(pqxx::work& tx, std::int64_t opponent_id,
                                  const std::string& challenger, const std::string& message,
                                  game::Timestamp now) {
  if (!any_channel()) return;
  People people(tx);
  const Person* person = people.get(opponent_id);
  if (person == nullptr) return;
  const notify::Reader reader = person->reader();
  const auto& base = notification_settings().public_url;
  const std::string kind(notify::to_string(Kind::kChallengeReceived));
  const game::Seconds window =
      game::Seconds{notification_settings().challenge_mail_batch_minutes} * game::kSecondsPerMinute;
  const auto last = window > 0 && !person->prefs.digest_hour
                        ? db::latest_email_due(tx, opponent_id, kind)
                        : std::nullopt;
  // The web client's challenges page (it has no page per challenge).
  const auto challenge_message =
      notify::compose_challenge(challenger, message, base + "/challenges", reader);
  if (!last || *last + window <= now) {
    queue_email(tx, *person, Kind::kChallengeReceived, challenge_message, std::nullopt, now,
                std::nullopt, {}, "/challenges");
    return;
  }
  // Mails are batched; a push tells of each challenge at once (one notification, replaced).
  queue_push(tx, *person, Kind::kChallengeReceived, challenge_message, std::nullopt, now,
             std::nullopt, "/challenges");
  // A batch: the one pending at the end of the window, or a new one a window after the last.
  if (!notify::wants(person->prefs, Kind::kChallengeReceived, Channel::kEmail) ||
      !person->user.email) {
    return;
  }
  const auto batch_at = *last > now ? *last : *last + window;
  std::map<std::string, int> counts;
  std::vector<std::pair<std::string, int>> challengers;
  for (const auto& c : db::incoming_challenges(tx, opponent_id, now)) {
    if (counts[c.challenger.display_name]++ == 0) {
      challengers.emplace_back(c.challenger.display_name, 0);
    }
  }
  for (auto& [name, count] : challengers) count = counts[name];
  const auto mail = notify::compose_challenge_batch(challengers, base + "/challenges", reader);
  model::EmailPayload payload{*person->user.email, person->user.display_name,
                              mail.subject,        mail.text,
                              mail.html,           kind,
                              std::nullopt,        {}};
  db::enqueue_or_update(tx, model::OutboxEntry{"email", kind, opponent_id, std::nullopt,
                                               "challenges:" + std::to_string(opponent_id) + ":" +
                                                   std::to_string(batch_at.unix_seconds()),
                                               std::move(payload), batch_at});
}

}  // namespace corrchess::app
