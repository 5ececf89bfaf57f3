// The records of db/championships.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/competition/stages.h"
#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "core/game/time_control.h"
#include "model/section_terms.h"

namespace corrchess::model {

struct StageSettings {
  std::string name;
  int section_size = 7;
  competition::QualificationRule rule;  // the last stage: {0, 0}

  bool operator==(const StageSettings&) const = default;
};

struct ChampionshipSettings {
  std::string name;
  SectionTerms terms;  // what every section's games are played under
  bool country_spread = false;
  bool auto_advance = true;
  std::vector<StageSettings> stages;
  // Thematic: the opening as given (SAN moves or a FEN) and the position every game of every
  // stage starts from (empty: the usual start).
  std::optional<std::string> opening;
  std::string initial_fen;

  bool operator==(const ChampionshipSettings&) const = default;
};

struct StoredStage {
  int number = 0;
  StageSettings settings;
  std::string status;  // "pending", "running", "finished"
  std::optional<game::Timestamp> started_at;
  std::optional<game::Timestamp> finished_at;
};

struct StoredChampionship {
  std::int64_t id = 0;
  ChampionshipSettings settings;  // stages: the settings of each stage
  std::vector<StoredStage> stages;
  std::string status;  // "running", "finished"
  game::Timestamp created_at;
  std::optional<game::Timestamp> finished_at;
};

struct StageSection {
  int stage = 0;
  int number = 0;
  std::int64_t event_id = 0;
  std::string event_name;
};

struct StageQualifier {
  int stage = 0;
  int rank = 0;
  std::int64_t user_id = 0;
  std::string username;
  int section = 0;  // 1-based
  int place = 0;
  int score_halves = 0;
  int games = 0;
  bool runner_up = false;
};

}  // namespace corrchess::model
