// EventFeed: the numbering of one live connection's messages, from the store and live,
// delivered exactly once and in order whatever the interleaving.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/event_feed.h"

namespace corrchess::server {
namespace {

using nlohmann::json;

std::string msg(std::int64_t n) { return json{{"type", "test"}, {"n", n}}.dump(); }

// A page of stored messages first..last (none when first > last), the newest number `newest`.
model::UserEventPage page(std::int64_t first, std::int64_t last, std::int64_t newest,
                          bool missed = false) {
  model::UserEventPage p;
  for (auto n = first; n <= last; ++n) p.events.push_back({n, msg(n)});
  p.last_seq = newest;
  p.missed = missed;
  return p;
}

// The numbers of the delivered messages, checking each carries its "seq" and its payload.
std::vector<std::int64_t> seqs(const EventFeed::Step& step) {
  std::vector<std::int64_t> out;
  for (const auto& text : step.deliver) {
    const auto m = json::parse(text);
    EXPECT_EQ(m["n"], m["seq"]) << text;
    out.push_back(m["seq"].get<std::int64_t>());
  }
  return out;
}

using Seqs = std::vector<std::int64_t>;

TEST(EventFeed, WithoutSinceStartsAfterTheNewestAndDeliversLaterLiveMessages) {
  EventFeed feed(std::nullopt);
  EXPECT_EQ(feed.fetch_from(), std::nullopt);
  // Live messages arriving during the first read are held: 5 was committed before the read
  // (so the client did not ask for it), 6 after.
  EXPECT_TRUE(feed.on_live(5, msg(5)).deliver.empty());
  EXPECT_TRUE(feed.on_live(6, msg(6)).deliver.empty());
  const auto step = feed.on_page(page(1, 0, 5), false);
  EXPECT_FALSE(step.resync);
  EXPECT_FALSE(step.fetch);
  EXPECT_EQ(seqs(step), (Seqs{6}));
  EXPECT_EQ(seqs(feed.on_live(7, msg(7))), (Seqs{7}));
  EXPECT_EQ(feed.last(), 7);
}

TEST(EventFeed, ReplaysFromSinceThenDropsWhatArrivesTwice) {
  EventFeed feed(10);
  EXPECT_EQ(feed.fetch_from(), 10);
  feed.on_live(12, msg(12));  // committed during the read: in the page and live
  feed.on_live(13, msg(13));  // committed after the read: only live
  EXPECT_EQ(seqs(feed.on_page(page(11, 12, 12), false)), (Seqs{11, 12, 13}));
  EXPECT_TRUE(feed.on_live(13, msg(13)).deliver.empty());
  EXPECT_TRUE(feed.on_live(9, msg(9)).deliver.empty());
  EXPECT_EQ(seqs(feed.on_live(14, msg(14))), (Seqs{14}));
}

TEST(EventFeed, AFullPageReadsOnBeforeDeliveringHeldMessages) {
  EventFeed feed(0);
  feed.on_live(250, msg(250));
  auto step = feed.on_page(page(1, 100, 249), true);
  EXPECT_EQ(seqs(step).size(), 100U);
  EXPECT_TRUE(step.fetch);
  EXPECT_EQ(feed.fetch_from(), 100);
  step = feed.on_page(page(101, 200, 249), true);
  EXPECT_TRUE(step.fetch);
  step = feed.on_page(page(201, 249, 249), false);
  EXPECT_FALSE(step.fetch);
  const auto got = seqs(step);
  ASSERT_EQ(got.size(), 50U);
  EXPECT_EQ(got.front(), 201);
  EXPECT_EQ(got.back(), 250);  // the held live message follows the stored ones
}

TEST(EventFeed, SinceOlderThanWhatIsKeptResyncsAndContinuesLive) {
  EventFeed feed(3);
  feed.on_live(41, msg(41));
  const auto step = feed.on_page(page(1, 0, 40, true), false);
  EXPECT_TRUE(step.resync);
  EXPECT_EQ(seqs(step), (Seqs{41}));
  EXPECT_EQ(feed.last(), 41);
}

TEST(EventFeed, APageThatDoesNotContinueCountsAsMissed) {
  EventFeed feed(3);  // 4..9 were pruned between reading the bounds and the events
  const auto step = feed.on_page(page(10, 12, 12), false);
  EXPECT_TRUE(step.resync);
  EXPECT_TRUE(step.deliver.empty());
  EXPECT_EQ(feed.last(), 12);
}

TEST(EventFeed, ALiveHoleIsFilledFromTheStore) {
  EventFeed feed(0);
  EXPECT_TRUE(feed.on_page(page(1, 0, 0), false).deliver.empty());
  EXPECT_EQ(seqs(feed.on_live(1, msg(1))), (Seqs{1}));
  // 2 and 3 were lost on the way: 4 is held and the store read from 1.
  auto step = feed.on_live(4, msg(4));
  EXPECT_TRUE(step.deliver.empty());
  EXPECT_TRUE(step.fetch);
  EXPECT_EQ(feed.fetch_from(), 1);
  EXPECT_TRUE(feed.on_live(5, msg(5)).deliver.empty());  // held while reading
  EXPECT_EQ(seqs(feed.on_page(page(2, 4, 4), false)), (Seqs{2, 3, 4, 5}));
}

TEST(EventFeed, APossibleLossReadsTheStoreAgainEvenDuringARead) {
  EventFeed feed(0);
  // During the first read: the read is repeated once it is done.
  EXPECT_FALSE(feed.on_possible_loss().fetch);
  auto step = feed.on_page(page(1, 2, 2), false);
  EXPECT_EQ(seqs(step), (Seqs{1, 2}));
  EXPECT_TRUE(step.fetch);
  EXPECT_EQ(seqs(feed.on_page(page(3, 3, 3), false)), (Seqs{3}));
  // Later: at once.
  step = feed.on_possible_loss();
  EXPECT_TRUE(step.fetch);
  EXPECT_EQ(feed.fetch_from(), 3);
  EXPECT_TRUE(feed.on_page(page(4, 3, 3), false).deliver.empty());
}

TEST(EventFeed, TooManyHeldMessagesAreReadFromTheStoreInstead) {
  EventFeed feed(0);
  const auto n = static_cast<std::int64_t>(EventFeed::kMaxHeld) + 10;
  for (std::int64_t i = 1; i <= n; ++i) feed.on_live(i, msg(i));
  // The first page ended before the live ones began; those not held are read again.
  auto step = feed.on_page(page(1, 0, 0), false);
  EXPECT_EQ(step.deliver.size(), EventFeed::kMaxHeld);
  EXPECT_TRUE(step.fetch);
  EXPECT_EQ(feed.fetch_from(), static_cast<std::int64_t>(EventFeed::kMaxHeld));
  EXPECT_EQ(seqs(feed.on_page(page(EventFeed::kMaxHeld + 1, n, n), false)).size(), 10U);
}

TEST(EventFeed, WithSeqAddsTheNumber) {
  EXPECT_EQ(json::parse(with_seq(R"({"type":"move","ply":3})", 42)),
            (json{{"type", "move"}, {"ply", 3}, {"seq", 42}}));
}

}  // namespace
}  // namespace corrchess::server
