#include "app/section_start.h"

#include <algorithm>

#include "app/game_start.h"
#include "app/ratings.h"
#include "core/competition/thematic.h"
#include "core/game/tournament.h"
#include "db/events.h"
#include "db/ratings.h"

namespace corrchess::app {

Result<void> require_not_cancelled(const model::StoredEvent& event) {
  if (!event.cancelled()) return {};
  return fail(ErrorCode::kConflict,
              "the event was cancelled" + (event.cancel_reason ? ": " + *event.cancel_reason : ""));
}

Result<StartedSection> start_section(const GameDeps& deps, pqxx::work& tx,
                                     const model::StoredEvent& event, game::Timestamp now) {
  TRY(require_not_cancelled(event));
  if (event.started()) return fail(ErrorCode::kConflict, "the event has already started");
  const auto id = event.id;
  const auto& s = event.settings;
  if (s.end_at && *s.end_at <= now) {
    return fail(ErrorCode::kConflict, "the event's end date has passed");
  }
  if (db::event_rating_terms(tx, id).seeding == "rating") {
    db::seed_event_by_rating(tx, id, model::rating_pool_of(s.variant));
  }
  db::record_start_ratings(tx, id, model::rating_pool_of(s.variant));
  db::compact_seats(tx, id);
  auto players = db::event_players(tx, id);
  std::erase_if(players, [](const model::EventPlayer& p) { return p.status != "active"; });
  if (players.size() < 2) return fail(ErrorCode::kConflict, "an event needs at least 2 players");
  std::ranges::sort(players, {}, &model::EventPlayer::seat);

  auto setup = model::event_game_setup(s, std::max(s.start_at, now));
  if (s.variant == game::Variant::kChess960 && !setup.start_position && setup.initial_fen.empty()) {
    setup.start_position = random_chess960_position(s.allow_518);
  }
  game::GameContext rules;
  rules.zone = deps.zone;
  rules.oracles = deps.oracles;
  TRY_LET(fresh, prepare_game(std::move(setup), rules, now));

  const auto pairings = game::berger_pairings(static_cast<int>(players.size()), s.double_round);
  for (const auto& p : pairings) {
    const auto& white = players[static_cast<std::size_t>(p.white)];
    const auto& black = players[static_cast<std::size_t>(p.black)];
    const auto game_id = start_game(tx, white.user.id, black.user.id, id, *fresh, now);
    db::insert_event_game(tx, id, game_id, p.round, p.board, p.white + 1, p.black + 1);
  }
  db::mark_event_started(tx, id, fresh->setup.start_position, now);
  return StartedSection{static_cast<int>(pairings.size()), static_cast<int>(players.size()),
                        fresh->setup.start_at, fresh->setup.start_position};
}

model::EventSettings section_event(const model::SectionTerms& terms, std::string name, int players,
                                   game::Timestamp now) {
  model::EventSettings e;
  e.name = std::move(name);
  if (e.name.size() > 200) e.name.resize(200);
  e.variant = terms.variant;
  e.allow_518 = terms.allow_518;
  e.time_control = terms.time_control;
  e.leave_days_per_year = terms.leave_days_per_year;
  e.rules = terms.rules;
  e.double_round = terms.double_round;
  e.max_players = players;
  e.start_at = now;
  if (terms.section_days) e.end_at = now + game::days(*terms.section_days);
  e.auto_adjudicate = terms.auto_adjudicate;
  return e;
}

Result<void> check_section_games(const GameDeps& deps, model::EventSettings& settings,
                                 const std::optional<std::string>& opening, game::Timestamp now) {
  settings.initial_fen.clear();
  if (opening) {
    if (settings.variant != game::Variant::kStandard) {
      return fail(ErrorCode::kValidationError, "a thematic opening is for standard chess only");
    }
    auto fen = competition::opening_position(*opening);
    if (!fen) return fail(ErrorCode::kValidationError, "opening: " + fen.error().detail);
    settings.initial_fen = *fen;
  }
  auto setup = model::event_game_setup(settings, now);
  if (settings.variant == game::Variant::kChess960 && !setup.start_position) {
    setup.start_position = 518;
  }
  game::GameContext rules;
  rules.zone = deps.zone;
  rules.oracles = deps.oracles;
  if (auto prepared = prepare_game(std::move(setup), rules, now); !prepared) {
    return fail(ErrorCode::kValidationError,
                (opening ? "opening: " : "") + prepared.error().detail);
  }
  return {};
}

Result<std::int64_t> create_started_section(const GameDeps& deps, pqxx::work& tx,
                                            const model::EventSettings& settings, bool rated,
                                            const std::vector<std::int64_t>& players,
                                            game::Timestamp now) {
  const auto event_id = db::insert_event(tx, settings, std::nullopt, now);
  model::EventRatingTerms terms;
  terms.rated = rated;
  db::save_event_rating_terms(tx, event_id, terms);
  int seat = 0;
  for (const auto user_id : players) TRY(db::add_event_player(tx, event_id, user_id, ++seat, now));
  TRY_LET(event, db::load_event(tx, event_id, true));
  TRY(start_section(deps, tx, *event, now));
  return event_id;
}

}  // namespace corrchess::app
