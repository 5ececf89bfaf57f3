#include "api/game_talk.h"

#include "api/accounts.h"
#include "api/games.h"
#include "api/json_body.h"
#include "core/game/game.h"
#include "core/game/talk.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

json message_json(const db::ThreadMessage& m) {
  return {{"ply", m.ply ? json(*m.ply) : json()},
          {"author", m.author},
          {"text", m.text},
          {"at", game::format_rfc3339(m.at)}};
}

json note_json(const std::optional<db::Note>& n) {
  return {{"text", n ? n->text : ""},
          {"updated_at", n ? json(game::format_rfc3339(n->updated_at)) : json()}};
}

Result<std::string> text_field(const Request& request, std::size_t max_chars) {
  auto body = json_object_body(request);
  if (!body) return std::unexpected(body.error());
  return required_string(*body, "text", 4 * max_chars, Text::kMultiline);
}

}  // namespace

void add_game_talk_routes(Router& router, app::TalkDeps& deps) {
  router.add(
      "GET", "/api/v1/games/{id}/messages",
      with_user_id(deps.pool, "game", [&deps](const Request&, const db::User& u, std::int64_t id) {
        auto thread = app::game_messages(deps, u, id);
        if (!thread) return problem_response(thread.error());
        json out = json::array();
        for (const auto& m : *thread) out.push_back(message_json(m));
        return json_response(200, {{"messages", out}});
      }));
  router.add("POST", "/api/v1/games/{id}/messages",
             with_user_id(deps.pool, "game",
                          [&deps](const Request& r, const db::User& u, std::int64_t id) {
                            auto text = text_field(r, game::kMaxMessageLength);
                            if (!text) return problem_response(text.error());
                            auto sent = app::post_game_message(deps, u, id, *text);
                            if (!sent) return problem_response(sent.error());
                            return json_response(201, message_json(*sent));
                          }));
  router.add(
      "GET", "/api/v1/games/{id}/note",
      with_user_id(deps.pool, "game", [&deps](const Request&, const db::User& u, std::int64_t id) {
        auto note = app::own_note(deps, u, id);
        if (!note) return problem_response(note.error());
        return json_response(200, note_json(*note));
      }));
  router.add("PUT", "/api/v1/games/{id}/note",
             with_user_id(
                 deps.pool, "game", [&deps](const Request& r, const db::User& u, std::int64_t id) {
                   auto body = json_object_body(r);
                   if (!body) return problem_response(body.error());
                   auto text =
                       required_string(*body, "text", 4 * game::kMaxNoteLength, Text::kMultiline);
                   if (!text) return problem_response(text.error());
                   auto note = app::save_own_note(deps, u, id, *text);
                   if (!note) return problem_response(note.error());
                   return json_response(200, note_json(*note));
                 }));
}

}  // namespace corrchess::api
