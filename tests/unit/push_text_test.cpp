// The words of a push notification (core/notify/push_text): the subject and the first
// paragraph after the greeting of the mail's text, cut for a phone.
#include "core/notify/push_text.h"

#include <gtest/gtest.h>

namespace corrchess::notify {
namespace {

TEST(PushText, SubjectAndFirstParagraphAfterTheGreeting) {
  Message m;
  m.subject = "Game 12: Ben played 1... e5";
  m.text = "Hello Ann,\n\nBen played 1... e5 in game 12\n(Ann v Ben).\n\nYour deadline: ...\n";
  const auto p = push_text(m);
  EXPECT_EQ(p.title, "Game 12: Ben played 1... e5");
  EXPECT_EQ(p.body, "Ben played 1... e5 in game 12 (Ann v Ben).");
}

TEST(PushText, WithoutGreetingOrSecondParagraph) {
  Message m;
  m.subject = "s";
  m.text = "Only one line\n";
  EXPECT_EQ(push_text(m).body, "Only one line");
  m.text = "Hello Ann,\n\n";
  EXPECT_EQ(push_text(m).body, "");
}

TEST(PushText, LongBodiesAreCutAtACharacterBoundary) {
  Message m;
  m.subject = "s";
  std::string long_text;
  for (int i = 0; i < 200; ++i) long_text += "\xC3\xA9";  // é, two bytes each
  m.text = "Hello Ann,\n\n" + long_text + "\n";
  const auto body = push_text(m).body;
  EXPECT_LE(body.size(), kPushBodyMaxBytes);
  EXPECT_TRUE(body.ends_with("\xE2\x80\xA6"));
  // Only whole characters before the ellipsis.
  const auto before = body.substr(0, body.size() - 3);
  EXPECT_EQ(before.size() % 2, 0u);
  EXPECT_EQ(before, long_text.substr(0, before.size()));
}

}  // namespace
}  // namespace corrchess::notify
