#include "core/text.h"

#include <cstdio>

namespace corrchess::text {

bool allowed(char32_t cp, Kind kind) {
  if (cp == '\n' || cp == '\r' || cp == '\t') return kind == Kind::kMultiline;
  if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) return false;  // C0, DEL, C1
  if (cp == 0x2028 || cp == 0x2029) return false;             // line, paragraph separator
  if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) return false;  // bidi
  if (cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB) || cp == 0xFFFE || cp == 0xFFFF) {
    return false;
  }
  return cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
}

std::optional<char32_t> first_refused(std::string_view utf8, Kind kind) {
  for (std::size_t i = 0; i < utf8.size();) {
    char32_t cp = 0;
    const auto n = utf8_sequence(utf8, i, cp);
    if (n == 0) return U'\uFFFD';
    if (!allowed(cp, kind)) return cp;
    i += n;
  }
  return std::nullopt;
}

std::string code_point_name(char32_t cp) {
  char name[16];
  std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(cp));
  return name;
}

// The length of the well-formed UTF-8 sequence at `i` (no overlong forms, surrogates or
// code points past U+10FFFF), 0 when there is none; its code point in `cp`.
std::size_t utf8_sequence(std::string_view s, std::size_t i, char32_t& cp) {
  const auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = 0;
  if (b < 0x80) {
    cp = b;
    return 1;
  }
  if (b >= 0xC2 && b <= 0xDF) {
    n = 2;
    cp = b & 0x1F;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3;
    cp = b & 0x0F;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4;
    cp = b & 0x07;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const auto c = static_cast<unsigned char>(s[i + k]);
    if ((c & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (c & 0x3F);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
      (cp >= 0xD800 && cp <= 0xDFFF)) {
    return 0;
  }
  return n;
}

bool valid_utf8(std::string_view s) {
  char32_t cp = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto n = utf8_sequence(s, i, cp);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::string counted(long long n, std::string_view one, std::string_view other) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : other);
}

}  // namespace corrchess::text
