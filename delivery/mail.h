// One email as the server sends it, and the header fields built for it: RFC 2047 encoded
// words for non-ASCII text, RFC 5322 dates and mailboxes, Message-ID and the threading
// fields (In-Reply-To, References) that keep the mails of one game in one thread, and the
// RFC 8058 one-click unsubscribe fields. Pure string work; smtp.h sends.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game/time.h"

namespace corrchess::delivery {

struct Attachment {
  std::string filename;
  std::string content_type;  // e.g. "application/x-chess-pgn"
  std::string data;
};

struct MailMessage {
  std::string from_name;     // display name of the sender (may be empty)
  std::string from_address;  // addr-spec, e.g. corrchess@example.org
  std::string to_name;
  std::string to_address;
  std::string subject;                  // UTF-8
  std::string text;                     // text/plain part, UTF-8
  std::string html;                     // text/html part, UTF-8 (empty: text only)
  std::string message_id;               // "<...@host>"
  std::vector<std::string> references;  // "<...@host>" each; the last is In-Reply-To
  std::string unsubscribe_url;          // one-click unsubscribe (empty: none)
  std::string delivery_id;              // the outbox's stable id (X-Corrchess-Delivery)
  std::vector<Attachment> attachments;
  game::Timestamp date;
};

// The text as it may stand in a header: unchanged when printable ASCII, else RFC 2047
// "=?UTF-8?B?...?=" words (each at most 75 characters, never splitting a UTF-8 sequence),
// separated by folding white space.
std::string encode_header_text(std::string_view text);
// "Name <address>" with the name encoded (quoted when it holds specials), or the address.
std::string format_mailbox(std::string_view name, std::string_view address);
// RFC 5322 date in UTC: "Tue, 01 Jan 2030 00:00:00 +0000".
std::string format_mail_date(game::Timestamp t);
// Whether `address` is a plain addr-spec this server sends to: local@domain, printable
// ASCII, no white space, angle brackets, commas or control characters, at most 254 bytes.
bool is_mail_address(std::string_view address);
// The host part of a URL ("https://chess.example.org:8443/x" -> "chess.example.org"), for
// message ids; "localhost" when there is none.
std::string url_host(std::string_view url);

// The header fields of `mail` other than the MIME ones, one "Name: value" per entry.
std::vector<std::string> header_fields(const MailMessage& mail);

}  // namespace corrchess::delivery
