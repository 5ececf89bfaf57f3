// Triple Block's sudden-death protection (docs/rules.md 3.5, ICCF Appendix C) driven over HTTP:
// the worked example of the rules, move by move on the manual clock, with and without the
// protection, and with the long think at move 50, where the protection does not apply yet.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"

namespace corrchess::testing {
namespace {

using nlohmann::json;

constexpr std::int64_t kDay = 86400;

class TripleBlock : public TwoPlayerTest {
 protected:
  // A Triple Block game with no increment and no bank (I = 0, B0 = 0), as in the example.
  std::string create(bool protection) const {
    return create_game({{"time_control",
                         {{"type", "triple_block"},
                          {"increment_days", 0},
                          {"bank_days", 0},
                          {"sudden_death_protection", protection}}}});
  }

  // White's move `number` (1-based) in a knights' shuffle that never ends the game: Nf3,
  // Ng1, ... for White and Nf6, Ng8, ... for Black.
  static std::string white_move(int number) { return number % 2 == 1 ? "Nf3" : "Ng1"; }
  static std::string black_move(int number) { return number % 2 == 1 ? "Nf6" : "Ng8"; }

  // White's remaining seconds as Black sees the game.
  std::int64_t white_clock(const std::string& id) const {
    return api_.game(id, black_)["clocks"]["white"]["remaining_seconds"].get<std::int64_t>();
  }
};

// 50 moves of one second each leave White 50 days - 50 s; the 51st takes 48 days + 100 s and
// leaves 2 days - 150 s, under 3 days with an empty bank: with the protection the clock
// becomes 3 days, without it stays just under 2 days.
TEST_F(TripleBlock, SuddenDeathProtectionLiftsTheClockToThreeDaysAfterMoveFifty) {
  const auto guarded = create(true);
  const auto plain = create(false);
  const std::vector<std::string> games{guarded, plain};
  for (int n = 1; n <= 50; ++n) {
    api_.advance_clock(td_, 1);  // White thinks one second in both games
    for (const auto& id : games) api_.play(id, white_, white_move(n));
    for (const auto& id : games) api_.play(id, black_, black_move(n));  // Black at once
  }
  for (const auto& id : games) {
    EXPECT_EQ(white_clock(id), 50 * kDay - 50) << id;
    const auto g = api_.game(id, white_);
    EXPECT_EQ(g["clocks"]["white"]["bank_seconds"], 0);
    EXPECT_EQ(g["time_control"]["sudden_death_protection"], id == guarded);
  }
  api_.advance_clock(td_, 48 * kDay + 100);
  for (const auto& id : games) api_.play(id, white_, white_move(51));
  EXPECT_EQ(white_clock(guarded), 3 * kDay);
  EXPECT_EQ(white_clock(plain), 2 * kDay - 150);
  // The protected clock runs from 3 days: a day later White has 2 days left, not a loss.
  api_.play(guarded, black_, black_move(51));
  api_.advance_clock(td_, kDay);
  const auto later = api_.game(guarded, white_);
  EXPECT_EQ(later["status"], "ongoing");
  EXPECT_EQ(later["clocks"]["white"]["remaining_seconds"], 2 * kDay);
}

// The same long think at move 50: the protection applies only after move 50, so the clock
// stays at 2 days - 149 s.
TEST_F(TripleBlock, SuddenDeathProtectionDoesNotApplyAtMoveFifty) {
  const auto id = create(true);
  for (int n = 1; n <= 49; ++n) {
    api_.advance_clock(td_, 1);
    api_.play(id, white_, white_move(n));
    api_.play(id, black_, black_move(n));
  }
  EXPECT_EQ(white_clock(id), 50 * kDay - 49);
  api_.advance_clock(td_, 48 * kDay + 100);
  api_.play(id, white_, white_move(50));
  EXPECT_EQ(white_clock(id), 2 * kDay - 149);
}

}  // namespace
}  // namespace corrchess::testing
