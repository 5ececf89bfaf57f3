// A repertoire read as conditional moves (core/game/repertoire.h) and the PGN tree reader
// under it (core/chess/pgn_tree.h): worked examples.
#include "core/game/repertoire.h"

#include <gtest/gtest.h>

#include "core/chess/notation.h"
#include "core/chess/pgn_tree.h"

namespace corrchess::game {
namespace {

using Lines = std::vector<ConditionalLine>;

// The game after `sans` from the standard array.
chess::GameRecord game_after(const std::vector<std::string>& sans) {
  chess::GameRecord record;
  for (const auto& san : sans) {
    auto move = chess::parse_san(record.current(), san);
    EXPECT_TRUE(move) << san;
    EXPECT_TRUE(record.play(*move));
  }
  return record;
}

RepertoirePreview read(const chess::GameRecord& record, Color owner, std::string_view pgn) {
  auto preview = read_repertoire(record, owner, pgn);
  EXPECT_TRUE(preview) << (preview ? "" : preview.error().detail);
  return preview.value_or(RepertoirePreview{});
}

Lines san_lines(const chess::GameRecord& record, const RepertoirePreview& preview) {
  return preview.tree.lines_san(record.current());
}

// ---- the PGN tree

TEST(PgnTreeReader, KeepsVariationsWithTheirPlaces) {
  auto games = chess::read_pgn_tree(
      "[Event \"x\"]\n\n1. e4 $1 {best} c5 (1... e5!? 2. Nf3 (2. f4)) 2.Nf3 ; comment\n*\n");
  ASSERT_TRUE(games) << games.error().detail;
  ASSERT_EQ(games->size(), 1u);
  const auto& moves = (*games)[0].moves;
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0].text, "e4");
  EXPECT_EQ(moves[0].place.line, 3);
  EXPECT_EQ(moves[0].place.column, 4);
  EXPECT_EQ(moves[2].text, "Nf3");  // glued to its move number
  EXPECT_EQ(moves[2].place.column, 49);
  ASSERT_EQ(moves[1].variations.size(), 1u);
  const auto& variation = moves[1].variations[0];
  ASSERT_EQ(variation.size(), 2u);
  EXPECT_EQ(variation[0].text, "e5!?");
  ASSERT_EQ(variation[1].variations.size(), 1u);
  EXPECT_EQ(variation[1].variations[0][0].text, "f4");
}

TEST(PgnTreeReader, SyntaxErrorsNameLineAndColumn) {
  auto unclosed = chess::read_pgn_tree("1. e4 e5\n2. Nf3 (2. f4 exf4\n");
  ASSERT_FALSE(unclosed);
  EXPECT_EQ(unclosed.error().code, ErrorCode::kInvalidPgn);
  EXPECT_NE(unclosed.error().detail.find("line 2, column 8"), std::string::npos)
      << unclosed.error().detail;
  ASSERT_EQ(unclosed.error().members.size(), 2u);
  EXPECT_EQ(unclosed.error().members[0].name, "line");
  EXPECT_EQ(unclosed.error().members[0].value, "2");
  EXPECT_EQ(unclosed.error().members[1].value, "8");
  auto stray = chess::read_pgn_tree("1. e4 e5 )");
  ASSERT_FALSE(stray);
  EXPECT_NE(stray.error().detail.find("line 1, column 10"), std::string::npos);
  EXPECT_FALSE(chess::read_pgn_tree("1. e4 {never closed"));
  EXPECT_FALSE(chess::read_pgn_tree("[Event x]\n1. e4"));
  EXPECT_FALSE(chess::read_pgn_tree("(1. e4)"));
}

TEST(PgnTreeReader, SeveralGames) {
  auto games =
      chess::read_pgn_tree("[Event \"a\"]\n1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4 d5 *\n1. c4 *\n");
  ASSERT_TRUE(games);
  ASSERT_EQ(games->size(), 3u);
  EXPECT_EQ((*games)[1].tag("Event"), "b");
  EXPECT_EQ((*games)[2].moves[0].text, "c4");
}

// ---- the repertoire

// Black's Sicilian, White to move after 1.e4 c5: White's alternatives at move 2 and 5 are
// the variations; each becomes a branch.
TEST(Repertoire, SicilianWithVariations) {
  const auto record = game_after({"e4", "c5"});
  const auto preview =
      read(record, Color::kBlack,
           "[Event \"Sicilian\"]\n[Result \"*\"]\n\n"
           "1. e4 c5 2. Nf3 (2. c3 d5 3. exd5 Qxd5) (2. Nc3 Nc6 3. g3 g6) "
           "2... d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 (5. f3 $6 e5) 5... a6 {Najdorf} *\n");
  EXPECT_EQ(san_lines(record, preview),
            (Lines{{"Nc3", "Nc6", "g3", "g6"},
                   {"c3", "d5", "exd5", "Qxd5"},
                   {"Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"},
                   {"Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "f3", "e5"}}));
  EXPECT_EQ(preview.lines, preview.tree.lines());
  EXPECT_EQ(preview.counts, (RepertoireCounts{.games = 1,
                                              .lines_read = 4,
                                              .lines_imported = 4,
                                              .lines_skipped = 0,
                                              .lines_rejected = 0,
                                              .illegal_moves = 0,
                                              .conflicts = 0,
                                              .cut_by_line_cap = 0,
                                              .cut_by_ply_cap = 0}));
  // The tree answers as the repertoire says, down a branch.
  ConditionalTree tree = preview.tree;
  EXPECT_EQ(tree.follow("g1f3"), "d7d6");
  EXPECT_EQ(tree.follow("d2d4"), "c5d4");
  EXPECT_EQ(tree.follow("f3d4"), "g8f6");
  EXPECT_EQ(tree.follow("f2f3"), "e7e5");
}

// The game is three plies in (1.e4 c5 2.Nf3, Black to move) and White imports lines from the
// initial position: those that follow the game continue from it; the others are skipped.
TEST(Repertoire, LinesFromTheInitialPositionFollowTheGame) {
  const auto record = game_after({"e4", "c5", "Nf3"});
  const auto preview = read(record, Color::kWhite,
                            "1. e4 c5 (1... e5 2. Nf3 Nc6 3. Bb5) 2. Nf3 d6 (2... Nc6 3. d4) "
                            "(2... e6 3. d4) 3. d4 *\n\n"
                            "1. d4 d5 2. c4 *\n"
                            "1. e4 c5 2. c3 d5 *\n"
                            "1. e4 c5 *\n");
  EXPECT_EQ(san_lines(record, preview), (Lines{{"Nc6", "d4"}, {"d6", "d4"}, {"e6", "d4"}}));
  EXPECT_EQ(preview.counts.games, 4);
  EXPECT_EQ(preview.counts.lines_read, 7);
  EXPECT_EQ(preview.counts.lines_imported, 3);
  // 1...e5; 1.d4; 2.c3 (diverge); 1.e4 c5 (ends before the current position).
  EXPECT_EQ(preview.counts.lines_skipped, 4);
}

TEST(Repertoire, FenTagOfTheCurrentPositionStartsThere) {
  const auto record = game_after({"e4", "c5", "Nf3"});
  const std::string fen = record.current().fen();
  const auto preview = read(record, Color::kWhite,
                            "[FEN \"" + fen +
                                "\"]\n[SetUp \"1\"]\n\n2... d6 3. d4 (3. Bb5+ Bd7) "
                                "*\n[FEN \"8/8/8/4k3/8/8/8/4K3 w - - 0 1\"]\n1. Kd2 *\n");
  // 3.Bb5+ is an alternative own move: a conflict; the FEN elsewhere is skipped.
  EXPECT_EQ(san_lines(record, preview), (Lines{{"d6", "d4"}}));
  EXPECT_EQ(preview.counts.lines_skipped, 1);
  EXPECT_EQ(preview.counts.conflicts, 1);
}

TEST(Repertoire, IllegalMoveIsReportedWithItsPlaceAndLine) {
  const auto record = game_after({});
  const auto preview = read(record, Color::kBlack, "1. e4 e5 2. Nf3 Ke6 3. Bc4 Nc6 *\n");
  EXPECT_EQ(san_lines(record, preview), (Lines{{"e4", "e5"}}));
  ASSERT_EQ(preview.illegal.size(), 1u);
  const auto& bad = preview.illegal[0];
  EXPECT_EQ(bad.game, 1);
  EXPECT_EQ(bad.line, 1);
  EXPECT_EQ(bad.column, 17);
  EXPECT_EQ(bad.move, "Ke6");
  EXPECT_EQ(bad.before, (std::vector<std::string>{"e4", "e5", "Nf3"}));
  EXPECT_FALSE(bad.reason.empty());
  EXPECT_EQ(preview.counts.illegal_moves, 1);
  EXPECT_EQ(preview.counts.lines_imported, 1);
}

TEST(Repertoire, IllegalMoveBeforeTheCurrentPositionRejectsTheLine) {
  const auto record = game_after({"e4", "c5", "Nf3"});
  const auto preview = read(record, Color::kWhite, "1. e4 c5 2. Nf9 d6 3. d4 *\n");
  EXPECT_TRUE(preview.lines.empty());
  EXPECT_EQ(preview.counts.lines_rejected, 1);
  ASSERT_EQ(preview.illegal.size(), 1u);
  EXPECT_EQ(preview.illegal[0].move, "Nf9");
}

// Two own moves at one node: the first (the main line, then the earlier game) is kept.
TEST(Repertoire, ConflictKeepsTheFirstReply) {
  const auto record = game_after({});
  const auto preview = read(record, Color::kBlack,
                            "1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 Nc6 *\n"
                            "1. e4 e5 2. Nf3 Nf6 *\n"
                            "1. d4 Nf6 *\n");
  EXPECT_EQ(san_lines(record, preview), (Lines{{"d4", "Nf6"}, {"e4", "e5", "Nf3", "Nc6"}}));
  ASSERT_EQ(preview.conflicts.size(), 2u);
  EXPECT_EQ(preview.conflicts[0].after, (std::vector<std::string>{"e4"}));
  EXPECT_EQ(preview.conflicts[0].kept, "e5");
  EXPECT_EQ(preview.conflicts[0].dropped, "c5");
  EXPECT_EQ(preview.conflicts[0].game, 1);
  EXPECT_EQ(preview.conflicts[0].column, 16);
  EXPECT_EQ(preview.conflicts[1].after, (std::vector<std::string>{"e4", "e5", "Nf3"}));
  EXPECT_EQ(preview.conflicts[1].kept, "Nc6");
  EXPECT_EQ(preview.conflicts[1].dropped, "Nf6");
  EXPECT_EQ(preview.conflicts[1].game, 2);
  // The second game's line still has its first reply (1...e5) in the tree.
  EXPECT_EQ(preview.counts.lines_imported, 3);
  EXPECT_EQ(preview.counts.lines_rejected, 1);
}

// Many games in one file: every opponent first and second move with the first legal reply
// each time, one line per game, more lines than a tree may hold.
TEST(Repertoire, LineCapKeepsTheFirstLinesInFileOrder) {
  const auto record = game_after({});
  std::string pgn;
  int written = 0;
  const auto start = chess::Position::startpos();
  for (const chess::Move first : start.legal_moves()) {
    const auto a = start.after(first);
    const chess::Move reply = a.legal_moves()[0];
    const auto b = a.after(reply);
    for (const chess::Move second : b.legal_moves()) {
      const auto c = b.after(second);
      pgn += "1. " + chess::to_san(start, first) + " " + chess::to_san(a, reply) + " 2. " +
             chess::to_san(b, second) + " " + chess::to_san(c, c.legal_moves()[0]) + " *\n\n";
      ++written;
    }
  }
  ASSERT_GT(written, static_cast<int>(kMaxConditionalLines));
  const auto preview = read(record, Color::kBlack, pgn);
  EXPECT_EQ(preview.lines.size(), kMaxConditionalLines);
  EXPECT_EQ(preview.counts.games, written);
  EXPECT_EQ(preview.counts.lines_imported + preview.counts.lines_rejected, written);
  EXPECT_EQ(preview.counts.cut_by_line_cap, written - static_cast<int>(kMaxConditionalLines));
  // A line cut at its first pair adds nothing (rejected); one cut below a shared first pair
  // keeps it (imported).
  EXPECT_GT(preview.counts.lines_rejected, 0);
  EXPECT_GE(preview.counts.lines_imported, static_cast<int>(kMaxConditionalLines));
  // The first game's line is in.
  const auto first = start.legal_moves()[0];
  EXPECT_EQ(preview.lines.front().size(), 4u);
  bool found = false;
  for (const auto& line : preview.lines) found |= line[0] == chess::to_uci(start, first);
  EXPECT_TRUE(found);
  // store_conditional accepts what the import built.
  auto stored = ConditionalTree::build(record.current(), Color::kBlack, preview.lines);
  EXPECT_TRUE(stored);
}

TEST(Repertoire, TooManyPgnLinesAreRefused) {
  const auto record = game_after({});
  std::string pgn = "1. e4 e5 ";
  for (int i = 0; i < kMaxRepertoirePgnLines; ++i) pgn += "(1... c5) ";
  auto refused = read_repertoire(record, Color::kBlack, pgn + "*");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kValidationError);
  // One fewer variation: the main line and the variations are exactly the limit.
  pgn = "1. e4 e5 ";
  for (int i = 0; i + 1 < kMaxRepertoirePgnLines; ++i) pgn += "(1... c5) ";
  const auto preview = read(record, Color::kBlack, pgn + "*");
  EXPECT_EQ(preview.counts.lines_read, kMaxRepertoirePgnLines);
  EXPECT_EQ(preview.conflicts.size(), static_cast<std::size_t>(kMaxRepertoirePgnLines - 1));
}

TEST(Repertoire, PlyCapCutsLongLines) {
  const auto record = game_after({});
  std::string pgn;
  for (int i = 0; i < 60; ++i) pgn += "Nf3 Nf6 Ng1 Ng8 ";
  pgn += "*\n";
  const auto preview = read(record, Color::kBlack, pgn);
  ASSERT_EQ(preview.lines.size(), 1u);
  EXPECT_EQ(preview.lines[0].size(), kMaxConditionalLinePlies);
  EXPECT_EQ(preview.counts.cut_by_ply_cap, 1);
  EXPECT_EQ(preview.counts.lines_imported, 1);
}

TEST(Repertoire, TrailingOpponentMoveIsDroppedAndOwnerToMoveRefused) {
  const auto record = game_after({"e4"});
  const auto preview = read(record, Color::kWhite, "1. e4 e5 2. Nf3 Nc6 *\n");
  EXPECT_EQ(san_lines(record, preview), (Lines{{"e5", "Nf3"}}));
  auto refused = read_repertoire(record, Color::kBlack, "1. e4 e5 *");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kValidationError);
  auto bad = read_repertoire(record, Color::kWhite, "1. e4 e5 (2. Nf3");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::kInvalidPgn);
  auto bad_fen = read_repertoire(record, Color::kWhite, "[FEN \"not a fen\"]\n1. e4 *");
  ASSERT_FALSE(bad_fen);
  EXPECT_EQ(bad_fen.error().code, ErrorCode::kInvalidPgn);
  EXPECT_TRUE(read(record, Color::kWhite, "").lines.empty());
}

}  // namespace
}  // namespace corrchess::game
