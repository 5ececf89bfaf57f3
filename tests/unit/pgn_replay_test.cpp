// Replays real games: tests/data/pgn/lichess2013-100.pgn (100 lichess games) and
// engine-repetition-draws.pgn (188 engine games drawn by threefold repetition).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess/game_record.h"
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "tests/support/test_env.h"

namespace corrchess::chess {
namespace {

std::vector<PgnGame> read_all(const std::string& name, std::size_t expected) {
  std::ifstream in(corrchess::testing::data_dir() + "/pgn/" + name, std::ios::binary);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream ss;
  ss << in.rdbuf();
  std::vector<PgnGame> games;
  for (auto& g : read_pgn(ss.str())) {
    EXPECT_TRUE(g.has_value()) << name << ": " << g.error().detail;
    if (g) games.push_back(std::move(*g));
  }
  EXPECT_EQ(games.size(), expected) << name;
  return games;
}

std::string without_glyphs(std::string s) {
  while (!s.empty() && (s.back() == '!' || s.back() == '?')) s.pop_back();
  return s;
}

// Every SAN of the file is written back exactly as given (check marks included), every
// final position survives a FEN round trip, and the game survives a PGN round trip.
void expect_faithful_replay(const std::vector<PgnGame>& games) {
  int plies = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    SCOPED_TRACE("game " + std::to_string(i + 1));
    const PgnGame& g = games[i];
    Position pos = g.start;
    for (const PgnMove& m : g.moves) {
      ASSERT_EQ(to_san(pos, m.move), without_glyphs(m.text)) << pos.fen();
      pos.play(m.move);
      ++plies;
    }
    auto again = Position::from_fen(pos.fen());
    ASSERT_TRUE(again.has_value()) << pos.fen();
    EXPECT_EQ(*again, pos);
    EXPECT_EQ(again->key(), pos.key());
    EXPECT_EQ(again->fen(), pos.fen());

    auto text = write_pgn(g);
    ASSERT_TRUE(text.has_value());
    auto back = read_single_pgn(*text);
    ASSERT_TRUE(back.has_value()) << back.error().detail;
    EXPECT_EQ(back->move_list(), g.move_list());
    EXPECT_EQ(back->result, g.result);
  }
  EXPECT_GT(plies, 0);
}

TEST(PgnReplay, Lichess2013FirstHundredGames) {
  auto games = read_all("lichess2013-100.pgn", 100);
  expect_faithful_replay(games);
  int plies = 0;
  for (const PgnGame& g : games) plies += static_cast<int>(g.moves.size());
  EXPECT_EQ(plies, 6193);  // counted independently from the file's tokens
  EXPECT_EQ(games[0].moves.back().text, "Qe8#");
  EXPECT_EQ(games[0].result, "1-0");
}

TEST(PgnReplay, EngineRepetitionDrawsReplayFaithfully) {
  auto games = read_all("engine-repetition-draws.pgn", 188);
  expect_faithful_replay(games);
  for (const PgnGame& g : games) {
    EXPECT_EQ(g.result, "1/2-1/2");
    EXPECT_NE(g.moves.back().comment.find("Draw by 3-fold"), std::string::npos);
  }
}

// All 188 games are claimable at their end: in every one the final position stands for
// exactly the 3rd time, and for the first time any position does. The mover of the last move
// could equally have claimed one ply earlier by naming it as the intended move.
TEST(PgnReplay, EngineRepetitionDrawsAreAllClaimableAtTheirEnd) {
  auto games = read_all("engine-repetition-draws.pgn", 188);
  int claimable_at_end = 0;
  int claimable_before_last_move = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    SCOPED_TRACE("game " + std::to_string(i + 1));
    auto rec = GameRecord::from_moves(games[i].start, games[i].move_list());
    ASSERT_TRUE(rec.has_value());
    if (rec->can_claim_threefold()) ++claimable_at_end;
    EXPECT_EQ(rec->repetition_count(), 3);
    EXPECT_TRUE(rec->claimable());

    const int n = rec->ply_count();
    for (int ply = 0; ply < n; ++ply) {  // nothing stood three times before the last ply
      int count = 0;
      for (int k = 0; k <= ply; ++k) count += rec->key_at(k) == rec->key_at(ply) ? 1 : 0;
      ASSERT_LT(count, 3) << "ply " << ply;
    }
    auto before = GameRecord::from_moves(
        games[i].start, std::vector<Move>(rec->moves().begin(), rec->moves().end() - 1));
    ASSERT_TRUE(before.has_value());
    EXPECT_FALSE(before->can_claim_threefold());
    if (before->can_claim_threefold(rec->moves().back())) ++claimable_before_last_move;
  }
  EXPECT_EQ(claimable_at_end, 188);
  EXPECT_EQ(claimable_before_last_move, 188);
}

// Game 113: at ply 70 the placement and side to move stand for the 3rd time, but the first
// of those occurrences still had a castling right: only 2 occurrences of the same position,
// no claim. The real threefold comes one ply later, at the end of the game.
TEST(PgnReplay, CastlingRightsSeparateOccurrencesInEngineGame113) {
  auto games = read_all("engine-repetition-draws.pgn", 188);
  const PgnGame& g = games[112];
  ASSERT_EQ(g.moves.size(), 71u);
  auto rec = GameRecord::from_moves(g.start, g.move_list());
  ASSERT_TRUE(rec.has_value());
  auto placement_and_side = [](const Position& p) {
    std::string f = p.fen();
    return f.substr(0, f.find(' ', f.find(' ') + 1));
  };
  int same_board = 0;
  for (int k = 0; k <= 70; ++k) {
    if (placement_and_side(rec->position_at(k)) == placement_and_side(rec->position_at(70))) {
      ++same_board;
    }
  }
  EXPECT_EQ(same_board, 3);
  auto at70 = GameRecord::from_moves(
      g.start, std::vector<Move>(rec->moves().begin(), rec->moves().begin() + 70));
  ASSERT_TRUE(at70.has_value());
  EXPECT_EQ(at70->repetition_count(), 2);
  EXPECT_FALSE(at70->can_claim_threefold());
  EXPECT_TRUE(rec->can_claim_threefold());
}

}  // namespace
}  // namespace corrchess::chess
