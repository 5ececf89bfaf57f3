// Tournament directors' actions on single games over HTTP against a real server: results
// (including the double default), annulment, clock changes, suspension, the audit log,
// and what the players see afterwards; plus the board picture.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::epoch_seconds;

constexpr std::int64_t kDay = 86400;

class Admin : public testing::TwoPlayerTest {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(TwoPlayerTest::SetUp());
    ASSERT_NO_FATAL_FAILURE(api_.set_clock(td_, "2030-01-01T00:00:00Z"));
    onlooker_ = api_.sign_up("onlooker");
    assistant_ = api_.sign_up("assistant");
    ASSERT_EQ(api_.call("PATCH", "/api/v1/admin/users/assistant", td_, {{"role", "td"}}).status,
              200);
  }

  // A director action; expects `status` and returns the body.
  json act(const std::string& id, const std::string& action, const json& body, int status = 200,
           const std::string& token = "") {
    return api_.expect("POST", "/api/v1/admin/games/" + id + "/" + action,
                       token.empty() ? td_ : token, body, status);
  }

  json audit(const std::string& query, int status = 200) {
    return api_.expect("GET", "/api/v1/admin/audit" + query, td_, nullptr, status);
  }

  // Rows of the audit log for a game, straight from the database.
  int audit_rows(const std::string& id) {
    pqxx::connection conn(db_.url());
    pqxx::work tx(conn);
    return tx.exec_params1("SELECT count(*) FROM audit_log WHERE game_id = $1", std::stoll(id))[0]
        .as<int>();
  }

  std::string onlooker_, assistant_;
};

TEST_F(Admin, SetsAResultAndOverridesItWithADoubleDefault) {
  const auto id = create_game();
  api_.play(id, white_, "e4");
  api_.play(id, black_, "e5");
  const int version = api_.game(id, white_)["version"];

  auto decided =
      act(id, "result", {{"result", "1-0"}, {"termination", "adjudication"}, {"reason", "won"}});
  EXPECT_EQ(decided["status"], "finished");
  EXPECT_EQ(decided["result"], "1-0");
  EXPECT_EQ(decided["termination"], "adjudication");
  EXPECT_EQ(decided["end_reason"], "won");
  EXPECT_EQ(api_.game(id, white_)["version"], version + 1);
  EXPECT_FALSE(decided.contains("pending_move"));
  for (const auto& token : {white_, black_, onlooker_}) {
    auto seen = api_.game(id, token);
    EXPECT_EQ(seen["status"], "finished");
    EXPECT_EQ(seen["result"], "1-0");
    EXPECT_EQ(seen["moves"].size(), 2u);
    EXPECT_FALSE(seen["clocks"]["white"]["running"]);
    EXPECT_FALSE(seen["clocks"]["black"]["running"]);
  }
  // The game is over for the players.
  auto late = api_.call("POST", "/api/v1/games/" + id + "/moves", white_, {{"move", "Nf3"}});
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(json::parse(late.body)["code"], "game_over");

  // A later decision overrides: both players defaulted.
  auto both = act(id, "result",
                  {{"result", "0-0"}, {"termination", "default"}, {"reason", "neither replied"}});
  EXPECT_EQ(both["result"], "0-0");
  EXPECT_EQ(both["termination"], "default");
  EXPECT_EQ(api_.game(id, black_)["result"], "0-0");
  // A double default is no chess result in PGN.
  auto pgn = api_.call("GET", "/api/v1/games/" + id + "/pgn", white_);
  EXPECT_NE(pgn.body.find("[Result \"*\"]"), std::string::npos) << pgn.body;
  EXPECT_EQ(audit_rows(id), 3);  // created + two results
}

TEST_F(Admin, RejectsResultsThatDoNotFitAndChangesNothing) {
  const auto id = create_game();
  api_.play(id, white_, "d4");
  const auto before = api_.game(id, white_);
  const int rows = audit_rows(id);
  struct Bad {
    json body;
    const char* code;
  };
  const Bad bad[] = {
      {{{"result", "1/2-1/2"}, {"termination", "default"}, {"reason", "x"}}, "validation_error"},
      {{{"result", "1-0"}, {"termination", "stalemate"}, {"reason", "x"}}, "validation_error"},
      {{{"result", "0-0"}, {"termination", "adjudication"}, {"reason", "x"}}, "validation_error"},
      {{{"result", "1-0"}, {"termination", "annulled"}, {"reason", "x"}}, "validation_error"},
      {{{"result", "2-0"}, {"termination", "default"}, {"reason", "x"}}, "validation_error"},
      {{{"result", "1-0"}, {"termination", "knockout"}, {"reason", "x"}}, "validation_error"},
      {{{"result", "1-0"}, {"termination", "default"}, {"reason", "  "}}, "validation_error"},
      {{{"result", "1-0"}, {"termination", "default"}}, "validation_error"},
      {{{"result", 1}, {"termination", "default"}, {"reason", "x"}}, "validation_error"},
  };
  for (const auto& b : bad) {
    auto problem = act(id, "result", b.body, 400);
    EXPECT_EQ(problem["code"], b.code) << b.body.dump();
  }
  act("999999", "result", {{"result", "1-0"}, {"termination", "default"}, {"reason", "x"}}, 404);
  const auto after = api_.game(id, white_);
  EXPECT_EQ(after["version"], before["version"]);
  EXPECT_EQ(after["status"], "ongoing");
  EXPECT_EQ(after["moves"], before["moves"]);
  EXPECT_EQ(audit_rows(id), rows);
}

TEST_F(Admin, AnnulsAGameOnce) {
  const auto id = create_game();
  api_.play(id, white_, "c4");
  auto annulled = act(id, "annul", {{"reason", "wrong pairing"}});
  EXPECT_EQ(annulled["status"], "annulled");
  EXPECT_FALSE(annulled.contains("result"));
  EXPECT_EQ(api_.game(id, white_)["status"], "annulled");
  EXPECT_EQ(api_.game(id, black_)["status"], "annulled");
  const int version = api_.game(id, white_)["version"];
  EXPECT_EQ(act(id, "annul", {{"reason", "again"}}, 409)["code"], "game_over");
  EXPECT_EQ(act(id, "result", {{"result", "1-0"}, {"termination", "default"}, {"reason", "x"}},
                409)["code"],
            "game_over");
  EXPECT_EQ(act(id, "annul", json::object(), 400)["code"], "validation_error");
  EXPECT_EQ(api_.game(id, white_)["version"], version);
  auto moves = api_.call("POST", "/api/v1/games/" + id + "/moves", black_, {{"move", "e5"}});
  EXPECT_EQ(moves.status, 409);
  EXPECT_EQ(audit_rows(id), 2);
}

TEST_F(Admin, SetsAndAdjustsClocks) {
  const auto id = create_game();
  auto g = api_.game(id, white_);
  ASSERT_EQ(g["clocks"]["white"]["remaining_seconds"], 50 * kDay);
  ASSERT_TRUE(g["clocks"]["white"]["running"]);
  const std::string deadline = g["clocks"]["white"]["deadline"];

  auto set = act(id, "clock",
                 {{"side", "white"}, {"remaining_seconds", 10 * kDay}, {"reason", "penalty"}});
  EXPECT_EQ(set["clocks"]["white"]["remaining_seconds"], 10 * kDay);
  // The deadline comes earlier (it was the silence rule's 40 days; now the 10-day clock).
  EXPECT_LT(epoch_seconds(set["clocks"]["white"]["deadline"]), epoch_seconds(deadline));
  EXPECT_LE(epoch_seconds(set["clocks"]["white"]["deadline"]),
            epoch_seconds("2030-01-12T00:00:00Z"));
  EXPECT_EQ(set["clocks"]["black"]["remaining_seconds"], 50 * kDay);

  auto more =
      act(id, "clock", {{"side", "black"}, {"adjust_seconds", 2 * kDay}, {"reason", "strike"}});
  EXPECT_EQ(more["clocks"]["black"]["remaining_seconds"], 52 * kDay);
  auto less =
      act(id, "clock", {{"side", "white"}, {"adjust_seconds", -kDay}, {"reason", "late reply"}});
  EXPECT_EQ(less["clocks"]["white"]["remaining_seconds"], 9 * kDay);

  // The running clock keeps running from the new value; the players see it.
  api_.advance_clock(td_, kDay);
  for (const auto& token : {white_, black_}) {
    auto seen = api_.game(id, token);
    EXPECT_EQ(seen["clocks"]["white"]["remaining_seconds"], 8 * kDay);
    EXPECT_TRUE(seen["clocks"]["white"]["running"]);
    EXPECT_EQ(seen["clocks"]["black"]["remaining_seconds"], 52 * kDay);
  }

  // No bank under the ICCF control: refused, nothing changes.
  const int version = api_.game(id, white_)["version"];
  EXPECT_EQ(
      act(id, "clock", {{"side", "white"}, {"bank_seconds", kDay}, {"reason", "x"}}, 400)["code"],
      "validation_error");
  for (const json& body : {
           json{{"side", "white"}, {"reason", "no value"}},
           json{
               {"side", "white"}, {"remaining_seconds", 1}, {"adjust_seconds", 1}, {"reason", "x"}},
           json{{"side", "green"}, {"adjust_seconds", 1}, {"reason", "x"}},
           json{{"side", "white"}, {"remaining_seconds", -1}, {"reason", "x"}},
           json{{"side", "white"}, {"adjust_seconds", "1"}, {"reason", "x"}},
           json{{"side", "white"}, {"adjust_seconds", 1}},
           json{{"side", "white"}, {"adjust_seconds", 1}, {"reason", ""}},
           json{{"side", "white"}, {"adjust_seconds", 0}, {"reason", "x"}},
           json{{"side", "white"}, {"adjust_seconds", 10000 * kDay}, {"reason", "x"}},
       }) {
    EXPECT_EQ(act(id, "clock", body, 400)["code"], "validation_error") << body.dump();
  }
  EXPECT_EQ(api_.game(id, white_)["version"], version);
  EXPECT_EQ(api_.game(id, white_)["clocks"]["white"]["remaining_seconds"], 8 * kDay);

  // The audit records the values.
  auto records = audit("?game_id=" + id)["records"];
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0]["action"], "clock_adjusted");
  EXPECT_EQ(records[0]["target"], "white_player");
  EXPECT_EQ(records[0]["reason"], "late reply");
  EXPECT_EQ(records[0]["detail"]["adjust_seconds"], -kDay);
  EXPECT_EQ(records[0]["detail"]["kind"], "adjust");
  EXPECT_EQ(records[0]["detail"]["before"]["remaining_seconds"], 10 * kDay);
  EXPECT_EQ(records[0]["detail"]["after"]["remaining_seconds"], 9 * kDay);
  EXPECT_EQ(records[1]["target"], "black_player");
  EXPECT_EQ(records[2]["detail"]["remaining_seconds"], 10 * kDay);
  EXPECT_EQ(records[2]["detail"]["kind"], "set_remaining");
  EXPECT_EQ(records[3]["action"], "game_created");
}

TEST_F(Admin, SetsTheBankOfADaysPerMoveGame) {
  const auto id =
      create_game({{"time_control", {{"type", "per_move"}, {"days", 3}, {"bank_days", 5}}}});
  auto g = api_.game(id, white_);
  ASSERT_EQ(g["clocks"]["white"]["bank_seconds"], 5 * kDay);
  auto banked =
      act(id, "clock", {{"side", "white"}, {"bank_seconds", 7 * kDay}, {"reason", "appeal"}});
  EXPECT_EQ(banked["clocks"]["white"]["bank_seconds"], 7 * kDay);
  EXPECT_EQ(banked["clocks"]["black"]["bank_seconds"], 5 * kDay);
  EXPECT_EQ(api_.game(id, black_)["clocks"]["white"]["bank_seconds"], 7 * kDay);
  EXPECT_EQ(
      act(id, "clock", {{"side", "white"}, {"bank_seconds", -1}, {"reason", "x"}}, 400)["code"],
      "validation_error");
}

TEST_F(Admin, SuspendStopsBothClocksAndResumeRestartsThem) {
  const auto id = create_game();
  api_.play(id, white_, "e4");  // black's clock runs
  api_.advance_clock(td_, kDay);
  auto running = api_.game(id, black_);
  ASSERT_EQ(running["clocks"]["black"]["remaining_seconds"], 49 * kDay);
  ASSERT_TRUE(running["clocks"]["black"]["running"]);

  auto suspended = act(id, "suspend", {{"reason", "appeal pending"}});
  EXPECT_FALSE(suspended["clocks"]["white"]["running"]);
  EXPECT_FALSE(suspended["clocks"]["black"]["running"]);
  EXPECT_FALSE(suspended["clocks"]["black"].contains("deadline"));
  EXPECT_EQ(act(id, "suspend", {{"reason", "twice"}}, 409)["code"], "conflict");

  api_.advance_clock(td_, 10 * kDay);
  for (const auto& token : {white_, black_}) {
    auto seen = api_.game(id, token);
    EXPECT_EQ(seen["status"], "ongoing");
    EXPECT_EQ(seen["clocks"]["black"]["remaining_seconds"], 49 * kDay);
    EXPECT_FALSE(seen["clocks"]["black"]["running"]);
    EXPECT_EQ(seen["clocks"]["white"]["remaining_seconds"], 50 * kDay);
  }

  auto resumed = act(id, "resume", {{"reason", "appeal decided"}});
  EXPECT_TRUE(resumed["clocks"]["black"]["running"]);
  EXPECT_FALSE(resumed["clocks"]["white"]["running"]);
  EXPECT_EQ(resumed["clocks"]["black"]["remaining_seconds"], 49 * kDay);
  EXPECT_EQ(act(id, "resume", {{"reason", "twice"}}, 409)["code"], "conflict");
  api_.advance_clock(td_, kDay);
  EXPECT_EQ(api_.game(id, black_)["clocks"]["black"]["remaining_seconds"], 48 * kDay);
  // Black still moves normally.
  api_.play(id, black_, "e5");
  EXPECT_EQ(api_.game(id, white_)["ply"], 2);

  auto records = audit("?game_id=" + id)["records"];
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0]["action"], "resumed");
  EXPECT_EQ(records[0]["reason"], "appeal decided");
  EXPECT_EQ(records[0]["at"], "2030-01-12T00:00:00Z");
  EXPECT_EQ(records[1]["action"], "suspended");
  EXPECT_EQ(records[1]["at"], "2030-01-02T00:00:00Z");
  EXPECT_EQ(records[1]["actor"], "td");
  EXPECT_EQ(records[1]["game_id"], id);
}

TEST_F(Admin, SuspensionIsRefusedInTripleBlock) {
  const auto id = create_game(
      {{"time_control", {{"type", "triple_block"}, {"increment_days", 5}, {"bank_days", 50}}}});
  EXPECT_EQ(act(id, "suspend", {{"reason", "x"}}, 400)["code"], "validation_error");
  EXPECT_EQ(audit_rows(id), 1);
}

TEST_F(Admin, AuditListsNewestFirstWithCombinedFilters) {
  const auto first = create_game();
  const auto second = create_game();
  act(first, "clock", {{"side", "black"}, {"adjust_seconds", kDay}, {"reason", "a"}}, 200,
      assistant_);
  act(second, "suspend", {{"reason", "b"}});
  act(second, "annul", {{"reason", "c"}}, 200, assistant_);

  auto all = audit("")["records"];
  ASSERT_EQ(all.size(), 6u);  // and SetUp's role change
  EXPECT_EQ(all[5]["action"], "role_changed");
  EXPECT_EQ(all[5]["target"], "assistant");
  EXPECT_EQ(all[0]["action"], "annulled");
  EXPECT_EQ(all[0]["actor"], "assistant");
  EXPECT_EQ(all[0]["reason"], "c");
  EXPECT_TRUE(all[0]["target"].is_null());
  EXPECT_EQ(all[0]["detail"]["before"]["status"], "ongoing");
  EXPECT_EQ(all[1]["action"], "suspended");
  EXPECT_EQ(all[2]["action"], "clock_adjusted");
  EXPECT_EQ(all[3]["action"], "game_created");
  EXPECT_EQ(all[3]["game_id"], second);
  EXPECT_EQ(all[4]["game_id"], first);
  EXPECT_FALSE(all[0].contains("event_id"));

  EXPECT_EQ(audit("?game_id=" + second)["records"].size(), 3u);
  auto by_assistant = audit("?user=assistant")["records"];
  ASSERT_EQ(by_assistant.size(), 3u);
  EXPECT_EQ(by_assistant[0]["action"], "annulled");
  EXPECT_EQ(by_assistant[1]["action"], "clock_adjusted");
  EXPECT_EQ(by_assistant[2]["action"], "role_changed");  // about the assistant
  auto combined = audit("?user=assistant&game_id=" + first)["records"];
  ASSERT_EQ(combined.size(), 1u);
  EXPECT_EQ(combined[0]["action"], "clock_adjusted");
  // A player appears as the target of a clock change.
  auto about_black = audit("?user=black_player")["records"];
  ASSERT_EQ(about_black.size(), 1u);
  EXPECT_EQ(about_black[0]["target"], "black_player");
  EXPECT_EQ(audit("?user=onlooker")["records"].size(), 0u);
  EXPECT_EQ(audit("?limit=2")["records"].size(), 2u);
  EXPECT_EQ(audit("?limit=2")["records"][0]["action"], "annulled");
  EXPECT_EQ(audit("?event_id=12345")["records"].size(), 0u);

  for (const char* bad : {"?game_id=abc", "?game_id=-1", "?game_id=0", "?event_id=x", "?limit=0",
                          "?limit=1001", "?limit=ten", "?user=nobody_here", "?user=bad%20name"}) {
    EXPECT_EQ(audit(bad, 400)["code"], "validation_error") << bad;
  }
  EXPECT_EQ(api_.call("GET", "/api/v1/admin/audit", white_).status, 403);
  EXPECT_EQ(api_.call("GET", "/api/v1/admin/audit", "").status, 401);
}

TEST_F(Admin, PlayersAndAnonymousCannotActAsDirectors) {
  const auto id = create_game();
  const auto before = api_.game(id, white_);
  for (const auto& token : {white_, black_, onlooker_}) {
    EXPECT_EQ(act(id, "annul", {{"reason", "mine"}}, 403, token)["code"], "forbidden");
    EXPECT_EQ(act(id, "suspend", {{"reason", "mine"}}, 403, token)["code"], "forbidden");
  }
  auto anonymous = api_.call("POST", "/api/v1/admin/games/" + id + "/annul", "", {{"reason", "x"}});
  EXPECT_EQ(anonymous.status, 401);
  EXPECT_EQ(api_.game(id, white_)["version"], before["version"]);
  EXPECT_EQ(api_.game(id, white_)["status"], "ongoing");
  EXPECT_EQ(audit_rows(id), 1);
}

TEST_F(Admin, BoardSvgShowsTheCurrentPosition) {
  const auto id = create_game();
  api_.play(id, white_, "e4");
  auto svg = api_.call("GET", "/api/v1/games/" + id + "/board.svg", onlooker_);
  ASSERT_EQ(svg.status, 200) << svg.body;
  EXPECT_EQ(svg.headers["content-type"], "image/svg+xml");
  EXPECT_NE(svg.body.find("<svg "), std::string::npos);
  EXPECT_NE(svg.body.find("data-square=\"e4\" data-piece=\"wP\""), std::string::npos);
  EXPECT_EQ(svg.body.find("data-square=\"e2\" data-piece="), std::string::npos);
  EXPECT_NE(svg.body.find("last-move\" data-square=\"e2\""), std::string::npos);
  EXPECT_NE(svg.body.find("last-move\" data-square=\"e4\""), std::string::npos);
  EXPECT_NE(svg.body.find("data-orientation=\"white\""), std::string::npos);
  auto black = api_.call("GET", "/api/v1/games/" + id + "/board.svg?orientation=black", black_);
  EXPECT_NE(black.body.find("data-orientation=\"black\""), std::string::npos);
  auto flipped = api_.call("GET", "/api/v1/games/" + id + "/board.svg?flip=1", black_);
  EXPECT_NE(flipped.body.find("data-orientation=\"black\""), std::string::npos);
  EXPECT_EQ(api_.call("GET", "/api/v1/games/" + id + "/board.svg?flip=maybe", black_).status, 400);
  EXPECT_EQ(api_.call("GET", "/api/v1/games/" + id + "/board.svg?orientation=up", black_).status,
            400);
  EXPECT_EQ(api_.call("GET", "/api/v1/games/" + id + "/board.svg", "").status, 401);
  EXPECT_EQ(api_.call("GET", "/api/v1/games/424242/board.svg", white_).status, 404);
}

}  // namespace
}  // namespace corrchess
