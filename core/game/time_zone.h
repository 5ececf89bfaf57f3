// The server's time zone for calendar notions (leave days, calendar years, start dates).
// GCC 12's libstdc++ has no tz database, so zones are data: the named presets are a standard
// UTC offset plus a daylight-saving rule applied to every year (the rules in force since 1996
// for the EU and 2007 for the US; earlier history is not modelled), and the rules use them. A
// zone may also be given by its history (a list of transitions), which is how the zones
// players name come from the system's tz database (server/tz_database.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/game/time.h"

namespace corrchess::game {

// How a zone shifts its clocks by one hour in summer.
enum class DstRule {
  kNone,
  // EU: from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC.
  kEu,
  // US: from the second Sunday of March 02:00 local standard time to the first Sunday of
  // November 02:00 local daylight time.
  kUs,
};

// A change of a zone's offset: from `at` on, local time is UTC + `offset`.
struct ZoneTransition {
  Timestamp at;
  Seconds offset = 0;

  bool operator==(const ZoneTransition&) const = default;
};

// The zone the server uses when an event does not name one.
inline constexpr std::string_view kDefaultServerZone = "Europe/London";

class TimeZone {
 public:
  // Europe/London.
  TimeZone();
  // A custom zone: standard offset east of UTC (e.g. +3600 for Berlin) and a DST rule.
  TimeZone(std::string name, Seconds standard_offset, DstRule rule);
  // A zone given by its history (a tz database zone, server/tz_database.h): the offset in
  // force from each transition on, in order; the first transition's offset also holds before
  // it. Any offsets and any number of changes a year (half hours, southern summers, zones that
  // dropped DST). At least one transition.
  TimeZone(std::string name, std::vector<ZoneTransition> transitions);

  // A named preset ("Europe/London", "Europe/Berlin", "UTC", "America/New_York", ...);
  // unknown names fail with kValidationError.
  static Result<TimeZone> named(std::string_view name);
  static TimeZone utc();

  const std::string& name() const { return name_; }
  Seconds standard_offset() const { return standard_offset_; }
  DstRule dst_rule() const { return rule_; }

  // The half-open interval of instants when daylight-saving time is in force in a (UTC)
  // year; begin == end for zones without DST and for zones given by their history.
  TimeInterval dst_interval(int year) const;
  // Local time minus UTC at the instant, in seconds (e.g. 3600 for London in summer).
  Seconds utc_offset(Timestamp t) const;
  // The local calendar date at the instant.
  CivilDate local_date(Timestamp t) const;
  // The first instant of a local date (local midnight). If midnight were skipped by a
  // transition, the first instant of the day after the gap; if repeated, the earlier one.
  Timestamp start_of_day(CivilDate d) const;
  // The first instant the local clocks show `hour`:00 on local date `d`: an hour skipped by a
  // spring-forward gap gives the first instant after the gap, an hour that comes twice the
  // first time.
  Timestamp local_hour(CivilDate d, int hour) const;
  // The half-open span of instants that make up a local date (23, 24 or 25 hours).
  TimeInterval day_interval(CivilDate d) const {
    return {start_of_day(d), start_of_day(add_days(d, 1))};
  }

  bool operator==(const TimeZone&) const = default;

 private:
  std::string name_;
  Seconds standard_offset_ = 0;
  DstRule rule_ = DstRule::kNone;
  std::vector<ZoneTransition> transitions_;  // a zone given by its history; else empty
};

// Names accepted by TimeZone::named, in a stable order.
std::vector<std::string_view> known_time_zones();

}  // namespace corrchess::game
