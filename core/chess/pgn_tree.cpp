#include "core/chess/pgn_tree.h"

#include <algorithm>
#include <utility>

#include "core/chess/pgn_lexer.h"

namespace corrchess::chess {

std::optional<std::string> PgnTreeGame::tag(std::string_view name) const {
  for (const auto& t : tags) {
    if (t.name == name) return t.value;
  }
  return std::nullopt;
}

namespace {

// The games of a text: the tags, then the movetext's tokens (pgn_lexer.h) into a tree.
class TreeScanner {
 public:
  explicit TreeScanner(std::string_view text)
      : lexer_(text, text.starts_with("\xEF\xBB\xBF") ? 3 : 0) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') line_starts_.push_back(i + 1);
    }
  }

  Result<std::vector<PgnTreeGame>> run() {
    std::vector<PgnTreeGame> games;
    while (lexer_.skip_to_content()) {
      PgnTreeGame game;
      game.place = place(lexer_.position());
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

  // The tag section; a tag name seen before in this game starts the next game.
  Result<void> tags(PgnTreeGame& game) {
    while (lexer_.skip_to_content() && lexer_.peek() == '[') {
      const std::string_view line = lexer_.rest_of_line();
      auto tag = parse_pgn_tag_line(line);
      if (!tag) return error(lexer_.position(), "malformed tag line (expected [Name \"value\"])");
      if (game.tag(tag->name)) return {};
      game.tags.push_back(std::move(*tag));
      lexer_.seek(lexer_.position() + line.size());
    }
    return {};
  }

  // Moves into `seq` up to the end of the game (depth 0) or the ')' closing the variation
  // opened at `open`.
  Result<void> movetext(PgnSequence& seq, int depth, PgnPlace open) {
    for (;;) {
      const PgnToken token = lexer_.next();
      switch (token.kind) {
        case PgnTokenKind::kEnd:
          if (depth > 0) return error(open.offset, "unterminated (variation");
          return {};
        case PgnTokenKind::kTagLine:
          if (depth > 0) return error(open.offset, "unterminated (variation");
          lexer_.seek(token.offset);
          return {};  // the next game's tags: this game had no termination marker
        case PgnTokenKind::kError: return error(token.offset, std::string(token.text));
        case PgnTokenKind::kComment:
        case PgnTokenKind::kNag:
        case PgnTokenKind::kGlyph: break;
        case PgnTokenKind::kOpenVariation: {
          if (seq.empty())
            return error(token.offset, "a variation before any move it could replace");
          if (depth + 1 > kMaxPgnVariationDepth) {
            return error(token.offset,
                         "variations nested deeper than " + std::to_string(kMaxPgnVariationDepth));
          }
          PgnSequence variation;
          TRY(movetext(variation, depth + 1, place(token.offset)));
          if (!variation.empty()) seq.back().variations.push_back(std::move(variation));
          break;
        }
        case PgnTokenKind::kCloseVariation:
          if (depth == 0) return error(token.offset, "')' without a variation to close");
          return {};
        case PgnTokenKind::kResult:
          if (depth == 0) return {};
          break;
        case PgnTokenKind::kMove:
          seq.push_back(PgnTreeMove{std::string(token.text), place(token.offset), {}});
          break;
      }
    }
  }

  PgnLexer lexer_;
  std::vector<std::size_t> line_starts_;
};

}  // namespace

Result<std::vector<PgnTreeGame>> read_pgn_tree(std::string_view text) {
  return TreeScanner(text).run();
}

}  // namespace corrchess::chess
