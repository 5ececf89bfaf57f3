#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "core/game/tournament.h"

namespace corrchess::game {
namespace {

std::vector<Pairing> round_of(const std::vector<Pairing>& all, int round) {
  std::vector<Pairing> out;
  for (const Pairing& p : all) {
    if (p.round == round) out.push_back(p);
  }
  return out;
}

TEST(Berger, SixPlayersMatchThePublishedTable) {
  // FIDE Berger table for 6 (seed numbers; white first):
  //   Rd 1: 1-6 2-5 3-4   Rd 2: 6-4 5-3 1-2   Rd 3: 2-6 3-1 4-5
  //   Rd 4: 6-5 1-4 2-3   Rd 5: 3-6 4-2 5-1
  const int table[5][3][2] = {{{1, 6}, {2, 5}, {3, 4}},
                              {{6, 4}, {5, 3}, {1, 2}},
                              {{2, 6}, {3, 1}, {4, 5}},
                              {{6, 5}, {1, 4}, {2, 3}},
                              {{3, 6}, {4, 2}, {5, 1}}};
  const std::vector<Pairing> all = berger_pairings(6, false);
  ASSERT_EQ(all.size(), 15u);
  for (int r = 0; r < 5; ++r) {
    for (int b = 0; b < 3; ++b) {
      const Pairing& p = all[static_cast<std::size_t>(r * 3 + b)];
      EXPECT_EQ(p.round, r + 1);
      EXPECT_EQ(p.board, b + 1);
      EXPECT_EQ(p.white + 1, table[r][b][0]) << "round " << r + 1 << " board " << b + 1;
      EXPECT_EQ(p.black + 1, table[r][b][1]) << "round " << r + 1 << " board " << b + 1;
    }
  }
}

TEST(Berger, OddSectionSitsOutThePlayerDrawnAgainstTheDummy) {
  // 5 players = the 6-table with 6 as the dummy: byes 1, 4, 2, 5, 3 in rounds 1..5.
  const std::vector<Pairing> all = berger_pairings(5, false);
  ASSERT_EQ(all.size(), 10u);
  const int byes[5] = {1, 4, 2, 5, 3};
  for (int r = 1; r <= 5; ++r) {
    EXPECT_EQ(berger_bye(5, false, r), byes[r - 1] - 1);
    EXPECT_EQ(berger_bye(5, true, r + 5), byes[r - 1] - 1);
    const std::vector<Pairing> games = round_of(all, r);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].board, 1);
    EXPECT_EQ(games[1].board, 2);
    for (const Pairing& p : games) {
      EXPECT_NE(p.white, byes[r - 1] - 1);
      EXPECT_NE(p.black, byes[r - 1] - 1);
    }
  }
  // Round 2 of the 6-table without 6-4: 5-3 and 1-2.
  const std::vector<Pairing> r2 = round_of(all, 2);
  EXPECT_EQ(r2[0], (Pairing{2, 1, 4, 2}));
  EXPECT_EQ(r2[1], (Pairing{2, 2, 0, 1}));
  EXPECT_EQ(berger_bye(6, false, 1), std::nullopt);
  EXPECT_EQ(berger_bye(5, false, 0), std::nullopt);
  EXPECT_EQ(berger_bye(5, false, 6), std::nullopt);
}

TEST(Berger, EveryPairMeetsOnceWithBalancedColoursForTwoToSixteen) {
  for (int n = 2; n <= 16; ++n) {
    SCOPED_TRACE(n);
    const std::vector<Pairing> all = berger_pairings(n, false);
    const int rounds = berger_round_count(n);
    EXPECT_EQ(rounds, n % 2 == 0 ? n - 1 : n);
    ASSERT_EQ(all.size(), static_cast<std::size_t>(n * (n - 1) / 2));
    std::set<std::pair<int, int>> met;
    std::vector<int> whites(static_cast<std::size_t>(n), 0);
    std::vector<int> byes(static_cast<std::size_t>(n), 0);
    for (const Pairing& p : all) {
      ASSERT_GE(p.white, 0);
      ASSERT_LT(p.white, n);
      ASSERT_GE(p.black, 0);
      ASSERT_LT(p.black, n);
      ASSERT_NE(p.white, p.black);
      EXPECT_TRUE(met.insert(std::minmax(p.white, p.black)).second)
          << p.white << " v " << p.black << " twice";
      ++whites[static_cast<std::size_t>(p.white)];
    }
    EXPECT_EQ(met.size(), static_cast<std::size_t>(n * (n - 1) / 2));
    for (int r = 1; r <= rounds; ++r) {
      // Each player at most once per round; exactly one sits out when n is odd.
      std::vector<int> seen(static_cast<std::size_t>(n), 0);
      const std::vector<Pairing> games = round_of(all, r);
      ASSERT_EQ(games.size(), static_cast<std::size_t>(n / 2));
      for (std::size_t b = 0; b < games.size(); ++b) {
        EXPECT_EQ(games[b].board, static_cast<int>(b) + 1);
        ++seen[static_cast<std::size_t>(games[b].white)];
        ++seen[static_cast<std::size_t>(games[b].black)];
      }
      for (int p = 0; p < n; ++p) {
        const bool sits_out = berger_bye(n, false, r) == p;
        EXPECT_EQ(seen[static_cast<std::size_t>(p)], sits_out ? 0 : 1) << "round " << r;
        if (sits_out) ++byes[static_cast<std::size_t>(p)];
      }
    }
    const int low = (n - 1) / 2;
    const int high = n / 2;  // ceil((n-1)/2)
    for (int p = 0; p < n; ++p) {
      EXPECT_GE(whites[static_cast<std::size_t>(p)], low) << "player " << p;
      EXPECT_LE(whites[static_cast<std::size_t>(p)], high) << "player " << p;
      EXPECT_EQ(byes[static_cast<std::size_t>(p)], n % 2);
    }
  }
}

TEST(Berger, DoubleRoundMeetsTwiceWithOppositeColours) {
  for (int n = 2; n <= 16; ++n) {
    SCOPED_TRACE(n);
    const std::vector<Pairing> all = berger_pairings(n, true);
    const int rounds = berger_round_count(n);
    ASSERT_EQ(all.size(), static_cast<std::size_t>(n * (n - 1)));
    std::map<std::pair<int, int>, int> as_white;  // (white, black) -> games
    std::vector<int> whites(static_cast<std::size_t>(n), 0);
    for (const Pairing& p : all) {
      ++as_white[{p.white, p.black}];
      ++whites[static_cast<std::size_t>(p.white)];
      EXPECT_GE(p.round, 1);
      EXPECT_LE(p.round, 2 * rounds);
    }
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        if (a != b) {
          EXPECT_EQ((as_white[{a, b}]), 1) << a << " white v " << b;
        }
      }
      EXPECT_EQ(whites[static_cast<std::size_t>(a)], n - 1);
    }
    // The second cycle is the first with colours reversed, round by round.
    const std::size_t half = all.size() / 2;
    for (std::size_t i = 0; i < half; ++i) {
      EXPECT_EQ(all[half + i].round, all[i].round + rounds);
      EXPECT_EQ(all[half + i].board, all[i].board);
      EXPECT_EQ(all[half + i].white, all[i].black);
      EXPECT_EQ(all[half + i].black, all[i].white);
    }
  }
}

TEST(Berger, SevenPlayersHaveThreeWhitesEachAndEightThreeOrFour) {
  // 7 players: 6 games each, the 21 whites spread exactly 3 per player.
  std::vector<int> whites7(7, 0);
  for (const Pairing& p : berger_pairings(7, false)) ++whites7[static_cast<std::size_t>(p.white)];
  for (const int w : whites7) EXPECT_EQ(w, 3);
  // 8 players: 7 games each, 28 whites = 4 players × 4 + 4 players × 3.
  std::vector<int> whites8(8, 0);
  for (const Pairing& p : berger_pairings(8, false)) ++whites8[static_cast<std::size_t>(p.white)];
  int fours = 0;
  for (const int w : whites8) {
    EXPECT_TRUE(w == 3 || w == 4);
    if (w == 4) ++fours;
  }
  EXPECT_EQ(fours, 4);
}

TEST(Berger, FewerThanTwoPlayersHaveNoGames) {
  EXPECT_TRUE(berger_pairings(0, false).empty());
  EXPECT_TRUE(berger_pairings(1, true).empty());
  EXPECT_TRUE(berger_pairings(-3, false).empty());
  EXPECT_EQ(berger_round_count(1), 0);
  EXPECT_EQ(berger_pairings(2, false), (std::vector<Pairing>{{1, 1, 0, 1}}));
}

TEST(Chess960Choice, Never518UnlessAllowed) {
  for (std::uint64_t v = 0; v < 3000; ++v) {
    const int n = choose_chess960_position(v, false);
    EXPECT_GE(n, 0);
    EXPECT_LE(n, 959);
    EXPECT_NE(n, kChess960StandardPosition);
  }
  EXPECT_EQ(choose_chess960_position(517, false), 517);
  EXPECT_EQ(choose_chess960_position(518, false), 519);
  EXPECT_EQ(choose_chess960_position(958, false), 959);
  EXPECT_EQ(choose_chess960_position(959, false), 0);
  EXPECT_EQ(choose_chess960_position(518, true), 518);
  EXPECT_EQ(choose_chess960_position(959, true), 959);
  EXPECT_EQ(choose_chess960_position(960, true), 0);
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  EXPECT_LE(choose_chess960_position(max, true), 959);
  EXPECT_NE(choose_chess960_position(max, false), 518);
}

TEST(Chess960Choice, UniformOverTheAllowedSet) {
  // Consecutive values cycle through the allowed set: each position exactly once per cycle.
  for (const bool allow : {false, true}) {
    const int size = allow ? 960 : 959;
    std::vector<int> hits(960, 0);
    for (std::uint64_t v = 0; v < static_cast<std::uint64_t>(size) * 3; ++v) {
      ++hits[static_cast<std::size_t>(choose_chess960_position(v + 12345, allow))];
    }
    for (int n = 0; n < 960; ++n) {
      const int expected = !allow && n == kChess960StandardPosition ? 0 : 3;
      EXPECT_EQ(hits[static_cast<std::size_t>(n)], expected) << n;
    }
  }
}

}  // namespace
}  // namespace corrchess::game
