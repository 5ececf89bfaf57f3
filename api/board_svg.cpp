#include "api/board_svg.h"

#include <string>

#include "core/game/crosstable.h"  // html_escape

namespace corrchess::api {

namespace {

using chess::Color;
using chess::Piece;
using chess::PieceType;
using chess::Square;

// The solid glyph of each piece type (U+265A..U+265F), drawn white or black by `fill`, then
// U+FE0E so that platforms which would show the pawn as an emoji keep the text form.
const char* glyph(PieceType type) {
  switch (type) {
    case PieceType::kKing: return "\u265A\uFE0E";
    case PieceType::kQueen: return "\u265B\uFE0E";
    case PieceType::kRook: return "\u265C\uFE0E";
    case PieceType::kBishop: return "\u265D\uFE0E";
    case PieceType::kKnight: return "\u265E\uFE0E";
    case PieceType::kPawn: return "\u265F\uFE0E";
    case PieceType::kNone: break;
  }
  return "";
}

char letter(PieceType type) {
  switch (type) {
    case PieceType::kKing: return 'K';
    case PieceType::kQueen: return 'Q';
    case PieceType::kRook: return 'R';
    case PieceType::kBishop: return 'B';
    case PieceType::kKnight: return 'N';
    case PieceType::kPawn: return 'P';
    case PieceType::kNone: break;
  }
  return '?';
}

std::string num(int v) { return std::to_string(v); }

}  // namespace

std::optional<std::pair<Square, Square>> uci_squares(std::string_view uci) {
  if (uci.size() < 4) return std::nullopt;
  auto square = [](char f, char r) -> std::optional<Square> {
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return std::nullopt;
    return chess::make_square(f - 'a', r - '1');
  };
  auto from = square(uci[0], uci[1]);
  auto to = square(uci[2], uci[3]);
  if (!from || !to) return std::nullopt;
  return std::pair{*from, *to};
}

std::string render_board_svg(const chess::Position& position, const BoardSvgOptions& options) {
  const int s = options.square_size > 0 ? options.square_size : 45;
  const int margin = s / 2;
  const int size = 8 * s + 2 * margin;
  // Column and row (0 = left / top) of a square in the picture.
  auto column = [&](Square sq) {
    return options.flip ? 7 - chess::file_of(sq) : chess::file_of(sq);
  };
  auto row = [&](Square sq) { return options.flip ? chess::rank_of(sq) : 7 - chess::rank_of(sq); };

  Square checked = chess::kNoSquare;
  if (position.in_check()) checked = position.king_square(position.side_to_move());

  std::string out;
  out.reserve(16 * 1024);
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(size) +
         "\" height=\"" + num(size) + "\" viewBox=\"0 0 " + num(size) + " " + num(size) +
         "\" data-orientation=\"" + (options.flip ? "black" : "white") + "\">\n";
  out += "<title>" + game::html_escape(position.fen()) + "</title>\n";
  out += "<rect class=\"frame\" x=\"0\" y=\"0\" width=\"" + num(size) + "\" height=\"" + num(size) +
         "\" fill=\"#3b2f25\"/>\n";

  out += "<g class=\"squares\">\n";
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) {
      const Square sq = chess::make_square(f, r);
      const bool light = (f + r) % 2 == 1;
      const bool last =
          options.last_move && (options.last_move->first == sq || options.last_move->second == sq);
      std::string cls = light ? "square light" : "square dark";
      const char* fill = light ? "#f0d9b5" : "#b58863";
      if (last) {
        cls += " last-move";
        fill = light ? "#cdd26a" : "#aaa23a";
      }
      if (sq == checked) {
        cls += " check";
        fill = "#e0605a";
      }
      out += "<rect class=\"" + cls + "\" data-square=\"" + chess::square_name(sq) + "\" x=\"" +
             num(margin + column(sq) * s) + "\" y=\"" + num(margin + row(sq) * s) + "\" width=\"" +
             num(s) + "\" height=\"" + num(s) + "\" fill=\"" + fill + "\"/>\n";
    }
  }
  out += "</g>\n";

  const int font = s * 3 / 10;
  out += "<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"" + num(font) +
         "\" fill=\"#f0d9b5\" text-anchor=\"middle\">\n";
  for (int i = 0; i < 8; ++i) {
    const Square file_square = chess::make_square(i, 0);
    const Square rank_square = chess::make_square(0, i);
    out += "<text class=\"file\" x=\"" + num(margin + column(file_square) * s + s / 2) + "\" y=\"" +
           num(size - margin / 3) + "\">" + std::string(1, static_cast<char>('a' + i)) +
           "</text>\n";
    out += "<text class=\"rank\" x=\"" + num(margin / 2) + "\" y=\"" +
           num(margin + row(rank_square) * s + s / 2 + font / 3) + "\">" +
           std::string(1, static_cast<char>('1' + i)) + "</text>\n";
  }
  out += "</g>\n";

  out +=
      "<g class=\"pieces\" font-family=\"'DejaVu Sans', 'Segoe UI Symbol', serif\" "
      "font-size=\"" +
      num(s * 4 / 5) + "\" text-anchor=\"middle\" dominant-baseline=\"central\">\n";
  for (int sq_index = 0; sq_index < 64; ++sq_index) {
    const auto sq = static_cast<Square>(sq_index);
    const Piece p = position.piece_on(sq);
    if (p == Piece::kNoPiece) continue;
    const PieceType type = chess::type_of(p);
    const bool white = chess::color_of(p) == Color::kWhite;
    out += "<text class=\"piece\" data-square=\"" + chess::square_name(sq) + "\" data-piece=\"" +
           (white ? "w" : "b") + letter(type) + "\" x=\"" + num(margin + column(sq) * s + s / 2) +
           "\" y=\"" + num(margin + row(sq) * s + s / 2) + "\" fill=\"" +
           (white ? "#ffffff" : "#000000") + "\" stroke=\"" + (white ? "#000000" : "#ffffff") +
           "\" stroke-width=\"" + (white ? "1.2" : "0.6") + "\">" + glyph(type) + "</text>\n";
  }
  out += "</g>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace corrchess::api
