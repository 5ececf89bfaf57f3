#include "core/competition/thematic.h"

#include <vector>

#include "core/chess/notation.h"
#include "core/chess/position.h"

namespace corrchess::competition {

namespace {

// The maximum number of plies of an opening given as moves (60 moves).
constexpr std::size_t kMaxOpeningPlies = 120;

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !space(text[i])) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

// "12." or "12..." (a move number, possibly glued to the move: "1.e4"): the length of the
// number and its dots, 0 when the word does not start with one.
std::size_t move_number_length(std::string_view word) {
  std::size_t i = 0;
  while (i < word.size() && word[i] >= '0' && word[i] <= '9') ++i;
  if (i == 0 || i == word.size() || word[i] != '.') return 0;
  while (i < word.size() && word[i] == '.') ++i;
  return i;
}

}  // namespace

Result<std::string> opening_position(std::string_view opening) {
  const auto tokens = words(opening);
  if (tokens.empty()) return fail(ErrorCode::kValidationError, "the opening is empty");
  chess::Position pos = chess::Position::startpos();
  if (opening.find('/') != std::string_view::npos) {
    std::string fen;
    for (const auto& t : tokens) {
      if (!fen.empty()) fen += ' ';
      fen += t;
    }
    TRY_LET(read, chess::Position::from_fen(fen));
    pos = *read;
  } else {
    std::size_t plies = 0;
    for (auto token : tokens) {
      token.remove_prefix(move_number_length(token));
      if (token.empty()) continue;
      if (++plies > kMaxOpeningPlies) {
        return fail(ErrorCode::kValidationError, "an opening has at most 60 moves");
      }
      const auto number = std::to_string((plies + 1) / 2) + (plies % 2 == 1 ? "." : "...");
      auto move = chess::parse_san(pos, token);
      if (!move) {
        return fail(move.error().code,
                    "move " + number + " " + std::string(token) + ": " + move.error().detail);
      }
      pos.play(*move);
    }
  }
  if (pos.count_legal_moves() == 0) {
    return fail(ErrorCode::kValidationError,
                "the opening ends the game (no legal move): a thematic position must be playable");
  }
  return pos.fen();
}

}  // namespace corrchess::competition
