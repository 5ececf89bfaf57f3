// Use cases of app/blocks.cpp without HTTP: whom one may block, that blocking and lifting are
// idempotent (a second block keeps the first instant), the list newest first, and that a
// block declines the blocked player's open challenges to the blocker and nothing else.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/blocks.h"
#include "app/live_events.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class BlockUseCases : public testing::UseCaseTest {
 protected:
  BlockUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cid() const { return users_[2]; }

  std::vector<std::string> blocked_by(const model::User& user) {
    auto deps = block_deps();
    std::vector<std::string> out;
    const auto blocks = app::blocked_users(deps, user).value();
    for (const auto& b : blocks) out.push_back(b.blocked.username);
    return out;
  }
  game::ChallengeStatus status(std::int64_t challenge) {
    auto deps = challenge_deps();
    return app::get_challenge(deps, ann(), challenge).value().status;
  }
};

TEST_F(BlockUseCases, OneBlocksAnotherExistingPlayerOnceAndTheListIsNewestFirst) {
  auto deps = block_deps();
  EXPECT_EQ(app::block_user(deps, ann(), "ann").error().code, ErrorCode::kValidationError);
  EXPECT_EQ(app::block_user(deps, ann(), "nobody").error().code, ErrorCode::kNotFound);
  EXPECT_TRUE(blocked_by(ann()).empty());

  const auto first = clock_->now();
  auto blocked = app::block_user(deps, ann(), "ben");
  ASSERT_TRUE(blocked) << blocked.error().detail;
  EXPECT_EQ(blocked->since, first);
  ASSERT_TRUE(clock_->advance(3600));
  auto again = app::block_user(deps, ann(), "BEN");
  ASSERT_TRUE(again) << again.error().detail;
  EXPECT_EQ(again->blocked.id, ben().id);
  EXPECT_EQ(again->since, first) << "blocking again keeps the first instant";
  ASSERT_TRUE(clock_->advance(60));
  ASSERT_TRUE(app::block_user(deps, ann(), "cid"));
  EXPECT_EQ(blocked_by(ann()), (std::vector<std::string>{"cid", "ben"}));
  EXPECT_TRUE(blocked_by(ben()).empty()) << "a block goes one way";

  ASSERT_TRUE(app::unblock_user(deps, ann(), "ben"));
  ASSERT_TRUE(app::unblock_user(deps, ann(), "ben")) << "nothing to lift is no error";
  EXPECT_EQ(app::unblock_user(deps, ann(), "nobody").error().code, ErrorCode::kNotFound);
  EXPECT_EQ(blocked_by(ann()), (std::vector<std::string>{"cid"}));
}

TEST_F(BlockUseCases, ABlockDeclinesOnlyTheBlockedPlayersOpenChallengesToTheBlocker) {
  const auto from_ben = challenge(ben(), ann());
  const auto to_ben = challenge(ann(), ben());
  const auto from_cid = challenge(cid(), ann());
  const auto ben_seen = app::live_events_after(*pool_, ben().id, std::nullopt).value().last_seq;
  auto deps = block_deps();
  ASSERT_TRUE(app::block_user(deps, ann(), "ben"));
  EXPECT_EQ(status(from_ben), game::ChallengeStatus::kDeclined);
  EXPECT_EQ(status(to_ben), game::ChallengeStatus::kOpen) << "ann's own challenge stands";
  EXPECT_EQ(status(from_cid), game::ChallengeStatus::kOpen);
  // Ben is told as of any decline.
  const auto told = app::live_events_after(*pool_, ben().id, ben_seen).value();
  ASSERT_EQ(told.events.size(), 1u);
  const auto message = nlohmann::json::parse(told.events.front().message);
  EXPECT_EQ(message.value("type", ""), "challenge_declined") << message.dump();
}

}  // namespace
}  // namespace corrchess
