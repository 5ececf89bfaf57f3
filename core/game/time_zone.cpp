#include "core/game/time_zone.h"

#include <algorithm>
#include <array>
#include <iterator>

namespace corrchess::game {
namespace {

struct Preset {
  std::string_view name;
  Seconds standard_offset;
  DstRule rule;
};

constexpr Seconds kHour = kSecondsPerHour;

constexpr std::array kPresets = {
    Preset{"UTC", 0, DstRule::kNone},
    Preset{"Etc/UTC", 0, DstRule::kNone},
    Preset{"GMT", 0, DstRule::kNone},
    Preset{"Europe/London", 0, DstRule::kEu},
    Preset{"Europe/Dublin", 0, DstRule::kEu},
    Preset{"Europe/Lisbon", 0, DstRule::kEu},
    Preset{"Europe/Amsterdam", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Berlin", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Brussels", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Budapest", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Copenhagen", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Madrid", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Oslo", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Paris", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Prague", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Rome", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Stockholm", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Vienna", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Warsaw", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Zurich", 1 * kHour, DstRule::kEu},
    Preset{"Europe/Athens", 2 * kHour, DstRule::kEu},
    Preset{"Europe/Bucharest", 2 * kHour, DstRule::kEu},
    Preset{"Europe/Helsinki", 2 * kHour, DstRule::kEu},
    Preset{"Europe/Kyiv", 2 * kHour, DstRule::kEu},
    Preset{"Europe/Sofia", 2 * kHour, DstRule::kEu},
    Preset{"Europe/Istanbul", 3 * kHour, DstRule::kNone},
    Preset{"Europe/Moscow", 3 * kHour, DstRule::kNone},
    Preset{"America/New_York", -5 * kHour, DstRule::kUs},
    Preset{"America/Toronto", -5 * kHour, DstRule::kUs},
    Preset{"America/Chicago", -6 * kHour, DstRule::kUs},
    Preset{"America/Denver", -7 * kHour, DstRule::kUs},
    Preset{"America/Phoenix", -7 * kHour, DstRule::kNone},
    Preset{"America/Los_Angeles", -8 * kHour, DstRule::kUs},
    Preset{"Asia/Kolkata", 5 * kHour + 30 * kSecondsPerMinute, DstRule::kNone},
    Preset{"Asia/Shanghai", 8 * kHour, DstRule::kNone},
    Preset{"Asia/Tokyo", 9 * kHour, DstRule::kNone},
};

// The n-th (1-based) Sunday of a month.
CivilDate nth_sunday(int year, int month, int n) {
  const CivilDate first{year, month, 1};
  const int offset = (7 - weekday(first)) % 7;
  return add_days(first, offset + 7 * (n - 1));
}

CivilDate last_sunday(int year, int month) {
  const CivilDate last{year, month, days_in_month(year, month)};
  return add_days(last, -weekday(last));
}

}  // namespace

TimeZone::TimeZone() : TimeZone(std::string(kDefaultServerZone), 0, DstRule::kEu) {}

TimeZone::TimeZone(std::string name, Seconds standard_offset, DstRule rule)
    : name_(std::move(name)), standard_offset_(standard_offset), rule_(rule) {}

TimeZone::TimeZone(std::string name, std::vector<ZoneTransition> transitions)
    : name_(std::move(name)),
      standard_offset_(transitions.empty() ? 0 : transitions.front().offset),
      transitions_(std::move(transitions)) {
  if (transitions_.empty()) transitions_.push_back({Timestamp(0), 0});
}

Result<TimeZone> TimeZone::named(std::string_view name) {
  for (const Preset& p : kPresets) {
    if (p.name == name) return TimeZone(std::string(p.name), p.standard_offset, p.rule);
  }
  return fail(ErrorCode::kValidationError,
              "unknown time zone \"" + std::string(name.substr(0, 64)) + "\"");
}

TimeZone TimeZone::utc() { return TimeZone("UTC", 0, DstRule::kNone); }

TimeInterval TimeZone::dst_interval(int year) const {
  if (!transitions_.empty()) {
    const Timestamp t = utc_midnight(CivilDate{year, 1, 1});
    return {t, t};
  }
  switch (rule_) {
    case DstRule::kNone: {
      const Timestamp t = utc_midnight(CivilDate{year, 1, 1});
      return {t, t};
    }
    case DstRule::kEu:
      return {utc_instant(last_sunday(year, 3), 1), utc_instant(last_sunday(year, 10), 1)};
    case DstRule::kUs:
      return {utc_instant(nth_sunday(year, 3, 2), 2) - standard_offset_,
              utc_instant(nth_sunday(year, 11, 1), 2) - (standard_offset_ + kHour)};
  }
  return {};
}

Seconds TimeZone::utc_offset(Timestamp t) const {
  if (!transitions_.empty()) {
    const auto after = std::ranges::upper_bound(transitions_, t, {}, &ZoneTransition::at);
    return after == transitions_.begin() ? transitions_.front().offset : std::prev(after)->offset;
  }
  if (rule_ == DstRule::kNone) return standard_offset_;
  // The DST interval of a year lies well inside that UTC year for every supported rule.
  return dst_interval(utc_date(t).year).contains(t) ? standard_offset_ + kHour : standard_offset_;
}

CivilDate TimeZone::local_date(Timestamp t) const { return utc_date(t + utc_offset(t)); }

Timestamp TimeZone::local_hour(CivilDate d, int hour) const {
  const Timestamp wall = utc_instant(d, hour);  // the reading of the clocks, taken as UTC
  // The offsets in force a day either side (a zone changes at most once within two days),
  // and the rule zones' two: an instant whose offset maps it onto the reading; the earliest.
  const std::array<Seconds, 4> offsets = {utc_offset(wall - kSecondsPerDay),
                                          utc_offset(wall + kSecondsPerDay),
                                          standard_offset_ + kHour, standard_offset_};
  Timestamp best = Timestamp::max();
  for (Seconds off : offsets) {
    const Timestamp t = wall - off;
    if (utc_offset(t) == off) best = std::min(best, t);
  }
  if (best != Timestamp::max()) return best;
  // Skipped by a gap: the change itself, the first instant whose reading is past it.
  if (!transitions_.empty()) {
    for (auto it = std::ranges::upper_bound(transitions_, wall - 2 * kSecondsPerDay, {},
                                            &ZoneTransition::at);
         it != transitions_.end() && it->at <= wall + 2 * kSecondsPerDay; ++it) {
      const Seconds before = it == transitions_.begin() ? it->offset : std::prev(it)->offset;
      if (it->at + before <= wall && wall < it->at + it->offset) return it->at;
    }
  }
  return wall - standard_offset_;
}

// Local midnight, by the one search of local_hour (for a rule zone its candidate offsets are
// the standard one and summer time's, as they always were).
Timestamp TimeZone::start_of_day(CivilDate d) const { return local_hour(d, 0); }

std::vector<std::string_view> known_time_zones() {
  std::vector<std::string_view> names;
  names.reserve(kPresets.size());
  for (const Preset& p : kPresets) names.push_back(p.name);
  return names;
}

}  // namespace corrchess::game
