#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/game/time.h"
#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

// A server with an admin (director), two players and an onlooker.
class Games : public testing::TwoPlayerTest {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(TwoPlayerTest::SetUp());
    onlooker_ = api_.sign_up("onlooker");
  }

  std::string onlooker_;
};

TEST_F(Games, FoolsMateEndsTheGameByCheckmate) {
  const auto id = create_game();
  ASSERT_FALSE(id.empty());
  auto g = api_.game(id, white_);
  EXPECT_EQ(g["status"], "ongoing");
  EXPECT_EQ(g["to_move"], "white");
  EXPECT_EQ(g["legal_moves"].size(), 20u);

  EXPECT_EQ(api_.try_play(id, white_, "f3").status, 200);
  EXPECT_EQ(api_.try_play(id, black_, "e7e5").status, 200);  // UCI
  EXPECT_EQ(api_.try_play(id, white_, "7274").status, 200);  // ICCF numeric g2-g4
  auto mate = api_.try_play(id, black_, "Qh4#");
  ASSERT_EQ(mate.status, 200) << mate.body;
  auto over = json::parse(mate.body);
  EXPECT_EQ(over["status"], "finished");
  EXPECT_EQ(over["result"], "0-1");
  EXPECT_EQ(over["termination"], "checkmate");
  ASSERT_EQ(over["moves"].size(), 4u);
  EXPECT_EQ(over["moves"][2]["san"], "g4");
  EXPECT_EQ(over["moves"][3]["uci"], "d8h4");
  EXPECT_EQ(over["moves"][3]["numeric"], "4884");

  EXPECT_EQ(over["moves"][0]["clock"]["clock_after_seconds"], 50 * 86400);

  auto pgn = api_.call("GET", "/api/v1/games/" + id + "/pgn", white_);
  ASSERT_EQ(pgn.status, 200);
  EXPECT_EQ(pgn.headers["content-type"], "application/x-chess-pgn");
  EXPECT_NE(pgn.body.find("[Result \"0-1\"]"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("[WhiteUsername \"white_player\"]"), std::string::npos);
  EXPECT_NE(pgn.body.find("[Termination \"checkmate\"]"), std::string::npos);
  EXPECT_NE(pgn.body.find("1. f3 {[%clk 1200:00:00]"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("Qh4# {"), std::string::npos);

  auto late = api_.call("POST", "/api/v1/games/" + id + "/moves", white_, {{"move", "a3"}});
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(json::parse(late.body)["code"], "game_over");
}

TEST_F(Games, SubmitIsPrivateAndChangesNothingUntilAccepted) {
  const auto id = create_game();
  auto submit = api_.call("POST", "/api/v1/games/" + id + "/moves", white_, {{"move", "Nf3"}});
  ASSERT_EQ(submit.status, 200) << submit.body;
  EXPECT_EQ(json::parse(submit.body)["pending"]["move"]["uci"], "g1f3");
  // Replace it.
  ASSERT_EQ(api_.call("POST", "/api/v1/games/" + id + "/moves", white_, {{"move", "d4"}}).status,
            200);
  auto mine = api_.game(id, white_);
  EXPECT_EQ(mine["ply"], 0);
  EXPECT_EQ(mine["pending_move"]["move"]["san"], "d4");
  EXPECT_FALSE(api_.game(id, black_).contains("pending_move"));
  EXPECT_FALSE(api_.game(id, onlooker_).contains("pending_move"));

  auto mismatch =
      api_.call("POST", "/api/v1/games/" + id + "/moves/accept", white_, {{"move", "Nf3"}});
  EXPECT_EQ(mismatch.status, 409);
  EXPECT_EQ(json::parse(mismatch.body)["code"], "pending_mismatch");
  EXPECT_EQ(api_.game(id, white_)["ply"], 0);

  EXPECT_EQ(api_.call("DELETE", "/api/v1/games/" + id + "/moves/pending", white_).status, 204);
  auto none = api_.call("POST", "/api/v1/games/" + id + "/moves/accept", white_, {{"move", "d4"}});
  EXPECT_EQ(json::parse(none.body)["code"], "no_pending_move");
}

// The end of a game drops the pending move of its player, as it drops conditional lines
// (rules.md 2): a finished game shows none, and the stored game holds none.
TEST_F(Games, TheEndOfTheGameDropsThePendingMove) {
  const auto id = create_game();
  ASSERT_EQ(api_.call("POST", "/api/v1/games/" + id + "/moves", white_, {{"move", "d4"}}).status,
            200);
  ASSERT_EQ(api_.game(id, white_)["pending_move"]["move"]["san"], "d4");
  const auto resigned = api_.call("POST", "/api/v1/games/" + id + "/resign", black_);
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  const auto after = api_.game(id, white_);
  EXPECT_EQ(after["status"], "finished");
  EXPECT_FALSE(after.contains("pending_move")) << after.dump();
  EXPECT_EQ(
      api_.problem("POST", "/api/v1/games/" + id + "/moves/accept", white_, {{"move", "d4"}}, 409),
      "game_over");
}

TEST_F(Games, RulesViolationsAreTypedErrorsAndChangeNothing) {
  const auto id = create_game();
  auto not_turn = api_.call("POST", "/api/v1/games/" + id + "/moves", black_, {{"move", "e5"}});
  EXPECT_EQ(json::parse(not_turn.body)["code"], "not_your_turn");
  auto illegal = api_.call("POST", "/api/v1/games/" + id + "/moves", white_, {{"move", "e5"}});
  EXPECT_EQ(illegal.status, 422);
  EXPECT_EQ(json::parse(illegal.body)["code"], "illegal_move");
  auto garbage = api_.call("POST", "/api/v1/games/" + id + "/moves", white_, {{"move", "hello"}});
  EXPECT_EQ(garbage.status, 400);
  auto stranger = api_.call("POST", "/api/v1/games/" + id + "/moves", onlooker_, {{"move", "e4"}});
  EXPECT_EQ(stranger.status, 403);
  auto missing = api_.call("GET", "/api/v1/games/999999", white_);
  EXPECT_EQ(missing.status, 404);
  auto wrong_type = api_.call("POST", "/api/v1/games/" + id + "/moves", white_, {{"move", 5}});
  EXPECT_EQ(wrong_type.status, 400);
  EXPECT_EQ(api_.call("POST", "/api/v1/admin/games", white_, {{"white", "a"}}).status, 403);
  auto g = api_.game(id, white_);
  EXPECT_EQ(g["ply"], 0);
  EXPECT_FALSE(g.contains("pending_move"));
}

TEST_F(Games, DrawOfferLifecycleAndResignation) {
  const auto id = create_game();
  // Agreement needs both players to have moved (Art. 5.2.3): an offer with White's first
  // move could never be accepted, so it is refused and nothing changes.
  auto early = api_.call("POST", "/api/v1/games/" + id + "/moves", white_,
                         {{"move", "e4"}, {"offer_draw", true}});
  EXPECT_EQ(early.status, 422) << early.body;
  EXPECT_EQ(json::parse(early.body)["code"], "draw_offer_not_allowed");
  EXPECT_FALSE(api_.game(id, white_).contains("pending_move"));
  ASSERT_EQ(api_.try_play(id, white_, "e4").status, 200);
  ASSERT_EQ(api_.try_play(id, black_, "e5").status, 200);
  ASSERT_EQ(api_.call("POST", "/api/v1/games/" + id + "/moves", white_,
                      {{"move", "Nf3"}, {"offer_draw", true}})
                .status,
            200);
  ASSERT_EQ(
      api_.call("POST", "/api/v1/games/" + id + "/moves/accept", white_, {{"move", "Nf3"}}).status,
      200);
  EXPECT_EQ(api_.game(id, black_)["draw_offer"]["by"], "white");
  // Black's move declines the offer implicitly; the ten-moves rule then bars white's next offer.
  ASSERT_EQ(api_.try_play(id, black_, "Nc6").status, 200);
  EXPECT_FALSE(api_.game(id, white_).contains("draw_offer"));
  auto barred = api_.call("POST", "/api/v1/games/" + id + "/moves", white_,
                          {{"move", "Bb5"}, {"offer_draw", true}});
  EXPECT_EQ(barred.status, 422);
  EXPECT_EQ(json::parse(barred.body)["code"], "draw_offer_not_allowed");

  const auto second = create_game();
  ASSERT_EQ(api_.try_play(second, white_, "d4").status, 200);
  ASSERT_EQ(api_.call("POST", "/api/v1/games/" + second + "/moves", black_,
                      {{"move", "d5"}, {"offer_draw", true}})
                .status,
            200);
  ASSERT_EQ(api_.call("POST", "/api/v1/games/" + second + "/moves/accept", black_, {{"move", "d5"}})
                .status,
            200);
  auto drawn = api_.call("POST", "/api/v1/games/" + second + "/draw/accept", white_);
  ASSERT_EQ(drawn.status, 200) << drawn.body;
  EXPECT_EQ(json::parse(drawn.body)["result"], "1/2-1/2");
  EXPECT_EQ(json::parse(drawn.body)["termination"], "agreement");

  const auto third = create_game();
  auto resigned = api_.call("POST", "/api/v1/games/" + third + "/resign", black_);
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  EXPECT_EQ(json::parse(resigned.body)["result"], "1-0");
  EXPECT_EQ(json::parse(resigned.body)["termination"], "resignation");
}

TEST_F(Games, ThreefoldClaimWithIntendedMove) {
  const auto id = create_game();
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(api_.try_play(id, white_, "Nf3").status, 200);
    ASSERT_EQ(api_.try_play(id, black_, "Nf6").status, 200);
    ASSERT_EQ(api_.try_play(id, white_, "Ng1").status, 200);
    ASSERT_EQ(api_.try_play(id, black_, "Ng8").status, 200);
  }
  ASSERT_EQ(api_.try_play(id, white_, "Nf3").status, 200);
  ASSERT_EQ(api_.try_play(id, black_, "Nf6").status, 200);
  ASSERT_EQ(api_.try_play(id, white_, "Ng1").status, 200);
  // Black claims: Ng8 would bring the start position for the third time.
  auto claim = api_.call("POST", "/api/v1/games/" + id + "/claims", black_,
                         {{"type", "threefold"}, {"move", "Ng8"}});
  auto body = testing::claim_verdict(claim, true);
  EXPECT_EQ(body["game"]["result"], "1/2-1/2");
  EXPECT_EQ(body["game"]["termination"], "repetition");
}

TEST_F(Games, ListsShowWhoIsToMove) {
  const auto id = create_game();
  auto mine = api_.call("GET", "/api/v1/games?to_move=me", white_);
  ASSERT_EQ(mine.status, 200);
  ASSERT_EQ(json::parse(mine.body)["games"].size(), 1u);
  EXPECT_EQ(json::parse(mine.body)["games"][0]["id"], id);
  EXPECT_FALSE(json::parse(mine.body)["games"][0]["my_deadline"].is_null());
  EXPECT_TRUE(
      json::parse(api_.call("GET", "/api/v1/games?to_move=me", black_).body)["games"].empty());
  EXPECT_EQ(api_.call("GET", "/api/v1/games?status=bogus", white_).status, 400);
}

// "Use 40+ days" (rules.md 3.6) sticks to the move it was ticked for: withdrawing or
// replacing the pending move that carried it after day 40 does not bring back the silence
// loss, and the accepted move records the tick.
TEST_F(Games, TheUse40PlusDaysTickSticksToItsMove) {
  const auto id = create_game();
  const std::string moves = "/api/v1/games/" + id + "/moves";
  api_.advance_clock(td_, 30 * 86400);
  ASSERT_EQ(api_.call("POST", moves, white_, {{"move", "e4"}, {"use_40_plus_days", true}}).status,
            200);
  api_.advance_clock(td_, 15 * 86400);  // day 45: past the silence rule's 40 days
  ASSERT_EQ(api_.call("DELETE", moves + "/pending", white_).status, 204);
  auto g = api_.game(id, white_);
  EXPECT_EQ(g["status"], "ongoing") << g.dump();
  // A replacement without the tick keeps it, and the accepted move records it.
  ASSERT_EQ(api_.call("POST", moves, white_, {{"move", "d4"}}).status, 200);
  api_.advance_clock(td_, 2 * 86400);
  auto accepted = api_.call("POST", moves + "/accept", white_, {{"move", "d4"}});
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  g = json::parse(accepted.body);
  EXPECT_EQ(g["status"], "ongoing");
  EXPECT_EQ(g["moves"][0]["san"], "d4");
  // Black did not tick it: Black's silence loss comes 40 days after White's move (before
  // the 50 days on Black's clock), in the answer and in Black's list (the cached deadline
  // the flag-fall scheduler waits for).
  const auto accepted_at = game::parse_rfc3339(g["moves"][0]["at"].get<std::string>());
  ASSERT_TRUE(accepted_at.has_value());
  const auto silence = *accepted_at + 40 * 86400;
  EXPECT_EQ(g["clocks"]["black"]["deadline"], game::format_rfc3339(silence)) << g.dump();
  const auto list = api_.call("GET", "/api/v1/games?to_move=me", black_);
  ASSERT_EQ(list.status, 200) << list.body;
  const auto listed = json::parse(list.body)["games"];
  ASSERT_EQ(listed.size(), 1u) << list.body;
  EXPECT_EQ(listed[0]["my_deadline"], game::format_rfc3339(silence)) << list.body;
  api_.advance_clock(td_, 40 * 86400 + 1);
  g = api_.game(id, black_);
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["termination"], "silence");
  EXPECT_EQ(g["result"], "1-0");
}

// `Prefer: return=minimal` (RFC 7240): a command's answer carries only the moves it added
// (with a conditional reply), says from which ply, and is otherwise the same game object.
TEST_F(Games, AMinimalAnswerCarriesOnlyTheMovesTheCommandAdded) {
  const auto id = create_game();
  const std::string moves = "/api/v1/games/" + id + "/moves";
  for (const auto& [token, san] : {std::pair{white_, "e4"}, {black_, "c5"}, {white_, "Nf3"}}) {
    ASSERT_EQ(api_.try_play(id, token, san).status, 200);
  }
  ASSERT_EQ(api_.call("PUT", "/api/v1/games/" + id + "/conditional", white_,
                      {{"lines", json::array({json::array({"d6", "d4"})})}})
                .status,
            200);
  ASSERT_EQ(api_.call("POST", moves, black_, {{"move", "d6"}}).status, 200);
  const auto minimal = server_.request("POST", moves + "/accept", json{{"move", "d6"}}.dump(),
                                       {{"Authorization", "Bearer " + black_},
                                        {"Content-Type", "application/json"},
                                        {"Prefer", "handling=lenient, return=minimal"}});
  ASSERT_EQ(minimal.status, 200) << minimal.body;
  EXPECT_EQ(minimal.headers.at("preference-applied"), "return=minimal");
  const auto g = json::parse(minimal.body);
  EXPECT_EQ(g["ply"], 5);
  EXPECT_EQ(g["moves_from"], 3);
  ASSERT_EQ(g["moves"].size(), 2u) << g.dump();
  EXPECT_EQ(g["moves"][0]["san"], "d6");
  EXPECT_EQ(g["moves"][1]["san"], "d4");
  EXPECT_EQ(g["moves"][1]["conditional"], true);
  // The rest is the game object as a read shows it.
  auto full = api_.game(id, black_);
  EXPECT_FALSE(full.contains("moves_from"));
  ASSERT_EQ(full["moves"].size(), 5u);
  EXPECT_EQ(full["moves"][3], g["moves"][0]);
  for (const char* key : {"fen", "status", "clocks", "legal_moves", "version", "to_move"}) {
    EXPECT_EQ(g[key], full[key]) << key;
  }
  // Without the preference the answer has every move, and no Preference-Applied.
  ASSERT_EQ(api_.call("POST", moves, black_, {{"move", "cxd4"}}).status, 200);
  const auto plain = api_.call("POST", moves + "/accept", black_, {{"move", "cxd4"}});
  ASSERT_EQ(plain.status, 200);
  EXPECT_EQ(plain.headers.count("preference-applied"), 0u);
  EXPECT_EQ(json::parse(plain.body)["moves"].size(), 6u);
}

// rules.md 4: the end of a game discards both players' conditional lines, however it ends;
// not only by a move (a resignation here, a flag fall in the second game).
TEST_F(Games, TheEndOfAGameDiscardsTheConditionalLines) {
  const auto lines = json{{"lines", json::array({json::array({"e4", "e5", "Nf3", "Nc6"})})}};
  const auto id = create_game();
  const std::string conditional = "/api/v1/games/" + id + "/conditional";
  ASSERT_EQ(api_.call("PUT", conditional, black_, lines).status, 200);
  ASSERT_EQ(api_.call("POST", "/api/v1/games/" + id + "/resign", white_).status, 200);
  auto after_resign = api_.call("GET", conditional, black_);
  ASSERT_EQ(after_resign.status, 200) << after_resign.body;
  EXPECT_EQ(json::parse(after_resign.body)["lines"], json::array()) << after_resign.body;

  const auto flagged = create_game({{"time_control", {{"type", "per_move"}, {"days", 1}}}});
  const std::string flagged_lines = "/api/v1/games/" + flagged + "/conditional";
  ASSERT_EQ(api_.call("PUT", flagged_lines, black_, lines).status, 200);
  api_.advance_clock(td_, 86400);
  EXPECT_EQ(api_.game(flagged, black_)["termination"], "time_forfeit");
  auto after_flag = api_.call("GET", flagged_lines, black_);
  ASSERT_EQ(after_flag.status, 200) << after_flag.body;
  EXPECT_EQ(json::parse(after_flag.body)["lines"], json::array()) << after_flag.body;
}

// The caps of PUT /conditional (100 lines, 200 moves a line) are the body's: beyond them the
// answer is 400 validation_error before the game is looked at, for a stranger (not 403) and
// on a finished game (not 409 game_over), as docs/api.md "Errors" orders the checks; within
// them the game's own refusal comes. Nothing is stored.
TEST_F(Games, ConditionalLinesBeyondTheCapsAreTheBodysError) {
  json many = json::array();
  for (int i = 0; i < 101; ++i) many.push_back(json::array({"e4", "e5"}));
  json long_line = json::array();
  for (int i = 0; i < 101; ++i) {
    long_line.push_back("Nf3");
    long_line.push_back("Nf6");
  }
  const json too_many = {{"lines", many}};
  const json too_long = {{"lines", json::array({long_line})}};
  const auto id = create_game();
  const std::string conditional = "/api/v1/games/" + id + "/conditional";
  for (const auto& body : {too_many, too_long}) {
    EXPECT_EQ(api_.problem("PUT", conditional, onlooker_, body, 400), "validation_error");
  }
  EXPECT_EQ(api_.problem("PUT", conditional, onlooker_, {{"lines", json::array()}}, 403),
            "forbidden");
  api_.expect("POST", "/api/v1/games/" + id + "/resign", white_);
  for (const auto& body : {too_many, too_long}) {
    EXPECT_EQ(api_.problem("PUT", conditional, black_, body, 400), "validation_error");
  }
  EXPECT_EQ(api_.problem("PUT", conditional, black_, {{"lines", json::array()}}, 409), "game_over");
  EXPECT_EQ(api_.expect("GET", conditional, black_)["lines"], json::array());
}

}  // namespace
}  // namespace corrchess
