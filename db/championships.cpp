#include "db/championships.h"

#include <nlohmann/json.hpp>

#include "db/codec.h"
#include "db/rows.h"

namespace corrchess::db {

namespace {

using game::Timestamp;

// id, name, the section terms (columns 2..13), then the championship's own.
const std::string kChampionshipColumns =
    std::string("id, name, ") + kSectionTermsColumns +
    ", country_spread, auto_advance, status, extract(epoch FROM created_at)::bigint, "
    "extract(epoch FROM finished_at)::bigint, opening, initial_fen";

Result<StoredChampionship> championship_from_row(pqxx::work& tx, const pqxx::row& row) {
  StoredChampionship c;
  c.id = row[0].as<std::int64_t>();
  auto& s = c.settings;
  s.name = row[1].as<std::string>();
  TRY_LET(terms, section_terms_from_row(row, 2));
  s.terms = *terms;
  s.country_spread = row[14].as<bool>();
  s.auto_advance = row[15].as<bool>();
  c.status = row[16].as<std::string>();
  c.created_at = Timestamp(row[17].as<std::int64_t>());
  c.finished_at = optional_instant(row[18]);
  s.opening = optional_text(row[19]);
  s.initial_fen = optional_text(row[20]).value_or("");
  for (const auto& r : tx.exec_params(
           "SELECT number, name, section_size, per_section, best_runners_up, status, "
           "extract(epoch FROM started_at)::bigint, extract(epoch FROM finished_at)::bigint "
           "FROM championship_stages WHERE championship_id = $1 ORDER BY number",
           c.id)) {
    StoredStage st;
    st.number = r[0].as<int>();
    st.settings.name = r[1].as<std::string>();
    st.settings.section_size = r[2].as<int>();
    st.settings.rule.per_section = r[3].as<int>();
    st.settings.rule.best_runners_up = r[4].as<int>();
    st.status = r[5].as<std::string>();
    st.started_at = optional_instant(r[6]);
    st.finished_at = optional_instant(r[7]);
    s.stages.push_back(st.settings);
    c.stages.push_back(std::move(st));
  }
  return c;
}

// The events of a stage's sections whose games are not all over.
constexpr const char* kOpenStageGames =
    "EXISTS (SELECT 1 FROM stage_sections ss JOIN games g ON g.event_id = ss.event_id "
    "WHERE ss.championship_id = st.championship_id AND ss.stage = st.number AND "
    "g.status IN ('not_started', 'ongoing', 'adjudication_pending'))";

}  // namespace

Result<std::int64_t> insert_championship(pqxx::work& tx, const ChampionshipSettings& s,
                                         std::optional<std::int64_t> created_by, Timestamp now) {
  const auto rows = tx.exec_params(
      "INSERT INTO championships (name, variant, allow_518, time_control, leave_days_per_year, "
      "draw_min_moves, ten_moves_rule, silence_rule, messages_allowed, double_round, rated, "
      "country_spread, auto_advance, created_by, created_at, section_days, auto_adjudicate, "
      "opening, initial_fen) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, "
      "$13, $14, to_timestamp($15), $16, $17, $18, $19) "
      "ON CONFLICT DO NOTHING RETURNING id",
      s.name, std::string(game::to_string(s.terms.variant)), s.terms.allow_518,
      time_control_json(s.terms.time_control).dump(), s.terms.leave_days_per_year,
      s.terms.rules.no_draw_before_move, s.terms.rules.ten_moves_rule, s.terms.rules.silence_rule,
      s.terms.rules.messages_allowed, s.terms.double_round, s.terms.rated, s.country_spread,
      s.auto_advance, created_by, now.unix_seconds(), s.terms.section_days, s.terms.auto_adjudicate,
      s.opening, s.initial_fen.empty() ? std::nullopt : std::optional<std::string>(s.initial_fen));
  if (rows.empty()) {
    return fail(ErrorCode::kConflict, "a championship named '" + s.name + "' exists already");
  }
  const auto id = rows[0][0].as<std::int64_t>();
  int number = 0;
  for (const auto& stage : s.stages) {
    tx.exec_params(
        "INSERT INTO championship_stages (championship_id, number, name, section_size, "
        "per_section, best_runners_up) VALUES ($1, $2, $3, $4, $5, $6)",
        id, ++number, stage.name, stage.section_size, stage.rule.per_section,
        stage.rule.best_runners_up);
  }
  return id;
}

Result<StoredChampionship> load_championship(pqxx::work& tx, std::int64_t id, bool lock) {
  const auto rows =
      tx.exec_params("SELECT " + kChampionshipColumns + " FROM championships WHERE id = $1" +
                         (lock ? " FOR UPDATE" : ""),
                     id);
  if (rows.empty()) return fail(ErrorCode::kNotFound, "no championship " + std::to_string(id));
  return championship_from_row(tx, rows[0]);
}

std::vector<StoredChampionship> list_championships(pqxx::work& tx) {
  std::vector<StoredChampionship> out;
  for (const auto& row :
       tx.exec("SELECT " + kChampionshipColumns + " FROM championships ORDER BY id")) {
    if (auto c = championship_from_row(tx, row)) out.push_back(std::move(*c));
  }
  return out;
}

std::vector<std::int64_t> championships_with_finished_stage(pqxx::work& tx) {
  return ids_of(
      tx.exec(std::string("SELECT c.id FROM championships c JOIN championship_stages st ON "
                          "st.championship_id = c.id WHERE c.status = 'running' AND "
                          "st.status = 'running' AND NOT ") +
              kOpenStageGames + " ORDER BY c.id"));
}

std::vector<std::int64_t> championships_to_advance(pqxx::work& tx) {
  return ids_of(tx.exec(
      "SELECT c.id FROM championships c WHERE c.status = 'running' AND c.auto_advance AND "
      "NOT EXISTS (SELECT 1 FROM championship_stages st WHERE st.championship_id = c.id AND "
      "st.status = 'running') AND EXISTS (SELECT 1 FROM championship_stages st WHERE "
      "st.championship_id = c.id AND st.status = 'pending') ORDER BY c.id"));
}

void set_stage_status(pqxx::work& tx, std::int64_t id, int stage, const std::string& status,
                      Timestamp now) {
  tx.exec_params(
      "UPDATE championship_stages SET status = $3, started_at = CASE WHEN $3 = 'running' THEN "
      "to_timestamp($4) ELSE started_at END, finished_at = CASE WHEN $3 = 'finished' THEN "
      "to_timestamp($4) ELSE finished_at END WHERE championship_id = $1 AND number = $2",
      id, stage, status, now.unix_seconds());
}

void finish_championship(pqxx::work& tx, std::int64_t id, Timestamp now) {
  tx.exec_params(
      "UPDATE championships SET status = 'finished', finished_at = to_timestamp($2) WHERE id = $1",
      id, now.unix_seconds());
}

void insert_stage_section(pqxx::work& tx, std::int64_t id, int stage, int number,
                          std::int64_t event_id) {
  tx.exec_params(
      "INSERT INTO stage_sections (championship_id, stage, number, event_id) VALUES ($1, $2, $3, "
      "$4)",
      id, stage, number, event_id);
}

std::vector<StageSection> stage_sections(pqxx::work& tx, std::int64_t id) {
  std::vector<StageSection> out;
  for (const auto& row :
       tx.exec_params("SELECT ss.stage, ss.number, ss.event_id, e.name FROM stage_sections ss "
                      "JOIN events e ON e.id = ss.event_id WHERE ss.championship_id = $1 "
                      "ORDER BY ss.stage, ss.number",
                      id)) {
    out.push_back(
        {row[0].as<int>(), row[1].as<int>(), row[2].as<std::int64_t>(), row[3].as<std::string>()});
  }
  return out;
}

bool stage_over(pqxx::work& tx, std::int64_t id, int stage) {
  return tx
      .exec_params1(std::string("SELECT NOT ") + kOpenStageGames +
                        " FROM championship_stages st WHERE st.championship_id = $1 AND "
                        "st.number = $2",
                    id, stage)[0]
      .as<bool>();
}

void insert_stage_qualifier(pqxx::work& tx, std::int64_t id, const StageQualifier& q) {
  tx.exec_params(
      "INSERT INTO stage_qualifiers (championship_id, stage, rank, user_id, section, place, "
      "score_halves, games, runner_up) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
      id, q.stage, q.rank, q.user_id, q.section, q.place, q.score_halves, q.games, q.runner_up);
}

std::vector<StageQualifier> stage_qualifiers(pqxx::work& tx, std::int64_t id) {
  std::vector<StageQualifier> out;
  for (const auto& row : tx.exec_params(
           "SELECT q.stage, q.rank, q.user_id, u.username, q.section, q.place, q.score_halves, "
           "q.games, q.runner_up FROM stage_qualifiers q JOIN users u ON u.id = q.user_id "
           "WHERE q.championship_id = $1 ORDER BY q.stage, q.rank",
           id)) {
    StageQualifier q;
    q.stage = row[0].as<int>();
    q.rank = row[1].as<int>();
    q.user_id = row[2].as<std::int64_t>();
    q.username = row[3].as<std::string>();
    q.section = row[4].as<int>();
    q.place = row[5].as<int>();
    q.score_halves = row[6].as<int>();
    q.games = row[7].as<int>();
    q.runner_up = row[8].as<bool>();
    out.push_back(std::move(q));
  }
  return out;
}

}  // namespace corrchess::db
