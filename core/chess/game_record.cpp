#include "core/chess/game_record.h"

#include <algorithm>

#include "core/chess/notation.h"

namespace corrchess::chess {
namespace {

// Why no claim can be made in this position (the game is over), or empty.
std::string game_over_reason(const Position& pos) {
  if (pos.count_legal_moves() != 0) return {};
  return pos.in_check() ? "checkmate" : "stalemate";
}

Result<void> require_legal(const Position& pos, Move m) {
  if (pos.is_legal(m)) return {};
  return fail(ErrorCode::kIllegalMove, "the intended move " + to_uci(pos, m) + " is not legal in " +
                                           pos.fen() + ": the claim is invalid");
}

// Judges a claim that may name the move the claimant intends: an illegal intended move is an
// error; the board verdict `board` stands when it upholds the claim or no move is intended; a
// move that would end the game refutes the claim; otherwise `after(board, san, next)` judges
// the position after the move.
template <class After>
Result<ClaimVerdict> judge_claim(const Position& pos, std::optional<Move> intended,
                                 const ClaimVerdict& board, After after) {
  if (intended) {
    TRY(require_legal(pos, *intended));
  }
  if (board.correct || !intended) return board;
  const std::string san = to_san(pos, *intended);
  const Position next = pos.after(*intended);
  if (std::string over = game_over_reason(next); !over.empty()) {
    return ClaimVerdict{false, board.reason + "; " + san + " would end the game by " + over};
  }
  return after(san, next);
}

}  // namespace

GameRecord::GameRecord(const Position& start) {
  positions_.push_back(start);
  keys_.push_back(start.key());
}

Result<GameRecord> GameRecord::from_moves(const Position& start, std::span<const Move> moves) {
  GameRecord record(start);
  record.moves_.reserve(moves.size());
  record.positions_.reserve(moves.size() + 1);
  record.keys_.reserve(moves.size() + 1);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (auto r = record.play(moves[i]); !r) {
      return fail(ErrorCode::kIllegalMove,
                  "ply " + std::to_string(i + 1) + ": " + r.error().detail);
    }
  }
  return record;
}

Result<void> GameRecord::play(Move m) {
  const Position& pos = current();
  if (!pos.is_legal(m)) {
    return fail(ErrorCode::kIllegalMove, to_uci(pos, m) + " is not a legal move in " + pos.fen());
  }
  Position next = pos.after(m);
  moves_.push_back(m);
  keys_.push_back(next.key());
  positions_.push_back(std::move(next));
  return {};
}

std::vector<int> GameRecord::plies_with_key(std::uint64_t key) const {
  std::vector<int> plies;
  for (int i = 0; i < static_cast<int>(keys_.size()); ++i) {
    if (keys_[i] == key) plies.push_back(i);
  }
  return plies;
}

int GameRecord::repetition_count() const {
  return static_cast<int>(std::count(keys_.begin(), keys_.end(), keys_.back()));
}

int GameRecord::repetition_count_after(Move m) const {
  const std::uint64_t key = current().after(m).key();
  return 1 + static_cast<int>(std::count(keys_.begin(), keys_.end(), key));
}

std::string GameRecord::describe_ply(int ply) const {
  if (ply == 0) return "the start position";
  const Position& before = positions_[ply - 1];
  return "after " + move_number_label(before) + to_san(before, moves_[ply - 1]);
}

std::string GameRecord::describe_plies(const std::vector<int>& plies) const {
  std::string out;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    if (i > 0) out += i + 1 == plies.size() ? " and " : ", ";
    out += describe_ply(plies[i]);
  }
  return out;
}

ClaimVerdict GameRecord::threefold_on_board() const {
  if (std::string over = game_over_reason(current()); !over.empty()) {
    return {false, "the game is over by " + over};
  }
  std::vector<int> plies = plies_with_key(keys_.back());
  const int n = static_cast<int>(plies.size());
  if (n >= 3) {
    return {true, "the position on the board has stood " + std::to_string(n) +
                      " times with the same player to move: " + describe_plies(plies)};
  }
  return {false, "the position on the board has stood only " + std::to_string(n) +
                     (n == 1 ? " time" : " times")};
}

Result<ClaimVerdict> GameRecord::judge_threefold_claim(std::optional<Move> intended) const {
  const Position& pos = current();
  const ClaimVerdict board = threefold_on_board();
  return judge_claim(pos, intended, board, [&](const std::string& san, const Position& next) {
    std::vector<int> plies = plies_with_key(next.key());
    const int n = static_cast<int>(plies.size()) + 1;
    if (n >= 3) {
      return ClaimVerdict{true, "the position after " + move_number_label(pos) + san +
                                    " would stand for " + "the " + std::to_string(n) +
                                    (n == 3 ? "rd" : "th") + " time: it stood " +
                                    describe_plies(plies)};
    }
    return ClaimVerdict{false, board.reason + "; the position after " + move_number_label(pos) +
                                   san + " would stand only " + std::to_string(n) +
                                   (n == 1 ? " time" : " times")};
  });
}

bool GameRecord::can_claim_threefold(std::optional<Move> intended) const {
  auto v = judge_threefold_claim(intended);
  return v && v->correct;
}

ClaimVerdict GameRecord::fifty_on_board() const {
  const Position& pos = current();
  if (std::string over = game_over_reason(pos); !over.empty()) {
    return {false, "the game is over by " + over};
  }
  const int men = pos.men_count();
  if (men < kFiftyMoveRuleMinMen) {
    return {false, "only " + std::to_string(men) +
                       " men on the board: the fifty-move rule does not apply (the tablebase "
                       "decides)"};
  }
  const int clock = pos.halfmove_clock();
  if (clock >= kFiftyMovePlies) {
    return {true, "no pawn move and no capture in the last " + std::to_string(clock) + " plies"};
  }
  return {false, "only " + std::to_string(clock) + " plies without a pawn move or capture"};
}

Result<ClaimVerdict> GameRecord::judge_fifty_move_claim(std::optional<Move> intended) const {
  const Position& pos = current();
  const ClaimVerdict board = fifty_on_board();
  return judge_claim(pos, intended, board, [&](const std::string& san, const Position& next) {
    const int men = next.men_count();
    if (men < kFiftyMoveRuleMinMen) {
      return ClaimVerdict{false, "only " + std::to_string(men) + " men on the board after " + san +
                                     ": the fifty-move rule does not apply (the tablebase "
                                     "decides)"};
    }
    if (pos.is_zeroing(*intended)) {
      return ClaimVerdict{false, board.reason + "; " + san + " is a pawn move or a capture"};
    }
    const int clock = next.halfmove_clock();
    if (clock >= kFiftyMovePlies) {
      return ClaimVerdict{true, "with " + move_number_label(pos) + san +
                                    " no pawn move and no capture in " + "the last " +
                                    std::to_string(clock) + " plies"};
    }
    return ClaimVerdict{false, "only " + std::to_string(clock) + " plies without a pawn move or " +
                                   "capture, counting " + san};
  });
}

bool GameRecord::can_claim_fifty_moves(std::optional<Move> intended) const {
  auto v = judge_fifty_move_claim(intended);
  return v && v->correct;
}

ClaimOptions GameRecord::claim_options() const {
  ClaimOptions options;
  const Position& pos = current();
  const MoveList legal = pos.legal_moves();
  if (legal.empty()) return options;
  options.threefold_now = threefold_on_board().correct;
  options.fifty_moves_now = fifty_on_board().correct;
  const bool fifty_possible =
      pos.men_count() >= kFiftyMoveRuleMinMen && pos.halfmove_clock() + 1 >= kFiftyMovePlies;
  for (Move m : legal) {
    const Position next = pos.after(m);
    if (next.count_legal_moves() == 0) continue;  // the move ends the game itself
    if (std::count(keys_.begin(), keys_.end(), next.key()) >= 2) {
      options.threefold_moves.push_back(m);
    }
    if (fifty_possible && !pos.is_zeroing(m) && next.halfmove_clock() >= kFiftyMovePlies &&
        next.men_count() >= kFiftyMoveRuleMinMen) {
      options.fifty_move_moves.push_back(m);
    }
  }
  return options;
}

}  // namespace corrchess::chess
