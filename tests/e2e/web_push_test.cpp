// Web Push end to end, against a real local push service (tests/support/push_service.py) that
// makes its own subscription keys like a browser, DECRYPTS each message (RFC 8291 aes128gcm)
// and VERIFIES its VAPID token (RFC 8292) with python3-cryptography: the keys come from
// `corrchess-server vapid-keys`; a player subscribes through the API, the opponent's move
// reaches them as a "your move" notification that opens the game; a 410 deletes the
// subscription; 500 and 429 are retried; bad subscriptions are refused and change nothing;
// the preferences switch push off per kind; without keys the routes say push_not_configured.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/push_service.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

using nlohmann::json;

constexpr const char* kSubject = "mailto:ops@example.org";

// What `corrchess-server vapid-keys` printed, read once: the private key line and the public
// key of its comment.
struct VapidLines {
  std::string private_key;
  std::string public_key;
};
const VapidLines& vapid_lines() {
  static const VapidLines lines = [] {
    VapidLines v;
    const auto run = testing::run_command(testing::bin_dir() + "/corrchess-server vapid-keys");
    std::istringstream in(run.out);
    for (std::string line; std::getline(in, line);) {
      const std::string key_prefix = "CORRCHESS_VAPID_PRIVATE_KEY=";
      const std::string public_prefix = "# Public key (GET /api/v1/push/key): ";
      if (line.starts_with(key_prefix)) v.private_key = line.substr(key_prefix.size());
      if (line.starts_with(public_prefix)) v.public_key = line.substr(public_prefix.size());
    }
    return v;
  }();
  return lines;
}

class WebPush : public testing::TwoPlayerTest {
 protected:
  WebPush()
      : TwoPlayerTest(
            testing::director_env(true, {{"CORRCHESS_VAPID_PRIVATE_KEY", vapid_lines().private_key},
                                         {"CORRCHESS_VAPID_SUBJECT", kSubject},
                                         // The local push service listens on 127.0.0.1.
                                         {"CORRCHESS_WEBHOOK_ALLOW_PRIVATE", "1"},
                                         {"CORRCHESS_NOTIFY_RETRY_BASE_SECONDS", "1"},
                                         {"CORRCHESS_NOTIFY_RETRY_MAX_SECONDS", "1"}})) {}

  json subscribe(const std::string& token) {
    return api_.expect("POST", "/api/v1/me/push-subscriptions", token, push_.subscription(), 201);
  }
  json devices(const std::string& token) {
    return api_.expect("GET", "/api/v1/me/push-subscriptions", token)["subscriptions"];
  }

  testing::PushService push_;
};

TEST_F(WebPush, TheOpponentsMoveArrivesEncryptedAndSignedAndOpensTheGame) {
  ASSERT_TRUE(push_.started());
  ASSERT_EQ(vapid_lines().private_key.size(), 43u) << "vapid-keys printed no key";
  const auto key = api_.expect("GET", "/api/v1/push/key", "");
  EXPECT_EQ(key["public_key"], vapid_lines().public_key);

  const auto id = create_game();  // before subscribing: the start is not pushed
  const auto device = subscribe(black_);
  EXPECT_EQ(device["endpoint"], push_.subscription()["endpoint"]);
  EXPECT_TRUE(device["last_success_at"].is_null());
  EXPECT_EQ(device["failure_count"], 0);
  ASSERT_EQ(devices(black_).size(), 1u);
  EXPECT_EQ(devices(white_).size(), 0u);

  api_.play(id, white_, "e4");
  const auto got = push_.wait_for(1);
  ASSERT_EQ(got.size(), 1u);
  const auto& r = got[0];
  EXPECT_TRUE(r["error"].is_null()) << r.dump(1);
  EXPECT_EQ(r["status"], 201);
  EXPECT_EQ(r["content_encoding"], "aes128gcm");
  EXPECT_EQ(r["ttl"], "86400");
  EXPECT_EQ(r["urgency"], "normal");
  // The VAPID token: signed by the key the server publishes, for the push service's origin.
  EXPECT_TRUE(r["vapid"]["ok"].get<bool>()) << r["vapid"].dump();
  EXPECT_EQ(r["vapid"]["k"], vapid_lines().public_key);
  const std::string endpoint = push_.subscription()["endpoint"];
  EXPECT_EQ(r["vapid"]["claims"]["aud"], endpoint.substr(0, endpoint.find("/push/")));
  EXPECT_EQ(r["vapid"]["claims"]["sub"], kSubject);
  // The decrypted payload: "your move", opening the game.
  const auto& payload = r["payload"];
  ASSERT_TRUE(payload.is_object()) << r.dump(1);
  EXPECT_NE(payload["title"].get<std::string>().find("e4"), std::string::npos) << payload;
  EXPECT_NE(payload["body"].get<std::string>().find("e4"), std::string::npos) << payload;
  EXPECT_TRUE(payload["url"].get<std::string>().ends_with("/games/" + id)) << payload;
  EXPECT_EQ(payload["tag"], "game-" + id);
  EXPECT_EQ(payload.size(), 4u) << payload;

  // The device shows the success; the opponent got no push (no device).
  EXPECT_TRUE(testing::wait_until([&] { return devices(black_)[0]["last_success_at"].is_string(); },
                                  std::chrono::seconds(5)));
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_EQ(push_.requests().size(), 1u);
}

TEST_F(WebPush, ASubscriptionThePushServiceSaysIsGoneIsDeleted) {
  ASSERT_TRUE(push_.started());
  const auto id = create_game();
  subscribe(black_);
  push_.answer_next("410");
  api_.play(id, white_, "d4");
  const auto got = push_.wait_for(1);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0]["status"], 410);
  EXPECT_TRUE(got[0]["payload"].is_object()) << got[0].dump(1);
  EXPECT_TRUE(
      testing::wait_until([&] { return devices(black_).empty(); }, std::chrono::seconds(10)));
  // Nothing more is sent to it.
  api_.play(id, black_, "d5");
  api_.play(id, white_, "c4");
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));
  EXPECT_EQ(push_.requests().size(), 1u);
}

TEST_F(WebPush, ServerErrorsAndTooManyRequestsAreRetried) {
  ASSERT_TRUE(push_.started());
  const auto id = create_game();
  subscribe(black_);
  push_.answer_next("500 429");
  api_.play(id, white_, "Nf3");
  const auto got = push_.wait_for(3);
  ASSERT_EQ(got.size(), 3u) << got.dump(1);
  EXPECT_EQ(got[0]["status"], 500);
  EXPECT_EQ(got[1]["status"], 429);
  EXPECT_EQ(got[2]["status"], 201);
  for (const auto& r : got) {
    EXPECT_EQ(r["payload"]["tag"], "game-" + id) << r.dump(1);
    EXPECT_TRUE(r["vapid"]["ok"].get<bool>()) << r.dump(1);
  }
  // Each try is encrypted afresh, to the same message.
  EXPECT_EQ(got[0]["payload"], got[2]["payload"]);
  EXPECT_TRUE(testing::wait_until(
      [&] {
        const auto d = devices(black_);
        return d.size() == 1 && d[0]["last_success_at"].is_string() && d[0]["failure_count"] == 0;
      },
      std::chrono::seconds(5)));
}

TEST_F(WebPush, PreferencesSwitchPushOffPerKind) {
  ASSERT_TRUE(push_.started());
  auto prefs = api_.expect("GET", "/api/v1/me/notifications", black_);
  EXPECT_EQ(prefs["channels"]["push"]["opponent_moved"], true);
  EXPECT_EQ(prefs["channels"]["push"].size(), 12u);
  api_.expect("PUT", "/api/v1/me/notifications", black_,
              {{"channels", {{"push", {{"opponent_moved", false}}}}}});
  prefs = api_.expect("GET", "/api/v1/me/notifications", black_);
  EXPECT_EQ(prefs["channels"]["push"]["opponent_moved"], false);
  EXPECT_EQ(prefs["channels"]["email"]["opponent_moved"], true);
  const auto id = create_game();
  subscribe(black_);
  api_.play(id, white_, "e4");
  api_.expect("POST", "/api/v1/games/" + id + "/resign", white_);
  // The move is not pushed; the end of the game is.
  const auto got = push_.wait_for(1);
  ASSERT_EQ(got.size(), 1u);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  ASSERT_EQ(push_.requests().size(), 1u);
  EXPECT_EQ(got[0]["payload"]["tag"], "game-" + id);
  EXPECT_TRUE(got[0]["payload"]["title"].get<std::string>().ends_with(": game over"))
      << got[0]["payload"];
}

TEST_F(WebPush, BadSubscriptionsAreRefusedAndDevicesAreOnesOwn) {
  ASSERT_TRUE(push_.started());
  const auto good = push_.subscription();
  const auto refused = [&](json body) {
    EXPECT_EQ(api_.problem("POST", "/api/v1/me/push-subscriptions", black_, body, 400),
              "validation_error")
        << body;
  };
  auto body = good;
  body["endpoint"] = "http://push.example.net/push/1";  // plain http beyond loopback
  refused(body);
  body = good;
  body["endpoint"] = "ftp://127.0.0.1/push/1";
  refused(body);
  body = good;
  body["keys"]["p256dh"] = good["keys"]["auth"];  // 16 bytes, not 65
  refused(body);
  body = good;
  std::string off_curve = good["keys"]["p256dh"];
  off_curve[10] = off_curve[10] == 'A' ? 'B' : 'A';
  body["keys"]["p256dh"] = off_curve;
  refused(body);
  body = good;
  body["keys"]["auth"] = "AAAAAAAAAAAAAAAAAAAA";  // 15 bytes
  refused(body);
  body = good;
  body["keys"]["auth"] = "BTBZMqHH6r4Tts7J_aSIgg==";  // padded
  refused(body);
  body = good;
  body.erase("keys");
  refused(body);
  refused(json{{"endpoint", 5}, {"keys", good["keys"]}});
  EXPECT_EQ(devices(black_).size(), 0u);

  const auto device = subscribe(black_);
  // The same browser again: the same device, its keys replaced.
  const auto again = subscribe(black_);
  EXPECT_EQ(again["id"], device["id"]);
  ASSERT_EQ(devices(black_).size(), 1u);
  const std::string path = "/api/v1/me/push-subscriptions/" + device["id"].get<std::string>();
  EXPECT_EQ(api_.problem("DELETE", path, white_, nullptr, 404), "not_found");
  EXPECT_EQ(api_.problem("DELETE", "/api/v1/me/push-subscriptions/abc", black_, nullptr, 404),
            "not_found");
  EXPECT_EQ(devices(black_).size(), 1u);
  EXPECT_EQ(api_.call("DELETE", path, black_).status, 204);
  EXPECT_EQ(devices(black_).size(), 0u);
  EXPECT_EQ(api_.problem("GET", "/api/v1/me/push-subscriptions", "", nullptr, 401), "unauthorized");
}

class WebPushOff : public testing::TwoPlayerTest {};

TEST_F(WebPushOff, WithoutKeysTheRoutesSayPushIsNotConfigured) {
  EXPECT_EQ(api_.problem("GET", "/api/v1/push/key", "", nullptr, 503), "push_not_configured");
  const json body = {{"endpoint", "https://push.example.net/push/1"},
                     {"keys",
                      {{"p256dh",
                        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZ"
                        "GH6SRpkNtoIAiw4"},
                       {"auth", "BTBZMqHH6r4Tts7J_aSIgg"}}}};
  EXPECT_EQ(api_.problem("POST", "/api/v1/me/push-subscriptions", black_, body, 503),
            "push_not_configured");
  EXPECT_EQ(api_.expect("GET", "/api/v1/me/push-subscriptions", black_)["subscriptions"].size(),
            0u);
}

}  // namespace
}  // namespace corrchess
