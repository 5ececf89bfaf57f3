// Floods of challenges at one player, and blocking (docs/api.md "Challenge limits" and
// "Blocking a player"), over HTTP, WebSocket and a real SMTP server: a challenger who cycles
// create + cancel is stopped by the cancel cooldown (429 rate_limited with Retry-After), so the
// victim gets one challenge and one cancellation, not hundreds; a decline has its own
// cooldown; at most N challenges a day go from one player to another; challenge mails after
// the first are held and sent as one batch; a blocked player cannot challenge, accept the
// blocker's seek, or write to the blocker, and the blocker no longer sees their seeks.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/mail_test.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;

json named(const std::string& opponent) {
  return {{"opponent", opponent}, {"time_control", testing::iccf_control()}};
}

class ChallengeFloods : public testing::TwoPlayerTest {
 protected:
  ChallengeFloods() = default;
  explicit ChallengeFloods(const testing::ServerEnv& env) : TwoPlayerTest(env) {}

  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(TwoPlayerTest::SetUp());
    api_.set_clock(td_, "2030-01-07T09:00:00Z");
  }

  json challenge(const std::string& token, const std::string& opponent) {
    return api_.expect("POST", "/api/v1/challenges", token, named(opponent), 201);
  }
  std::string path(const json& c, const std::string& rest = "") {
    return "/api/v1/challenges/" + c["id"].get<std::string>() + rest;
  }
  int incoming(const std::string& token) {
    return static_cast<int>(api_.expect("GET", "/api/v1/challenges", token)["incoming"].size());
  }
  // Counts the messages of `type` that reach `socket` within a short while.
  static int count(testing::WsClient& socket, const std::string& type) {
    int n = 0;
    while (auto m = socket.read(std::chrono::milliseconds(400))) {
      if ((*m)["type"] == type) ++n;
    }
    return n;
  }
};

TEST_F(ChallengeFloods, CreateAndCancelInALoopReachesTheVictimOnce) {
  auto victim = testing::greeted_socket(server_.port(), black_);
  const auto first = challenge(white_, kBlack);
  api_.expect("POST", path(first, "/cancel"), white_);
  // The flood: every further attempt is refused and changes nothing.
  for (int i = 0; i < 30; ++i) {
    const auto r = api_.call("POST", "/api/v1/challenges", white_, named(kBlack));
    ASSERT_EQ(r.status, 429) << r.body;
    const auto problem = json::parse(r.body);
    EXPECT_EQ(problem["code"], "rate_limited");
    EXPECT_EQ(problem["retry_after_seconds"], 600) << "ten minutes after the cancel (clock stands)";
    EXPECT_EQ(r.headers.at("retry-after"), "600");
  }
  EXPECT_EQ(count(*victim, "challenge"), 1);
  EXPECT_EQ(incoming(black_), 0);
  // A new sign-in does not help: the limit is the challenger's, not the token's.
  const auto again = api_.login(kWhite, testing::kPlayerPassword);
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", again, named(kBlack), 429), "rate_limited");
  // Others can still be challenged, and after the cooldown the victim too.
  api_.sign_up("third_player");
  challenge(white_, "third_player");
  api_.advance_clock(td_, 599);
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", white_, named(kBlack), 429), "rate_limited");
  api_.advance_clock(td_, 1);
  challenge(white_, kBlack);
  EXPECT_EQ(incoming(black_), 1);
}

TEST_F(ChallengeFloods, ADeclineKeepsTheChallengerAwayForAnHour) {
  const auto c = challenge(white_, kBlack);
  api_.expect("POST", path(c, "/decline"), black_, {{"reason", "not now"}});
  const auto r = api_.call("POST", "/api/v1/challenges", white_, named(kBlack));
  ASSERT_EQ(r.status, 429);
  EXPECT_EQ(r.headers.at("retry-after"), "3600");
  EXPECT_NE(json::parse(r.body)["detail"].get<std::string>().find("declined"), std::string::npos);
  // The one declined may still challenge the other way.
  challenge(black_, kWhite);
  api_.advance_clock(td_, 3600);
  challenge(white_, kBlack);
}

class DailyChallengeLimit : public ChallengeFloods {
 protected:
  DailyChallengeLimit()
      : ChallengeFloods(
            testing::director_env(true, {{"CORRCHESS_CHALLENGE_COOLDOWN_AFTER_CANCEL_MINUTES", "0"},
                                         {"CORRCHESS_CHALLENGES_PER_OPPONENT_PER_DAY", "3"}})) {}
};

TEST_F(DailyChallengeLimit, AtMostSoManyChallengesADayToOnePlayer) {
  for (int i = 0; i < 3; ++i) {
    api_.advance_clock(td_, 3600);
    api_.expect("POST", path(challenge(white_, kBlack), "/cancel"), white_);
  }
  const auto r = api_.call("POST", "/api/v1/challenges", white_, named(kBlack));
  ASSERT_EQ(r.status, 429) << r.body;
  // The first was made 2 hours ago: 22 hours to wait.
  EXPECT_EQ(r.headers.at("retry-after"), std::to_string(22 * 3600));
  // A rematch counts as a challenge too.
  const auto game = create_game();
  api_.expect("POST", "/api/v1/games/" + game + "/resign", black_);
  EXPECT_EQ(api_.problem("POST", "/api/v1/games/" + game + "/rematch", white_, nullptr, 429),
            "rate_limited");
  api_.advance_clock(td_, 22 * 3600);
  challenge(white_, kBlack);
}

class Blocking : public ChallengeFloods {};

TEST_F(Blocking, ABlockedPlayerCannotChallengeWriteOrSeekTheBlocker) {
  const auto pending = challenge(white_, kBlack);
  const auto white_seek = api_.expect("POST", "/api/v1/challenges", white_,
                                      {{"time_control", testing::iccf_control()}}, 201);
  const auto black_seek = api_.expect("POST", "/api/v1/challenges", black_,
                                      {{"time_control", testing::iccf_control()}}, 201);
  const auto game = create_game();
  auto challenger = testing::greeted_socket(server_.port(), white_);

  const auto block = api_.expect("PUT", std::string("/api/v1/me/blocks/") + kWhite, black_);
  EXPECT_EQ(block["username"], kWhite);
  EXPECT_FALSE(block["since"].get<std::string>().empty());
  // Blocking again changes nothing; the list shows the block.
  EXPECT_EQ(api_.expect("PUT", std::string("/api/v1/me/blocks/") + kWhite, black_), block);
  const auto list = api_.expect("GET", "/api/v1/me/blocks", black_)["blocks"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["username"], kWhite);
  EXPECT_TRUE(api_.expect("GET", "/api/v1/me/blocks", white_)["blocks"].empty());

  // The open challenge to the blocker was declined, and its maker told.
  EXPECT_EQ(api_.expect("GET", path(pending), white_)["status"], "declined");
  ASSERT_TRUE(challenger->read_type("challenge_declined"));
  EXPECT_EQ(incoming(black_), 0);
  // No new challenge, no rematch-like detour through seeks.
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", white_, named(kBlack), 403), "forbidden");
  EXPECT_EQ(api_.problem("POST", path(black_seek, "/accept"), white_, nullptr, 403), "forbidden");
  EXPECT_EQ(api_.problem("POST", path(white_seek, "/accept"), black_, nullptr, 403), "forbidden");
  const auto blocker_sees = api_.expect("GET", "/api/v1/challenges", black_);
  for (const auto& c : blocker_sees["open"]) {
    EXPECT_NE(c["challenger"]["username"], kWhite) << "the blocker does not see their seeks";
  }
  const auto blocked_sees = api_.expect("GET", "/api/v1/challenges", white_);
  for (const auto& c : blocked_sees["open"]) {
    EXPECT_NE(c["challenger"]["username"], kBlack) << "nor they the blocker's";
  }

  // The running game goes on, but without messages from the blocked player.
  const auto with_message = api_.try_play(game, white_, "e4", {{"message", "hello?"}});
  EXPECT_EQ(with_message.status, 403) << with_message.body;
  EXPECT_EQ(api_.game(game, white_)["ply"], 0) << "a refused move changes nothing";
  EXPECT_EQ(api_.call("POST", "/api/v1/games/" + game + "/moves", white_,
                      {{"move", "e4"}, {"message", "hello?"}})
                .status,
            403);
  api_.play(game, white_, "e4");
  api_.play(game, black_, "e5", {{"message", "the blocker may still write"}});
  api_.expect("POST", "/api/v1/games/" + game + "/resign", white_);
  EXPECT_EQ(api_.problem("POST", "/api/v1/games/" + game + "/messages", white_,
                         {{"text", "good game"}}, 403),
            "forbidden");
  api_.expect("POST", "/api/v1/games/" + game + "/messages", black_, {{"text", "thanks"}}, 201);
  const auto thread = api_.expect("GET", "/api/v1/games/" + game + "/messages", black_);
  for (const auto& m : thread["messages"]) EXPECT_NE(m["author"], kWhite);

  // Unblocked, they may challenge again (the decline's cooldown still applies).
  api_.expect("DELETE", std::string("/api/v1/me/blocks/") + kWhite, black_, nullptr, 204);
  api_.expect("DELETE", std::string("/api/v1/me/blocks/") + kWhite, black_, nullptr, 204);
  EXPECT_TRUE(api_.expect("GET", "/api/v1/me/blocks", black_)["blocks"].empty());
  api_.advance_clock(td_, 3600);
  challenge(white_, kBlack);
}

TEST_F(Blocking, BadBlocksAreRefused) {
  EXPECT_EQ(api_.problem("PUT", "/api/v1/me/blocks/nobody_here", black_, nullptr, 404),
            "not_found");
  EXPECT_EQ(api_.problem("DELETE", "/api/v1/me/blocks/nobody_here", black_, nullptr, 404),
            "not_found");
  EXPECT_EQ(api_.problem("PUT", std::string("/api/v1/me/blocks/") + kBlack, black_, nullptr, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("PUT", std::string("/api/v1/me/blocks/") + kWhite, "", nullptr, 401),
            "unauthorized");
  EXPECT_TRUE(api_.expect("GET", "/api/v1/me/blocks", black_)["blocks"].empty());
}

// A blocked player's challenge with a bad body is refused for its body (400), as for anyone,
// before the block is looked at (docs/api.md "Errors": the body before the operation); a
// sound one is the block's 403. Nothing is stored either way.
TEST_F(Blocking, ABlockedPlayersBadChallengeIsTheBodysError) {
  api_.expect("PUT", std::string("/api/v1/me/blocks/") + kWhite, black_);
  json too_long = named(kBlack);
  too_long["time_control"]["days"] = 181;
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", white_, too_long, 400), "validation_error");
  json long_message = named(kBlack);
  long_message["message"] = std::string(1001, 'm');
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", white_, long_message, 400),
            "validation_error");
  json past = named(kBlack);
  past["expires_at"] = "2000-01-01T00:00:00Z";
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", white_, past, 400), "validation_error");
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", white_, named(kBlack), 403), "forbidden");
  EXPECT_TRUE(api_.expect("GET", "/api/v1/challenges", white_)["outgoing"].empty());
  EXPECT_EQ(incoming(black_), 0);
}

// Mails: the first challenge is mailed at once; the ones after it within 15 minutes wait and
// go out as one mail listing the challenges still open.
class ChallengeMailBatch : public testing::MailTest {
 protected:
  ChallengeMailBatch()
      : MailTest({{"CORRCHESS_CHALLENGE_COOLDOWN_AFTER_CANCEL_MINUTES", "0"},
                  {"CORRCHESS_CHALLENGES_PER_OPPONENT_PER_DAY", "0"}}) {}
};

TEST_F(ChallengeMailBatch, ChallengesAfterTheFirstMailAreBatched) {
  const auto make = [&] {
    return api_.expect("POST", "/api/v1/challenges", white_, named(testing::kBlack), 201);
  };
  make();
  auto mails = testing::to(sink_.wait_for(1), "bjorn@example.org");
  ASSERT_EQ(mails.size(), 1u);
  EXPECT_EQ(mails[0]["subject"], "Wilma challenges you");
  // Ten more, half of them withdrawn at once.
  for (int i = 0; i < 10; ++i) {
    const auto c = make();
    if (i % 2 == 0) {
      api_.expect("POST", "/api/v1/challenges/" + c["id"].get<std::string>() + "/cancel", white_);
    }
  }
  std::this_thread::sleep_for(std::chrono::seconds(2));
  EXPECT_EQ(sink_.messages().size(), 1u) << "nothing more before the window ends";
  api_.advance_clock(td_, 15 * 60);
  mails = sink_.wait_for(2);
  ASSERT_EQ(testing::subjects(mails),
            (std::vector<std::string>{"6 challenges are waiting for you", "Wilma challenges you"}));
  json batch;
  for (const auto& m : mails) {
    if (m["subject"] != "Wilma challenges you") batch = m;
  }
  EXPECT_TRUE(testing::contains(batch["text"], "Wilma (6 challenges)")) << batch["text"];
  EXPECT_TRUE(testing::contains(batch["text"], std::string(testing::kPublicUrl) + "/challenges"));
  std::this_thread::sleep_for(std::chrono::seconds(1));
  EXPECT_EQ(sink_.messages().size(), 2u) << "one mail for the batch";
  // Quiet for a window after the batch: the next challenge is mailed at once again.
  api_.advance_clock(td_, 15 * 60);
  make();
  mails = sink_.wait_for(3);
  EXPECT_EQ(testing::subjects(mails),
            (std::vector<std::string>{"6 challenges are waiting for you", "Wilma challenges you",
                                      "Wilma challenges you"}));
}

}  // namespace
}  // namespace corrchess
