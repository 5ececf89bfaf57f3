// Move input: the first line is a FEN (the start position when it does not parse, Chess960
// when it begins with '9'), every further line is a move in any notation. Properties: in
// every position reached, each legal move written in SAN, UCI and ICCF numeric reads back as
// the same move (through its own reader and through parse_move); arbitrary text never
// crashes a reader, and whatever a reader accepts is a legal move whose SAN reads back to
// it. Lines that read as a legal move are played, so the fuzzer walks into deeper positions.
//
// The writers' round trip depends on the position alone, and most inputs pass through the
// same few positions (the start position above all): each position is checked once per
// process (a crash input replayed alone checks all of its positions again).
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_set>

#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace corrchess::chess;
using corrchess::Result;
using corrchess::fuzz::require;

// What the writers of a position depend on: the FEN, the Chess960 flag and the castling rooks.
std::string writer_key(const Position& pos) {
  std::string key = pos.fen();
  key += pos.is_chess960() ? '9' : '-';
  for (auto right : {kWhiteKingSide, kWhiteQueenSide, kBlackKingSide, kBlackQueenSide}) {
    key += static_cast<char>(pos.castling_rook(right));
  }
  return key;
}

// True the first time a position is seen (at most a million are remembered, then it starts
// over).
bool first_visit(const Position& pos) {
  static std::unordered_set<std::string> seen;
  if (seen.size() >= (1u << 20)) seen.clear();
  return seen.insert(writer_key(pos)).second;
}

void check_writers(const Position& pos) {
  if (!first_visit(pos)) return;
  for (Move move : pos.legal_moves()) {
    const std::string san = to_san(pos, move);
    const std::string uci = to_uci(pos, move);
    const std::string numeric = to_numeric(pos, move);
    auto from_san = parse_san(pos, san);
    require(from_san && *from_san == move, "SAN reads back as the same move", san);
    auto from_uci = parse_uci(pos, uci);
    require(from_uci && *from_uci == move, "UCI reads back as the same move", uci);
    auto from_numeric = parse_numeric(pos, numeric);
    require(from_numeric && *from_numeric == move, "numeric reads back as the same move", numeric);
    for (const std::string* text : {&san, &uci, &numeric}) {
      auto any = parse_move(pos, *text);
      require(any && *any == move, "parse_move reads every written form", *text);
    }
  }
}

// What a reader accepted must be legal, and its SAN must read back to it.
void check_accepted(const Position& pos, const Result<Move>& move, std::string_view text) {
  if (!move) return;
  require(pos.is_legal(*move), "an accepted move is legal", text);
  auto again = parse_san(pos, to_san(pos, *move));
  require(again && *again == *move, "an accepted move's SAN reads back", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto lines = corrchess::fuzz::lines(corrchess::fuzz::as_text(data, size));
  if (lines.size() > 64) return 0;  // deep games only slow the search down
  Position pos = Position::startpos();
  if (!lines.empty()) {
    std::string_view fen = lines[0];
    const bool chess960 = fen.starts_with('9');
    if (chess960) fen.remove_prefix(1);
    if (auto parsed = Position::from_fen_for_analysis(fen, chess960)) pos = *parsed;
  }
  check_writers(pos);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string_view text = lines[i];
    check_accepted(pos, parse_san(pos, text), text);
    check_accepted(pos, parse_uci(pos, text), text);
    check_accepted(pos, parse_numeric(pos, text), text);
    auto move = parse_move(pos, text);
    check_accepted(pos, move, text);
    if (move) {
      pos.play(*move);
      check_writers(pos);
    }
  }
  return 0;
}
