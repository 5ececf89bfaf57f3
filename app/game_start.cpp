#include "app/game_start.h"

#include <random>
#include <string>

#include "core/game/tournament.h"

namespace corrchess::app {

Result<PreparedGame> prepare_game(game::GameSetup setup, const game::GameContext& rules,
                                  game::Timestamp now) {
  if (auto ok = game::validate_setup(setup); !ok) return std::unexpected(ok.error());
  auto initial = game::initial_position(setup);
  if (!initial) return std::unexpected(initial.error());
  setup.initial_fen = initial->fen();
  game::GameContext context;
  context.zone = rules.zone;
  context.oracles = rules.oracles;
  auto fresh = game::Game::replay(game::GameFacts{setup, {}, {}}, context, now);
  if (!fresh) return std::unexpected(fresh.error());
  const auto& state = fresh->state();
  if (game::is_over(state.status)) {
    if (state.termination == game::Termination::kTimeForfeit) {
      return fail(ErrorCode::kValidationError,
                  "start_at lies so far in the past that the first player's time would already "
                  "have run out");
    }
    return fail(ErrorCode::kValidationError,
                "the start position is already decided (" +
                    std::string(state.termination ? game::to_string(*state.termination) : "over") +
                    "): there is no game to play");
  }
  return PreparedGame{std::move(setup), state};
}

int random_chess960_position(bool allow_518) {
  std::random_device device;
  const auto value = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  return game::choose_chess960_position(value, allow_518);
}

}  // namespace corrchess::app
