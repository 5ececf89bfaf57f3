#include "api/game_json.h"

#include <algorithm>
#include <cstdio>
#include <span>

#include "api/accounts.h"
#include "core/chess/notation.h"
#include "core/game/record_pgn.h"
#include "model/codec.h"
#include "model/game_lists.h"
#include "model/json_text.h"

namespace corrchess::api {

using game::Color;
using nlohmann::json;

namespace {

json listed_player_json(const model::ListedPlayer& p) {
  return {{"username", p.username}, {"display_name", p.display_name}};
}

}  // namespace

namespace {

void write_pending(model::JsonText& out, const game::PendingMove& p) {
  out.begin_object();
  out.key("move").begin_object();
  out.field("san", p.san).field("uci", p.uci).field("numeric", p.numeric).end_object();
  out.field("fen_after", p.fen_after).field("offer_draw", p.offer_draw);
  out.field("submitted_at", game::format_rfc3339(p.submitted_at)).field("ply", p.ply);
  out.optional_field("message", p.message);
  out.end_object();
}

}  // namespace

std::string submitted_move_json(const game::PendingMove& p) {
  model::JsonText out;
  out.begin_object().key("pending");
  write_pending(out, p);
  out.end_object();
  return out.take();
}

// One entry of GET /games as `user` sees it: what a list shows without another request.
json list_entry_json(const model::GameListEntry& g, const model::User& user) {
  const bool white = g.white.username == user.username;
  const std::string my_color = white ? "white" : "black";
  const bool my_turn = g.status == "ongoing" && g.to_move == my_color;
  json j = {
      {"id", std::to_string(g.id)},
      {"white", g.white.username},
      {"black", g.black.username},
      {"my_color", my_color},
      {"opponent", listed_player_json(white ? g.black : g.white)},
      {"status", g.status},
      {"to_move", g.to_move},
      {"my_turn", my_turn},
      {"variant", g.variant},
      {"ply", g.ply},
      {"my_deadline", my_turn && g.deadline ? json(game::format_rfc3339(*g.deadline)) : json()},
      {"last_move",
       g.last_move_san && g.last_move_at
           ? json{{"san", *g.last_move_san}, {"at", game::format_rfc3339(*g.last_move_at)}}
           : json()},
      {"draw_offer_by", g.draw_offer_by ? json(*g.draw_offer_by) : json()},
      {"draw_offered_to_me", g.draw_offer_by.has_value() && *g.draw_offer_by != my_color},
      {"my_pending_move", g.my_pending_move},
      {"event", g.event_id
                    ? json{{"id", std::to_string(*g.event_id)}, {"name", g.event_name.value_or("")}}
                    : json()}};
  if (g.result) j["result"] = *g.result;
  if (g.termination) j["termination"] = *g.termination;
  return j;
}

Result<chess::PgnGame> game_pgn(const app::GameView& shown, const app::PlayerTitles& titles) {
  const auto& g = shown.stored;
  const auto title_of = [&](std::int64_t user) {
    const auto it = titles.find(user);
    return it == titles.end() ? std::string() : it->second;
  };
  return game::record_pgn(g.id, g.event_id, g.facts.setup, shown.state,
                          {g.white.display_name, g.black.display_name, g.white.username,
                           g.black.username, title_of(g.white.id), title_of(g.black.id)},
                          shown.show_messages ? game::PgnTalk::kMessages : game::PgnTalk::kNone);
}

std::string game_json_text(const model::StoredGame& stored, const game::GameState& s,
                           std::optional<Color> viewer, bool show_messages, int moves_from) {
  const auto& setup = stored.facts.setup;
  model::JsonText out;
  out.begin_object();
  out.field("id", std::to_string(stored.id)).field("variant", game::to_string(setup.variant));
  write_user(out.key("white"), stored.white);
  write_user(out.key("black"), stored.black);
  out.field("status", game::to_string(s.status))
      .field("initial_fen", s.initial.fen())
      .field("fen", s.position.fen())
      .field("to_move", game::color_name(s.to_move))
      .field("ply", s.ply)
      .field("start_at", game::format_rfc3339(setup.start_at));
  model::write_time_control(out.key("time_control"), setup.time_control);
  out.field("version", stored.version).field("now", game::format_rfc3339(s.now));
  if (stored.event_id) out.field("event_id", std::to_string(*stored.event_id));
  out.optional_field("start_position", setup.start_position);
  if (s.result) out.field("result", game::to_string(*s.result));
  if (s.termination) out.field("termination", game::to_string(*s.termination));
  if (s.finished_at) out.field("finished_at", game::format_rfc3339(*s.finished_at));
  if (!s.end_reason.empty()) out.field("end_reason", s.end_reason);
  // A state replayed from a snapshot has no views before its window (full_views_from): it
  // is only ever shown from a later ply.
  moves_from = std::clamp(moves_from, s.full_views_from, s.ply);
  if (moves_from > 0) out.field("moves_from", moves_from);
  const auto first_view =
      std::min(static_cast<std::size_t>(moves_from - s.full_views_from), s.moves.size());
  out.key("moves").begin_array();
  for (const auto& m : std::span(s.moves).subspan(first_view)) {
    out.begin_object();
    out.field("ply", m.ply).field("san", m.san).field("uci", m.uci).field("numeric", m.numeric);
    out.field("fen_after", m.fen_after).field("at", game::format_rfc3339(m.at));
    out.field("elapsed_seconds", m.elapsed).field("offer_draw", m.offer_draw);
    out.field("conditional", m.played_as_conditional);
    if (m.message && show_messages) out.field("message", *m.message);
    if (const auto* record = s.clock.record_of(m.ply)) {
      const auto& rec = *record;
      out.key("clock").begin_object();
      out.field("charged_seconds", rec.charged).field("stopped_seconds", rec.stopped);
      out.field("increment_seconds", rec.increment).field("bank_change_seconds", rec.bank_change);
      out.field("clock_after_seconds", rec.clock_after).field("bank_after_seconds", rec.bank_after);
      out.end_object();
    }
    out.end_object();
  }
  out.end_array();
  out.key("clocks").begin_object();
  model::write_clock(out.key("white"), s.clock_of(Color::kWhite));
  model::write_clock(out.key("black"), s.clock_of(Color::kBlack));
  out.end_object();
  if (s.draw_offer) {
    out.key("draw_offer").begin_object();
    out.field("by", game::color_name(s.draw_offer->by)).field("ply", s.draw_offer->ply);
    out.end_object();
  }
  if (viewer && stored.pending && stored.pending->side == *viewer) {
    write_pending(out.key("pending_move"), *stored.pending);
  }
  out.key("legal_moves").begin_array();
  for (const auto& move : s.legal_moves) out.value(move);
  out.end_array();
  out.key("claimable").begin_object();
  out.field("threefold", s.claimable.threefold).field("fifty_moves", s.claimable.fifty_moves);
  out.field("tablebase", s.claimable.tablebase).end_object();
  out.field("abortable", s.abortable);
  out.end_object();
  return out.take();
}

json game_json(const model::StoredGame& stored, const game::GameState& s,
               std::optional<Color> viewer, bool show_messages, int moves_from) {
  return json::parse(game_json_text(stored, s, viewer, show_messages, moves_from));
}

std::string game_json_text(const app::GameView& shown, bool minimal) {
  return game_json_text(shown.stored, shown.state, shown.viewer, shown.show_messages,
                        minimal ? shown.moves_from : 0);
}

json game_json(const app::GameView& shown, bool minimal) {
  return game_json(shown.stored, shown.state, shown.viewer, shown.show_messages,
                   minimal ? shown.moves_from : 0);
}

}  // namespace corrchess::api
