// iCalendar text of the deadline calendar (core/calendar/ical.h, RFC 5545 §3.1 folding and
// §3.3.11 TEXT escaping): worked examples.
#include "core/calendar/ical.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace corrchess::ical {
namespace {

// The lines of folded text (split at CRLF; the last CRLF ends the last line).
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t from = 0;
  while (from < text.size()) {
    const auto crlf = text.find("\r\n", from);
    if (crlf == std::string::npos) {
      lines.push_back(text.substr(from) + "<no CRLF>");
      break;
    }
    lines.push_back(text.substr(from, crlf - from));
    from = crlf + 2;
  }
  return lines;
}

// Undoes folding (RFC 5545 §3.1: a CRLF followed by one space is removed).
std::string unfold(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 3, "\r\n ") == 0) {
      i += 2;
      continue;
    }
    out += text[i];
  }
  return out;
}

TEST(IcalText, EscapesBackslashSemicolonCommaAndLineBreaks) {
  EXPECT_EQ(escape_text("plain text"), "plain text");
  EXPECT_EQ(escape_text("Müller, Anna; née Schmidt"), "Müller\\, Anna\\; née Schmidt");
  EXPECT_EQ(escape_text("a\\b"), "a\\\\b");
  EXPECT_EQ(escape_text("one\ntwo\r\nthree\rfour"), "one\\ntwo\\nthree\\nfour");
  // A colon needs no escape in a TEXT value.
  EXPECT_EQ(escape_text("game 12: flag falls"), "game 12: flag falls");
}

TEST(IcalText, ShortLinesAreNotFolded) {
  EXPECT_EQ(fold_line("SUMMARY:short"), "SUMMARY:short\r\n");
  const std::string exactly75(75, 'x');
  EXPECT_EQ(fold_line(exactly75), exactly75 + "\r\n");
}

TEST(IcalText, LongLinesFoldAt75OctetsWithASpaceBeforeEachContinuation) {
  const std::string line(200, 'a');
  const auto folded = fold_line(line);
  const auto lines = lines_of(folded);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].size(), 75u);
  EXPECT_EQ(lines[1], " " + std::string(74, 'a'));  // 75 octets with its space
  EXPECT_EQ(lines[2], " " + std::string(200 - 75 - 74, 'a'));
  EXPECT_EQ(unfold(folded), line + "\r\n");
}

TEST(IcalText, FoldingNeverSplitsAUtf8Sequence) {
  // 73 ASCII octets then "é" (2 octets) then "€" (3 octets): the 75-octet cut would fall
  // inside "€", so the first line ends after "é" (75 octets), and with 74 ASCII octets first
  // it would fall inside "é", so the line ends at 74 octets.
  const std::string a = std::string(73, 'x') + "é€end";
  auto lines = lines_of(fold_line(a));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], std::string(73, 'x') + "é");
  EXPECT_EQ(lines[1], " €end");
  const std::string b = std::string(74, 'x') + "é";
  lines = lines_of(fold_line(b));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], std::string(74, 'x'));
  EXPECT_EQ(lines[1], " é");
  // A long name of non-ASCII letters: every line at most 75 octets, every line valid UTF-8
  // on its own, and unfolding gives the line back.
  std::string name = "SUMMARY:";
  for (int i = 0; i < 60; ++i) name += "Żółć";
  const auto folded = fold_line(name);
  for (const auto& l : lines_of(folded)) {
    EXPECT_LE(l.size(), 75u);
    ASSERT_FALSE(l.empty());
    EXPECT_NE(static_cast<unsigned char>(l[l[0] == ' ' ? 1 : 0]) & 0xC0, 0x80) << l;
  }
  EXPECT_EQ(unfold(folded), name + "\r\n");
}

TEST(IcalText, DatesAndDateTimesInUtc) {
  EXPECT_EQ(date_time_value(game::utc_instant({2025, 3, 1}, 12, 5, 9)), "20250301T120509Z");
  EXPECT_EQ(date_time_value(game::Timestamp(0)), "19700101T000000Z");
  EXPECT_EQ(date_value({2024, 2, 29}), "20240229");
}

TEST(IcalText, ACalendarOfOneEventWithADisplayNameThatNeedsEscaping) {
  Calendar c;
  c.name = "corrchess: anna";
  Event e;
  e.uid = "game-12-deadline@corrchess";
  c.stamp = game::utc_instant({2025, 1, 3}, 0, 0, 0);
  e.modified = game::utc_instant({2025, 1, 2}, 3, 4, 5);
  e.sequence = 7;
  e.start = game::utc_instant({2025, 2, 1}, 10, 0, 0);
  e.summary = "Your move in Åsa, the; Großmeisterin–boris (game 12): flag falls";
  e.url = "http://localhost:8080/games/12";
  c.events.push_back(e);
  Event leave;
  leave.uid = "leave-3@corrchess";
  leave.modified = e.modified;
  leave.first_day = game::CivilDate{2025, 3, 30};
  leave.last_day = game::CivilDate{2025, 3, 31};
  leave.summary = "Leave";
  c.events.push_back(leave);
  const auto text = render(c);
  const auto unfolded = unfold(text);
  EXPECT_EQ(text.substr(0, 17), "BEGIN:VCALENDAR\r\n");
  EXPECT_EQ(text.substr(text.size() - 15), "END:VCALENDAR\r\n");
  EXPECT_NE(unfolded.find("\r\nVERSION:2.0\r\n"), std::string::npos);
  EXPECT_NE(unfolded.find("\r\nUID:game-12-deadline@corrchess\r\n"), std::string::npos);
  EXPECT_NE(unfolded.find("\r\nDTSTAMP:20250103T000000Z\r\n"), std::string::npos);
  EXPECT_NE(unfolded.find("\r\nLAST-MODIFIED:20250102T030405Z\r\n"), std::string::npos);
  EXPECT_NE(unfolded.find("\r\nSEQUENCE:7\r\n"), std::string::npos);
  EXPECT_NE(unfolded.find("\r\nDTSTART:20250201T100000Z\r\n"), std::string::npos);
  EXPECT_NE(unfolded.find("\r\nSUMMARY:Your move in Åsa\\, the\\; Großmeisterin–boris (game "
                          "12): flag falls\r\n"),
            std::string::npos)
      << unfolded;
  // Whole days: DTEND is the day after the last day.
  EXPECT_NE(unfolded.find("\r\nDTSTART;VALUE=DATE:20250330\r\nDTEND;VALUE=DATE:20250401\r\n"),
            std::string::npos);
  for (const auto& l : lines_of(text)) EXPECT_LE(l.size(), 75u) << l;
}

}  // namespace
}  // namespace corrchess::ical
