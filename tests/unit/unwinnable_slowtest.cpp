// The whole unwinnability dev set with the default (production) budget: no wrong verdict,
// and a report of how many positions stay undetermined. Several minutes; label slow.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "core/chess/position.h"
#include "core/chess/unwinnable.h"
#include "tests/support/test_env.h"

namespace corrchess::chess {
namespace {

TEST(UnwinnableSlow, DevSetWithDefaultBudgetHasNoWrongVerdict) {
  std::ifstream in(testing::data_dir() + "/unwinnability/dev-set.txt");
  ASSERT_TRUE(in);
  int correct = 0;
  int undetermined = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 4) continue;
    const auto pos = Position::from_fen_for_analysis(testing::complete_epd(line.substr(3)));
    ASSERT_TRUE(pos.has_value()) << line;
    bool open = false;
    bool right = true;
    for (Color side : {Color::kWhite, Color::kBlack}) {
      const auto r = analyse_winnability(*pos, side);
      const char expected = line[side == Color::kWhite ? 0 : 1];
      if (r.verdict == Winnability::kUndetermined) {
        open = true;
        continue;
      }
      const bool can = r.verdict == Winnability::kWinnable;
      EXPECT_EQ(can, expected != '-') << line;
      right = right && can == (expected != '-');
      if (can) {
        EXPECT_TRUE(is_helpmate_line(*pos, side, r.helpmate)) << line;
      }
    }
    if (open) {
      ++undetermined;
      std::cout << "undetermined: " << line << "\n";
    } else if (right) {
      ++correct;
    }
  }
  std::cout << "dev set (default budget): " << correct << " correct, " << undetermined
            << " undetermined\n";
}

}  // namespace
}  // namespace corrchess::chess
