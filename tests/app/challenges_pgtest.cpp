// Use cases of app/challenges.cpp without HTTP: who may decide a challenge, the flood limits
// across challenges (the cooldown after a decline, with the wait told), blocks, and that an
// accepted challenge starts a friendly game (one its players may abort).
#include <gtest/gtest.h>

#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class ChallengeUseCases : public testing::UseCaseTest {
 protected:
  ChallengeUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cid() const { return users_[2]; }
};

TEST_F(ChallengeUseCases, OnlyTheChallengedDeclinesAndOnlyTheChallengerCancels) {
  const auto id = challenge(ann(), ben());
  auto deps = challenge_deps();
  EXPECT_EQ(app::decline_challenge(deps, ann(), id, std::nullopt).error().code,
            ErrorCode::kForbidden);
  EXPECT_EQ(app::cancel_challenge(deps, ben(), id).error().code, ErrorCode::kForbidden);
  // A third player does not learn that the challenge exists.
  EXPECT_EQ(app::get_challenge(deps, cid(), id).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(app::accept_challenge(deps, cid(), id).error().code, ErrorCode::kNotFound);
  auto declined = app::decline_challenge(deps, ben(), id, "not now");
  ASSERT_TRUE(declined) << declined.error().detail;
  EXPECT_EQ(declined->status, game::ChallengeStatus::kDeclined);
  EXPECT_EQ(app::accept_challenge(deps, ben(), id).error().code, ErrorCode::kChallengeClosed);
}

TEST_F(ChallengeUseCases, AfterADeclineTheChallengerWaitsAnHourAndIsToldHowLong) {
  const auto id = challenge(ann(), ben());
  auto deps = challenge_deps();
  ASSERT_TRUE(app::decline_challenge(deps, ben(), id, std::nullopt));
  ASSERT_TRUE(clock_->advance(15 * 60));
  auto refused = app::create_challenge(deps, ann(), challenge_to(ben()));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kRateLimited);
  ASSERT_EQ(refused.error().members.size(), 1u);
  EXPECT_EQ(refused.error().members[0].name, "retry_after_seconds");
  EXPECT_EQ(refused.error().members[0].value, "2700");  // 45 minutes left of 60
  // Others may still be challenged; after the hour, ben too.
  EXPECT_NE(challenge(ann(), cid()), 0);
  ASSERT_TRUE(clock_->advance(45 * 60));
  EXPECT_NE(challenge(ann(), ben()), 0);
}

TEST_F(ChallengeUseCases, ABlockedPlayerCannotChallengeAndOpenChallengesAreDeclined) {
  const auto open = challenge(ann(), ben());
  auto blocks = block_deps();
  ASSERT_TRUE(app::block_user(blocks, ben(), ann().username));
  auto deps = challenge_deps();
  auto shown = app::get_challenge(deps, ann(), open);
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->status, game::ChallengeStatus::kDeclined) << "declined by the block";
  auto refused = app::create_challenge(deps, ann(), challenge_to(ben()));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kForbidden);
  // The other way round is not blocked.
  EXPECT_NE(challenge(ben(), ann()), 0);
}

TEST_F(ChallengeUseCases, AnAcceptedChallengeStartsAFriendlyGameEitherPlayerMayAbort) {
  const auto id = challenge(ann(), ben());
  auto deps = challenge_deps();
  auto accepted = app::accept_challenge(deps, ben(), id);
  ASSERT_TRUE(accepted) << accepted.error().detail;
  auto games = game_deps();
  auto game = app::view_game(games, ann(), accepted->game_id);
  ASSERT_TRUE(game);
  EXPECT_TRUE(game->stored.facts.setup.friendly);
  EXPECT_EQ(game->stored.white.id, ann().id);
  EXPECT_TRUE(game->state.abortable);
  ASSERT_NO_FATAL_FAILURE(play(ann(), accepted->game_id, "e4"));
  // Not a player: forbidden, and nothing changes.
  EXPECT_EQ(app::abort_game(games, cid(), accepted->game_id, {}).error().code,
            ErrorCode::kForbidden);
  auto aborted = app::abort_game(games, ben(), accepted->game_id, {});
  ASSERT_TRUE(aborted) << aborted.error().detail;
  EXPECT_EQ(aborted->state.termination, game::Termination::kAborted);
  EXPECT_EQ(aborted->state.status, game::GameStatus::kAnnulled);
}

}  // namespace
}  // namespace corrchess
