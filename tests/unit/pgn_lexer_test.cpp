// The PGN movetext lexer (core/chess/pgn_lexer.h) that the game reader and the tree reader
// share: worked examples of each token, with where it stands in the text.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "core/chess/pgn_lexer.h"

namespace corrchess::chess {
namespace {

// A token in a form that compares and prints: kind letter, offset, text (and NAG).
std::string describe(const PgnToken& t) {
  std::string kind;
  switch (t.kind) {
    case PgnTokenKind::kEnd: kind = "end"; break;
    case PgnTokenKind::kComment: kind = "comment"; break;
    case PgnTokenKind::kNag: kind = "nag"; break;
    case PgnTokenKind::kGlyph: kind = "glyph"; break;
    case PgnTokenKind::kMove: kind = "move"; break;
    case PgnTokenKind::kResult: kind = "result"; break;
    case PgnTokenKind::kOpenVariation: kind = "open"; break;
    case PgnTokenKind::kCloseVariation: kind = "close"; break;
    case PgnTokenKind::kTagLine: kind = "tag"; break;
    case PgnTokenKind::kError: kind = "error"; break;
  }
  std::string out = kind + "@" + std::to_string(t.offset) + " [" + std::string(t.text) + "]";
  if (t.kind == PgnTokenKind::kNag || t.kind == PgnTokenKind::kGlyph) {
    out += " =" + std::to_string(t.nag);
  }
  return out;
}

// Every token of `text` up to the end (the kEnd included).
std::vector<std::string> lex(std::string_view text) {
  PgnLexer lexer(text);
  std::vector<std::string> out;
  for (int guard = 0; guard < 100; ++guard) {
    const PgnToken t = lexer.next();
    out.push_back(describe(t));
    if (t.kind == PgnTokenKind::kEnd) break;
  }
  return out;
}

using Tokens = std::vector<std::string>;

TEST(PgnLexer, BraceCommentsKeepTheirInsideAsWritten) {
  // A comment runs to the first '}': an opening brace inside is plain text; layout inside
  // is kept (the game reader normalises it).
  EXPECT_EQ(lex("e4 {a {nested\n  one} e5"),
            (Tokens{"move@0 [e4]", "comment@3 [a {nested\n  one]", "move@21 [e5]", "end@23 []"}));
  EXPECT_EQ(lex("{}Nf3"), (Tokens{"comment@0 []", "move@2 [Nf3]", "end@5 []"}));
}

TEST(PgnLexer, SemicolonCommentsRunToTheEndOfTheLine) {
  EXPECT_EQ(lex("e4 ; best by test {not a brace comment}\ne5 ;"),
            (Tokens{"move@0 [e4]", "comment@3 [ best by test {not a brace comment}]",
                    "move@40 [e5]", "comment@43 []", "end@44 []"}));
}

TEST(PgnLexer, NagsAndGlyphs) {
  EXPECT_EQ(lex("e4 $1 $142 Nf3!? d5?? $"),
            (Tokens{"move@0 [e4]", "nag@3 [$1] =1", "nag@6 [$142] =142", "move@11 [Nf3!?]",
                    "move@17 [d5??]", "error@22 [malformed NAG]", "end@23 []"}));
  // A glyph is a token of its own only when written apart from the move.
  EXPECT_EQ(lex("e4 !? ?! !! ?? ! ?"),
            (Tokens{"move@0 [e4]", "glyph@3 [!?] =5", "glyph@6 [?!] =6", "glyph@9 [!!] =3",
                    "glyph@12 [??] =4", "glyph@15 [!] =1", "glyph@17 [?] =2", "end@18 []"}));
  // Four digits are too many; the lexer goes on after them.
  EXPECT_EQ(lex("$1234 e4"), (Tokens{"error@0 [malformed NAG]", "move@6 [e4]", "end@8 []"}));
}

TEST(PgnLexer, MoveNumbersAreSkippedAndMovesPlacedAfterThem) {
  EXPECT_EQ(
      lex("1. e4 1... e5 2.Nf3 2...Nc6 3 Bb5 12...0-0-0 0-0 e.p. .d4"),
      (Tokens{"move@3 [e4]", "move@11 [e5]", "move@16 [Nf3]", "move@24 [Nc6]", "move@30 [Bb5]",
              "move@39 [0-0-0]", "move@45 [0-0]", "move@55 [d4]", "end@57 []"}));
}

TEST(PgnLexer, NestedVariations) {
  EXPECT_EQ(lex("1. e4 (1. d4 d5 (1... Nf6)) e5"),
            (Tokens{"move@3 [e4]", "open@6 [(]", "move@10 [d4]", "move@13 [d5]", "open@16 [(]",
                    "move@22 [Nf6]", "close@25 [)]", "close@26 [)]", "move@28 [e5]", "end@30 []"}));
}

TEST(PgnLexer, Results) {
  EXPECT_EQ(lex("e4 1-0 0-1 1/2-1/2 * 1-1"),
            (Tokens{"move@0 [e4]", "result@3 [1-0]", "result@7 [0-1]", "result@11 [1/2-1/2]",
                    "result@19 [*]", "move@21 [1-1]", "end@24 []"}));
}

TEST(PgnLexer, EscapeLinesAreSkippedOnlyFirstOnTheirLine) {
  EXPECT_EQ(lex("% escaped e4\n  %also\ne4 %not-escaped\n"),
            (Tokens{"move@21 [e4]", "move@24 [%not-escaped]", "end@37 []"}));
}

TEST(PgnLexer, BracketFirstOnALineIsATagLineElsewhereAWord) {
  PgnLexer lexer("e4 [x]\n  [Event \"next\"]\n");
  EXPECT_EQ(describe(lexer.next()), "move@0 [e4]");
  EXPECT_EQ(describe(lexer.next()), "move@3 [[x]]");
  const PgnToken tag = lexer.next();
  EXPECT_EQ(describe(tag), "tag@9 [[Event]");
  // The reader goes back to the tag line to read it.
  lexer.seek(tag.offset);
  EXPECT_EQ(lexer.peek(), '[');
  EXPECT_EQ(lexer.rest_of_line(), "[Event \"next\"]");
}

TEST(PgnLexer, StrayAndUnterminatedBraces) {
  EXPECT_EQ(lex("e4 } e5"), (Tokens{"move@0 [e4]", "error@3 ['}' without a comment to close]",
                                    "move@5 [e5]", "end@7 []"}));
  // An unterminated comment swallows the rest of the text.
  EXPECT_EQ(lex("e4 {open e5"),
            (Tokens{"move@0 [e4]", "error@3 [unterminated {comment}]", "end@11 []"}));
}

TEST(PgnLexer, SkipToContentStopsAtTheFirstToken) {
  PgnLexer lexer(" \n%comment line\n\t[Event \"x\"]");
  EXPECT_TRUE(lexer.skip_to_content());
  EXPECT_EQ(lexer.position(), 17u);
  EXPECT_EQ(lexer.peek(), '[');
  lexer.seek(29);
  EXPECT_FALSE(lexer.skip_to_content());
  EXPECT_EQ(lexer.peek(), '\0');
  EXPECT_EQ(describe(lexer.next()), "end@29 []");
}

TEST(PgnLexer, ResultsAndGlyphsByName) {
  EXPECT_TRUE(is_pgn_result("1/2-1/2"));
  EXPECT_FALSE(is_pgn_result("1/2"));
  EXPECT_EQ(pgn_glyph_nag("?!"), 6);
  EXPECT_EQ(pgn_glyph_nag("!!!"), std::nullopt);
}

}  // namespace
}  // namespace corrchess::chess
