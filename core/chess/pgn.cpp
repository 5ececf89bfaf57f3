#include "core/chess/pgn.h"

#include <algorithm>
#include <array>
#include <utility>

#include "core/chess/notation.h"
#include "core/chess/pgn_lexer.h"
#include "core/text.h"

namespace corrchess::chess {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::array<std::string_view, 7> kSevenTagRoster = {"Event", "Site",  "Date",  "Round",
                                                             "White", "Black", "Result"};
constexpr std::size_t kLineWidth = 80;

using text::is_ascii_space;
using text::trim_ascii_space;
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Collapses runs of whitespace (newlines included) to one space and trims.
std::string normalize_comment(std::string_view s) {
  std::string out;
  bool pending_space = false;
  for (char c : trim_ascii_space(s)) {
    if (is_ascii_space(c)) {
      pending_space = true;
      continue;
    }
    if (pending_space && !out.empty()) out += ' ';
    pending_space = false;
    out += c;
  }
  return out;
}

void append_comment(std::string& dst, std::string_view text) {
  std::string c = normalize_comment(text);
  if (c.empty()) return;
  if (!dst.empty()) dst += ' ';
  dst += c;
}

struct RawMove {
  std::string text;
  std::vector<int> nags;
  std::string comment;
};

// One game as the scanner sees it, before any chess is checked.
struct RawGame {
  std::vector<PgnTag> tags;
  std::string comment;
  std::vector<RawMove> moves;
  std::optional<std::string> result_marker;
  std::optional<std::string> syntax_error;  // the first one

  bool has_tag(std::string_view name) const {
    return std::any_of(tags.begin(), tags.end(), [&](const PgnTag& t) { return t.name == name; });
  }
  void error(std::string why) {
    if (!syntax_error) syntax_error = std::move(why);
  }
  void attach_comment(std::string_view text) {
    append_comment(moves.empty() ? comment : moves.back().comment, text);
  }
  void attach_nag(int nag) {
    if (!moves.empty()) moves.back().nags.push_back(nag);
  }
};

bool is_tag_name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_' || c == '+' ||
         c == '#' || c == '=' || c == ':' || c == '-';
}

// One tag per line: [Name "value"]. The value runs from the first quote to the last quote
// before the closing bracket, so unescaped quotes and brackets inside it survive. An escaped
// quote or an escaped backslash is unescaped; any other backslash is kept.
std::optional<PgnTag> parse_tag_line(std::string_view line) {
  line = trim_ascii_space(line);
  if (line.size() < 2 || line.front() != '[' || line.back() != ']') return std::nullopt;
  std::string_view inner = line.substr(1, line.size() - 2);
  std::size_t i = 0;
  while (i < inner.size() && is_ascii_space(inner[i])) ++i;
  std::size_t name_begin = i;
  while (i < inner.size() && is_tag_name_char(inner[i])) ++i;
  if (i == name_begin) return std::nullopt;
  PgnTag tag;
  tag.name = std::string(inner.substr(name_begin, i - name_begin));
  while (i < inner.size() && is_ascii_space(inner[i])) ++i;
  if (i >= inner.size() || inner[i] != '"') return std::nullopt;
  std::size_t open = i;
  std::size_t close = inner.rfind('"');
  if (close == open) return std::nullopt;
  if (!trim_ascii_space(inner.substr(close + 1)).empty()) return std::nullopt;
  std::string_view raw = inner.substr(open + 1, close - open - 1);
  for (std::size_t k = 0; k < raw.size(); ++k) {
    if (raw[k] == '\\' && k + 1 < raw.size() && (raw[k + 1] == '"' || raw[k + 1] == '\\')) {
      tag.value += raw[++k];
    } else {
      tag.value += raw[k];
    }
  }
  return tag;
}

// One game's tags and movetext from the lexer's position on (pgn_lexer.h: the tokens).
class Scanner {
 public:
  explicit Scanner(PgnLexer& lexer) : lexer_(lexer) {}

  RawGame scan_game() {
    RawGame game;
    // Tag section: blank lines between tags are tolerated; a tag name seen before in this game
    // starts the next game (the current one then has no movetext).
    while (lexer_.skip_to_content() && lexer_.peek() == '[') {
      std::string_view line = lexer_.rest_of_line();
      auto tag = parse_tag_line(line);
      if (tag && game.has_tag(tag->name)) return game;
      lexer_.seek(lexer_.position() + line.size());
      if (!tag) {
        game.error("malformed tag line " + std::string(trim_ascii_space(line)));
        continue;
      }
      game.tags.push_back(std::move(*tag));
    }
    scan_movetext(game);
    return game;
  }

 private:
  void scan_movetext(RawGame& game) {
    int depth = 0;  // variation nesting; everything inside is skipped
    for (;;) {
      const PgnToken token = lexer_.next();
      switch (token.kind) {
        case PgnTokenKind::kEnd:
          if (depth > 0) game.error("unterminated (variation)");
          return;
        case PgnTokenKind::kTagLine:
          if (depth > 0) break;
          lexer_.seek(token.offset);
          return;  // the next game's tags: this game had no termination marker
        case PgnTokenKind::kError: game.error(std::string(token.text)); break;
        case PgnTokenKind::kComment:
          if (depth == 0) game.attach_comment(token.text);
          break;
        case PgnTokenKind::kOpenVariation: ++depth; break;
        case PgnTokenKind::kCloseVariation:
          if (depth == 0) {
            game.error("')' without a variation to close");
          } else {
            --depth;
          }
          break;
        case PgnTokenKind::kNag:
        case PgnTokenKind::kGlyph:
          if (depth == 0) game.attach_nag(token.nag);
          break;
        case PgnTokenKind::kResult:
          if (depth > 0) break;
          game.result_marker = std::string(token.text);
          return;
        case PgnTokenKind::kMove:
          if (depth == 0) game.moves.push_back(RawMove{std::string(token.text), {}, {}});
          break;
      }
    }
  }

  PgnLexer& lexer_;
};

std::string lower_alnum(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c >= 'A' && c <= 'Z') out += static_cast<char>(c - 'A' + 'a');
    if ((c >= 'a' && c <= 'z') || is_digit(c)) out += c;
  }
  return out;
}

Result<PgnGame> build_game(RawGame raw, int number) {
  const std::string where = "game " + std::to_string(number);
  if (raw.syntax_error) return fail(ErrorCode::kInvalidPgn, where + ": " + *raw.syntax_error);
  PgnGame game;
  game.tags = std::move(raw.tags);
  game.comment = std::move(raw.comment);
  bool chess960 = false;
  if (auto variant = game.tag("Variant")) {
    auto v = is_chess960_variant(*variant);
    if (!v) return fail(v.error().code, where + ": " + v.error().detail);
    chess960 = *v;
  }
  if (auto fen = game.tag("FEN")) {
    auto start = Position::from_fen(trim_ascii_space(*fen), chess960);
    if (!start) {
      return fail(ErrorCode::kInvalidPgn, where + ": FEN tag: " + start.error().detail);
    }
    game.start = *start;
  } else if (chess960) {
    auto start = Position::chess960_start(518);
    if (!start) return fail(ErrorCode::kInvalidPgn, where + ": " + start.error().detail);
    game.start = *start;
  }
  Position pos = game.start;
  game.moves.reserve(raw.moves.size());
  for (RawMove& rm : raw.moves) {
    auto m = parse_san(pos, rm.text);
    if (!m) {
      return fail(ErrorCode::kInvalidPgn, where + ", move " + move_number_label(pos) + " " +
                                              rm.text + ": " + m.error().detail);
    }
    pos.play(*m);
    game.moves.push_back(
        PgnMove{*m, std::move(rm.text), std::move(rm.nags), std::move(rm.comment)});
  }
  if (raw.result_marker) {
    game.result = *raw.result_marker;
  } else if (auto r = game.tag("Result"); r && is_pgn_result(*r)) {
    game.result = *r;
  }
  return game;
}

std::string escape_tag_value(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == '\\' || c == '"') out += '\\';
    out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  }
  return out;
}

// Greedy word wrap: units never split, lines at most kLineWidth characters.
class LineWrapper {
 public:
  void add(std::string_view unit) {
    if (!line_.empty() && line_.size() + 1 + unit.size() > kLineWidth) flush();
    if (!line_.empty()) line_ += ' ';
    line_ += unit;
  }
  void add_comment(std::string_view text) {
    std::string c = normalize_comment(text);
    std::replace(c.begin(), c.end(), '}', ')');
    if (c.empty()) {
      add("{}");
      return;
    }
    // Split into words so a long comment can break across lines.
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < c.size()) {
      std::size_t j = c.find(' ', i);
      if (j == std::string::npos) j = c.size();
      words.emplace_back(c.substr(i, j - i));
      i = j + 1;
    }
    words.back() += '}';
    for (std::size_t k = 0; k < words.size(); ++k) {
      if (k == 0) {
        std::string first(1, '{');
        first += words[k];
        add(first);
      } else {
        add(words[k]);
      }
    }
  }
  std::string finish() {
    flush();
    return std::move(out_);
  }

 private:
  void flush() {
    if (line_.empty()) return;
    out_ += line_;
    out_ += '\n';
    line_.clear();
  }
  std::string line_;
  std::string out_;
};

}  // namespace

std::optional<std::string> PgnGame::tag(std::string_view name) const {
  for (const PgnTag& t : tags) {
    if (t.name == name) return t.value;
  }
  return std::nullopt;
}

void PgnGame::set_tag(std::string_view name, std::string value) {
  for (PgnTag& t : tags) {
    if (t.name == name) {
      t.value = std::move(value);
      return;
    }
  }
  tags.push_back(PgnTag{std::string(name), std::move(value)});
}

std::vector<Move> PgnGame::move_list() const {
  std::vector<Move> out;
  out.reserve(moves.size());
  for (const PgnMove& m : moves) out.push_back(m.move);
  return out;
}

Position PgnGame::final_position() const {
  Position pos = start;
  for (const PgnMove& m : moves) pos.play(m.move);
  return pos;
}

PgnReader::PgnReader(std::string_view text) : text_(text) {
  if (text_.starts_with(kUtf8Bom)) text_.remove_prefix(kUtf8Bom.size());
}

std::optional<Result<PgnGame>> PgnReader::next() {
  PgnLexer lexer(text_, pos_);
  const bool more = lexer.skip_to_content();
  pos_ = lexer.position();
  if (!more) return std::nullopt;
  RawGame raw = Scanner(lexer).scan_game();
  pos_ = lexer.position();
  return build_game(std::move(raw), ++game_number_);
}

std::vector<Result<PgnGame>> read_pgn(std::string_view text) {
  std::vector<Result<PgnGame>> games;
  PgnReader reader(text);
  while (auto g = reader.next()) games.push_back(std::move(*g));
  return games;
}

Result<PgnGame> read_single_pgn(std::string_view text) {
  PgnReader reader(text);
  auto first = reader.next();
  if (!first) return fail(ErrorCode::kInvalidPgn, "the PGN text holds no game");
  if (reader.next()) return fail(ErrorCode::kInvalidPgn, "the PGN text holds more than one game");
  return std::move(*first);
}

std::optional<PgnTag> parse_pgn_tag_line(std::string_view line) { return parse_tag_line(line); }

Result<bool> is_chess960_variant(std::string_view variant) {
  const std::string v = lower_alnum(variant);
  if (v.empty() || v == "standard" || v == "chess" || v == "normal" || v == "fromposition" ||
      v == "classical") {
    return false;
  }
  if (v == "chess960" || v == "960" || v == "fischerandom" || v == "fischerrandom" ||
      v == "fischerrandomchess" || v == "frc" || v == "chess960fromposition") {
    return true;
  }
  return fail(ErrorCode::kUnsupportedVariant,
              "variant '" + std::string(trim_ascii_space(variant)) +
                  "' is not supported (only standard chess and Chess960)");
}

Result<std::string> write_pgn(const PgnGame& game) {
  // Replay first, so that nothing is written for a game with an illegal move.
  std::vector<std::string> sans;
  sans.reserve(game.moves.size());
  Position pos = game.start;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    Move m = game.moves[i].move;
    if (!pos.is_legal(m)) {
      return fail(ErrorCode::kIllegalMove, "move " + std::to_string(i + 1) + " (" + to_uci(pos, m) +
                                               ") is not legal in " + pos.fen());
    }
    sans.push_back(to_san(pos, m));
    pos.play(m);
  }
  const std::string result = is_pgn_result(game.result) ? game.result : "*";

  std::string out;
  auto write_tag = [&out](std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    out += escape_tag_value(value);
    out += "\"]\n";
  };
  for (std::string_view name : kSevenTagRoster) {
    if (name == "Result") {
      write_tag(name, result);
    } else if (auto v = game.tag(name)) {
      write_tag(name, *v);
    } else {
      write_tag(name, name == "Date" ? "????.??.??" : "?");
    }
  }
  const std::string start_fen = game.start.fen();
  const bool custom_start = game.start.is_chess960() || start_fen != Position::startpos().fen();
  if (game.start.is_chess960()) write_tag("Variant", "Chess960");
  if (custom_start) {
    write_tag("SetUp", "1");
    write_tag("FEN", start_fen);
  }
  for (const PgnTag& t : game.tags) {
    bool skip = t.name == "Variant" || t.name == "SetUp" || t.name == "FEN";
    for (std::string_view name : kSevenTagRoster) skip = skip || t.name == name;
    if (!skip) write_tag(t.name, t.value);
  }
  out += '\n';

  LineWrapper lines;
  if (!game.comment.empty()) lines.add_comment(game.comment);
  pos = game.start;
  bool need_number = true;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const PgnMove& m = game.moves[i];
    std::string unit;
    if (pos.side_to_move() == Color::kWhite || need_number) unit = move_number_label(pos) + " ";
    unit += sans[i];
    lines.add(unit);
    need_number = false;
    for (int nag : m.nags) {
      std::string unit(1, '$');
      unit += std::to_string(nag);
      lines.add(unit);
    }
    if (!m.comment.empty()) {
      lines.add_comment(m.comment);
      need_number = true;
    }
    pos.play(m.move);
  }
  lines.add(result);
  out += lines.finish();
  return out;
}

}  // namespace corrchess::chess
