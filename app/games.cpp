// The players' game commands and the game lists (app/games.h).
#include "app/games.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "app/game_store.h"
#include "app/roles.h"
#include "db/blocks.h"
#include "db/game_lists.h"
#include "db/ratings.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

using game::Color;

// A command that only appends facts: `decide` maps the replayed game and the player's side
// to the outcome.
template <class Decide>
GameCommand outcome_command(Decide decide) {
  return [decide](const CommandInput& in) -> Result<GameChange> {
    TRY_LET(o, decide(in));
    return outcome_change(std::move(*o));
  };
}

// A command of the player's side that needs nothing but the replayed game:
// `decide(game, side)`, e.g. game::resign.
Result<GameView> side_command(GameDeps& deps, const model::User& user, std::int64_t id,
                              const Precondition& expect,
                              Result<game::Outcome> (*decide)(const game::Game&, Color)) {
  return run_command(
      deps, user, id, Access::kPlayer,
      outcome_command([decide](const CommandInput& in) { return decide(in.game, *in.side); }),
      expect);
}

// A claim by the player: `judge` decides it on the replayed game; the game after it with the
// verdict and its reason.
template <class Judge>
Result<ClaimDecision> decide_claim(GameDeps& deps, const model::User& user, std::int64_t id,
                                   const Precondition& expect, Judge judge) {
  ClaimDecision decision;
  TRY_LET(shown, run_command(deps, user, id, Access::kPlayer,
                             outcome_command([&](const CommandInput& in) -> Result<game::Outcome> {
                               auto decided = judge(in);
                               if (decided) {
                                 decision.upheld = decided->upheld;
                                 decision.reason = decided->reason;
                               }
                               return decided;
                             }),
                             expect));
  decision.game = std::move(*shown);
  return decision;
}

// A move's message may not reach an opponent who blocked its writer (app/blocks.h): refused
// before anything else, nothing recorded. Only a move that carries a message pays the read.
Result<void> check_message_welcome(GameDeps& deps, const model::User& user, std::int64_t id,
                                   const game::MoveRequest& request) {
  if (!request.message || request.message->empty()) return {};
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    if (!db::opponent_blocks(tx, id, user.id)) return {};
    return fail(ErrorCode::kForbidden,
                "your opponent does not accept messages from you: send the move without one");
  });
}

}  // namespace

Result<game::PendingMove> submit_move(GameDeps& deps, const model::User& user, std::int64_t id,
                                      const game::MoveRequest& request,
                                      const Precondition& expect) {
  TRY(check_message_welcome(deps, user, id, request));
  Precondition from_snapshot = expect;
  from_snapshot.new_moves_only = true;  // the answer is the pending move only
  TRY_LET(shown, run_command(
                     deps, user, id, Access::kPlayer,
                     [&](const CommandInput& in) -> Result<GameChange> {
                       TRY_LET(p, game::submit_move(in.game, *in.side, request));
                       GameChange change;
                       change.save_pending = std::move(*p);
                       return change;
                     },
                     from_snapshot));
  return *shown->stored.pending;
}

Result<void> cancel_pending_move(GameDeps& deps, const model::User& user, std::int64_t id) {
  Precondition pending_only;
  pending_only.new_moves_only = true;  // the answer shows no move
  TRY_LET(shown, run_command(
                     deps, user, id, Access::kPlayer,
                     [](const CommandInput& in) -> Result<GameChange> {
                       const auto& p = in.stored.pending;
                       if (!p || p->side != *in.side) {
                         return fail(ErrorCode::kNoPendingMove, "you have no pending move");
                       }
                       GameChange change;
                       change.delete_pending = true;
                       return change;
                     },
                     pending_only));
  return {};
}

Result<GameView> accept_move(GameDeps& deps, const model::User& user, std::int64_t id,
                             const std::string& move, const Precondition& expect) {
  return run_command(deps, user, id, Access::kPlayer, outcome_command([&](const CommandInput& in) {
                       std::optional<game::PendingMove> mine;
                       if (in.stored.pending && in.stored.pending->side == *in.side) {
                         mine = in.stored.pending;
                       }
                       return game::accept_move(in.game, *in.side, mine, move,
                                                conditional_trees(in.stored, in.game));
                     }),
                     expect);
}

Result<GameView> play_move(GameDeps& deps, const model::User& user, std::int64_t id,
                           const game::MoveRequest& request, const Precondition& expect) {
  TRY(check_message_welcome(deps, user, id, request));
  return run_command(deps, user, id, Access::kPlayer,
                     outcome_command([&](const CommandInput& in) -> Result<game::Outcome> {
                       TRY_LET(pending, game::submit_move(in.game, *in.side, request));
                       return game::accept_move(in.game, *in.side, *pending, pending->uci,
                                                conditional_trees(in.stored, in.game));
                     }),
                     expect);
}

Result<GameView> accept_draw(GameDeps& deps, const model::User& user, std::int64_t id,
                             const Precondition& expect) {
  return side_command(deps, user, id, expect, game::accept_draw);
}

Result<GameView> decline_draw(GameDeps& deps, const model::User& user, std::int64_t id,
                              const Precondition& expect) {
  return side_command(deps, user, id, expect, game::decline_draw);
}

Result<GameView> resign(GameDeps& deps, const model::User& user, std::int64_t id,
                        const Precondition& expect) {
  return side_command(deps, user, id, expect, game::resign);
}

Result<GameView> abort_game(GameDeps& deps, const model::User& user, std::int64_t id,
                            const Precondition& expect) {
  return run_command(deps, user, id, Access::kPlayer, outcome_command([](const CommandInput& in) {
                       return game::abort_game(in.game, *in.side);
                     }),
                     expect);
}

Result<ClaimDecision> claim(GameDeps& deps, const model::User& user, std::int64_t id,
                            const game::ClaimRequest& request, const Precondition& expect) {
  return decide_claim(deps, user, id, expect, [&](const CommandInput& in) {
    return game::claim(in.game, *in.side, request, conditional_trees(in.stored, in.game));
  });
}

Result<ClaimDecision> claim_draw(GameDeps& deps, const model::User& user, std::int64_t id,
                                 const std::string& intended_move, const Precondition& expect) {
  return decide_claim(deps, user, id, expect, [&](const CommandInput& in) {
    const auto trees = conditional_trees(in.stored, in.game);
    game::ClaimRequest request;
    if (!intended_move.empty()) request.move = intended_move;
    request.type = game::ClaimType::kThreefold;
    auto decided = game::claim(in.game, *in.side, request, trees);
    if (decided && !decided->upheld) {
      request.type = game::ClaimType::kFiftyMoves;
      auto fifty = game::claim(in.game, *in.side, request, trees);
      if (fifty && fifty->upheld) decided = std::move(fifty);
    }
    return decided;
  });
}

Result<GameView> refill_clock(GameDeps& deps, const model::User& user, std::int64_t id,
                              std::optional<std::int64_t> seconds) {
  return run_command(deps, user, id, Access::kPlayer, outcome_command([&](const CommandInput& in) {
                       return game::refill_clock(in.game, *in.side, seconds);
                     }));
}

Result<SanLines> set_conditional(GameDeps& deps, const model::User& user, std::int64_t id,
                                 const std::vector<game::ConditionalLine>& lines,
                                 const Precondition& expect) {
  SanLines stored;
  TRY_LET(shown, run_command(
                     deps, user, id, Access::kPlayer,
                     [&](const CommandInput& in) -> Result<GameChange> {
                       TRY_LET(tree, game::store_conditional(in.game, *in.side, lines));
                       stored = tree->lines_san(in.game.state().position);
                       GameChange change;
                       change.conditional = std::pair{*in.side, tree->lines()};
                       return change;
                     },
                     expect));
  return stored;
}

Result<SanLines> get_conditional(GameDeps& deps, const model::User& user, std::int64_t id) {
  SanLines lines;
  TRY_LET(shown,
          run_command(deps, user, id, Access::kPlayer,
                      [&](const CommandInput& in) -> Result<GameChange> {
                        auto trees = conditional_trees(in.stored, in.game);
                        lines = trees[chess::index(*in.side)].lines_san(in.game.state().position);
                        return GameChange{};
                      }));
  return lines;
}

Result<void> clear_conditional(GameDeps& deps, const model::User& user, std::int64_t id) {
  TRY_LET(shown,
          run_command(
              deps, user, id, Access::kPlayer, [](const CommandInput& in) -> Result<GameChange> {
                GameChange change;
                change.conditional = std::pair{*in.side, std::vector<game::ConditionalLine>{}};
                return change;
              }));
  return {};
}

Result<RepertoireImport> import_repertoire(GameDeps& deps, const model::User& user, std::int64_t id,
                                           const std::string& pgn, bool dry_run,
                                           const Precondition& expect) {
  RepertoireImport done;
  Precondition every_move = expect;
  every_move.new_moves_only = false;  // the PGN's lines are matched against every move
  TRY_LET(shown, run_command(
                     deps, user, id, Access::kPlayer,
                     [&](const CommandInput& in) -> Result<GameChange> {
                       TRY_LET(preview, game::import_repertoire(in.game, *in.side, pgn));
                       done.ply = in.game.state().ply;
                       done.lines = preview->tree.lines_san(in.game.state().position);
                       GameChange change;
                       if (!dry_run) {
                         if (preview->lines.empty()) {
                           return fail(
                               ErrorCode::kValidationError,
                               "no line of this PGN reaches a reply of yours after the current "
                               "position: nothing to store (your lines are kept)");
                         }
                         TRY_LET(tree, game::store_conditional(in.game, *in.side, preview->lines));
                         change.conditional = std::pair{*in.side, tree->lines()};
                         done.saved = true;
                       }
                       done.preview = std::move(*preview);
                       return change;
                     },
                     every_move));
  return done;
}

namespace {

// One page of `player`'s games inside `tx`, decisions already due stored first.
Result<GameList> list_games_in(GameDeps& deps, pqxx::work& tx, const model::User& player,
                               GameListRequest request) {
  TRY(settle_due_games(deps, tx, {player.id, std::nullopt}));
  if (request.opponent) {
    auto opponent = db::find_user(tx, *request.opponent);
    if (!opponent) {
      return fail(ErrorCode::kValidationError, "no user '" + *request.opponent + "'");
    }
    request.filter.opponent_id = opponent->id;
  }
  GameList list;
  list.player = player;
  list.page = db::list_games(tx, player.id, request.filter, request.after, request.limit);
  list.counts = db::count_games(tx, player.id);
  return list;
}

}  // namespace

Result<GameList> list_games(GameDeps& deps, const model::User& user, GameListRequest request) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<GameList> {
    return list_games_in(deps, tx, user, std::move(request));
  });
}

Result<GameList> list_player_games(GameDeps& deps, const model::User& director,
                                   const std::string& username, GameListRequest request) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<GameList> {
    auto player = db::find_user(tx, username);
    if (!player) return fail(ErrorCode::kNotFound, "no user '" + username + "'");
    return list_games_in(deps, tx, *player, std::move(request));
  });
}

Result<std::vector<MyGame>> my_games(GameDeps& deps, const model::User& user,
                                     int finished_within_days) {
  struct Listed {
    std::vector<model::CurrentGame> games;
    // Current ratings by pool ("standard", "chess960"), of every player listed.
    std::map<std::string, std::map<std::int64_t, model::RatingEntry>> ratings;
  };
  TRY_LET(listed, db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<Listed> {
            TRY(settle_due_games(deps, tx, {user.id, std::nullopt}));
            const auto now = deps.clock.now(tx);
            Listed out;
            out.games = db::current_games_of(tx, user.id, now - game::days(finished_within_days));
            std::vector<std::int64_t> players{user.id};
            for (const auto& g : out.games) {
              players.push_back(g.white_id);
              players.push_back(g.black_id);
            }
            std::ranges::sort(players);
            players.erase(std::unique(players.begin(), players.end()), players.end());
            for (const auto variant : {game::Variant::kStandard, game::Variant::kChess960}) {
              const auto pool = model::rating_pool_of(variant);
              out.ratings[pool] = db::current_ratings(tx, pool, players);
            }
            return out;
          }));
  std::vector<MyGame> games;
  for (const auto& entry : listed->games) {
    TRY_LET(shown, view_game(deps, user, entry.id));
    const auto& ratings = listed->ratings[model::rating_pool_of(shown->stored.facts.setup.variant)];
    auto player = [&](std::int64_t id, const std::optional<std::string>& country) {
      MyGamePlayer p;
      if (auto it = ratings.find(id); it != ratings.end()) {
        p.rating = static_cast<int>(std::lround(it->second.rating));
      }
      p.country = country;
      return p;
    };
    MyGame g{std::move(*shown), entry.event_name, entry.round, {}, {}};
    g.white = player(entry.white_id, entry.white_country);
    g.black = player(entry.black_id, entry.black_country);
    games.push_back(std::move(g));
  }
  return games;
}

}  // namespace corrchess::app
