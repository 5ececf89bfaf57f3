// Conditional moves (rules.md §2.5): a player's stored lines "if the opponent plays X, I
// reply Y; if then X2, I reply Y2 ...", kept as a tree (several alternatives at each
// opponent move; one reply per opponent move). Every move is validated for legality when
// the lines are stored and normalised to UCI. Stored as a list of lines (UCI), the form the
// database and the API use: {"lines": [["e7e5","g1f3","b8c6","f1b5"], ...]}.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/error.h"

namespace corrchess::game {

using chess::Color;

// One line: opponent move, own reply, opponent move, own reply, ...
using ConditionalLine = std::vector<std::string>;

class ConditionalTree {
 public:
  // An empty tree (no conditional moves).
  ConditionalTree() = default;

  // Validates `lines` from `current`, where the opponent of `owner` must be to move: each
  // line starts with the opponent's next move, alternates, and ends with an own reply; every
  // move (SAN, UCI or ICCF numeric) must be legal in its position (kIllegalMove,
  // kAmbiguousMove, kInvalidNotation with the line and move named). Lines sharing a prefix
  // are merged; two different replies to the same opponent move are kValidationError.
  static Result<ConditionalTree> build(const chess::Position& current, Color owner,
                                       const std::vector<ConditionalLine>& lines);

  // The tree as lines in UCI, each a root-to-leaf path, in a stable (sorted) order.
  std::vector<ConditionalLine> lines() const;
  // The same lines in SAN, for showing to the owner; `current` must be the position the
  // tree starts from (the opponent to move).
  std::vector<ConditionalLine> lines_san(const chess::Position& current) const;

  bool empty() const { return branches_.empty(); }

  // The opponent played `opponent_uci` (normalised UCI). If the tree expects it, returns the
  // stored reply and keeps only the subtree below that reply; otherwise the tree becomes
  // empty (the lines stopped matching) and nullopt is returned.
  std::optional<std::string> follow(std::string_view opponent_uci);

  bool operator==(const ConditionalTree&) const = default;

 private:
  struct Branch {
    std::string opponent_move;  // UCI
    std::string reply;          // UCI
    std::vector<Branch> children;
    bool operator==(const Branch&) const = default;
  };
  static void collect(const std::vector<Branch>& branches, ConditionalLine& prefix,
                      std::vector<ConditionalLine>& out);

  std::vector<Branch> branches_;  // sorted by opponent_move
};

}  // namespace corrchess::game
