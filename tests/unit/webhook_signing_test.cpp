// Webhook signing (delivery/webhook): the Standard Webhooks signature of a known example,
// fresh secrets, and which target URLs are accepted.
#include "delivery/webhook.h"

#include <gtest/gtest.h>

namespace corrchess::delivery {
namespace {

TEST(WebhookSigning, MatchesTheStandardWebhooksExample) {
  auto s = webhook_signature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                             "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, R"({"test": 2432232314})");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(*s, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  EXPECT_FALSE(webhook_signature("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "id", 1, "{}"));
  EXPECT_FALSE(webhook_signature("whsec_!!!", "id", 1, "{}"));
}

TEST(WebhookSigning, FreshSecretsDifferAndSign) {
  const auto a = new_webhook_secret();
  const auto b = new_webhook_secret();
  EXPECT_NE(a, b);
  EXPECT_TRUE(a.starts_with("whsec_"));
  EXPECT_EQ(a.size(), 6u + 32u);
  EXPECT_TRUE(webhook_signature(a, "id", 1, "{}"));
}

TEST(WebhookSigning, OnlyAbsoluteHttpUrlsWithoutUserInfo) {
  EXPECT_EQ(normalize_webhook_url("https://hooks.example.org/corrchess?x=1"),
            "https://hooks.example.org/corrchess?x=1");
  EXPECT_EQ(normalize_webhook_url("http://10.0.0.1:8080/"),  // refused later, when sent
            "http://10.0.0.1:8080/");
  EXPECT_FALSE(normalize_webhook_url("ftp://hooks.example.org/"));
  EXPECT_FALSE(normalize_webhook_url("file:///etc/passwd"));
  EXPECT_FALSE(normalize_webhook_url("https://user:pw@hooks.example.org/"));
  EXPECT_FALSE(normalize_webhook_url("/relative"));
  EXPECT_FALSE(normalize_webhook_url("https://" + std::string(2000, 'a') + ".example/"));
}

// Found by the http_request fuzz target: libcurl reads "https:/me/x" as host "me", and the
// text was stored as sent, so the database's own URL check refused it with a 500.
TEST(WebhookSigning, UrlsWithoutTwoSlashesAreRefusedAndTheSchemeIsStoredInLowerCase) {
  EXPECT_FALSE(normalize_webhook_url("https:/me/leave.org/hook"));
  EXPECT_FALSE(normalize_webhook_url("https:hooks.example.org/"));
  EXPECT_FALSE(normalize_webhook_url("hooks.example.org/x"));
  EXPECT_EQ(normalize_webhook_url("HTTPS://hooks.example.org/x"), "https://hooks.example.org/x");
  EXPECT_EQ(normalize_webhook_url("Http://hooks.example.org"), "http://hooks.example.org/");
}

// docs/api.md: "written with the two slashes and a host". libcurl reads "https:///x" as the
// host x; such a URL names no host and was stored as https://x/.
TEST(WebhookSigning, UrlsWithAnEmptyHostAreRefused) {
  EXPECT_FALSE(normalize_webhook_url("https:///hooks.example.org/x"));
  EXPECT_FALSE(normalize_webhook_url("https:///x"));
  EXPECT_FALSE(normalize_webhook_url("http://"));
  EXPECT_FALSE(normalize_webhook_url("https://?x=1"));
  EXPECT_FALSE(normalize_webhook_url("https://#x"));
  EXPECT_EQ(normalize_webhook_url("https://x/"), "https://x/");
}

TEST(WebhookSigning, PrivateTargetsAreRefusedBeforeAnyConnection) {
  const WebhookSettings settings;  // private targets not allowed
  for (const char* url : {"http://127.0.0.1:9/", "http://[::1]:9/", "http://169.254.169.254/",
                          "http://192.168.1.1/", "http://10.1.2.3/", "http://localhost:9/"}) {
    auto r = post_webhook(settings,
                          {url, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "id", "{}", 1893456000});
    ASSERT_FALSE(r.has_value()) << url;
    EXPECT_EQ(r.error().code, ErrorCode::kValidationError) << url << ": " << r.error().detail;
  }
}

}  // namespace
}  // namespace corrchess::delivery
