// CSV cells the server writes: formula-looking text is neutralised (OWASP CSV injection),
// separators and quotes are quoted (RFC 4180).
#include "api/csv.h"

#include <gtest/gtest.h>

namespace corrchess::api {
namespace {

TEST(CsvText, PlainTextStaysAsItIs) {
  EXPECT_EQ(csv_text("alice_1"), "alice_1");
  EXPECT_EQ(csv_text(""), "");
  EXPECT_EQ(csv_text("a-b"), "a-b") << "only a leading sign is a formula";
}

TEST(CsvText, FormulaStartsGetAnApostrophe) {
  EXPECT_EQ(csv_text("-2-0582"), "'-2-0582");
  EXPECT_EQ(csv_text("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
  EXPECT_EQ(csv_text("+1"), "'+1");
  EXPECT_EQ(csv_text("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(csv_text("\tx"), "'\tx");
  EXPECT_EQ(csv_text("\rx"), "\"'\rx\"");
}

TEST(CsvText, SeparatorsAndQuotesAreQuoted) {
  EXPECT_EQ(csv_text("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_text("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_text("two\nlines"), "\"two\nlines\"");
}

}  // namespace
}  // namespace corrchess::api
