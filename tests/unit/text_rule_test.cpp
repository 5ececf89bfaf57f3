// The one text rule for names and texts (core/text.h), code point by code point; counted nouns.
#include "core/text.h"

#include <gtest/gtest.h>

#include <string>

namespace corrchess::text {
namespace {

TEST(TextRule, ControlsAndSeparatorsAreRefused) {
  for (const char32_t cp :
       {U'\0', U'\x1b', U'\x7f', U'\u0080', U'\u0085', U'\u009f', U'\u2028', U'\u2029', U'\u202a',
        U'\u202e', U'\u2066', U'\u2069', U'\ufeff', U'\ufff9', U'\ufffe', U'\uffff'}) {
    EXPECT_FALSE(allowed(cp, Kind::kLine)) << code_point_name(cp);
    EXPECT_FALSE(allowed(cp, Kind::kMultiline)) << code_point_name(cp);
  }
}

TEST(TextRule, LineBreaksAndTabsOnlyInFreeText) {
  for (const char32_t cp : {U'\n', U'\r', U'\t'}) {
    EXPECT_FALSE(allowed(cp, Kind::kLine));
    EXPECT_TRUE(allowed(cp, Kind::kMultiline));
  }
}

TEST(TextRule, OrdinaryTextIsAllowed) {
  for (const char32_t cp : {U' ', U'a', U'~', U'\u00a0', U'\u00e9', U'\u674e', U'\u200d', U'\u200e',
                            U'\U0001F469', U'\ufffd'}) {
    EXPECT_TRUE(allowed(cp, Kind::kLine)) << code_point_name(cp);
  }
}

TEST(TextRule, FirstRefusedNamesTheCodePoint) {
  EXPECT_EQ(first_refused("Jos\u00e9", Kind::kLine), std::nullopt);
  EXPECT_EQ(first_refused("a\u0085b\u2028", Kind::kLine), U'\u0085');
  EXPECT_EQ(first_refused("two\nlines", Kind::kLine), U'\n');
  EXPECT_EQ(first_refused("two\nlines", Kind::kMultiline), std::nullopt);
  EXPECT_EQ(first_refused(std::string("bad \xC0\xAF utf-8"), Kind::kLine), U'\ufffd');
  EXPECT_EQ(code_point_name(U'\u0085'), "U+0085");
  EXPECT_EQ(code_point_name(U'\U0001F469'), "U+1F469");
}

TEST(CountedNouns, OneIsSingularEveryOtherNumberPlural) {
  EXPECT_EQ(counted(1, "finished game", "finished games"), "1 finished game");
  EXPECT_EQ(counted(2, "finished game", "finished games"), "2 finished games");
  EXPECT_EQ(counted(0, "player", "players"), "0 players");
  EXPECT_EQ(counted(-1, "day", "days"), "-1 days");
}

}  // namespace
}  // namespace corrchess::text
