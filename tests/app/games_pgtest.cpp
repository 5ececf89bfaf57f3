// Use cases of app/games.cpp without HTTP: who may act on a game (players, directors,
// others), the stale-state precondition, and that a refused command changes nothing.
#include <gtest/gtest.h>

#include <vector>

#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class GameUseCases : public testing::UseCaseTest {
 protected:
  GameUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    director_ = player("td", "td");
  }
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cid() const { return users_[2]; }

  // A game ann (White) - ben created by the director.
  std::int64_t directors_game() {
    auto deps = game_deps();
    app::SingleGameRequest request{ann().username, ben().username, {}, std::nullopt, std::nullopt};
    request.setup.time_control = game::IccfStandard{};
    auto made = app::create_single_game(deps, director_, request);
    EXPECT_TRUE(made) << (made ? "" : made.error().detail);
    return made ? made->stored.id : 0;
  }
  static app::Precondition seen_at_ply(int ply) {
    app::Precondition p;
    p.ply = ply;
    return p;
  }
  int version(std::int64_t id) {
    auto deps = game_deps();
    return app::view_game(deps, ann(), id).value().stored.version;
  }

  model::User director_;
};

TEST_F(GameUseCases, OnlyADirectorCreatesGamesAndOnlyPlayersPlayThem) {
  auto deps = game_deps();
  app::SingleGameRequest request{ann().username, ben().username, {}, std::nullopt, std::nullopt};
  request.setup.time_control = game::IccfStandard{};
  EXPECT_EQ(app::create_single_game(deps, cid(), request).error().code, ErrorCode::kForbidden);
  const auto id = directors_game();
  const int before = version(id);
  for (const model::User* who : std::vector<const model::User*>{&cid(), &director_, &ben()}) {
    // Not a player, a director (directors decide, they do not play), the side not to move.
    auto refused = app::submit_move(deps, *who, id, move_request("e4"));
    ASSERT_FALSE(refused) << who->username;
    EXPECT_EQ(refused.error().code, who == &ben() ? ErrorCode::kNotYourTurn : ErrorCode::kForbidden)
        << who->username;
  }
  EXPECT_EQ(app::resign(deps, cid(), id).error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::resign(deps, director_, id).error().code, ErrorCode::kForbidden);
  EXPECT_EQ(version(id), before) << "refused commands change nothing";
}

TEST_F(GameUseCases, AStalePreconditionIsRefusedAndChangesNothing) {
  auto deps = game_deps();
  const auto id = directors_game();
  ASSERT_NO_FATAL_FAILURE(play(ann(), id, "d4"));
  // Ben saw the game before 1. d4 (ply 0) and resigns on that view: refused.
  auto stale = app::resign(deps, ben(), id, seen_at_ply(0));
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().code, ErrorCode::kStaleGame);
  auto shown = app::view_game(deps, ben(), id);
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->state.status, game::GameStatus::kOngoing);
  // On the current view it is accepted.
  auto resigned = app::resign(deps, ben(), id, seen_at_ply(1));
  ASSERT_TRUE(resigned) << resigned.error().detail;
  EXPECT_EQ(resigned->state.result, game::GameResult::kWhiteWins);
}

TEST_F(GameUseCases, ADirectorsGameCannotBeAbortedButIsAnnulledByTheDirector) {
  auto deps = game_deps();
  const auto id = directors_game();
  EXPECT_FALSE(app::view_game(deps, ann(), id)->state.abortable);
  EXPECT_EQ(app::abort_game(deps, ann(), id, {}).error().code, ErrorCode::kAbortNotAllowed);
  EXPECT_EQ(app::annul_game(deps, ann(), id, "no").error().code, ErrorCode::kForbidden);
  auto annulled = app::annul_game(deps, director_, id, "both players asked");
  ASSERT_TRUE(annulled) << annulled.error().detail;
  EXPECT_EQ(annulled->state.termination, game::Termination::kAnnulled);
}

}  // namespace
}  // namespace corrchess
