// FEN reader: any text either fails to parse or gives a position whose FEN parses again to
// the same position and prints the same FEN. Each of the three strictness levels is tried,
// in standard and Chess960 mode; a parsed position's legal moves are played and the
// children round-trip too. Seeds: the FENs of tests/data/perft (scripts/fuzz writes them).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/chess/position.h"
#include "fuzz/fuzz_support.h"

namespace {

using corrchess::Result;
using corrchess::chess::Position;
using corrchess::fuzz::require;

using Reader = Result<Position> (*)(std::string_view, bool);

// The FEN does not carry the variant (a Shredder-FEN "Hh" with the king on e1 prints as
// "Kk"): like every caller, read it back with the position's own Chess960 flag.
void round_trip(const Position& pos, Reader read) {
  const std::string fen = pos.fen();
  auto again = read(fen, pos.is_chess960());
  require(again.has_value(), "a printed FEN parses again", fen);
  require(*again == pos, "the FEN read back is the same position", fen);
  require(again->fen() == fen, "the FEN read back prints the same FEN", fen);
  require(again->key() == pos.key(), "the FEN read back has the same key", fen);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = corrchess::fuzz::as_text(data, size);
  const Reader readers[] = {&Position::from_fen, &Position::from_fen_relaxed,
                            &Position::from_fen_for_analysis};
  for (bool chess960 : {false, true}) {
    bool parsed_stricter = false;
    for (Reader read : readers) {
      auto pos = read(text, chess960);
      // A stricter reader's success implies the laxer ones' success.
      require(pos.has_value() || !parsed_stricter,
              "a laxer FEN reader accepts what a stricter one did");
      if (!pos) continue;
      parsed_stricter = true;
      round_trip(*pos, read);
      if (read != readers[2]) continue;
      for (auto move : pos->legal_moves()) {
        Position child = pos->after(move);
        round_trip(child, &Position::from_fen_for_analysis);
      }
    }
  }
  return 0;
}
