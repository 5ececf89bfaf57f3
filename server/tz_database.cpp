#include "server/tz_database.h"

#include <date/tz.h>

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace corrchess::server {
namespace {

using Seconds = std::chrono::seconds;

// Offsets are listed from here to there; beyond, the last one holds.
constexpr std::int64_t kFirst = 0;          // 1970-01-01
constexpr std::int64_t kLast = 4102444800;  // 2100-01-01

Result<game::TimeZone> load(const std::string& name) {
  try {
    const date::time_zone* zone = date::locate_zone(name);
    std::vector<game::ZoneTransition> transitions;
    date::sys_seconds t{Seconds(kFirst)};
    const date::sys_seconds last{Seconds(kLast)};
    while (t < last) {
      const auto info = zone->get_info(t);
      const auto offset = static_cast<game::Seconds>(info.offset.count());
      if (transitions.empty() || transitions.back().offset != offset) {
        const auto begin = std::max(info.begin, date::sys_seconds{Seconds(kFirst)});
        transitions.push_back({game::Timestamp(begin.time_since_epoch().count()), offset});
      }
      if (info.end <= t) break;
      t = info.end;
    }
    return game::TimeZone(name, std::move(transitions));
  } catch (const std::exception& e) {
    return fail(ErrorCode::kValidationError, "time zone \"" + name.substr(0, 64) +
                                                 "\" is not in the tz database (" + e.what() + ")");
  }
}

}  // namespace

Result<game::TimeZone> tz_database_zone(std::string_view name) {
  static std::mutex mutex;
  static std::map<std::string, Result<game::TimeZone>, std::less<>> zones;
  std::scoped_lock lock(mutex);
  if (const auto it = zones.find(name); it != zones.end()) return it->second;
  auto zone = load(std::string(name));
  zones.emplace(std::string(name), zone);
  return zone;
}

}  // namespace corrchess::server
