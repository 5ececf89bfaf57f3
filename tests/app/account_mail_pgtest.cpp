// Use cases of app/account_mail.cpp without HTTP: password-reset links (no account
// enumeration, a few mails an hour, only the newest link works, once, for an hour) and the
// confirmation of an address (needs an address and a mail server, a few an hour, once).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/account_mail.h"
#include "app/accounts.h"
#include "app/notification_prefs.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class AccountMailUseCases : public testing::UseCaseTest {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    ann_ = player("ann", "player", "ann@example.org");
  }

  // The token of every mail of `kind` due now, oldest first (taken out of the outbox); the
  // mails must go to ann's address.
  std::vector<std::string> mailed_tokens(const std::string& kind) {
    std::vector<std::string> out;
    for (const auto& d : take_deliveries()) {
      EXPECT_EQ(d.kind, kind);
      EXPECT_EQ(d.email.to, "ann@example.org");
      const auto token = link_token(d.email.text);
      EXPECT_FALSE(token.empty()) << "no link in " << d.email.text;
      out.push_back(token);
    }
    return out;
  }
  // A reset link mailed to ann now (the request must succeed and mail one).
  std::string reset_link() {
    EXPECT_TRUE(app::request_password_reset(*pool_, *clock_, "ann"));
    const auto tokens = mailed_tokens("password_reset");
    EXPECT_EQ(tokens.size(), 1u);
    return tokens.empty() ? "" : tokens.front();
  }
  std::optional<ErrorCode> login(const std::string& password) {
    std::int64_t retry = 0;
    auto checked =
        app::check_credentials(*pool_, app::AccountPolicy{}, "ann", password, "10.0.0.1", retry);
    return checked ? std::nullopt : std::optional(checked.error().code);
  }
  bool verified() {
    auto prefs = app::notification_preferences(*pool_, ann_);
    EXPECT_TRUE(prefs);
    return prefs && prefs->email_verified;
  }

  model::User ann_;
};

TEST_F(AccountMailUseCases, AResetIsMailedThreeTimesAnHourAndTheAnswerNeverTellsWhoExists) {
  send_mail();
  player("ben");  // no address
  for (const char* who : {"nobody", "ben"}) {
    EXPECT_TRUE(app::request_password_reset(*pool_, *clock_, who)) << who;
  }
  EXPECT_TRUE(take_deliveries().empty());
  for (int i = 0; i < app::kMailsPerHour + 2; ++i) {
    EXPECT_TRUE(app::request_password_reset(*pool_, *clock_, "ann")) << i;
  }
  EXPECT_EQ(mailed_tokens("password_reset").size(), static_cast<std::size_t>(app::kMailsPerHour));
}

TEST_F(AccountMailUseCases, OnlyTheNewestResetLinkWorksOnceAndSignsOutEverywhere) {
  send_mail();
  const auto first = reset_link();
  const auto second = reset_link();
  ASSERT_NE(first, second);
  auto accounts = account_deps();
  auto session = app::sign_in(accounts, ann_, std::nullopt);
  ASSERT_TRUE(session);
  EXPECT_EQ(app::reset_password(*pool_, *clock_, first, "a new password").error().code,
            ErrorCode::kValidationError)
      << "superseded by the second";
  // A bad password leaves the link usable.
  EXPECT_EQ(app::reset_password(*pool_, *clock_, second, "short").error().code,
            ErrorCode::kValidationError);
  auto reset = app::reset_password(*pool_, *clock_, second, "a new password");
  ASSERT_TRUE(reset) << reset.error().detail;
  EXPECT_EQ(*reset, ann_.id);
  EXPECT_EQ(app::reset_password(*pool_, *clock_, second, "another password").error().code,
            ErrorCode::kValidationError)
      << "used";
  EXPECT_FALSE(app::token_owner(*pool_, app::token_hash(session->secret)).value());
  EXPECT_EQ(login("a new password"), std::nullopt);
  EXPECT_EQ(login("another password"), ErrorCode::kUnauthorized);
}

TEST_F(AccountMailUseCases, AResetLinkWorksForAnHourOfTheServerClock) {
  send_mail();
  const auto kept = reset_link();
  ASSERT_TRUE(clock_->advance(app::kPasswordResetSeconds - 1));
  EXPECT_TRUE(app::reset_password(*pool_, *clock_, kept, "a new password"));
  const auto late = reset_link();
  ASSERT_TRUE(clock_->advance(app::kPasswordResetSeconds));
  EXPECT_EQ(app::reset_password(*pool_, *clock_, late, "a third password").error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(login("a new password"), std::nullopt);
}

TEST_F(AccountMailUseCases, AnAddressIsConfirmedOnceByTheNewestLink) {
  const auto ben = player("ben");
  EXPECT_EQ(app::request_email_verification(*pool_, *clock_, ben).error().code,
            ErrorCode::kValidationError)
      << "no address";
  const auto cid = player("cid", "player", "cid@example.org");
  EXPECT_EQ(app::request_email_verification(*pool_, *clock_, cid).error().code,
            ErrorCode::kConflict)
      << "no mail server";
  send_mail();
  for (int i = 0; i < app::kMailsPerHour; ++i) {
    EXPECT_TRUE(app::request_email_verification(*pool_, *clock_, ann_)) << i;
  }
  EXPECT_EQ(app::request_email_verification(*pool_, *clock_, ann_).error().code,
            ErrorCode::kRateLimited);
  const auto tokens = mailed_tokens("verify_email");
  ASSERT_EQ(tokens.size(), static_cast<std::size_t>(app::kMailsPerHour));
  EXPECT_FALSE(verified());
  EXPECT_EQ(app::verify_email(*pool_, *clock_, tokens.front()).error().code,
            ErrorCode::kValidationError)
      << "superseded";
  EXPECT_FALSE(verified());
  ASSERT_TRUE(app::verify_email(*pool_, *clock_, tokens.back()));
  EXPECT_TRUE(verified());
  EXPECT_EQ(app::verify_email(*pool_, *clock_, tokens.back()).error().code,
            ErrorCode::kValidationError)
      << "used";
}

}  // namespace
}  // namespace corrchess
