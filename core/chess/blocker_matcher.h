// Bipartite matching of squares to distinct blockers, for the static unwinnability proofs:
// can each flight square of a would-be mated king get a blocker of its own?
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/chess/bitboard.h"

namespace corrchess::chess {

// options[i] is the set of squares blocker i may stand on (at most 32 blockers).
class BlockerMatcher {
 public:
  BlockerMatcher(const Bitboard* options, std::size_t count) : options_(options), count_(count) {}

  // True when every square of `need` can get its own blocker (augmenting paths).
  bool can_block_all(Bitboard need) {
    owner_.fill(-1);
    while (need) {
      const Square sq = pop_lsb(need);
      seen_ = 0;
      if (!augment(sq)) return false;
    }
    return true;
  }

 private:
  bool augment(Square sq) {
    for (std::size_t i = 0; i < count_; ++i) {
      if (!(options_[i] & bit(sq)) || (seen_ & (1u << i))) continue;
      seen_ |= 1u << i;
      if (owner_[i] < 0 || augment(static_cast<Square>(owner_[i]))) {
        owner_[i] = sq;
        return true;
      }
    }
    return false;
  }

  const Bitboard* options_;
  std::size_t count_;
  std::array<int, 32> owner_{};
  std::uint32_t seen_ = 0;
};

}  // namespace corrchess::chess
