#include "core/game/tournament.h"

#include <cstddef>
#include <utility>

namespace corrchess::game {
namespace {

// One cycle of the FIDE Berger table for an even number of places (players plus any dummy).
// Place n_even - 1 is the fixed one; the others rotate. Round r (0-based) starts from
// base = r * n_even/2 (mod n_even - 1), board k pairs base + k with the place whose index
// sums with it to r (mod n_even - 1); board 0 pairs base with the fixed place.
// Colours as in the published tables: on board 0 the rotating player has white in odd
// (1-based) rounds and the fixed place in even ones; on other boards base + k has white.
std::vector<Pairing> berger_cycle(int players) {
  const int places = players + players % 2;
  const int rotating = places - 1;
  const int fixed = places - 1;
  const int dummy = players % 2 == 1 ? fixed : -1;
  std::vector<Pairing> out;
  out.reserve(static_cast<std::size_t>(players / 2) * static_cast<std::size_t>(rotating + 1));
  for (int r = 0; r < rotating; ++r) {
    const int base = (r * (places / 2)) % rotating;
    int board = 0;
    for (int k = 0; k < places / 2; ++k) {
      const int first = (base + k) % rotating;
      int white = first;
      int black = 0;
      if (k == 0) {
        black = fixed;
        if (r % 2 == 1) std::swap(white, black);
      } else {
        black = ((r - first) % rotating + rotating) % rotating;
      }
      if (white == dummy || black == dummy) continue;
      out.push_back(Pairing{r + 1, ++board, white, black});
    }
  }
  return out;
}

}  // namespace

int berger_round_count(int players) {
  if (players < 2) return 0;
  return players % 2 == 0 ? players - 1 : players;
}

std::vector<Pairing> berger_pairings(int players, bool double_round) {
  if (players < 2) return {};
  std::vector<Pairing> out = berger_cycle(players);
  if (double_round) {
    const int rounds = berger_round_count(players);
    const std::size_t first_cycle = out.size();
    out.reserve(2 * first_cycle);
    for (std::size_t i = 0; i < first_cycle; ++i) {
      const Pairing p = out[i];
      out.push_back(Pairing{p.round + rounds, p.board, p.black, p.white});
    }
  }
  return out;
}

std::optional<int> berger_bye(int players, bool double_round, int round) {
  if (players < 2 || players % 2 == 0) return std::nullopt;
  const int rounds = berger_round_count(players);
  if (round < 1 || round > (double_round ? 2 * rounds : rounds)) return std::nullopt;
  // The dummy is the fixed place; its opponent on board 0 is the round's base player.
  const int r = (round - 1) % rounds;
  const int places = players + 1;
  return (r * (places / 2)) % rounds;
}

int choose_chess960_position(std::uint64_t random_value, bool allow_518) {
  const std::uint64_t count = allow_518 ? 960 : 959;
  int n = static_cast<int>(random_value % count);
  if (!allow_518 && n >= kChess960StandardPosition) ++n;
  return n;
}

}  // namespace corrchess::game
