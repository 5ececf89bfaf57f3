#include "core/game/repertoire.h"

#include <optional>
#include <set>
#include <utility>

#include "core/chess/notation.h"
#include "core/chess/pgn_tree.h"
#include "core/text.h"

namespace corrchess::game {

namespace {

// One opponent move with the owner's reply and what may follow it.
struct RepertoireNode {
  std::string opponent_uci;
  std::string opponent_san;
  std::string reply_uci;
  std::string reply_san;
  std::vector<RepertoireNode> children;
};

// Placement, side to move, castling and en passant (the move counters do not matter).
std::string repertoire_fen4(const chess::Position& pos) {
  const std::string fen = pos.fen();
  std::size_t cut = 0;
  for (int spaces = 0; cut < fen.size(); ++cut) {
    if (fen[cut] == ' ' && ++spaces == 4) break;
  }
  return fen.substr(0, cut);
}

// A move of a line with the place it was written at.
using RepertoirePath = std::vector<const chess::PgnTreeMove*>;

// Calls `emit` with every line of `seq` (prefixed by `prefix`): the main line first, then
// each variation in the order written, each followed by its own variations.
template <class Emit>
void each_repertoire_line(const chess::PgnSequence& seq, RepertoirePath& prefix, Emit& emit) {
  const std::size_t base = prefix.size();
  for (const auto& move : seq) prefix.push_back(&move);
  emit(prefix);
  prefix.resize(base);
  for (const auto& move : seq) {
    for (const auto& variation : move.variations) each_repertoire_line(variation, prefix, emit);
    prefix.push_back(&move);
  }
  prefix.resize(base);
}

class RepertoireBuilder {
 public:
  RepertoireBuilder(const chess::GameRecord& record, Color owner)
      : record_(record), owner_(owner) {}

  Result<void> add_game(const chess::PgnTreeGame& pgn, int number) {
    ++preview_.counts.games;
    TRY_LET(start, start_of(pgn));
    const std::optional<int> from = ply_of(*start);
    RepertoirePath prefix;
    auto emit = [&](const RepertoirePath& line) {
      if (line.empty() || too_many_) return;
      if (preview_.counts.lines_read == kMaxRepertoirePgnLines) {
        too_many_ = true;
        return;
      }
      ++preview_.counts.lines_read;
      if (!from) {
        ++preview_.counts.lines_skipped;
        return;
      }
      add_line(line, *start, *from, number);
    };
    each_repertoire_line(pgn.moves, prefix, emit);
    return {};
  }

  Result<RepertoirePreview> finish() && {
    if (too_many_) {
      return fail(ErrorCode::kValidationError, "a repertoire holds at most " +
                                                   std::to_string(kMaxRepertoirePgnLines) +
                                                   " lines (main lines and variations together)");
    }
    ConditionalLine prefix;
    collect(roots_, prefix);
    TRY_LET(tree, ConditionalTree::build(record_.current(), owner_, preview_.lines));
    preview_.tree = std::move(*tree);
    preview_.lines = preview_.tree.lines();
    preview_.counts.illegal_moves = static_cast<int>(preview_.illegal.size());
    preview_.counts.conflicts = static_cast<int>(preview_.conflicts.size());
    return std::move(preview_);
  }

 private:
  static Result<chess::Position> start_of(const chess::PgnTreeGame& pgn) {
    const auto where = [&](const std::string& why) {
      return std::unexpected(
          Error{ErrorCode::kInvalidPgn, "line " + std::to_string(pgn.place.line) + ", column " +
                                            std::to_string(pgn.place.column) + ": " + why}
              .with_json("line", std::to_string(pgn.place.line))
              .with_json("column", std::to_string(pgn.place.column)));
    };
    bool chess960 = false;
    if (auto variant = pgn.tag("Variant")) {
      auto v = chess::is_chess960_variant(*variant);
      if (!v) return std::unexpected(v.error());
      chess960 = *v;
    }
    if (auto fen = pgn.tag("FEN")) {
      auto pos = chess::Position::from_fen(text::trim_ascii_space(*fen), chess960);
      if (!pos) return where("FEN tag: " + pos.error().detail);
      return *pos;
    }
    return chess::Position::startpos();
  }

  // The latest ply of the game whose position is `start`.
  std::optional<int> ply_of(const chess::Position& start) const {
    const std::string want = repertoire_fen4(start);
    for (int ply = record_.ply_count(); ply >= 0; --ply) {
      if (repertoire_fen4(record_.position_at(ply)) == want) return ply;
    }
    return std::nullopt;
  }

  void report_illegal(const RepertoirePath& line, std::size_t index, int game, const Error& why) {
    const auto& move = *line[index];
    if (!illegal_seen_.insert(move.place.offset).second) return;
    RepertoireIllegalMove bad{game, move.place.line, move.place.column, move.text, why.detail, {}};
    for (std::size_t i = 0; i < index; ++i) bad.before.push_back(line[i]->text);
    preview_.illegal.push_back(std::move(bad));
  }

  void add_line(const RepertoirePath& line, chess::Position pos, int ply, int game) {
    auto& counts = preview_.counts;
    std::size_t i = 0;
    // Up to the current position the line must be the game's own moves.
    for (; ply < record_.ply_count(); ++ply, ++i) {
      if (i == line.size()) {
        ++counts.lines_skipped;
        return;
      }
      auto move = chess::parse_san(pos, line[i]->text);
      if (!move) {
        report_illegal(line, i, game, move.error());
        ++counts.lines_rejected;
        return;
      }
      if (*move != record_.moves()[static_cast<std::size_t>(ply)]) {
        ++counts.lines_skipped;
        return;
      }
      pos.play(*move);
    }
    // From the current position: opponent, owner, opponent, ...
    struct Ply {
      chess::Move move;
      std::string uci;
      std::string san;
      const chess::PgnTreeMove* written;
    };
    std::vector<Ply> plies;
    bool stopped = false;
    for (; i < line.size() && plies.size() < kMaxConditionalLinePlies + 2; ++i) {
      auto move = chess::parse_san(pos, line[i]->text);
      if (!move) {
        report_illegal(line, i, game, move.error());
        stopped = true;
        break;
      }
      plies.push_back({*move, chess::to_uci(pos, *move), chess::to_san(pos, *move), line[i]});
      pos.play(*move);
    }
    if (plies.size() % 2 != 0) plies.pop_back();  // an opponent move without a reply
    if (plies.size() > kMaxConditionalLinePlies) {
      plies.resize(kMaxConditionalLinePlies);
      ++counts.cut_by_ply_cap;
    }
    if (plies.empty()) {
      ++(stopped ? counts.lines_rejected : counts.lines_skipped);
      return;
    }
    std::vector<RepertoireNode>* level = &roots_;
    std::vector<std::string> after;
    std::size_t pairs = 0;
    for (std::size_t k = 0; k < plies.size(); k += 2, ++pairs) {
      const Ply& theirs = plies[k];
      const Ply& mine = plies[k + 1];
      after.push_back(theirs.san);
      RepertoireNode* node = nullptr;
      for (auto& n : *level) {
        if (n.opponent_uci == theirs.uci) node = &n;
      }
      if (node == nullptr) {
        const bool new_line = level == &roots_ || !level->empty();
        if (new_line && leaves_ >= kMaxConditionalLines) {
          ++counts.cut_by_line_cap;
          break;
        }
        if (new_line) ++leaves_;
        level->push_back(RepertoireNode{theirs.uci, theirs.san, mine.uci, mine.san, {}});
        node = &level->back();
      } else if (node->reply_uci != mine.uci) {
        if (conflict_seen_.insert(mine.written->place.offset).second) {
          preview_.conflicts.push_back(RepertoireConflict{game, mine.written->place.line,
                                                          mine.written->place.column, after,
                                                          node->reply_san, mine.san});
        }
        break;
      }
      after.push_back(mine.san);
      level = &node->children;
    }
    ++(pairs > 0 ? counts.lines_imported : counts.lines_rejected);
  }

  void collect(const std::vector<RepertoireNode>& nodes, ConditionalLine& prefix) {
    for (const auto& n : nodes) {
      prefix.push_back(n.opponent_uci);
      prefix.push_back(n.reply_uci);
      if (n.children.empty()) {
        preview_.lines.push_back(prefix);
      } else {
        collect(n.children, prefix);
      }
      prefix.pop_back();
      prefix.pop_back();
    }
  }

  const chess::GameRecord& record_;
  Color owner_;
  RepertoirePreview preview_;
  std::vector<RepertoireNode> roots_;
  std::size_t leaves_ = 0;
  bool too_many_ = false;
  std::set<std::size_t> illegal_seen_;
  std::set<std::size_t> conflict_seen_;
};

}  // namespace

Result<RepertoirePreview> read_repertoire(const chess::GameRecord& record, Color owner,
                                          std::string_view pgn) {
  if (record.current().side_to_move() == owner) {
    return fail(ErrorCode::kValidationError,
                "a repertoire can be imported only while the opponent is to move");
  }
  TRY_LET(games, chess::read_pgn_tree(pgn));
  RepertoireBuilder builder(record, owner);
  for (std::size_t i = 0; i < games->size(); ++i) {
    TRY(builder.add_game((*games)[i], static_cast<int>(i) + 1));
  }
  return std::move(builder).finish();
}

Result<RepertoirePreview> import_repertoire(const Game& game, Color owner, std::string_view pgn) {
  const GameState& st = game.state();
  if (is_over(st.status) || st.status == GameStatus::kAdjudicationPending) {
    return fail(ErrorCode::kGameOver, "the game is over");
  }
  return read_repertoire(game.record(), owner, pgn);
}

}  // namespace corrchess::game
