// Password reset and address verification end to end, through mails received by a real SMTP
// server: the reset link works once, expires after an hour on the test clock and signs the
// account out everywhere; unknown accounts get the same answer; an address is verified by
// its link (the page behind it changes nothing), and with CORRCHESS_REQUIRE_VERIFIED_EMAIL
// only verified addresses get notifications.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/mail_test.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::contains;
using testing::kPublicUrl;
using testing::kWhite;

// The path and query of the first link in `text` that starts with kPublicUrl + `path`.
std::string link_in(const std::string& text, const std::string& path) {
  const auto start = text.find(std::string(kPublicUrl) + path);
  if (start == std::string::npos) return "";
  const auto end = text.find_first_of(" \n\r", start);
  return text.substr(start + std::string(kPublicUrl).size(),
                     end - start - std::string(kPublicUrl).size());
}

constexpr const char* kForm = "application/x-www-form-urlencoded";

std::string token_of(const std::string& target) { return target.substr(target.find("token=") + 6); }

class AccountMail : public testing::MailTest {
 protected:
  using MailTest::MailTest;

  // Asks for a reset of White's password; the link of the mail that arrives (the n-th mail).
  std::string reset_link(std::size_t nth) {
    api_.expect("POST", "/api/v1/auth/password-reset", "", {{"username", kWhite}}, 202);
    const auto mails = sink_.wait_for(nth);
    EXPECT_EQ(mails.size(), nth);
    for (const auto& m : mails) {
      if (m["rcpt"] != "wilma@example.org") continue;
      const auto target = link_in(m["text"], "/api/v1/auth/password-reset/confirm");
      if (!target.empty() && !seen_.contains(target)) {
        seen_.insert(target);
        EXPECT_TRUE(m["list_unsubscribe"].get<std::string>().empty());
        return target;
      }
    }
    return "";
  }

  std::set<std::string> seen_;
};

TEST_F(AccountMail, PasswordResetWorksOnceExpiresAndSignsOutEverywhere) {
  // Nobody learns whether an account exists.
  EXPECT_EQ(api_.expect("POST", "/api/v1/auth/password-reset", "", {{"username", "nobody"}}, 202),
            api_.expect("POST", "/api/v1/auth/password-reset", "", {{"username", kWhite}}, 202));
  auto mails = sink_.wait_for(1);
  ASSERT_EQ(mails.size(), 1u);
  EXPECT_EQ(mails[0]["rcpt"], "wilma@example.org");
  EXPECT_EQ(mails[0]["subject"], std::string("Your password for ") + kWhite);
  const auto first = link_in(mails[0]["text"], "/api/v1/auth/password-reset/confirm");
  ASSERT_FALSE(first.empty()) << mails[0]["text"];
  seen_.insert(first);

  // Opening the link shows a form and changes nothing.
  const auto form = server_.request("GET", first);
  EXPECT_EQ(form.status, 200);
  EXPECT_TRUE(contains(form.body, "name=\"password\""));
  EXPECT_FALSE(api_.login(kWhite).empty()) << "the old password still works";

  const auto other_session = api_.login(kWhite);
  ASSERT_EQ(api_.call("GET", "/api/v1/me", other_session).status, 200);
  // The form posts the token and the new password.
  const auto posted = server_.request("POST", "/api/v1/auth/password-reset/confirm",
                                      "token=" + token_of(first) + "&password=brand-new-secret",
                                      {{"Content-Type", kForm}});
  EXPECT_EQ(posted.status, 200) << posted.body;
  EXPECT_EQ(api_.call("GET", "/api/v1/me", white_).status, 401) << "every session ended";
  EXPECT_EQ(api_.call("GET", "/api/v1/me", other_session).status, 401);
  EXPECT_EQ(api_.call("POST", "/api/v1/auth/login", "",
                      {{"username", kWhite}, {"password", testing::kPlayerPassword}})
                .status,
            401);
  EXPECT_FALSE(api_.login(kWhite, "brand-new-secret").empty());
  // Once only.
  EXPECT_EQ(api_.problem("POST", "/api/v1/auth/password-reset/confirm", "",
                         {{"token", token_of(first)}, {"password", "another-secret"}}, 400),
            "validation_error");

  // A new link expires after an hour of the server clock.
  const auto second = reset_link(2);
  ASSERT_FALSE(second.empty());
  api_.advance_clock(td_, 3601);
  EXPECT_EQ(api_.problem("POST", "/api/v1/auth/password-reset/confirm", "",
                         {{"token", token_of(second)}, {"password", "another-secret"}}, 400),
            "validation_error");
  // A short password is refused before the link is spent.
  const auto third = reset_link(3);
  EXPECT_EQ(api_.problem("POST", "/api/v1/auth/password-reset/confirm", "",
                         {{"token", token_of(third)}, {"password", "short"}}, 400),
            "validation_error");
  EXPECT_EQ(api_.call("POST", "/api/v1/auth/password-reset/confirm", "",
                      {{"token", token_of(third)}, {"password", "third-secret"}})
                .status,
            200);
  EXPECT_FALSE(api_.login(kWhite, "third-secret").empty());
  // A fourth request within the hour gets the same answer but no mail (no mailbox flooding).
  api_.expect("POST", "/api/v1/auth/password-reset", "", {{"username", kWhite}}, 202);
  EXPECT_EQ(exactly(3).size(), 3u);
}

// A link stops working once something overtakes it: a newer link of the same kind, a
// password change (for reset links), an address change (every link mailed to the old one).
TEST_F(AccountMail, OutstandingLinksAreRevokedWhenOvertaken) {
  const auto first = reset_link(1);
  const auto second = reset_link(2);
  ASSERT_FALSE(first.empty());
  ASSERT_FALSE(second.empty());
  EXPECT_EQ(api_.problem("POST", "/api/v1/auth/password-reset/confirm", "",
                         {{"token", token_of(first)}, {"password", "first-link-secret"}}, 400),
            "validation_error")
      << "only the newest link works";
  api_.expect(
      "POST", "/api/v1/me/password", white_,
      {{"current_password", testing::kPlayerPassword}, {"new_password", "changed-by-owner-1"}},
      204);
  EXPECT_EQ(api_.problem("POST", "/api/v1/auth/password-reset/confirm", "",
                         {{"token", token_of(second)}, {"password", "stolen-link-secret"}}, 400),
            "validation_error")
      << "a reset link does not outlive a password change";
  EXPECT_FALSE(api_.login(kWhite, "changed-by-owner-1").empty());

  const auto third = reset_link(3);
  ASSERT_FALSE(third.empty());
  api_.expect("PATCH", "/api/v1/me", white_, {{"email", "wilma.new@example.org"}});
  EXPECT_EQ(api_.problem("POST", "/api/v1/auth/password-reset/confirm", "",
                         {{"token", token_of(third)}, {"password", "old-address-secret"}}, 400),
            "validation_error")
      << "a link mailed to the old address does not outlive the address";
  EXPECT_FALSE(api_.login(kWhite, "changed-by-owner-1").empty());
}

// A confirmation with a bogus link is refused before any password hash is computed (each
// takes 64 MiB and tens of milliseconds: 20 bogus confirms took 1.6 s).
TEST_F(AccountMail, ABogusResetLinkCostsNoPasswordHash) {
  const auto before = api_.metric("corrchess_password_hashes_computed");
  ASSERT_GE(before, 0) << "the metric is published";
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(
        api_.problem("POST", "/api/v1/auth/password-reset/confirm", "",
                     {{"token", "bogus-" + std::to_string(i)}, {"password", "a-new-secret"}}, 400),
        "validation_error");
  }
  EXPECT_EQ(api_.metric("corrchess_password_hashes_computed"), before);
  // A real link does compute one (the metric counts).
  const auto link = reset_link(1);
  api_.expect("POST", "/api/v1/auth/password-reset/confirm", "",
              {{"token", token_of(link)}, {"password", "a-new-secret"}});
  EXPECT_EQ(api_.metric("corrchess_password_hashes_computed"), before + 1);
}

class VerifiedOnly : public testing::MailTest {
 protected:
  VerifiedOnly() : MailTest({{"CORRCHESS_REQUIRE_VERIFIED_EMAIL", "1"}}) {}

  // Posts the confirmation link `target` as the page behind it does (a form): the status.
  int confirm(const std::string& target) const {
    return server_.request("POST", target, "", {{"Content-Type", kForm}}).status;
  }
  // Whether the address of the user signed in with `token` is verified.
  json verified(const std::string& token) const {
    return api_.expect("GET", "/api/v1/me/notifications", token)["email_verified"];
  }

  // The fixture gave both players an address: each was mailed its confirmation link. The
  // tests start from an empty mailbox.
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(MailTest::SetUp());
    const auto mails = sink_.wait_for(2);
    ASSERT_EQ(mails.size(), 2u) << mails.dump(1);
    EXPECT_EQ(testing::subjects(mails),
              (std::vector<std::string>{"Confirm your address for black_player",
                                        "Confirm your address for white_player"}));
    sink_.clear();
  }
};

TEST_F(VerifiedOnly, OnlyVerifiedAddressesGetNotificationsAndTheLinkVerifies) {
  // Neither address is verified: the challenge is not mailed.
  api_.expect("POST", "/api/v1/challenges", white_,
              {{"opponent", testing::kBlack}, {"time_control", testing::iccf_control()}}, 201);
  EXPECT_EQ(verified(black_), false);
  api_.expect("POST", "/api/v1/me/email/verification", black_, nullptr, 202);
  auto mails = sink_.wait_for(1);
  ASSERT_EQ(mails.size(), 1u) << mails.dump(1);
  EXPECT_EQ(mails[0]["rcpt"], "bjorn@example.org");
  const auto target = link_in(mails[0]["text"], "/api/v1/auth/verify-email");
  ASSERT_FALSE(target.empty()) << mails[0]["text"];
  EXPECT_EQ(server_.request("GET", target).status, 200);
  EXPECT_EQ(verified(black_), false);
  EXPECT_EQ(confirm(target), 200);
  EXPECT_EQ(verified(black_), true);
  EXPECT_EQ(confirm(target), 400) << "used once";
  // Now a challenge reaches Black.
  api_.expect("POST", "/api/v1/challenges", white_,
              {{"opponent", testing::kBlack}, {"time_control", testing::iccf_control()}}, 201);
  mails = exactly(2);
  ASSERT_EQ(mails.size(), 2u);
  // A changed address is unverified again.
  api_.expect("PATCH", "/api/v1/me", black_, {{"email", "bjorn@elsewhere.example"}});
  EXPECT_EQ(verified(black_), false);
  EXPECT_EQ(api_.problem("POST", "/api/v1/me/email/verification", "", nullptr, 401),
            "unauthorized");
}

// Where addresses must be verified, registering with an address mails its confirmation link
// at once (nobody has to ask for it), and the link verifies the new account's address.
TEST_F(VerifiedOnly, RegistrationMailsTheVerificationLink) {
  api_.expect(
      "POST", "/api/v1/auth/register", "",
      {{"username", "carla"}, {"password", "carla-password"}, {"email", "carla@example.org"}}, 201);
  auto mails = exactly(1);
  ASSERT_EQ(mails.size(), 1u) << mails.dump(1);
  EXPECT_EQ(mails[0]["rcpt"], "carla@example.org");
  EXPECT_EQ(mails[0]["subject"], "Confirm your address for carla");
  const auto target = link_in(mails[0]["text"], "/api/v1/auth/verify-email");
  ASSERT_FALSE(target.empty()) << mails[0]["text"];
  const auto carla = api_.login("carla", "carla-password");
  EXPECT_EQ(verified(carla), false);
  EXPECT_EQ(confirm(target), 200);
  EXPECT_EQ(verified(carla), true);
  // Registering without an address mails nothing.
  api_.expect("POST", "/api/v1/auth/register", "",
              {{"username", "dario"}, {"password", "dario-password"}}, 201);
  EXPECT_EQ(exactly(1).size(), 1u);
}

TEST_F(VerifiedOnly, ANewAddressIsMailedItsVerificationLink) {
  api_.expect("POST", "/api/v1/auth/register", "",
              {{"username", "emil"}, {"password", "emil-password"}}, 201);
  const auto emil = api_.login("emil", "emil-password");
  api_.expect("PATCH", "/api/v1/me", emil, {{"email", "emil@example.org"}}, 200);
  auto mails = exactly(1);
  ASSERT_EQ(mails.size(), 1u) << mails.dump(1);
  EXPECT_EQ(mails[0]["rcpt"], "emil@example.org");
  const auto target = link_in(mails[0]["text"], "/api/v1/auth/verify-email");
  ASSERT_FALSE(target.empty()) << mails[0]["text"];
  // Changing something else, or setting the same address again, mails nothing more.
  api_.expect("PATCH", "/api/v1/me", emil,
              {{"display_name", "Emil"}, {"email", "emil@example.org"}}, 200);
  EXPECT_EQ(exactly(1).size(), 1u);
  EXPECT_EQ(confirm(target), 200);
  EXPECT_EQ(verified(emil), true);
}

// Without the setting, registration mails nobody (the verification is asked for).
TEST_F(AccountMail, RegistrationMailsNothingWhenVerificationIsOff) {
  api_.expect(
      "POST", "/api/v1/auth/register", "",
      {{"username", "carla"}, {"password", "carla-password"}, {"email", "carla@example.org"}}, 201);
  EXPECT_EQ(exactly(0).size(), 0u);
}

// Three confirmation mails an hour: the fourth request is 429 with Retry-After (seconds until
// the oldest of the three is an hour old) and the same number as retry_after_seconds.
TEST_F(AccountMail, AFourthConfirmationMailInAnHourIsRefusedWithRetryAfter) {
  for (int i = 0; i < 3; ++i) {
    api_.expect("POST", "/api/v1/me/email/verification", black_, nullptr, 202);
  }
  const auto limited = api_.call("POST", "/api/v1/me/email/verification", black_);
  ASSERT_EQ(limited.status, 429) << limited.body;
  const auto problem = json::parse(limited.body);
  EXPECT_EQ(problem["code"], "rate_limited");
  ASSERT_TRUE(problem["retry_after_seconds"].is_number_integer()) << limited.body;
  const auto wait = problem["retry_after_seconds"].get<std::int64_t>();
  EXPECT_GT(wait, 3000);
  EXPECT_LE(wait, 3600);
  EXPECT_EQ(limited.headers.at("retry-after"), std::to_string(wait));
  EXPECT_EQ(sink_.wait_for(3).size(), 3u);
}

}  // namespace
}  // namespace corrchess
