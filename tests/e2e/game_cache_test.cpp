// The games a server instance keeps in memory (app/game_cache.h), as operators run it: with
// the check off (the tests' default turns it on), commands use the copies, and every change
// the copy does not know of — a move through another instance, a renamed player, a row
// changed by SQL — makes the next command read the game again.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <string>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ServerProcess;
using testing::TwoPlayerTest;

testing::ServerEnv unchecked_env() {
  return testing::director_env(true, {{"CORRCHESS_GAME_CACHE_CHECK", "off"}});
}

class GameCacheE2e : public TwoPlayerTest {
 protected:
  GameCacheE2e() : TwoPlayerTest(unchecked_env()) {}

  // Submits and accepts `move` as `token` through `server`, asking for short answers as the
  // web client does; the accept's answer (the submit's when it is refused).
  static testing::HttpResult play(const ServerProcess& server, const std::string& id,
                                  const std::string& token, const std::string& move) {
    const std::map<std::string, std::string> headers{{"Authorization", "Bearer " + token},
                                                     {"Content-Type", "application/json"},
                                                     {"Prefer", "return=minimal"}};
    const std::string moves = "/api/v1/games/" + id + "/moves";
    const auto submitted = server.request("POST", moves, json{{"move", move}}.dump(), headers);
    if (submitted.status != 200) return submitted;
    return server.request("POST", moves + "/accept", json{{"move", move}}.dump(), headers);
  }
};

TEST_F(GameCacheE2e, CommandsUseTheCopyAndEveryOutsideChangeIsSeen) {
  const auto id = create_game();
  const double hits_before = api_.metric("corrchess_game_cache_hits");
  for (const auto& [token, move] :
       {std::pair{white_, "e4"}, {black_, "e5"}, {white_, "Nf3"}, {black_, "Nc6"}}) {
    const auto r = play(server_, id, token, move);
    ASSERT_EQ(r.status, 200) << r.body;
  }
  // Each accept follows its submit on this instance, and each submit the opponent's accept:
  // all but the first command used the copy.
  EXPECT_GE(api_.metric("corrchess_game_cache_hits") - hits_before, 7);
  EXPECT_GE(api_.metric("corrchess_game_cache_games"), 1);

  // A player renamed through the API: the game's next answer has the new name.
  api_.expect("PATCH", "/api/v1/me", black_, {{"display_name", "Black Renamed"}});
  auto r = play(server_, id, white_, "Bb5");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(json::parse(r.body)["black"]["display_name"], "Black Renamed");
  EXPECT_EQ(json::parse(r.body)["ply"], 5);

  // A row changed by another tool (SQL): seen as well.
  db_.exec("UPDATE users SET display_name = 'White By SQL' WHERE username = 'white_player'");
  r = play(server_, id, black_, "a6");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(json::parse(r.body)["white"]["display_name"], "White By SQL");

  // A move through a second instance: this instance's copy is one move behind. White to
  // move in the copy, so a white move would pass on it; it is refused on the stored game,
  // and black's reply is played on the game with that move.
  ServerProcess other(db_.url(), unchecked_env());
  ASSERT_TRUE(other.started());
  r = play(other, id, white_, "Ba4");
  ASSERT_EQ(r.status, 200) << r.body;
  r = play(server_, id, white_, "Bc4");
  ASSERT_EQ(r.status, 409) << r.body;
  EXPECT_EQ(json::parse(r.body)["code"], "not_your_turn");
  r = play(server_, id, black_, "Nf6");
  ASSERT_EQ(r.status, 200) << r.body;
  const auto game = json::parse(r.body);
  EXPECT_EQ(game["ply"], 8);
  EXPECT_EQ(game["fen"], "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5");
  EXPECT_EQ(api_.game(id, white_)["ply"], 8);
}

}  // namespace
}  // namespace corrchess

namespace corrchess {
namespace {

// With the check on (as every other test runs the server), a copy that differs from the
// stored game is never used: a pending move deleted by SQL alone (no update of the game row,
// so no new revision: what docs/operations.md tells operators not to do) fails the next
// command with 500 instead of accepting a move nobody submitted any more, and the command
// after it reads the game again.
TEST(GameCacheChecked, ACopyThatDiffersFromTheStoredGameIsNeverUsed) {
  testing::TempDatabase db;
  ServerProcess server(db.url(), testing::director_env());
  ASSERT_TRUE(server.started());
  testing::ApiClient api(server);
  const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
  const auto white = api.sign_up("white_player");
  api.sign_up("black_player");
  const auto id = api.create_game(td, "white_player", "black_player");
  const std::map<std::string, std::string> headers{{"Authorization", "Bearer " + white},
                                                   {"Content-Type", "application/json"},
                                                   {"Prefer", "return=minimal"}};
  const std::string moves = "/api/v1/games/" + id + "/moves";
  auto r = server.request("POST", moves, json{{"move", "e4"}}.dump(), headers);
  ASSERT_EQ(r.status, 200) << r.body;
  db.exec("DELETE FROM pending_moves WHERE game_id = " + id);
  r = server.request("POST", moves + "/accept", json{{"move", "e4"}}.dump(), headers);
  EXPECT_EQ(r.status, 500) << r.body;
  // The log line reaches this process through a pipe a reader thread drains, so it may
  // arrive a moment after the answer.
  EXPECT_TRUE(testing::wait_until(
      [&] { return server.output().find("differs from the stored game") != std::string::npos; },
      std::chrono::seconds(10), std::chrono::milliseconds(10)))
      << server.output();
  r = server.request("POST", moves + "/accept", json{{"move", "e4"}}.dump(), headers);
  EXPECT_EQ(r.status, 409) << r.body;
  EXPECT_EQ(json::parse(r.body)["code"], "no_pending_move");
  EXPECT_EQ(api.game(id, white)["ply"], 0);
}

}  // namespace
}  // namespace corrchess
