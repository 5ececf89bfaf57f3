#include "app/cups.h"

#include <algorithm>
#include <map>

#include "app/competition_items.h"
#include "app/entry_rules.h"
#include "app/game_start.h"
#include "app/ratings.h"
#include "app/roles.h"
#include "core/competition/series.h"
#include "db/cups.h"
#include "db/events.h"
#include "db/server_clock.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

using game::Timestamp;

// A game of a match as the match rules count it: an annulled game scores for nobody.
std::optional<game::GameResult> cup_game_result(const model::CupGame& g) {
  if (g.status == "finished") return g.result;
  if (g.status == "annulled") return game::GameResult::kDoubleDefault;
  return std::nullopt;
}

// The games of match `m` as the match rules see them, in their order.
std::vector<competition::MatchGame> match_games(const std::vector<model::CupGame>& games,
                                                const model::CupMatch& m) {
  std::vector<competition::MatchGame> out;
  for (const auto& g : games) {
    if (g.round == m.round && g.match_no == m.match_no) {
      out.push_back({g.a_white, cup_game_result(g)});
    }
  }
  return out;
}

int cup_seed_of(const std::vector<model::CupPlayer>& players, std::int64_t user_id) {
  for (const auto& p : players) {
    if (p.user.id == user_id) return p.seed;
  }
  return 0;
}

// Starts games `first`..`first + count - 1` of match `m` (both players known), colours by
// the match rules; a Chess960 cup draws one start array for the games started together.
Result<void> start_cup_games(const GameDeps& deps, pqxx::work& tx, const model::StoredCup& cup,
                             const model::CupMatch& m, int first, int count, Timestamp now) {
  const auto& s = cup.settings;
  game::GameSetup setup;
  setup.variant = s.variant;
  setup.time_control = s.time_control;
  setup.rules = s.rules;
  setup.start_at = now;
  if (s.variant == game::Variant::kChess960) setup.start_position = random_chess960_position(false);
  game::GameContext rules;
  rules.zone = deps.zone;
  rules.oracles = deps.oracles;
  TRY_LET(prepared, prepare_game(std::move(setup), rules, now));
  for (int n = first; n < first + count; ++n) {
    const bool a_white = competition::first_player_white(s.match, n);
    const auto white = a_white ? *m.player_a : *m.player_b;
    const auto black = a_white ? *m.player_b : *m.player_a;
    const auto game_id = start_game(tx, white, black, std::nullopt, *prepared, now);
    db::insert_cup_game(tx, cup.id, m.round, m.match_no, n, game_id, a_white);
  }
  return {};
}

// Advances cup `id` as far as its games allow (rules.md 6.10).
Result<CupRun> advance_cup(const GameDeps& deps, pqxx::work& tx, std::int64_t id) {
  CupRun run;
  TRY_LET(cup, db::load_cup(tx, id, true));
  if (cup->status != "running") return run;
  const auto now = deps.clock.now(tx);
  const auto players = db::cup_players(tx, id);
  const int rounds = competition::round_count(static_cast<int>(players.size()));
  for (bool changed = true; changed;) {
    changed = false;
    auto matches = db::cup_matches(tx, id);
    const auto games = db::cup_games(tx, id);
    // Matches in play: decided, or their next tie-break pair.
    for (auto& m : matches) {
      if (m.status != "playing") continue;
      const auto played = match_games(games, m);
      const auto over = std::ranges::count_if(
          played, [](const competition::MatchGame& g) { return g.result.has_value(); });
      db::set_games_over_seen(tx, id, m.round, m.match_no, static_cast<int>(over));
      const auto state = competition::match_state(cup->settings.match, played);
      if (state == competition::MatchState::kInPlay) continue;
      if (state == competition::MatchState::kTiebreakNeeded) {
        TRY(start_cup_games(deps, tx, *cup, m, static_cast<int>(played.size()), 2, now));
        run.games_started += 2;
      } else {
        const bool first = state == competition::MatchState::kFirstWins;
        db::decide_cup_match(tx, id, m.round, m.match_no, first ? *m.player_a : *m.player_b, now);
        ++run.matches_decided;
      }
      changed = true;
    }
    if (changed) continue;  // read the matches again
    // Winners move on; a match whose two players are known starts.
    for (const auto& m : matches) {
      if (m.status != "decided") continue;
      if (m.round == rounds) {
        db::finish_cup(tx, id, *m.winner_id, now);
        ++run.cups_finished;
        return run;
      }
      const auto slot = competition::next_slot(m.match_no);
      auto next = std::ranges::find_if(matches, [&](const model::CupMatch& x) {
        return x.round == m.round + 1 && x.match_no == slot.index;
      });
      if (next == matches.end()) return fail(ErrorCode::kInternal, "cup bracket incomplete");
      if (next->player_a == m.winner_id || next->player_b == m.winner_id) continue;
      (slot.first ? next->player_a : next->player_b) = m.winner_id;
      if (next->player_a && next->player_b) {
        if (cup_seed_of(players, *next->player_b) < cup_seed_of(players, *next->player_a)) {
          std::swap(next->player_a, next->player_b);
        }
        next->status = "playing";
        db::update_cup_match(tx, id, *next);
        TRY(start_cup_games(deps, tx, *cup, *next, 0, cup->settings.match.games, now));
        run.games_started += cup->settings.match.games;
      } else {
        db::update_cup_match(tx, id, *next);
      }
      changed = true;
    }
  }
  return run;
}

}  // namespace

Result<std::int64_t> create_cup(GameDeps& deps, const model::User& director, CupCreation request) {
  TRY(require_director(director));
  TRY(competition::validate(request.settings.match));
  if (request.seeding != "rating" && request.seeding != "entry") {
    return fail(ErrorCode::kValidationError, "seeding must be rating or entry");
  }
  TRY(competition::first_round(static_cast<int>(request.players.size())));
  TRY_LET(id, db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
            const auto now = deps.clock.now(tx);
            const auto& s = request.settings;
            // The games must be possible (time control numbers).
            game::GameSetup setup;
            setup.variant = s.variant;
            setup.time_control = s.time_control;
            setup.rules = s.rules;
            setup.start_at = now;
            if (s.variant == game::Variant::kChess960) setup.start_position = 518;
            TRY(game::validate_setup(setup));
            TRY_LET(resolved, resolve_players(tx, request.players));
            const auto& users = *resolved;
            // Seeds: by rating (highest first, unrated after, ties as listed) or as listed.
            std::vector<std::size_t> order(users.size());
            for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
            if (request.seeding == "rating") {
              std::vector<std::int64_t> ids;
              for (const auto& u : users) ids.push_back(u.id);
              const auto ratings = whole_ratings(tx, model::rating_pool_of(s.variant), ids);
              std::vector<competition::Entrant> entrants;
              for (std::size_t i = 0; i < users.size(); ++i) {
                competition::Entrant e{static_cast<std::int64_t>(i), users[i].id, now, std::nullopt,
                                       ""};
                if (auto it = ratings.find(users[i].id); it != ratings.end()) e.rating = it->second;
                entrants.push_back(e);
              }
              order = competition::seat_order(entrants);
            }
            TRY_LET(cup_id, db::insert_cup(tx, s, director.id, now));
            for (std::size_t k = 0; k < order.size(); ++k) {
              db::insert_cup_player(tx, *cup_id, static_cast<int>(k) + 1, users[order[k]].id);
            }
            const auto seeded = [&](int seed) {
              return users[order[static_cast<std::size_t>(seed - 1)]].id;
            };
            TRY_LET(first, competition::first_round(static_cast<int>(users.size())));
            TRY_LET(cup, db::load_cup(tx, *cup_id, true));
            for (std::size_t k = 0; k < first->size(); ++k) {
              const auto& f = (*first)[k];
              model::CupMatch m;
              m.round = 1;
              m.match_no = static_cast<int>(k);
              m.player_a = seeded(f.seed_a);
              if (f.seed_b) {
                m.player_b = seeded(*f.seed_b);
                m.status = "playing";
              } else {
                m.status = "decided";
                m.bye = true;
                m.winner_id = m.player_a;
                m.decided_at = now;
              }
              db::insert_cup_match(tx, *cup_id, m);
              if (m.status == "playing")
                TRY(start_cup_games(deps, tx, *cup, m, 0, s.match.games, now));
            }
            const int rounds = competition::round_count(static_cast<int>(users.size()));
            for (int round = 2, count = static_cast<int>(first->size()) / 2; round <= rounds;
                 ++round, count /= 2) {
              for (int k = 0; k < count; ++k) {
                model::CupMatch m;
                m.round = round;
                m.match_no = k;
                m.status = "waiting";
                db::insert_cup_match(tx, *cup_id, m);
              }
            }
            std::vector<std::string> names;
            for (auto k : order) names.push_back(users[k].username);
            db::write_audit(
                tx, {now, director.id, "cup_created", std::nullopt, std::nullopt, std::nullopt, "",
                     model::Fields{{"cup_id", *cup_id}, {"name", s.name}, {"seeds", names}}});
            TRY(advance_cup(deps, tx, *cup_id));  // the byes move on
            return *cup_id;
          }));
  return *id;
}

Result<CupView> read_cup(GameDeps& deps, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<CupView> {
    TRY_LET(cup, db::load_cup(tx, id, false));
    return CupView{std::move(*cup), db::cup_players(tx, id), db::cup_matches(tx, id),
                   db::cup_games(tx, id)};
  });
}

competition::MatchScore cup_match_score(const CupView& v, const model::CupMatch& m) {
  return competition::match_score(match_games(v.games, m));
}

Result<std::vector<CupSummary>> list_cups(GameDeps& deps) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::vector<CupSummary>> {
    std::vector<CupSummary> out;
    auto tallies = db::cup_tallies(tx);
    for (auto& c : db::list_cups(tx)) {
      const auto tally = tallies[c.id];
      out.push_back({std::move(c), tally});
    }
    return out;
  });
}

Result<CupRun> run_cups(GameDeps& deps, StarterRun mode) {
  CupRun total;
  TRY_LET(items, StarterItems::read(deps, "cup", mode));
  TRY_LET(ids, db::in_transaction(deps.pool, [&](pqxx::work& tx) {
            return Result<std::vector<std::int64_t>>(db::cups_with_news(tx));
          }));
  for (const auto id : *ids) {
    if (items->deferred(id)) continue;
    const auto run = items->run(deps, id, "cup " + std::to_string(id) + ": its advance",
                                [&](pqxx::work& tx) { return advance_cup(deps, tx, id); });
    if (!run) {
      ++total.failed;
      continue;
    }
    total.matches_decided += run->matches_decided;
    total.games_started += run->games_started;
    total.cups_finished += run->cups_finished;
  }
  return total;
}

}  // namespace corrchess::app
