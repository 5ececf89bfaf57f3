#include "delivery/mail.h"

#include <sodium.h>

#include <cstdio>

namespace corrchess::delivery {

namespace {

bool printable_ascii(std::string_view text) {
  for (const unsigned char c : text) {
    if (c < 0x20 || c > 0x7E) return false;
  }
  return true;
}

// Control characters (line breaks above all) never reach a header.
std::string single_line(std::string_view text) {
  std::string out(text);
  for (auto& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  }
  return out;
}

std::string base64(std::string_view bytes) {
  std::string out(sodium_base64_encoded_len(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()),
                    bytes.size(), sodium_base64_VARIANT_ORIGINAL);
  out.resize(out.find('\0'));
  return out;
}

}  // namespace

std::string encode_header_text(std::string_view raw) {
  const std::string text = single_line(raw);
  if (printable_ascii(text)) return text;
  // 45 bytes give 60 base64 characters: 12 more for "=?UTF-8?B?" and "?=" make 72 <= 75.
  constexpr std::size_t kChunk = 45;
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = std::min(text.size(), at + kChunk);
    // Never cut a multi-byte character: back up to the start of the one that is cut.
    while (end < text.size() && end > at + 1 &&
           (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
      --end;
    }
    // Each word on a line of its own (folded: CRLF and a space), so that no header line
    // grows past RFC 5322's limit however long the text.
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(std::string_view(text).substr(at, end - at)) + "?=";
    at = end;
  }
  return out;
}

std::string format_mailbox(std::string_view name, std::string_view address) {
  const std::string clean = single_line(name);
  if (clean.empty()) return std::string(address);
  std::string shown;
  if (!printable_ascii(clean)) {
    shown = encode_header_text(clean);
  } else if (clean.find_first_of("()<>[]:;@\\,.\"") != std::string::npos) {
    shown = "\"";
    for (const char c : clean) {
      if (c == '"' || c == '\\') shown += '\\';
      shown += c;
    }
    shown += "\"";
  } else {
    shown = clean;
  }
  return shown + " <" + std::string(address) + ">";
}

std::string format_mail_date(game::Timestamp t) {
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const auto d = game::utc_date(t);
  const auto s = game::floor_mod(t.unix_seconds(), game::kSecondsPerDay);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[game::weekday(d)],
                d.day, kMonths[d.month - 1], d.year, static_cast<int>(s / 3600),
                static_cast<int>(s % 3600 / 60), static_cast<int>(s % 60));
  return buf;
}

bool is_mail_address(std::string_view address) {
  if (address.empty() || address.size() > 254) return false;
  const auto at = address.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == address.size()) return false;
  for (const unsigned char c : address) {
    if (c <= 0x20 || c >= 0x7F) return false;
    if (c == '<' || c == '>' || c == ',' || c == ';' || c == '"' || c == '\\' || c == '(' ||
        c == ')') {
      return false;
    }
  }
  return address.find('@') == at;
}

std::string url_host(std::string_view url) {
  const auto scheme = url.find("://");
  if (scheme != std::string_view::npos) url.remove_prefix(scheme + 3);
  url = url.substr(0, url.find_first_of("/?#"));
  if (const auto at = url.rfind('@'); at != std::string_view::npos) url.remove_prefix(at + 1);
  if (url.starts_with('[')) {
    url = url.substr(1, url.find(']') == std::string_view::npos ? url.size() : url.find(']') - 1);
  } else {
    url = url.substr(0, url.find(':'));
  }
  std::string host;
  for (const char c : url) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-') host += c;
  }
  return host.empty() ? "localhost" : host;
}

std::vector<std::string> header_fields(const MailMessage& mail) {
  std::vector<std::string> out;
  out.push_back("Date: " + format_mail_date(mail.date));
  out.push_back("From: " + format_mailbox(mail.from_name, mail.from_address));
  out.push_back("To: " + format_mailbox(mail.to_name, mail.to_address));
  out.push_back("Subject: " + encode_header_text(mail.subject));
  if (!mail.message_id.empty()) out.push_back("Message-ID: " + single_line(mail.message_id));
  if (!mail.references.empty()) {
    std::string refs;
    for (const auto& r : mail.references) {
      if (!refs.empty()) refs += ' ';
      refs += single_line(r);
    }
    out.push_back("In-Reply-To: " + single_line(mail.references.back()));
    out.push_back("References: " + refs);
  }
  if (!mail.unsubscribe_url.empty()) {
    out.push_back("List-Unsubscribe: <" + single_line(mail.unsubscribe_url) + ">");
    out.push_back("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  }
  if (!mail.delivery_id.empty()) {
    out.push_back("X-Corrchess-Delivery: " + single_line(mail.delivery_id));
  }
  out.push_back("Auto-Submitted: auto-generated");
  return out;
}

}  // namespace corrchess::delivery
