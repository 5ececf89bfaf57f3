// Use cases of app/events.cpp without HTTP: who may create an event and what a refused
// creation leaves (nothing), the entry rules of open events (seats, the rating range, the
// entry bar after a time-forfeit loss), adjudication claims, and the live feed of delayed
// events.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "app/event_workflows.h"
#include "app/events.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

// The first page of the events list with `status`.
app::EventListQuery events_of_status(const char* status) {
  app::EventListQuery query;
  query.status = status;
  return query;
}

class EventUseCases : public testing::UseCaseTest {
 protected:
  EventUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    director_ = player("td", "td");
  }
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cid() const { return users_[2]; }

  // An event open for entry with at most `seats` players.
  std::int64_t open_event(const std::string& name, std::optional<int> seats = std::nullopt) {
    auto request = event_creation(name);
    request.settings.open_for_entry = true;
    request.settings.max_players = seats;
    return new_event(director_, request);
  }
  // `user` enters event `id`: the error code, nullopt when entered.
  std::optional<ErrorCode> join(const model::User& user, std::int64_t id) {
    auto deps = game_deps();
    std::optional<game::Timestamp> barred;
    auto joined = app::join_event(deps, user, id, barred);
    return joined ? std::nullopt : std::optional(joined.error().code);
  }
  std::vector<std::string> entrants(std::int64_t id) {
    auto deps = game_deps();
    std::vector<std::string> out;
    const auto view = app::read_event(deps, id, app::EventRead::kAfterCommand).value();
    for (const auto& p : view.players) {
      out.push_back(p.user.username);
    }
    return out;
  }
  // Starts event `id` (the director; must succeed) and returns its games.
  std::vector<model::EventGame> start(std::int64_t id) {
    auto deps = game_deps();
    auto started = app::start_event(deps, director_, id);
    EXPECT_TRUE(started) << (started ? "" : started.error().detail);
    return app::read_event(deps, id, app::EventRead::kAfterCommand).value().games;
  }

  model::User director_;
};

TEST_F(EventUseCases, OnlyDirectorsCreateEventsAndARefusedCreationStoresNothing) {
  auto deps = game_deps();
  EXPECT_EQ(app::create_event(deps, ann(), event_creation("Mine")).error().code,
            ErrorCode::kForbidden);
  auto ends_before = event_creation("Ends before it starts");
  ends_before.start_at = clock_->now() + game::days(10);
  ends_before.settings.end_at = clock_->now() + game::days(5);
  auto ended = event_creation("Ended");
  ended.start_at = clock_->now() - game::days(10);
  ended.settings.end_at = clock_->now() - 1;
  auto full = event_creation("Too many", {"ann", "ben", "cid"});
  full.settings.max_players = 2;
  for (const auto& refused : {ends_before, ended, event_creation("Unknown", {"ann", "nobody"}),
                              event_creation("Twice", {"ann", "ben", "ANN"}), full}) {
    auto made = app::create_event(deps, director_, refused);
    ASSERT_FALSE(made) << refused.settings.name;
    EXPECT_EQ(made.error().code, ErrorCode::kValidationError) << refused.settings.name;
  }
  EXPECT_TRUE(app::list_events(deps, events_of_status("all")).value().events.empty());
  EXPECT_EQ(app::list_events(deps, events_of_status("over")).error().code,
            ErrorCode::kValidationError);

  const auto id = new_event(director_, event_creation("Fine", {"ben", "ann"}));
  const auto listed = app::list_events(deps, events_of_status("registration"));
  ASSERT_TRUE(listed);
  ASSERT_EQ(listed->events.size(), 1u);
  EXPECT_EQ(listed->total, 1);
  EXPECT_EQ(listed->events.front().event.id, id);
  EXPECT_EQ(listed->events.front().players, 2);
  EXPECT_EQ(entrants(id), (std::vector<std::string>{"ben", "ann"})) << "seats in the given order";
}

TEST_F(EventUseCases, PlayersEnterAndLeaveOpenEventsWhileSeatsAreFreeBeforeTheStart) {
  const auto closed = new_event(director_, event_creation("Invitation"));
  EXPECT_EQ(join(ann(), closed), ErrorCode::kForbidden);
  const auto id = open_event("Open", 2);
  EXPECT_EQ(join(ann(), id), std::nullopt);
  EXPECT_EQ(join(ann(), id), ErrorCode::kConflict) << "already entered";
  EXPECT_EQ(join(ben(), id), std::nullopt);
  EXPECT_EQ(join(cid(), id), ErrorCode::kConflict) << "full";
  auto deps = game_deps();
  EXPECT_EQ(app::add_event_player(deps, director_, id, "cid").error().code, ErrorCode::kConflict)
      << "full for the director too";
  EXPECT_EQ(app::add_event_player(deps, ann(), id, "cid").error().code, ErrorCode::kForbidden);
  EXPECT_EQ(entrants(id), (std::vector<std::string>{"ann", "ben"}));
  // A seat given back is free again; a player not entered cannot leave.
  ASSERT_TRUE(app::leave_event(deps, ann(), id));
  EXPECT_EQ(app::leave_event(deps, ann(), id).error().code, ErrorCode::kConflict);
  EXPECT_EQ(join(cid(), id), std::nullopt);
  EXPECT_EQ(entrants(id), (std::vector<std::string>{"ben", "cid"}));
  // Started: no entry is taken back.
  EXPECT_EQ(start(id).size(), 1u);
  EXPECT_EQ(app::leave_event(deps, ben(), id).error().code, ErrorCode::kConflict);
  EXPECT_EQ(entrants(id), (std::vector<std::string>{"ben", "cid"}));
}

TEST_F(EventUseCases, TheRatingRangeAndTheEntryBarKeepPlayersOutButNotTheDirector) {
  auto rated = event_creation("Rated 1400+");
  rated.settings.open_for_entry = true;
  rated.rating_terms.min_rating = 1400;
  const auto minimum = new_event(director_, rated);
  EXPECT_EQ(join(ann(), minimum), ErrorCode::kRatingOutOfRange) << "unrated";
  auto capped = event_creation("Under 1800");
  capped.settings.open_for_entry = true;
  capped.rating_terms.max_rating = 1800;
  EXPECT_EQ(join(ann(), new_event(director_, capped)), std::nullopt) << "unrated is under any cap";

  // Ben loses on time (no silence rule: the flag falls 51 days after the start, 50 charged
  // days and the free first 24 hours, rules.md 3.2) and is barred for 30 days from the loss.
  auto deps = game_deps();
  app::SingleGameRequest request{ben().username, cid().username, {}, std::nullopt, std::nullopt};
  request.setup.time_control = game::IccfStandard{};
  request.setup.rules.silence_rule = false;
  ASSERT_TRUE(app::create_single_game(deps, director_, request));
  const auto loss = clock_->now() + game::days(51);
  ASSERT_TRUE(clock_->advance(game::days(52)));
  const auto open = open_event("Open");
  std::optional<game::Timestamp> barred;
  auto refused = app::join_event(deps, ben(), open, barred);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kConflict);
  ASSERT_TRUE(barred);
  EXPECT_EQ(*barred, loss + game::days(30));
  EXPECT_TRUE(entrants(open).empty());
  // The director's entries are not checked; the bar ends when it says.
  EXPECT_TRUE(app::add_event_player(deps, director_, open, "ben"));
  const auto later = open_event("Later");
  ASSERT_TRUE(clock_->set(*barred));
  EXPECT_EQ(join(ben(), later), std::nullopt);
}

TEST_F(EventUseCases, AdjudicationClaimsAreTheirPlayersForFourteenDaysAfterTheEndDate) {
  auto request = event_creation("Ends", {"ann", "ben"});
  const auto end = clock_->now() + game::days(10);
  request.settings.end_at = end;
  const auto id = new_event(director_, request);
  const auto games = start(id);
  ASSERT_EQ(games.size(), 1u);
  const auto game_id = games.front().game_id;
  const auto ann_side = games.front().white == "ann" ? game::Color::kWhite : game::Color::kBlack;
  const auto outside = single_game(director_, ann(), cid());
  auto deps = game_deps();
  const auto file = [&](const model::User& user, std::int64_t game, const std::string& claim,
                        const std::string& analysis) {
    return app::file_adjudication_claim(deps, user, id, {game, claim, analysis});
  };
  EXPECT_EQ(file(ann(), game_id, "win", "1. Qh5 wins").error().code, ErrorCode::kConflict)
      << "not awaiting adjudication before the end date";
  ASSERT_TRUE(clock_->advance(game::days(10) + 3600));
  EXPECT_EQ(file(cid(), game_id, "draw", "").error().code, ErrorCode::kForbidden);
  EXPECT_EQ(file(ann(), outside, "draw", "").error().code, ErrorCode::kValidationError);
  EXPECT_EQ(file(ann(), game_id, "win", " \n").error().code, ErrorCode::kValidationError)
      << "a win claim needs its analysis";
  EXPECT_EQ(file(ann(), game_id, "loss", "").error().code, ErrorCode::kValidationError);
  EXPECT_TRUE(app::read_event(deps, id, app::EventRead::kAfterCommand).value().claims.empty())
      << "refused claims are not kept";

  auto filed = file(ann(), game_id, "win", "1. Qh5 wins");
  ASSERT_TRUE(filed) << filed.error().detail;
  EXPECT_EQ(filed->claims_due, end + app::kAdjudicationClaimWindow);
  EXPECT_EQ(filed->claim.side, ann_side);
  ASSERT_TRUE(file(ben(), game_id, "draw", ""));
  ASSERT_TRUE(file(ann(), game_id, "draw", "")) << "filing again replaces the claim";
  const auto claims = app::read_event(deps, id, app::EventRead::kAfterCommand).value().claims;
  ASSERT_EQ(claims.size(), 2u);
  for (const auto& c : claims) EXPECT_EQ(c.claim, "draw") << c.user_id;

  ASSERT_TRUE(clock_->set(end + app::kAdjudicationClaimWindow));
  EXPECT_EQ(file(ben(), game_id, "win", "analysis").error().code, ErrorCode::kConflict)
      << "the window closed";
}

TEST_F(EventUseCases, TheGamesOfADelayedEventAreNotStreamedToOthersWhileUnfinished) {
  auto request = event_creation("Delayed", {"ann", "ben"});
  request.settings.visibility = model::Visibility::kDelayed;
  request.settings.delay_moves = 2;
  const auto id = new_event(director_, request);
  const auto game_id = start(id).front().game_id;
  const auto outside = single_game(director_, ann(), ben());
  auto deps = game_deps();
  EXPECT_EQ(app::may_watch_live(deps, cid(), game_id).error().code, ErrorCode::kForbidden);
  EXPECT_TRUE(app::may_watch_live(deps, ann(), game_id));
  EXPECT_TRUE(app::may_watch_live(deps, director_, game_id));
  EXPECT_TRUE(app::may_watch_live(deps, cid(), outside)) << "games outside events are open";
  EXPECT_EQ(app::may_watch_live(deps, cid(), game_id + outside + 1).error().code,
            ErrorCode::kNotFound);
  ASSERT_TRUE(app::resign(deps, ben(), game_id));
  EXPECT_TRUE(app::may_watch_live(deps, cid(), game_id)) << "over: shown to all";
}

}  // namespace
}  // namespace corrchess
