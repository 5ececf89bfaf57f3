#include "core/chess/pgn_lexer.h"

#include "core/text.h"

namespace corrchess::chess {
namespace {

bool lexer_is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_movetext_delimiter(char c) {
  return text::is_ascii_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' ||
         c == '$';
}

PgnToken lexer_error(std::size_t offset, std::string_view why) {
  return PgnToken{PgnTokenKind::kError, offset, why, 0};
}

}  // namespace

bool is_pgn_result(std::string_view s) {
  return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*";
}

std::optional<int> pgn_glyph_nag(std::string_view s) {
  if (s == "!") return 1;
  if (s == "?") return 2;
  if (s == "!!") return 3;
  if (s == "??") return 4;
  if (s == "!?") return 5;
  if (s == "?!") return 6;
  return std::nullopt;
}

bool PgnLexer::at_line_start(std::size_t i) const {
  while (i > 0 && (text_[i - 1] == ' ' || text_[i - 1] == '\t')) --i;
  return i == 0 || text_[i - 1] == '\n';
}

void PgnLexer::skip_line() {
  const std::size_t end = text_.find('\n', pos_);
  pos_ = end == std::string_view::npos ? text_.size() : end + 1;
}

std::string_view PgnLexer::rest_of_line() const {
  if (pos_ >= text_.size()) return {};
  const std::size_t end = text_.find('\n', pos_);
  return text_.substr(pos_, end == std::string_view::npos ? std::string_view::npos : end - pos_);
}

bool PgnLexer::skip_to_content() {
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (text::is_ascii_space(c)) {
      ++pos_;
    } else if (c == '%' && at_line_start(pos_)) {
      skip_line();
    } else {
      return true;
    }
  }
  return false;
}

PgnToken PgnLexer::next() {
  while (skip_to_content()) {
    const std::size_t begin = pos_;
    const char c = text_[pos_];
    if (c == '{') {
      const std::size_t end = text_.find('}', begin + 1);
      if (end == std::string_view::npos) {
        pos_ = text_.size();
        return lexer_error(begin, "unterminated {comment}");
      }
      pos_ = end + 1;
      return PgnToken{PgnTokenKind::kComment, begin, text_.substr(begin + 1, end - begin - 1), 0};
    }
    if (c == ';') {
      skip_line();
      std::size_t end = pos_;
      if (end > begin + 1 && text_[end - 1] == '\n') --end;
      return PgnToken{PgnTokenKind::kComment, begin, text_.substr(begin + 1, end - begin - 1), 0};
    }
    if (c == '(' || c == ')') {
      ++pos_;
      return PgnToken{c == '(' ? PgnTokenKind::kOpenVariation : PgnTokenKind::kCloseVariation,
                      begin, text_.substr(begin, 1), 0};
    }
    if (c == '}') {
      ++pos_;
      return lexer_error(begin, "'}' without a comment to close");
    }
    if (c == '$') {
      ++pos_;
      while (pos_ < text_.size() && lexer_is_digit(text_[pos_])) ++pos_;
      const std::size_t digits = pos_ - begin - 1;
      if (digits == 0 || digits > 3) return lexer_error(begin, "malformed NAG");
      int nag = 0;
      for (char d : text_.substr(begin + 1, digits)) nag = nag * 10 + (d - '0');
      return PgnToken{PgnTokenKind::kNag, begin, text_.substr(begin, pos_ - begin), nag};
    }
    while (pos_ < text_.size() && !is_movetext_delimiter(text_[pos_])) ++pos_;
    if (c == '[' && at_line_start(begin)) {
      return PgnToken{PgnTokenKind::kTagLine, begin, text_.substr(begin, pos_ - begin), 0};
    }
    if (auto token = word(begin)) return *token;
  }
  return PgnToken{PgnTokenKind::kEnd, pos_, {}, 0};
}

std::optional<PgnToken> PgnLexer::word(std::size_t begin) const {
  std::string_view w = text_.substr(begin, pos_ - begin);
  if (is_pgn_result(w)) return PgnToken{PgnTokenKind::kResult, begin, w, 0};
  // Move numbers ("12.", "12...", glued "12.e4" or "1...0-0-0"); "0-0" is castling.
  if (lexer_is_digit(w.front()) && !w.starts_with("0-0")) {
    std::size_t i = 0;
    while (i < w.size() && lexer_is_digit(w[i])) ++i;
    if (i == w.size()) return std::nullopt;  // a bare number
    if (w[i] == '.') {
      w.remove_prefix(i);
      begin += i;
    }
  }
  while (!w.empty() && w.front() == '.') {
    w.remove_prefix(1);
    ++begin;
  }
  if (w.empty() || w == "e.p.") return std::nullopt;
  if (auto nag = pgn_glyph_nag(w)) return PgnToken{PgnTokenKind::kGlyph, begin, w, *nag};
  return PgnToken{PgnTokenKind::kMove, begin, w, 0};
}

}  // namespace corrchess::chess
