// Use cases of app/leave.cpp without HTTP: the yearly allowance per event (and outside
// events), who may book leave in an event, future days only and no overlap (pending special
// requests count), special leave decided once by a director before it begins, and what
// cancelling does to a future, a running and a past period.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "app/leave.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class LeaveUseCases : public testing::UseCaseTest {
 protected:
  LeaveUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    director_ = player("td", "td");
  }
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cid() const { return users_[2]; }

  // Leave in 2030 (the clock starts on 7 January 2030) from month/day to month/day.
  static app::LeaveRequest days(int from_month, int from_day, int to_month, int to_day,
                                std::optional<std::int64_t> event_id = std::nullopt) {
    app::LeaveRequest request;
    request.event_id = event_id;
    request.period.first_day = game::CivilDate{2030, from_month, from_day};
    request.period.last_day = game::CivilDate{2030, to_month, to_day};
    return request;
  }
  static app::LeaveRequest special(app::LeaveRequest request, const std::string& reason) {
    request.period.special = true;
    request.period.reason = reason;
    return request;
  }
  // A booking of `who` (ann when null): the error code, or nullopt when stored.
  std::optional<ErrorCode> book(const app::LeaveRequest& request,
                                const model::User* who = nullptr) {
    auto deps = game_deps();
    auto entered = app::enter_leave(deps, who != nullptr ? *who : ann(), request);
    return entered ? std::nullopt : std::optional(entered.error().code);
  }
  std::int64_t booked(const app::LeaveRequest& request) {
    auto deps = game_deps();
    auto entered = app::enter_leave(deps, ann(), request);
    EXPECT_TRUE(entered) << (entered ? "" : entered.error().detail);
    return entered ? entered->id : 0;
  }
  // ann's balance of 2030 in `event_id` (none: outside events).
  app::LeaveBalance balance(std::optional<std::int64_t> event_id = std::nullopt) {
    auto deps = game_deps();
    const auto balances = app::leave_balances(deps, ann()).value();
    for (const auto& b : balances) {
      if (b.event_id == event_id && b.year == 2030) return b;
    }
    ADD_FAILURE() << "no balance";
    return {};
  }
  // ann's period `id` as stored.
  model::StoredLeave period(std::int64_t id) {
    auto deps = game_deps();
    const auto overview = app::my_leave(deps, ann()).value();
    for (const auto& p : overview.periods) {
      if (p.id == id) return p;
    }
    ADD_FAILURE() << "no period " << id;
    return {};
  }

  model::User director_;
};

TEST_F(LeaveUseCases, TheAllowanceIsPerEventAndYearAndOnlyForEventsOnePlaysIn) {
  // Outside events: 45 days. 40 taken, then 6 more are refused and 5 fit (rules.md §5).
  ASSERT_EQ(book(days(2, 1, 3, 12)), std::nullopt);  // 28 + 12 days
  EXPECT_EQ(balance().used_days, 40);
  EXPECT_EQ(book(days(4, 1, 4, 6)), ErrorCode::kLeaveExceedsAllowance);
  EXPECT_EQ(balance().used_days, 40) << "a refused booking changes nothing";
  EXPECT_EQ(book(days(4, 1, 4, 5)), std::nullopt);
  EXPECT_EQ(balance().remaining_days, 0);

  // An event with 10 days of its own, in which ann plays and cid does not.
  auto request = event_creation("Short leave", {"ann", "ben"});
  request.settings.leave_days_per_year = 10;
  const auto id = new_event(director_, request);
  EXPECT_EQ(book(days(5, 1, 5, 11, id)), ErrorCode::kLeaveExceedsAllowance);
  EXPECT_EQ(book(days(5, 1, 5, 10, id)), std::nullopt) << "the event's days are its own";
  EXPECT_EQ(balance(id).remaining_days, 0);
  EXPECT_EQ(book(days(5, 1, 5, 2, id), &cid()), ErrorCode::kLeaveNotAllowed);
  EXPECT_EQ(book(days(5, 1, 5, 2, id + 1)), ErrorCode::kValidationError) << "no such event";
}

TEST_F(LeaveUseCases, LeaveIsForFutureDaysThatOverlapNothingBookedOrAskedFor) {
  EXPECT_EQ(book(days(1, 7, 1, 8)), ErrorCode::kValidationError) << "today has begun";
  EXPECT_EQ(book(days(2, 10, 2, 9)), ErrorCode::kValidationError) << "ends before it begins";
  EXPECT_EQ(book(special(days(2, 1, 2, 10), "")), ErrorCode::kValidationError)
      << "special leave needs a reason";
  ASSERT_EQ(book(special(days(2, 1, 2, 10), "surgery")), std::nullopt);
  EXPECT_EQ(book(days(2, 10, 2, 12)), ErrorCode::kValidationError) << "overlaps the request";
  ASSERT_EQ(book(days(1, 8, 1, 8)), std::nullopt) << "tomorrow is fine";
  EXPECT_EQ(book(days(1, 8, 1, 9)), ErrorCode::kValidationError);
  EXPECT_EQ(book(days(2, 11, 2, 12), &ben()), std::nullopt) << "another player's days are free";
  auto deps = game_deps();
  EXPECT_EQ(app::my_leave(deps, ann()).value().periods.size(), 2u);
  EXPECT_EQ(balance().used_days, 1) << "the pending request is not counted";
}

TEST_F(LeaveUseCases, ADirectorDecidesSpecialLeaveOnceAndApprovesItOnlyBeforeItBegins) {
  const auto id = booked(special(days(3, 1, 3, 20), "surgery"));
  const auto late = booked(special(days(1, 9, 1, 10), "family"));
  auto deps = game_deps();
  EXPECT_EQ(period(id).status, "pending");
  EXPECT_EQ(app::pending_special_leave(deps, ann()).error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::decide_special_leave(deps, ann(), id, true, std::nullopt).error().code,
            ErrorCode::kForbidden);
  EXPECT_EQ(period(id).status, "pending");
  EXPECT_EQ(app::pending_special_leave(deps, director_).value().size(), 2u);

  auto approved = app::decide_special_leave(deps, director_, id, true, "get well");
  ASSERT_TRUE(approved) << approved.error().detail;
  EXPECT_EQ(approved->status, "approved");
  EXPECT_EQ(approved->decided_by, "td");
  EXPECT_EQ(app::decide_special_leave(deps, director_, id, false, "changed my mind").error().code,
            ErrorCode::kConflict);
  EXPECT_EQ(period(id).status, "approved");
  const auto b = balance();
  EXPECT_EQ(b.used_days, 0);
  EXPECT_EQ(b.special_days, 20);
  EXPECT_EQ(b.remaining_days, 45);

  // Once its first day has begun, a request can only be rejected.
  ASSERT_TRUE(clock_->set(game::utc_instant(game::CivilDate{2030, 1, 9}, 0)));
  EXPECT_EQ(app::decide_special_leave(deps, director_, late, true, std::nullopt).error().code,
            ErrorCode::kConflict);
  EXPECT_EQ(period(late).status, "pending");
  ASSERT_TRUE(app::decide_special_leave(deps, director_, late, false, "too late"));
  EXPECT_EQ(period(late).status, "rejected");
  EXPECT_TRUE(app::pending_special_leave(deps, director_).value().empty());
}

TEST_F(LeaveUseCases, CancellingRemovesFutureDaysEndsARunningPeriodTodayAndLeavesThePast) {
  const auto future = booked(days(3, 1, 3, 5));
  const auto past = booked(days(1, 8, 1, 8));
  const auto running = booked(days(1, 9, 1, 12));
  auto deps = game_deps();
  EXPECT_EQ(app::cancel_leave(deps, ben(), future).error().code, ErrorCode::kNotFound)
      << "not ben's";
  EXPECT_EQ(app::cancel_leave(deps, ann(), future + running + past).error().code,
            ErrorCode::kNotFound);
  ASSERT_TRUE(app::cancel_leave(deps, ann(), future));
  EXPECT_EQ(period(future).status, "cancelled");
  EXPECT_EQ(balance().used_days, 5);
  EXPECT_EQ(app::cancel_leave(deps, ann(), future).error().code, ErrorCode::kConflict);

  // On 10 January at noon: the running period ends today, today still counting.
  ASSERT_TRUE(clock_->set(game::utc_instant(game::CivilDate{2030, 1, 10}, 12)));
  ASSERT_TRUE(app::cancel_leave(deps, ann(), running));
  const auto ended = period(running);
  EXPECT_EQ(ended.status, "approved");
  EXPECT_EQ(ended.period.last_day, (game::CivilDate{2030, 1, 10}));
  EXPECT_EQ(ended.period.ended_at, clock_->now());
  EXPECT_EQ(balance().used_days, 3) << "8 (the past period), 9 and 10 January";
  EXPECT_EQ(app::cancel_leave(deps, ann(), past).error().code, ErrorCode::kConflict);
  EXPECT_EQ(period(past).status, "approved");
}

}  // namespace
}  // namespace corrchess
