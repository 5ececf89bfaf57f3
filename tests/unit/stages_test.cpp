// Worked examples of the qualification from a stage (rules.md §6.9): the best of each
// section, a shared place across the cut, and the best runners-up across sections.
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

TEST(Qualification, ARuleThatQualifiesNobodyIsRefused) {
  EXPECT_FALSE(validate(QualificationRule{0, 0}));
  EXPECT_FALSE(validate(QualificationRule{-1, 2}));
  EXPECT_TRUE(validate(QualificationRule{0, 4}));
  EXPECT_TRUE(validate(QualificationRule{2, 0}));
}

}  // namespace
}  // namespace corrchess::competition
