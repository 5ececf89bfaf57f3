// Use cases of app/event_workflows.cpp without HTTP: only directors start, withdraw and
// replace; an event starts once, with two players at least and before its end date; a
// withdrawal defaults the unfinished games only; a replacement takes over the games as they
// stand and must be new to the event.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/event_workflows.h"
#include "app/events.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class EventWorkflowUseCases : public testing::UseCaseTest {
 protected:
  EventWorkflowUseCases() : UseCaseTest({"ann", "ben", "cid", "dan"}) {}
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    director_ = player("td", "td");
  }
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cid() const { return users_[2]; }
  const model::User& dan() const { return users_[3]; }

  app::EventView event(std::int64_t id) {
    auto deps = game_deps();
    return app::read_event(deps, id, app::EventRead::kAfterCommand).value();
  }
  // The game of `a` against `b` in `view`.
  static const model::EventGame& game_of(const app::EventView& view, const std::string& a,
                                         const std::string& b) {
    for (const auto& g : view.games) {
      if ((g.white == a && g.black == b) || (g.white == b && g.black == a)) return g;
    }
    ADD_FAILURE() << "no game " << a << " - " << b;
    return view.games.front();
  }
  // The status of `username`'s entry in `view` ("" when not entered).
  static std::string status_of(const app::EventView& view, const std::string& username) {
    for (const auto& p : view.players) {
      if (p.user.username == username) return p.status;
    }
    return "";
  }

  model::User director_;
};

TEST_F(EventWorkflowUseCases, ADirectorStartsAnEventOnceWithTwoPlayersBeforeItsEnd) {
  auto deps = game_deps();
  const auto id = new_event(director_, event_creation("Three", {"ann", "ben", "cid"}));
  EXPECT_EQ(app::start_event(deps, ann(), id).error().code, ErrorCode::kForbidden);
  EXPECT_FALSE(event(id).event.started());
  const auto alone = new_event(director_, event_creation("Alone", {"ann"}));
  EXPECT_EQ(app::start_event(deps, director_, alone).error().code, ErrorCode::kConflict);
  EXPECT_TRUE(event(alone).games.empty());
  auto short_event = event_creation("Short", {"ann", "ben"});
  short_event.settings.end_at = clock_->now() + game::days(1);
  const auto ended = new_event(director_, short_event);

  ASSERT_TRUE(app::start_event(deps, director_, id));
  auto view = event(id);
  EXPECT_TRUE(view.event.started());
  EXPECT_EQ(view.games.size(), 3u) << "all-play-all";
  EXPECT_EQ(app::event_status(view.event, view.games), "running");
  EXPECT_EQ(app::start_event(deps, director_, id).error().code, ErrorCode::kConflict);
  EXPECT_EQ(event(id).games.size(), 3u) << "started once";

  ASSERT_TRUE(clock_->advance(game::days(2)));
  EXPECT_EQ(app::start_event(deps, director_, ended).error().code, ErrorCode::kConflict)
      << "past its end date";
  EXPECT_TRUE(event(ended).games.empty());
}

TEST_F(EventWorkflowUseCases, AWithdrawalDefaultsOnlyTheUnfinishedGames) {
  auto deps = game_deps();
  const auto id = new_event(director_, event_creation("Four", {"ann", "ben", "cid", "dan"}));
  // Before the start the entry is simply taken off.
  EXPECT_EQ(app::withdraw_player(deps, ann(), id, "dan", "spite").error().code,
            ErrorCode::kForbidden);
  EXPECT_EQ(app::withdraw_player(deps, director_, id, "nobody", "").error().code,
            ErrorCode::kValidationError);
  ASSERT_TRUE(app::withdraw_player(deps, director_, id, "dan", "changed plans"));
  EXPECT_EQ(status_of(event(id), "dan"), "");
  EXPECT_EQ(app::withdraw_player(deps, director_, id, "dan", "").error().code,
            ErrorCode::kValidationError)
      << "no longer in it";

  ASSERT_TRUE(app::start_event(deps, director_, id));
  const auto decided = game_of(event(id), "ann", "ben").game_id;
  ASSERT_TRUE(app::resign(deps, ben(), decided));  // ann wins this one over the board
  ASSERT_TRUE(app::withdraw_player(deps, director_, id, "ann", "ill"));
  const auto view = event(id);
  EXPECT_EQ(status_of(view, "ann"), "withdrawn");
  const auto& won = game_of(view, "ann", "ben");
  EXPECT_EQ(won.termination, game::Termination::kResignation) << "a finished game stays as it was";
  const auto& defaulted = game_of(view, "ann", "cid");
  EXPECT_EQ(defaulted.termination, game::Termination::kDefault);
  EXPECT_EQ(defaulted.result,
            defaulted.white == "cid" ? game::GameResult::kWhiteWins : game::GameResult::kBlackWins);
  EXPECT_FALSE(game_of(view, "ben", "cid").result) << "the others' game goes on";
  EXPECT_EQ(app::withdraw_player(deps, director_, id, "ann", "again").error().code,
            ErrorCode::kConflict);
}

TEST_F(EventWorkflowUseCases, AReplacementNewToTheEventTakesOverTheGamesAsTheyStand) {
  auto deps = game_deps();
  const auto id = new_event(director_, event_creation("Pair", {"ann", "ben"}));
  ASSERT_TRUE(app::start_event(deps, director_, id));
  const auto game_id = event(id).games.front().game_id;
  const auto& white = event(id).games.front().white == "ann" ? ann() : ben();
  ASSERT_NO_FATAL_FAILURE(play(white, game_id, "e4"));

  EXPECT_EQ(app::replace_player(deps, ben(), id, "ann", "cid", "").error().code,
            ErrorCode::kForbidden);
  EXPECT_EQ(app::replace_player(deps, director_, id, "ann", "ben", "").error().code,
            ErrorCode::kConflict)
      << "ben plays in it";
  EXPECT_EQ(app::replace_player(deps, director_, id, "ann", "nobody", "").error().code,
            ErrorCode::kValidationError);
  ASSERT_TRUE(app::replace_player(deps, director_, id, "ann", "cid", "moved away"));

  const auto view = event(id);
  EXPECT_EQ(status_of(view, "ann"), "replaced");
  EXPECT_EQ(status_of(view, "cid"), "active");
  auto shown = app::view_game(deps, cid(), game_id);
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->state.ply, 1) << "as it stood";
  EXPECT_TRUE(shown->viewer.has_value()) << "cid plays it now";
  EXPECT_NE(shown->stored.white.id, ann().id);
  EXPECT_NE(shown->stored.black.id, ann().id);
  EXPECT_EQ(app::submit_move(deps, ann(), game_id, move_request("d4")).error().code,
            ErrorCode::kForbidden);
  // A replaced player may not come back, nor be replaced again.
  EXPECT_EQ(app::replace_player(deps, director_, id, "cid", "ann", "").error().code,
            ErrorCode::kConflict);
  EXPECT_EQ(app::replace_player(deps, director_, id, "ann", "dan", "").error().code,
            ErrorCode::kConflict);
}

}  // namespace
}  // namespace corrchess
