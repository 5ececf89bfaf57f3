#include "api/adjudications.h"

#include "api/events.h"
#include "api/json_body.h"
#include "api/paging.h"
#include "app/adjudications.h"
#include "model/evidence_codec.h"

namespace corrchess::api {

namespace {

using model::evidence_json;
using model::line_json;
using nlohmann::json;

std::string_view color_name(game::Color c) { return c == game::Color::kWhite ? "white" : "black"; }

// Adds `line` to each filed claim of `claims` ({white, black}): null when its analysis holds
// no line.
void add_lines(json& claims, std::int64_t game_id, const app::ClaimLines& lines) {
  for (const auto side : {game::Color::kWhite, game::Color::kBlack}) {
    const auto key = std::string(color_name(side));
    if (!claims.contains(key) || !claims[key].value("filed", false)) continue;
    const auto it = lines.find({game_id, side});
    claims[key]["line"] = it == lines.end() ? json() : line_json(it->second);
  }
}

Result<Response> queue(GameServiceDeps& deps, const Request& request, const model::User& user) {
  // The cursor: "<pending since, epoch seconds>.<game id>" of the page's last game.
  TRY_LET(page, page_query(request, app::kMaxAdjudicationsPerPage, 2));
  app::AdjudicationPage wanted{std::nullopt, page->limit};
  if (!page->after.empty())
    wanted.after = model::AdjudicationCursor{page->after[0], page->after[1]};
  TRY_LET(q, app::adjudication_queue(deps, user, wanted));
  json list = json::array();
  for (const auto& p : q->games) {
    const auto& g = p.game;
    json j = {{"game_id", std::to_string(g.game_id)},
              {"event", {{"id", std::to_string(p.event_id)}, {"name", p.event_name}}},
              {"round", g.round},
              {"board", g.board},
              {"white", g.white},
              {"black", g.black},
              {"ply", g.ply},
              {"age_seconds", q->now.unix_seconds() - g.adjudication_since->unix_seconds()}};
    j.update(adjudication_json(g, q->claims, user, q->now));
    add_lines(j["claims"], g.game_id, q->lines);
    const auto evidence = q->evidence.find(g.game_id);
    j["evidence"] = evidence == q->evidence.end() ? json() : evidence_json(evidence->second);
    list.push_back(std::move(j));
  }
  return json_response(
      200,
      {{"adjudications", list},
       {"total", q->total},
       {"next_cursor", q->next ? next_cursor_json({q->next->since, q->next->game_id}) : json()}});
}

Result<Response> evidence(GameServiceDeps& deps, const model::User& user, std::int64_t id) {
  TRY_LET(e, app::game_evidence(deps, user, id));
  json claims = json::array();
  for (const auto& c : e->claims) {
    const auto line = e->lines.find({id, c.side});
    claims.push_back({{"side", color_name(c.side)},
                      {"claim", c.claim},
                      {"analysis", c.analysis},
                      {"filed_at", game::format_rfc3339(c.filed_at)},
                      {"line", line == e->lines.end() ? json() : line_json(line->second)}});
  }
  return json_response(200, {{"game_id", std::to_string(id)},
                             {"ply", e->ply},
                             {"fen", e->fen},
                             {"evidence", evidence_json(e->evidence)},
                             {"claims", std::move(claims)}});
}

// POST /admin/events/{id}/auto-adjudication: {enabled, reason}.
struct AutoAdjudicationBody {
  bool enabled = false;
  std::string reason;
  static Result<AutoAdjudicationBody> from_json(const json& body, const Request&) {
    Fields in(body);
    const bool enabled = in.required_bool("enabled");
    return in.finish(AutoAdjudicationBody{enabled, in.nonblank_text("reason", 1000)});
  }
};

}  // namespace

void add_adjudication_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "events");
  routes.add(
      {"GET", "/api/v1/admin/adjudications", Access::kDirector,
       Doc("Event games awaiting adjudication across all events, the longest waiting first, with "
           "the server's evidence on each position, one page at a time",
           200,
           "{adjudications: [{game_id, event: {id, name}, round, board, white, black, ply, "
           "age_seconds, pending_since, claims_due, window_open, claims: {white, black} (each "
           "with line), evidence}], total, next_cursor}; total counts the games of the whole "
           "queue")
           .q(page_query_doc("1..200; default: the whole queue"))},
      [&deps](const Call& c) { return queue(deps, c.request, c.caller()); });
  routes.add({"GET", "/api/v1/admin/games/{id}/evidence", kDirector, kGame,
              Doc("What the server can prove about a game's current position", 200,
                  "{game_id, ply, fen, evidence, claims: [{side, claim, analysis, filed_at, "
                  "line}]}")},
             [&deps](const Call& c) { return evidence(deps, c.caller(), c.id); });
  routes.add(
      {"POST", "/api/v1/admin/events/{id}/auto-adjudication", kDirector, kEvent,
       Doc("Let the server decide proven games at the end date (or stop it); turning it on "
           "decides the proven games already waiting",
           200, "{event_id, auto_adjudicate, decided}")
           .in({{"enabled", "boolean", true, ""}, {"reason", "string", true, "non-empty"}},
               {{"enabled", true}, {"reason", "tablebase and dead positions need no director"}})},
      BodyHandler<AutoAdjudicationBody>([&deps](const Call& c,
                                                AutoAdjudicationBody&& b) -> Result<Response> {
        TRY_LET(decided, app::set_auto_adjudication(deps, c.caller(), c.id, b.enabled, b.reason));
        return json_response(200, {{"event_id", std::to_string(c.id)},
                                   {"auto_adjudicate", b.enabled},
                                   {"decided", *decided}});
      }));
}

}  // namespace corrchess::api
