// Use cases of app/live_events.cpp without HTTP: each user reads their own numbered
// messages, in order and without gaps, a page of kLiveEventPage at a time; without a number
// only the newest number; a number never given reads as missed.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "app/live_events.h"
#include "db/live_events.h"
#include "db/transaction.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class LiveEventUseCases : public testing::UseCaseTest {
 protected:
  LiveEventUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cid() const { return users_[2]; }

  model::UserEventPage after(const model::User& user, std::optional<std::int64_t> since) {
    auto page = app::live_events_after(*pool_, user.id, since);
    EXPECT_TRUE(page) << (page ? "" : page.error().detail);
    return page.value_or(model::UserEventPage{});
  }
};

TEST_F(LiveEventUseCases, EachUserReadsTheirOwnMessagesInOrder) {
  challenge(ben(), ann());
  const auto id = challenge(cid(), ann());
  auto deps = challenge_deps();
  ASSERT_TRUE(app::decline_challenge(deps, ann(), id, std::nullopt));

  const auto newest = after(ann(), std::nullopt);
  EXPECT_TRUE(newest.events.empty()) << "only the number";
  const auto all = after(ann(), 0);
  ASSERT_FALSE(all.events.empty());
  EXPECT_EQ(newest.last_seq, all.last_seq);
  EXPECT_EQ(all.last_seq, static_cast<std::int64_t>(all.events.size()));
  for (std::size_t i = 0; i < all.events.size(); ++i) {
    EXPECT_EQ(all.events[i].seq, static_cast<std::int64_t>(i) + 1);
  }
  const auto first = nlohmann::json::parse(all.events.front().message);
  EXPECT_EQ(first.value("type", ""), "challenge") << first.dump();
  EXPECT_EQ(first["challenge"]["challenger"]["username"], "ben") << first.dump();
  const auto last = nlohmann::json::parse(all.events.back().message);
  EXPECT_EQ(last.value("type", ""), "challenge_declined") << last.dump();

  // Ben was told of nothing of cid's; a number never given is missed.
  for (const auto& e : after(ben(), 0).events) {
    EXPECT_EQ(e.message.find("cid"), std::string::npos) << e.message;
  }
  EXPECT_TRUE(after(ann(), all.last_seq + 1).missed);
  EXPECT_FALSE(after(ann(), all.last_seq).missed);
  EXPECT_TRUE(after(ann(), all.last_seq).events.empty());
}

TEST_F(LiveEventUseCases, ABacklogIsReadAPageAtATime) {
  const int total = app::kLiveEventPage + 30;
  auto written = db::in_transaction(*pool_, [&](pqxx::work& tx) -> Result<void> {
    auto messages = nlohmann::json::array();
    for (int n = 1; n <= total; ++n) messages.push_back({{"type", "test"}, {"n", n}});
    db::notify_users(tx, {cid().id}, messages);
    return {};
  });
  ASSERT_TRUE(written);
  const auto first = after(cid(), 0);
  ASSERT_EQ(first.events.size(), static_cast<std::size_t>(app::kLiveEventPage));
  EXPECT_EQ(first.events.back().seq, app::kLiveEventPage);
  EXPECT_EQ(first.last_seq, total) << "the client learns it is behind";
  const auto second = after(cid(), first.events.back().seq);
  ASSERT_EQ(second.events.size(), 30u);
  EXPECT_EQ(second.events.front().seq, app::kLiveEventPage + 1);
  EXPECT_EQ(nlohmann::json::parse(second.events.back().message)["n"], total);
  EXPECT_EQ(after(ann(), 0).last_seq, 0) << "nothing for ann";
}

}  // namespace
}  // namespace corrchess
