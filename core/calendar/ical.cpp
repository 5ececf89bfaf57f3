#include "core/calendar/ical.h"

#include <cstdio>

namespace corrchess::ical {

namespace {

constexpr std::size_t kMaxLineOctets = 75;

// Is `c` the first byte of a UTF-8 sequence (not a continuation byte 10xxxxxx)?
bool starts_sequence(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

void add_line(std::string& out, std::string_view name, std::string_view value) {
  std::string line(name);
  line += ':';
  line += value;
  out += fold_line(line);
}

void add_event(std::string& out, const Event& e, game::Timestamp stamp) {
  add_line(out, "BEGIN", "VEVENT");
  add_line(out, "UID", escape_text(e.uid));
  add_line(out, "DTSTAMP", date_time_value(stamp));
  add_line(out, "LAST-MODIFIED", date_time_value(e.modified));
  add_line(out, "SEQUENCE", std::to_string(e.sequence));
  if (e.first_day && e.last_day) {
    add_line(out, "DTSTART;VALUE=DATE", date_value(*e.first_day));
    add_line(out, "DTEND;VALUE=DATE", date_value(game::add_days(*e.last_day, 1)));
  } else {
    add_line(out, "DTSTART", date_time_value(e.start));
    if (e.end) add_line(out, "DTEND", date_time_value(*e.end));
  }
  add_line(out, "SUMMARY", escape_text(e.summary));
  if (!e.description.empty()) add_line(out, "DESCRIPTION", escape_text(e.description));
  if (!e.url.empty()) add_line(out, "URL", e.url);
  add_line(out, "TRANSP", "TRANSPARENT");
  add_line(out, "END", "VEVENT");
}

}  // namespace

std::string escape_text(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    switch (c) {
      case '\\': out += "\\\\"; break;
      case ';': out += "\\;"; break;
      case ',': out += "\\,"; break;
      case '\r':
        if (i + 1 < value.size() && value[i + 1] == '\n') ++i;
        out += "\\n";
        break;
      case '\n': out += "\\n"; break;
      default: out += c;
    }
  }
  return out;
}

std::string fold_line(std::string_view line) {
  std::string out;
  out.reserve(line.size() + line.size() / 64 * 3 + 2);
  // The first line holds 75 octets; each continuation line a space and 74 more.
  std::size_t budget = kMaxLineOctets;
  while (line.size() > budget) {
    std::size_t cut = budget;
    while (cut > 0 && !starts_sequence(line[cut])) --cut;
    if (cut == 0) cut = budget;  // not UTF-8: cut anyway rather than loop
    out.append(line.substr(0, cut));
    out += "\r\n ";
    line.remove_prefix(cut);
    budget = kMaxLineOctets - 1;
  }
  out.append(line);
  out += "\r\n";
  return out;
}

std::string date_time_value(game::Timestamp t) {
  const auto seconds = t.unix_seconds();
  const auto day = game::floor_div(seconds, game::kSecondsPerDay);
  const auto in_day = seconds - day * game::kSecondsPerDay;
  const auto d = game::civil_from_days(day);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%04d%02d%02dT%02d%02d%02dZ", d.year, d.month, d.day,
                static_cast<int>(in_day / 3600), static_cast<int>(in_day / 60 % 60),
                static_cast<int>(in_day % 60));
  return buf;
}

std::string date_value(game::CivilDate d) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%04d%02d%02d", d.year, d.month, d.day);
  return buf;
}

std::string render(const Calendar& calendar) {
  std::string out;
  add_line(out, "BEGIN", "VCALENDAR");
  add_line(out, "VERSION", "2.0");
  add_line(out, "PRODID", "-//corrchess//deadline calendar//EN");
  add_line(out, "CALSCALE", "GREGORIAN");
  add_line(out, "METHOD", "PUBLISH");
  add_line(out, "X-WR-CALNAME", escape_text(calendar.name));
  add_line(out, "X-PUBLISHED-TTL", "PT1H");
  add_line(out, "REFRESH-INTERVAL;VALUE=DURATION", "PT1H");
  for (const auto& e : calendar.events) add_event(out, e, calendar.stamp);
  add_line(out, "END", "VCALENDAR");
  return out;
}

}  // namespace corrchess::ical
