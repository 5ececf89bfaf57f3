// Writes with a precondition: a client that acts on a game it saw at ply N (body `ply`) or
// at version V (If-Match: "V") is refused with 409 stale_game when the game has moved on,
// the problem carries the current game, and nothing changes. A matching precondition lets
// the write through; none at all keeps the old behaviour.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

class Preconditions : public testing::TwoPlayerTest {
 protected:
  // Checks a stale_game answer: 409, the current game inside, nothing changed.
  void expect_stale(const testing::HttpResult& r, const json& before, const std::string& what) {
    SCOPED_TRACE(what);
    EXPECT_EQ(r.status, 409) << r.body;
    EXPECT_EQ(r.headers.at("content-type"), "application/problem+json");
    const auto problem = json::parse(r.body);
    EXPECT_EQ(problem["code"], "stale_game");
    ASSERT_TRUE(problem.contains("game")) << r.body;
    EXPECT_EQ(problem["game"]["ply"], before["ply"]);
    EXPECT_EQ(problem["game"]["version"], before["version"]);
    const auto now = api_.game(id_, white_);
    EXPECT_EQ(now["version"], before["version"]);
    EXPECT_EQ(now["moves"], before["moves"]);
    EXPECT_EQ(now.contains("pending_move"), before.contains("pending_move"));
    EXPECT_EQ(now["status"], before["status"]);
  }

  testing::HttpResult with_if_match(const std::string& method, const std::string& path,
                                    const std::string& token, const json& body,
                                    const std::string& tag) {
    return server_.request(method, path, body.is_null() ? "" : body.dump(),
                           {{"Authorization", "Bearer " + token},
                            {"Content-Type", "application/json"},
                            {"If-Match", tag}});
  }

  std::string id_;
};

TEST_F(Preconditions, StalePlyOrVersionIsRefusedAndChangesNothing) {
  id_ = create_game();
  api_.play(id_, white_, "e4");
  api_.play(id_, black_, "e5");
  const auto seen = api_.game(id_, white_);
  ASSERT_EQ(seen["ply"], 2);
  const std::string moves = "/api/v1/games/" + id_ + "/moves";

  // White's client saw ply 1 only (a stale tab): refused.
  expect_stale(api_.call("POST", moves, white_, {{"move", "Nf3"}, {"ply", 1}}), seen,
               "submit with a stale ply");
  // The right ply goes through, then the accept with a stale version is refused.
  ASSERT_EQ(api_.call("POST", moves, white_, {{"move", "Nf3"}, {"ply", 2}}).status, 200);
  const auto with_pending = api_.game(id_, white_);
  const int version = with_pending["version"];
  expect_stale(with_if_match("POST", moves + "/accept", white_, {{"move", "Nf3"}},
                             "\"" + std::to_string(version - 1) + "\""),
               with_pending, "accept with a stale If-Match");
  expect_stale(api_.call("POST", moves + "/accept", white_, {{"move", "Nf3"}, {"ply", 3}}),
               with_pending, "accept with a ply from the future");
  auto accepted = with_if_match("POST", moves + "/accept", white_, {{"move", "Nf3"}},
                                "\"" + std::to_string(version) + "\"");
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_EQ(json::parse(accepted.body)["ply"], 3);

  // Resigning, offering and claiming on a stale view are refused the same way.
  const auto now = api_.game(id_, black_);
  expect_stale(api_.call("POST", "/api/v1/games/" + id_ + "/resign", black_, {{"ply", 2}}), now,
               "resign");
  expect_stale(api_.call("POST", "/api/v1/games/" + id_ + "/claims", black_,
                         {{"type", "fifty_moves"}, {"ply", 0}}),
               now, "claim");
  expect_stale(
      with_if_match("POST", "/api/v1/games/" + id_ + "/draw/decline", black_, nullptr, "W/\"1\""),
      now, "draw decline with a weak tag");
  // Bad preconditions are validation errors, not stale games.
  EXPECT_EQ(api_.problem("POST", moves, black_, {{"move", "Nc6"}, {"ply", "two"}}, 400),
            "validation_error");
  EXPECT_EQ(with_if_match("POST", moves, black_, {{"move", "Nc6"}}, "version 3").status, 400);
  // `If-Match: *` holds for any game (RFC 9110): no condition.
  const auto any = with_if_match("POST", moves, black_, {{"move", "Nc6"}}, "*");
  EXPECT_EQ(any.status, 200) << any.body;
  // The current ply lets the resignation through.
  auto resigned = api_.call("POST", "/api/v1/games/" + id_ + "/resign", black_, {{"ply", 3}});
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  EXPECT_EQ(json::parse(resigned.body)["termination"], "resignation");
}

// Accepting a draw on a stale view: a ply or If-Match that is not the game's answers 409
// stale_game, the offer still stands and nothing changes; the current ply, or the current
// version as If-Match, accepts it.
TEST_F(Preconditions, DrawAcceptanceOnAStaleViewIsRefusedAndTheRightOneDraws) {
  for (const bool by_tag : {false, true}) {
    SCOPED_TRACE(by_tag ? "If-Match" : "ply");
    id_ = create_game();
    api_.play(id_, white_, "e4");
    api_.play(id_, black_, "e5");
    api_.play(id_, white_, "Nf3", {{"offer_draw", true}});
    const auto offered = api_.game(id_, black_);
    ASSERT_EQ(offered["ply"], 3);
    ASSERT_EQ(offered["draw_offer"]["by"], "white") << offered.dump();
    const int version = offered["version"];
    const std::string accept = "/api/v1/games/" + id_ + "/draw/accept";

    expect_stale(api_.call("POST", accept, black_, {{"ply", 2}}), offered,
                 "accept with the ply before the offer");
    expect_stale(api_.call("POST", accept, black_, {{"ply", 4}}), offered,
                 "accept with a ply from the future");
    expect_stale(
        with_if_match("POST", accept, black_, nullptr, "\"" + std::to_string(version - 1) + "\""),
        offered, "accept with a stale If-Match");
    expect_stale(
        with_if_match("POST", accept, black_, nullptr, "\"" + std::to_string(version + 1) + "\""),
        offered, "accept with an If-Match from the future");
    const auto after_refusals = api_.game(id_, black_);
    EXPECT_EQ(after_refusals["draw_offer"], offered["draw_offer"]) << "the offer still stands";
    EXPECT_EQ(after_refusals["status"], "ongoing");
    EXPECT_FALSE(after_refusals.contains("result") && !after_refusals["result"].is_null());

    const auto drawn = by_tag ? with_if_match("POST", accept, black_, nullptr,
                                              "\"" + std::to_string(version) + "\"")
                              : api_.call("POST", accept, black_, {{"ply", 3}});
    ASSERT_EQ(drawn.status, 200) << drawn.body;
    const auto g = json::parse(drawn.body);
    EXPECT_EQ(g["status"], "finished");
    EXPECT_EQ(g["result"], "1/2-1/2");
    EXPECT_EQ(g["termination"], "agreement");
    EXPECT_EQ(g["ply"], 3);
    EXPECT_GT(g["version"].get<int>(), version);
  }
}

// Conditional lines prepared for the game as the client saw it (a line queued offline by the
// web client): a `ply` or If-Match that is not the game's answers 409 stale_game with the
// current game, the stored lines stay as they were; the current ones store the lines.
TEST_F(Preconditions, ConditionalLinesOnAStaleViewAreRefused) {
  id_ = create_game();
  api_.play(id_, white_, "e4");
  const std::string path = "/api/v1/games/" + id_ + "/conditional";
  const auto seen = api_.game(id_, white_);
  const int version = seen["version"];
  ASSERT_EQ(seen["ply"], 1);
  // White prepared 1...e5 2.Nf3 at ply 1, but Black answered and White moved meanwhile.
  api_.play(id_, black_, "c5");
  api_.play(id_, white_, "Nf3");
  const auto now = api_.game(id_, white_);
  ASSERT_EQ(now["ply"], 3);
  const json line = {{"lines", json::array({json::array({"e6", "d4"})})}};
  json stale_body = line;
  stale_body["ply"] = 1;
  expect_stale(api_.call("PUT", path, white_, stale_body), now, "lines with a stale ply");
  expect_stale(with_if_match("PUT", path, white_, line, "\"" + std::to_string(version) + "\""), now,
               "lines with a stale If-Match");
  const auto kept = api_.call("GET", path, white_, nullptr);
  ASSERT_EQ(kept.status, 200) << kept.body;
  EXPECT_EQ(json::parse(kept.body)["lines"], json::array()) << "nothing was stored";
  EXPECT_EQ(api_.problem("PUT", path, white_, {{"lines", json::array()}, {"ply", -1}}, 400),
            "validation_error");

  json current = line;
  current["ply"] = 3;
  const auto stored =
      with_if_match("PUT", path, white_, current, "\"" + now["version"].dump() + "\"");
  ASSERT_EQ(stored.status, 200) << stored.body;
  EXPECT_EQ(json::parse(stored.body)["lines"], line["lines"]);
  // An empty list with the current precondition drops them.
  const auto dropped = api_.call("PUT", path, white_, {{"lines", json::array()}, {"ply", 3}});
  ASSERT_EQ(dropped.status, 200) << dropped.body;
  EXPECT_EQ(json::parse(dropped.body)["lines"], json::array());
}

}  // namespace
}  // namespace corrchess
