// The per-instance copies of games (app/game_cache.h): a copy is handed out only for the
// revision it was kept at and only once (the command that takes it puts it back), the least
// recently used copy leaves first, and a capacity of 0 keeps nothing.
#include <gtest/gtest.h>

#include <utility>

#include "app/game_cache.h"

namespace corrchess {
namespace {

app::KeptGame game_at(std::int64_t id, std::int64_t revision, int version = 0) {
  app::KeptGame g;
  g.stored.id = id;
  g.stored.revision = revision;
  g.stored.version = version;
  return g;
}

TEST(GameCache, ACopyIsOnlyGivenForItsOwnRevisionAndOnlyOnce) {
  app::GameCache cache(10, false);
  EXPECT_FALSE(cache.take(1, 0).has_value());
  cache.put(game_at(1, 5, 3));
  EXPECT_FALSE(cache.take(1, 4).has_value());
  EXPECT_FALSE(cache.take(1, 6).has_value());
  EXPECT_FALSE(cache.take(2, 5).has_value());
  EXPECT_EQ(cache.counts().games, 1u);  // a miss leaves the copy where it is
  const auto hit = cache.take(1, 5);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->stored, game_at(1, 5, 3).stored);
  // Taken: the command that took it puts the game back as it leaves it.
  EXPECT_FALSE(cache.take(1, 5).has_value());
  EXPECT_EQ(cache.counts().games, 0u);
  cache.put(game_at(1, 7, 4));
  cache.put(game_at(1, 8, 5));  // a later commit replaces the copy
  EXPECT_FALSE(cache.take(1, 7).has_value());
  EXPECT_EQ(cache.take(1, 8).value_or(app::KeptGame{}).stored.version, 5);
  const auto counts = cache.counts();
  EXPECT_EQ(counts.hits, 2u);
  EXPECT_EQ(counts.misses, 6u);
  EXPECT_EQ(counts.games, 0u);
  cache.put(game_at(1, 9, 6));
  cache.forget(1);
  EXPECT_FALSE(cache.take(1, 9).has_value());
  EXPECT_EQ(cache.counts().games, 0u);
}

TEST(GameCache, TheLeastRecentlyUsedCopyLeavesFirst) {
  app::GameCache cache(2, false);
  cache.put(game_at(1, 1));
  cache.put(game_at(2, 1));
  // Game 1 taken and put back by its command: 2 is now the least recently used.
  auto one = cache.take(1, 1);
  ASSERT_TRUE(one.has_value());
  one->stored.revision = 2;
  cache.put(std::move(*one));
  cache.put(game_at(3, 1));
  EXPECT_EQ(cache.counts().games, 2u);
  EXPECT_FALSE(cache.take(2, 1).has_value());
  EXPECT_TRUE(cache.take(1, 2).has_value());
  EXPECT_TRUE(cache.take(3, 1).has_value());
}

TEST(GameCache, CapacityZeroKeepsNothing) {
  app::GameCache cache(0, true);
  cache.put(game_at(1, 1));
  EXPECT_FALSE(cache.take(1, 1).has_value());
  EXPECT_EQ(cache.counts().games, 0u);
  EXPECT_TRUE(cache.check());
}

}  // namespace
}  // namespace corrchess
