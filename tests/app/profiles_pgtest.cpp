// Use cases of app/profiles.cpp without HTTP: a change of one's profile is checked whole
// (a refused one changes nothing), a new address revokes the links mailed to the old one and
// is sent its own, the search by prefix is bounded and literal, and a public profile counts
// the results already due.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/account_mail.h"
#include "app/leave.h"
#include "app/profiles.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class ProfileUseCases : public testing::UseCaseTest {
 protected:
  ProfileUseCases() : UseCaseTest({"ann", "ben"}) {}
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }

  std::optional<ErrorCode> change(const model::User& user, const model::ProfileChange& c) {
    auto deps = profile_deps();
    auto changed = app::update_own_profile(deps, user, c);
    return changed ? std::nullopt : std::optional(changed.error().code);
  }
  std::vector<std::string> found(const std::string& prefix, int limit) {
    auto deps = profile_deps();
    std::vector<std::string> out;
    const auto users = app::find_players(deps, prefix, limit).value();
    for (const auto& u : users) out.push_back(u.username);
    return out;
  }
};

TEST_F(ProfileUseCases, AChangeIsCheckedWholeAndARefusedOneChangesNothing) {
  std::vector<model::ProfileChange> refused(6);
  refused[0].display_name = "";
  refused[1].display_name = std::string(65, 'a');
  refused[2].email = std::optional<std::string>("ann@@example.org");
  refused[3].country = std::optional<std::string>("Germany");
  refused[4].time_zone = std::optional<std::string>("Mars/Olympus_Mons");  // well formed, unknown
  refused[5].display_name = "Ann the Bold";  // fine, but with a bad language
  refused[5].language = std::optional<std::string>("English");
  for (std::size_t i = 0; i < refused.size(); ++i) {
    EXPECT_EQ(change(ann(), refused[i]), ErrorCode::kValidationError) << i;
  }
  auto deps = profile_deps();
  EXPECT_EQ(stored_user("ann")->display_name, "ann");
  auto settings = app::own_settings(deps, ann());
  ASSERT_TRUE(settings);
  EXPECT_FALSE(settings->country || settings->time_zone || settings->language);

  model::ProfileChange fine;
  fine.display_name = "Ann the Bold";
  fine.country = std::optional<std::string>("DE");
  fine.time_zone = std::optional<std::string>("Europe/Berlin");
  EXPECT_EQ(change(ann(), fine), std::nullopt);
  EXPECT_EQ(stored_user("ann")->display_name, "Ann the Bold");
  settings = app::own_settings(deps, ann());
  EXPECT_EQ(settings->country, "DE");
  EXPECT_EQ(settings->time_zone, "Europe/Berlin");
  // Absent members are kept; an empty one clears.
  model::ProfileChange clear;
  clear.country = std::optional<std::string>();
  EXPECT_EQ(change(ann(), clear), std::nullopt);
  settings = app::own_settings(deps, ann());
  EXPECT_FALSE(settings->country);
  EXPECT_EQ(settings->time_zone, "Europe/Berlin");
  EXPECT_EQ(app::own_settings(deps, ben()).value().time_zone, std::nullopt) << "ben's untouched";
}

TEST_F(ProfileUseCases, ANewAddressRevokesTheOldLinksAndIsSentItsOwn) {
  send_mail(true);
  const auto cid = player("cid", "player", "cid@example.org");
  ASSERT_TRUE(app::request_password_reset(*pool_, *clock_, "cid"));
  const auto mailed = take_deliveries();
  ASSERT_EQ(mailed.size(), 1u);
  const auto token = link_token(mailed.front().email.text);
  ASSERT_FALSE(token.empty());

  model::ProfileChange moved;
  moved.email = std::optional<std::string>("cid@example.net");
  EXPECT_EQ(change(cid, moved), std::nullopt);
  const auto confirm = take_deliveries();
  ASSERT_EQ(confirm.size(), 1u);
  EXPECT_EQ(confirm.front().kind, "verify_email");
  EXPECT_EQ(confirm.front().email.to, "cid@example.net");
  EXPECT_EQ(app::reset_password(*pool_, *clock_, token, "a new password").error().code,
            ErrorCode::kValidationError)
      << "the link went to the old address";
  // The same address again is no change: nothing is mailed.
  EXPECT_EQ(change(*stored_user("cid"), moved), std::nullopt);
  EXPECT_TRUE(take_deliveries().empty());
}

TEST_F(ProfileUseCases, PlayersAreFoundByALiteralPrefixAFewAtATime) {
  for (const auto* name : {"a_b", "axb", "anna", "andy"}) player(name);
  EXPECT_EQ(found("an", 50), (std::vector<std::string>{"andy", "ann", "anna"}));
  EXPECT_EQ(found("an", 2), (std::vector<std::string>{"andy", "ann"}));
  EXPECT_EQ(found("a_", 50), (std::vector<std::string>{"a_b"})) << "'_' is no wildcard";
  auto deps = profile_deps();
  EXPECT_EQ(app::find_players(deps, "", 10).error().code, ErrorCode::kValidationError);
  EXPECT_EQ(app::find_players(deps, std::string(33, 'a'), 10).error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(app::find_players(deps, "an", 0).error().code, ErrorCode::kValidationError);
  EXPECT_EQ(app::find_players(deps, "an", app::kMaxPlayersFound + 1).error().code,
            ErrorCode::kValidationError);
}

TEST_F(ProfileUseCases, APublicProfileCountsTheResultsDueAndTheLeaveOfToday) {
  auto deps = profile_deps();
  EXPECT_EQ(app::public_profile(deps, "nobody").error().code, ErrorCode::kNotFound);
  // Ann (White) lets her flag fall 51 days after the start (rules.md 3.2); no sweep runs here.
  const auto director = player("td", "td");
  auto games = game_deps();
  app::SingleGameRequest request{ann().username, ben().username, {}, std::nullopt, std::nullopt};
  request.setup.time_control = game::IccfStandard{};
  request.setup.rules.silence_rule = false;
  ASSERT_TRUE(app::create_single_game(games, director, request));
  auto shown = app::public_profile(deps, "ann");
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->record.current, 1);
  EXPECT_EQ(shown->record.finished, 0);
  // Ben takes tomorrow off.
  app::LeaveRequest leave;
  leave.period.first_day = game::CivilDate{2030, 1, 8};
  leave.period.last_day = game::CivilDate{2030, 1, 8};
  ASSERT_TRUE(app::enter_leave(games, ben(), leave));
  EXPECT_FALSE(app::public_profile(deps, "ben").value().on_leave);
  ASSERT_TRUE(clock_->advance(game::days(1)));
  EXPECT_TRUE(app::public_profile(deps, "ben").value().on_leave);

  ASSERT_TRUE(clock_->advance(game::days(51)));
  shown = app::public_profile(deps, "ann");
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->record.finished, 1);
  EXPECT_EQ(shown->record.losses, 1);
  EXPECT_EQ(shown->record.current, 0);
  const auto winner = app::public_profile(deps, "ben");
  EXPECT_EQ(winner->record.wins, 1);
  EXPECT_FALSE(winner->on_leave);
}

// A display name is one line under the text rule (core/text.h) whoever calls the use case,
// not only over HTTP (once a defect: only the HTTP decoder kept control characters out).
TEST_F(ProfileUseCases, ADisplayNameWithControlCharactersIsRefused) {
  for (const auto* name : {"Ann\x07", "Ann\nBen", "\x1b[31mAnn"}) {
    model::ProfileChange c;
    c.display_name = name;
    EXPECT_EQ(change(ann(), c), ErrorCode::kValidationError);
  }
  EXPECT_EQ(stored_user("ann")->display_name, "ann");
}

}  // namespace
}  // namespace corrchess
