#include <gtest/gtest.h>

#include <vector>

#include "core/game/leave.h"

namespace corrchess::game {
namespace {

Timestamp at(std::string_view rfc3339) { return parse_rfc3339(rfc3339).value(); }
CivilDate date(std::string_view s) { return parse_date(s).value(); }

LeavePeriod period(std::string_view first, std::string_view last, bool special = false) {
  LeavePeriod p;
  p.first_day = date(first);
  p.last_day = date(last);
  p.special = special;
  if (special) p.reason = "illness";
  return p;
}

const TimeZone kLondon;
const TimeControl kStandard = IccfStandard{};
const LeavePolicy kPolicy{};

ErrorCode code_of(const Result<void>& r) { return r.error().code; }

TEST(LeaveRequest, OnlyFutureDaysInServerZone) {
  // 23:30 UTC on 1 July is already 2 July in London (BST), so "tomorrow" is 3 July.
  const Timestamp now = at("2024-07-01T23:30:00Z");
  auto today = validate_leave_request(period("2024-07-02", "2024-07-05"), {}, kStandard, kPolicy,
                                      now, kLondon);
  ASSERT_FALSE(today.has_value());
  EXPECT_EQ(code_of(today), ErrorCode::kValidationError);
  EXPECT_TRUE(validate_leave_request(period("2024-07-03", "2024-07-05"), {}, kStandard, kPolicy,
                                     now, kLondon)
                  .has_value());
  // The same instant in UTC is still 1 July, so 2 July is tomorrow there.
  EXPECT_TRUE(validate_leave_request(period("2024-07-02", "2024-07-05"), {}, kStandard, kPolicy,
                                     now, TimeZone::utc())
                  .has_value());
}

TEST(LeaveRequest, RejectsBadRanges) {
  const Timestamp now = at("2024-01-01T12:00:00Z");
  EXPECT_EQ(code_of(validate_leave_request(period("2024-02-10", "2024-02-09"), {}, kStandard,
                                           kPolicy, now, kLondon)),
            ErrorCode::kValidationError);
  LeavePeriod invalid_day = period("2024-02-10", "2024-02-11");
  invalid_day.last_day = CivilDate{2024, 2, 30};
  EXPECT_EQ(code_of(validate_leave_request(invalid_day, {}, kStandard, kPolicy, now, kLondon)),
            ErrorCode::kValidationError);
}

TEST(LeaveRequest, NotAllowedInTripleBlock) {
  auto r = validate_leave_request(period("2024-02-10", "2024-02-11"), {}, TripleBlock{}, kPolicy,
                                  at("2024-01-01T12:00:00Z"), kLondon);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(code_of(r), ErrorCode::kLeaveNotAllowed);
}

TEST(LeaveRequest, AllowanceOf45DaysPerYear) {
  const Timestamp now = at("2024-01-01T12:00:00Z");
  // 1 March .. 14 April 2024 = 31 + 14 = 45 days: exactly the allowance.
  EXPECT_TRUE(validate_leave_request(period("2024-03-01", "2024-04-14"), {}, kStandard, kPolicy,
                                     now, kLondon)
                  .has_value());
  EXPECT_EQ(code_of(validate_leave_request(period("2024-03-01", "2024-04-15"), {}, kStandard,
                                           kPolicy, now, kLondon)),
            ErrorCode::kLeaveExceedsAllowance);
  // 40 days already taken: 5 more fit, 6 do not.
  const std::vector<LeavePeriod> taken = {period("2024-05-01", "2024-06-09")};
  EXPECT_EQ(leave_balance(taken, 2024, kPolicy, kLondon).used_days, 40);
  EXPECT_TRUE(validate_leave_request(period("2024-08-01", "2024-08-05"), taken, kStandard, kPolicy,
                                     now, kLondon)
                  .has_value());
  EXPECT_EQ(code_of(validate_leave_request(period("2024-08-01", "2024-08-06"), taken, kStandard,
                                           kPolicy, now, kLondon)),
            ErrorCode::kLeaveExceedsAllowance);
  // A custom allowance.
  EXPECT_EQ(code_of(validate_leave_request(period("2024-08-01", "2024-08-06"), {}, kStandard,
                                           LeavePolicy{5}, now, kLondon)),
            ErrorCode::kLeaveExceedsAllowance);
}

TEST(LeaveRequest, SpanningNewYearIsChargedToEachYear) {
  const LeavePeriod p = period("2024-12-20", "2025-01-10");
  EXPECT_EQ(leave_days_in_year(p, 2024, kLondon), 12);
  EXPECT_EQ(leave_days_in_year(p, 2025, kLondon), 10);
  EXPECT_EQ(leave_days_in_year(p, 2023, kLondon), 0);
  const Timestamp now = at("2024-06-01T12:00:00Z");
  // 2024 already has 35 days used: 12 more would exceed it, even though 2025 is empty.
  const std::vector<LeavePeriod> taken = {period("2024-02-01", "2024-03-06")};
  EXPECT_EQ(leave_balance(taken, 2024, kPolicy, kLondon).used_days, 35);
  EXPECT_EQ(code_of(validate_leave_request(p, taken, kStandard, kPolicy, now, kLondon)),
            ErrorCode::kLeaveExceedsAllowance);
  // With 33 used, the 12 days fit in 2024 and 10 in 2025.
  const std::vector<LeavePeriod> fewer = {period("2024-02-01", "2024-03-04")};
  EXPECT_TRUE(validate_leave_request(p, fewer, kStandard, kPolicy, now, kLondon).has_value());
  std::vector<LeavePeriod> all = fewer;
  all.push_back(p);
  EXPECT_EQ(leave_balance(all, 2024, kPolicy, kLondon),
            (LeaveBalance{.year = 2024, .used_days = 45, .special_days = 0, .remaining_days = 0}));
  EXPECT_EQ(leave_balance(all, 2025, kPolicy, kLondon),
            (LeaveBalance{.year = 2025, .used_days = 10, .special_days = 0, .remaining_days = 35}));
}

TEST(LeaveRequest, UnusedDaysLapseAtNewYear) {
  // Nothing taken in 2024 does not give more than 45 in 2025.
  EXPECT_EQ(code_of(validate_leave_request(period("2025-01-01", "2025-02-15"), {}, kStandard,
                                           kPolicy, at("2024-06-01T12:00:00Z"), kLondon)),
            ErrorCode::kLeaveExceedsAllowance);
}

TEST(LeaveRequest, OverlapsAreRejected) {
  const Timestamp now = at("2024-01-01T12:00:00Z");
  const std::vector<LeavePeriod> taken = {period("2024-03-10", "2024-03-15")};
  for (auto [first, last] :
       {std::pair{"2024-03-15", "2024-03-20"}, std::pair{"2024-03-01", "2024-03-10"},
        std::pair{"2024-03-11", "2024-03-12"}}) {
    EXPECT_EQ(code_of(validate_leave_request(period(first, last), taken, kStandard, kPolicy, now,
                                             kLondon)),
              ErrorCode::kValidationError)
        << first;
  }
  EXPECT_TRUE(validate_leave_request(period("2024-03-16", "2024-03-20"), taken, kStandard, kPolicy,
                                     now, kLondon)
                  .has_value());
}

TEST(SpecialLeave, DoesNotCountAgainstAllowanceButNeedsReason) {
  const Timestamp now = at("2024-01-01T12:00:00Z");
  const std::vector<LeavePeriod> taken = {period("2024-02-01", "2024-03-16")};  // 45 days
  EXPECT_EQ(leave_balance(taken, 2024, kPolicy, kLondon).remaining_days, 0);
  const LeavePeriod special = period("2024-05-01", "2024-05-30", true);
  EXPECT_TRUE(validate_leave_request(special, taken, kStandard, kPolicy, now, kLondon).has_value());
  LeavePeriod no_reason = special;
  no_reason.reason.clear();
  EXPECT_EQ(code_of(validate_leave_request(no_reason, taken, kStandard, kPolicy, now, kLondon)),
            ErrorCode::kValidationError);
  std::vector<LeavePeriod> all = taken;
  all.push_back(special);
  const LeaveBalance b = leave_balance(all, 2024, kPolicy, kLondon);
  EXPECT_EQ(b.used_days, 45);
  EXPECT_EQ(b.special_days, 30);
  EXPECT_EQ(b.remaining_days, 0);
}

TEST(LeaveCancellation, OnlyBeforeTheFirstDayStarts) {
  const LeavePeriod p = period("2024-07-10", "2024-07-12");
  // London midnight of 10 July is 9 July 23:00 UTC.
  EXPECT_TRUE(validate_leave_cancellation(p, at("2024-07-09T22:59:59Z"), kLondon).has_value());
  EXPECT_FALSE(validate_leave_cancellation(p, at("2024-07-09T23:00:00Z"), kLondon).has_value());
}

TEST(LeaveEndedEarly, TheStartedDayStillCounts) {
  const LeavePeriod p = period("2024-07-10", "2024-07-19");
  EXPECT_FALSE(end_leave_early(p, at("2024-07-09T12:00:00Z"), kLondon).has_value());
  EXPECT_FALSE(end_leave_early(p, at("2024-07-19T23:00:00Z"), kLondon).has_value());
  auto ended = end_leave_early(p, at("2024-07-12T10:00:00Z"), kLondon);
  ASSERT_TRUE(ended.has_value());
  EXPECT_EQ(ended->last_day, date("2024-07-12"));
  EXPECT_EQ(ended->ended_at, at("2024-07-12T10:00:00Z"));
  EXPECT_EQ(leave_days_in_year(*ended, 2024, kLondon), 3);
  EXPECT_EQ(leave_interval(*ended, kLondon),
            (TimeInterval{at("2024-07-09T23:00:00Z"), at("2024-07-12T10:00:00Z")}));
  const std::vector<LeavePeriod> v = {*ended};
  EXPECT_TRUE(is_on_leave(v, at("2024-07-12T09:59:59Z"), kLondon));
  EXPECT_FALSE(is_on_leave(v, at("2024-07-12T10:00:00Z"), kLondon));
  // The dropped days are free again.
  EXPECT_TRUE(validate_leave_request(period("2024-07-14", "2024-07-15"), v, kStandard, kPolicy,
                                     at("2024-07-12T10:00:00Z"), kLondon)
                  .has_value());
}

TEST(LeaveDays, FollowLocalMidnightsAcrossDst) {
  const std::vector<LeavePeriod> spring = {period("2024-03-31", "2024-03-31")};
  const TimeInterval s = leave_interval(spring[0], kLondon);
  EXPECT_EQ(s.begin, at("2024-03-31T00:00:00Z"));
  EXPECT_EQ(s.end, at("2024-03-31T23:00:00Z"));  // a 23-hour day
  const std::vector<LeavePeriod> autumn = {period("2024-10-27", "2024-10-27")};
  const TimeInterval a = leave_interval(autumn[0], kLondon);
  EXPECT_EQ(a.begin, at("2024-10-26T23:00:00Z"));
  EXPECT_EQ(a.end, at("2024-10-28T00:00:00Z"));  // a 25-hour day
  EXPECT_FALSE(is_on_leave(autumn, at("2024-10-26T22:59:59Z"), kLondon));
  EXPECT_TRUE(is_on_leave(autumn, at("2024-10-26T23:00:00Z"), kLondon));
  EXPECT_TRUE(is_on_leave(autumn, at("2024-10-27T23:59:59Z"), kLondon));
  EXPECT_FALSE(is_on_leave(autumn, at("2024-10-28T00:00:00Z"), kLondon));
}

TEST(LeaveDays, IntervalsAreMergedAndSorted) {
  const std::vector<LeavePeriod> v = {period("2024-08-05", "2024-08-06"),
                                      period("2024-08-01", "2024-08-04"),
                                      period("2024-09-01", "2024-09-01")};
  const std::vector<TimeInterval> iv = leave_intervals(v, TimeZone::utc());
  ASSERT_EQ(iv.size(), 2u);
  EXPECT_EQ(iv[0], (TimeInterval{at("2024-08-01T00:00:00Z"), at("2024-08-07T00:00:00Z")}));
  EXPECT_EQ(iv[1], (TimeInterval{at("2024-09-01T00:00:00Z"), at("2024-09-02T00:00:00Z")}));
}

}  // namespace
}  // namespace corrchess::game
