// Webhooks end to end, against a real HTTP receiver (tests/support/webhook_receiver.py) that
// checks the Standard Webhooks signature by the documented algorithm: a player's live
// messages arrive signed, a 500 is retried with the same webhook-id, the delivery log shows
// the attempts, redelivery sends the same id again, a deleted webhook gets nothing more; a
// private address is refused unless the server allows it; only directors subscribe to events;
// webhook-timestamp comes from the server's (test) clock.
#include <gtest/gtest.h>

#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/webhook_receiver.h"

namespace corrchess {
namespace {

using nlohmann::json;

class Webhooks : public testing::TwoPlayerTest {
 protected:
  explicit Webhooks(bool allow_private = true)
      : TwoPlayerTest(testing::director_env(
            true, {{"CORRCHESS_WEBHOOK_ALLOW_PRIVATE", allow_private ? "1" : "0"},
                   {"CORRCHESS_NOTIFY_RETRY_BASE_SECONDS", "1"},
                   {"CORRCHESS_NOTIFY_RETRY_MAX_SECONDS", "1"}})) {}

  json subscribe(const std::string& token, const std::string& url) {
    return api_.expect("POST", "/api/v1/me/webhooks", token, {{"url", url}}, 201);
  }
  json deliveries(const json& hook) {
    return api_.expect("GET",
                       "/api/v1/me/webhooks/" + hook["id"].get<std::string>() + "/deliveries",
                       white_)["deliveries"];
  }

  testing::WebhookReceiver receiver_;
};

TEST_F(Webhooks, SignedLiveMessagesRetriedLoggedRedeliveredWithTheSameId) {
  ASSERT_TRUE(receiver_.started());
  const auto hook = subscribe(white_, receiver_.url());
  const std::string secret = hook["secret"];
  EXPECT_TRUE(secret.starts_with("whsec_"));
  receiver_.set_secret(secret);
  receiver_.fail_next(1);
  const auto id = create_game();
  api_.play(id, white_, "e4");
  auto got = receiver_.wait_for(2);
  ASSERT_EQ(got.size(), 2u) << got.dump(1);
  EXPECT_EQ(got[0]["status"], 500);
  EXPECT_EQ(got[1]["status"], 200);
  EXPECT_EQ(got[0]["id"], got[1]["id"]) << "a retry keeps the webhook-id";
  for (const auto& r : got) {
    EXPECT_TRUE(r["verified"].get<bool>()) << r.dump();
    EXPECT_EQ(r["path"], "/hook");
  }
  // The body is the live message of the WebSocket, with its number.
  const auto& body = got[1]["body"];
  EXPECT_EQ(body["type"], "move");
  EXPECT_EQ(body["game_id"], id);
  EXPECT_EQ(body["move"]["san"], "e4");
  EXPECT_EQ(body["by"], "white");
  EXPECT_TRUE(body["seq"].is_number_integer());
  auto log = deliveries(hook);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0]["id"], got[1]["id"]);
  EXPECT_EQ(log[0]["status"], "sent");
  EXPECT_EQ(log[0]["attempts"], 2);
  EXPECT_EQ(log[0]["kind"], "move");

  // Redelivery: the same id again, signed.
  const std::string path = "/api/v1/me/webhooks/" + hook["id"].get<std::string>() + "/deliveries/" +
                           log[0]["id"].get<std::string>() + "/redeliver";
  api_.expect("POST", path, white_, nullptr, 202);
  got = receiver_.wait_for(3);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[2]["id"], got[0]["id"]);
  EXPECT_TRUE(got[2]["verified"].get<bool>());
  // The receiver's check is not a formality: with another secret it fails.
  receiver_.set_secret("whsec_" + std::string(32, 'A'));
  api_.expect("POST", path, white_, nullptr, 202);
  got = receiver_.wait_for(4);
  ASSERT_EQ(got.size(), 4u);
  EXPECT_FALSE(got[3]["verified"].get<bool>());
  // Nobody else sees or redelivers it.
  EXPECT_EQ(api_.problem("POST", path, black_, nullptr, 404), "not_found");
  EXPECT_EQ(
      api_.problem("GET", "/api/v1/me/webhooks/" + hook["id"].get<std::string>() + "/deliveries",
                   black_, nullptr, 404),
      "not_found");

  // Moves switched off for webhooks: Black's reply does not come; a resignation does.
  api_.expect("PUT", "/api/v1/me/notifications", white_,
              {{"channels", {{"webhook", {{"opponent_moved", false}}}}}});
  api_.play(id, black_, "c5");
  api_.expect("POST", "/api/v1/games/" + id + "/resign", black_);
  got = receiver_.wait_for(5);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  got = receiver_.requests();
  ASSERT_EQ(got.size(), 5u) << got.dump(1);
  EXPECT_EQ(got[4]["body"]["type"], "game_over");

  // Deleted: nothing more arrives.
  EXPECT_EQ(
      api_.call("DELETE", "/api/v1/me/webhooks/" + hook["id"].get<std::string>(), white_).status,
      204);
  EXPECT_EQ(api_.expect("GET", "/api/v1/me/webhooks", white_)["webhooks"].size(), 0u);
  api_.expect("POST", "/api/v1/challenges", black_,
              {{"opponent", kWhite}, {"time_control", testing::iccf_control()}}, 201);
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));
  EXPECT_EQ(receiver_.requests().size(), 5u);
}

// webhook-timestamp is the server's clock (here the manual test clock, far from this
// machine's), in the first send, a retry and a redelivery, and the signature over it verifies.
TEST_F(Webhooks, TimestampIsTheServerClockAndTheSignatureVerifies) {
  ASSERT_TRUE(receiver_.started());
  api_.set_clock(td_, "2031-03-04T05:06:07Z");
  const auto start = testing::epoch_seconds("2031-03-04T05:06:07Z");
  const auto hook = subscribe(white_, receiver_.url());
  receiver_.set_secret(hook["secret"]);
  receiver_.fail_next(1);
  const auto id = create_game();
  api_.play(id, white_, "e4");
  auto got = receiver_.wait_for(2);
  ASSERT_EQ(got.size(), 2u) << got.dump(1);
  for (const auto& r : got) {
    EXPECT_EQ(r["timestamp"], std::to_string(start)) << r.dump();
    EXPECT_TRUE(r["verified"].get<bool>()) << r.dump();
  }
  api_.advance_clock(td_, 3600);
  const auto log = deliveries(hook);
  ASSERT_EQ(log.size(), 1u);
  api_.expect("POST",
              "/api/v1/me/webhooks/" + hook["id"].get<std::string>() + "/deliveries/" +
                  log[0]["id"].get<std::string>() + "/redeliver",
              white_, nullptr, 202);
  got = receiver_.wait_for(3);
  ASSERT_EQ(got.size(), 3u) << got.dump(1);
  EXPECT_EQ(got[2]["timestamp"], std::to_string(start + 3600)) << got[2].dump();
  EXPECT_TRUE(got[2]["verified"].get<bool>()) << got[2].dump();
}

// A director's webhook for an event gets each message about the event's games once.
TEST_F(Webhooks, ADirectorFollowsTheGamesOfAnEvent) {
  ASSERT_TRUE(receiver_.started());
  const auto event_id = api_.create_event(td_, "Hooked", {kWhite, kBlack});
  const auto hook = api_.expect("POST", "/api/v1/me/webhooks", td_,
                                {{"url", receiver_.url()}, {"event_id", event_id}}, 201);
  EXPECT_EQ(hook["event_id"], event_id);
  receiver_.set_secret(hook["secret"]);
  const auto started = api_.start_event(td_, event_id);
  const std::string game = started["id"];
  const std::string first = started["white"];
  api_.play(game, first == kWhite ? white_ : black_, "e4");
  auto got = receiver_.wait_for(1);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  got = receiver_.requests();
  ASSERT_EQ(got.size(), 1u) << "once, not once per player: " << got.dump(1);
  EXPECT_TRUE(got[0]["verified"].get<bool>());
  EXPECT_EQ(got[0]["body"]["type"], "move");
  EXPECT_EQ(got[0]["body"]["game_id"], game);
  EXPECT_FALSE(got[0]["body"].contains("seq"));
}

TEST_F(Webhooks, BadUrlsAndEventsOfOthersAreRefused) {
  EXPECT_EQ(api_.problem("POST", "/api/v1/me/webhooks", white_, {{"url", "ftp://x.example/"}}, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("POST", "/api/v1/me/webhooks", white_, {{"url", "not a url"}}, 400),
            "validation_error");
  // Found by the http_request fuzz target: these two were answered 500 (the database's URL
  // check refused what the server had accepted).
  EXPECT_EQ(api_.problem("POST", "/api/v1/me/webhooks", white_,
                         {{"url", "https:/me/leave.org/hook"}}, 400),
            "validation_error");
  const auto upper =
      api_.expect("POST", "/api/v1/me/webhooks", white_, {{"url", "HTTPS://hooks.example/x"}}, 201);
  EXPECT_EQ(upper["url"], "https://hooks.example/x") << "stored as it will be called";
  EXPECT_EQ(api_.problem("POST", "/api/v1/me/webhooks", white_,
                         {{"url", "https://hooks.example/"}, {"event_id", "1"}}, 403),
            "forbidden");
  // An event_id naming no event is bad input (400, like every id field of a body); the 404
  // of an unknown id is for the path (docs/api.md "Conventions", "Errors").
  const auto refused = api_.call("POST", "/api/v1/me/webhooks", td_,
                                 {{"url", "https://hooks.example/"}, {"event_id", "999"}});
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_EQ(json::parse(refused.body)["code"], "validation_error");
  EXPECT_NE(refused.body.find("no event 999"), std::string::npos) << refused.body;
  // An id field takes a string of digits or a positive integer (docs/api.md "Conventions"),
  // checked before who may name an event.
  for (const json& bad : {json("12a"), json(""), json("+1"), json(0), json(-3), json(1.5),
                          json(true), json::object()}) {
    for (const auto& token : {td_, white_}) {
      EXPECT_EQ(api_.problem("POST", "/api/v1/me/webhooks", token,
                             {{"url", "https://hooks.example/"}, {"event_id", bad}}, 400),
                "validation_error")
          << bad.dump();
    }
  }
  EXPECT_EQ(api_.problem("POST", "/api/v1/me/webhooks", td_,
                         {{"url", "https://hooks.example/"}, {"event_id", 999}}, 400),
            "validation_error");
  EXPECT_TRUE(api_.expect("GET", "/api/v1/me/webhooks", td_)["webhooks"].empty())
      << "nothing was stored";
  const auto event_id = api_.create_event(td_, "Numbered", {kWhite, kBlack});
  const auto numbered =
      api_.expect("POST", "/api/v1/me/webhooks", td_,
                  {{"url", "https://hooks.example/n"}, {"event_id", std::stoll(event_id)}}, 201);
  EXPECT_EQ(numbered["event_id"], event_id);
  EXPECT_EQ(api_.problem("GET", "/api/v1/me/webhooks", "", nullptr, 401), "unauthorized");
}

class PrivateWebhooks : public Webhooks {
 protected:
  PrivateWebhooks() : Webhooks(false) {}
};

TEST_F(PrivateWebhooks, ALoopbackTargetIsRefusedByDefault) {
  ASSERT_TRUE(receiver_.started());
  const auto hook = subscribe(white_, receiver_.url());
  const auto id = create_game();
  api_.play(id, white_, "d4");
  json log;
  ASSERT_TRUE(testing::wait_until(
      [&] {
        log = deliveries(hook);
        return log.size() == 1 && log[0]["status"] == "failed";
      },
      std::chrono::seconds(20), std::chrono::milliseconds(100)))
      << log.dump(1);
  EXPECT_NE(log[0]["last_error"].get<std::string>().find("refused"), std::string::npos)
      << log.dump(1);
  EXPECT_EQ(receiver_.requests().size(), 0u);
  // The notifier counts a batch's outcomes after the batch is committed, so the counter
  // may lag the stored status by a moment.
  EXPECT_TRUE(testing::wait_until(
      [&] { return api_.metric("corrchess_notifications_webhook_failed_total") >= 1; },
      std::chrono::seconds(10), std::chrono::milliseconds(50)));
}

}  // namespace
}  // namespace corrchess
