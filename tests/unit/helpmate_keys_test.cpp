// The helpmate searches' exact position keys and their failure memo
// (core/chess/helpmate_keys.h): distinct positions never share a key, and the memo never
// answers for a position it was not told about, even when two positions share a Zobrist key.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/chess/helpmate_keys.h"
#include "core/chess/position.h"
#include "tests/support/test_env.h"

namespace corrchess::chess {
namespace {

using helpmate_detail::exact_key;
using helpmate_detail::ExactKey;
using helpmate_detail::PositionMemo;

Position at(const std::string& fen) {
  auto p = Position::from_fen(testing::complete_epd(fen));
  EXPECT_TRUE(p.has_value()) << fen << ": " << (p ? "" : p.error().detail);
  return p ? *p : Position::startpos();
}

Position after_moves(Position p, const std::vector<std::string>& uci) {
  for (const std::string& text : uci) {
    bool played = false;
    for (Move m : p.legal_moves()) {
      const std::string from = square_name(m.from());
      const std::string to = square_name(m.to());
      if (from + to == text) {
        p.play(m);
        played = true;
        break;
      }
    }
    EXPECT_TRUE(played) << text;
  }
  return p;
}

TEST(HelpmateExactKey, DistinctPositionsHaveDistinctKeys) {
  // Pairs that differ in one thing only: the side to move, a castling right, the colour of a
  // man, the type of a man, where a man stands, a legal en-passant capture.
  const std::vector<std::string> fens = {
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq",
      "r3k2r/8/8/8/8/8/8/R3K2R w Qkq",  "r3k2r/8/8/8/8/8/8/R3K2R w -",
      "4k3/8/8/8/8/8/8/4KN2 w -",       "4k3/8/8/8/8/8/8/4Kn2 w -",
      "4k3/8/8/8/8/8/8/4KB2 w -",       "4k3/8/8/8/8/8/8/4KR2 w -",
      "4k3/8/8/8/8/8/8/4KQ2 w -",       "4k3/8/8/8/8/8/4P3/4K3 w -",
      "4k3/8/8/8/8/8/8/4K1N1 w -",      "4k3/8/8/3pP3/8/8/8/4K3 w - d6",
      "4k3/8/8/3pP3/8/8/8/4K3 w -",     "8/8/8/8/8/8/8/k1K5 w -",
      "8/8/8/8/8/8/8/K1k5 w -",
  };
  std::vector<ExactKey> keys;
  for (const auto& fen : fens) keys.push_back(exact_key(at(fen)));
  for (std::size_t i = 0; i < keys.size(); ++i)
    for (std::size_t j = i + 1; j < keys.size(); ++j)
      EXPECT_FALSE(keys[i] == keys[j]) << fens[i] << " / " << fens[j];
}

TEST(HelpmateExactKey, TranspositionsShareTheirKey) {
  const Position a = after_moves(Position::startpos(), {"g1f3", "g8f6", "b1c3", "b8c6"});
  const Position b = after_moves(Position::startpos(), {"b1c3", "b8c6", "g1f3", "g8f6"});
  EXPECT_TRUE(exact_key(a) == exact_key(b));
  // An en-passant square with no legal capture is no part of the position.
  const Position c = after_moves(Position::startpos(), {"e2e4"});
  const Position d = at("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq");
  EXPECT_TRUE(exact_key(c) == exact_key(d));
}

TEST(HelpmatePositionMemo, SameZobristKeyDifferentPositionIsAMissForFailures) {
  ExactKey first = exact_key(at("4k3/8/8/8/8/8/8/4KN2 w -"));
  ExactKey second = exact_key(at("4k3/8/8/8/8/8/8/4KB2 w -"));
  second.hash = first.hash;  // forced collision: the same table slot for every depth
  PositionMemo memo(64);
  memo.set_failed(first, 3);
  EXPECT_TRUE(memo.has_failed(first, 3));
  EXPECT_FALSE(memo.has_failed(second, 3));
  EXPECT_FALSE(memo.has_failed(first, 2));
  EXPECT_FALSE(memo.has_failed(first, 4));
  // The colliding position takes the slot over: the first is then forgotten, never confused.
  memo.set_failed(second, 3);
  EXPECT_TRUE(memo.has_failed(second, 3));
  EXPECT_FALSE(memo.has_failed(first, 3));
}

TEST(HelpmatePositionMemo, SameZobristKeyDifferentPositionIsAMissForCoverage) {
  ExactKey first = exact_key(at("4k3/8/8/8/8/8/8/4KR2 w -"));
  ExactKey second = exact_key(at("4k3/8/8/8/8/8/8/4KR2 b -"));
  second.hash = first.hash;
  PositionMemo memo(64);
  memo.record(first, 5);
  EXPECT_TRUE(memo.covers(first, 5));
  EXPECT_TRUE(memo.covers(first, 2));
  EXPECT_FALSE(memo.covers(first, 6));
  EXPECT_FALSE(memo.covers(second, 1));
  memo.record(second, 1);
  EXPECT_FALSE(memo.covers(first, 1));
  EXPECT_TRUE(memo.covers(second, 1));
}

TEST(HelpmatePositionMemo, BeginForgetsEverything) {
  PositionMemo memo(100);
  EXPECT_EQ(memo.size(), 128u);
  const ExactKey k = exact_key(Position::startpos());
  for (int depth = 0; depth < 8; ++depth) EXPECT_FALSE(memo.has_failed(k, depth));
  EXPECT_FALSE(memo.covers(k, 0));
  memo.set_failed(k, 4);
  memo.record(k, 7);
  EXPECT_TRUE(memo.has_failed(k, 4));
  EXPECT_TRUE(memo.covers(k, 7));
  memo.begin();
  EXPECT_FALSE(memo.has_failed(k, 4));
  EXPECT_FALSE(memo.covers(k, 0));
}

}  // namespace
}  // namespace corrchess::chess
