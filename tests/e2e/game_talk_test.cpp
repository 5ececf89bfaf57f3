// Messages and notes: the thread of a game holds the messages its moves carried and, once
// the game is over, what the players write to each other (the opponent is told live);
// while it runs nothing can be sent outside a move. Onlookers see the moves but never the
// messages, neither in the game nor live. Notes are their author's alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "core/game/game.h"
#include "tests/support/api_server_test.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;

class GameTalk : public testing::TwoPlayerTest {};

TEST_F(GameTalk, TheThreadHoldsMoveMessagesThenPostGameMessages) {
  const auto id = create_game();
  const std::string messages = "/api/v1/games/" + id + "/messages";
  api_.play(id, white_, "e4", {{"message", "Good luck!"}});
  api_.play(id, black_, "e5");
  api_.play(id, white_, "Nf3", {{"message", "Line one\nline two"}});
  EXPECT_EQ(api_.problem("POST", messages, black_, {{"text", "Hello?"}}, 409), "conflict")
      << "during play a message travels with a move";

  auto thread = api_.expect("GET", messages, black_)["messages"];
  ASSERT_EQ(thread.size(), 2u);
  EXPECT_EQ(thread[0], (json{{"ply", 1},
                             {"author", kWhite},
                             {"text", "Good luck!"},
                             {"at", api_.game(id, white_)["moves"][0]["at"]}}));
  EXPECT_EQ(thread[1]["ply"], 3);
  EXPECT_EQ(thread[1]["text"], "Line one\nline two");

  const auto stranger = api_.sign_up("stranger");
  EXPECT_EQ(api_.problem("GET", messages, stranger, nullptr, 403), "forbidden");
  EXPECT_EQ(api_.expect("GET", messages, td_)["messages"].size(), 2u) << "directors read them";

  api_.expect("POST", "/api/v1/games/" + id + "/resign", black_);
  testing::WsClient white_socket(server_.port(), "/api/v1/ws?token=" + white_);
  ASSERT_TRUE(white_socket.read_type("hello"));
  auto sent = api_.expect("POST", messages, black_, {{"text", "Well played, thanks!"}}, 201);
  EXPECT_TRUE(sent["ply"].is_null());
  EXPECT_EQ(sent["author"], kBlack);
  auto live = white_socket.read_type("message");
  ASSERT_TRUE(live);
  EXPECT_EQ((*live)["game_id"], id);
  EXPECT_EQ((*live)["message"], "Well played, thanks!");
  // api.md "Live events": every message about a game has type, game_id, at and version.
  EXPECT_TRUE((*live)["at"].is_string());
  EXPECT_EQ((*live)["version"], api_.game(id, white_)["version"]) << live->dump();
  EXPECT_EQ(api_.problem("POST", messages, stranger, {{"text", "me too"}}, 403), "forbidden");
  EXPECT_EQ(api_.problem("POST", messages, td_, {{"text", "director"}}, 403), "forbidden");
  for (const json& bad : {json{{"text", ""}}, json{{"text", std::string(2001, 'x')}},
                          json{{"text", 5}}, json::object()}) {
    EXPECT_EQ(api_.problem("POST", messages, white_, bad, 400), "validation_error") << bad.dump();
  }
  thread = api_.expect("GET", messages, white_)["messages"];
  ASSERT_EQ(thread.size(), 3u);
  EXPECT_EQ(thread[2]["text"], "Well played, thanks!");
}

TEST_F(GameTalk, OnlookersSeeTheMovesButNotTheMessages) {
  const auto id = create_game();
  const auto onlooker = api_.sign_up("onlooker");
  testing::WsClient watcher(server_.port(), "/api/v1/ws?token=" + onlooker);
  ASSERT_TRUE(watcher.read_type("hello"));
  watcher.send({{"subscribe", id}});
  ASSERT_TRUE(watcher.read_type("subscribed"));
  testing::WsClient player(server_.port(), "/api/v1/ws?token=" + black_);
  ASSERT_TRUE(player.read_type("hello"));

  api_.play(id, white_, "d4", {{"message", "for Black's eyes only"}});
  auto seen = watcher.read_type("move");
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["move"]["san"], "d4");
  EXPECT_FALSE(seen->contains("message")) << seen->dump();
  auto told = player.read_type("move");
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["message"], "for Black's eyes only");

  const auto shown = api_.game(id, onlooker);
  ASSERT_EQ(shown["moves"].size(), 1u);
  EXPECT_FALSE(shown["moves"][0].contains("message")) << shown.dump();
  EXPECT_EQ(api_.game(id, black_)["moves"][0]["message"], "for Black's eyes only");
  EXPECT_EQ(api_.game(id, td_)["moves"][0]["message"], "for Black's eyes only");
}

// The PGN download carries the draw offers and messages moves carried, as comments, for those
// who may read the messages (docs/api.md); an onlooker's copy has the moves without them.
TEST_F(GameTalk, ThePgnCarriesMessagesAndDrawOffersForThoseWhoReadThem) {
  const auto id = create_game();
  api_.play(id, white_, "e4", {{"message", "Good luck {and} have fun"}});
  api_.play(id, black_, "e5", {{"offer_draw", true}});
  const std::string pgn = "/api/v1/games/" + id + "/pgn";
  // Movetext wraps at 80 columns: compare with line breaks read as spaces.
  const auto one_line = [](std::string text) {
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
  };
  for (const auto& reader : {white_, black_, td_}) {
    const auto r = api_.call("GET", pgn, reader);
    ASSERT_EQ(r.status, 200);
    // A comment cannot hold '}': the writer makes it ')'.
    EXPECT_NE(one_line(r.body).find("message: Good luck {and) have fun}"), std::string::npos)
        << r.body;
    EXPECT_NE(one_line(r.body).find("draw offered.}"), std::string::npos) << r.body;
  }
  const auto onlooker = api_.sign_up("pgn_onlooker");
  const auto seen = api_.call("GET", pgn, onlooker);
  ASSERT_EQ(seen.status, 200) << seen.body;
  EXPECT_NE(seen.body.find("1. e4"), std::string::npos) << seen.body;
  EXPECT_EQ(seen.body.find("Good luck"), std::string::npos) << seen.body;
  EXPECT_EQ(seen.body.find("draw offered"), std::string::npos) << seen.body;
}

TEST_F(GameTalk, NoPostGameMessagesWhereTheRulesForbidMessages) {
  const auto id = create_game({{"messages_allowed", false}});
  api_.expect("POST", "/api/v1/games/" + id + "/resign", white_);
  EXPECT_EQ(
      api_.problem("POST", "/api/v1/games/" + id + "/messages", black_, {{"text", "gg"}}, 403),
      "forbidden");
  EXPECT_TRUE(api_.expect("GET", "/api/v1/games/" + id + "/messages", black_)["messages"].empty());
}

// A request is checked in one order (api.md "Errors"): the body (400) before the operation.
// A text no message may hold is 400 whether the game runs (else 409) or forbids messages
// (else 403), and nothing is stored.
TEST_F(GameTalk, AnEmptyOrOverlongTextIsRefusedBeforeTheGameIsLookedAt) {
  const auto running = create_game();
  const std::string overlong(game::kMaxMessageLength + 1, 'x');
  for (const auto& text : {std::string(), overlong}) {
    EXPECT_EQ(api_.problem("POST", "/api/v1/games/" + running + "/messages", white_,
                           {{"text", text}}, 400),
              "validation_error")
        << text.size();
  }
  const auto silent = create_game({{"messages_allowed", false}});
  api_.expect("POST", "/api/v1/games/" + silent + "/resign", white_);
  EXPECT_EQ(
      api_.problem("POST", "/api/v1/games/" + silent + "/messages", black_, {{"text", ""}}, 400),
      "validation_error");
  EXPECT_TRUE(
      api_.expect("GET", "/api/v1/games/" + running + "/messages", black_)["messages"].empty());
  EXPECT_TRUE(
      api_.expect("GET", "/api/v1/games/" + silent + "/messages", black_)["messages"].empty());
}

// Post-game messages have their own limit (159 in 20 s once went through): 3 a minute per
// author and game; the 4th is refused with 429 and Retry-After, and stores nothing.
TEST_F(GameTalk, PostGameMessagesHaveTheirOwnLimit) {
  api_.set_clock(td_, "2030-01-07T09:00:00Z");
  const auto id = create_game();
  const std::string messages = "/api/v1/games/" + id + "/messages";
  api_.expect("POST", "/api/v1/games/" + id + "/resign", white_);
  for (int i = 0; i < 3; ++i) {
    api_.expect("POST", messages, black_, {{"text", "gg " + std::to_string(i)}}, 201);
  }
  const auto refused = api_.call("POST", messages, black_, {{"text", "gg 3"}});
  ASSERT_EQ(refused.status, 429) << refused.body;
  EXPECT_EQ(json::parse(refused.body)["code"], "rate_limited");
  EXPECT_EQ(refused.headers.at("retry-after"), "60");
  EXPECT_EQ(api_.expect("GET", messages, black_)["messages"].size(), 3u);
  api_.expect("POST", messages, white_, {{"text", "the other player has a limit of their own"}},
              201);
  api_.advance_clock(td_, 60);
  api_.expect("POST", messages, black_, {{"text", "gg 3"}}, 201);
}

TEST_F(GameTalk, NotesAreTheirAuthorsAlone) {
  const auto id = create_game();
  const std::string note = "/api/v1/games/" + id + "/note";
  auto empty = api_.expect("GET", note, white_);
  EXPECT_EQ(empty["text"], "");
  EXPECT_TRUE(empty["updated_at"].is_null());
  auto saved = api_.expect("PUT", note, white_, {{"text", "Plan: queenside majority.\n- a4!"}});
  EXPECT_EQ(saved["text"], "Plan: queenside majority.\n- a4!");
  EXPECT_TRUE(saved["updated_at"].is_string());
  EXPECT_EQ(api_.expect("GET", note, white_)["text"], "Plan: queenside majority.\n- a4!");
  EXPECT_EQ(api_.expect("GET", note, black_)["text"], "") << "the opponent never sees it";
  EXPECT_EQ(api_.expect("GET", note, td_)["text"], "") << "nor does a director";
  EXPECT_EQ(api_.problem("PUT", note, white_, {{"text", std::string(10001, 'n')}}, 400),
            "validation_error");
  EXPECT_EQ(api_.expect("GET", note, white_)["text"], "Plan: queenside majority.\n- a4!");
  api_.expect("PUT", note, white_, {{"text", ""}});
  EXPECT_TRUE(api_.expect("GET", note, white_)["updated_at"].is_null()) << "empty deletes";
  EXPECT_EQ(api_.problem("GET", "/api/v1/games/99999/note", white_, nullptr, 404), "not_found");
  // A note is for the game's players (and directors): a bystander is refused, nothing stored.
  const auto bystander = api_.sign_up("bystander");
  EXPECT_EQ(api_.problem("PUT", note, bystander, {{"text", "spying"}}, 403), "forbidden");
  EXPECT_EQ(api_.problem("GET", note, bystander, nullptr, 403), "forbidden");
  api_.expect("PUT", note, td_, {{"text", "a director's note"}});
}

}  // namespace
}  // namespace corrchess
