// What docs/api.md "Directors" promises about the directors' actions beyond single games'
// results and clocks, over HTTP against a real server: an administrator's role change is
// in the audit log like every other director action (with its reason), a director's
// Chess960 game without a number or FEN starts from number 518 and says so, and a game
// awaiting adjudication has no clock left to change (rules.md 9: 409 game_over).
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

class DirectorAudit : public testing::TwoPlayerTest {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(TwoPlayerTest::SetUp());
    ASSERT_NO_FATAL_FAILURE(api_.set_clock(td_, "2030-01-01T00:00:00Z"));
  }

  json records(const std::string& query) {
    return api_.expect("GET", "/api/v1/admin/audit" + query, td_)["records"];
  }
};

TEST_F(DirectorAudit, RoleChangesAreAuditedWithTheirReason) {
  api_.sign_up("helper");
  auto made = api_.expect("PATCH", "/api/v1/admin/users/helper", td_,
                          {{"role", "td"}, {"reason", "runs the spring events"}});
  EXPECT_EQ(made["role"], "td");
  auto rows = records("?user=helper");
  ASSERT_EQ(rows.size(), 1u) << rows.dump();
  EXPECT_EQ(rows[0]["action"], "role_changed");
  EXPECT_EQ(rows[0]["actor"], testing::kDirector);
  EXPECT_EQ(rows[0]["target"], "helper");
  EXPECT_EQ(rows[0]["reason"], "runs the spring events");
  EXPECT_EQ(rows[0]["detail"], json({{"before", "player"}, {"after", "td"}}));
  EXPECT_FALSE(rows[0].contains("game_id"));
  EXPECT_FALSE(rows[0].contains("event_id"));

  // Without a reason (it is optional) the record has none.
  api_.expect("PATCH", "/api/v1/admin/users/helper", td_, {{"role", "player"}});
  rows = records("?user=helper");
  ASSERT_EQ(rows.size(), 2u) << rows.dump();
  EXPECT_EQ(rows[0]["reason"], nullptr);
  EXPECT_EQ(rows[0]["detail"], json({{"before", "td"}, {"after", "player"}}));

  // Refused changes write nothing.
  EXPECT_EQ(api_.problem("PATCH", "/api/v1/admin/users/helper", td_, {{"role", "king"}}, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("PATCH", "/api/v1/admin/users/helper", td_,
                         {{"role", "td"}, {"reason", 5}}, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("PATCH", "/api/v1/admin/users/helper", td_,
                         {{"role", "td"}, {"reason", std::string(2001, 'x')}}, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("PATCH", "/api/v1/admin/users/helper", white_, {{"role", "td"}}, 403),
            "forbidden");
  EXPECT_EQ(api_.problem("PATCH", "/api/v1/admin/users/nobody", td_,
                         {{"role", "td"}, {"reason", "x"}}, 404),
            "not_found");
  EXPECT_EQ(api_.problem("PATCH", std::string("/api/v1/admin/users/") + testing::kDirector, td_,
                         {{"role", "player"}, {"reason", "x"}}, 409),
            "conflict");
  EXPECT_EQ(records("?user=helper").size(), 2u);
  EXPECT_EQ(records("?limit=1000").size(), 2u);
}

TEST_F(DirectorAudit, Chess960GameWithoutNumberOrFenShowsNumber518) {
  const auto id = create_game({{"variant", "chess960"}});
  auto game = api_.game(id, white_);
  EXPECT_EQ(game["variant"], "chess960");
  EXPECT_EQ(game["start_position"], 518) << game.dump();
  EXPECT_EQ(game["initial_fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  auto pgn = api_.call("GET", "/api/v1/games/" + id + "/pgn", white_);
  EXPECT_NE(pgn.body.find("[Chess960 \"518\"]"), std::string::npos) << pgn.body;

  // A number given is kept; a FEN given has no number.
  EXPECT_EQ(api_.game(create_game({{"variant", "chess960"}, {"start_position", 0}}),
                      white_)["start_position"],
            0);
  auto from_fen = api_.game(
      create_game({{"variant", "chess960"},
                   {"initial_fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"}}),
      white_);
  EXPECT_FALSE(from_fen.contains("start_position")) << from_fen.dump();
}

TEST_F(DirectorAudit, NoClockChangesWhileAGameAwaitsAdjudication) {
  const auto event =
      api_.create_event(td_, "Short", {kWhite, kBlack}, {{"end_at", "2030-01-10T00:00:00Z"}});
  const std::string id = api_.start_event(td_, event)["id"];
  api_.play(id, white_, "e4");
  ASSERT_NO_FATAL_FAILURE(api_.set_clock(td_, "2030-01-11T00:00:00Z"));
  // A read that counts outcomes stores the end of play (version + 1) if the sweep has not yet:
  // what follows compares against the stored game.
  api_.expect("GET", "/api/v1/events/" + event, td_);
  const auto before = api_.game(id, td_);
  ASSERT_EQ(before["status"], "adjudication_pending");
  const auto rows = records("?game_id=" + id).size();
  const auto path = "/api/v1/admin/games/" + id;
  EXPECT_EQ(api_.problem("POST", path + "/clock", td_,
                         {{"side", "black"}, {"adjust_seconds", 86400}, {"reason", "late"}}, 409),
            "game_over");
  EXPECT_EQ(api_.problem("POST", path + "/clock", td_,
                         {{"side", "black"}, {"remaining_seconds", 0}, {"reason", "late"}}, 409),
            "game_over");
  EXPECT_EQ(api_.problem("POST", path + "/suspend", td_, {{"reason", "appeal"}}, 409), "game_over");
  EXPECT_EQ(api_.problem("POST", path + "/resume", td_, {{"reason", "appeal"}}, 409), "game_over");
  const auto after = api_.game(id, td_);
  EXPECT_EQ(after["version"], before["version"]);
  EXPECT_EQ(after["clocks"], before["clocks"]);
  EXPECT_EQ(records("?game_id=" + id).size(), rows);
  // The director decides it.
  auto decided =
      api_.expect("POST", path + "/result", td_,
                  {{"result", "1/2-1/2"}, {"termination", "adjudication"}, {"reason", "balanced"}});
  EXPECT_EQ(decided["status"], "finished");
  EXPECT_EQ(decided["result"], "1/2-1/2");
}

// Days per move without a bank: a bank a director sets (rules.md 3.8) counts for the
// deadline, and the game and the audit record show it.
TEST_F(DirectorAudit, ABankSetUnderDaysPerMoveWithoutBankIsShown) {
  const auto id =
      create_game({{"time_control", {{"type", "per_move"}, {"days", 3}, {"bank_days", 0}}}});
  auto before = api_.game(id, white_);
  ASSERT_FALSE(before["clocks"]["white"].contains("bank_seconds")) << before.dump();
  ASSERT_EQ(before["clocks"]["white"]["deadline"], "2030-01-04T00:00:00Z");
  auto banked = api_.expect("POST", "/api/v1/admin/games/" + id + "/clock", td_,
                            {{"side", "white"}, {"bank_seconds", 100}, {"reason", "appeal"}});
  EXPECT_EQ(banked["clocks"]["white"]["bank_seconds"], 100) << banked["clocks"].dump();
  EXPECT_EQ(banked["clocks"]["white"]["deadline"], "2030-01-04T00:01:40Z");
  EXPECT_EQ(api_.game(id, black_)["clocks"]["white"]["bank_seconds"], 100);
  auto rows = records("?game_id=" + id);
  ASSERT_EQ(rows[0]["action"], "clock_adjusted");
  EXPECT_EQ(rows[0]["detail"]["after"]["bank_seconds"], 100) << rows[0].dump();
}

}  // namespace
}  // namespace corrchess
