// A game's snapshot (core/game/snapshot.h) must continue a game exactly as the full replay
// does: at every ply of real games, the replay from the snapshot's window (the moves before
// it stripped to their instants and flags, the clocks resumed from the window's) equals the
// full replay but for the views and clock records of the stripped moves; so do its claim
// rulings (with their reasons, which name the plies where a position stood) and every
// extension of it by later facts. The long engine draws repeat
// positions for many plies, so windows there hold the repetitions a claim counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/chess/notation.h"
#include "core/game/game.h"
#include "core/game/record_pgn.h"
#include "core/game/snapshot.h"
#include "tests/support/pgn_game_facts.h"

namespace corrchess::game {
namespace {

using testing::events_between;
using testing::facts_prefix;
using testing::pgn_game_facts;
using testing::read_pgn_games;

void expect_same_rulings(const Game& full, const Game& windowed) {
  const auto& a = full.record();
  const auto& b = windowed.record();
  const auto same = [](const Result<chess::ClaimVerdict>& x, const Result<chess::ClaimVerdict>& y) {
    ASSERT_EQ(x.has_value(), y.has_value());
    if (!x) return;
    EXPECT_EQ(x->correct, y->correct);
    EXPECT_EQ(x->reason, y->reason);
  };
  same(a.judge_threefold_claim(), b.judge_threefold_claim());
  same(a.judge_fifty_move_claim(), b.judge_fifty_move_claim());
  if (full.state().status != GameStatus::kOngoing) return;
  for (chess::Move m : full.state().position.legal_moves()) {
    same(a.judge_threefold_claim(m), b.judge_threefold_claim(m));
    same(a.judge_fifty_move_claim(m), b.judge_fifty_move_claim(m));
  }
}

// Whether a game's clocks depend on its moves alone (no refill, adjustment or suspension):
// then its snapshot keeps the clocks too (ClockCheckpoint).
bool plain_clocks(const GameFacts& facts) {
  return std::ranges::none_of(facts.events, [](const GameEvent& e) {
    return e.kind == EventKind::kClockRefill || e.kind == EventKind::kClockAdjusted ||
           e.kind == EventKind::kSuspended;
  });
}

// The prefixes checked by check_facts with a window past ply 0, and of those the windows
// that kept the clocks.
struct Windows {
  int windowed = 0;
  int with_clocks = 0;
};

// Every prefix of every game: the window the prefix's snapshot keeps, the windowed replay
// against the full one, and the windowed game extended to the end against the whole game.
Windows check_facts(const std::vector<GameFacts>& games) {
  Windows windows;
  int& windowed_prefixes = windows.windowed;
  for (std::size_t g = 0; g < games.size(); ++g) {
    SCOPED_TRACE("game " + std::to_string(g + 1));
    const GameFacts& all = games[g];
    const int n = static_cast<int>(all.moves.size());
    const Timestamp now = all.moves.back().at + 3600;
    auto whole = Game::replay(all, testing::utc_context(), now);
    if (!whole) {
      ADD_FAILURE() << whole.error().detail;
      return windows;
    }
    for (int k = 1; k <= n; ++k) {
      SCOPED_TRACE("prefix of " + std::to_string(k) + " plies");
      const GameFacts facts = facts_prefix(all, k);
      auto full = Game::replay(facts, testing::utc_context(), now);
      if (!full) {
        ADD_FAILURE() << full.error().detail;
        return windows;
      }
      const ReplayWindow window = full->snapshot_window();
      EXPECT_GE(window.ply, 0);
      EXPECT_LT(window.ply, k);
      if (window.ply > 0) ++windowed_prefixes;
      auto windowed = Game::replay(windowed_facts(facts, window), testing::utc_context(), now);
      if (!windowed) {
        ADD_FAILURE() << windowed.error().detail;
        return windows;
      }
      EXPECT_EQ(windowed->state().full_views_from, window.ply);
      // These games' clocks depend on their moves alone: the window keeps them (unless a flag
      // fell before it), and the windowed replay starts its clocks there too.
      if (window.ply > 0 && plain_clocks(facts) && !full->state().clock.flag_fall) {
        EXPECT_TRUE(window.clocks.has_value());
      }
      if (window.clocks) ++windows.with_clocks;
      EXPECT_EQ(windowed->state().clock.records_from, window.clocks ? window.ply : 0);
      const auto difference = snapshot_difference(full->state(), windowed->state());
      EXPECT_FALSE(difference.has_value()) << *difference;
      expect_same_rulings(*full, *windowed);
      // The window a snapshot of the windowed game keeps is the same one.
      EXPECT_EQ(windowed->snapshot_window(), window);
      if (k % 5 != 0 && k != 1) continue;
      std::vector<MoveFact> rest(all.moves.begin() + k, all.moves.end());
      auto extended = windowed->extend(rest, events_between(all, k, n), now);
      if (!extended) {
        ADD_FAILURE() << extended.error().detail;
        return windows;
      }
      const auto later = snapshot_difference(whole->state(), extended->state());
      EXPECT_FALSE(later.has_value()) << "extended from ply " << k << ": " << *later;
      expect_same_rulings(*whole, *extended);
    }
  }
  return windows;
}

// The games as pgn_game_facts makes them (a director adjusts a clock every 11 plies, so no
// window keeps the clocks past ply 11), and again without those adjustments (so the windows
// keep the clocks).
Windows check_games(const std::vector<chess::PgnGame>& games) {
  std::vector<GameFacts> facts;
  for (const auto& g : games) facts.push_back(pgn_game_facts(g));
  Windows adjusted = check_facts(facts);
  for (auto& f : facts) {
    std::erase_if(f.events, [](const GameEvent& e) { return e.kind == EventKind::kClockAdjusted; });
  }
  const Windows plain = check_facts(facts);
  EXPECT_EQ(plain.windowed, adjusted.windowed);  // the board's windows do not change
  EXPECT_GT(plain.with_clocks, plain.windowed * 9 / 10);
  return {adjusted.windowed + plain.windowed, adjusted.with_clocks + plain.with_clocks};
}

// Chess960 games of random legal moves (a fixed generator) from 24 start arrays, castling
// whenever it is legal so that castling rights (Shredder-FEN letters in the window's FEN)
// and castled kings are carried through windows; each game stops before it would end.
std::vector<GameFacts> random_chess960_games() {
  std::vector<GameFacts> games;
  std::uint64_t seed = 0x9E3779B97F4A7C15ULL;
  const auto next = [&seed] {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(seed >> 33);
  };
  for (int array = 0; array < 960; array += 40) {
    GameFacts facts;
    facts.setup.variant = Variant::kChess960;
    facts.setup.start_position = array;
    facts.setup.time_control = IccfStandard{10, 50, std::nullopt};
    facts.setup.start_at = Timestamp(testing::kPgnGameStart);
    auto pos = chess::Position::chess960_start(array);
    if (!pos) continue;
    Timestamp at(testing::kPgnGameStart);
    for (int ply = 1; ply <= 120; ++ply) {
      const auto legal = pos->legal_moves();
      if (legal.empty()) break;
      chess::Move m = legal[next() % legal.size()];
      for (std::size_t i = 0; i < legal.size(); ++i) {
        if (legal[i].kind() == chess::MoveKind::kCastling) m = legal[i];
      }
      const chess::Position after = pos->after(m);
      const MateOracle& mate = Oracles{}.mate_oracle();
      if (after.legal_moves().empty() ||
          (!mate.can_mate(after, Color::kWhite) && !mate.can_mate(after, Color::kBlack))) {
        break;
      }
      at = at + 86'400;
      MoveFact mf;
      mf.ply = ply;
      mf.uci = chess::to_uci(*pos, m);
      mf.at = at;
      facts.moves.push_back(mf);
      *pos = after;
    }
    if (facts.moves.size() >= 2) games.push_back(std::move(facts));
  }
  return games;
}

TEST(GameSnapshot, ContinuesRealGamesAsTheFullReplayDoes) {
  const auto games = read_pgn_games("lichess2013-100.pgn", 100);
  ASSERT_EQ(games.size(), 100u);
  EXPECT_GT(check_games(games).windowed, 4000);
}

TEST(GameSnapshot, ContinuesLongRepetitionDrawsAsTheFullReplayDoes) {
  const auto games = read_pgn_games("engine-repetition-draws.pgn", 30);
  ASSERT_FALSE(games.empty());
  EXPECT_GT(check_games(games).windowed, 1000);
}

TEST(GameSnapshot, ContinuesChess960GamesWithCastlingAsTheFullReplayDoes) {
  const auto games = random_chess960_games();
  ASSERT_GE(games.size(), 20u);
  const Windows windows = check_facts(games);
  EXPECT_GT(windows.windowed, 1000);
  EXPECT_GT(windows.with_clocks, windows.windowed * 9 / 10);
}

// A claim decided on a windowed game stores the same facts (verdict and reason) as on the
// full one: the engine draws end in a threefold repetition the player to move may claim.
TEST(GameSnapshot, AClaimFromTheWindowStoresTheSameFacts) {
  const auto games = read_pgn_games("engine-repetition-draws.pgn", 30);
  int upheld = 0;
  for (const auto& pgn : games) {
    GameFacts all = pgn_game_facts(pgn);
    const Timestamp now = all.moves.back().at + 3600;
    auto full = Game::replay(all, testing::utc_context(), now);
    ASSERT_TRUE(full.has_value()) << full.error().detail;
    if (full->state().status != GameStatus::kOngoing) continue;
    auto windowed =
        Game::replay(windowed_facts(all, full->snapshot_window()), testing::utc_context(), now);
    ASSERT_TRUE(windowed.has_value()) << windowed.error().detail;
    ClaimRequest request;
    request.type = ClaimType::kThreefold;
    const Color side = full->state().to_move;
    auto a = claim(*full, side, request, {});
    auto b = claim(*windowed, side, request, {});
    ASSERT_EQ(a.has_value(), b.has_value());
    if (!a) continue;
    EXPECT_EQ(a->events, b->events);
    EXPECT_EQ(a->upheld, b->upheld);
    EXPECT_EQ(a->reason, b->reason);
    if (a->upheld) ++upheld;
  }
  EXPECT_GT(upheld, 0);
}

// A flag that fell before the window cannot be judged from it (the verdict depends on the
// position where it fell): the windowed replay refuses with kConflict and the caller replays
// the full facts.
TEST(GameSnapshot, AFlagFallBeforeTheWindowAsksForTheFullReplay) {
  const auto games = read_pgn_games("lichess2013-100.pgn", 5);
  for (const auto& pgn : games) {
    GameFacts all = pgn_game_facts(pgn);
    if (all.moves.size() < 20) continue;
    all.moves.resize(20);
    std::erase_if(all.events, [](const GameEvent& e) { return e.ply >= 20; });
    // Move 20 comes 120 days after move 19: the mover's clock ran out during it (the
    // silence rule is off, so the clock is what ran out).
    all.setup.rules.silence_rule = false;
    for (std::size_t i = 19; i < all.moves.size(); ++i) {
      all.moves[i].at = all.moves[18].at + 120 * 86'400;
    }
    const Timestamp now = all.moves.back().at + 60;
    auto full = Game::replay(all, testing::utc_context(), now);
    ASSERT_TRUE(full.has_value()) << full.error().detail;
    ASSERT_EQ(full->state().termination, Termination::kTimeForfeit);
    ReplayWindow window;
    window.ply = 20;
    window.fen = full->record().position_at(20).fen();
    auto windowed = Game::replay(windowed_facts(all, window), testing::utc_context(), now);
    ASSERT_FALSE(windowed.has_value());
    EXPECT_EQ(windowed.error().code, ErrorCode::kConflict);
    return;
  }
  FAIL() << "no game of 20 plies";
}

// A window whose position is not after its ply, or out of the game's range, is refused.
TEST(GameSnapshot, AWindowThatDoesNotFitTheGameIsRefused) {
  const auto games = read_pgn_games("lichess2013-100.pgn", 1);
  ASSERT_EQ(games.size(), 1u);
  const GameFacts all = pgn_game_facts(games[0]);
  const Timestamp now = all.moves.back().at + 3600;
  auto full = Game::replay(facts_prefix(all, 10), testing::utc_context(), now);
  ASSERT_TRUE(full.has_value());
  ReplayWindow off_by_one{5, full->record().position_at(4).fen(), std::nullopt};
  EXPECT_FALSE(
      Game::replay(windowed_facts(facts_prefix(all, 10), off_by_one), testing::utc_context(), now));
  ReplayWindow beyond{11, full->record().position_at(10).fen(), std::nullopt};
  EXPECT_FALSE(
      Game::replay(windowed_facts(facts_prefix(all, 10), beyond), testing::utc_context(), now));
}

// A windowed state holds no views before its window, so it cannot make a game's record: the
// PGN of a game comes from the full replay, and record_pgn refuses a windowed state instead
// of writing a game that starts in the middle.
TEST(GameSnapshot, AGameRecordNeedsTheFullReplay) {
  const auto games = read_pgn_games("lichess2013-100.pgn", 1);
  ASSERT_EQ(games.size(), 1u);
  const GameFacts all = pgn_game_facts(games[0]);
  const Timestamp now = all.moves.back().at + 3600;
  auto full = Game::replay(all, testing::utc_context(), now);
  ASSERT_TRUE(full.has_value());
  const ReplayWindow window = full->snapshot_window();
  ASSERT_GT(window.ply, 0);
  auto windowed = Game::replay(windowed_facts(all, window), testing::utc_context(), now);
  ASSERT_TRUE(windowed.has_value());
  const PgnPlayers players{"White", "Black", "white", "black"};
  const auto whole = record_pgn(1, std::nullopt, all.setup, full->state(), players);
  ASSERT_TRUE(whole.has_value());
  EXPECT_EQ(whole->moves.size(), all.moves.size());
  const auto partial = record_pgn(1, std::nullopt, all.setup, windowed->state(), players);
  ASSERT_FALSE(partial.has_value());
  EXPECT_EQ(partial.error().code, ErrorCode::kInternal);
}

}  // namespace
}  // namespace corrchess::game
