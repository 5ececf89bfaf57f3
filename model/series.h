// The records of db/series.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/competition/series.h"
#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "core/game/time_control.h"
#include "model/section_terms.h"

namespace corrchess::model {

// Everything the director fixes when defining a series.
struct SeriesSettings {
  std::string name;
  SectionTerms terms;  // what every section's games are played under
  // Thematic: the opening as given (SAN moves or a FEN) and the position it reaches.
  std::optional<std::string> opening;
  std::string initial_fen;
  competition::SectionRules sections;
  bool country_spread = false;
  competition::ClassGate gate;
  int min_finished_games = 0;
  competition::PromotionRule promotion;
  int credit_valid_days = 365;

  bool operator==(const SeriesSettings&) const = default;
};

struct StoredSeries {
  std::int64_t id = 0;
  SeriesSettings settings;
  std::string status;  // "open" or "paused"
  std::optional<std::int64_t> created_by;
  game::Timestamp created_at;
};

// Per series id: how many entries wait, and how many sections it started.
struct SeriesCounts {
  int waiting = 0;
  int sections = 0;
};

// One entry with its player (and the player's country, for the compatriot spread).
struct SeriesEntry {
  std::int64_t id = 0;
  std::int64_t series_id = 0;
  std::string series_name;
  std::int64_t user_id = 0;
  std::string username;
  std::string display_name;
  std::string country;  // empty: not given
  game::Timestamp entered_at;
  std::string admission;  // "rating", "unrated", "credit"
  std::string status;     // "waiting", "started", "left", "expired", "removed"
  std::optional<std::int64_t> event_id;
  std::optional<game::Timestamp> closed_at;
  std::optional<std::string> reason;
};

// Ends a waiting entry: status "started" (with the event), "left", "expired" or "removed"
// (with the reason and the director). False when the entry was no longer waiting.
struct EntryClosing {
  std::string status;
  std::optional<std::int64_t> event_id;
  std::optional<std::string> reason;
  std::optional<std::int64_t> removed_by;
};

// A section the series started.
struct SeriesSection {
  std::int64_t series_id = 0;
  int number = 0;
  std::int64_t event_id = 0;
  std::string event_name;
  game::Timestamp started_at;
  std::optional<game::Timestamp> closed_at;
  int players = 0;
};

// A promotion credit.
struct PromotionCredit {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::string username;
  std::int64_t series_id = 0;  // where it was earned
  std::string series_name;
  std::int64_t event_id = 0;
  int place = 0;
  int score_halves = 0;
  int games = 0;
  game::Timestamp earned_at;
  game::Timestamp expires_at;
  std::optional<game::Timestamp> used_at;
  std::optional<std::int64_t> used_by_entry;
};

}  // namespace corrchess::model
