#include "core/chess/pgn_tree.h"

#include <algorithm>
#include <utility>

#include "core/text.h"

namespace corrchess::chess {

std::optional<std::string> PgnTreeGame::tag(std::string_view name) const {
  for (const auto& t : tags) {
    if (t.name == name) return t.value;
  }
  return std::nullopt;
}

namespace {

bool tree_is_digit(char c) { return c >= '0' && c <= '9'; }

bool tree_is_result(std::string_view s) {
  return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*";
}

bool tree_is_glyph(std::string_view s) {
  return s == "!" || s == "?" || s == "!!" || s == "??" || s == "!?" || s == "?!";
}

class TreeScanner {
 public:
  explicit TreeScanner(std::string_view text) : text_(text) {
    if (text_.starts_with("\xEF\xBB\xBF")) pos_ = 3;
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text_.size(); ++i) {
      if (text_[i] == '\n') line_starts_.push_back(i + 1);
    }
  }

  Result<std::vector<PgnTreeGame>> run() {
    std::vector<PgnTreeGame> games;
    while (skip_to_content()) {
      PgnTreeGame game;
      game.place = place(pos_);
      TRY(tags(game));
      TRY(movetext(game.moves, 0, game.place));
      if (!game.tags.empty() || !game.moves.empty()) games.push_back(std::move(game));
    }
    return games;
  }

 private:
  PgnPlace place(std::size_t offset) const {
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const auto line = static_cast<std::size_t>(it - line_starts_.begin());  // >= 1
    const std::size_t start = line_starts_[line - 1];
    return PgnPlace{static_cast<int>(line), static_cast<int>(offset - start + 1), offset};
  }

  std::unexpected<Error> error(std::size_t offset, const std::string& why) const {
    const PgnPlace at = place(offset);
    return std::unexpected(Error{
        ErrorCode::kInvalidPgn,
        "line " + std::to_string(at.line) + ", column " + std::to_string(at.column) + ": " + why}
                               .with_json("line", std::to_string(at.line))
                               .with_json("column", std::to_string(at.column)));
  }

  bool at_line_start(std::size_t i) const {
    while (i > 0 && (text_[i - 1] == ' ' || text_[i - 1] == '\t')) --i;
    return i == 0 || text_[i - 1] == '\n';
  }

  void skip_line() {
    const std::size_t end = text_.find('\n', pos_);
    pos_ = end == std::string_view::npos ? text_.size() : end + 1;
  }

  // Skips whitespace and %-escape lines; false at the end of the text.
  bool skip_to_content() {
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

  // The tag section; a tag name seen before in this game starts the next game.
  Result<void> tags(PgnTreeGame& game) {
    while (skip_to_content() && text_[pos_] == '[') {
      std::size_t end = text_.find('\n', pos_);
      if (end == std::string_view::npos) end = text_.size();
      auto tag = parse_pgn_tag_line(text_.substr(pos_, end - pos_));
      if (!tag) return error(pos_, "malformed tag line (expected [Name \"value\"])");
      if (game.tag(tag->name)) return {};
      game.tags.push_back(std::move(*tag));
      pos_ = end;
    }
    return {};
  }

  static bool is_delimiter(char c) {
    return text::is_ascii_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' ||
           c == '$';
  }

  // Moves into `seq` up to the end of the game (depth 0) or the ')' closing the variation
  // opened at `open`.
  Result<void> movetext(PgnSequence& seq, int depth, PgnPlace open) {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (text::is_ascii_space(c)) {
        ++pos_;
      } else if (c == '%' && at_line_start(pos_)) {
        skip_line();
      } else if (c == '[' && at_line_start(pos_)) {
        if (depth > 0) return error(open.offset, "unterminated (variation");
        return {};  // the next game's tags: this game had no termination marker
      } else if (c == '{') {
        const std::size_t end = text_.find('}', pos_ + 1);
        if (end == std::string_view::npos) return error(pos_, "unterminated {comment}");
        pos_ = end + 1;
      } else if (c == ';') {
        skip_line();
      } else if (c == '(') {
        if (seq.empty()) return error(pos_, "a variation before any move it could replace");
        if (depth + 1 > kMaxPgnVariationDepth) {
          return error(pos_,
                       "variations nested deeper than " + std::to_string(kMaxPgnVariationDepth));
        }
        const PgnPlace here = place(pos_);
        ++pos_;
        PgnSequence variation;
        TRY(movetext(variation, depth + 1, here));
        if (!variation.empty()) seq.back().variations.push_back(std::move(variation));
      } else if (c == ')') {
        if (depth == 0) return error(pos_, "')' without a variation to close");
        ++pos_;
        return {};
      } else if (c == '}') {
        return error(pos_, "'}' without a comment to close");
      } else if (c == '$') {
        const std::size_t begin = ++pos_;
        while (pos_ < text_.size() && tree_is_digit(text_[pos_])) ++pos_;
        if (pos_ == begin || pos_ - begin > 3) return error(begin - 1, "malformed NAG");
      } else {
        const std::size_t begin = pos_;
        while (pos_ < text_.size() && !is_delimiter(text_[pos_])) ++pos_;
        if (word(seq, begin, text_.substr(begin, pos_ - begin)) && depth == 0) return {};
      }
    }
    if (depth > 0) return error(open.offset, "unterminated (variation");
    return {};
  }

  // One movetext word; true when it is a termination marker.
  bool word(PgnSequence& seq, std::size_t begin, std::string_view w) const {
    if (tree_is_result(w)) return true;
    if (tree_is_digit(w.front()) && !w.starts_with("0-0")) {
      std::size_t i = 0;
      while (i < w.size() && tree_is_digit(w[i])) ++i;
      if (i == w.size()) return false;  // a bare number
      if (w[i] == '.') {
        w.remove_prefix(i);
        begin += i;
      }
    }
    while (!w.empty() && w.front() == '.') {
      w.remove_prefix(1);
      ++begin;
    }
    if (w.empty() || w == "e.p." || tree_is_glyph(w)) return false;
    seq.push_back(PgnTreeMove{std::string(w), place(begin), {}});
    return false;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::vector<std::size_t> line_starts_;
};

}  // namespace

Result<std::vector<PgnTreeGame>> read_pgn_tree(std::string_view text) {
  return TreeScanner(text).run();
}

}  // namespace corrchess::chess
