#include "core/game/time.h"

#include <algorithm>
#include <cstdio>

namespace corrchess::game {
namespace {

// Reads exactly `width` decimal digits at `pos`; advances pos. Returns -1 when not digits.
int read_digits(std::string_view text, std::size_t& pos, std::size_t width) {
  if (pos + width > text.size()) return -1;
  int value = 0;
  for (std::size_t i = 0; i < width; ++i) {
    const char c = text[pos + i];
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  pos += width;
  return value;
}

bool expect(std::string_view text, std::size_t& pos, char c) {
  if (pos >= text.size() || text[pos] != c) return false;
  ++pos;
  return true;
}

// Reads "YYYY-MM-DD" at pos; returns false when malformed or not a real day.
bool read_date(std::string_view text, std::size_t& pos, CivilDate& out) {
  const int year = read_digits(text, pos, 4);
  if (year < 0 || !expect(text, pos, '-')) return false;
  const int month = read_digits(text, pos, 2);
  if (month < 0 || !expect(text, pos, '-')) return false;
  const int day = read_digits(text, pos, 2);
  if (day < 0) return false;
  out = CivilDate{year, month, day};
  return is_valid(out);
}

constexpr Timestamp kEarliest = utc_midnight(CivilDate{0, 1, 1});
constexpr Timestamp kLatest = utc_midnight(CivilDate{9999, 12, 31}) + (kSecondsPerDay - 1);

}  // namespace

std::string format_rfc3339(Timestamp t) {
  t = std::clamp(t, kEarliest, kLatest);
  const CivilDate d = utc_date(t);
  const auto sec = static_cast<int>(floor_mod(t.unix_seconds(), kSecondsPerDay));
  // "YYYY-MM-DDTHH:MM:SSZ", the year 0000-9999 (the clamp above): digits written in place
  // (every answer and live message carries several of these; snprintf was 1.4 % of the
  // server's CPU per move, bench/README.md).
  std::string out = "0000-00-00T00:00:00Z";
  const auto put = [&out](std::size_t at, int value, int digits) {
    for (int i = digits - 1; i >= 0; --i, value /= 10) {
      out[at + static_cast<std::size_t>(i)] = static_cast<char>('0' + value % 10);
    }
  };
  put(0, d.year, 4);
  put(5, d.month, 2);
  put(8, d.day, 2);
  put(11, sec / 3600, 2);
  put(14, sec / 60 % 60, 2);
  put(17, sec % 60, 2);
  return out;
}

Result<Timestamp> parse_rfc3339(std::string_view text) {
  auto bad = [&] {
    return fail(ErrorCode::kValidationError,
                "not an RFC 3339 date-time: \"" + std::string(text.substr(0, 64)) + "\"");
  };
  std::size_t pos = 0;
  CivilDate date;
  if (!read_date(text, pos, date)) return bad();
  if (pos >= text.size() || (text[pos] != 'T' && text[pos] != 't' && text[pos] != ' ')) {
    return bad();
  }
  ++pos;
  const int hour = read_digits(text, pos, 2);
  if (hour < 0 || hour > 23 || !expect(text, pos, ':')) return bad();
  const int minute = read_digits(text, pos, 2);
  if (minute < 0 || minute > 59 || !expect(text, pos, ':')) return bad();
  const int second = read_digits(text, pos, 2);
  if (second < 0 || second > 59) return bad();
  if (pos < text.size() && text[pos] == '.') {
    ++pos;
    const std::size_t first = pos;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
    if (pos == first) return bad();  // truncated: whole seconds are kept
  }
  Seconds offset = 0;
  if (pos < text.size() && (text[pos] == 'Z' || text[pos] == 'z')) {
    ++pos;
  } else if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
    const int sign = text[pos] == '-' ? -1 : 1;
    ++pos;
    const int oh = read_digits(text, pos, 2);
    if (oh < 0 || oh > 23 || !expect(text, pos, ':')) return bad();
    const int om = read_digits(text, pos, 2);
    if (om < 0 || om > 59) return bad();
    offset = sign * (oh * kSecondsPerHour + om * kSecondsPerMinute);
  } else {
    return bad();
  }
  if (pos != text.size()) return bad();
  return utc_instant(date, hour, minute, second) - offset;
}

std::string format_date(CivilDate d) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", d.year, d.month, d.day);
  return buf;
}

Result<CivilDate> parse_date(std::string_view text) {
  std::size_t pos = 0;
  CivilDate date;
  if (!read_date(text, pos, date) || pos != text.size()) {
    return fail(ErrorCode::kValidationError,
                "not a calendar date (YYYY-MM-DD): \"" + std::string(text.substr(0, 64)) + "\"");
  }
  return date;
}

}  // namespace corrchess::game
