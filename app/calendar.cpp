// The deadline calendar (app/calendar.h).
#include "app/calendar.h"

#include <algorithm>

#include "app/credentials.h"
#include "app/events.h"
#include "app/game_store.h"
#include "app/games.h"
#include "db/calendar_feeds.h"
#include "db/game_lists.h"
#include "db/leave.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

// What the calendar reads in one transaction before it replays the games.
struct CalendarRows {
  model::User owner;
  game::Timestamp now;
  std::vector<std::int64_t> game_ids;
  std::vector<model::CalendarAdjudication> adjudications;
  std::vector<model::CalendarEventDates> events;
  std::vector<model::StoredLeave> leave;
};

std::string uid(const std::string& what) { return what + "@corrchess"; }

// "anna–boris (game 12)": the players' display names.
std::string game_title(const model::StoredGame& g) {
  return g.white.display_name + "\u2013" + g.black.display_name + " (game " + std::to_string(g.id) +
         ")";
}

// The last change of a game's facts: its start, its last move, its last other fact.
game::Timestamp last_change(const model::StoredGame& g) {
  game::Timestamp at = g.facts.setup.start_at;
  if (!g.facts.moves.empty()) at = std::max(at, g.facts.moves.back().at);
  for (const auto& e : g.facts.events) at = std::max(at, e.at);
  return at;
}

// The running side's deadline of an ongoing game `shown` to its player.
std::optional<ical::Event> game_deadline(const GameView& shown, const std::string& base_url) {
  const auto& s = shown.state;
  if (s.status != game::GameStatus::kOngoing) return std::nullopt;
  const auto& clock = s.clock_of(s.to_move);
  if (!clock.deadline) return std::nullopt;
  const auto& g = shown.stored;
  const bool mine = shown.viewer == s.to_move;
  const auto& mover = s.to_move == game::Color::kWhite ? g.white : g.black;
  const bool silence = s.clock.deadline_reason == game::FlagReason::kSilence;
  ical::Event e;
  e.uid = uid("game-" + std::to_string(g.id) + "-deadline");
  e.modified = last_change(g);
  e.sequence = g.version;
  e.start = *clock.deadline;
  e.summary = (mine ? std::string("Your move") : mover.display_name + " to move") + " in " +
              game_title(g) + ": " +
              (silence ? "40 days without a move (silence rule)" : "flag falls");
  e.description = std::string(mine ? "You lose" : mover.display_name + " loses") +
                  " on time unless a move is played before this instant (ply " +
                  std::to_string(s.ply + 1) + ", " + std::string(game::color_name(s.to_move)) +
                  " to move).";
  e.url = base_url + "/games/" + std::to_string(g.id);
  return e;
}

ical::Event claims_due(const model::CalendarAdjudication& a, const GameView& shown,
                       const std::string& base_url) {
  ical::Event e;
  e.uid = uid("game-" + std::to_string(a.game_id) + "-claims");
  e.modified = a.pending_since;
  e.sequence = shown.stored.version;
  e.start = a.pending_since + kAdjudicationClaimWindow;
  e.summary = "Adjudication claims due in " + game_title(shown.stored);
  e.description = "The game awaits adjudication in " + a.event_name +
                  ": file your claim (win or draw, with analysis) before this instant; no "
                  "claim counts as a draw claim.";
  e.url = base_url + "/games/" + std::to_string(a.game_id);
  return e;
}

void add_event_dates(std::vector<ical::Event>& out, const model::CalendarEventDates& ev,
                     const std::string& base_url) {
  ical::Event start;
  start.uid = uid("event-" + std::to_string(ev.id) + "-start");
  start.modified = ev.modified;
  start.sequence = ev.revision;
  start.start = ev.start_at;
  start.summary = "Event starts: " + ev.name;
  start.url = base_url + "/events/" + std::to_string(ev.id);
  out.push_back(start);
  if (!ev.end_at) return;
  ical::Event end = start;
  end.uid = uid("event-" + std::to_string(ev.id) + "-end");
  end.start = *ev.end_at;
  end.summary = "Event ends: " + ev.name;
  end.description = "Games not over by this instant go to adjudication.";
  out.push_back(std::move(end));
}

std::optional<ical::Event> leave_period(const model::StoredLeave& l, const std::string& base_url) {
  if (l.status != "approved" && l.status != "pending") return std::nullopt;
  ical::Event e;
  e.uid = uid("leave-" + std::to_string(l.id));
  e.modified = l.decided_at.value_or(l.created_at);
  e.sequence = l.decided_at ? 1 : 0;
  if (l.period.ended_at) {
    // Ended early: its last day moved, so a calendar app must replace the event it has.
    e.modified = std::max(e.modified, *l.period.ended_at);
    ++e.sequence;
  }
  e.first_day = l.period.first_day;
  e.last_day = l.period.last_day;
  e.summary = l.status == "pending" ? "Leave (special leave, awaiting a director)" : "Leave";
  if (!l.period.reason.empty()) e.description = l.period.reason;
  e.url = base_url + "/leave";
  return e;
}

Result<CalendarRows> read_rows(GameDeps& deps, const std::string& token) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<CalendarRows> {
    const auto owner_id = db::calendar_feed_owner(tx, token_hash(token));
    auto owner = owner_id ? db::find_user_by_id(tx, *owner_id) : std::nullopt;
    if (!owner) return fail(ErrorCode::kNotFound, "no such calendar");
    // Decisions already due (flag falls, event end dates) are stored first, so the rows read
    // below (games awaiting adjudication) agree with the replays.
    TRY(settle_due_games(deps, tx, {owner->id, std::nullopt}));
    CalendarRows rows;
    rows.owner = std::move(*owner);
    rows.now = deps.clock.now(tx);
    for (const auto& g : db::current_games_of(tx, rows.owner.id, rows.now)) {
      rows.game_ids.push_back(g.id);
    }
    rows.adjudications = db::calendar_adjudications_of(tx, rows.owner.id);
    rows.events = db::calendar_events_of(tx, rows.owner.id);
    rows.leave = db::user_leave(tx, rows.owner.id);
    return rows;
  });
}

}  // namespace

Result<std::string> create_calendar_feed(GameDeps& deps, const model::User& user) {
  auto token = new_token();
  TRY(db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    db::store_calendar_feed(tx, user.id, token.hash, deps.clock.now(tx));
    return {};
  }));
  return std::move(token.secret);
}

Result<void> revoke_calendar_feed(GameDeps& deps, const model::User& user) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    db::delete_calendar_feed(tx, user.id);
    return {};
  });
}

Result<std::optional<model::CalendarFeed>> calendar_feed(GameDeps& deps, const model::User& user) {
  return db::in_transaction(deps.pool,
                            [&](pqxx::work& tx) -> Result<std::optional<model::CalendarFeed>> {
                              return db::calendar_feed_of(tx, user.id);
                            });
}

Result<ical::Calendar> deadline_calendar(GameDeps& deps, const std::string& token,
                                         const std::string& base_url) {
  TRY_LET(rows, read_rows(deps, token));
  ical::Calendar calendar;
  calendar.name = "corrchess deadlines: " + rows->owner.username;
  calendar.stamp = rows->now;
  // Each game as its player sees it (GET /games/{id}): the same replay, the same deadline.
  for (const auto id : rows->game_ids) {
    TRY_LET(shown, view_game(deps, rows->owner, id));
    if (auto e = game_deadline(*shown, base_url)) calendar.events.push_back(std::move(*e));
  }
  for (const auto& a : rows->adjudications) {
    TRY_LET(shown, view_game(deps, rows->owner, a.game_id));
    calendar.events.push_back(claims_due(a, *shown, base_url));
  }
  for (const auto& ev : rows->events) add_event_dates(calendar.events, ev, base_url);
  for (const auto& l : rows->leave) {
    if (auto e = leave_period(l, base_url)) calendar.events.push_back(std::move(*e));
  }
  return calendar;
}

}  // namespace corrchess::app
