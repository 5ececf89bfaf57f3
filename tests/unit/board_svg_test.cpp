#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "api/board_svg.h"
#include "core/chess/position.h"

namespace corrchess::api {
namespace {

// Checks that every element opened is closed in order (a small well-formedness check:
// no attribute parsing, but tags, self-closing tags, comments and the XML declaration).
::testing::AssertionResult well_formed(const std::string& svg) {
  std::vector<std::string> open;
  std::size_t pos = 0;
  int elements = 0;
  while ((pos = svg.find('<', pos)) != std::string::npos) {
    const auto end = svg.find('>', pos);
    if (end == std::string::npos) return ::testing::AssertionFailure() << "unclosed '<'";
    const std::string tag = svg.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    if (tag.starts_with("?")) continue;
    if (tag.starts_with("/")) {
      if (open.empty() || open.back() != tag.substr(1)) {
        return ::testing::AssertionFailure()
               << "closing </" << tag.substr(1) << "> does not match <"
               << (open.empty() ? "" : open.back()) << ">";
      }
      open.pop_back();
      continue;
    }
    ++elements;
    const std::string name = tag.substr(0, tag.find_first_of(" \n/"));
    if (tag.ends_with("/")) continue;
    open.push_back(name);
  }
  if (!open.empty()) return ::testing::AssertionFailure() << "<" << open.back() << "> not closed";
  if (elements == 0) return ::testing::AssertionFailure() << "no elements";
  return ::testing::AssertionSuccess();
}

struct Element {
  std::map<std::string, std::string> attributes;
  std::string text;
};

// Every element named `name` with its attributes and text content.
std::vector<Element> elements(const std::string& svg, const std::string& name) {
  std::vector<Element> out;
  const std::regex element("<" + name + R"(((?:\s+[a-z-]+="[^"]*")*)\s*(/>|>([^<]*)</)" + name +
                           ">)");
  const std::regex attribute(R"(([a-z-]+)="([^"]*)\")");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), element);
       it != std::sregex_iterator(); ++it) {
    Element e;
    const std::string attrs = (*it)[1];
    for (auto a = std::sregex_iterator(attrs.begin(), attrs.end(), attribute);
         a != std::sregex_iterator(); ++a) {
      e.attributes[(*a)[1]] = (*a)[2];
    }
    e.text = (*it)[3];
    out.push_back(e);
  }
  return out;
}

std::vector<Element> with_class(const std::vector<Element>& all, const std::string& cls) {
  std::vector<Element> out;
  for (const auto& e : all) {
    const auto it = e.attributes.find("class");
    if (it == e.attributes.end()) continue;
    const std::string classes = " " + it->second + " ";
    if (classes.find(" " + cls + " ") != std::string::npos) out.push_back(e);
  }
  return out;
}

// data-square -> data-piece of every piece drawn.
std::map<std::string, std::string> pieces(const std::string& svg) {
  std::map<std::string, std::string> out;
  for (const auto& e : with_class(elements(svg, "text"), "piece")) {
    out[e.attributes.at("data-square")] = e.attributes.at("data-piece");
  }
  return out;
}

// data-square -> (x, y) of every board square.
std::map<std::string, std::pair<int, int>> square_positions(const std::string& svg) {
  std::map<std::string, std::pair<int, int>> out;
  for (const auto& e : with_class(elements(svg, "rect"), "square")) {
    out[e.attributes.at("data-square")] = {std::stoi(e.attributes.at("x")),
                                           std::stoi(e.attributes.at("y"))};
  }
  return out;
}

chess::Position fen(const std::string& text) {
  auto p = chess::Position::from_fen(text);
  EXPECT_TRUE(p.has_value()) << text;
  return *p;
}

TEST(BoardSvg, IsWellFormedSvgWith64SquaresAndCoordinates) {
  const auto svg = render_board_svg(chess::Position::startpos());
  EXPECT_TRUE(well_formed(svg)) << svg;
  EXPECT_NE(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  const auto squares = with_class(elements(svg, "rect"), "square");
  ASSERT_EQ(squares.size(), 64u);
  EXPECT_EQ(square_positions(svg).size(), 64u);  // each square once
  EXPECT_EQ(with_class(squares, "light").size(), 32u);
  EXPECT_EQ(with_class(squares, "dark").size(), 32u);
  // a1 is dark, h1 light, and so on.
  for (const auto& e : squares) {
    const auto& name = e.attributes.at("data-square");
    const bool dark = (name[0] - 'a' + name[1] - '1') % 2 == 0;
    EXPECT_NE(e.attributes.at("class").find(dark ? "dark" : "light"), std::string::npos) << name;
  }
  const auto texts = elements(svg, "text");
  std::string files, ranks;
  for (const auto& e : with_class(texts, "file")) files += e.text;
  for (const auto& e : with_class(texts, "rank")) ranks += e.text;
  EXPECT_EQ(files, "abcdefgh");
  EXPECT_EQ(ranks, "12345678");
  EXPECT_EQ(pieces(svg).size(), 32u);
  // The title carries the FEN.
  EXPECT_NE(svg.find("<title>" + chess::Position::startpos().fen() + "</title>"),
            std::string::npos);
}

TEST(BoardSvg, DrawsTheRightPieceOnTheRightSquare) {
  // After 1. e4 c5 2. Nf3 d6 3. Bb5+: white knight f3, bishop b5, black pawns c5/d6.
  const auto p = fen("rnbqkbnr/pp2pppp/3p4/1Bp5/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 3");
  const auto svg = render_board_svg(p);
  const auto drawn = pieces(svg);
  EXPECT_EQ(drawn.size(), 32u);
  EXPECT_EQ(drawn.at("f3"), "wN");
  EXPECT_EQ(drawn.at("b5"), "wB");
  EXPECT_EQ(drawn.at("e4"), "wP");
  EXPECT_EQ(drawn.at("e1"), "wK");
  EXPECT_EQ(drawn.at("d1"), "wQ");
  EXPECT_EQ(drawn.at("h1"), "wR");
  EXPECT_EQ(drawn.at("c5"), "bP");
  EXPECT_EQ(drawn.at("d6"), "bP");
  EXPECT_EQ(drawn.at("e8"), "bK");
  EXPECT_EQ(drawn.at("d8"), "bQ");
  EXPECT_EQ(drawn.count("g1"), 0u);
  EXPECT_EQ(drawn.count("f1"), 0u);
  EXPECT_EQ(drawn.count("e2"), 0u);
  // Glyphs: the knight's text is the knight symbol, drawn white.
  for (const auto& e : with_class(elements(svg, "text"), "piece")) {
    if (e.attributes.at("data-square") == "f3") {
      EXPECT_NE(e.text.find("\u265E"), std::string::npos);
      EXPECT_EQ(e.attributes.at("fill"), "#ffffff");
    }
    if (e.attributes.at("data-square") == "e8") {
      EXPECT_NE(e.text.find("\u265A"), std::string::npos);
      EXPECT_EQ(e.attributes.at("fill"), "#000000");
    }
  }
  // The piece sits inside its square's rectangle.
  const auto squares = square_positions(svg);
  for (const auto& e : with_class(elements(svg, "text"), "piece")) {
    const auto [sx, sy] = squares.at(e.attributes.at("data-square"));
    const int x = std::stoi(e.attributes.at("x"));
    const int y = std::stoi(e.attributes.at("y"));
    EXPECT_TRUE(x > sx && x < sx + 45 && y > sy && y < sy + 45) << e.attributes.at("data-square");
  }
  // Black is in check from b5: the king's square is marked.
  const auto check = with_class(elements(svg, "rect"), "check");
  ASSERT_EQ(check.size(), 1u);
  EXPECT_EQ(check[0].attributes.at("data-square"), "e8");
}

TEST(BoardSvg, WhiteAtTheBottomByDefaultAndFlipTurnsTheBoard) {
  const auto p = chess::Position::startpos();
  const auto normal = square_positions(render_board_svg(p));
  BoardSvgOptions flipped_options;
  flipped_options.flip = true;
  const auto flipped_svg = render_board_svg(p, flipped_options);
  EXPECT_TRUE(well_formed(flipped_svg));
  const auto flipped = square_positions(flipped_svg);
  // Default: a1 bottom-left, h8 top-right.
  EXPECT_LT(normal.at("a1").first, normal.at("h1").first);
  EXPECT_GT(normal.at("a1").second, normal.at("a8").second);
  EXPECT_EQ(normal.at("a1").first, normal.at("a8").first);
  // Flipped: h8 bottom-left, a1 top-right; every square moves to its mirror.
  EXPECT_EQ(flipped.at("h8"), normal.at("a1"));
  EXPECT_EQ(flipped.at("a1"), normal.at("h8"));
  EXPECT_EQ(flipped.at("e4"), normal.at("d5"));
  // File letters are listed right to left when flipped.
  std::vector<std::pair<int, std::string>> files;
  for (const auto& e : with_class(elements(flipped_svg, "text"), "file")) {
    files.emplace_back(std::stoi(e.attributes.at("x")), e.text);
  }
  std::sort(files.begin(), files.end());
  std::string order;
  for (const auto& f : files) order += f.second;
  EXPECT_EQ(order, "hgfedcba");
  // Pieces stay on their squares.
  EXPECT_EQ(pieces(flipped_svg), pieces(render_board_svg(p)));
}

TEST(BoardSvg, HighlightsTheLastMove) {
  auto p = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  BoardSvgOptions options;
  options.last_move = uci_squares("e2e4");
  ASSERT_TRUE(options.last_move.has_value());
  const auto svg = render_board_svg(p, options);
  const auto last = with_class(elements(svg, "rect"), "last-move");
  ASSERT_EQ(last.size(), 2u);
  std::set<std::string> names;
  for (const auto& e : last) names.insert(e.attributes.at("data-square"));
  EXPECT_EQ(names, (std::set<std::string>{"e2", "e4"}));
  EXPECT_TRUE(with_class(elements(render_board_svg(p), "rect"), "last-move").empty());
}

TEST(BoardSvg, UciSquaresReadsMovesAndRejectsGarbage) {
  auto sq = uci_squares("e7e8q");
  ASSERT_TRUE(sq.has_value());
  EXPECT_EQ(chess::square_name(sq->first), "e7");
  EXPECT_EQ(chess::square_name(sq->second), "e8");
  EXPECT_FALSE(uci_squares("").has_value());
  EXPECT_FALSE(uci_squares("e9e4").has_value());
  EXPECT_FALSE(uci_squares("Nf3").has_value());
}

}  // namespace
}  // namespace corrchess::api
