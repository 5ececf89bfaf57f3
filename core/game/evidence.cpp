#include "core/game/evidence.h"

#include <algorithm>
#include <cctype>

#include "core/chess/notation.h"

namespace corrchess::game {

namespace {

std::string capitalized_color(Color c) { return c == Color::kWhite ? "White" : "Black"; }

// The tablebase's verdict as a decision: cursed wins and blessed losses count as wins and
// losses, as for claims (rules.md 2.5).
SuggestedDecision tablebase_decision(Color to_move, Wdl wdl, std::optional<int> dtz) {
  const Color other = ~to_move;
  std::string distance;
  if (dtz && *dtz != 0) {
    distance = ", " + std::to_string(*dtz < 0 ? -*dtz : *dtz) +
               " plies to mate or the next capture or pawn move";
  }
  if (wdl == Wdl::kDraw)
    return {GameResult::kDraw, "tablebase", "the Syzygy tablebase proves a draw"};
  const Color winner = wdl == Wdl::kWin || wdl == Wdl::kCursedWin ? to_move : other;
  return {winner == Color::kWhite ? GameResult::kWhiteWins : GameResult::kBlackWins, "tablebase",
          "the Syzygy tablebase proves a win for " + capitalized_color(winner) + " (" +
              capitalized_color(to_move) + " to move: " + std::string(to_string(wdl)) + distance +
              ")"};
}

// ---- reading a claimed line ----

bool is_result_marker(std::string_view w) {
  return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*" || w == "\xC2\xBD-\xC2\xBD";
}

// Drops a leading move number ("32.", "32...", "32.Rxe6" -> "Rxe6"); a bare number without
// dots is left alone (it is not a move either way).
std::string_view strip_move_number(std::string_view w) {
  std::size_t i = 0;
  while (i < w.size() && std::isdigit(static_cast<unsigned char>(w[i]))) ++i;
  if (i == w.size() || w[i] != '.') return w;
  while (i < w.size() && w[i] == '.') ++i;
  return w.substr(i);
}

std::string_view strip_trailing_marks(std::string_view w) {
  while (!w.empty() && std::string_view("!?+#,;:.").find(w.back()) != std::string_view::npos) {
    w.remove_suffix(1);
  }
  return w;
}

// Whether a word looks like a move: castling, or SAN/UCI letters ending at a square, with an
// optional promotion ("e8Q", "e8=Q").
bool move_shaped(std::string_view w) {
  if (w == "O-O" || w == "O-O-O" || w == "0-0" || w == "0-0-0") return true;
  if (w.empty() || std::string_view("KQRBNabcdefgh").find(w.front()) == std::string_view::npos) {
    return false;
  }
  if (w.find_first_not_of("KQRBNabcdefgh12345678x-=") != std::string_view::npos) return false;
  std::string_view body = w;
  if (const auto eq = body.find('='); eq != std::string_view::npos) {
    if (eq + 2 != body.size() ||
        std::string_view("QRBN").find(body.back()) == std::string_view::npos) {
      return false;
    }
    body = body.substr(0, eq);
  } else if (body.size() >= 3 &&
             std::string_view("QRBN").find(body.back()) != std::string_view::npos) {
    body.remove_suffix(1);
  }
  return body.size() >= 2 && body[body.size() - 2] >= 'a' && body[body.size() - 2] <= 'h' &&
         body.back() >= '1' && body.back() <= '8';
}

// The words of an analysis with comments ({...}, ; to the end of the line) and variations
// ((...), nested) left out.
std::vector<std::string_view> analysis_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  const auto skip_to = [&](char close) {
    const auto end = text.find(close, i);
    i = end == std::string_view::npos ? text.size() : end + 1;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '{') {
      skip_to('}');
    } else if (c == ';') {
      skip_to('\n');
    } else if (c == '(') {
      int depth = 0;
      for (; i < text.size(); ++i) {
        if (text[i] == '(') ++depth;
        if (text[i] == ')' && --depth == 0) break;
      }
      if (i < text.size()) ++i;
    } else {
      const auto start = i;
      while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) &&
             std::string_view("{(;").find(text[i]) == std::string_view::npos) {
        ++i;
      }
      words.push_back(text.substr(start, i - start));
    }
  }
  return words;
}

// "32. Rxe6 fxe6 33. Qxg6+" for moves played from `start`.
std::string numbered(const chess::Position& start, const std::vector<std::string>& moves) {
  std::string out;
  int number = start.fullmove_number();
  Color side = start.side_to_move();
  for (std::size_t k = 0; k < moves.size(); ++k) {
    if (!out.empty()) out += ' ';
    if (side == Color::kWhite) {
      out += std::to_string(number) + ". ";
    } else if (k == 0) {
      out += std::to_string(number) + "... ";
    }
    out += moves[k];
    if (side == Color::kBlack) ++number;
    side = ~side;
  }
  return out;
}

}  // namespace

PositionEvidence position_evidence(const chess::GameRecord& record, const Oracles& oracles) {
  const chess::Position& pos = record.current();
  PositionEvidence e;
  e.men = pos.men_count();
  e.to_move = pos.side_to_move();
  if (e.men <= kTablebaseMaxMen) {
    const auto& tablebase = oracles.tablebase_oracle();
    e.wdl = tablebase.probe_wdl(pos);
    e.tablebase = e.wdl ? TablebaseStatus::kProbed : TablebaseStatus::kUnavailable;
    if (e.wdl) e.dtz = tablebase.probe_dtz(pos);
  }
  const auto& mate = oracles.evidence_oracle();
  for (const Color side : {Color::kWhite, Color::kBlack}) {
    e.can_win[chess::index(side)] = mate.winnability(pos, side);
  }
  e.repetitions = record.repetition_count();
  e.repeated_at = record.plies_with_key(record.key_at(record.ply_count()));
  e.halfmove_clock = pos.halfmove_clock();
  const auto options = record.claim_options();
  e.threefold_claimable = options.threefold_now || !options.threefold_moves.empty();
  e.fifty_moves_claimable = options.fifty_moves_now || !options.fifty_move_moves.empty();
  if (e.wdl) {
    e.suggestion = tablebase_decision(e.to_move, *e.wdl, e.dtz);
  } else if (e.can_win[0] == chess::Winnability::kUnwinnable &&
             e.can_win[1] == chess::Winnability::kUnwinnable) {
    e.suggestion = SuggestedDecision{GameResult::kDraw, "dead_position",
                                     "a dead position: neither side can ever checkmate"};
  }
  return e;
}

LineCheck check_claimed_line(const chess::GameRecord& record, std::string_view analysis) {
  LineCheck line;
  chess::GameRecord played = record;
  for (std::string_view word : analysis_words(analysis)) {
    if (is_result_marker(word)) {
      if (line.given) break;
      continue;
    }
    word = strip_trailing_marks(strip_move_number(word));
    if (word.empty() || word.front() == '$') continue;  // a move number alone, a NAG
    if (!move_shaped(word)) {
      if (line.given) break;  // prose after the line
      continue;               // prose before it
    }
    line.given = true;
    const chess::Position& pos = played.current();
    auto move = chess::parse_san(pos, word);
    if (!move) {
      line.illegal_move = std::string(word);
      line.detail = move.error().detail;
      break;
    }
    line.moves.push_back(chess::to_san(pos, *move));
    (void)played.play(*move);  // parse_san returns legal moves only
  }
  if (!line.given) return line;
  line.legal = !line.illegal_move.has_value();
  line.text = numbered(record.current(), line.moves);
  const chess::Position& end = played.current();
  if (end.is_checkmate()) line.ends = "checkmate";
  if (end.is_stalemate()) line.ends = "stalemate";
  line.repetitions = played.repetition_count();
  return line;
}

std::string_view to_string(TablebaseStatus status) {
  switch (status) {
    case TablebaseStatus::kTooManyMen: return "too_many_men";
    case TablebaseStatus::kUnavailable: return "unavailable";
    case TablebaseStatus::kProbed: return "probed";
  }
  return "?";
}

std::string_view to_string(chess::Winnability verdict) {
  switch (verdict) {
    case chess::Winnability::kWinnable: return "winnable";
    case chess::Winnability::kUnwinnable: return "unwinnable";
    case chess::Winnability::kUndetermined: return "undetermined";
  }
  return "?";
}

}  // namespace corrchess::game
