// PGN reader: any text reads without crashing; every game read is written, and the text
// written reads back as exactly one game with the same start position, moves, tags, result
// and annotations, and writes the same text again. Seeds: the games of tests/data/pgn
// (scripts/fuzz splits them).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/chess/pgn.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace corrchess::chess;
using corrchess::fuzz::require;

// A tag value as the writer puts it on its one line: line breaks and tabs become spaces.
std::string one_line(std::string value) {
  for (char& c : value) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  return value;
}

void check_round_trip(const PgnGame& game) {
  auto written = write_pgn(game);
  require(written.has_value(), "a game read can be written");
  auto again = read_single_pgn(*written);
  require(again.has_value(), "a written game reads back", *written);
  require(again->start == game.start, "same start position", *written);
  require(again->move_list() == game.move_list(), "same moves", *written);
  require(again->result == game.result, "same result", *written);
  for (const auto& tag : game.tags) {
    // Result is written from game.result; Variant, SetUp and FEN from game.start (compared
    // above).
    if (tag.name == "Result" || tag.name == "Variant" || tag.name == "SetUp" || tag.name == "FEN")
      continue;
    auto value = again->tag(tag.name);
    require(value.has_value(), "every tag is written", tag.name);
    // Only the first tag of a name is found by tag(); later duplicates are not compared.
    require(*value == one_line(*game.tag(tag.name)), "same tag value", tag.name);
  }
  require(again->moves.size() == game.moves.size(), "same move count", *written);
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    require(again->moves[i].nags == game.moves[i].nags, "same NAGs", *written);
  }
  auto rewritten = write_pgn(*again);
  require(rewritten && *rewritten == *written, "writing the game read back gives the same text",
          *written);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 64 * 1024) return 0;
  PgnReader reader(corrchess::fuzz::as_text(data, size));
  int games = 0;
  while (auto game = reader.next()) {
    require(++games < 100000, "the reader ends");
    if (*game) check_round_trip(**game);
  }
  return 0;
}
