// Worked examples of the series rules (rules.md §6.8): the waiting list's turns, seat order,
// compatriots spread over sections started together, class admission and promotion credits.
#include "core/competition/series.h"

#include <gtest/gtest.h>

#include <vector>

namespace corrchess::competition {
namespace {

using game::days;

const Timestamp kT0 = game::utc_instant(game::CivilDate{2030, 3, 1}, 12);

Entrant entrant(std::int64_t id, int day, std::optional<int> rating = std::nullopt,
                std::string country = "") {
  return Entrant{id, 100 + id, kT0 + days(day), rating, std::move(country)};
}

std::vector<std::int64_t> ids(std::span<const Entrant> list, const std::vector<std::size_t>& at) {
  std::vector<std::int64_t> out;
  for (auto i : at) out.push_back(list[i].entry_id);
  return out;
}

TEST(SectionRulesCheck, BadRulesAreRefused) {
  EXPECT_TRUE(validate(SectionRules{7, 0, 0}));
  EXPECT_TRUE(validate(SectionRules{7, 5, days(30)}));
  EXPECT_FALSE(validate(SectionRules{2, 0, 0}));   // below 3
  EXPECT_FALSE(validate(SectionRules{33, 0, 0}));  // above 32
  EXPECT_FALSE(validate(SectionRules{7, 2, days(30)}));
  EXPECT_FALSE(validate(SectionRules{7, 8, days(30)}));
  EXPECT_FALSE(validate(SectionRules{7, 5, 0}));  // a smaller section needs a wait
  EXPECT_EQ(validate(SectionRules{7, 0, -1}).error().code, ErrorCode::kValidationError);
}

TEST(WaitingList, AFullSectionTakesTheFirstEntriesInEntryOrder) {
  // Fifteen entries given out of order; two joined on the same day (ids 3 and 4).
  std::vector<Entrant> list;
  for (int id : {9, 2, 15, 1, 4, 3, 7, 8, 5, 6, 10, 12, 11, 14, 13}) {
    list.push_back(entrant(id, id == 4 ? 3 : id));
  }
  const SectionRules rules{7, 0, 0};
  const auto turn = take_turn(list, rules, kT0 + days(20));
  EXPECT_EQ(ids(list, turn.section), (std::vector<std::int64_t>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_TRUE(turn.expired.empty());
  // The next turn, without those seven, starts 8..14 and keeps 15 waiting.
  std::vector<Entrant> rest;
  for (const auto& e : list) {
    if (e.entry_id > 7) rest.push_back(e);
  }
  EXPECT_EQ(ids(rest, take_turn(rest, rules, kT0 + days(20)).section),
            (std::vector<std::int64_t>{8, 9, 10, 11, 12, 13, 14}));
}

TEST(WaitingList, AfterTheLongestWaitASmallerSectionStartsOrEntriesExpire) {
  const SectionRules rules{7, 5, days(30)};
  const std::vector<Entrant> five{entrant(1, 0), entrant(2, 3), entrant(3, 4), entrant(4, 10),
                                  entrant(5, 20)};
  // Day 29: the oldest has waited 29 days: nothing happens.
  EXPECT_EQ(take_turn(five, rules, kT0 + days(29)), WaitingListTurn{});
  // Day 30: five may start a section of five.
  EXPECT_EQ(ids(five, take_turn(five, rules, kT0 + days(30)).section),
            (std::vector<std::int64_t>{1, 2, 3, 4, 5}));
  // Four entries are too few: on day 33 the two that waited 30 days expire, the others wait.
  const std::vector<Entrant> four(five.begin(), five.begin() + 4);
  const auto turn = take_turn(four, rules, kT0 + days(33));
  EXPECT_TRUE(turn.section.empty());
  EXPECT_EQ(ids(four, turn.expired), (std::vector<std::int64_t>{1, 2}));
  // A series of full sections only: an old entry expires, however many wait.
  const auto strict = take_turn(five, SectionRules{7, 0, days(30)}, kT0 + days(31));
  EXPECT_TRUE(strict.section.empty());
  EXPECT_EQ(ids(five, strict.expired), (std::vector<std::int64_t>{1}));
  // Without a maximum wait nobody ever expires.
  EXPECT_EQ(take_turn(four, SectionRules{7, 0, 0}, kT0 + days(3650)), WaitingListTurn{});
}

TEST(Seats, ByRatingThenUnratedInEntryOrder) {
  const std::vector<Entrant> players{entrant(1, 0, 1800), entrant(2, 1),       entrant(3, 2, 2100),
                                     entrant(4, 3, 1800), entrant(5, 4, 1950), entrant(6, 5)};
  EXPECT_EQ(ids(players, seat_order(players)), (std::vector<std::int64_t>{3, 5, 1, 4, 2, 6}));
}

TEST(Sections, SerpentineWhenNobodyIsACompatriot) {
  // Seats 1..6 (ids 1..6 by falling rating) into two sections.
  std::vector<Entrant> players;
  for (int id = 1; id <= 6; ++id) players.push_back(entrant(id, id, 2200 - 10 * id));
  auto sections = compose_sections(players, 2);
  ASSERT_TRUE(sections);
  EXPECT_EQ(ids(players, (*sections)[0]), (std::vector<std::int64_t>{1, 4, 5}));
  EXPECT_EQ(ids(players, (*sections)[1]), (std::vector<std::int64_t>{2, 3, 6}));
}

TEST(Sections, CompatriotsAreSpreadWhenAnotherCompositionExists) {
  // Seats 1..6 from DE, FR, FR, IT, DE, IT. Serpentine would seat 3 (FR) beside 2 (FR), then
  // 5 (DE) beside 1 (DE) and 6 (IT) beside 4 (IT); each tier is turned round instead.
  const std::vector<std::string> countries{"DE", "FR", "FR", "IT", "DE", "IT"};
  std::vector<Entrant> players;
  for (int id = 1; id <= 6; ++id) {
    players.push_back(entrant(id, id, 2200 - 10 * id, countries[static_cast<std::size_t>(id - 1)]));
  }
  auto sections = compose_sections(players, 2);
  ASSERT_TRUE(sections);
  EXPECT_EQ(ids(players, (*sections)[0]), (std::vector<std::int64_t>{1, 3, 6}));  // DE FR IT
  EXPECT_EQ(ids(players, (*sections)[1]), (std::vector<std::int64_t>{2, 4, 5}));  // FR IT DE
  // All from one country: no spread is possible, the serpentine order stands.
  for (auto& p : players) p.country = "DE";
  sections = compose_sections(players, 2);
  ASSERT_TRUE(sections);
  EXPECT_EQ(ids(players, (*sections)[0]), (std::vector<std::int64_t>{1, 4, 5}));
  EXPECT_FALSE(compose_sections(players, 7));  // more sections than players
  EXPECT_FALSE(compose_sections(players, 0));
}

TEST(Sections, AShortLastTierGoesToDistinctSections) {
  // Seven players in three sections: 3 + 2 + 2; the seventh opens tier 3 (left to right).
  std::vector<Entrant> players;
  for (int id = 1; id <= 7; ++id) players.push_back(entrant(id, id, 2300 - 10 * id));
  auto sections = compose_sections(players, 3);
  ASSERT_TRUE(sections);
  EXPECT_EQ(ids(players, (*sections)[0]), (std::vector<std::int64_t>{1, 6, 7}));
  EXPECT_EQ(ids(players, (*sections)[1]), (std::vector<std::int64_t>{2, 5}));
  EXPECT_EQ(ids(players, (*sections)[2]), (std::vector<std::int64_t>{3, 4}));
}

TEST(Classes, TheHigherClassAdmitsByRatingOrByTheOpenClassCredit) {
  const ClassGate higher{1900, 2099, false, 1};
  EXPECT_EQ(admit(higher, 1950, false), Admission::kByRating);
  EXPECT_EQ(admit(higher, 1950, true), Admission::kByRating) << "the credit is kept";
  EXPECT_EQ(admit(higher, 1850, true), Admission::kByCredit);
  EXPECT_EQ(admit(higher, std::nullopt, true), Admission::kByCredit);
  const auto refused = admit(higher, 1850, false);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kRatingOutOfRange);
  EXPECT_EQ(refused.error().detail,
            "your rating 1850 is outside this class (1900..2099), and you hold no promotion "
            "credit for it");
  EXPECT_FALSE(admit(higher, std::nullopt, false));
  const ClassGate open{std::nullopt, 1899, true, std::nullopt};
  EXPECT_EQ(admit(open, std::nullopt, false), Admission::kUnrated);
  EXPECT_FALSE(admit(open, 2000, true)) << "no credit admits to the open class";
}

// A finished all-play-all of four: A beats B and D and draws C; B beats C and draws D; C
// beats D. Scores A 2½, B 1½, C 1½, D ½; B and C are equal on wins and SB (1.75), B is second
// by their game.
game::Crosstable four_player_table() {
  using game::GameResult;
  using game::Termination;
  const std::vector<game::CrosstablePlayer> players{{"a", "A"}, {"b", "B"}, {"c", "C"}, {"d", "D"}};
  const auto g = [](int w, int b, GameResult r) {
    return game::CrosstableGame{w, b, r, Termination::kResignation, true};
  };
  const std::vector<game::CrosstableGame> games{
      g(0, 1, GameResult::kWhiteWins),
      game::CrosstableGame{2, 0, GameResult::kDraw, Termination::kAgreement, true},
      g(3, 0, GameResult::kBlackWins),
      g(1, 2, GameResult::kWhiteWins),
      game::CrosstableGame{3, 1, GameResult::kDraw, Termination::kAgreement, true},
      g(2, 3, GameResult::kWhiteWins)};
  return build_crosstable(players, games).value();
}

std::vector<std::string> names(const game::Crosstable& t, const std::vector<std::size_t>& rows) {
  std::vector<std::string> out;
  for (auto i : rows) out.push_back(t.rows[i].name);
  return out;
}

TEST(Promotion, ByPlaceOrByScoreShare) {
  const auto table = four_player_table();
  ASSERT_EQ(names(table, {0, 1, 2, 3}), (std::vector<std::string>{"A", "B", "C", "D"}));
  EXPECT_EQ(names(table, promoted(table, PromotionRule{1, std::nullopt})),
            std::vector<std::string>{"A"});
  EXPECT_EQ(names(table, promoted(table, PromotionRule{2, std::nullopt})),
            (std::vector<std::string>{"A", "B"}));
  // 50 %: 1½ of 3 is exactly half.
  EXPECT_EQ(names(table, promoted(table, PromotionRule{std::nullopt, 50})),
            (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(names(table, promoted(table, PromotionRule{std::nullopt, 51})),
            std::vector<std::string>{"A"});
  EXPECT_TRUE(promoted(table, PromotionRule{}).empty());
  EXPECT_FALSE(validate(PromotionRule{0, std::nullopt}));
  EXPECT_FALSE(validate(PromotionRule{std::nullopt, 101}));
}

TEST(Promotion, ASharedFirstPlacePromotesEveryoneSharingIt) {
  using game::GameResult;
  using game::Termination;
  // A and B draw, both beat C: 1½ each, equal wins and SB, their game drawn: shared 1st-2nd.
  const std::vector<game::CrosstablePlayer> players{{"a", "A"}, {"b", "B"}, {"c", "C"}};
  const std::vector<game::CrosstableGame> games{
      {0, 1, GameResult::kDraw, Termination::kAgreement, true},
      {0, 2, GameResult::kWhiteWins, Termination::kResignation, true},
      {2, 1, GameResult::kBlackWins, Termination::kResignation, true}};
  const auto table = build_crosstable(players, games).value();
  ASSERT_EQ(table.rows[0].place_last, 2);
  EXPECT_EQ(names(table, promoted(table, PromotionRule{1, std::nullopt})),
            (std::vector<std::string>{"A", "B"}));
}

// A player withdrawn after the start (rules.md 6.6, 6.8) keeps the place their results give
// in the crosstable but earns no credit; the places behind move up. The four-player section
// above with A withdrawn after their games were decided: A stays 1st in the table, B is 1st
// among those who may move on and takes the credit `max_place` 1 gives.
TEST(Promotion, AWithdrawnPlayerEarnsNoCreditAndThePlacesBehindMoveUp) {
  auto table = four_player_table();
  table.rows[0].withdrawn = true;  // A
  EXPECT_EQ(places_moving_on(table), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(names(table, promoted(table, PromotionRule{1, std::nullopt})),
            std::vector<std::string>{"B"});
  EXPECT_EQ(names(table, promoted(table, PromotionRule{2, std::nullopt})),
            (std::vector<std::string>{"B", "C"}));
  // By score: A's 2½ of 3 would pass 51 %, but A moves on by nothing.
  EXPECT_TRUE(promoted(table, PromotionRule{std::nullopt, 51}).empty());
  EXPECT_EQ(names(table, promoted(table, PromotionRule{std::nullopt, 50})),
            (std::vector<std::string>{"B", "C"}));
  // B withdrawn instead: A 1st, C 2nd, D 3rd among those who may move on.
  table.rows[0].withdrawn = false;
  table.rows[1].withdrawn = true;
  EXPECT_EQ(places_moving_on(table), (std::vector<int>{1, 0, 2, 3}));
  EXPECT_EQ(names(table, promoted(table, PromotionRule{2, std::nullopt})),
            (std::vector<std::string>{"A", "C"}));
}

// Places shared in the crosstable stay shared among those who may move on: A withdrawn 1st,
// B and C sharing 2nd-3rd, D 4th give 0, 1, 1, 3 (the example of series.h).
TEST(Promotion, PlacesMovingOnKeepASharedPlaceShared) {
  game::Crosstable table;
  for (auto [name, place, last] : {std::tuple{"A", 1, 1}, std::tuple{"B", 2, 3},
                                   std::tuple{"C", 2, 3}, std::tuple{"D", 4, 4}}) {
    game::CrosstableRow row;
    row.name = name;
    row.place = place;
    row.place_last = last;
    table.rows.push_back(row);
  }
  EXPECT_EQ(places_moving_on(table), (std::vector<int>{1, 2, 2, 4}));
  table.rows[0].withdrawn = true;
  EXPECT_EQ(places_moving_on(table), (std::vector<int>{0, 1, 1, 3}));
  EXPECT_EQ(names(table, promoted(table, PromotionRule{1, std::nullopt})),
            (std::vector<std::string>{"B", "C"}));
}

}  // namespace
}  // namespace corrchess::competition
