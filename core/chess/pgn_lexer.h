// The tokens of PGN movetext, shared by the game reader (core/chess/pgn.h) and the tree
// reader (core/chess/pgn_tree.h), which differ in what they make of them (the game reader
// skips variations and goes on after a syntax error; the tree reader keeps variations and
// stops at the first error).
//
// Between tokens the lexer skips whitespace and %-escape lines (a '%' first on its line,
// after blanks at most). Move numbers ("12.", "12...", glued to the move as in "12.e4" or
// "1...0-0-0"), bare numbers and "e.p." are skipped too: they give no token. Everything the
// lexer does not recognise up to the next delimiter (whitespace, braces, parentheses, ';',
// '$') is a move as written; no chess is checked here.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace corrchess::chess {

enum class PgnTokenKind {
  kEnd,             // the end of the text
  kComment,         // {comment} or ;comment (to the end of the line): text is the inside
  kNag,             // $n: nag is n (1 to 3 digits)
  kGlyph,           // !, ?, !!, ??, !? or ?!: nag is its NAG number (1 to 6)
  kMove,            // a move as written, without its move number
  kResult,          // 1-0, 0-1, 1/2-1/2 or *
  kOpenVariation,   // (
  kCloseVariation,  // )
  kTagLine,         // a word starting with '[' first on its line: the next game's tags
                    // (offset is where the line's tag begins; seek() there to read them)
  kError,           // text says why: an unterminated {comment}, a '}' without a comment
                    // to close, a malformed NAG
};

struct PgnToken {
  PgnTokenKind kind = PgnTokenKind::kEnd;
  std::size_t offset = 0;  // where the token begins (a move: after its move number)
  std::string_view text;   // as written (see PgnTokenKind); a kError's reason
  int nag = 0;             // kNag, kGlyph
};

// A termination marker: "1-0", "0-1", "1/2-1/2" or "*".
bool is_pgn_result(std::string_view s);
// The NAG number of a move-assessment glyph (PGN standard 10.1): "!" 1, "?" 2, "!!" 3,
// "??" 4, "!?" 5, "?!" 6.
std::optional<int> pgn_glyph_nag(std::string_view s);

// Reads the tokens of `text` from an offset on. The text must outlive the lexer.
class PgnLexer {
 public:
  explicit PgnLexer(std::string_view text, std::size_t pos = 0) : text_(text), pos_(pos) {}

  // Skips whitespace and %-escape lines; false at the end of the text.
  bool skip_to_content();
  // The next token (kEnd at the end of the text, and again after). After a kError the
  // lexer goes on after the malformed part (after an unterminated comment: at the end).
  PgnToken next();

  std::size_t position() const { return pos_; }
  void seek(std::size_t pos) { pos_ = pos; }
  // The character at the position ('\0' at the end).
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  // The rest of the current line from the position, without its '\n'.
  std::string_view rest_of_line() const;

 private:
  bool at_line_start(std::size_t i) const;
  void skip_line();
  // The word [begin, pos_) as a token: nullopt when it is skipped (a move number alone, ...).
  std::optional<PgnToken> word(std::size_t begin) const;

  std::string_view text_;
  std::size_t pos_;
};

}  // namespace corrchess::chess
