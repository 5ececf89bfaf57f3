// Use cases of app/teams.cpp, app/team_matches.cpp and app/olympiads.cpp without HTTP: the
// refusals (a captain of another team, a non-director, a started board, a bad definition)
// change nothing.
#include <gtest/gtest.h>

#include "app/olympiads.h"
#include "app/team_matches.h"
#include "app/teams.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class TeamUseCases : public testing::UseCaseTest {
 protected:
  TeamUseCases() : UseCaseTest({"capa", "capb", "ana", "anb", "bea", "beb"}) {}
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    director_ = player("director", "td");
    auto deps = game_deps();
    de_ = *app::create_team(deps, director_,
                            {{"national", "Germany", "DE"}, {"capa"}, {"ana", "anb"}});
    nl_ = *app::create_team(deps, director_,
                            {{"national", "Netherlands", "NL"}, {"capb"}, {"bea", "beb"}});
  }
  const model::User& capa() const { return users_[0]; }
  const model::User& capb() const { return users_[1]; }
  const model::User& ana() const { return users_[2]; }

  model::TeamMatchSettings match_settings() const {
    model::TeamMatchSettings s;
    s.name = "Germany - Netherlands";
    s.team_a = de_;
    s.team_b = nl_;
    s.match.boards = 2;
    s.match.games_per_board = 2;
    s.games.time_control = game::IccfStandard{};
    return s;
  }

  model::User director_;
  std::int64_t de_ = 0;
  std::int64_t nl_ = 0;
};

TEST_F(TeamUseCases, TeamChangesOnlyByItsCaptainsAndDirectors) {
  auto deps = game_deps();
  EXPECT_EQ(app::create_team(deps, capa(), {{"club", "Mine", "DE"}, {}, {}}).error().code,
            ErrorCode::kForbidden);
  EXPECT_EQ(app::add_team_member(deps, capb(), de_, "beb").error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::remove_team_member(deps, capb(), de_, "ana").error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::add_team_member(deps, ana(), de_, "beb").error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::add_team_captain(deps, capa(), de_, "ana").error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::remove_team_captain(deps, capa(), de_, "capa").error().code,
            ErrorCode::kForbidden);
  EXPECT_EQ(app::add_team_member(deps, capa(), de_, "nobody").error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(app::create_team(deps, director_, {{"club", "GERMANY", "DE"}, {}, {}}).error().code,
            ErrorCode::kConflict);
  EXPECT_EQ(app::create_team(deps, director_, {{"club", "Other", "de"}, {}, {}}).error().code,
            ErrorCode::kValidationError);
  const auto team = app::read_team(deps, de_);
  ASSERT_TRUE(team.has_value());
  ASSERT_EQ(team->members.size(), 2u);
  EXPECT_EQ(team->members[0].username, "ana");
  EXPECT_EQ(team->members[1].username, "anb");
  ASSERT_EQ(team->captains.size(), 1u);
  EXPECT_EQ(team->captains[0].username, "capa");
  EXPECT_EQ(app::list_teams(deps)->size(), 2u);
}

TEST_F(TeamUseCases, RefusedNominationsAndStartsChangeNothing) {
  auto deps = game_deps();
  EXPECT_EQ(app::create_team_match(deps, capa(), match_settings()).error().code,
            ErrorCode::kForbidden);
  auto self = match_settings();
  self.team_b = de_;
  EXPECT_EQ(app::create_team_match(deps, director_, self).error().code,
            ErrorCode::kValidationError);
  auto three_games = match_settings();
  three_games.match.games_per_board = 3;
  EXPECT_EQ(app::create_team_match(deps, director_, three_games).error().code,
            ErrorCode::kValidationError);
  EXPECT_TRUE(app::list_team_matches(deps)->empty());

  const auto id = *app::create_team_match(deps, director_, match_settings());
  EXPECT_EQ(app::nominate_team_player(deps, capb(), id, {de_, 1, "ana"}).error().code,
            ErrorCode::kForbidden);
  EXPECT_EQ(app::nominate_team_player(deps, ana(), id, {de_, 1, "ana"}).error().code,
            ErrorCode::kForbidden);
  EXPECT_EQ(app::nominate_team_player(deps, capa(), id, {de_, 1, "bea"}).error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(app::nominate_team_player(deps, capa(), id, {de_, 3, "ana"}).error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(app::start_team_match(deps, director_, id).error().code, ErrorCode::kConflict);
  EXPECT_TRUE(app::read_team_match(deps, id)->players.empty());

  ASSERT_TRUE(app::nominate_team_player(deps, capa(), id, {de_, 1, "ana"}));
  ASSERT_TRUE(app::nominate_team_player(deps, capb(), id, {nl_, 1, "bea"}));
  EXPECT_EQ(app::start_team_match(deps, capa(), id).error().code, ErrorCode::kForbidden);
  ASSERT_TRUE(app::start_team_match(deps, director_, id));
  const auto refused = app::nominate_team_player(deps, capa(), id, {de_, 1, "anb"});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kConflict);
  const auto view = app::read_team_match(deps, id);
  ASSERT_TRUE(view.has_value());
  EXPECT_EQ(view->games.size(), 2u);
  for (const auto& p : view->players) {
    if (p.board == 1 && p.side_a) {
      EXPECT_EQ(p.person.username, "ana");
    }
  }
  EXPECT_EQ(app::team_match_state(*view), "in_play");
  EXPECT_EQ(view->score.open, 4);
}

TEST_F(TeamUseCases, RefusedOlympiadsChangeNothing) {
  auto deps = game_deps();
  app::OlympiadCreation c;
  c.settings.name = "Olympiad";
  c.settings.boards = 2;
  c.settings.games.time_control = game::IccfStandard{};
  c.teams = {{de_, {"ana", "anb"}}, {nl_, {"bea", "beb"}}};
  EXPECT_EQ(app::create_olympiad(deps, capa(), c).error().code, ErrorCode::kForbidden);
  auto short_team = c;
  short_team.teams[1].players.pop_back();
  EXPECT_EQ(app::create_olympiad(deps, director_, short_team).error().code,
            ErrorCode::kValidationError);
  auto twice = c;
  twice.teams[1] = twice.teams[0];
  EXPECT_EQ(app::create_olympiad(deps, director_, twice).error().code, ErrorCode::kValidationError);
  auto stranger = c;
  stranger.teams[1].players[0] = "ana";
  EXPECT_EQ(app::create_olympiad(deps, director_, stranger).error().code,
            ErrorCode::kValidationError);
  EXPECT_TRUE(app::list_olympiads(deps)->empty());
  const auto id = app::create_olympiad(deps, director_, c);
  ASSERT_TRUE(id.has_value());
  const auto view = app::read_olympiad(deps, *id);
  ASSERT_TRUE(view.has_value());
  EXPECT_EQ(view->sections.size(), 2u);
  EXPECT_EQ(view->games, 2);
  ASSERT_EQ(view->table.rows.size(), 2u);
  EXPECT_EQ(view->table.rows[0].board_halves, 0);
}

}  // namespace
}  // namespace corrchess
