#include "api/game_talk.h"

#include "api/accounts.h"
#include "api/games.h"
#include "api/json_body.h"
#include "core/game/game.h"
#include "core/game/talk.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

json message_json(const model::ThreadMessage& m) {
  return {{"ply", m.ply ? json(*m.ply) : json()},
          {"author", m.author},
          {"text", m.text},
          {"at", game::format_rfc3339(m.at)}};
}

json note_json(const std::optional<model::Note>& n) {
  return {{"text", n ? n->text : ""},
          {"updated_at", n ? json(game::format_rfc3339(n->updated_at)) : json()}};
}

// {text} of at most kMaxChars characters: POST /messages (kMaxMessageLength), PUT /note
// (kMaxNoteLength).
template <std::size_t kMaxChars>
struct TextBody {
  std::string text;

  static Result<TextBody> from_json(const json& body, const Request&) {
    Fields in(body);
    return in.finish(TextBody{in.required_string("text", 4 * kMaxChars, Text::kMultiline)});
  }
};
using MessageBody = TextBody<game::kMaxMessageLength>;
using NoteBody = TextBody<game::kMaxNoteLength>;

}  // namespace

void add_game_talk_routes(Router& router, app::TalkDeps& deps) {
  Routes routes(router, deps.pool, "messages");
  routes.add(
      {"GET", "/api/v1/games/{id}/messages", Access::kPlayer, kGame,
       Doc("The game's messages (players and directors)", 200,
           "{messages: [{ply, author, text, at}]}: those carried by moves (ply set), then those "
           "written after the end (ply null)")},
      [&deps](const Call& c) {
        return json_after(app::game_messages(deps, c.caller(), c.id), [](const auto& thread) {
          json out = json::array();
          for (const auto& m : thread) out.push_back(message_json(m));
          return json{{"messages", out}};
        });
      });
  routes.add({"POST", "/api/v1/games/{id}/messages", Access::kPlayer, kGame,
              Doc("Write to the opponent after the game ended", 201,
                  "the message; 409 while the game runs (messages then travel with moves)")
                  .in({{"text", "string", true, "1..2000 characters"}},
                      {{"text", "Thanks for the game!"}})},
             BodyHandler<MessageBody>([&deps](const Call& c, MessageBody&& b) {
               return json_after(app::post_game_message(deps, c.caller(), c.id, b.text),
                                 message_json, 201);
             }));
  routes.add({"GET", "/api/v1/games/{id}/note", Access::kUser, kGame,
              Doc("The caller's private note on a game", 200,
                  "{text, updated_at} (text empty when there is none)")},
             [&deps](const Call& c) {
               return json_after(app::own_note(deps, c.caller(), c.id), note_json);
             });
  routes.add({"PUT", "/api/v1/games/{id}/note", Access::kUser, kGame,
              Doc("Replace the caller's private note", 200,
                  "{text, updated_at}; an empty text deletes the note")
                  .in({{"text", "string", true, "at most 10000 characters"}},
                      {{"text", "Consider 23...Rxe4 next"}})},
             BodyHandler<NoteBody>([&deps](const Call& c, NoteBody&& b) {
               return json_after(app::save_own_note(deps, c.caller(), c.id, b.text), note_json);
             }));
}

}  // namespace corrchess::api
