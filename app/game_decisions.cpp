// The directors' decisions on single games (app/games.h): each audited in the transaction of
// the change it makes.
#include "app/game_start.h"
#include "app/game_store.h"
#include "app/games.h"
#include "app/roles.h"
#include "core/game/tournament.h"
#include "db/events.h"
#include "db/games.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"
#include "model/codec.h"

namespace corrchess::app {

namespace {

using game::Color;
model::Fields result_fields(const game::GameState& s) {
  model::Fields j = {{"status", std::string(game::to_string(s.status))}};
  if (s.result) j.push_back({"result", std::string(game::to_string(*s.result))});
  if (s.termination) j.push_back({"termination", std::string(game::to_string(*s.termination))});
  return j;
}

model::Fields clock_values(const game::GameState& s, Color side) {
  const auto& c = s.clock_of(side);
  model::Fields j = {{"remaining_seconds", c.remaining}};
  if (c.bank) j.push_back({"bank_seconds", *c.bank});
  return j;
}

std::int64_t player_id(const model::StoredGame& g, Color side) {
  return side == Color::kWhite ? g.white.id : g.black.id;
}

// The audit row of `director`'s `action` on the game of `in` (stamped at commit).
model::AuditEntry audit_of(const model::User& director, const char* action, const CommandInput& in,
                           std::optional<std::int64_t> target, const std::string& reason,
                           model::Fields detail) {
  return {{},     director.id, action,           in.stored.id, in.stored.event_id,
          target, reason,      std::move(detail)};
}

}  // namespace

Result<GameView> create_single_game(GameDeps& deps, const model::User& director,
                                    SingleGameRequest request) {
  if (!is_director(director))
    return fail(ErrorCode::kForbidden, "this needs a tournament director");
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<GameView> {
    const auto now = deps.clock.now(tx);
    request.setup.start_at = request.start_at.value_or(now);
    if (request.initial_fen) request.setup.initial_fen = *request.initial_fen;
    // Chess960 with neither a number nor a FEN starts from number 518 (rules.md 1.3), and the
    // game says so (start_position, the PGN's Chess960 tag).
    if (request.setup.variant == game::Variant::kChess960 && !request.setup.start_position &&
        request.setup.initial_fen.empty()) {
      request.setup.start_position = game::kChess960StandardPosition;
    }
    auto w = db::find_user(tx, request.white);
    if (!w) return fail(ErrorCode::kValidationError, "no user '" + request.white + "'");
    auto b = db::find_user(tx, request.black);
    if (!b) return fail(ErrorCode::kValidationError, "no user '" + request.black + "'");
    if (w->id == b->id) return fail(ErrorCode::kValidationError, "a player cannot play himself");
    game::GameContext rules;
    rules.zone = deps.zone;
    rules.oracles = deps.oracles;
    TRY_LET(prepared, prepare_game(std::move(request.setup), rules, now));
    const auto id = start_game(tx, w->id, b->id, std::nullopt, *prepared, now);
    db::write_audit(tx, {now, director.id, "game_created", id, std::nullopt, std::nullopt, "",
                         model::Fields{{"white", w->username}, {"black", b->username}}});
    TRY_LET(stored, db::load_game(tx, id, false));
    return GameView{*stored, prepared->state, std::nullopt};
  });
}

Result<GameView> set_result(GameDeps& deps, const model::User& director, std::int64_t id,
                            game::GameResult result, game::Termination termination,
                            const std::string& reason) {
  return run_command(
      deps, director, id, Access::kDirector, [&](const CommandInput& in) -> Result<GameChange> {
        TRY_LET(o, game::set_result(in.game, result, termination, reason, director.username));
        return outcome_change(std::move(*o),
                              audit_of(director, "result_set", in, std::nullopt, reason,
                                       {{"result", std::string(game::to_string(result))},
                                        {"termination", std::string(game::to_string(termination))},
                                        {"before", result_fields(in.game.state())}}));
      });
}

Result<GameView> annul_game(GameDeps& deps, const model::User& director, std::int64_t id,
                            const std::string& reason) {
  return run_command(deps, director, id, Access::kDirector,
                     [&](const CommandInput& in) -> Result<GameChange> {
                       TRY_LET(o, game::annul_game(in.game, reason, director.username));
                       return outcome_change(
                           std::move(*o), audit_of(director, "annulled", in, std::nullopt, reason,
                                                   {{"before", result_fields(in.game.state())}}));
                     });
}

Result<GameView> adjust_clock(GameDeps& deps, const model::User& director, std::int64_t id,
                              Color side, game::AdjustmentKind kind, std::int64_t value,
                              const std::string& reason) {
  return run_command(
      deps, director, id, Access::kDirector, [&](const CommandInput& in) -> Result<GameChange> {
        TRY_LET(o, game::adjust_clock(in.game, side, kind, value, reason, director.username));
        const char* field = kind == game::AdjustmentKind::kSetRemaining      ? "remaining_seconds"
                            : kind == game::AdjustmentKind::kAdjustRemaining ? "adjust_seconds"
                                                                             : "bank_seconds";
        model::Fields detail = {{"side", std::string(game::color_name(side))},
                                {"kind", std::string(game::to_string(kind))},
                                {field, value},
                                {"before", clock_values(in.game.state(), side)},
                                {"after", clock_values(o->game.state(), side)}};
        return outcome_change(std::move(*o),
                              audit_of(director, "clock_adjusted", in, player_id(in.stored, side),
                                       reason, std::move(detail)));
      });
}

Result<GameView> set_suspended(GameDeps& deps, const model::User& director, std::int64_t id,
                               bool suspend, const std::string& reason) {
  return run_command(
      deps, director, id, Access::kDirector, [&](const CommandInput& in) -> Result<GameChange> {
        TRY_LET(o, suspend ? game::suspend_game(in.game, reason, director.username)
                           : game::resume_game(in.game, reason, director.username));
        model::Fields detail = {{"white", clock_values(o->game.state(), Color::kWhite)},
                                {"black", clock_values(o->game.state(), Color::kBlack)}};
        return outcome_change(std::move(*o), audit_of(director, suspend ? "suspended" : "resumed",
                                                      in, std::nullopt, reason, std::move(detail)));
      });
}

Result<GameView> default_for_withdrawal(GameDeps& deps, const model::User& director,
                                        std::int64_t id, std::int64_t event_id,
                                        std::int64_t withdrawn_user_id, const std::string& reason) {
  return run_command(
      deps, director, id, Access::kDirector, [&](const CommandInput& in) -> Result<GameChange> {
        if (game::is_over(in.game.state().status)) return GameChange{};
        const Color loser = in.stored.white.id == withdrawn_user_id ? Color::kWhite : Color::kBlack;
        const auto result = game::win_for(~loser);
        TRY_LET(o, game::set_result(in.game, result, game::Termination::kDefault,
                                    "withdrawal: " + reason, director.username));
        model::AuditEntry audit{{},
                                director.id,
                                "result_set",
                                in.stored.id,
                                event_id,
                                withdrawn_user_id,
                                reason,
                                model::Fields{{"result", std::string(game::to_string(result))},
                                              {"termination", "default"},
                                              {"withdrawal", true}}};
        return outcome_change(std::move(*o), std::move(audit));
      });
}

}  // namespace corrchess::app
