// Multi-stage championships in PostgreSQL (migrations/0025_championships.sql, rules.md 6.9):
// the championship's settings, its stages with their qualification rules, the sections
// (events) of each stage and the qualifiers of each finished stage. Plain structs in and out;
// the qualification rule lives in core/competition/stages.h and the use cases in
// app/championships.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/competition/stages.h"
#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "core/game/time_control.h"
#include "db/section_terms.h"

namespace corrchess::db {

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

// Inserts a championship with its stages (all pending); kConflict when another has the name
// (case-insensitive).
Result<std::int64_t> insert_championship(pqxx::work& tx, const ChampionshipSettings& settings,
                                         std::optional<std::int64_t> created_by,
                                         game::Timestamp now);
// kNotFound when there is none; `lock` serialises the runs and the director's actions.
Result<StoredChampionship> load_championship(pqxx::work& tx, std::int64_t id, bool lock);
std::vector<StoredChampionship> list_championships(pqxx::work& tx);
// Running championships whose running stage has every game over (finished or annulled).
std::vector<std::int64_t> championships_with_finished_stage(pqxx::work& tx);
// Running championships whose last stage is finished and whose next one is pending with
// auto_advance on (a run that stopped between the two steps).
std::vector<std::int64_t> championships_to_advance(pqxx::work& tx);
void set_stage_status(pqxx::work& tx, std::int64_t id, int stage, const std::string& status,
                      game::Timestamp now);
void finish_championship(pqxx::work& tx, std::int64_t id, game::Timestamp now);

void insert_stage_section(pqxx::work& tx, std::int64_t id, int stage, int number,
                          std::int64_t event_id);
// Every section of the championship by stage and number.
std::vector<StageSection> stage_sections(pqxx::work& tx, std::int64_t id);
// True when every game of the stage's sections is over.
bool stage_over(pqxx::work& tx, std::int64_t id, int stage);

void insert_stage_qualifier(pqxx::work& tx, std::int64_t id, const StageQualifier& q);
// Every qualifier of the championship by stage and rank.
std::vector<StageQualifier> stage_qualifiers(pqxx::work& tx, std::int64_t id);

}  // namespace corrchess::db
