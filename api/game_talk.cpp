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

// {text} of at most kMaxChars characters: POST /messages (kMaxMessageLength), PUT /note
// (kMaxNoteLength).
template <std::size_t kMaxChars>
struct TextBody {
  std::string text;

  static Result<TextBody> from_json(const json& body, const Request&) {
    auto text = required_string(body, "text", 4 * kMaxChars, Text::kMultiline);
    if (!text) return std::unexpected(text.error());
    return TextBody{*text};
  }
};
using MessageBody = TextBody<game::kMaxMessageLength>;
using NoteBody = TextBody<game::kMaxNoteLength>;

}  // namespace

void add_game_talk_routes(Router& router, app::TalkDeps& deps) {
  Routes routes(router, deps.pool);
  constexpr auto kGame = IdKind::kGame;
  routes.add({"GET", "/api/v1/games/{id}/messages", Access::kPlayer, kGame},
             [&deps](const Call& c) -> Result<Response> {
               auto thread = app::game_messages(deps, c.caller(), c.id);
               if (!thread) return std::unexpected(thread.error());
               json out = json::array();
               for (const auto& m : *thread) out.push_back(message_json(m));
               return json_response(200, {{"messages", out}});
             });
  routes.add({"POST", "/api/v1/games/{id}/messages", Access::kPlayer, kGame},
             BodyHandler<MessageBody>([&deps](const Call& c, MessageBody&& b) -> Result<Response> {
               auto sent = app::post_game_message(deps, c.caller(), c.id, b.text);
               if (!sent) return std::unexpected(sent.error());
               return json_response(201, message_json(*sent));
             }));
  routes.add({"GET", "/api/v1/games/{id}/note", Access::kUser, kGame},
             [&deps](const Call& c) -> Result<Response> {
               auto note = app::own_note(deps, c.caller(), c.id);
               if (!note) return std::unexpected(note.error());
               return json_response(200, note_json(*note));
             });
  routes.add({"PUT", "/api/v1/games/{id}/note", Access::kUser, kGame},
             BodyHandler<NoteBody>([&deps](const Call& c, NoteBody&& b) -> Result<Response> {
               auto note = app::save_own_note(deps, c.caller(), c.id, b.text);
               if (!note) return std::unexpected(note.error());
               return json_response(200, note_json(*note));
             }));
}

}  // namespace corrchess::api
