#include "api/series.h"

#include "api/json_body.h"
#include "api/rule_settings.h"
#include "api/section_terms.h"
#include "api/series_requests.h"
#include "app/resources.h"
#include "app/series.h"
#include "model/codec.h"

namespace corrchess::api {

namespace {

using game::Timestamp;
using nlohmann::json;

template <class T>
json value_or_null(const std::optional<T>& v) {
  return v ? json(*v) : json();
}

json series_settings_json(const model::SeriesSettings& s) {
  json out = section_terms_json(s.terms);
  out.update(
      json{{"opening", value_or_null(s.opening)},
           {"initial_fen", s.initial_fen.empty() ? json() : json(s.initial_fen)},
           {"section_size", s.sections.section_size},
           {"min_section_size", s.sections.min_section_size},
           {"max_wait_days", s.sections.max_wait / game::kSecondsPerDay},
           {"country_spread", s.country_spread},
           {"min_rating", value_or_null(s.gate.min_rating)},
           {"max_rating", value_or_null(s.gate.max_rating)},
           {"unrated_allowed", s.gate.unrated_allowed},
           {"credit_from_series",
            s.gate.credit_from_series ? json(std::to_string(*s.gate.credit_from_series)) : json()},
           {"min_finished_games", s.min_finished_games},
           {"promotion_max_place", value_or_null(s.promotion.max_place)},
           {"promotion_min_score_percent", value_or_null(s.promotion.min_score_percent)},
           {"credit_valid_days", s.credit_valid_days}});
  return out;
}

json series_entry_json(const model::SeriesEntry& e) {
  return {{"id", std::to_string(e.id)},
          {"series_id", std::to_string(e.series_id)},
          {"series_name", e.series_name},
          {"username", e.username},
          {"display_name", e.display_name},
          {"country", e.country.empty() ? json() : json(e.country)},
          {"entered_at", game::format_rfc3339(e.entered_at)},
          {"admission", e.admission},
          {"status", e.status},
          {"event_id", e.event_id ? json(std::to_string(*e.event_id)) : json()},
          {"closed_at", instant_or_null(e.closed_at)},
          {"reason", value_or_null(e.reason)}};
}

json section_json(const model::SeriesSection& s) {
  return {{"number", s.number},
          {"event_id", std::to_string(s.event_id)},
          {"name", s.event_name},
          {"players", s.players},
          {"started_at", game::format_rfc3339(s.started_at)},
          {"closed_at", instant_or_null(s.closed_at)},
          {"status", s.closed_at ? "finished" : "running"}};
}

json credit_json(const model::PromotionCredit& c, Timestamp now) {
  const char* status = c.used_at ? "used" : (c.expires_at <= now ? "expired" : "available");
  return {{"id", std::to_string(c.id)},
          {"username", c.username},
          {"series_id", std::to_string(c.series_id)},
          {"series_name", c.series_name},
          {"event_id", std::to_string(c.event_id)},
          {"place", c.place},
          {"score", c.score_halves / 2.0},
          {"games", c.games},
          {"earned_at", game::format_rfc3339(c.earned_at)},
          {"expires_at", game::format_rfc3339(c.expires_at)},
          {"used_at", instant_or_null(c.used_at)},
          {"status", status}};
}

json series_summary_json(const app::SeriesSummary& s) {
  const auto& set = s.series.settings;
  return {{"id", std::to_string(s.series.id)},
          {"name", set.name},
          {"status", s.series.status},
          {"variant", game::to_string(set.terms.variant)},
          {"time_control", model::time_control_json(set.terms.time_control)},
          {"section_size", set.sections.section_size},
          {"min_rating", value_or_null(set.gate.min_rating)},
          {"max_rating", value_or_null(set.gate.max_rating)},
          {"thematic", set.opening.has_value()},
          {"waiting_count", s.waiting},
          {"sections", s.sections}};
}

json series_json(const app::SeriesView& v) {
  json waiting = json::array();
  for (const auto& e : v.waiting) waiting.push_back(series_entry_json(e));
  json sections = json::array();
  for (const auto& s : v.sections) sections.push_back(section_json(s));
  return {{"id", std::to_string(v.series.id)},
          {"name", v.series.settings.name},
          {"status", v.series.status},
          {"settings", series_settings_json(v.series.settings)},
          {"waiting_count", v.waiting.size()},
          {"waiting", waiting},
          {"sections", sections},
          {"created_at", game::format_rfc3339(v.series.created_at)},
          {"now", game::format_rfc3339(v.now)}};
}

Result<Response> show_series(GameServiceDeps& deps, std::int64_t id, int status = 200) {
  TRY_LET(view, app::read_series(deps, id));
  return json_response(status, series_json(*view));
}

Result<Response> series_after(GameServiceDeps& deps, std::int64_t id, const Result<void>& done) {
  if (!done) return std::unexpected(done.error());
  return show_series(deps, id);
}

Result<Response> join_waiting_list(GameServiceDeps& deps, const model::User& user,
                                   std::int64_t id) {
  std::optional<Timestamp> barred_until;
  auto entry = app::join_series(deps, user, id, barred_until);
  if (!entry) {
    Error error = entry.error();
    if (barred_until)
      error = std::move(error).with("barred_until", game::format_rfc3339(*barred_until));
    return std::unexpected(std::move(error));
  }
  return json_response(201, series_entry_json(*entry));
}

Result<Response> my_series(GameServiceDeps& deps, const model::User& user) {
  TRY_LET(mine, app::player_series(deps, user.id));
  json entries = json::array();
  for (const auto& e : mine->entries) entries.push_back(series_entry_json(e));
  json credits = json::array();
  for (const auto& c : mine->credits) credits.push_back(credit_json(c, mine->now));
  return json_response(200, {{"entries", entries}, {"credits", credits}});
}

using SeriesReasonBody = OptionalReasonBody<2000>;

// The director's routes: define a series, pause and reopen it, remove entries.
void add_director_series_routes(Routes& routes, GameServiceDeps& deps) {
  routes.add(
      {"POST", "/api/v1/admin/series", kDirector,
       Doc("Define a series: players join its waiting list, sections start by themselves", 201,
           "the series")
           .in(with_section_terms_fields(with_competition_rule_settings(
                   {{"name", "string", true, "unique (case-insensitive), at most 200 bytes"},
                    {"section_size", "integer", true, "3..32 players per section"},
                    {"min_section_size", "integer", false,
                     "0 (default: only full sections) or 3..section_size: a smaller section "
                     "starts for entries that waited max_wait_days"},
                    {"max_wait_days", "integer", false,
                     "0 (default: entries wait until placed)..3650; needed by min_section_size"},
                    {"country_spread", "boolean", false,
                     "spread compatriots over sections started together (default false)"},
                    {"min_rating", "integer", false, "0..4000, inclusive"},
                    {"max_rating", "integer", false, "0..4000, inclusive"},
                    {"unrated_allowed", "boolean", false, "default true"},
                    {"credit_from_series", "string", false,
                     "a series whose promotion credit admits a player whatever the rating"},
                    {"min_finished_games", "integer", false, "0..10000 finished games to enter"},
                    {"promotion_max_place", "integer", false,
                     "a place at most this earns a promotion credit"},
                    {"promotion_min_score_percent", "integer", false,
                     "1..100: a score at least this share of the points played earns one"},
                    {"credit_valid_days", "integer", false, "1..3660, default 365"},
                    {"opening", "string", false,
                     "thematic: SAN moves (\"1. e4 c5 2. Nf3\") or a FEN every game starts from"},
                    {"allow_518", "boolean", false,
                     "Chess960: may the draw give the standard array"}})),
               {{"name", "Open class"},
                {"time_control", time_control_example()},
                {"section_size", 7},
                {"max_rating", 1899},
                {"promotion_max_place", 1}})},
      BodyHandler<NewSeriesBody>([&deps](const Call& c, NewSeriesBody&& b) -> Result<Response> {
        TRY_LET(id, app::create_series(deps, c.caller(), std::move(b.value)));
        return show_series(deps, *id, 201);
      }));
  for (const bool open : {false, true}) {
    routes.add(
        {"POST", std::string("/api/v1/admin/series/{id}/") + (open ? "open" : "pause"), kDirector,
         kSeries,
         open
             ? Doc("Reopen a paused series (the starter takes its turn at once)", 200, "the series")
                   .in({{"reason", "string", false, ""}}, json::object())
             : Doc("Pause a series: no section starts and no entry expires; players may still "
                   "join the waiting list",
                   200, "the series")
                   .in({{"reason", "string", false, ""}}, {{"reason", "new season"}})},
        BodyHandler<SeriesReasonBody>([&deps, open](const Call& c, SeriesReasonBody&& b) {
          return series_after(
              deps, c.id,
              app::set_series_open(deps, c.caller(), c.id, open, b.reason.value_or("")));
        }));
  }
  routes.add(
      {"POST", "/api/v1/admin/series/{id}/entries/{entry}/remove", kDirector, kSeries,
       Doc("Take an entry off the waiting list (the player is told)", 200, "the series")
           .in({{"reason", "string", true, "non-empty"}}, {{"reason", "duplicate account"}})},
      [&deps](const Call& c) -> Result<Response> {
        // The entry is an id in the path too, checked after the series and before the body
        // (api/pipeline.h): malformed, or unknown when the body is refused, it answers 404,
        // unless the series is unknown, whose 404 comes first.
        auto entry = parse_id(c.params.at("entry"), "entry");
        if (!entry) {
          TRY(app::require_exists(deps.pool, c.caller(), kSeries, c.id));
          return std::unexpected(std::move(entry.error()));
        }
        auto body = Routes::decode<RemoveEntryBody>(c.request);
        if (!body) {
          auto found = app::require_series_entry(deps.pool, c.id, *entry);
          if (!found && found.error().code == ErrorCode::kNotFound) {
            return std::unexpected(std::move(found.error()));
          }
        }
        if (!body) return std::unexpected(std::move(body.error()));
        return series_after(deps, c.id,
                            app::remove_series_entry(deps, c.caller(), c.id, *entry, body->reason));
      });
}

// What every user sees and does: the list, a series, joining and leaving, their entries.
void add_player_series_routes(Routes& routes, GameServiceDeps& deps) {
  routes.add({"GET", "/api/v1/series", kUser,
              Doc("Every series", 200,
                  "{series: [{id, name, status, variant, time_control, section_size, min_rating, "
                  "max_rating, thematic, waiting_count, sections}]}")},
             [&deps](const Call&) -> Result<Response> {
               TRY_LET(listed, app::list_series(deps));
               json out = json::array();
               for (const auto& s : *listed) out.push_back(series_summary_json(s));
               return json_response(200, {{"series", out}});
             });
  routes.add({"GET", "/api/v1/series/{id}", kUser, kSeries,
              Doc("A series", 200,
                  "{id, name, status, settings, waiting_count, waiting: [entry], sections: "
                  "[{number, event_id, name, players, started_at, closed_at, status}], "
                  "created_at, now}")},
             [&deps](const Call& c) { return show_series(deps, c.id); });
  routes.add({"POST", "/api/v1/series/{id}/join", kUser, kSeries,
              Doc("Join the waiting list", 201,
                  "the entry (status started with event_id when it completed a section); 409 "
                  "conflict (with barred_until after a time-forfeit loss); 409 "
                  "rating_out_of_range")},
             [&deps](const Call& c) { return join_waiting_list(deps, c.caller(), c.id); });
  routes.add({"DELETE", "/api/v1/series/{id}/join", kUser, kSeries,
              Doc("Leave the waiting list", 204, "no content")},
             no_content_command(deps, app::leave_series));
  routes.add(
      {"GET", "/api/v1/me/series", kUser,
       Doc("My series entries and promotion credits, newest first", 200,
           "{entries: [entry], credits: [{id, username, series_id, series_name, event_id, place, "
           "score, games, earned_at, expires_at, used_at, status}]}")},
      [&deps](const Call& c) { return my_series(deps, c.caller()); });
}

}  // namespace

void add_series_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "series");
  add_director_series_routes(routes, deps);
  add_player_series_routes(routes, deps);
}

}  // namespace corrchess::api
