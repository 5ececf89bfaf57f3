// Use cases of app/adjudications.cpp without HTTP: the directors' adjudication queue is for
// directors only, and holds a game as soon as its event's end date has passed, whether or
// not the sweep has run, with the claims filed in it.
#include <gtest/gtest.h>

#include "app/adjudications.h"
#include "app/event_workflows.h"
#include "app/events.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class AdjudicationUseCases : public testing::UseCaseTest {
 protected:
  AdjudicationUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    director_ = player("td", "td");
  }
  const model::User& ann() const { return users_[0]; }

  // An event of ann, ben and cid ending in `days`, started.
  std::int64_t started_event(const std::string& name, int days) {
    auto request = event_creation(name, {"ann", "ben", "cid"});
    request.settings.end_at = clock_->now() + game::days(days);
    const auto id = new_event(director_, request);
    auto deps = game_deps();
    EXPECT_TRUE(app::start_event(deps, director_, id));
    return id;
  }

  model::User director_;
};

TEST_F(AdjudicationUseCases, OnlyDirectorsSeeTheQueue) {
  started_event("Short", 1);
  ASSERT_TRUE(clock_->advance(game::days(2)));
  auto deps = game_deps();
  EXPECT_EQ(app::adjudication_queue(deps, ann()).error().code, ErrorCode::kForbidden);
  const auto admin = player("root", "admin");
  const auto for_td = app::adjudication_queue(deps, director_);
  const auto for_admin = app::adjudication_queue(deps, admin);
  ASSERT_TRUE(for_td && for_admin);
  EXPECT_EQ(for_td->games.size(), 3u);
  EXPECT_EQ(for_admin->games.size(), 3u) << "the same queue for every director";
}

TEST_F(AdjudicationUseCases, AGameIsQueuedAsSoonAsItsEndDatePassesWithItsClaims) {
  const auto soon = started_event("Soon", 10);
  started_event("Later", 20);
  auto deps = game_deps();
  auto queue = app::adjudication_queue(deps, director_);
  ASSERT_TRUE(queue);
  EXPECT_TRUE(queue->games.empty());
  EXPECT_TRUE(queue->claims.empty());

  // No sweep runs here: the queue itself settles what is due.
  const auto end = clock_->now() + game::days(10);
  ASSERT_TRUE(clock_->set(end));
  queue = app::adjudication_queue(deps, director_);
  ASSERT_TRUE(queue);
  EXPECT_EQ(queue->now, end);
  ASSERT_EQ(queue->games.size(), 3u) << "only the event that ended";
  for (const auto& g : queue->games) {
    EXPECT_EQ(g.event_id, soon);
    EXPECT_EQ(g.event_name, "Soon");
    EXPECT_EQ(g.game.adjudication_since, end);
  }
  const auto game_id = queue->games.front().game.game_id;
  const auto claimant = stored_user(queue->games.front().game.white).value();
  ASSERT_TRUE(app::file_adjudication_claim(deps, claimant, soon, {game_id, "draw", ""}));
  queue = app::adjudication_queue(deps, director_);
  ASSERT_TRUE(queue);
  ASSERT_EQ(queue->claims.size(), 1u);
  EXPECT_EQ(queue->claims.front().game_id, game_id);
  EXPECT_EQ(queue->claims.front().user_id, claimant.id);
}

}  // namespace
}  // namespace corrchess
