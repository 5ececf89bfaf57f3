// Game::extend is an optimisation of Game::replay: a game extended by more facts must be
// exactly the game replayed from all of them (state, clock facts, facts), whatever the
// split point, one fact at a time or many, with events at the split ply or later, and when
// it has to fall back to a whole replay. Checked over real games (tests/data/pgn) with draw
// offers, declines and director clock adjustments woven in.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/game/game.h"
#include "core/game/snapshot.h"
#include "tests/support/pgn_game_facts.h"

namespace corrchess::game {
namespace {

using testing::events_between;
using testing::facts_prefix;
using testing::pgn_game_facts;
using testing::read_pgn_games;
constexpr std::int64_t kExtendStart = testing::kPgnGameStart;

void expect_same(const Game& extended, const Game& replayed) {
  EXPECT_EQ(extended.facts(), replayed.facts());
  EXPECT_EQ(extended.clock_facts(), replayed.clock_facts());
  EXPECT_EQ(extended.state(), replayed.state());
  EXPECT_EQ(extended.state().moves.size(), replayed.state().moves.size());
}

class GameExtend : public ::testing::Test {
 protected:
  void check_games(const std::vector<chess::PgnGame>& games) {
    ASSERT_FALSE(games.empty());
    int compared = 0;
    for (std::size_t g = 0; g < games.size(); ++g) {
      SCOPED_TRACE("game " + std::to_string(g + 1));
      const GameFacts all = pgn_game_facts(games[g]);
      const int n = static_cast<int>(all.moves.size());
      const Timestamp now = all.moves.back().at + 3600;
      auto whole = Game::replay(all, testing::utc_context(), now);
      ASSERT_TRUE(whole.has_value()) << whole.error().detail;
      for (int split : {0, 1, n / 3, n / 2, n - 1}) {
        SCOPED_TRACE("split at ply " + std::to_string(split));
        auto base = Game::replay(facts_prefix(all, split), testing::utc_context(), now);
        ASSERT_TRUE(base.has_value()) << base.error().detail;
        // Everything after the split at once.
        std::vector<MoveFact> rest(all.moves.begin() + split, all.moves.end());
        auto extended = base->extend(rest, events_between(all, split, n), now);
        ASSERT_TRUE(extended.has_value()) << extended.error().detail;
        expect_same(*extended, *whole);
        ++compared;
      }
      // One move at a time from the start, each extension continuing the last one, as
      // conditional replies are played.
      auto step = Game::replay(facts_prefix(all, 0), testing::utc_context(), now);
      ASSERT_TRUE(step.has_value());
      for (int p = 0; p < n; ++p) {
        auto next =
            step->extend({all.moves[static_cast<std::size_t>(p)]}, events_between(all, p, p), now);
        ASSERT_TRUE(next.has_value()) << "ply " << p + 1 << ": " << next.error().detail;
        step = std::move(next);
      }
      auto last = step->extend({}, events_between(all, n, n), now);
      ASSERT_TRUE(last.has_value());
      expect_same(*last, *whole);
      ++compared;
    }
    EXPECT_EQ(compared, static_cast<int>(games.size()) * 6);
  }
};

TEST_F(GameExtend, EqualsAWholeReplayOverRealGames) {
  check_games(read_pgn_games("lichess2013-100.pgn", 100));
}

TEST_F(GameExtend, EqualsAWholeReplayOverLongRepetitionDraws) {
  check_games(read_pgn_games("engine-repetition-draws.pgn", 30));
}

// A new event placed before the last move cannot continue the fold: extend replays the
// whole game and still agrees with replay (here a draw offer's decline arriving late would
// be out of order, so the facts are refused by both alike).
TEST_F(GameExtend, AnEventBeforeTheLastMoveIsReplayedWhole) {
  const auto games = read_pgn_games("lichess2013-100.pgn", 1);
  ASSERT_EQ(games.size(), 1u);
  GameFacts all = pgn_game_facts(games[0]);
  all.events.clear();
  const Timestamp now = all.moves.back().at + 3600;
  auto base = Game::replay(all, testing::utc_context(), now);
  ASSERT_TRUE(base.has_value());
  GameEvent adjusted;
  adjusted.kind = EventKind::kClockAdjusted;
  adjusted.at = all.moves[2].at + 10;
  adjusted.side = chess::Color::kBlack;
  adjusted.ply = 3;
  adjusted.adjustment = AdjustmentKind::kAdjustRemaining;
  adjusted.seconds = 3600;
  auto extended = base->extend({}, {adjusted}, now);
  GameFacts with = all;
  with.events.push_back(adjusted);
  auto whole = Game::replay(with, testing::utc_context(), now);
  ASSERT_EQ(extended.has_value(), whole.has_value());
  ASSERT_TRUE(whole.has_value()) << whole.error().detail;
  expect_same(*extended, *whole);
}

// "Use 40+ days" belongs to the move it was ticked for: once that move is appended, the
// opponent's move in progress is under the silence rule again (rules.md §4.6), in the
// extended game exactly as in a replay of the stored facts (whose context no longer carries
// the tick). A command's answer and the cached deadline come from the extended game.
TEST_F(GameExtend, TheUse40PlusDaysTickEndsWithItsMove) {
  GameFacts facts;
  facts.setup.time_control = IccfStandard{10, 50, std::nullopt};
  facts.setup.start_at = Timestamp(kExtendStart);
  GameContext ticked = testing::utc_context();
  ticked.running_use_40_plus_days = true;  // White ticked it for move 1
  const Timestamp move_at(kExtendStart + 30 * 86'400);
  auto before = Game::replay(facts, ticked, move_at);
  ASSERT_TRUE(before.has_value()) << before.error().detail;
  MoveFact e4;
  e4.ply = 1;
  e4.uci = "e2e4";
  e4.at = move_at;
  e4.use_40_plus_days = true;
  auto extended = before->extend({e4}, {}, move_at);
  ASSERT_TRUE(extended.has_value()) << extended.error().detail;
  EXPECT_FALSE(extended->context().running_use_40_plus_days);
  // Black has 50 days on the clock, so the silence rule's 40 days come first.
  const ClockView& black = extended->state().clock_of(Color::kBlack);
  ASSERT_TRUE(black.deadline.has_value());
  EXPECT_EQ(*black.deadline, move_at + 40 * 86'400);
  facts.moves.push_back(e4);
  auto stored = Game::replay(facts, testing::utc_context(), move_at);
  ASSERT_TRUE(stored.has_value());
  expect_same(*extended, *stored);
}

// Facts that do not continue the game are refused as replay refuses them.
TEST_F(GameExtend, InconsistentFactsAreRefused) {
  const auto games = read_pgn_games("lichess2013-100.pgn", 1);
  ASSERT_EQ(games.size(), 1u);
  const GameFacts all = pgn_game_facts(games[0]);
  const Timestamp now = all.moves.back().at + 3600;
  auto base = Game::replay(facts_prefix(all, 4), testing::utc_context(), now);
  ASSERT_TRUE(base.has_value());
  MoveFact skipped = all.moves[5];  // ply 6 after ply 4
  EXPECT_FALSE(base->extend({skipped}, {}, now).has_value());
  MoveFact illegal = all.moves[4];
  illegal.uci = "a1a8";
  EXPECT_FALSE(base->extend({illegal}, {}, now).has_value());
  MoveFact early = all.moves[4];
  early.at = all.moves[3].at - 1;
  EXPECT_FALSE(base->extend({early}, {}, now).has_value());
  // The first game ends in checkmate: nothing may follow it.
  auto over = Game::replay(all, testing::utc_context(), now);
  ASSERT_TRUE(over.has_value());
  ASSERT_EQ(over->state().status, GameStatus::kFinished);
  MoveFact after = all.moves.back();
  after.ply += 1;
  after.uci = "e1e2";
  EXPECT_FALSE(over->extend({after}, {}, now).has_value());
}

// A game replayed at one instant and resumed at a later one is the game replayed at the
// later one: what a server keeps between two commands on a game (app/game_cache.h) is
// resumed there, not replayed. Over real games cut at several plies, whole and from their
// snapshot's window (some offering a threefold claim), at the same instant, an hour on, 40 days on
// (the silence rule) and half a year on (the flag has fallen: the verdict is worked out on
// resuming), with the context of the later read ticking "use 40+ days" or not.
TEST_F(GameExtend, AResumedGameEqualsAReplayAtTheLaterInstant) {
  auto games = read_pgn_games("lichess2013-100.pgn", 25);
  ASSERT_EQ(games.size(), 25u);
  // Games whose boards offer threefold claims: a resumed game takes its board's claims over.
  const auto draws = read_pgn_games("engine-repetition-draws.pgn", 10);
  ASSERT_EQ(draws.size(), 10u);
  games.insert(games.end(), draws.begin(), draws.end());
  int compared = 0;
  int claimable = 0;
  int refused = 0;
  int fallen = 0;
  for (std::size_t g = 0; g < games.size(); ++g) {
    SCOPED_TRACE("game " + std::to_string(g + 1));
    const GameFacts all = pgn_game_facts(games[g]);
    const int n = static_cast<int>(all.moves.size());
    for (int split : {1, n / 2, n - 1}) {
      SCOPED_TRACE("ply " + std::to_string(split));
      const GameFacts prefix = facts_prefix(all, split);
      const Timestamp first = prefix.moves.back().at + 60;
      auto whole = Game::replay(prefix, testing::utc_context(), first);
      ASSERT_TRUE(whole.has_value()) << whole.error().detail;
      for (bool windowed : {false, true}) {
        const GameFacts facts =
            windowed ? windowed_facts(prefix, whole->snapshot_window()) : prefix;
        for (std::int64_t later : {0, 3'600, 40 * 86'400, 180 * 86'400}) {
          for (bool tick : {false, true}) {
            SCOPED_TRACE(std::string(windowed ? "windowed" : "whole") + ", +" +
                         std::to_string(later) + " s" + (tick ? ", ticked" : ""));
            GameContext context = testing::utc_context();
            context.running_use_40_plus_days = tick;
            auto base = Game::replay(facts, testing::utc_context(), first);
            ASSERT_TRUE(base.has_value()) << base.error().detail;
            auto resumed = Game::resume(std::move(*base), context, first + later);
            auto replayed = Game::replay(facts, context, first + later);
            ASSERT_EQ(resumed.has_value(), replayed.has_value());
            if (!replayed) {
              // Only a flag that fell before the window is refused, by both alike.
              EXPECT_TRUE(windowed);
              EXPECT_EQ(resumed.error().code, replayed.error().code);
              EXPECT_EQ(replayed.error().code, ErrorCode::kConflict);
              ++refused;
              continue;
            }
            expect_same(*resumed, *replayed);
            if (replayed->state().flag_fall_pending) ++fallen;
            if (replayed->state().claimable.threefold) ++claimable;
            ++compared;
          }
        }
      }
    }
  }
  EXPECT_EQ(compared + refused, 35 * 3 * 2 * 4 * 2);
  EXPECT_GT(compared, 600);
  EXPECT_GT(claimable, 0);
  EXPECT_GT(fallen, 40);  // half a year on, flags have fallen (and were worked out on resuming)
}

// Oracles are the board's analysis, which a resumed game keeps from its replay: a context with
// other oracles is a programming error, not a different game.
TEST_F(GameExtend, ResumingUnderOtherOraclesIsAProgrammingError) {
  const auto games = read_pgn_games("lichess2013-100.pgn", 1);
  ASSERT_EQ(games.size(), 1u);
  const GameFacts facts = facts_prefix(pgn_game_facts(games[0]), 6);
  const Timestamp at = facts.moves.back().at + 60;
  auto game = Game::replay(facts, testing::utc_context(), at);
  ASSERT_TRUE(game.has_value());
  GameContext other = testing::utc_context();
  const MaterialMateOracle material;
  other.oracles.mate = &material;
  EXPECT_THROW((void)Game::resume(std::move(*game), other, at), std::logic_error);
}

}  // namespace
}  // namespace corrchess::game
