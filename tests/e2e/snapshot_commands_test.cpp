// Commands continued from a game's snapshot (Prefer: return=minimal reads the move log and
// replay window instead of every move, core/game/snapshot.h) decide exactly as commands on
// the full replay: a real game played both ways gives the same game, the snapshot's window
// moves on with each pawn move or capture, `corrchess-server verify` finds nothing, and a
// damaged snapshot is reported by verify while commands fall back to every move.
#include <gtest/gtest.h>

#include <array>
#include <sstream>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/chess/notation.h"
#include "tests/support/api_server_test.h"
#include "tests/support/pgn_game_facts.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::TwoPlayerTest;

class SnapshotCommands : public TwoPlayerTest {
 protected:
  void SetUp() override {
    TwoPlayerTest::SetUp();
    const auto games = testing::read_pgn_games("lichess2013-100.pgn", 100);
    for (const auto& g : games) {
      if (g.moves.size() < 60 || g.start != chess::Position::startpos()) continue;
      chess::Position pos = g.start;
      for (std::size_t i = 0; i < 60; ++i) {
        sans_.push_back(chess::to_san(pos, g.moves[i].move));
        pos.play(g.moves[i].move);
        fens_.push_back(pos.fen());
      }
      break;
    }
    ASSERT_EQ(sans_.size(), 60u);
  }

  // Submits and accepts ply `k` (0-based) of the sample game; with `minimal` the accept asks
  // for the new moves only. Returns the accept's answer.
  json play(const std::string& id, std::size_t k, bool minimal) const {
    const auto& token = k % 2 == 0 ? white_ : black_;
    json submit{{"move", sans_[k]}};
    if (k % 9 == 8) submit["message"] = "note at ply " + std::to_string(k + 1);
    const std::string moves = "/api/v1/games/" + id + "/moves";
    std::map<std::string, std::string> headers{{"Authorization", "Bearer " + token},
                                               {"Content-Type", "application/json"}};
    if (minimal) headers["Prefer"] = "return=minimal";
    const auto submitted = server_.request("POST", moves, submit.dump(), headers);
    EXPECT_EQ(submitted.status, 200) << submitted.body;
    const auto accepted =
        server_.request("POST", moves + "/accept", json{{"move", sans_[k]}}.dump(), headers);
    EXPECT_EQ(accepted.status, 200) << accepted.body;
    return json::parse(accepted.body);
  }

  pqxx::row game_row(const std::string& id) const {
    pqxx::connection c(db_.url());
    pqxx::work tx(c);
    return tx.exec1(
        "SELECT snapshot_ply, snapshot_fen, move_log, snapshot_clocks FROM games "
        "WHERE id = " +
        id);
  }
  void sql(const std::string& statement) const {
    pqxx::connection c(db_.url());
    pqxx::work tx(c);
    tx.exec(statement);
    tx.commit();
  }
  testing::CommandRun verify() const {
    return testing::run_command("CORRCHESS_DATABASE_URL='" + db_.url() +
                                "' CORRCHESS_CLOCK=manual CORRCHESS_LOG_LEVEL=warn " +
                                testing::bin_dir() + "/corrchess-server verify 2>&1");
  }

  std::vector<std::string> sans_;
  std::vector<std::string> fens_;
};

TEST_F(SnapshotCommands, AGamePlayedFromItsSnapshotIsTheGamePlayedFromEveryMove) {
  const auto minimal = create_game();
  const auto whole = create_game();
  int windows = 0;
  for (std::size_t k = 0; k < sans_.size(); ++k) {
    SCOPED_TRACE("ply " + std::to_string(k + 1) + " " + sans_[k]);
    const auto g = play(minimal, k, true);
    EXPECT_EQ(g["ply"], k + 1);
    EXPECT_EQ(g["fen"], fens_[k]);
    ASSERT_EQ(g["moves"].size(), 1u) << g.dump();
    EXPECT_EQ(g["moves"][0]["san"], sans_[k]);
    play(whole, k, false);
    const auto row = game_row(minimal);
    const int window = row[0].as<int>();
    EXPECT_LT(window, static_cast<int>(k) + 1);
    if (window > 0) {
      ++windows;
      EXPECT_EQ(row[1].as<std::string>(), fens_[static_cast<std::size_t>(window) - 1]);
      // The clocks at the window (each side's clock, bank and moves): the moves made there.
      std::istringstream clocks(row[3].as<std::string>());
      std::array<long long, 6> values{};
      for (auto& v : values) EXPECT_TRUE(clocks >> v) << row[3].as<std::string>();
      EXPECT_EQ(values[2] + values[5], window) << row[3].as<std::string>();
    } else {
      EXPECT_EQ(row[3].as<std::string>(), "");
    }
    // One log entry per move.
    const auto log = row[2].as<std::string>();
    EXPECT_EQ(static_cast<std::size_t>(std::count(log.begin(), log.end(), ' ')), k);
  }
  EXPECT_GT(windows, 40);
  auto a = api_.game(minimal, white_);
  auto b = api_.game(whole, white_);
  ASSERT_EQ(a["moves"].size(), sans_.size());
  for (std::size_t k = 0; k < sans_.size(); ++k) EXPECT_EQ(a["moves"][k]["san"], sans_[k]);
  EXPECT_EQ(a["moves"][8]["message"], "note at ply 9");
  for (const char* key : {"moves", "fen", "status", "ply", "to_move", "clocks", "legal_moves",
                          "claimable", "draw_offer", "version"}) {
    EXPECT_EQ(a[key], b[key]) << key;
  }
  const auto clean = verify();
  EXPECT_EQ(clean.exit_code, 0) << clean.out;
  EXPECT_NE(clean.out.find("verified 2 games: 0 with differences"), std::string::npos) << clean.out;
}

// A repetition claimed with the snapshot past the start: 1.e4 e5 moves the window to ply 1,
// then the knights dance until the position after 1...e5 stands the third time. The claim
// ends the game, so it is decided again on every move (the game-over mail carries the whole
// game); the answer names the plies as a full replay does (the unit tests compare rulings
// from windows at every ply of real games).
TEST_F(SnapshotCommands, AThreefoldClaimFromTheSnapshotNamesThePlies) {
  const auto id = create_game();
  sans_ = {"e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"};
  for (std::size_t k = 0; k < sans_.size(); ++k) play(id, k, true);
  EXPECT_EQ(game_row(id)[0].as<int>(), 1);
  const auto claimed =
      server_.request("POST", "/api/v1/games/" + id + "/claims", json{{"type", "threefold"}}.dump(),
                      {{"Authorization", "Bearer " + white_},
                       {"Content-Type", "application/json"},
                       {"Prefer", "return=minimal"}});
  ASSERT_EQ(claimed.status, 200) << claimed.body;
  const auto answer = json::parse(claimed.body);
  EXPECT_EQ(answer["upheld"], true) << claimed.body;
  EXPECT_NE(
      answer["reason"].get<std::string>().find("after 1...e5, after 3...Ng8 and after 5...Ng8"),
      std::string::npos)
      << claimed.body;
  EXPECT_EQ(api_.game(id, white_)["termination"], "repetition");
}

// A damaged snapshot: verify names the game, and a command still decides on every move.
TEST_F(SnapshotCommands, ADamagedSnapshotIsReportedAndCommandsReadEveryMove) {
  const auto log_broken = create_game();
  const auto fen_wrong = create_game();
  const auto clocks_wrong = create_game();
  for (std::size_t k = 0; k < 20; ++k) {
    play(log_broken, k, true);
    play(fen_wrong, k, true);
    play(clocks_wrong, k, true);
  }
  ASSERT_GT(game_row(fen_wrong)[0].as<int>(), 1);
  ASSERT_NE(game_row(clocks_wrong)[3].as<std::string>(), "");
  sql("UPDATE games SET move_log = '1.0 2.0' WHERE id = " + log_broken);
  // Clocks that no replay of the moves gives: a day off White's clock.
  sql("UPDATE games SET snapshot_clocks = (split_part(snapshot_clocks, ' ', 1)::bigint - 86400) "
      "|| ' ' || split_part(snapshot_clocks, ' ', 2) || ' ' || split_part(snapshot_clocks, ' ', "
      "3) || ' ' || split_part(snapshot_clocks, ' ', 4) || ' ' || split_part(snapshot_clocks, ' "
      "', 5) || ' ' || split_part(snapshot_clocks, ' ', 6) WHERE id = " +
      clocks_wrong);
  // The position of another ply with the same side to move and move number is impossible
  // to tell from the row alone; here the window's FEN is the start of the game instead.
  sql("UPDATE games SET snapshot_fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "
      "0 1' WHERE id = " +
      fen_wrong);
  const auto found = verify();
  EXPECT_EQ(found.exit_code, 1) << found.out;
  EXPECT_NE(found.out.find("game " + log_broken + ": snapshot cannot be read"), std::string::npos)
      << found.out;
  EXPECT_NE(found.out.find("game " + fen_wrong + ": snapshot replay fails"), std::string::npos)
      << found.out;
  EXPECT_NE(found.out.find("game " + clocks_wrong +
                           ": snapshot: the replay from its window differs in the clock record"),
            std::string::npos)
      << found.out;
  // Commands on both games still decide on every move.
  const auto g = play(log_broken, 20, true);
  EXPECT_EQ(g["ply"], 21);
  EXPECT_EQ(g["fen"], fens_[20]);
  const auto h = play(fen_wrong, 20, true);
  EXPECT_EQ(h["ply"], 21);
  EXPECT_EQ(h["fen"], fens_[20]);
}

}  // namespace
}  // namespace corrchess
