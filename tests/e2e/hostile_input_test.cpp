// Hostile request bodies against a real server: NUL and control characters in names,
// credentials and messages, and a message whose live notification would not fit PostgreSQL's
// NOTIFY limit (which once made every accept of that move fail while the clock ran).
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;

class HostileInput : public testing::TwoPlayerTest {};

TEST_F(HostileInput, NulAndControlCharactersInNamesAndCredentialsAreRefused) {
  api_.register_user("alice");
  // "alice\0x" must not log in as alice (libpq would cut the name at the NUL).
  EXPECT_EQ(
      api_.problem(
          "POST", "/api/v1/auth/login", "",
          {{"username", std::string("alice\0x", 7)}, {"password", testing::kPlayerPassword}}, 400),
      "validation_error");
  EXPECT_EQ(
      api_.problem(
          "POST", "/api/v1/auth/login", "",
          {{"username", "alice"}, {"password", std::string(testing::kPlayerPassword) + '\0'}}, 400),
      "validation_error");
  EXPECT_EQ(api_.problem("POST", "/api/v1/auth/register", "",
                         {{"username", "bob"},
                          {"password", testing::kPlayerPassword},
                          {"display_name", std::string("a\0b", 3)}},
                         400),
            "validation_error");
  EXPECT_EQ(api_.problem("POST", "/api/v1/auth/register", "",
                         {{"username", "bob"},
                          {"password", testing::kPlayerPassword},
                          {"display_name", "line\nbreak"}},
                         400),
            "validation_error");
  // Nothing was created by the refused registrations.
  EXPECT_EQ(api_.call("POST", "/api/v1/auth/login", "",
                      {{"username", "bob"}, {"password", testing::kPlayerPassword}})
                .status,
            401);
}

TEST_F(HostileInput, MessagesKeepLineBreaksButRefuseOtherControlCharacters) {
  const auto id = create_game();
  // 1,400 control characters: refused, and the game is unchanged.
  EXPECT_EQ(api_.problem("POST", "/api/v1/games/" + id + "/moves", white_,
                         {{"move", "e4"}, {"message", std::string(1400, '\x01')}}, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("POST", "/api/v1/games/" + id + "/moves", white_,
                         {{"move", "e4"}, {"message", std::string("cut\0here", 8)}}, 400),
            "validation_error");
  EXPECT_EQ(api_.game(id, white_)["moves"].size(), 0u);
  EXPECT_FALSE(api_.game(id, white_).contains("pending_move"));
  // Line breaks and tabs are a person's text: kept exactly.
  const std::string letter = "Dear opponent,\n\tgood luck!\r\nYours";
  api_.play(id, white_, "e4", {{"message", letter}});
  EXPECT_EQ(api_.game(id, black_)["moves"][0]["message"], letter);
}

TEST_F(HostileInput, ALongMessageNeverBlocksTheMoveAndReachesTheOpponent) {
  const auto id = create_game();
  testing::WsClient black_socket(server_.port(), "/api/v1/ws?token=" + black_);
  ASSERT_TRUE(black_socket.read_type("hello"));
  // 2,000 characters of four bytes each: 8,000 bytes, more than one NOTIFY may carry.
  std::string longest;
  for (int i = 0; i < 2000; ++i) longest += "\xF0\x9F\x98\x80";  // U+1F600
  api_.play(id, white_, "e4", {{"message", longest}});
  // The move is stored with the whole message...
  const auto game = api_.game(id, black_);
  ASSERT_EQ(game["moves"].size(), 1u);
  EXPECT_EQ(game["moves"][0]["message"], longest);
  // ...and the opponent hears of it at once, told to read the message from the game.
  auto live = black_socket.read_type("move", std::chrono::seconds(10));
  ASSERT_TRUE(live.has_value());
  EXPECT_EQ((*live)["move"]["san"], "e4") << live->dump();
  EXPECT_EQ((*live)["message_omitted"], true) << live->dump();
  EXPECT_FALSE(live->contains("message"));
  // Black replies as usual.
  api_.play(id, black_, "e5");
  EXPECT_EQ(api_.game(id, white_)["moves"].size(), 2u);
}

}  // namespace
}  // namespace corrchess
