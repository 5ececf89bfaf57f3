#include "core/game/entry_bar.h"

#include <gtest/gtest.h>

#include <vector>

namespace corrchess::game {
namespace {

const Timestamp kT0 = utc_instant(CivilDate{2030, 3, 1}, 12);

TEST(EntryBar, NoLossesNoBar) { EXPECT_EQ(entry_barred_until({}), std::nullopt); }

TEST(EntryBar, OneLossBarsForThirtyDays) {
  const std::vector<Timestamp> losses{kT0};
  EXPECT_EQ(entry_barred_until(losses), kT0 + days(30));
}

TEST(EntryBar, LossWhileBarredBarsForNinetyDaysFromThatLoss) {
  const std::vector<Timestamp> losses{kT0 + days(10), kT0};  // any order
  EXPECT_EQ(entry_barred_until(losses), kT0 + days(100));
}

TEST(EntryBar, LossAfterTheBarEndedStartsAFreshThirtyDays) {
  const std::vector<Timestamp> losses{kT0, kT0 + days(30)};  // the bar ended at that instant
  EXPECT_EQ(entry_barred_until(losses), kT0 + days(60));
}

TEST(EntryBar, ThirdLossWhileOnTheLongBarExtendsIt) {
  const std::vector<Timestamp> losses{kT0, kT0 + days(1), kT0 + days(80)};
  EXPECT_EQ(entry_barred_until(losses), kT0 + days(170));
}

}  // namespace
}  // namespace corrchess::game
