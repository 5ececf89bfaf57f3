// `corrchess-server verify`: every game replayed from its facts agrees with the state stored
// beside it after real play (moves, a draw offer, resignation, a flag fall the sweep stored); a
// hand-edited row or a missing move is reported with the game and the column, exit 1.
#include <gtest/gtest.h>

#include <string>

#include <pqxx/pqxx>

#include "tests/support/api_server_test.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

using testing::TwoPlayerTest;

class Verify : public TwoPlayerTest {
 protected:
  testing::CommandRun verify() const {
    return testing::run_command("CORRCHESS_DATABASE_URL='" + db_.url() +
                                "' CORRCHESS_CLOCK=manual CORRCHESS_LOG_LEVEL=warn " +
                                testing::bin_dir() + "/corrchess-server verify 2>&1");
  }
  void sql(const std::string& statement) const {
    pqxx::connection c(db_.url());
    pqxx::work tx(c);
    tx.exec(statement);
    tx.commit();
  }
};

TEST_F(Verify, PlayedGamesAgreeAndTamperingIsReportedByGameAndColumn) {
  const auto played = create_game();
  for (const auto& [token, move] : {std::pair{white_, "e4"}, {black_, "e5"}, {white_, "Nf3"}}) {
    api_.play(played, token, move);
  }
  const auto offered = create_game();
  api_.play(offered, white_, "d4");
  api_.play(offered, black_, "d5", {{"offer_draw", true}});
  const auto resigned = create_game();
  api_.play(resigned, white_, "c4");
  api_.expect("POST", "/api/v1/games/" + resigned + "/resign", black_, nullptr, 200);
  const auto flagged = create_game({{"time_control", {{"type", "per_move"}, {"days", 2}}}});
  api_.advance_clock(td_, 3 * 86400);
  ASSERT_TRUE(testing::wait_until([&] { return api_.game(flagged, td_)["version"] == 1; },
                                  std::chrono::seconds(20), std::chrono::milliseconds(50)))
      << "the sweep stores the flag fall";

  auto clean = verify();
  EXPECT_EQ(clean.exit_code, 0) << clean.out;
  EXPECT_NE(clean.out.find("verified 4 games: 0 with differences"), std::string::npos) << clean.out;

  sql("UPDATE games SET fen = '8/8/8/8/8/8/8/K6k w - - 0 1' WHERE id = " + played);
  sql("DELETE FROM moves WHERE game_id = " + offered + " AND ply = 2");
  sql("UPDATE games SET draw_offer_by = 'black' WHERE id = " + resigned);
  auto found = verify();
  EXPECT_EQ(found.exit_code, 1) << found.out;
  EXPECT_NE(found.out.find("game " + played + ": fen: stored '8/8/8/8/8/8/8/K6k w - - 0 1'"),
            std::string::npos)
      << found.out;
  EXPECT_NE(found.out.find("game " + offered + ": ply: stored 2, replay 1"), std::string::npos)
      << found.out;
  EXPECT_NE(found.out.find("game " + resigned + ": draw_offer_by: stored 'black', replay none"),
            std::string::npos)
      << found.out;
  EXPECT_EQ(found.out.find("game " + flagged + ":"), std::string::npos) << found.out;
  EXPECT_NE(found.out.find("verified 4 games: 3 with differences"), std::string::npos) << found.out;
}

}  // namespace
}  // namespace corrchess
