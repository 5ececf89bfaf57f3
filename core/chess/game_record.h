// A game's move record (start position plus moves, with every position and repetition key
// kept per ply) and the draw claims that depend on it: threefold repetition (rules.md 3.3)
// and the fifty-move rule (rules.md 3.4).
//
// Claims are decided here, never automatic draws: under the ICCF Laws there is no fivefold
// repetition and no 75-move rule (rules.md 3.5a), so nothing in this class ends a game.
//
// Exact claim semantics (the claimant is always the player to move):
//   threefold, no intended move   the position on the board has stood at least 3 times
//                                 (same key, this occurrence included).
//   threefold, intended move m    as above, OR the position after m has stood at least twice
//                                 before (so m would make it stand the 3rd time).
//   fifty moves, no intended move the halfmove clock is at least 100 (no pawn move or capture
//                                 in the last 100 plies) AND more than 7 men are on the board.
//   fifty moves, intended move m  as above, OR m is neither a pawn move nor a capture, the
//                                 clock reaches 100 with m, and more than 7 men stand on the
//                                 board after m.
// In a finished position (checkmate or stalemate) no claim is correct, and an intended move
// that would end the game by checkmate or stalemate does not support a claim (the move's
// result takes precedence). An intended move that is not legal makes the claim invalid:
// kIllegalMove (rules.md 3.5: "nothing happens").
// Position identity is Position::key(): placement, side to move, castling rights as rights,
// and the en-passant square only when an en-passant capture is legal.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/error.h"

namespace corrchess::chess {

// The fifty-move rule does not apply with this many men or fewer (kings and pawns included):
// there the tablebase decides (rules.md 3.4, 3.6).
constexpr int kFiftyMoveRuleMinMen = 8;
// Plies without a pawn move or capture that make a fifty-move claim correct.
constexpr int kFiftyMovePlies = 100;

// The server's ruling on a claim, with the reason stored alongside it (rules.md 6.1).
struct ClaimVerdict {
  bool correct = false;
  std::string reason;
};

// Which draw claims the player to move could make now (for a `claimable` flag).
struct ClaimOptions {
  bool threefold_now = false;    // correct without naming a move
  bool fifty_moves_now = false;  // correct without naming a move
  // Intended moves whose resulting position supports the claim by itself (the position after
  // the move would stand the 3rd time / the move completes 100 quiet plies).
  std::vector<Move> threefold_moves;
  std::vector<Move> fifty_move_moves;

  // True when some claim (with or without an intended move) would be correct.
  bool any() const {
    return threefold_now || fifty_moves_now || !threefold_moves.empty() ||
           !fifty_move_moves.empty();
  }
};

class GameRecord {
 public:
  // An empty record starting at `start`.
  explicit GameRecord(const Position& start = Position::startpos());

  // Replays `moves` from `start`; kIllegalMove naming the first move that is not legal.
  static Result<GameRecord> from_moves(const Position& start, std::span<const Move> moves);

  // Appends a legal move; kIllegalMove (and the record unchanged) if it is not legal.
  Result<void> play(Move m);

  const Position& start() const { return positions_.front(); }
  const Position& current() const { return positions_.back(); }
  const std::vector<Move>& moves() const { return moves_; }
  int ply_count() const { return static_cast<int>(moves_.size()); }
  // The position after `ply` moves (0 = start); precondition 0 <= ply <= ply_count().
  const Position& position_at(int ply) const { return positions_[ply]; }
  // Position::key() after `ply` moves (the repetition identity).
  std::uint64_t key_at(int ply) const { return keys_[ply]; }

  // How many times the position on the board has stood, this occurrence included (>= 1).
  int repetition_count() const;
  // How many times the position after legal move m would have stood, counting that one.
  int repetition_count_after(Move m) const;
  // The plies (0 = start) at which the position with this key stood, in order.
  std::vector<int> plies_with_key(std::uint64_t key) const;

  // Threefold claim by the player to move (semantics at the top of this header); false also
  // when `intended` is not legal.
  bool can_claim_threefold(std::optional<Move> intended = std::nullopt) const;
  // The same ruling with its reason; kIllegalMove if `intended` is not legal.
  Result<ClaimVerdict> judge_threefold_claim(std::optional<Move> intended = std::nullopt) const;

  // Fifty-move claim by the player to move (semantics at the top of this header); false also
  // when `intended` is not legal.
  bool can_claim_fifty_moves(std::optional<Move> intended = std::nullopt) const;
  // The same ruling with its reason; kIllegalMove if `intended` is not legal.
  Result<ClaimVerdict> judge_fifty_move_claim(std::optional<Move> intended = std::nullopt) const;

  // Every threefold / fifty-move claim the player to move could make now.
  ClaimOptions claim_options() const;
  // True when some claim, with or without an intended move, would be correct.
  bool claimable() const { return claim_options().any(); }

 private:
  // "the start position" or "after 12...Nf6".
  std::string describe_ply(int ply) const;
  std::string describe_plies(const std::vector<int>& plies) const;
  ClaimVerdict threefold_on_board() const;
  ClaimVerdict fifty_on_board() const;

  std::vector<Move> moves_;
  std::vector<Position> positions_;  // ply_count() + 1 entries
  std::vector<std::uint64_t> keys_;  // ply_count() + 1 entries
};

}  // namespace corrchess::chess
