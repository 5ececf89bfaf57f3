// The games repository against real PostgreSQL: whatever core decides, the database stores
// and gives back unchanged — full games replayed move by move through the repository end
// up equal to the same games replayed in core alone.
#include <gtest/gtest.h>

#include <fstream>
#include <pqxx/pqxx>
#include <sstream>

#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/game/game.h"
#include "db/games.h"
#include "db/leave.h"
#include "db/users.h"
#include "tests/support/repository_test.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

using game::Color;

// Piecewise comparison, so a failure says which part drifted.
::testing::AssertionResult same_facts(const game::GameFacts& a, const game::GameFacts& b) {
  if (!(a.setup == b.setup)) {
    return ::testing::AssertionFailure()
           << "setups differ: fen '" << a.setup.initial_fen << "' vs '" << b.setup.initial_fen
           << "', start " << a.setup.start_at.unix_seconds() << " vs "
           << b.setup.start_at.unix_seconds()
           << ", control equal: " << (a.setup.time_control == b.setup.time_control)
           << ", rules equal: " << (a.setup.rules == b.setup.rules);
  }
  if (a.moves.size() != b.moves.size()) {
    return ::testing::AssertionFailure() << a.moves.size() << " vs " << b.moves.size() << " moves";
  }
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    if (!(a.moves[i] == b.moves[i])) {
      return ::testing::AssertionFailure() << "move " << i + 1 << " differs: " << a.moves[i].uci
                                           << "@" << a.moves[i].at.unix_seconds() << " vs "
                                           << b.moves[i].uci << "@" << b.moves[i].at.unix_seconds();
    }
  }
  if (a.events.size() != b.events.size()) {
    return ::testing::AssertionFailure()
           << a.events.size() << " vs " << b.events.size() << " events";
  }
  for (std::size_t i = 0; i < a.events.size(); ++i) {
    if (!(a.events[i] == b.events[i])) {
      return ::testing::AssertionFailure()
             << "event " << i << " (" << game::to_string(a.events[i].kind) << ") differs";
    }
  }
  return ::testing::AssertionSuccess();
}

const game::Timestamp kStart = game::utc_instant(game::CivilDate{2026, 3, 2}, 9);

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class GamesRepository : public testing::RepositoryTest {
 protected:
  GamesRepository() : RepositoryTest({"white_p", "black_p"}) {}

  // Stores a new game the way the server does (with its initial FEN written out).
  std::int64_t create(game::GameSetup& setup) {
    auto initial = game::initial_position(setup);
    EXPECT_TRUE(initial.has_value());
    setup.initial_fen = initial->fen();
    pqxx::work tx(*conn_);
    auto g = game::Game::replay(game::GameFacts{setup, {}, {}, {}}, {}, setup.start_at);
    EXPECT_TRUE(g.has_value());
    const auto id = db::insert_game(tx, ids_[0], ids_[1], std::nullopt, setup, g->state());
    tx.commit();
    return id;
  }

  // One command the way the server runs it: lock, load, replay, decide, append, cache.
  // Returns the outcome's facts for the in-memory mirror.
  // Game `id` read back and replayed at `now` (from_db), next to `mirror` replayed the same
  // way (in_core): the stored facts must be the mirror's and the two states equal. nullopt
  // (after a failure) when the game or a replay is missing.
  struct Replays {
    game::Game from_db;
    game::Game in_core;
  };
  std::optional<Replays> replays(pqxx::work& tx, std::int64_t id, const game::GameFacts& mirror,
                                 game::Timestamp now) {
    auto stored = db::load_game(tx, id, false);
    EXPECT_TRUE(stored.has_value());
    if (!stored) return std::nullopt;
    EXPECT_TRUE(same_facts(stored->facts, mirror));
    auto from_db = game::Game::replay(stored->facts, {}, now);
    auto in_core = game::Game::replay(mirror, {}, now);
    EXPECT_TRUE(from_db && in_core);
    if (!from_db || !in_core) return std::nullopt;
    EXPECT_EQ(from_db->state(), in_core->state());
    return Replays{std::move(*from_db), std::move(*in_core)};
  }

  template <class Fn>
  void step(std::int64_t id, game::Timestamp now, Fn&& command, game::GameFacts& mirror) {
    pqxx::work tx(*conn_);
    auto stored = db::load_game(tx, id, true);
    ASSERT_TRUE(stored.has_value());
    ASSERT_TRUE(same_facts(stored->facts, mirror)) << "stored facts drifted from core's";
    auto g = game::Game::replay(stored->facts, {}, now);
    ASSERT_TRUE(g.has_value()) << g.error().detail;
    Result<game::Outcome> o = command(*g);
    ASSERT_TRUE(o.has_value()) << o.error().detail;
    db::store_change(tx, id, o->moves, o->events, stored->facts.events.size(), o->game.state(),
                     o->game.snapshot_window());
    tx.commit();
    mirror.moves.insert(mirror.moves.end(), o->moves.begin(), o->moves.end());
    mirror.events.insert(mirror.events.end(), o->events.begin(), o->events.end());
  }
};

// White's first move Nf3 as a pending move submitted `at`.
game::PendingMove knight_out(game::Timestamp at) {
  game::PendingMove p;
  p.side = Color::kWhite;
  p.uci = "g1f3";
  p.san = "Nf3";
  p.numeric = "7163";
  p.fen_after = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1";
  p.submitted_at = at;
  p.ply = 1;
  return p;
}

Result<game::Outcome> play(const game::Game& g, const std::string& move) {
  const Color side = g.state().to_move;
  auto pending = game::submit_move(g, side, game::MoveRequest{move, false, std::nullopt, false});
  if (!pending) return std::unexpected(pending.error());
  return game::accept_move(g, side, *pending, move, {});
}

TEST_F(GamesRepository, LichessGamesReplayedThroughTheDatabaseEqualCore) {
  const auto text = read_file(corrchess::testing::data_dir() + "/pgn/lichess2013-100.pgn");
  const auto games = chess::read_pgn(text);
  ASSERT_GE(games.size(), 10u);
  int replayed = 0;
  for (std::size_t n = 0; n < 10; ++n) {
    ASSERT_TRUE(games[n].has_value());
    const auto& pgn = *games[n];
    game::GameSetup setup;
    setup.time_control = game::FischerDays{30, 1, std::nullopt};
    setup.start_at = kStart;
    const auto id = create(setup);
    game::GameFacts mirror{setup, {}, {}, {}};
    game::Timestamp now = kStart;
    chess::Position pos = pgn.start;
    for (const auto& m : pgn.moves) {
      now += 7 * game::kSecondsPerHour + 13;
      const auto uci = chess::to_uci(pos, m.move);
      step(
          id, now, [&](const game::Game& g) { return play(g, uci); }, mirror);
      if (HasFatalFailure()) return;
      pos.play(m.move);
    }
    // Read back: the same facts, the same replayed state, and a cache that agrees.
    pqxx::work tx(*conn_);
    const auto replayed_games = replays(tx, id, mirror, now);
    ASSERT_TRUE(replayed_games);
    const auto* from_db = &replayed_games->from_db;
    const auto* in_core = &replayed_games->in_core;
    EXPECT_EQ(from_db->state().position.fen(), pgn.final_position().fen());
    auto row = tx.exec_params1("SELECT fen, ply, to_move, status FROM games WHERE id = $1", id);
    EXPECT_EQ(row[0].as<std::string>(), in_core->state().position.fen());
    EXPECT_EQ(row[1].as<int>(), static_cast<int>(pgn.moves.size()));
    EXPECT_EQ(row[2].as<std::string>(), game::color_name(in_core->state().to_move));
    EXPECT_EQ(row[3].as<std::string>(), game::to_string(in_core->state().status));
    // Per-move clock records are stored with each move.
    auto clocks = tx.exec_params(
        "SELECT ply, charged_seconds, clock_after_seconds FROM moves WHERE game_id = $1 "
        "ORDER BY ply",
        id);
    ASSERT_EQ(clocks.size(), in_core->state().clock.moves.size());
    for (std::size_t i = 0; i < clocks.size(); ++i) {
      EXPECT_EQ(clocks[i][1].as<long>(), in_core->state().clock.moves[i].charged);
      EXPECT_EQ(clocks[i][2].as<long>(), in_core->state().clock.moves[i].clock_after);
    }
    ++replayed;
  }
  EXPECT_EQ(replayed, 10);
}

TEST_F(GamesRepository, EveryKindOfFactRoundTrips) {
  game::GameSetup setup;
  setup.time_control = game::FischerDays{10, 1, 30};
  setup.start_at = kStart;
  setup.rules.no_draw_before_move = 2;
  setup.rules.silence_rule = false;
  const auto id = create(setup);
  game::GameFacts mirror{setup, {}, {}, {}};
  game::Timestamp now = kStart + 3600;
  auto at = [&](int hours) { return now += hours * game::kSecondsPerHour; };
  // Moves with a message and a draw offer, a decline, a director adjustment and
  // suspension, a rejected claim with an intended move, then a result set by the director.
  step(
      id, at(1), [](const game::Game& g) { return play(g, "e4"); }, mirror);
  step(
      id, at(2),
      [](const game::Game& g) {
        auto p =
            game::submit_move(g, Color::kBlack, game::MoveRequest{"e5", false, "good luck", false});
        if (!p) return Result<game::Outcome>(std::unexpected(p.error()));
        return game::accept_move(g, Color::kBlack, *p, "e5", {});
      },
      mirror);
  step(
      id, at(3),
      [](const game::Game& g) {
        auto p = game::submit_move(g, Color::kWhite, game::MoveRequest{"Nf3", true, {}, false});
        if (!p) return Result<game::Outcome>(std::unexpected(p.error()));
        return game::accept_move(g, Color::kWhite, *p, "Nf3", {});
      },
      mirror);
  step(
      id, at(4), [](const game::Game& g) { return game::decline_draw(g, Color::kBlack); }, mirror);
  step(
      id, at(6),
      [](const game::Game& g) {
        return game::adjust_clock(g, Color::kWhite, game::AdjustmentKind::kAdjustRemaining, 86400,
                                  "postal delay", "td");
      },
      mirror);
  step(
      id, at(7), [](const game::Game& g) { return game::suspend_game(g, "appeal", "td"); }, mirror);
  step(
      id, at(8), [](const game::Game& g) { return game::resume_game(g, "decided", "td"); }, mirror);
  step(
      id, at(9),
      [](const game::Game& g) {
        game::ClaimRequest claim;
        claim.type = game::ClaimType::kThreefold;
        claim.move = "Nc6";
        return game::claim(g, Color::kBlack, claim, {});
      },
      mirror);
  step(
      id, at(10),
      [](const game::Game& g) {
        return game::set_result(g, game::GameResult::kDraw, game::Termination::kAdjudication,
                                "drawn ending", "td");
      },
      mirror);
  pqxx::work tx(*conn_);
  auto stored = db::load_game(tx, id, false);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->facts.setup, setup);
  EXPECT_EQ(stored->facts.moves, mirror.moves);
  EXPECT_EQ(stored->facts.events, mirror.events);
  ASSERT_EQ(stored->facts.events.size(), 6u);
  EXPECT_EQ(stored->facts.moves[1].message, std::optional<std::string>("good luck"));
  EXPECT_TRUE(stored->facts.moves[2].offer_draw);
  auto g = game::Game::replay(stored->facts, {}, now);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->state().result, game::GameResult::kDraw);
  EXPECT_EQ(g->state().termination, game::Termination::kAdjudication);
}

TEST_F(GamesRepository, TripleBlockRefillsAndBankRoundTrip) {
  game::GameSetup setup;
  setup.time_control = game::TripleBlock{5, 50, false};
  setup.start_at = kStart;
  const auto id = create(setup);
  game::GameFacts mirror{setup, {}, {}, {}};
  game::Timestamp now = kStart;
  step(
      id, now += 3 * game::kSecondsPerDay, [](const game::Game& g) { return play(g, "d4"); },
      mirror);
  step(
      id, now += game::kSecondsPerHour,
      [](const game::Game& g) { return game::refill_clock(g, Color::kBlack, 3600); }, mirror);
  step(
      id, now += 9 * game::kSecondsPerDay, [](const game::Game& g) { return play(g, "Nf6"); },
      mirror);
  step(
      id, now += game::kSecondsPerHour,
      [](const game::Game& g) {
        return game::adjust_clock(g, Color::kWhite, game::AdjustmentKind::kSetBank, 10 * 86400,
                                  "bank correction", "td");
      },
      mirror);
  pqxx::work tx(*conn_);
  const auto replayed_games = replays(tx, id, mirror, now);
  ASSERT_TRUE(replayed_games);
  const auto* from_db = &replayed_games->from_db;
  const auto* in_core = &replayed_games->in_core;
  ASSERT_TRUE(in_core->state().clock_of(Color::kWhite).bank.has_value());
  EXPECT_EQ(*from_db->state().clock_of(Color::kWhite).bank, 10 * 86400);
}

TEST_F(GamesRepository, PendingMovesAndConditionalLinesRoundTrip) {
  game::GameSetup setup;
  setup.start_at = kStart;
  const auto id = create(setup);
  pqxx::work tx(*conn_);
  game::PendingMove p = knight_out(kStart + 60);
  p.offer_draw = true;
  p.message = "hello";
  db::save_pending(tx, id, p);
  const std::vector<game::ConditionalLine> lines = {{"e7e5", "g1f3"}, {"c7c5", "c2c3", "d7d5"}};
  db::save_conditional(tx, id, Color::kBlack, lines, kStart + 120);
  tx.commit();
  pqxx::work read(*conn_);
  auto stored = db::load_game(read, id, false);
  ASSERT_TRUE(stored.has_value());
  ASSERT_TRUE(stored->pending.has_value());
  EXPECT_EQ(*stored->pending, p);
  EXPECT_EQ(stored->conditional[chess::index(Color::kBlack)], lines);
  EXPECT_TRUE(stored->conditional[chess::index(Color::kWhite)].empty());
  EXPECT_EQ(stored->white.username, "white_p");
  EXPECT_EQ(stored->black.username, "black_p");
}

// store_change writes an accept (one move, no event) in one statement and anything else step
// by step; both must leave the same rows: the move, no pending move, the cached columns, the
// snapshot window, the move log, the version bumped once.
TEST_F(GamesRepository, StoreChangeOneStatementAndStepwiseStoreTheSame) {
  game::GameSetup setup;
  setup.start_at = kStart;
  setup.time_control = game::FischerDays{30, 1, std::nullopt};
  struct Stored {
    std::string game_row;
    std::string moves;
    long pending;
  };
  const auto stored_rows = [&](std::int64_t id) {
    pqxx::work tx(*conn_);
    Stored s;
    s.game_row = tx.exec_params1(
                       "SELECT row(status, fen, ply, to_move, next_deadline, "
                       "draw_offer_by, snapshot_ply, snapshot_fen, move_log, version)"
                       "::text FROM games WHERE id = $1",
                       id)[0]
                     .as<std::string>();
    s.moves = tx.exec_params1(
                    "SELECT coalesce(string_agg(row(ply, uci, san, numeric, fen_after, "
                    "accepted_at, offer_draw, message, charged_seconds, "
                    "clock_after_seconds)::text, ';' ORDER BY ply), '') FROM moves "
                    "WHERE game_id = $1",
                    id)[0]
                  .as<std::string>();
    s.pending =
        tx.exec_params1("SELECT count(*) FROM pending_moves WHERE game_id = $1", id)[0].as<long>();
    return s;
  };
  // e4 e5 Nf3 (pawn moves, so the window moves on), each after its pending move was stored.
  const std::vector<std::string> line = {"e2e4", "e7e5", "g1f3"};
  std::vector<Stored> after[2];
  for (int stepwise = 0; stepwise < 2; ++stepwise) {
    const auto id = create(setup);
    game::Timestamp now = kStart;
    for (const auto& uci : line) {
      now += 3600;
      pqxx::work tx(*conn_);
      auto stored = db::load_game(tx, id, true);
      ASSERT_TRUE(stored.has_value());
      auto g = game::Game::replay(stored->facts, {}, now);
      ASSERT_TRUE(g.has_value());
      const Color side = g->state().to_move;
      auto pending = game::submit_move(*g, side, game::MoveRequest{uci, false, "msg", false});
      ASSERT_TRUE(pending.has_value()) << pending.error().detail;
      db::save_pending(tx, id, *pending);
      auto o = game::accept_move(*g, side, *pending, uci, {});
      ASSERT_TRUE(o.has_value()) << o.error().detail;
      ASSERT_EQ(o->moves.size(), 1u);
      ASSERT_TRUE(o->events.empty());
      const auto window = o->game.snapshot_window();
      if (stepwise) {
        db::append_facts(tx, id, o->moves, o->events, 0, o->game.state());
        db::delete_pending(tx, id);
        db::update_cache(tx, id, o->game.state(), window, o->moves);
      } else {
        db::store_change(tx, id, o->moves, o->events, 0, o->game.state(), window);
      }
      tx.commit();
      after[stepwise].push_back(stored_rows(id));
    }
  }
  ASSERT_EQ(after[0].size(), line.size());
  ASSERT_EQ(after[1].size(), line.size());
  for (std::size_t i = 0; i < line.size(); ++i) {
    EXPECT_EQ(after[0][i].game_row, after[1][i].game_row) << "after ply " << i + 1;
    EXPECT_EQ(after[0][i].moves, after[1][i].moves) << "after ply " << i + 1;
    EXPECT_EQ(after[0][i].pending, 0) << "the pending move is cleared";
    EXPECT_EQ(after[1][i].pending, 0);
  }
  // The rows say what was played: three moves, version 3, the window after 1...e5.
  EXPECT_NE(after[0].back().moves.find("Nf3"), std::string::npos) << after[0].back().moves;
  EXPECT_NE(after[0].back().game_row.find(",3)"), std::string::npos) << after[0].back().game_row;
}

// A state whose flag fell without its fact is refused before anything is written, on both of
// store_change's paths.
TEST_F(GamesRepository, StoreChangeRefusesAnUnrecordedFlagFall) {
  game::GameSetup setup;
  setup.start_at = kStart;
  setup.time_control = game::FischerDays{1, 0, std::nullopt};
  const auto id = create(setup);
  pqxx::work tx(*conn_);
  auto stored = db::load_game(tx, id, true);
  ASSERT_TRUE(stored.has_value());
  // White never moves: a replay 40 days on shows the fall, not yet stored.
  auto late = game::Game::replay(stored->facts, {}, kStart + 40 * 86400);
  ASSERT_TRUE(late.has_value());
  ASSERT_TRUE(late->state().flag_fall_pending);
  game::MoveFact move;
  move.ply = 1;
  move.uci = "e2e4";
  move.at = kStart + 40 * 86400;
  EXPECT_THROW(db::store_change(tx, id, {move}, {}, 0, late->state(), {}), std::logic_error);
  game::MoveFact reply = move;
  reply.ply = 2;
  reply.uci = "e7e5";
  EXPECT_THROW(db::store_change(tx, id, {move, reply}, {}, 0, late->state(), {}), std::logic_error);
  EXPECT_THROW(db::store_change(tx, id, {}, {}, 0, late->state(), {}), std::logic_error);
  EXPECT_EQ(tx.exec_params1("SELECT count(*) FROM moves WHERE game_id = $1", id)[0].as<long>(), 0)
      << "nothing was written before the refusal";
  tx.abort();
  pqxx::work read(*conn_);
  EXPECT_EQ(read.exec_params1("SELECT count(*) FROM moves WHERE game_id = $1", id)[0].as<long>(),
            0);
}

TEST_F(GamesRepository, ConstraintsRejectImpossibleRows) {
  game::GameSetup setup;
  setup.start_at = kStart;
  const auto id = create(setup);
  auto rejected = [&](const std::string& sql) {
    pqxx::work tx(*conn_);
    try {
      tx.exec(sql);
      return false;
    } catch (const pqxx::sql_error&) {
      return true;
    }
  };
  const auto g = std::to_string(id);
  // A ply stored twice, a ply 0, an unknown status, a result without the game being over,
  // a player against himself, an unknown side for a pending move.
  const std::string move_row =
      "INSERT INTO moves (game_id, ply, uci, san, numeric, fen_after, accepted_at) VALUES (" + g +
      ", 1, 'e2e4', 'e4', '5254', 'x', now())";
  {
    pqxx::work tx(*conn_);
    tx.exec(move_row);
    tx.commit();
  }
  EXPECT_TRUE(rejected(move_row));
  EXPECT_TRUE(
      rejected("INSERT INTO moves (game_id, ply, uci, san, numeric, fen_after, accepted_at) "
               "VALUES (" +
               g + ", 0, 'e2e4', 'e4', '5254', 'x', now())"));
  EXPECT_TRUE(rejected("UPDATE games SET status = 'paused' WHERE id = " + g));
  EXPECT_TRUE(rejected("UPDATE games SET result = '1-0' WHERE id = " + g));
  EXPECT_TRUE(rejected("UPDATE games SET black_id = white_id WHERE id = " + g));
  EXPECT_TRUE(
      rejected("INSERT INTO pending_moves (game_id, side, ply, uci, san, numeric, "
               "fen_after, submitted_at) VALUES (" +
               g + ", 'red', 1, 'e2e4', 'e4', '5254', 'x', now())"));
  EXPECT_TRUE(
      rejected("INSERT INTO moves (game_id, ply, uci, san, numeric, fen_after, accepted_at) "
               "VALUES (999999, 1, 'e2e4', 'e4', '5254', 'x', now())"));
}

}  // namespace
}  // namespace corrchess

namespace corrchess {
namespace {

// The revision (migrations/0018) changes with everything load_game reads, in the statement
// that changes it, and the writers return the revision they left; it stays when nothing a
// game shows changes (a password). Each step commits, as another instance would see it.
TEST_F(GamesRepository, TheRevisionChangesWithEverythingACommandReads) {
  game::GameSetup setup;
  setup.start_at = kStart;
  const auto id = create(setup);
  const auto revision = [&] {
    pqxx::work tx(*conn_);
    const auto locked = db::lock_game(tx, id);
    EXPECT_TRUE(locked.has_value());
    const std::int64_t revision = locked ? locked->revision : -1;
    EXPECT_FALSE(locked && locked->end_of_play) << "a game outside events has no end of play";
    const auto stored = db::load_game(tx, id, false, model::FactsRead::kFromSnapshot);
    EXPECT_TRUE(stored.has_value());
    EXPECT_EQ(stored->revision, revision);
    return revision;
  };
  // Runs `write` in its own transaction; expects a new revision, the one `write` returned
  // when it returns one (-1: it returns none).
  const auto changes = [&](const char* what, auto&& write) {
    const auto before = revision();
    pqxx::work tx(*conn_);
    const std::int64_t returned = write(tx);
    tx.commit();
    const auto after = revision();
    EXPECT_GT(after, before) << what;
    if (returned != -1) {
      EXPECT_EQ(returned, after) << what;
    }
  };
  const game::PendingMove p = knight_out(kStart + 60);
  changes("pending move saved", [&](pqxx::work& tx) { return db::save_pending(tx, id, p); });
  changes("pending move withdrawn", [&](pqxx::work& tx) { return db::delete_pending(tx, id); });
  changes("conditional lines saved", [&](pqxx::work& tx) {
    return db::save_conditional(tx, id, Color::kBlack, {{"e7e5", "g1f3"}}, kStart + 120);
  });
  changes("conditional lines dropped", [&](pqxx::work& tx) {
    return db::save_conditional(tx, id, Color::kBlack, {}, kStart + 130);
  });
  changes("a move stored", [&](pqxx::work& tx) {
    auto stored = db::load_game(tx, id, true);
    auto g = game::Game::replay(stored->facts, {}, kStart + 200);
    auto o = play(*g, "e4");
    EXPECT_TRUE(o.has_value());
    return db::store_change(tx, id, o->moves, o->events, 0, o->game.state(),
                            o->game.snapshot_window());
  });
  changes("a game event inserted outside store_change", [&](pqxx::work& tx) {
    tx.exec_params(
        "INSERT INTO game_events (game_id, seq, at, kind, side, ply, detail) VALUES ($1, 0, "
        "to_timestamp($2), 'draw_declined', 'black', 1, '{}')",
        id, (kStart + 300).unix_seconds());
    return std::int64_t{-1};
  });
  changes("the game row updated by any statement", [&](pqxx::work& tx) {
    tx.exec_params("UPDATE games SET silence_rule = NOT silence_rule WHERE id = $1", id);
    return std::int64_t{-1};
  });
  changes("a player's display name", [&](pqxx::work& tx) {
    tx.exec_params("UPDATE users SET display_name = 'Renamed' WHERE id = $1", ids_[0]);
    return std::int64_t{-1};
  });
  changes("a player's role", [&](pqxx::work& tx) {
    EXPECT_TRUE(db::set_role(tx, "black_p", "td").has_value());
    return std::int64_t{-1};
  });
  game::LeavePeriod leave;
  leave.first_day = game::CivilDate{2026, 3, 10};
  leave.last_day = game::CivilDate{2026, 3, 12};
  std::int64_t leave_id = 0;
  changes("a leave period inserted", [&](pqxx::work& tx) {
    leave_id = db::insert_leave(tx, ids_[1], std::nullopt, leave, "approved", kStart);
    return std::int64_t{-1};
  });
  changes("a leave period cancelled", [&](pqxx::work& tx) {
    db::cancel_leave(tx, leave_id);
    return std::int64_t{-1};
  });
  const auto before = revision();
  {
    pqxx::work tx(*conn_);
    db::set_password_hash(tx, ids_[0], "another hash");
    tx.commit();
  }
  EXPECT_EQ(revision(), before) << "a password is nothing a game shows";
}

}  // namespace
}  // namespace corrchess
