// Use cases of app/ratings.cpp without HTTP: a finished period's list is published once (and
// only rated games count), a director's recomputation publishes new versions and keeps the
// old, who may recompute and what the requests are checked for, and the preview of a game.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/audit.h"
#include "app/ratings.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class RatingUseCases : public testing::UseCaseTest {
 protected:
  RatingUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    director_ = player("td", "td");
  }
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cid() const { return users_[2]; }

  // A rated game of ann (White) and ben that ben resigns now; its id.
  std::int64_t ann_beats_ben() {
    const auto id = single_game(director_, ann(), ben());
    auto deps = game_deps();
    EXPECT_TRUE(app::resign(deps, ben(), id));
    return id;
  }
  int publish() {
    auto deps = rating_deps();
    auto published = app::publish_due_rating_lists(deps);
    EXPECT_TRUE(published) << (published ? "" : published.error().detail);
    return published.value_or(-1);
  }
  // The rating of `user` in `view` (0 when not listed).
  static double rating_of(const app::RatingListView& view, const model::User& user) {
    for (const auto& e : view.entries) {
      if (e.user_id == user.id) return e.rating;
    }
    return 0;
  }

  model::User director_;
};

TEST_F(RatingUseCases, AFinishedPeriodIsPublishedOnceWithTheRatedGamesOnly) {
  ann_beats_ben();
  // cid resigns a game of an unrated challenge: it does not count.
  auto request = challenge_to(cid());
  request.rated = false;
  auto challenges = challenge_deps();
  auto made = app::create_challenge(challenges, ann(), request);
  ASSERT_TRUE(made) << made.error().detail;
  auto accepted = app::accept_challenge(challenges, cid(), made->stored.id);
  ASSERT_TRUE(accepted) << accepted.error().detail;
  auto games = game_deps();
  ASSERT_TRUE(app::resign(games, cid(), accepted->game_id));

  auto deps = rating_deps();
  EXPECT_EQ(publish(), 0) << "January has not ended";
  const auto due = app::next_rating_publication(deps);
  ASSERT_TRUE(due && *due);
  const auto february = game::utc_instant(game::CivilDate{2030, 2, 1}, 0);
  EXPECT_EQ(**due, february);
  ASSERT_TRUE(clock_->set(february));
  EXPECT_EQ(publish(), 1) << "standard only: no Chess960 game";
  EXPECT_EQ(publish(), 0) << "once";

  const auto list = app::rating_list(deps, "standard", "2030-01", std::nullopt);
  ASSERT_TRUE(list) << list.error().detail;
  ASSERT_EQ(list->entries.size(), 2u) << "cid's game was unrated";
  EXPECT_EQ(list->entries[0].user_id, ann().id);
  EXPECT_GT(rating_of(*list, ann()), 1500);
  EXPECT_LT(rating_of(*list, ben()), 1500);
  EXPECT_TRUE(app::rating_history(deps, "cid").value().rows.empty());
  EXPECT_EQ(app::rating_history(deps, "ann").value().rows.size(), 1u);
  // The username as stored, whatever the case asked for.
  EXPECT_EQ(app::rating_history(deps, "ANN").value().username, "ann");
}

TEST_F(RatingUseCases, ARecomputationPublishesNewVersionsFromThePeriodOnAndKeepsTheOld) {
  const auto game = ann_beats_ben();
  ASSERT_TRUE(clock_->set(game::utc_instant(game::CivilDate{2030, 3, 1}, 0)));
  EXPECT_EQ(publish(), 2) << "January, then February";
  // The result is corrected to a draw, and January recomputed.
  auto games = game_deps();
  ASSERT_TRUE(app::set_result(games, director_, game, game::GameResult::kDraw,
                              game::Termination::kAdjudication, "the resignation was a mistake"));
  auto deps = rating_deps();
  const auto lists = app::recompute_rating_period(deps, director_, "standard", "2030-01", "fix");
  ASSERT_TRUE(lists) << lists.error().detail;
  ASSERT_EQ(lists->size(), 2u);
  EXPECT_EQ((*lists)[0].period, "2030-01");
  EXPECT_EQ((*lists)[1].period, "2030-02");
  for (const auto& l : *lists) {
    EXPECT_EQ(l.version, 2);
    EXPECT_EQ(l.published_by, "td");
    EXPECT_EQ(l.reason, "fix");
  }
  const auto old = app::rating_list(deps, "standard", "2030-01", 1);
  const auto current = app::rating_list(deps, "standard", "2030-01", std::nullopt);
  ASSERT_TRUE(old && current);
  EXPECT_EQ(current->list.version, 2);
  EXPECT_GT(rating_of(*old, ann()), rating_of(*old, ben())) << "the old version stays";
  EXPECT_DOUBLE_EQ(rating_of(*current, ann()), rating_of(*current, ben())) << "a draw of equals";
  EXPECT_EQ(app::rating_lists(deps, "standard").value().size(), 4u);
  app::AuditQuery query;
  query.username = "td";
  std::vector<std::string> audited;
  const auto records = app::audit_log(*pool_, director_, query).value();
  for (const auto& r : records) {
    if (r.action == "rating_list_recomputed") audited.push_back(r.detail.value("period", ""));
  }
  EXPECT_EQ(audited, (std::vector<std::string>{"2030-02", "2030-01"}));
}

TEST_F(RatingUseCases, OnlyDirectorsRecomputeAndRequestsAreChecked) {
  auto deps = rating_deps();
  EXPECT_EQ(app::recompute_rating_period(deps, ann(), "standard", "2030-01", "").error().code,
            ErrorCode::kForbidden);
  EXPECT_EQ(app::recompute_rating_period(deps, director_, "blitz", "2030-01", "").error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(app::recompute_rating_period(deps, director_, "standard", "January", "").error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(app::recompute_rating_period(deps, director_, "standard", "2030-01", "").error().code,
            ErrorCode::kNotFound)
      << "no list yet";
  EXPECT_EQ(app::rating_list(deps, "blitz", "2030-01", std::nullopt).error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(app::rating_list(deps, "standard", "2030-01", std::nullopt).error().code,
            ErrorCode::kNotFound);
  EXPECT_EQ(app::rating_lists(deps, "blitz").error().code, ErrorCode::kValidationError);
  EXPECT_EQ(app::rating_history(deps, "nobody").error().code, ErrorCode::kNotFound);
  EXPECT_TRUE(app::rating_lists(deps, std::nullopt).value().empty()) << "nothing was published";
}

TEST_F(RatingUseCases, APreviewShowsWhatEachResultWouldDo) {
  const auto game = single_game(director_, ann(), ben());
  auto deps = rating_deps();
  auto preview = app::rating_preview(deps, game, game::Variant::kStandard, ann().id, ben().id);
  ASSERT_TRUE(preview) << preview.error().detail;
  EXPECT_EQ(preview->pool, "standard");
  EXPECT_TRUE(preview->rated);
  EXPECT_FALSE(preview->white.current) << "newcomers";
  EXPECT_DOUBLE_EQ(preview->white.expected_score, 0.5);
  EXPECT_GT(preview->white.after_win, 1500);
  EXPECT_NEAR(preview->white.after_draw, 1500, 1e-6);
  EXPECT_LT(preview->white.after_loss, 1500);
  EXPECT_DOUBLE_EQ(preview->white.after_win - 1500, 1500 - preview->black.after_loss);

  // Once ann has beaten ben in a published list, she is expected to score more.
  ann_beats_ben();
  ASSERT_TRUE(clock_->set(game::utc_instant(game::CivilDate{2030, 2, 1}, 0)));
  ASSERT_EQ(publish(), 1);
  preview = app::rating_preview(deps, game, game::Variant::kStandard, ann().id, ben().id);
  ASSERT_TRUE(preview);
  ASSERT_TRUE(preview->white.current);
  EXPECT_GT(preview->white.expected_score, 0.5);
  EXPECT_NEAR(preview->white.expected_score + preview->black.expected_score, 1, 1e-9);
}

}  // namespace
}  // namespace corrchess
