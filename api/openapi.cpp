#include "api/openapi.h"

#include <cctype>

#include "api/problem.h"
#include "api/rule_settings.h"
#include "core/error.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

json schema_of(const std::string& type) {
  if (type == "string[]") return {{"type", "array"}, {"items", {{"type", "string"}}}};
  if (type == "string[][]") {
    return {{"type", "array"}, {"items", {{"type", "array"}, {"items", {{"type", "string"}}}}}};
  }
  return {{"type", type}};
}

json ref(const std::string& name) { return {{"$ref", "#/components/schemas/" + name}}; }

json problem_content() { return {{"application/problem+json", {{"schema", ref("Problem")}}}}; }

json components() {
  json codes = json::array();
  json statuses = json::object();
  for (int i = 0; i <= static_cast<int>(ErrorCode::kInternal); ++i) {
    const auto code = static_cast<ErrorCode>(i);
    const std::string name{error_code_name(code)};
    codes.push_back(name);
    statuses[name] = http_status(code);
  }
  json schemas;
  schemas["Problem"] = {
      {"type", "object"},
      {"description",
       "RFC 9457 problem details (application/problem+json). `code` is stable; its HTTP status "
       "is listed in x-status-by-code."},
      {"required", {"type", "title", "status", "detail", "code"}},
      {"properties",
       {{"type", {{"type", "string"}, {"format", "uri"}}},
        {"title", {{"type", "string"}}},
        {"status", {{"type", "integer"}}},
        {"detail", {{"type", "string"}}},
        {"code", {{"type", "string"}, {"enum", codes}}}}},
      {"x-status-by-code", statuses}};
  schemas["User"] = {{"type", "object"},
                     {"required", {"id", "username", "display_name", "role", "created_at"}},
                     {"properties",
                      {{"id", {{"type", "string"}}},
                       {"username", {{"type", "string"}}},
                       {"display_name", {{"type", "string"}}},
                       {"role", {{"type", "string"}, {"enum", {"player", "td", "admin"}}}},
                       {"created_at", {{"type", "string"}, {"format", "date-time"}}}}}};
  schemas["Clock"] = {{"type", "object"},
                      {"required", {"remaining_seconds", "running", "on_leave"}},
                      {"properties",
                       {{"remaining_seconds", {{"type", "integer"}}},
                        {"running", {{"type", "boolean"}}},
                        {"deadline", {{"type", "string"}, {"format", "date-time"}}},
                        {"bank_seconds", {{"type", "integer"}}},
                        {"on_leave", {{"type", "boolean"}}}}}};
  schemas["Move"] = {
      {"type", "object"},
      {"required",
       {"ply", "san", "uci", "numeric", "fen_after", "at", "elapsed_seconds", "offer_draw",
        "conditional"}},
      {"properties",
       {{"ply", {{"type", "integer"}}},
        {"san", {{"type", "string"}}},
        {"uci", {{"type", "string"}}},
        {"numeric", {{"type", "string"}}},
        {"fen_after", {{"type", "string"}}},
        {"at", {{"type", "string"}, {"format", "date-time"}}},
        {"elapsed_seconds", {{"type", "integer"}}},
        {"offer_draw", {{"type", "boolean"}}},
        {"conditional",
         {{"type", "boolean"},
          {"description", "played by the server from the mover's conditional lines"}}},
        {"message", {{"type", "string"}}},
        {"clock",
         {{"type", "object"},
          {"description", "the clock record of the move, when the clock kept it"},
          {"required",
           {"charged_seconds", "stopped_seconds", "increment_seconds", "bank_change_seconds",
            "clock_after_seconds", "bank_after_seconds"}},
          {"properties",
           {{"charged_seconds", {{"type", "integer"}}},
            {"stopped_seconds", {{"type", "integer"}}},
            {"increment_seconds", {{"type", "integer"}}},
            {"bank_change_seconds", {{"type", "integer"}}},
            {"clock_after_seconds", {{"type", "integer"}}},
            {"bank_after_seconds", {{"type", "integer"}}}}}}}}}};
  schemas["TimeControl"] = {
      {"type", "object"},
      {"description",
       "{type: iccf, moves, days, doubling_after_days?} | {type: fischer, initial_days, "
       "increment_days, max_days?} | {type: per_move, days, bank_days?} | {type: triple_block, "
       "increment_days, bank_days, sudden_death_protection?}"},
      {"required", {"type"}},
      {"properties",
       {{"type", {{"type", "string"}, {"enum", {"iccf", "fischer", "per_move", "triple_block"}}}}}},
      {"example", time_control_example()}};
  schemas["Game"] = {
      {"type", "object"},
      {"required",
       {"id", "variant", "white", "black", "status", "initial_fen", "fen", "to_move", "ply",
        "start_at", "time_control", "version", "now", "moves", "clocks", "legal_moves", "claimable",
        "abortable"}},
      {"properties",
       {{"id", {{"type", "string"}}},
        {"event_id", {{"type", "string"}}},
        {"variant", {{"type", "string"}, {"enum", {"standard", "chess960"}}}},
        {"start_position", {{"type", "integer"}}},
        {"white", ref("User")},
        {"black", ref("User")},
        {"status",
         {{"type", "string"},
          {"enum", {"not_started", "ongoing", "adjudication_pending", "finished", "annulled"}}}},
        {"result", {{"type", "string"}, {"enum", {"1-0", "0-1", "1/2-1/2", "0-0"}}}},
        {"termination",
         {{"type", "string"},
          {"enum",
           {"checkmate", "resignation", "stalemate", "dead_position", "agreement", "repetition",
            "fifty_moves", "tablebase", "time_forfeit", "time_draw", "silence", "adjudication",
            "default", "annulled", "aborted"}}}},
        {"end_reason", {{"type", "string"}}},
        {"finished_at", {{"type", "string"}, {"format", "date-time"}}},
        {"now", {{"type", "string"}, {"format", "date-time"}}},
        {"start_at", {{"type", "string"}, {"format", "date-time"}}},
        {"initial_fen", {{"type", "string"}}},
        {"fen", {{"type", "string"}}},
        {"to_move", {{"type", "string"}, {"enum", {"white", "black"}}}},
        {"ply", {{"type", "integer"}}},
        {"moves", {{"type", "array"}, {"items", ref("Move")}}},
        {"moves_from",
         {{"type", "integer"},
          {"description",
           "answers to `Prefer: return=minimal` only: `moves` holds the plies after this many"}}},
        {"clocks",
         {{"type", "object"},
          {"required", {"white", "black"}},
          {"properties", {{"white", ref("Clock")}, {"black", ref("Clock")}}}}},
        {"time_control", ref("TimeControl")},
        {"draw_offer",
         {{"type", "object"},
          {"required", {"by", "ply"}},
          {"properties",
           {{"by", {{"type", "string"}, {"enum", {"white", "black"}}}},
            {"ply", {{"type", "integer"}}}}}}},
        {"pending_move", ref("PendingMove")},
        {"legal_moves", {{"type", "array"}, {"items", {{"type", "string"}}}}},
        {"claimable",
         {{"type", "object"},
          {"description", "what the player to move may claim now or with a move"},
          {"required", {"threefold", "fifty_moves", "tablebase"}},
          {"properties",
           {{"threefold", {{"type", "boolean"}}},
            {"fifty_moves", {{"type", "boolean"}}},
            {"tablebase", {{"type", "boolean"}}}}}}},
        {"abortable",
         {{"type", "boolean"}, {"description", "a player may abort the game now (rules.md 2.3)"}}},
        {"version", {{"type", "integer"}}}}}};
  schemas["PendingMove"] = {
      {"type", "object"},
      {"description", "a submitted, unconfirmed move: only ever shown to its owner"},
      {"required", {"move", "fen_after", "offer_draw", "submitted_at", "ply"}},
      {"properties",
       {{"move",
         {{"type", "object"},
          {"required", {"san", "uci", "numeric"}},
          {"properties",
           {{"san", {{"type", "string"}}},
            {"uci", {{"type", "string"}}},
            {"numeric", {{"type", "string"}}}}}}},
        {"fen_after", {{"type", "string"}}},
        {"offer_draw", {{"type", "boolean"}}},
        {"submitted_at", {{"type", "string"}, {"format", "date-time"}}},
        {"ply", {{"type", "integer"}}},
        {"message", {{"type", "string"}}}}}};
  const json leave_balance = {{"type", "object"},
                              {"properties",
                               {{"event_id", {{"type", {"string", "null"}}}},
                                {"year", {{"type", "integer"}}},
                                {"allowance_days", {{"type", "integer"}}},
                                {"used_days", {{"type", "integer"}}},
                                {"special_days", {{"type", "integer"}}},
                                {"remaining_days", {{"type", "integer"}}}}}};
  const json me_details = {{"type", "object"},
                           {"properties",
                            {{"csrf_token", {{"type", "string"}}},
                             {"email", {{"type", {"string", "null"}}}},
                             {"country", {{"type", {"string", "null"}}}},
                             {"time_zone", {{"type", {"string", "null"}}}},
                             {"language", {{"type", {"string", "null"}}}},
                             {"leave", {{"type", "array"}, {"items", leave_balance}}}}}};
  schemas["Me"] = {{"description",
                    "the caller: the user, with the session's CSRF token (cookie sessions) and "
                    "the profile and leave balances"},
                   {"allOf", json::array({ref("User"), me_details})}};
  schemas["AuditList"] = {
      {"type", "object"},
      {"required", {"records"}},
      {"properties", {{"records", {{"type", "array"}, {"items", ref("AuditRecord")}}}}}};
  schemas["AuditRecord"] = {{"type", "object"},
                            {"properties",
                             {{"at", {{"type", "string"}, {"format", "date-time"}}},
                              {"actor", {{"type", {"string", "null"}}}},
                              {"action", {{"type", "string"}}},
                              {"target", {{"type", {"string", "null"}}}},
                              {"reason", {{"type", {"string", "null"}}}},
                              {"detail", {{"type", "object"}}},
                              {"game_id", {{"type", "string"}}},
                              {"event_id", {{"type", "string"}}}}}};
  return {{"schemas", schemas},
          {"securitySchemes", {{"bearer", {{"type", "http"}, {"scheme", "bearer"}}}}}};
}

json operation(const RouteDoc& d) {
  json op = {{"summary", d.summary}, {"x-auth", to_string(d.access)}};
  if (!d.tag.empty()) op["tags"] = json::array({d.tag});
  if (d.websocket) op["x-websocket"] = true;
  if (d.stream) op["x-stream"] = true;
  if (d.soap) op["x-soap"] = true;
  op["operationId"] = d.method + " " + d.path;
  json params = json::array();
  for (std::size_t pos = d.path.find('{'); pos != std::string::npos;
       pos = d.path.find('{', pos + 1)) {
    const auto end = d.path.find('}', pos);
    params.push_back({{"name", d.path.substr(pos + 1, end - pos - 1)},
                      {"in", "path"},
                      {"required", true},
                      {"schema", {{"type", "string"}}}});
  }
  for (const auto& q : d.query) {
    params.push_back({{"name", q.name},
                      {"in", "query"},
                      {"required", q.required},
                      {"description", q.description},
                      {"schema", schema_of(q.type)}});
  }
  if (!params.empty()) op["parameters"] = params;
  if (!d.body.empty()) {
    json props = json::object();
    json required = json::array();
    for (const auto& f : d.body) {
      json s = schema_of(f.type);
      if (f.name == "time_control") s = ref("TimeControl");
      if (!f.description.empty()) s["description"] = f.description;
      props[f.name] = s;
      if (f.required) required.push_back(f.name);
    }
    json schema = {{"type", "object"}, {"properties", props}};
    if (!required.empty()) schema["required"] = required;
    json media = {{"schema", schema}};
    if (!d.example.is_null()) media["example"] = d.example;
    op["requestBody"] = {{"required", !required.empty()},
                         {"content", {{"application/json", media}}}};
  }
  json ok = {{"description", d.response}};
  if (d.status != 204 && d.status != 101) {
    json media = json::object();
    if (!d.schema.empty()) media["schema"] = ref(d.schema);
    ok["content"] = {{d.content_type, media}};
  }
  json responses = {{std::to_string(d.status), ok}};
  if (d.access != Access::kNone) {
    op["security"] = json::array({{{"bearer", json::array()}}});
    responses["401"] = {{"description", "no valid bearer token (unauthorized)"},
                        {"content", problem_content()}};
  }
  if (d.access == Access::kPlayer || d.access == Access::kDirector || d.access == Access::kAdmin) {
    responses["403"] = {{"description", "the caller may not do this (forbidden)"},
                        {"content", problem_content()}};
  }
  if (d.hashes_password) {
    responses["503"] = {
        {"description",
         "unavailable: the server is busy hashing other passwords "
         "(CORRCHESS_MAX_CONCURRENT_HASHES); nothing changed, try again after Retry-After "
         "seconds"},
        {"headers",
         {{"Retry-After",
           {{"description", "seconds to wait before trying again"},
            {"schema", {{"type", "integer"}}}}}}},
        {"content", problem_content()}};
  }
  responses["default"] = {{"description", "an error: see Problem for the stable codes"},
                          {"content", problem_content()}};
  op["responses"] = responses;
  return op;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::vector<RouteDoc> documented_routes(const Router& router) { return router.documented(); }

json openapi_document(const Router& router) {
  json paths = json::object();
  for (const auto& d : router.documented()) paths[d.path][lower(d.method)] = operation(d);
  return {{"openapi", "3.1.0"},
          {"info",
           {{"title", "corrchess"},
            {"version", "1"},
            {"description",
             "Correspondence chess under the ICCF rules. Bodies are JSON; errors are "
             "application/problem+json with a stable `code`. Unknown paths answer 404 not_found, "
             "wrong methods 405 method_not_allowed with Allow, bodies over 1 MiB 413 "
             "payload_too_large. Each operation's x-auth says who may call it: none, user (signed "
             "in), player (plays in the game), director (td or admin), admin."}}},
          {"servers", json::array({{{"url", "/"}}})},
          {"paths", paths},
          {"components", components()}};
}

void add_openapi_routes(Router& router) {
  router.add({Doc("This document", 200, "OpenAPI 3.1 document").tagged("operations"), "GET",
              "/api/v1/openapi.json", Access::kNone},
             [&router](const Request&, const PathParams&) {
               return json_response(200, openapi_document(router));
             });
}

}  // namespace corrchess::api
