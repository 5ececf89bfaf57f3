// The one text rule for everything people write that others see (docs/api.md "Text"):
// names, messages, reasons, analyses, notes, whether they come over REST or Xfcc. Text is
// UTF-8 without C0 control characters (but line breaks and tabs in free text), DEL, the C1
// controls U+0080..U+009F (NEL U+0085 among them), the Unicode line and paragraph separators
// U+2028 and U+2029, the bidirectional embedding, override and isolate controls
// (U+202A..U+202E, U+2066..U+2069, which can make a name read as another), the byte order
// mark U+FEFF, the interlinear annotation controls U+FFF9..U+FFFB and the noncharacters
// U+FFFE and U+FFFF. REST refuses such text (validation_error naming the code point); Xfcc,
// whose clients send what they have, drops those code points.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace corrchess::text {

enum class Kind {
  kLine,       // names, credentials, codes: one line
  kMultiline,  // free text: also \n, \r and \t
};

// May `cp` appear in text of `kind`?
bool allowed(char32_t cp, Kind kind);

// The first code point of `utf8` the rule refuses; U+FFFD when the bytes are not well-formed
// UTF-8; none when the text is acceptable.
std::optional<char32_t> first_refused(std::string_view utf8, Kind kind);

// "U+0085".
std::string code_point_name(char32_t cp);

// The length of the well-formed UTF-8 sequence at `i` (no overlong forms, surrogates or
// code points past U+10FFFF), 0 when there is none; its code point in `cp`.
std::size_t utf8_sequence(std::string_view s, std::size_t i, char32_t& cp);
bool valid_utf8(std::string_view s);
void append_utf8(std::string& out, char32_t cp);

// ASCII white space: space, tab, line feed, carriage return, form feed, vertical tab.
constexpr bool is_ascii_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
// `s` without ASCII white space at either end.
constexpr std::string_view trim_ascii_space(std::string_view s) {
  while (!s.empty() && is_ascii_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_ascii_space(s.back())) s.remove_suffix(1);
  return s;
}

// A count with its noun for English messages: "1 finished game", "2 finished games", "0
// players" (`one` for exactly 1, `other` for any other number).
std::string counted(long long n, std::string_view one, std::string_view other);

}  // namespace corrchess::text
