// Sets of instants as lists of half-open intervals (clock stops, leave).
#pragma once

#include <algorithm>
#include <vector>

#include "core/game/time.h"

namespace corrchess::game {

// The union of `intervals` as disjoint intervals in time order: empty ones (end <= begin)
// dropped, overlapping or touching ones joined.
inline std::vector<TimeInterval> merge_intervals(std::vector<TimeInterval> intervals) {
  std::erase_if(intervals, [](const TimeInterval& s) { return s.end <= s.begin; });
  std::ranges::sort(intervals, {}, &TimeInterval::begin);
  std::vector<TimeInterval> out;
  for (const TimeInterval& s : intervals) {
    if (!out.empty() && s.begin <= out.back().end) {
      out.back().end = std::max(out.back().end, s.end);
    } else {
      out.push_back(s);
    }
  }
  return out;
}

}  // namespace corrchess::game
