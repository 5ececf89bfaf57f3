#include "app/event_changes.h"

#include <vector>

#include "app/events.h"
#include "app/notifications.h"
#include "app/roles.h"
#include "app/section_start.h"
#include "db/event_messages.h"
#include "db/events.h"
#include "db/leave.h"
#include "db/ratings.h"
#include "db/server_clock.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

using game::Timestamp;

model::FieldValue instant_field(const std::optional<Timestamp>& t) {
  if (!t) return nullptr;
  return game::format_rfc3339(*t);
}
model::FieldValue number_field(const std::optional<int>& n) {
  if (!n) return nullptr;
  return std::int64_t{*n};
}
model::FieldValue time_field(const Timestamp& t) { return game::format_rfc3339(t); }
model::FieldValue text_field(const std::string& text) { return text; }
model::FieldValue flag_field(const bool& flag) { return flag; }

// The settings that may change only before the start, named for the refusal.
std::vector<std::string> before_start_fields(const EventChange& c) {
  std::vector<std::string> out;
  if (c.start_at) out.emplace_back("start_at");
  if (c.open_for_entry) out.emplace_back("open_for_entry");
  if (c.max_players) out.emplace_back("max_players");
  if (c.rated) out.emplace_back("rated");
  if (c.min_rating) out.emplace_back("min_rating");
  if (c.max_rating) out.emplace_back("max_rating");
  return out;
}

// The audit record's {before, after} of what changed, member by member.
struct ChangeRecord {
  model::Fields before;
  model::Fields after;

  template <typename T>
  void note(const std::string& field, const T& old_value, const T& new_value,
            model::FieldValue (*shown)(const T&)) {
    if (old_value == new_value) return;
    before.push_back({field, shown(old_value)});
    after.push_back({field, shown(new_value)});
  }
};

// The players who hold a seat (a replaced or withdrawn one does not).
std::vector<std::int64_t> active_players(pqxx::work& tx, std::int64_t event_id) {
  std::vector<std::int64_t> out;
  for (const auto& p : db::event_players(tx, event_id)) {
    if (p.status == "active") out.push_back(p.user.id);
  }
  return out;
}

// Tells the event's players of `news`: a live message (and their webhooks), and a mail to
// those who want `competition` mails.
void tell_event_players(pqxx::work& tx, const std::vector<std::int64_t>& users,
                        const model::EventNews& news, bool started, Timestamp now) {
  db::notify_event_news(tx, users, news, now);
  using What = notify::CompetitionNews::What;
  notify::CompetitionNews mail;
  mail.what = news.type == "event_cancelled" ? What::kEventCancelled : What::kEventDatesChanged;
  mail.series = news.event_name;
  mail.reason = news.reason;
  if (!started) mail.start_at = news.start_at;
  mail.end_at = news.end_at;
  const auto link = "/events/" + std::to_string(news.event_id);
  for (const auto user : users) queue_competition_mail(tx, user, mail, link, now);
}

}  // namespace

Result<void> change_event(GameDeps& deps, const model::User& director, std::int64_t id,
                          const EventChange& change) {
  TRY(require_director(director));
  if (change.empty()) {
    return fail(ErrorCode::kValidationError,
                "nothing to change: give name, start_at, end_at, open_for_entry, max_players, "
                "rated, min_rating or max_rating");
  }
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(event, db::load_event(tx, id, true));
    TRY(require_not_cancelled(*event));
    const auto now = deps.clock.now(tx);
    if (event->started()) {
      const auto fields = before_start_fields(change);
      if (!fields.empty()) {
        std::string names;
        for (const auto& f : fields) names += (names.empty() ? "" : ", ") + f;
        return fail(ErrorCode::kConflict,
                    "the event has started: " + names + " can only be changed before the start");
      }
    }
    auto s = event->settings;
    auto terms = db::event_rating_terms(tx, id);
    ChangeRecord record;
    if (change.name) {
      record.note("name", s.name, *change.name, text_field);
      s.name = *change.name;
    }
    if (change.start_at) {
      record.note("start_at", s.start_at, *change.start_at, time_field);
      s.start_at = *change.start_at;
    }
    if (change.end_at && *change.end_at != s.end_at) {
      // Games still in play at a passed end date await adjudication (rules.md 6.5): the date
      // that put them there stays. Under Triple Block the end date decides nothing.
      const auto adjudication = event->adjudication_at();
      if (event->started() && adjudication && *adjudication <= now) {
        return fail(ErrorCode::kConflict,
                    "the end date has passed and its games await adjudication: it cannot be "
                    "moved");
      }
      if (*change.end_at && **change.end_at <= now) {
        return fail(ErrorCode::kValidationError, "end_at must be in the future");
      }
      record.note("end_at", s.end_at, *change.end_at, instant_field);
      s.end_at = *change.end_at;
    }
    if (s.end_at && *s.end_at <= s.start_at && (change.start_at || change.end_at)) {
      return fail(ErrorCode::kValidationError, "end_at must be after start_at");
    }
    if (change.open_for_entry) {
      record.note("open_for_entry", s.open_for_entry, *change.open_for_entry, flag_field);
      s.open_for_entry = *change.open_for_entry;
    }
    if (change.max_players) {
      const int count = entered(db::event_players(tx, id));
      if (*change.max_players && **change.max_players < count) {
        return fail(ErrorCode::kValidationError,
                    "max_players is below the " + std::to_string(count) + " players entered");
      }
      record.note("max_players", s.max_players, *change.max_players, number_field);
      s.max_players = *change.max_players;
    }
    auto new_terms = terms;
    if (change.rated) new_terms.rated = *change.rated;
    if (change.min_rating) new_terms.min_rating = *change.min_rating;
    if (change.max_rating) new_terms.max_rating = *change.max_rating;
    if (new_terms.min_rating && new_terms.max_rating &&
        *new_terms.min_rating > *new_terms.max_rating) {
      return fail(ErrorCode::kValidationError, "min_rating must not exceed max_rating");
    }
    record.note("rated", terms.rated, new_terms.rated, flag_field);
    record.note("min_rating", terms.min_rating, new_terms.min_rating, number_field);
    record.note("max_rating", terms.max_rating, new_terms.max_rating, number_field);
    if (record.after.empty()) return {};  // every setting already as asked

    const bool dates_changed =
        s.start_at != event->settings.start_at || s.end_at != event->settings.end_at;
    db::update_event_settings(tx, id, s, dates_changed, now);
    db::save_event_rating_terms(tx, id, new_terms);
    db::write_audit(
        tx,
        {now, director.id, "event_changed", std::nullopt, id, std::nullopt, change.reason,
         model::Fields{{"before", std::move(record.before)}, {"after", std::move(record.after)}}});
    if (dates_changed) {
      tell_event_players(tx, active_players(tx, id),
                         {"event_dates_changed", id, s.name, change.reason, s.start_at, s.end_at},
                         event->started(), now);
    }
    return {};
  });
}

Result<void> cancel_event(GameDeps& deps, const model::User& director, std::int64_t id,
                          const std::string& reason) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(event, db::load_event(tx, id, true));
    TRY(require_not_cancelled(*event));
    if (event->started()) {
      return fail(ErrorCode::kConflict,
                  "the event has started: withdraw its players or decide its games instead");
    }
    const auto now = deps.clock.now(tx);
    std::vector<std::int64_t> players;  // the seats' holders, told of the cancellation
    std::vector<std::string> names;
    for (const auto& p : db::event_players(tx, id)) {
      if (p.status != "active") continue;
      players.push_back(p.user.id);
      names.push_back(p.user.username);
    }
    db::mark_event_cancelled(tx, id, reason, now);
    // Leave taken or asked for in it goes with it (out of the calendars and the directors'
    // queue of requests).
    db::cancel_event_leave(tx, id);
    db::write_audit(tx, {now, director.id, "event_cancelled", std::nullopt, id, std::nullopt,
                         reason, model::Fields{{"players", names}}});
    const auto& s = event->settings;
    tell_event_players(tx, players, {"event_cancelled", id, s.name, reason, s.start_at, s.end_at},
                       false, now);
    return {};
  });
}

}  // namespace corrchess::app
