#include "app/game_start.h"

#include <random>
#include <string>

#include "app/notifications.h"
#include "core/game/tournament.h"
#include "db/games.h"

namespace corrchess::app {

Result<PreparedGame> prepare_game(game::GameSetup setup, const game::GameContext& rules,
                                  game::Timestamp now) {
  TRY(game::validate_setup(setup));
  TRY_LET(initial, game::initial_position(setup));
  setup.initial_fen = initial->fen();
  game::GameContext context;
  context.zone = rules.zone;
  context.oracles = rules.oracles;
  TRY_LET(fresh, game::Game::replay(game::GameFacts{setup, {}, {}, {}}, context, now));
  const auto& state = fresh->state();
  if (game::is_over(state.status)) {
    // Over on the clock (a loss, or a draw when the opponent could not mate) or by the silence
    // rule: the start is too long ago, whatever the position.
    if (state.termination == game::Termination::kTimeForfeit ||
        state.termination == game::Termination::kTimeDraw) {
      return fail(ErrorCode::kValidationError,
                  "start_at lies so far in the past that the first player's time would already "
                  "have run out");
    }
    if (state.termination == game::Termination::kSilence) {
      return fail(ErrorCode::kValidationError,
                  "start_at lies so far in the past that the first player would already have "
                  "broken the silence rule");
    }
    return fail(ErrorCode::kValidationError,
                "the start position is already decided (" +
                    std::string(state.termination ? game::to_string(*state.termination) : "over") +
                    "): there is no game to play");
  }
  return PreparedGame{std::move(setup), state};
}

std::int64_t start_game(pqxx::work& tx, std::int64_t white_id, std::int64_t black_id,
                        std::optional<std::int64_t> event_id, const PreparedGame& game,
                        game::Timestamp now) {
  const auto id = db::insert_game(tx, white_id, black_id, event_id, game.setup, game.state);
  queue_new_game_notifications(tx, id, white_id, black_id, event_id, game.setup, game.state, now);
  return id;
}

int random_chess960_position(bool allow_518) {
  std::random_device device;
  const auto value = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  return game::choose_chess960_position(value, allow_518);
}

}  // namespace corrchess::app
