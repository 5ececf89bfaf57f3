// Use cases of app/accounts.cpp without HTTP: what a registration checks before it creates
// anything, the throttles of registrations and logins (per address, per user and address),
// what a password change needs and ends, and that only admins change roles.
#include <gtest/gtest.h>

#include <string>

#include "app/accounts.h"
#include "app/credentials.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

constexpr const char* kAccountPassword = "correct horse";

class AccountUseCases : public testing::UseCaseTest {
 protected:
  model::User account(const std::string& name, const std::string& role = "player") {
    auto made = app::create_account(*pool_, name, kAccountPassword, role);
    EXPECT_TRUE(made) << (made ? "" : made.error().detail);
    return made.value_or(model::User{});
  }
  static app::Registration registration(const std::string& name) {
    return {name, kAccountPassword, std::nullopt, std::nullopt};
  }
  // A login as `name` with `password` from `remote`: the error code, or nullopt on success.
  std::optional<ErrorCode> login(const std::string& name, const std::string& password,
                                 const std::string& remote, std::int64_t* retry = nullptr) {
    std::int64_t retry_after = 0;
    const auto checked =
        app::check_credentials(*pool_, app::AccountPolicy{}, name, password, remote, retry_after);
    if (retry != nullptr) *retry = retry_after;
    if (checked) {
      EXPECT_EQ(checked->username, name);
      return std::nullopt;
    }
    return checked.error().code;
  }
};

TEST_F(AccountUseCases, ARegistrationIsCheckedBeforeAnythingIsCreated) {
  auto deps = account_deps();
  std::int64_t retry = 0;
  auto closed = account_deps();
  closed.policy.open_registration = false;
  EXPECT_EQ(app::register_account(closed, registration("zoe"), "10.0.0.1", retry).error().code,
            ErrorCode::kForbidden);
  auto short_password = registration("zoe");
  short_password.password = "seven77";  // one byte short of kMinPassword
  EXPECT_EQ(app::register_account(deps, short_password, "10.0.0.1", retry).error().code,
            ErrorCode::kValidationError);
  auto bad_email = registration("zoe");
  bad_email.email = "zoe.example.org";
  EXPECT_EQ(app::register_account(deps, bad_email, "10.0.0.1", retry).error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(app::register_account(deps, registration("zoe smith"), "10.0.0.1", retry).error().code,
            ErrorCode::kValidationError);
  EXPECT_FALSE(stored_user("zoe"));
  EXPECT_FALSE(stored_user("zoe smith"));

  auto made = app::register_account(deps, registration("zoe"), "10.0.0.1", retry);
  ASSERT_TRUE(made) << made.error().detail;
  EXPECT_EQ(made->role, "player");
  EXPECT_EQ(made->display_name, "zoe");
  // Names are taken case-insensitively.
  EXPECT_EQ(app::register_account(deps, registration("ZOE"), "10.0.0.2", retry).error().code,
            ErrorCode::kConflict);
  EXPECT_EQ(login("zoe", kAccountPassword, "10.0.0.1"), std::nullopt);
}

TEST_F(AccountUseCases, OneAddressRegistersTwentyAccountsAnHour) {
  auto deps = account_deps();
  std::int64_t retry = 0;
  for (int i = 0; i < deps.policy.registrations_per_hour; ++i) {
    auto made =
        app::register_account(deps, registration("p" + std::to_string(i)), "10.0.0.1", retry);
    ASSERT_TRUE(made) << i << ": " << made.error().detail;
  }
  auto refused = app::register_account(deps, registration("late"), "10.0.0.1", retry);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kRateLimited);
  EXPECT_GE(retry, 1);
  EXPECT_LE(retry, 60) << "the first wait is a minute";
  EXPECT_FALSE(stored_user("late"));
  // Another address is not affected.
  EXPECT_TRUE(app::register_account(deps, registration("late"), "10.0.0.2", retry));
}

TEST_F(AccountUseCases, FailedLoginsBlockThatUserFromThatAddressUntilOneSucceeds) {
  account("ann");
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(login("ann", "wrong", "10.0.0.1"), ErrorCode::kUnauthorized);
  // A success clears the count: five more failures are answered, not throttled (without the
  // clear the sixth attempt of all would have been refused).
  EXPECT_EQ(login("ann", kAccountPassword, "10.0.0.1"), std::nullopt);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(login("ann", "wrong", "10.0.0.1"), ErrorCode::kUnauthorized) << i;
  }
  // The sixth is refused before the password is checked, the right one too.
  std::int64_t retry = 0;
  EXPECT_EQ(login("ann", kAccountPassword, "10.0.0.1", &retry), ErrorCode::kRateLimited);
  EXPECT_GE(retry, 1);
  EXPECT_LE(retry, 60) << "the first wait is a minute";
  // The owner elsewhere is not locked out.
  EXPECT_EQ(login("ann", kAccountPassword, "10.0.0.2"), std::nullopt);
}

TEST_F(AccountUseCases, APasswordChangeNeedsTheCurrentOneAndEndsTheOtherSignIns) {
  const auto ann = account("ann");
  auto deps = account_deps();
  auto kept = app::sign_in(deps, ann, std::nullopt);
  auto other = app::sign_in(deps, ann, std::nullopt);
  ASSERT_TRUE(kept && other);
  std::int64_t retry = 0;
  auto wrong = app::change_password(deps, ann, "not my password", "a new password", "10.0.0.1",
                                    kept->secret, retry);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, ErrorCode::kValidationError);
  auto too_short =
      app::change_password(deps, ann, kAccountPassword, "short", "10.0.0.1", kept->secret, retry);
  ASSERT_FALSE(too_short);
  EXPECT_EQ(too_short.error().code, ErrorCode::kValidationError);
  // Refused: the password and both sign-ins stand.
  EXPECT_EQ(login("ann", kAccountPassword, "10.0.0.2"), std::nullopt);
  EXPECT_TRUE(app::token_owner(*pool_, app::token_hash(other->secret)).value());

  auto changed = app::change_password(deps, ann, kAccountPassword, "a new password", "10.0.0.1",
                                      kept->secret, retry);
  ASSERT_TRUE(changed) << changed.error().detail;
  const auto owner = app::token_owner(*pool_, app::token_hash(kept->secret));
  ASSERT_TRUE(owner && *owner);
  EXPECT_EQ((*owner)->user.id, ann.id);
  EXPECT_FALSE(app::token_owner(*pool_, app::token_hash(other->secret)).value());
  EXPECT_EQ(login("ann", kAccountPassword, "10.0.0.2"), ErrorCode::kUnauthorized);
  EXPECT_EQ(login("ann", "a new password", "10.0.0.2"), std::nullopt);
}

TEST_F(AccountUseCases, OnlyAnAdminChangesRoles) {
  const auto admin = player("root", "admin");
  const auto td = player("td", "td");
  const auto ann = player("ann");
  auto deps = account_deps();
  EXPECT_EQ(app::change_role(deps, td, "ann", "td").error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::change_role(deps, ann, "ann", "admin").error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::change_role(deps, admin, "ann", "director").error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(app::change_role(deps, admin, "nobody", "td").error().code, ErrorCode::kNotFound);
  EXPECT_EQ(stored_user("ann")->role, "player") << "refusals change nothing";
  auto changed = app::change_role(deps, admin, "ANN", "td");
  ASSERT_TRUE(changed) << changed.error().detail;
  EXPECT_EQ(changed->id, ann.id);
  EXPECT_EQ(stored_user("ann")->role, "td");
}

// A registration applies the profile's checks (core/game/profile.h): an empty or over-long
// display name and a malformed address create nothing (once a defect: POST
// /api/v1/auth/register took any address with an '@' in it).
TEST_F(AccountUseCases, ARegistrationChecksTheNameAndAddressAsAProfileChangeDoes) {
  auto deps = account_deps();
  const auto refusal = [&](const app::Registration& r) -> std::optional<ErrorCode> {
    std::int64_t retry = 0;
    auto made = app::register_account(deps, r, "10.0.0.1", retry);
    return made ? std::nullopt : std::optional(made.error().code);
  };
  auto nameless = registration("zoe");
  nameless.display_name = "";
  EXPECT_EQ(refusal(nameless), ErrorCode::kValidationError);
  auto long_name = registration("yan");
  long_name.display_name = std::string(65, 'y');
  EXPECT_EQ(refusal(long_name), ErrorCode::kValidationError);
  auto odd_address = registration("xia");
  odd_address.email = "xia@@example.org";
  EXPECT_EQ(refusal(odd_address), ErrorCode::kValidationError);
  EXPECT_FALSE(stored_user("zoe") || stored_user("yan") || stored_user("xia"));
}

}  // namespace
}  // namespace corrchess
