#include "api/game_json.h"

#include <algorithm>
#include <cstdio>
#include <span>

#include "api/accounts.h"
#include "core/chess/notation.h"
#include "core/game/record_pgn.h"
#include "model/codec.h"
#include "model/game_lists.h"

namespace corrchess::api {

using game::Color;
using nlohmann::json;

namespace {

json listed_player_json(const model::ListedPlayer& p) {
  return {{"username", p.username}, {"display_name", p.display_name}};
}

}  // namespace

json pending_json(const game::PendingMove& p) {
  json j = {{"move", {{"san", p.san}, {"uci", p.uci}, {"numeric", p.numeric}}},
            {"fen_after", p.fen_after},
            {"offer_draw", p.offer_draw},
            {"submitted_at", game::format_rfc3339(p.submitted_at)},
            {"ply", p.ply}};
  if (p.message) j["message"] = *p.message;
  return j;
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

json game_json(const model::StoredGame& stored, const game::GameState& s,
               std::optional<Color> viewer, bool show_messages, int moves_from) {
  const auto& setup = stored.facts.setup;
  json j = {{"id", std::to_string(stored.id)},
            {"variant", game::to_string(setup.variant)},
            {"white", user_json(stored.white)},
            {"black", user_json(stored.black)},
            {"status", game::to_string(s.status)},
            {"initial_fen", s.initial.fen()},
            {"fen", s.position.fen()},
            {"to_move", game::color_name(s.to_move)},
            {"ply", s.ply},
            {"start_at", game::format_rfc3339(setup.start_at)},
            {"time_control", model::time_control_json(setup.time_control)},
            {"version", stored.version},
            {"now", game::format_rfc3339(s.now)}};
  if (stored.event_id) j["event_id"] = std::to_string(*stored.event_id);
  if (setup.start_position) j["start_position"] = *setup.start_position;
  if (s.result) j["result"] = game::to_string(*s.result);
  if (s.termination) j["termination"] = game::to_string(*s.termination);
  if (s.finished_at) j["finished_at"] = game::format_rfc3339(*s.finished_at);
  if (!s.end_reason.empty()) j["end_reason"] = s.end_reason;
  json moves = json::array();
  // A state replayed from a snapshot has no views before its window (full_views_from): it
  // is only ever shown from a later ply.
  moves_from = std::clamp(moves_from, s.full_views_from, s.ply);
  if (moves_from > 0) j["moves_from"] = moves_from;
  const auto first_view =
      std::min(static_cast<std::size_t>(moves_from - s.full_views_from), s.moves.size());
  for (const auto& m : std::span(s.moves).subspan(first_view)) {
    json mj = {{"ply", m.ply},
               {"san", m.san},
               {"uci", m.uci},
               {"numeric", m.numeric},
               {"fen_after", m.fen_after},
               {"at", game::format_rfc3339(m.at)},
               {"elapsed_seconds", m.elapsed},
               {"offer_draw", m.offer_draw},
               {"conditional", m.played_as_conditional}};
    if (m.message && show_messages) mj["message"] = *m.message;
    if (const auto* record = s.clock.record_of(m.ply)) {
      const auto& rec = *record;
      mj["clock"] = {
          {"charged_seconds", rec.charged},         {"stopped_seconds", rec.stopped},
          {"increment_seconds", rec.increment},     {"bank_change_seconds", rec.bank_change},
          {"clock_after_seconds", rec.clock_after}, {"bank_after_seconds", rec.bank_after}};
    }
    moves.push_back(mj);
  }
  j["moves"] = moves;
  j["clocks"] = {{"white", model::clock_json(s.clock_of(Color::kWhite))},
                 {"black", model::clock_json(s.clock_of(Color::kBlack))}};
  if (s.draw_offer) {
    j["draw_offer"] = {{"by", game::color_name(s.draw_offer->by)}, {"ply", s.draw_offer->ply}};
  }
  if (viewer && stored.pending && stored.pending->side == *viewer) {
    j["pending_move"] = pending_json(*stored.pending);
  }
  j["legal_moves"] = s.legal_moves;
  j["claimable"] = {{"threefold", s.claimable.threefold},
                    {"fifty_moves", s.claimable.fifty_moves},
                    {"tablebase", s.claimable.tablebase}};
  j["abortable"] = s.abortable;
  return j;
}

json game_json(const app::GameView& shown, bool minimal) {
  return game_json(shown.stored, shown.state, shown.viewer, shown.show_messages,
                   minimal ? shown.moves_from : 0);
}

}  // namespace corrchess::api
