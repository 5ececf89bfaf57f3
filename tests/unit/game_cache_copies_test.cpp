// The per-instance copies of games (app/game_cache.h): a copy is handed out only for the
// revision it was kept at, the least recently used copy leaves first, and a capacity of 0
// keeps nothing.
#include <gtest/gtest.h>

#include "app/game_cache.h"

namespace corrchess {
namespace {

db::StoredGame game_at(std::int64_t id, std::int64_t revision, int version = 0) {
  db::StoredGame g;
  g.id = id;
  g.revision = revision;
  g.version = version;
  return g;
}

TEST(GameCache, ACopyIsOnlyGivenForItsOwnRevision) {
  app::GameCache cache(10, false);
  EXPECT_FALSE(cache.find(1, 0).has_value());
  cache.put(game_at(1, 5, 3));
  EXPECT_FALSE(cache.find(1, 4).has_value());
  EXPECT_FALSE(cache.find(1, 6).has_value());
  EXPECT_FALSE(cache.find(2, 5).has_value());
  const auto hit = cache.find(1, 5);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(*hit, game_at(1, 5, 3));
  cache.put(game_at(1, 7, 4));  // a later commit replaces the copy
  EXPECT_FALSE(cache.find(1, 5).has_value());
  EXPECT_EQ(cache.find(1, 7).value_or(db::StoredGame{}).version, 4);
  const auto counts = cache.counts();
  EXPECT_EQ(counts.hits, 2u);
  EXPECT_EQ(counts.misses, 5u);
  EXPECT_EQ(counts.games, 1u);
  cache.forget(1);
  EXPECT_FALSE(cache.find(1, 7).has_value());
  EXPECT_EQ(cache.counts().games, 0u);
}

TEST(GameCache, TheLeastRecentlyUsedCopyLeavesFirst) {
  app::GameCache cache(2, false);
  cache.put(game_at(1, 1));
  cache.put(game_at(2, 1));
  EXPECT_TRUE(cache.find(1, 1).has_value());  // 2 is now the least recently used
  cache.put(game_at(3, 1));
  EXPECT_TRUE(cache.find(1, 1).has_value());
  EXPECT_FALSE(cache.find(2, 1).has_value());
  EXPECT_TRUE(cache.find(3, 1).has_value());
  EXPECT_EQ(cache.counts().games, 2u);
}

TEST(GameCache, CapacityZeroKeepsNothing) {
  app::GameCache cache(0, true);
  cache.put(game_at(1, 1));
  EXPECT_FALSE(cache.find(1, 1).has_value());
  EXPECT_EQ(cache.counts().games, 0u);
  EXPECT_TRUE(cache.check());
}

}  // namespace
}  // namespace corrchess
