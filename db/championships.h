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
#include "model/championships.h"

namespace corrchess::db {

// The records of model/championships.h under their db/ names.
using model::ChampionshipSettings;
using model::StageQualifier;
using model::StageSection;
using model::StageSettings;
using model::StoredChampionship;
using model::StoredStage;

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
