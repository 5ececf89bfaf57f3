#include "app/events.h"

#include <algorithm>
#include <set>

#include "app/entry_rules.h"
#include "app/event_crosstable.h"
#include "app/game_store.h"
#include "app/ratings.h"
#include "app/roles.h"
#include "app/section_start.h"
#include "db/events.h"
#include "db/game_lists.h"
#include "db/game_schedule.h"
#include "db/games.h"
#include "db/ratings.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

using game::Color;
using game::Timestamp;

// Whether a game with this stored status is over (game::is_over).
bool game_over(const std::string& status) {
  const auto parsed = game::parse_game_status(status);
  return parsed && game::is_over(*parsed);
}

// The rest of an event's view, around its stored event and games.
Result<EventView> complete_view(const GameDeps& deps, pqxx::work& tx, model::StoredEvent event,
                                std::vector<model::EventGame> games) {
  const auto id = event.id;
  EventView v{std::move(event),
              db::event_players(tx, id),
              std::move(games),
              db::adjudication_claims(tx, id),
              deps.clock.now(tx),
              db::event_rating_terms(tx, id),
              {},
              std::nullopt,
              deps.norm_rules};
  std::vector<std::int64_t> ids;
  for (const auto& p : v.players) ids.push_back(p.user.id);
  v.ratings = db::current_ratings(tx, model::rating_pool_of(v.event.settings.variant), ids);
  if (v.rating_terms.rated && v.event.started()) {
    TRY_LET(norms, section_norms(v.players, v.games, deps.norm_rules));
    v.norms = std::move(*norms);
  }
  return v;
}

// The view of an event on the primary, after storing the results already due in its games
// (so crosstables show what a replay at now shows).
Result<EventView> load_view(const GameDeps& deps, pqxx::work& tx, std::int64_t id) {
  TRY_LET(event, db::load_event(tx, id, false));
  TRY(settle_due_games(deps, tx, {std::nullopt, id}));
  return complete_view(deps, tx, std::move(*event), db::event_games(tx, id));
}

// The view of a finished event (every game over: nothing is due in it) as the replica has it;
// none when the event is not finished there or too new for it (the primary is asked then).
// Only the event and its games are read before that is known.
Result<std::optional<EventView>> finished_view(const GameDeps& deps, pqxx::work& tx,
                                               std::int64_t id) {
  auto event = db::load_event(tx, id, false);
  if (!event && event.error().code == ErrorCode::kNotFound) return std::nullopt;
  TRY(event);
  auto games = db::event_games(tx, id);
  if (event_status(*event, games) != "finished") return std::nullopt;
  TRY_LET(view, complete_view(deps, tx, std::move(*event), std::move(games)));
  return std::optional<EventView>(std::move(*view));
}

// The checks of an event's settings that depend on the instant it is created.
Result<void> check_settings_at(const model::EventSettings& s, Timestamp now) {
  if (s.end_at && *s.end_at <= s.start_at) {
    return fail(ErrorCode::kValidationError, "end_at must be after start_at");
  }
  if (s.end_at && *s.end_at <= now) {
    return fail(ErrorCode::kValidationError, "end_at must be in the future");
  }
  // The games' setup must be valid (time control numbers, Chess960 position).
  return game::validate_setup(model::event_game_setup(s, s.start_at));
}

}  // namespace

int entered(const std::vector<model::EventPlayer>& players) {
  return static_cast<int>(std::ranges::count_if(
      players, [](const model::EventPlayer& p) { return p.status != "replaced"; }));
}

std::string event_status(const model::StoredEvent& e, const std::vector<model::EventGame>& games) {
  if (e.cancelled()) return "cancelled";
  if (!e.started()) return "registration";
  if (!games.empty() &&
      std::ranges::all_of(games, [](const model::EventGame& g) { return game_over(g.status); })) {
    return "finished";
  }
  return "running";
}

Result<EventView> read_event(GameDeps& deps, std::int64_t id, EventRead read) {
  // A finished event has nothing left to decide: its page (crosstable, games, norms) may be
  // read on the replica, as stale as its bound allows (docs/operations.md "Replica reads").
  // Any other event is read on the primary, which first stores the results due in it.
  if (deps.replica != nullptr && read == EventRead::kPage) {
    TRY_LET(finished, db::in_transaction(*deps.replica, [&](pqxx::work& tx) {
              return finished_view(deps, tx, id);
            }));
    if (*finished) return std::move(**finished);
  }
  return db::in_transaction(
      deps.pool, [&](pqxx::work& tx) -> Result<EventView> { return load_view(deps, tx, id); });
}

Result<EventList> list_events(GameDeps& deps, const EventListQuery& query) {
  const auto& status = query.status;
  db::EventListing listing = db::EventListing::kAll;
  if (status == "registration") {
    listing = db::EventListing::kRegistration;
  } else if (status == "running") {
    listing = db::EventListing::kRunning;
  } else if (status == "finished") {
    listing = db::EventListing::kFinished;
  } else if (status == "cancelled") {
    listing = db::EventListing::kCancelled;
  } else if (!status.empty() && status != "all") {
    return fail(ErrorCode::kValidationError,
                "status must be registration, running, finished, cancelled or all");
  }
  if (query.limit < 1 || query.limit > kMaxEventsPerPage) {
    return fail(ErrorCode::kValidationError,
                "limit must be 1.." + std::to_string(kMaxEventsPerPage));
  }
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<EventList> {
    // An event whose last games are already decided (a flag that fell, its end date) is
    // finished whether or not the sweep has run: the decisions already due are stored first.
    if (listing != db::EventListing::kRegistration && listing != db::EventListing::kCancelled) {
      TRY(settle_due_games(deps, tx, model::GameScope{}));
    }
    EventList out;
    auto events = db::list_events(tx, listing, query.before, query.limit + 1);
    if (static_cast<int>(events.size()) > query.limit) {
      events.pop_back();
      out.next = events.back().id;
    }
    out.total = db::count_events(tx, listing);
    std::vector<std::int64_t> ids;
    for (const auto& e : events) ids.push_back(e.id);
    std::map<std::int64_t, int> counts;
    for (const auto& [id, n] : db::player_counts(tx, ids)) counts[id] = n;
    std::map<std::int64_t, model::GameCounts> games;
    for (const auto& [id, n] : db::event_game_counts(tx, ids)) games[id] = n;
    for (const auto& e : events) {
      std::string derived = e.cancelled() ? "cancelled" : "registration";
      if (e.started()) {
        const auto& n = games[e.id];
        derived = n.total > 0 && n.open == 0 ? "finished" : "running";
      }
      out.events.push_back({e, derived, counts[e.id]});
    }
    return out;
  });
}

Result<std::int64_t> create_event(GameDeps& deps, const model::User& director,
                                  EventCreation request) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
    const auto now = deps.clock.now(tx);
    auto settings = request.settings;
    settings.start_at = request.start_at.value_or(now);
    TRY(check_settings_at(settings, now));
    TRY(check_section_games(deps, settings, request.opening, settings.start_at));
    TRY_LET(players, resolve_players(tx, request.players));
    if (settings.max_players && static_cast<int>(players->size()) > *settings.max_players) {
      return fail(ErrorCode::kValidationError, "more players than max_players");
    }
    const auto id = db::insert_event(tx, settings, director.id, now);
    db::save_event_rating_terms(tx, id, request.rating_terms);
    std::vector<std::string> names;
    int seat = 0;
    for (const auto& p : *players) {
      TRY(db::add_event_player(tx, id, p.id, ++seat, now));
      names.push_back(p.username);
    }
    db::write_audit(tx, {now, director.id, "event_created", std::nullopt, id, std::nullopt, "",
                         model::Fields{{"name", settings.name}, {"players", names}}});
    return id;
  });
}

Result<void> add_event_player(GameDeps& deps, const model::User& director, std::int64_t id,
                              const std::string& username) {
  if (auto ok = require_director(director); !ok) return ok;
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(event, db::load_event(tx, id, true));
    TRY(require_not_cancelled(*event));
    if (event->started()) {
      return fail(ErrorCode::kConflict,
                  "the event has started: replace a player instead of adding one");
    }
    auto player = db::find_user(tx, username);
    if (!player) return fail(ErrorCode::kValidationError, "no user '" + username + "'");
    const auto count = entered(db::event_players(tx, id));
    if (event->settings.max_players && count >= *event->settings.max_players) {
      return fail(ErrorCode::kConflict, "the event is full");
    }
    const auto now = deps.clock.now(tx);
    if (auto ok = db::add_event_player(tx, id, player->id, db::next_seat(tx, id), now); !ok) {
      return ok;
    }
    db::write_audit(tx, {now, director.id, "player_added", std::nullopt, id, player->id, "",
                         model::Fields{{"username", player->username}}});
    return {};
  });
}

Result<void> join_event(GameDeps& deps, const model::User& user, std::int64_t id,
                        std::optional<Timestamp>& barred_until) {
  // Time losses already due count, whether or not the sweep has stored them yet (stored in
  // a transaction of their own: a refused entry must not undo them).
  TRY(settle_due_games(deps, {user.id, std::nullopt}));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(event, db::load_event(tx, id, true));
    TRY(require_not_cancelled(*event));
    if (!event->settings.open_for_entry) {
      return fail(ErrorCode::kForbidden,
                  "this event takes no entries: its director enters the players");
    }
    if (event->started()) return fail(ErrorCode::kConflict, "the event has already started");
    if (db::is_event_player(tx, id, user.id)) {
      return fail(ErrorCode::kConflict, "you are already entered in this event");
    }
    const auto players = db::event_players(tx, id);
    if (event->settings.max_players && entered(players) >= *event->settings.max_players) {
      return fail(ErrorCode::kConflict, "the event is full");
    }
    const auto now = deps.clock.now(tx);
    TRY(check_entry_bar(tx, user, now, barred_until));
    const auto terms = db::event_rating_terms(tx, id);
    if (auto ok = check_rating_range(tx, model::rating_pool_of(event->settings.variant), user.id,
                                     {terms.min_rating, terms.max_rating}, "this event");
        !ok) {
      return ok;
    }
    return db::add_event_player(tx, id, user.id, db::next_seat(tx, id), now);
  });
}

Result<void> leave_event(GameDeps& deps, const model::User& user, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(event, db::load_event(tx, id, true));
    TRY(require_not_cancelled(*event));
    if (event->started()) {
      return fail(ErrorCode::kConflict, "the event has started: ask the director to withdraw you");
    }
    if (!db::remove_entry(tx, id, user.id)) {
      return fail(ErrorCode::kConflict, "you are not entered in this event");
    }
    return {};
  });
}

Result<FiledClaim> file_adjudication_claim(GameDeps& deps, const model::User& user,
                                           std::int64_t event_id, const ClaimFiling& filing) {
  if (filing.claim != "win" && filing.claim != "draw") {
    return fail(ErrorCode::kValidationError, "claim must be win or draw");
  }
  if (filing.claim == "win" && filing.analysis.find_first_not_of(" \t\r\n") == std::string::npos) {
    return fail(ErrorCode::kValidationError, "a win claim needs the analysis that proves it");
  }
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<FiledClaim> {
    // The end of play already due is stored first: a claim filed just after the end date,
    // before the sweep ran, finds the game awaiting adjudication.
    TRY(settle_due_games(deps, tx, {std::nullopt, event_id, filing.game_id}));
    // Locked: serialises with the director's decision.
    auto stored = db::load_game(tx, filing.game_id, true);
    if (!stored || stored->event_id != event_id) {
      return fail(ErrorCode::kValidationError, "game " + std::to_string(filing.game_id) +
                                                   " is not a game of event " +
                                                   std::to_string(event_id));
    }
    std::optional<Color> side;
    if (stored->white.id == user.id) side = Color::kWhite;
    if (stored->black.id == user.id) side = Color::kBlack;
    if (!side) return fail(ErrorCode::kForbidden, "you do not play in this game");
    const auto now = deps.clock.now(tx);
    TRY_LET(game, replay_game(deps, *stored, now));
    if (game->state().status != game::GameStatus::kAdjudicationPending) {
      return fail(ErrorCode::kConflict, "the game is not awaiting adjudication");
    }
    std::optional<Timestamp> since;
    for (const auto& e : stored->facts.events) {
      if (e.kind == game::EventKind::kAdjudicationPending) since = e.at;
    }
    if (!since) return fail(ErrorCode::kConflict, "the game is not awaiting adjudication");
    const Timestamp due = *since + kAdjudicationClaimWindow;
    if (now >= due) {
      return fail(ErrorCode::kConflict, "the claim window closed at " + game::format_rfc3339(due) +
                                            "; without a claim a draw is taken as claimed");
    }
    model::AdjudicationClaim c{filing.game_id, *side, user.id, filing.claim, filing.analysis, now};
    db::save_adjudication_claim(tx, c);
    return FiledClaim{c, due};
  });
}

Result<void> may_watch_live(GameDeps& deps, const model::User& user, std::int64_t game_id) {
  TRY_LET(shown, view_game(deps, user, game_id));
  const auto status = shown->state.status;
  if (!shown->stored.event_id || shown->viewer || is_director(user) || game::is_over(status)) {
    return {};
  }
  TRY_LET(visibility, db::in_transaction(deps.pool, [&](pqxx::work& tx) {
            return Result<model::GameVisibility>(db::event_visibility(tx, *shown->stored.event_id));
          }));
  if (visibility->mode == model::Visibility::kDelayed) {
    return fail(ErrorCode::kForbidden,
                "the games of this event are shown to others with a delay, not live");
  }
  return {};
}

}  // namespace corrchess::app
