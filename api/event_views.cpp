#include "api/event_views.h"

#include <map>

#include "api/ratings.h"
#include "app/event_crosstable.h"
#include "app/events.h"
#include "app/roles.h"
#include "model/codec.h"

namespace corrchess::api {

namespace {

using game::Color;
using game::Timestamp;
using nlohmann::json;

json settings_json(const model::StoredEvent& e) {
  const auto& s = e.settings;
  json j = {{"variant", game::to_string(s.variant)},
            {"start_position", s.start_position ? json(*s.start_position) : json()},
            {"initial_fen", s.initial_fen.empty() ? json() : json(s.initial_fen)},
            {"allow_518", s.allow_518},
            {"time_control", model::time_control_json(s.time_control)},
            {"leave_days_per_year", s.leave_days_per_year},
            {"leave_allowed", game::allows_leave(s.time_control)},
            {"draw_min_moves", s.rules.no_draw_before_move},
            {"ten_moves_rule", s.rules.ten_moves_rule},
            {"silence_rule", s.rules.silence_rule},
            {"messages_allowed", s.rules.messages_allowed},
            {"double_round", s.double_round},
            {"visibility", model::to_string(s.visibility)},
            {"delay_moves", s.delay_moves},
            {"open_for_entry", s.open_for_entry},
            {"max_players", s.max_players ? json(*s.max_players) : json()},
            {"start_at", game::format_rfc3339(s.start_at)},
            {"end_at", instant_or_null(s.end_at)},
            {"adjudication_at", instant_or_null(e.adjudication_at())},
            {"adjudication_claim_days", app::kAdjudicationClaimWindow / game::kSecondsPerDay},
            {"auto_adjudicate", s.auto_adjudicate}};
  return j;
}

json player_json(const model::EventPlayer& p) {
  json j = {{"seat", p.seat},
            {"username", p.user.username},
            {"display_name", p.user.display_name},
            {"status", p.status},
            {"joined_at", game::format_rfc3339(p.joined_at)}};
  if (p.left_at) j["left_at"] = game::format_rfc3339(*p.left_at);
  if (p.replaced_by) j["replaced_by"] = *p.replaced_by;
  if (p.reason) j["reason"] = *p.reason;
  j["start_rating"] = p.start_rating ? json(*p.start_rating) : json();
  return j;
}

}  // namespace

json adjudication_json(const model::EventGame& g,
                       const std::vector<model::AdjudicationClaim>& claims,
                       const model::User& viewer, Timestamp now) {
  const Timestamp due = *g.adjudication_since + app::kAdjudicationClaimWindow;
  json sides = json::object();
  for (Color side : {Color::kWhite, Color::kBlack}) {
    const auto& player = side == Color::kWhite ? g.white : g.black;
    const bool may_read = app::is_director(viewer) || viewer.username == player;
    const auto it = std::ranges::find_if(claims, [&](const model::AdjudicationClaim& c) {
      return c.game_id == g.game_id && c.side == side;
    });
    json j = {{"filed", it != claims.end()}};
    if (it == claims.end()) {
      j["claim"] = "draw";
      j["implied"] = true;  // rules.md §5.4: no claim is taken as a draw claim
    } else if (may_read) {
      j["claim"] = it->claim;
      j["analysis"] = it->analysis;
      j["filed_at"] = game::format_rfc3339(it->filed_at);
      j["implied"] = false;
    }
    sides[std::string(game::color_name(side))] = j;
  }
  return {{"pending_since", game::format_rfc3339(*g.adjudication_since)},
          {"claims_due", game::format_rfc3339(due)},
          {"window_open", now < due && g.status == "adjudication_pending"},
          {"claims", sides}};
}

namespace {

json game_entry_json(const model::EventGame& g, const std::vector<model::AdjudicationClaim>& claims,
                     const model::User& viewer, Timestamp now) {
  json j = {{"id", std::to_string(g.game_id)},
            {"round", g.round},
            {"board", g.board},
            {"white", g.white},
            {"black", g.black},
            {"white_seat", g.white_seat},
            {"black_seat", g.black_seat},
            {"status", g.status}};
  if (g.result) j["result"] = game::to_string(*g.result);
  if (g.termination) j["termination"] = game::to_string(*g.termination);
  if (g.finished_at) j["finished_at"] = game::format_rfc3339(*g.finished_at);
  if (g.adjudication_since) j["adjudication"] = adjudication_json(g, claims, viewer, now);
  return j;
}

}  // namespace

json summary_json(const model::StoredEvent& e, const std::string& status, int players) {
  return {{"id", std::to_string(e.id)},
          {"name", e.settings.name},
          {"status", status},
          {"variant", game::to_string(e.settings.variant)},
          {"time_control", model::time_control_json(e.settings.time_control)},
          {"open_for_entry", e.settings.open_for_entry},
          {"start_at", game::format_rfc3339(e.settings.start_at)},
          {"end_at", instant_or_null(e.settings.end_at)},
          {"players", players}};
}

// The crosstable with each row's current rating (rounded, null when unrated).
json rated_crosstable_json(const game::Crosstable& table, const app::EventView& v) {
  json out = crosstable_json(table, v.players);
  for (auto& row : out["rows"]) {
    row["rating"] = nullptr;
    for (const auto& p : v.players) {
      if (row["player"] == json(p.user.username))
        row["rating"] = rating_value(v.ratings, p.user.id);
    }
  }
  return out;
}

namespace {

// Half points as a number of points with one decimal ("8.0", "7.5").
std::string points_text(int halves) {
  return std::to_string(halves / 2) + (halves % 2 ? ".5" : ".0");
}

json norm_target_json(const competition::NormTarget& t, int games) {
  const auto title = std::string(competition::to_string(t.title));
  return {{"title", title},
          {"min_performance", t.min_performance},
          {"points_needed", t.halves_needed / 2.0},
          {"secured", t.secured},
          {"reachable", t.reachable},
          {"text", "needs " + points_text(t.halves_needed) + " of " + std::to_string(games) +
                       " for " + title}};
}

// The category and norm lines of a section (docs/api.md "Norms"), rows in crosstable seed
// order with the player's username.
json norms_json(const competition::NormSection& norms, const Result<game::Crosstable>& table,
                const competition::NormRules& rules) {
  json levels = json::object();
  for (const auto title : competition::kTitles) {
    levels[std::string(competition::to_string(title))] = competition::min_performance(rules, title);
  }
  json rows = json::array();
  for (const auto& line : norms.lines) {
    json row = {{"seed", line.seed + 1}};
    if (table) {
      const auto it = std::ranges::find_if(
          table->rows, [&](const game::CrosstableRow& r) { return r.seed == line.seed; });
      if (it != table->rows.end()) row["player"] = it->id;
    }
    json targets = json::array();
    for (const auto& t : line.targets) targets.push_back(norm_target_json(t, line.games));
    json reached = json::array();
    for (const auto title : line.norms)
      reached.push_back(std::string(competition::to_string(title)));
    row.update(
        {{"games", line.games},
         {"finished", line.finished},
         {"points", line.halves / 2.0},
         {"opponents_average", line.opponents_average ? json(*line.opponents_average) : json()},
         {"category", line.category},
         {"eligible", line.eligible},
         {"targets", targets},
         {"performance", line.performance ? json(*line.performance) : json()},
         {"norms", reached}});
    rows.push_back(std::move(row));
  }
  return {{"average_rating", norms.average ? json(*norms.average) : json()},
          {"category", norms.category},
          {"min_games", rules.min_games},
          {"levels", levels},
          {"rows", rows}};
}

}  // namespace

json event_json(const app::EventView& v, const model::User& viewer) {
  json j = summary_json(v.event, app::event_status(v.event, v.games), app::entered(v.players));
  j["settings"] = settings_json(v.event);
  j["settings"].update(event_rating_terms_json(v.rating_terms));
  j["created_at"] = game::format_rfc3339(v.event.created_at);
  j["started_at"] = instant_or_null(v.event.started_at);
  j["cancelled_at"] = instant_or_null(v.event.cancelled_at);
  j["cancel_reason"] = v.event.cancel_reason ? json(*v.event.cancel_reason) : json();
  json players = json::array();
  for (const auto& p : v.players) {
    players.push_back(player_json(p));
    players.back()["rating"] = rating_value(v.ratings, p.user.id);
  }
  j["players"] = players;
  json games = json::array();
  for (const auto& g : v.games) games.push_back(game_entry_json(g, v.claims, viewer, v.now));
  j["games"] = games;
  auto table = app::section_crosstable(v.players, v.games);
  j["crosstable"] = table ? rated_crosstable_json(*table, v) : json();
  j["norms"] = v.norms ? norms_json(*v.norms, table, v.norm_rules) : json();
  j["now"] = game::format_rfc3339(v.now);
  return j;
}

nlohmann::json crosstable_json(const game::Crosstable& table,
                               const std::vector<model::EventPlayer>& players) {
  json rows = json::array();
  for (const auto& row : table.rows) {
    json results = json::object();
    for (std::size_t opponent = 0; opponent < row.results.size(); ++opponent) {
      if (static_cast<int>(opponent) == row.seed || row.results[opponent].empty()) continue;
      const auto it = std::ranges::find_if(table.rows, [&](const game::CrosstableRow& r) {
        return r.seed == static_cast<int>(opponent);
      });
      if (it != table.rows.end()) results[it->id] = row.results[opponent];
    }
    std::string status = "active";
    for (const auto& p : players) {
      if (p.user.username == row.id && p.status != "replaced") status = p.status;
    }
    rows.push_back({{"seed", row.seed + 1},
                    {"player", row.id},
                    {"display_name", row.name},
                    {"status", status},
                    {"score", row.score()},
                    {"score_text", game::format_points(row.score_halves)},
                    {"wins", row.wins},
                    {"sb", row.sb()},
                    {"sb_text", game::format_sb(row.sb_quarters)},
                    {"place", row.place},
                    {"place_text", game::place_text(row)},
                    {"shared_place", row.place != row.place_last},
                    {"games", row.games},
                    {"unfinished", row.unfinished},
                    {"results", results}});
  }
  return {{"rows", rows}, {"legend", game::legend()}};
}

}  // namespace corrchess::api
