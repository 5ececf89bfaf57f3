// Game::extend is an optimisation of Game::replay: a game extended by more facts must be
// exactly the game replayed from all of them (state, clock facts, facts), whatever the
// split point, one fact at a time or many, with events at the split ply or later, and when
// it has to fall back to a whole replay. Checked over real games (tests/data/pgn) with draw
// offers, declines and director clock adjustments woven in.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/game/game.h"
#include "tests/support/test_env.h"

namespace corrchess::game {
namespace {

constexpr std::int64_t kStart = 1'800'000'000;

std::vector<chess::PgnGame> read_games(const std::string& name, std::size_t limit) {
  std::ifstream in(corrchess::testing::data_dir() + "/pgn/" + name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::vector<chess::PgnGame> games;
  for (auto& g : chess::read_pgn(ss.str())) {
    if (g && g->moves.size() >= 2) games.push_back(std::move(*g));
    if (games.size() == limit) break;
  }
  return games;
}

// The facts of a PGN game played one move a day (a little faster each time, so the clocks
// differ from move to move), with a draw offer every 7th move declined by the next event,
// and a director's clock adjustment every 11th ply.
GameFacts facts_of(const chess::PgnGame& pgn) {
  GameFacts facts;
  facts.setup.time_control = IccfStandard{10, 50, std::nullopt};
  facts.setup.start_at = Timestamp(kStart);
  if (pgn.start != chess::Position::startpos()) facts.setup.initial_fen = pgn.start.fen();
  chess::Position pos = pgn.start;
  Timestamp at(kStart);
  for (std::size_t i = 0; i < pgn.moves.size(); ++i) {
    const int ply = static_cast<int>(i) + 1;
    at = at + 86'400 - 600 * static_cast<Seconds>(i % 5);
    MoveFact mf;
    mf.ply = ply;
    mf.uci = chess::to_uci(pos, pgn.moves[i].move);
    mf.at = at;
    mf.offer_draw = ply % 7 == 0;
    if (ply % 9 == 0) mf.message = "move " + std::to_string(ply);
    facts.moves.push_back(mf);
    pos.play(pgn.moves[i].move);
    if (mf.offer_draw && i + 1 < pgn.moves.size()) {
      GameEvent declined;
      declined.kind = EventKind::kDrawDeclined;
      declined.at = at + 60;
      declined.side = pos.side_to_move();
      declined.ply = ply;
      facts.events.push_back(declined);
    }
    if (ply % 11 == 0) {
      GameEvent adjusted;
      adjusted.kind = EventKind::kClockAdjusted;
      adjusted.at = at + 120;
      adjusted.side = pos.side_to_move();
      adjusted.ply = ply;
      adjusted.adjustment = AdjustmentKind::kAdjustRemaining;
      adjusted.seconds = 86'400;
      adjusted.reason = "postal delay";
      adjusted.actor = "td";
      facts.events.push_back(adjusted);
    }
  }
  return facts;
}

// The first `plies` moves and the events before ply `plies` (those at the split ply come
// with the extension).
GameFacts prefix(const GameFacts& all, int plies) {
  GameFacts p;
  p.setup = all.setup;
  p.moves.assign(all.moves.begin(), all.moves.begin() + plies);
  for (const auto& e : all.events) {
    if (e.ply < plies) p.events.push_back(e);
  }
  return p;
}

std::vector<GameEvent> events_from(const GameFacts& all, int first_ply, int last_ply) {
  std::vector<GameEvent> out;
  for (const auto& e : all.events) {
    if (e.ply >= first_ply && e.ply <= last_ply) out.push_back(e);
  }
  return out;
}

void expect_same(const Game& extended, const Game& replayed) {
  EXPECT_EQ(extended.facts(), replayed.facts());
  EXPECT_EQ(extended.clock_facts(), replayed.clock_facts());
  EXPECT_EQ(extended.state(), replayed.state());
  EXPECT_EQ(extended.state().moves.size(), replayed.state().moves.size());
}

GameContext context() {
  GameContext c;
  c.zone = TimeZone::utc();
  return c;
}

class GameExtend : public ::testing::Test {
 protected:
  void check_games(const std::vector<chess::PgnGame>& games) {
    ASSERT_FALSE(games.empty());
    int compared = 0;
    for (std::size_t g = 0; g < games.size(); ++g) {
      SCOPED_TRACE("game " + std::to_string(g + 1));
      const GameFacts all = facts_of(games[g]);
      const int n = static_cast<int>(all.moves.size());
      const Timestamp now = all.moves.back().at + 3600;
      auto whole = Game::replay(all, context(), now);
      ASSERT_TRUE(whole.has_value()) << whole.error().detail;
      for (int split : {0, 1, n / 3, n / 2, n - 1}) {
        SCOPED_TRACE("split at ply " + std::to_string(split));
        auto base = Game::replay(prefix(all, split), context(), now);
        ASSERT_TRUE(base.has_value()) << base.error().detail;
        // Everything after the split at once.
        std::vector<MoveFact> rest(all.moves.begin() + split, all.moves.end());
        auto extended = base->extend(rest, events_from(all, split, n), now);
        ASSERT_TRUE(extended.has_value()) << extended.error().detail;
        expect_same(*extended, *whole);
        ++compared;
      }
      // One move at a time from the start, each extension continuing the last one, as
      // conditional replies are played.
      auto step = Game::replay(prefix(all, 0), context(), now);
      ASSERT_TRUE(step.has_value());
      for (int p = 0; p < n; ++p) {
        auto next =
            step->extend({all.moves[static_cast<std::size_t>(p)]}, events_from(all, p, p), now);
        ASSERT_TRUE(next.has_value()) << "ply " << p + 1 << ": " << next.error().detail;
        step = std::move(next);
      }
      auto last = step->extend({}, events_from(all, n, n), now);
      ASSERT_TRUE(last.has_value());
      expect_same(*last, *whole);
      ++compared;
    }
    EXPECT_EQ(compared, static_cast<int>(games.size()) * 6);
  }
};

TEST_F(GameExtend, EqualsAWholeReplayOverRealGames) {
  check_games(read_games("lichess2013-100.pgn", 100));
}

TEST_F(GameExtend, EqualsAWholeReplayOverLongRepetitionDraws) {
  check_games(read_games("engine-repetition-draws.pgn", 30));
}

// A new event placed before the last move cannot continue the fold: extend replays the
// whole game and still agrees with replay (here a draw offer's decline arriving late would
// be out of order, so the facts are refused by both alike).
TEST_F(GameExtend, AnEventBeforeTheLastMoveIsReplayedWhole) {
  const auto games = read_games("lichess2013-100.pgn", 1);
  ASSERT_EQ(games.size(), 1u);
  GameFacts all = facts_of(games[0]);
  all.events.clear();
  const Timestamp now = all.moves.back().at + 3600;
  auto base = Game::replay(all, context(), now);
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
  auto whole = Game::replay(with, context(), now);
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
  facts.setup.start_at = Timestamp(kStart);
  GameContext ticked = context();
  ticked.running_use_40_plus_days = true;  // White ticked it for move 1
  const Timestamp move_at(kStart + 30 * 86'400);
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
  auto stored = Game::replay(facts, context(), move_at);
  ASSERT_TRUE(stored.has_value());
  expect_same(*extended, *stored);
}

// Facts that do not continue the game are refused as replay refuses them.
TEST_F(GameExtend, InconsistentFactsAreRefused) {
  const auto games = read_games("lichess2013-100.pgn", 1);
  ASSERT_EQ(games.size(), 1u);
  const GameFacts all = facts_of(games[0]);
  const Timestamp now = all.moves.back().at + 3600;
  auto base = Game::replay(prefix(all, 4), context(), now);
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
  auto over = Game::replay(all, context(), now);
  ASSERT_TRUE(over.has_value());
  ASSERT_EQ(over->state().status, GameStatus::kFinished);
  MoveFact after = all.moves.back();
  after.ply += 1;
  after.uci = "e1e2";
  EXPECT_FALSE(over->extend({after}, {}, now).has_value());
}

}  // namespace
}  // namespace corrchess::game
