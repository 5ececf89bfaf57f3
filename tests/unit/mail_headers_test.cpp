// The header fields of outgoing mail (delivery/mail): RFC 2047 encoded words that never
// split a character, mailboxes, dates, threading and one-click unsubscribe, and no way for a
// line break in user text to add a header.
#include "delivery/mail.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace corrchess::delivery {
namespace {

TEST(MailHeaders, AsciiStaysUtf8IsEncodedInShortWords) {
  EXPECT_EQ(encode_header_text("Game 12: e4"), "Game 12: e4");
  EXPECT_EQ(encode_header_text("Björn"), "=?UTF-8?B?QmrDtnJu?=");
  // 40 two-byte characters: 80 bytes, more than one word holds; no word over 75 characters
  // and every word decodes on its own (no split character: each has an even byte count).
  std::string long_text;
  for (int i = 0; i < 40; ++i) long_text += "ö";
  const auto encoded = encode_header_text(long_text);
  std::size_t start = 0;
  int words = 0;
  // Each word on a line of its own: folded with CRLF and a space (RFC 5322 2.2.3), so no
  // line grows past the 998 octets of RFC 5322 2.1.1 however long the text.
  while (start < encoded.size()) {
    auto end = encoded.find("\r\n ", start);
    if (end == std::string::npos) end = encoded.size();
    const auto word = encoded.substr(start, end - start);
    EXPECT_LE(word.size(), 75u);
    EXPECT_TRUE(word.starts_with("=?UTF-8?B?") && word.ends_with("?=")) << word;
    ++words;
    start = end + 3;
  }
  EXPECT_EQ(words, 2);
  EXPECT_EQ(encode_header_text("a\r\nBcc: x@y.z"), "a  Bcc: x@y.z");
}

TEST(MailHeaders, MailboxesAndAddresses) {
  EXPECT_EQ(format_mailbox("", "a@b.c"), "a@b.c");
  EXPECT_EQ(format_mailbox("Anna", "a@b.c"), "Anna <a@b.c>");
  EXPECT_EQ(format_mailbox("Anna B. Smith", "a@b.c"), "\"Anna B. Smith\" <a@b.c>");
  EXPECT_EQ(format_mailbox("Björn", "b@b.c"), "=?UTF-8?B?QmrDtnJu?= <b@b.c>");
  EXPECT_TRUE(is_mail_address("anna@example.org"));
  EXPECT_FALSE(is_mail_address("anna"));
  EXPECT_FALSE(is_mail_address("anna@b.c>\r\nRCPT TO:<x@y.z"));
  EXPECT_FALSE(is_mail_address("a b@c.d"));
  EXPECT_FALSE(is_mail_address("a@b@c"));
}

TEST(MailHeaders, DateAndHost) {
  EXPECT_EQ(format_mail_date(game::utc_instant({2030, 1, 1}, 0)),
            "Tue, 01 Jan 2030 00:00:00 +0000");
  EXPECT_EQ(url_host("https://chess.example.org:8443/x"), "chess.example.org");
  EXPECT_EQ(url_host("http://user:pw@host.example/"), "host.example");
  EXPECT_EQ(url_host(""), "localhost");
}

TEST(MailHeaders, ThreadingAndOneClickUnsubscribe) {
  MailMessage m;
  m.from_name = "corrchess";
  m.from_address = "noreply@chess.example";
  m.to_name = "Anna";
  m.to_address = "anna@example.org";
  m.subject = "Game 12";
  m.message_id = "<d1@chess.example>";
  m.references = {"<game-12@chess.example>"};
  m.unsubscribe_url = "https://chess.example/api/v1/notifications/unsubscribe?token=t";
  m.delivery_id = "d1";
  const auto fields = header_fields(m);
  auto has = [&](const std::string& f) { return std::ranges::find(fields, f) != fields.end(); };
  EXPECT_TRUE(has("Message-ID: <d1@chess.example>"));
  EXPECT_TRUE(has("In-Reply-To: <game-12@chess.example>"));
  EXPECT_TRUE(has("References: <game-12@chess.example>"));
  EXPECT_TRUE(
      has("List-Unsubscribe: <https://chess.example/api/v1/notifications/unsubscribe?token=t>"));
  EXPECT_TRUE(has("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
  EXPECT_TRUE(has("From: corrchess <noreply@chess.example>"));
  EXPECT_TRUE(has("X-Corrchess-Delivery: d1"));
}

}  // namespace
}  // namespace corrchess::delivery
