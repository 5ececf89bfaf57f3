// Use cases of app/webhooks.cpp without HTTP: what a subscription is checked for (the URL,
// an event only for directors and only an existing one), ten per user at most, a webhook and
// its deliveries are its creator's alone, and a delivery sent again keeps its id.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/webhooks.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

constexpr const char* kHookUrl = "https://hooks.example.org/corrchess";

class WebhookUseCases : public testing::UseCaseTest {
 protected:
  WebhookUseCases() : UseCaseTest({"ann", "ben"}) {}
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }

  // The code a request of `user` is refused with (nullopt: created).
  std::optional<ErrorCode> subscribe(const model::User& user, const std::string& url,
                                     std::optional<std::int64_t> event_id = std::nullopt) {
    auto made = app::create_webhook(*pool_, user, {url, event_id});
    return made ? std::nullopt : std::optional(made.error().code);
  }
  std::int64_t hook(const model::User& user) {
    auto made = app::create_webhook(*pool_, user, {kHookUrl, std::nullopt});
    EXPECT_TRUE(made) << (made ? "" : made.error().detail);
    return made ? made->id : 0;
  }
  std::size_t hooks(const model::User& user) {
    return app::list_webhooks(*pool_, user).value().size();
  }
};

TEST_F(WebhookUseCases, ASubscriptionIsCheckedAndAUserHasTenAtMost) {
  for (const auto* url : {"ftp://hooks.example.org/", "hooks.example.org/x",
                          "https://user:secret@hooks.example.org/", "https://"}) {
    EXPECT_EQ(subscribe(ann(), url), ErrorCode::kValidationError) << url;
  }
  EXPECT_EQ(subscribe(ann(), kHookUrl, 1), ErrorCode::kForbidden) << "events are directors'";
  const auto director = player("td", "td");
  EXPECT_EQ(subscribe(director, kHookUrl, 1), ErrorCode::kValidationError)
      << "no event 1 yet: a body field";
  EXPECT_EQ(hooks(ann()) + hooks(director), 0u);
  const auto event = new_event(director, event_creation("Watched"));
  auto followed = app::create_webhook(*pool_, director, {kHookUrl, event});
  ASSERT_TRUE(followed) << followed.error().detail;
  EXPECT_EQ(followed->event_id, event);
  EXPECT_FALSE(followed->secret.empty());

  for (int i = 0; i < app::kMaxWebhooksPerUser; ++i) {
    EXPECT_EQ(subscribe(ann(), kHookUrl + std::string("/") + std::to_string(i)), std::nullopt);
  }
  EXPECT_EQ(subscribe(ann(), kHookUrl), ErrorCode::kConflict);
  EXPECT_EQ(hooks(ann()), static_cast<std::size_t>(app::kMaxWebhooksPerUser));
  EXPECT_EQ(subscribe(ben(), kHookUrl), std::nullopt) << "per user";
}

TEST_F(WebhookUseCases, AWebhookAndItsDeliveriesAreItsCreatorsAlone) {
  const auto id = hook(ann());
  EXPECT_EQ(app::delete_webhook(*pool_, ben(), id).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(app::webhook_deliveries(*pool_, ben(), id, 10).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(app::redeliver_webhook(*pool_, ben(), id, "00000000-0000-0000-0000-000000000000")
                .error()
                .code,
            ErrorCode::kNotFound);
  EXPECT_TRUE(hooks(ben()) == 0 && hooks(ann()) == 1);
  ASSERT_TRUE(app::delete_webhook(*pool_, ann(), id));
  EXPECT_EQ(hooks(ann()), 0u);
  EXPECT_EQ(app::delete_webhook(*pool_, ann(), id).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(app::webhook_deliveries(*pool_, ann(), id, 10).error().code, ErrorCode::kNotFound);
}

TEST_F(WebhookUseCases, ADeliveryIsListedAndSentAgainUnderItsId) {
  const auto id = hook(ann());
  challenge(ben(), ann());  // ann's live `challenge` message goes to her webhook
  auto listed = app::webhook_deliveries(*pool_, ann(), id, 10);
  ASSERT_TRUE(listed) << listed.error().detail;
  ASSERT_EQ(listed->size(), 1u);
  const auto delivery = listed->front().delivery_id;
  EXPECT_EQ(listed->front().kind, "challenge");
  EXPECT_EQ(listed->front().status, "pending");
  const auto sent = take_deliveries();
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent.front().delivery_id, delivery);
  EXPECT_EQ(sent.front().webhook_url, kHookUrl);
  EXPECT_EQ(app::webhook_deliveries(*pool_, ann(), id, 10).value().front().status, "sent");

  EXPECT_EQ(app::redeliver_webhook(*pool_, ann(), id, "00000000-0000-0000-0000-000000000000")
                .error()
                .code,
            ErrorCode::kNotFound);
  EXPECT_EQ(app::redeliver_webhook(*pool_, ann(), id, "not-a-uuid").error().code,
            ErrorCode::kNotFound);
  ASSERT_TRUE(app::redeliver_webhook(*pool_, ann(), id, delivery));
  EXPECT_EQ(app::webhook_deliveries(*pool_, ann(), id, 10).value().front().status, "pending");
  const auto again = take_deliveries();
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again.front().delivery_id, delivery) << "the receiver can tell it is the same";
}

}  // namespace
}  // namespace corrchess
