#include "db/adjudication_evidence.h"

#include <optional>

#include <nlohmann/json.hpp>

#include "db/codec.h"
#include "model/evidence_codec.h"

namespace corrchess::db {

namespace {

using nlohmann::json;

// [{side, analysis, line}], line null when the analysis holds none.
json lines_to_json(const std::vector<CheckedLine>& lines) {
  json out = json::array();
  for (const auto& c : lines) {
    out.push_back({{"side", game::color_name(c.side)},
                   {"analysis", c.analysis},
                   {"line", c.line.given ? model::line_json(c.line) : json()}});
  }
  return out;
}

// The lines lines_to_json wrote; none when the row is of another shape.
std::optional<std::vector<CheckedLine>> lines_from_json(const json& j) {
  if (!j.is_array()) return std::nullopt;
  std::vector<CheckedLine> out;
  for (const auto& c : j) {
    if (!c.is_object() || !c.contains("side") || !c.contains("analysis") || !c.contains("line") ||
        !c["side"].is_string() || !c["analysis"].is_string()) {
      return std::nullopt;
    }
    auto side = game::parse_color(c["side"].get<std::string>());
    if (!side) return std::nullopt;
    CheckedLine checked{*side, c["analysis"].get<std::string>(), {}};
    if (!c["line"].is_null()) {
      auto line = model::line_from_json(c["line"]);
      if (!line) return std::nullopt;
      checked.line = std::move(*line);
    }
    out.push_back(std::move(checked));
  }
  return out;
}

}  // namespace

std::map<std::int64_t, StoredEvidence> adjudication_evidence(
    pqxx::work& tx, const std::vector<std::int64_t>& game_ids) {
  std::map<std::int64_t, StoredEvidence> out;
  if (game_ids.empty()) return out;
  for (const auto& row :
       tx.exec_params("SELECT game_id, ply, computed_by, evidence::text, lines::text FROM "
                      "adjudication_evidence WHERE game_id = ANY($1::bigint[])",
                      id_array_literal(game_ids))) {
    StoredEvidence e;
    e.game_id = row[0].as<std::int64_t>();
    e.ply = row[1].as<int>();
    e.computed_by = row[2].as<std::string>();
    auto evidence = model::evidence_from_json(json::parse(row[3].as<std::string>()));
    auto lines = lines_from_json(json::parse(row[4].as<std::string>()));
    if (!evidence || !lines) continue;  // another version's form: computed again
    e.evidence = std::move(*evidence);
    e.lines = std::move(*lines);
    out.emplace(e.game_id, std::move(e));
  }
  return out;
}

void save_adjudication_evidence(pqxx::work& tx, const StoredEvidence& e) {
  tx.exec_params(
      "INSERT INTO adjudication_evidence (game_id, ply, computed_by, evidence, lines) VALUES ($1, "
      "$2, $3, $4::jsonb, $5::jsonb) ON CONFLICT (game_id) DO UPDATE SET ply = EXCLUDED.ply, "
      "computed_by = EXCLUDED.computed_by, evidence = EXCLUDED.evidence, lines = EXCLUDED.lines",
      e.game_id, e.ply, e.computed_by, model::evidence_json(e.evidence).dump(),
      lines_to_json(e.lines).dump());
}

int drop_evidence_of_decided_games(pqxx::work& tx) {
  return static_cast<int>(
      tx.exec("DELETE FROM adjudication_evidence e WHERE NOT EXISTS (SELECT 1 FROM games g WHERE "
              "g.id = e.game_id AND g.status = 'adjudication_pending')")
          .affected_rows());
}

}  // namespace corrchess::db
