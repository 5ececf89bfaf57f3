// Use cases of app/notification_prefs.cpp without HTTP: each user's preferences are their own
// and are what later mail follows; only admins see the deliveries that were given up.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/account_mail.h"
#include "app/notification_prefs.h"
#include "db/transaction.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class NotificationPrefUseCases : public testing::UseCaseTest {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    ann_ = player("ann", "player", "ann@example.org");
    ben_ = player("ben", "player", "ben@example.org");
  }
  // Preferences unlike the defaults: no game_started mail, one reminder, a digest at 20:00.
  static notify::Preferences quiet() {
    notify::Preferences prefs;
    prefs.disabled = {{notify::Kind::kGameStarted, notify::Channel::kEmail}};
    prefs.reminder_offsets = {86400};
    prefs.digest_hour = 20;
    return prefs;
  }

  model::User ann_;
  model::User ben_;
};

TEST_F(NotificationPrefUseCases, EachUserReplacesTheirOwnPreferences) {
  auto before = app::notification_preferences(*pool_, ann_);
  ASSERT_TRUE(before);
  EXPECT_EQ(before->prefs, notify::Preferences{});
  EXPECT_EQ(before->email, "ann@example.org");
  EXPECT_FALSE(before->email_verified);
  auto replaced = app::replace_notification_preferences(*pool_, *clock_, ann_, quiet());
  ASSERT_TRUE(replaced) << replaced.error().detail;
  EXPECT_EQ(replaced->prefs, quiet());
  EXPECT_EQ(app::notification_preferences(*pool_, ann_).value().prefs, quiet());
  EXPECT_EQ(app::notification_preferences(*pool_, ben_).value().prefs, notify::Preferences{})
      << "ben's are untouched";
}

TEST_F(NotificationPrefUseCases, MailFollowsThePreferences) {
  send_mail();
  ASSERT_TRUE(app::replace_notification_preferences(*pool_, *clock_, ann_, quiet()));
  const auto director = player("td", "td");
  single_game(director, ann_, ben_);
  std::vector<std::string> told;
  for (const auto& d : take_deliveries()) {
    if (d.kind == "game_started") told.push_back(d.email.to);
  }
  EXPECT_EQ(told, (std::vector<std::string>{"ben@example.org"}));
}

TEST_F(NotificationPrefUseCases, OnlyAdminsSeeTheDeliveriesGivenUp) {
  send_mail();
  ASSERT_TRUE(app::request_password_reset(*pool_, *clock_, "ann"));
  auto failed = db::in_transaction(*pool_, [&](pqxx::work& tx) -> Result<void> {
    auto d = db::claim_due_delivery(tx, clock_->now(tx));
    if (!d) return fail(ErrorCode::kNotFound, "nothing queued");
    db::record_failure(tx, *d, "550 no such mailbox", 0, true);
    return {};
  });
  ASSERT_TRUE(failed) << failed.error().detail;
  const auto td = player("td", "td");
  const auto admin = player("root", "admin");
  EXPECT_EQ(app::failed_notifications(*pool_, ann_, 10).error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::failed_notifications(*pool_, td, 10).error().code, ErrorCode::kForbidden);
  const auto shown = app::failed_notifications(*pool_, admin, 10);
  ASSERT_TRUE(shown) << shown.error().detail;
  ASSERT_EQ(shown->size(), 1u);
  EXPECT_EQ(shown->front().kind, "password_reset");
  EXPECT_EQ(shown->front().status, "failed");
  EXPECT_EQ(shown->front().user_id, ann_.id);
  EXPECT_EQ(shown->front().last_error, "550 no such mailbox");
}

}  // namespace
}  // namespace corrchess
