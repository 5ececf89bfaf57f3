// Worked examples of a stage's sections (rules.md §6.9: as equal as possible, never a section
// of one player) and of the qualification from a stage: the best of each section, a shared
// place across the cut, and the best runners-up across sections.
#include "core/competition/stages.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace corrchess::competition {
namespace {

using game::GameResult;
using game::Termination;

game::CrosstableGame won(int w, int b, GameResult r) {
  return {w, b, r, Termination::kResignation, true};
}
game::CrosstableGame drawn(int w, int b) {
  return {w, b, GameResult::kDraw, Termination::kAgreement, true};
}

// Section 1: A 2½, B 1½ (2nd by beating C), C 1½, D ½ (of 3 games each).
game::Crosstable section_one() {
  const std::vector<game::CrosstablePlayer> p{{"a", "A"}, {"b", "B"}, {"c", "C"}, {"d", "D"}};
  const std::vector<game::CrosstableGame> g{
      won(0, 1, GameResult::kWhiteWins), drawn(2, 0), won(3, 0, GameResult::kBlackWins),
      won(1, 2, GameResult::kWhiteWins), drawn(3, 1), won(2, 3, GameResult::kWhiteWins)};
  return build_crosstable(p, g).value();
}

// Section 2: E 2 (of 2), F and G ½ each after their draw: shared 2nd-3rd.
game::Crosstable section_two() {
  const std::vector<game::CrosstablePlayer> p{{"e", "E"}, {"f", "F"}, {"g", "G"}};
  const std::vector<game::CrosstableGame> g{won(0, 1, GameResult::kWhiteWins),
                                            won(2, 0, GameResult::kBlackWins), drawn(1, 2)};
  return build_crosstable(p, g).value();
}

std::vector<std::string> names(const std::vector<game::Crosstable>& sections,
                               const std::vector<Qualifier>& qs) {
  std::vector<std::string> out;
  for (const auto& q : qs) {
    out.push_back(sections[q.section].rows[q.row].name + (q.runner_up ? "*" : ""));
  }
  return out;
}

TEST(Qualification, SectionWinnersThenTheBestRunnersUpByScoreShare) {
  const std::vector<game::Crosstable> sections{section_one(), section_two()};
  ASSERT_EQ(sections[1].rows[1].place, 2);
  ASSERT_EQ(sections[1].rows[1].place_last, 3);
  // B and C both scored half their points: B is before C by place; F and G scored a quarter.
  EXPECT_EQ(names(sections, qualifiers(sections, QualificationRule{1, 2})),
            (std::vector<std::string>{"A", "E", "B*", "C*"}));
  EXPECT_EQ(names(sections, qualifiers(sections, QualificationRule{1, 3})),
            (std::vector<std::string>{"A", "E", "B*", "C*", "F*"}));
}

TEST(Qualification, ASharedPlaceAcrossTheCutQualifiesEveryoneSharingIt) {
  const std::vector<game::Crosstable> sections{section_one(), section_two()};
  EXPECT_EQ(names(sections, qualifiers(sections, QualificationRule{2, 1})),
            (std::vector<std::string>{"A", "B", "E", "F", "G", "C*"}));
  // More runners-up asked for than there are players: all of them, no more.
  EXPECT_EQ(qualifiers(sections, QualificationRule{0, 50}).size(), 7u);
}

// A player withdrawn after the start (rules.md 6.6, 6.9) qualifies neither from their section
// nor as a runner-up; the places behind move up. Section 1 with A withdrawn (A's results
// stand: A stays 1st in the table): one per section and two runners-up give B, E, then C
// (half the points, now 2nd among those who may move on) and F.
TEST(Qualification, AWithdrawnPlayerNeverQualifiesAndThePlacesBehindMoveUp) {
  std::vector<game::Crosstable> sections{section_one(), section_two()};
  sections[0].rows[0].withdrawn = true;  // A
  ASSERT_EQ(sections[0].rows[0].place, 1);
  EXPECT_EQ(names(sections, qualifiers(sections, QualificationRule{1, 2})),
            (std::vector<std::string>{"B", "E", "C*", "F*"}));
  // E withdrawn as well: section 2's shared 2nd-3rd is its first place now, and F and G both
  // qualify.
  sections[1].rows[0].withdrawn = true;  // E
  EXPECT_EQ(names(sections, qualifiers(sections, QualificationRule{1, 1})),
            (std::vector<std::string>{"B", "F", "G", "C*"}));
  // Nobody withdrawn in a section leaves its places as they were.
  const std::vector<game::Crosstable> plain{section_one(), section_two()};
  EXPECT_EQ(names(plain, qualifiers(plain, QualificationRule{1, 2})),
            (std::vector<std::string>{"A", "E", "B*", "C*"}));
}

// Runners-up compare their places among those who may move on. Section Y: R 2, S 1, T 0 (of
// 2 each: R beat both, S beat T); section X the same with W, P, Q, but W withdrawn. P and S
// both have the crosstable's 2nd place, half their points, no SB and one win; by the
// crosstable's places the earlier section's S would come first, but P is 1st among those who
// may move on in X and S only 2nd in Y.
TEST(Qualification, RunnersUpCompareTheirPlacesAmongThoseWhoMayMoveOn) {
  const std::vector<game::CrosstablePlayer> y{{"r", "R"}, {"s", "S"}, {"t", "T"}};
  const std::vector<game::CrosstablePlayer> x{{"w", "W", true}, {"p", "P"}, {"q", "Q"}};
  const std::vector<game::CrosstableGame> games{won(0, 1, GameResult::kWhiteWins),
                                                won(2, 0, GameResult::kBlackWins),
                                                won(1, 2, GameResult::kWhiteWins)};
  const std::vector<game::Crosstable> sections{build_crosstable(y, games).value(),
                                               build_crosstable(x, games).value()};
  ASSERT_EQ(sections[1].rows[0].name, "W");
  ASSERT_TRUE(sections[1].rows[0].withdrawn);
  ASSERT_EQ(sections[0].rows[1].place, sections[1].rows[1].place);
  // No section places: R (all the points), then P before S.
  EXPECT_EQ(names(sections, qualifiers(sections, QualificationRule{0, 2})),
            (std::vector<std::string>{"R*", "P*"}));
  // One a section: R and P (moved up behind W), then S the best of the rest.
  EXPECT_EQ(names(sections, qualifiers(sections, QualificationRule{1, 1})),
            (std::vector<std::string>{"R", "P", "S*"}));
}

// Runners-up level on score share and place are ranked by their Sonneborn-Berger share
// before their wins (rules.md 6.9). Section 1: A 3, B 2 (beat C and D), C 1, D 0; section 2:
// E 2½, F 2 (drew E and H, beat G), G 1, H ½. B and F are 2nd with 2 of 3; SB: B 1×1(C) +
// 1×0(D) = 1, F ½×2½(E) + 1×1(G) + ½×½(H) = 2½. One runner-up: F, although B won more games.
TEST(Qualification, RunnersUpLevelOnScoreAndPlaceGoBySonnebornBergerBeforeWins) {
  const std::vector<game::CrosstablePlayer> p1{{"a", "A"}, {"b", "B"}, {"c", "C"}, {"d", "D"}};
  const std::vector<game::CrosstablePlayer> p2{{"e", "E"}, {"f", "F"}, {"g", "G"}, {"h", "H"}};
  const auto w = GameResult::kWhiteWins;
  const std::vector<game::CrosstableGame> g1{won(0, 1, w), won(0, 2, w), won(0, 3, w),
                                             won(1, 2, w), won(1, 3, w), won(2, 3, w)};
  const std::vector<game::CrosstableGame> g2{drawn(0, 1),  won(0, 2, w), won(0, 3, w),
                                             won(1, 2, w), drawn(1, 3),  won(2, 3, w)};
  const std::vector<game::Crosstable> sections{build_crosstable(p1, g1).value(),
                                               build_crosstable(p2, g2).value()};
  ASSERT_EQ(sections[0].rows[1].name, "B");
  ASSERT_EQ(sections[1].rows[1].name, "F");
  EXPECT_EQ(sections[0].rows[1].sb_quarters, 4);
  EXPECT_EQ(sections[1].rows[1].sb_quarters, 10);
  EXPECT_EQ(names(sections, qualifiers(sections, QualificationRule{1, 1})),
            (std::vector<std::string>{"A", "E", "F*"}));
  EXPECT_EQ(names(sections, qualifiers(sections, QualificationRule{1, 2})),
            (std::vector<std::string>{"A", "E", "F*", "B*"}));
}

TEST(Qualification, ARuleThatQualifiesNobodyIsRefused) {
  EXPECT_FALSE(validate(QualificationRule{0, 0}));
  EXPECT_FALSE(validate(QualificationRule{-1, 2}));
  EXPECT_TRUE(validate(QualificationRule{0, 4}));
  EXPECT_TRUE(validate(QualificationRule{2, 0}));
}

// `count` players with falling ratings: entry ids 1..count are also their seats.
std::vector<Entrant> rated_field(int count) {
  std::vector<Entrant> out;
  const auto t0 = game::utc_instant(game::CivilDate{2030, 3, 1}, 12);
  for (int id = 1; id <= count; ++id) out.push_back(Entrant{id, 100 + id, t0, 2400 - id, ""});
  return out;
}

// The entry ids of each section `compose_stage` gives for `count` players in sections of
// `section_size`.
std::vector<std::vector<std::int64_t>> stage_of(int count, int section_size) {
  const auto field = rated_field(count);
  const auto sections = compose_stage(field, section_size);
  EXPECT_TRUE(sections) << sections.error().detail;
  std::vector<std::vector<std::int64_t>> out;
  if (!sections) return out;
  for (const auto& section : *sections) {
    std::vector<std::int64_t> ids;
    for (auto i : section) ids.push_back(field[i].entry_id);
    out.push_back(std::move(ids));
  }
  return out;
}

using Sections = std::vector<std::vector<std::int64_t>>;

TEST(StageSections, CeilingOfPlayersOverSectionSizeWhenNoSectionIsLeftAlone) {
  // 9 in sections of 3: three full sections, serpentine (1-2-3, 6-5-4, 7-8-9).
  EXPECT_EQ(stage_section_count(9, 3), 3);
  EXPECT_EQ(stage_of(9, 3), (Sections{{1, 6, 7}, {2, 5, 8}, {3, 4, 9}}));
  // 4 in sections of 2: two pairs; 13 in sections of 4: 4 + 3 + 3 + 3; 6 in sections of 4:
  // 3 + 3 (two sections, as equal as possible).
  EXPECT_EQ(stage_of(4, 2), (Sections{{1, 4}, {2, 3}}));
  EXPECT_EQ(stage_section_count(13, 4), 4);
  EXPECT_EQ(stage_section_count(6, 4), 2);
  EXPECT_EQ(stage_of(6, 4), (Sections{{1, 4, 5}, {2, 3, 6}}));
  EXPECT_EQ(stage_section_count(2, 2), 1);
  EXPECT_EQ(stage_section_count(32, 32), 1);
  EXPECT_EQ(stage_section_count(33, 32), 2);
}

TEST(StageSections, NeverASectionOfOnePlayer) {
  // 5 in sections of 2: ceil(5 / 2) = 3 sections would be 2 + 2 + 1; two sections instead,
  // 3 + 2 (tiers 1-2, 4-3, then 5 to the first section).
  EXPECT_EQ(stage_section_count(5, 2), 2);
  EXPECT_EQ(stage_of(5, 2), (Sections{{1, 4, 5}, {2, 3}}));
  // 3 in sections of 2: 2 + 1 would leave one alone; one section of 3.
  EXPECT_EQ(stage_section_count(3, 2), 1);
  EXPECT_EQ(stage_of(3, 2), (Sections{{1, 2, 3}}));
  // 7 in sections of 2: 2 + 2 + 2 + 1 would; three sections, 3 + 2 + 2.
  EXPECT_EQ(stage_section_count(7, 2), 3);
  EXPECT_EQ(stage_of(7, 2), (Sections{{1, 6, 7}, {2, 5}, {3, 4}}));
  // 11 in sections of 2: five sections, one of 3.
  EXPECT_EQ(stage_section_count(11, 2), 5);
  // A stage of fewer than 2 players has no sections to compose.
  EXPECT_FALSE(compose_stage(rated_field(1), 2));
  EXPECT_FALSE(compose_stage(rated_field(0), 3));
  // compose_sections itself refuses a count that would leave a player alone.
  const auto five = rated_field(5);
  EXPECT_FALSE(compose_sections(five, 3));
  EXPECT_TRUE(compose_sections(five, 2));
}

TEST(StageSections, EverySizeHoldsTwoToOneMoreThanTheSectionSize) {
  for (int size = 2; size <= 32; ++size) {
    for (int n = 2; n <= 200; ++n) {
      const int ceiling = (n + size - 1) / size;
      const int k = stage_section_count(n, size);
      // Sections as equal as possible: floor(n / k) and ceil(n / k) players.
      const int smallest = n / k;
      const int largest = (n + k - 1) / k;
      EXPECT_GE(smallest, 2) << n << " in sections of " << size;
      EXPECT_LE(largest, size + 1) << n << " in sections of " << size;
      // One section fewer than the ceiling only when the ceiling leaves a player alone.
      EXPECT_EQ(k, n / ceiling >= 2 ? ceiling : ceiling - 1) << n << " in sections of " << size;
      if (largest > size) {
        EXPECT_EQ(size, 2) << n;
      }
    }
  }
}

}  // namespace
}  // namespace corrchess::competition
