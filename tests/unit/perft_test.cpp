// Move generation against known perft counts (tests/data/perft), plus the suite parser.
// Depths are scaled down under the sanitizers; the deepest counts run in perft_slowtest.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>
#include <vector>

#include "core/chess/perft.h"
#include "core/chess/perft_suite.h"
#include "core/chess/position.h"
#include "tests/support/perft_suites.h"

namespace corrchess::chess {
namespace {

using testing::expect_perft_suite;
using testing::load_perft_suite;

// Ids of the entries the strict FEN reader rejects.
std::set<std::string> strictly_rejected(const std::string& relative) {
  std::set<std::string> ids;
  for (const auto& entry : load_perft_suite(relative)) {
    const auto r = check_perft_entry(entry, /*max_depth=*/0);
    if (r.status == PerftCheckStatus::kRejected) ids.insert(entry.id);
  }
  return ids;
}

// The positions of the suites rich in castling, en passant, promotions and checks (those
// relaxed FEN reading accepts).
std::vector<Position> suite_positions() {
  std::vector<Position> out;
  for (const char* relative :
       {"cpw_standard_positions.epd", "ethereal-standard.epd", "ethereal-fischer.epd",
        "python-chess-tricky.perft", "scalachess-tricky.perft"}) {
    for (const auto& entry : load_perft_suite(relative)) {
      if (auto root = Position::from_fen_relaxed(entry.fen)) out.push_back(*root);
    }
  }
  return out;
}

// gives_check decides checks geometrically (alone, or with the position's precomputed check
// squares); both must agree with playing the move, for every legal move of every suite
// position and of their children (castling, en passant, promotions, discovered and double
// checks all occur in these suites).
TEST(Perft, GivesCheckAgreesWithPlayingTheMove) {
  std::size_t moves = 0;
  std::size_t checks = 0;
  for (const Position& root : suite_positions()) {
    auto expect_agreement = [&](const Position& p) {
      const CheckSquares squares = p.check_squares();
      for (Move m : p.legal_moves()) {
        const bool played = p.after(m).in_check();
        EXPECT_EQ(p.gives_check(m), played) << p.fen() << " " << m.from() << "-" << m.to();
        EXPECT_EQ(p.gives_check(m, squares), played)
            << "with check squares: " << p.fen() << " " << m.from() << "-" << m.to();
        ++moves;
        checks += played;
      }
    };
    expect_agreement(root);
    for (Move m : root.legal_moves()) expect_agreement(root.after(m));
  }
  EXPECT_GT(moves, 100'000u);
  EXPECT_GT(checks, 1'000u);
}

// Every position two plies deep from every suite position is consistent (board array and
// bitboards, key from scratch, checkers, castling rooks, counters); debug builds also assert
// it inside every play().
TEST(Perft, PositionsStayConsistentAfterEveryMove) {
  std::size_t checked = 0;
  for (const Position& root : suite_positions()) {
    ASSERT_TRUE(root.is_consistent()) << root.fen();
    for (Move m : root.legal_moves()) {
      const Position child = root.after(m);
      ASSERT_TRUE(child.is_consistent()) << root.fen() << " " << m.from() << "-" << m.to();
      ++checked;
      for (Move reply : child.legal_moves()) {
        ASSERT_TRUE(child.after(reply).is_consistent()) << child.fen();
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100'000u);
}

TEST(Perft, StartPositionSmallDepths) {
  const Position start = Position::startpos();
  EXPECT_EQ(perft(start, 0), 1u);
  EXPECT_EQ(perft(start, 1), 20u);
  EXPECT_EQ(perft(start, 2), 400u);
  EXPECT_EQ(perft(start, 3), 8902u);
  EXPECT_EQ(perft(start, 4), 197281u);
}

TEST(Perft, DivideSumsToPerft) {
  const auto pos =
      Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(pos);
  const auto divide = perft_divide(*pos, 3);
  EXPECT_EQ(divide.size(), 48u);
  std::uint64_t sum = 0;
  for (const auto& e : divide) sum += e.nodes;
  EXPECT_EQ(sum, 97862u);
  EXPECT_TRUE(perft_divide(*pos, 0).empty());
}

class PerftSuites : public ::testing::TestWithParam<testing::PerftSuiteRun> {};

TEST_P(PerftSuites, CountsToTheQuickDepth) {
  EXPECT_EQ(expect_perft_suite(GetParam().file, GetParam().quick_depth), GetParam().entries);
}

INSTANTIATE_TEST_SUITE_P(SharedSuites, PerftSuites, ::testing::ValuesIn(testing::kPerftSuiteRuns),
                         testing::perft_suite_run_name);

TEST(Perft, PythonChessTrickyFully) {
  EXPECT_EQ(expect_perft_suite("python-chess-tricky.perft", 100), 19u);
}

// The strict reader refuses the suites' impossible positions (rules.md 1.2): the
// ep-unrelated-check entry and, on the same principle, the aligned double checks, the other
// checks no double pawn step can give, and castling rights for a king on the h-file.
TEST(Perft, StrictReaderRejectsImpossibleSuitePositions) {
  const std::set<std::string> python_chess = strictly_rejected("python-chess-tricky.perft");
  EXPECT_TRUE(python_chess.contains("ep-unrelated-check"));
  EXPECT_EQ(python_chess, (std::set<std::string>{"ep-unrelated-check", "align-diag-1",
                                                 "align-diag-2", "align-horizontal", "align-ep",
                                                 "align-ep-pinned", "asymmetrical-and-king-on-h"}));
  EXPECT_EQ(
      strictly_rejected("scalachess-tricky.perft"),
      (std::set<std::string>{"align-diag-1", "align-diag-2", "align-horizontal", "align-ep"}));
  // B6b/8/8/8/2K5/5k2/8/b6B b: two white bishops check along one diagonal.
  EXPECT_EQ(strictly_rejected("ethereal-standard.epd"), (std::set<std::string>{"line 51"}));
  EXPECT_TRUE(strictly_rejected("ethereal-fischer.epd").empty());
  EXPECT_TRUE(strictly_rejected("cpw_standard_positions.epd").empty());
}

TEST(Perft, CheckEntryReportsMismatchAndRejection) {
  PerftSuiteEntry wrong{
      "wrong", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {{1, 20}, {2, 401}}, 1};
  auto r = check_perft_entry(wrong, 10);
  EXPECT_EQ(r.status, PerftCheckStatus::kMismatch);
  EXPECT_EQ(r.depth, 2);
  EXPECT_EQ(r.expected, 401u);
  EXPECT_EQ(r.actual, 400u);
  EXPECT_EQ(check_perft_entry(wrong, 1).status, PerftCheckStatus::kOk);

  PerftSuiteEntry illegal{"illegal", "8/8/8/8/8/8/8/8 w - - 0 1", {{1, 0}}, 1};
  r = check_perft_entry(illegal, 10);
  EXPECT_EQ(r.status, PerftCheckStatus::kRejected);
  EXPECT_FALSE(r.detail.empty());
}

// The two entries of a suite `text` that must parse into exactly two (empty ones, after a test
// failure, otherwise).
std::array<PerftSuiteEntry, 2> two_entries(const std::string& text) {
  const auto suite = parse_perft_suite(text);
  EXPECT_TRUE(suite) << suite.error().detail;
  if (!suite) return {};
  EXPECT_EQ(suite->size(), 2u);
  if (suite->size() != 2) return {};
  return {(*suite)[0], (*suite)[1]};
}

TEST(PerftSuite, ParsesEpdForm) {
  const auto [start, other] = two_entries(
      "# comment\n\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400  # start\n"
      "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\r\n");
  EXPECT_EQ(start.id, "start");
  ASSERT_EQ(start.expected.size(), 2u);
  EXPECT_EQ(start.expected[1].depth, 2);
  EXPECT_EQ(start.expected[1].nodes, 400u);
  EXPECT_EQ(other.id, "line 4");
  EXPECT_EQ(other.fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}

TEST(PerftSuite, ParsesBlockForm) {
  const auto [pos3, other] = two_entries(
      "id pos-3\n"
      "epd 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\n"
      "perft 1 14\n"
      "perft 2 191\n"
      "\n"
      "id other\n"
      "epd 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n"
      "perft 1 15\n");
  EXPECT_EQ(pos3.id, "pos-3");
  EXPECT_EQ(pos3.fen, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
  EXPECT_EQ(pos3.expected.size(), 2u);
  EXPECT_EQ(other.line, 6);
}

TEST(PerftSuite, RejectsMalformedLines) {
  for (const char* text :
       {"perft 1 20\n", "id x\nepd 8/8 w - -\nperft one 20\n", "id x\nperft 1 20\n",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;X1 2\n", "just some words\n"}) {
    EXPECT_FALSE(parse_perft_suite(text)) << text;
  }
  const auto err = parse_perft_suite("id a\nepd 8/8/8/8/8/8/8/8 w - -\nperft 1\n");
  ASSERT_FALSE(err);
  EXPECT_NE(err.error().detail.find("line 3"), std::string::npos);
}

TEST(PerftSuite, CompletesCounters) {
  EXPECT_EQ(complete_fen_counters("8/8/8/8/8/8/8/8 w - -"), "8/8/8/8/8/8/8/8 w - - 0 1");
  EXPECT_EQ(complete_fen_counters(" 8/8/8/8/8/8/8/8 w - - 3 "), "8/8/8/8/8/8/8/8 w - - 3 1");
  EXPECT_EQ(complete_fen_counters("8/8/8/8/8/8/8/8 w - - 3 9"), "8/8/8/8/8/8/8/8 w - - 3 9");
}

}  // namespace
}  // namespace corrchess::chess
