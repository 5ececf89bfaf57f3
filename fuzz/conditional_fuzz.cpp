// Conditional lines (core/game/conditional): the first input line is a FEN (the start
// position when it does not parse, Chess960 when it begins with '9'), every further line a
// conditional line of space-separated moves in any notation. The side not to move owns the
// lines. Properties: building never crashes; a tree built is rebuilt identically from its
// own UCI lines and from its SAN lines; following a line's opponent moves gives its replies.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/game/conditional.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace corrchess;
using fuzz::require;
using game::ConditionalLine;
using game::ConditionalTree;

ConditionalLine words(std::string_view line) {
  ConditionalLine out;
  while (!line.empty()) {
    auto end = line.find(' ');
    if (end != 0) out.emplace_back(line.substr(0, end));
    if (end == std::string_view::npos) break;
    line.remove_prefix(end + 1);
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16 * 1024) return 0;
  auto input = fuzz::lines(fuzz::as_text(data, size));
  chess::Position pos = chess::Position::startpos();
  if (!input.empty()) {
    std::string_view fen = input[0];
    const bool chess960 = fen.starts_with('9');
    if (chess960) fen.remove_prefix(1);
    if (auto parsed = chess::Position::from_fen_for_analysis(fen, chess960)) pos = *parsed;
  }
  const chess::Color owner = ~pos.side_to_move();
  std::vector<ConditionalLine> lines;
  for (std::size_t i = 1; i < input.size(); ++i) lines.push_back(words(input[i]));
  auto tree = ConditionalTree::build(pos, owner, lines);
  if (!tree) return 0;
  const auto uci = tree->lines();
  auto from_uci = ConditionalTree::build(pos, owner, uci);
  require(from_uci && *from_uci == *tree, "a tree rebuilds from its UCI lines");
  auto from_san = ConditionalTree::build(pos, owner, tree->lines_san(pos));
  require(from_san && *from_san == *tree, "a tree rebuilds from its SAN lines");
  for (const auto& line : uci) {
    ConditionalTree walker = *tree;
    for (std::size_t i = 0; i + 1 < line.size(); i += 2) {
      auto reply = walker.follow(line[i]);
      require(reply && *reply == line[i + 1], "following a line gives its replies");
    }
  }
  return 0;
}
