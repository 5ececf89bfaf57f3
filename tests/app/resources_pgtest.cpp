// app/resources.cpp without HTTP: whether what a route's {id} names exists as its caller may
// name it, which the request pipeline asks of a refused request (api/pipeline.h). An unknown
// id of every kind is kNotFound with the use cases' detail; the kinds a user owns are the
// owner's alone (webhooks and push subscriptions, even to a director), a leave period its
// owner's and the directors', a challenge its players', the directors' and, when open to
// anyone, everyone's; and a series entry is looked for in its series.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "app/resources.h"
#include "db/push_subscriptions.h"
#include "db/webhooks.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

using model::Resource;

class ResourceLookups : public testing::UseCaseTest {
 protected:
  ResourceLookups() : UseCaseTest({"ann", "ben", "cat"}) {}

  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    td_ = player("td", "td");
  }
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cat() const { return users_[2]; }
  const model::User& td() const { return td_; }

  // The detail of the kNotFound of `id` of `kind` to `caller`, or "" when it exists to them.
  std::string missing(const model::User& caller, Resource kind, std::int64_t id) {
    auto found = app::require_exists(*pool_, caller, kind, id);
    if (found) return "";
    EXPECT_EQ(found.error().code, ErrorCode::kNotFound) << found.error().detail;
    return found.error().detail;
  }

  // A row made by `make` in a transaction of its own: its id.
  template <class Make>
  std::int64_t made(Make make) {
    auto id = db::in_transaction(*pool_,
                                 [&](pqxx::work& tx) -> Result<std::int64_t> { return make(tx); });
    EXPECT_TRUE(id.has_value());
    return id.value_or(0);
  }

  model::User td_;
};

TEST_F(ResourceLookups, AnUnknownIdOfEveryKindIsNotFoundWithTheUseCasesDetail) {
  for (const auto kind :
       {Resource::kGame, Resource::kEvent, Resource::kChallenge, Resource::kLeave,
        Resource::kWebhook, Resource::kSeries, Resource::kCup, Resource::kChampionship,
        Resource::kTeam, Resource::kTeamMatch, Resource::kOlympiad, Resource::kPushSubscription}) {
    const std::string name(model::to_string(kind));
    EXPECT_EQ(missing(ann(), kind, 999), "no " + name + " 999") << name;
    EXPECT_EQ(missing(td_, kind, 999), "no " + name + " 999") << name;
  }
  const auto game = single_game(td_, ann(), ben());
  const auto event = new_event(td_, event_creation("Lookups"));
  for (const auto* caller : {&ann(), &cat(), &td()}) {
    EXPECT_EQ(missing(*caller, Resource::kGame, game), "");
    EXPECT_EQ(missing(*caller, Resource::kEvent, event), "");
  }
}

TEST_F(ResourceLookups, WhatAUserOwnsIsTheirsAloneAndChallengesTheirPlayers) {
  const auto hook = made([&](pqxx::work& tx) -> Result<std::int64_t> {
    return db::insert_webhook(tx, ann().id, std::nullopt, "https://hooks.example.org/a",
                              "whsec_lookups")
        .id;
  });
  const auto device = made([&](pqxx::work& tx) -> Result<std::int64_t> {
    return db::store_push_subscription(tx, ann().id, "https://push.example.org/a",
                                       std::string(87, 'p'), std::string(22, 'a'))
        .id;
  });
  for (const auto& [kind, id] :
       {std::pair{Resource::kWebhook, hook}, std::pair{Resource::kPushSubscription, device}}) {
    const auto detail = "no " + std::string(model::to_string(kind)) + " " + std::to_string(id);
    EXPECT_EQ(missing(ann(), kind, id), "");
    EXPECT_EQ(missing(ben(), kind, id), detail);
    EXPECT_EQ(missing(td_, kind, id), detail);  // not a director's to name either
  }
  const auto leave = made([&](pqxx::work& tx) -> Result<std::int64_t> {
    return tx
        .exec_params1(
            "INSERT INTO leave_periods (user_id, start_date, end_date) VALUES ($1, "
            "'2030-02-01', '2030-02-02') RETURNING id",
            ann().id)[0]
        .as<std::int64_t>();
  });
  EXPECT_EQ(missing(ann(), Resource::kLeave, leave), "");
  EXPECT_EQ(missing(td_, Resource::kLeave, leave), "");
  EXPECT_EQ(missing(ben(), Resource::kLeave, leave), "no leave period " + std::to_string(leave));

  const auto direct = challenge(ann(), ben());
  for (const auto* caller : {&ann(), &ben(), &td()}) {
    EXPECT_EQ(missing(*caller, Resource::kChallenge, direct), "");
  }
  EXPECT_EQ(missing(cat(), Resource::kChallenge, direct), "no challenge " + std::to_string(direct));
  auto open_request = challenge_to(ben());
  open_request.opponent.reset();
  auto deps = challenge_deps();
  auto open = app::create_challenge(deps, ann(), open_request);
  ASSERT_TRUE(open.has_value()) << open.error().detail;
  EXPECT_EQ(missing(cat(), Resource::kChallenge, open->stored.id), "");
}

TEST_F(ResourceLookups, ASeriesEntryIsLookedForInItsSeries) {
  auto unknown = app::require_series_entry(*pool_, 999, 1);
  ASSERT_FALSE(unknown.has_value());
  EXPECT_EQ(unknown.error().code, ErrorCode::kNotFound);
  EXPECT_EQ(unknown.error().detail, "no series 999");
}

}  // namespace
}  // namespace corrchess
