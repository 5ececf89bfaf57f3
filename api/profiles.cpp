#include "api/profiles.h"

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/pipeline.h"
#include "api/token_cache.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

json nullable(const std::optional<std::string>& v) { return v ? json(*v) : json(); }

json profile_json(const app::PublicProfile& p) {
  json credits = json::array();
  for (const auto& c : p.credits) {
    credits.push_back({{"series_id", std::to_string(c.series_id)},
                       {"series_name", c.series_name},
                       {"event_id", std::to_string(c.event_id)},
                       {"place", c.place},
                       {"earned_at", game::format_rfc3339(c.earned_at)},
                       {"expires_at", game::format_rfc3339(c.expires_at)}});
  }
  json titles = json::array();
  for (const auto& t : p.titles) {
    titles.push_back({{"title", t.title}, {"awarded_at", game::format_rfc3339(t.awarded_at)}});
  }
  json norms = json::array();
  for (const auto& n : p.norms) {
    norms.push_back({{"title", n.title},
                     {"event_id", std::to_string(n.event_id)},
                     {"event_name", n.event_name},
                     {"games", n.games},
                     {"performance", n.performance},
                     {"category", n.category},
                     {"recorded_at", game::format_rfc3339(n.recorded_at)}});
  }
  return {{"username", p.user.username},
          {"display_name", p.user.display_name},
          {"country", nullable(p.country)},
          {"created_at", p.user.created_at},
          {"games",
           {{"played", p.record.finished},
            {"current", p.record.current},
            {"wins", p.record.wins},
            {"draws", p.record.draws},
            {"losses", p.record.losses}}},
          {"on_leave", p.on_leave},
          {"promotion_credits", credits},
          {"titles", titles},
          {"norms", norms}};
}

// A member that may be absent (keep), null (clear) or a string of at most `max` bytes.
Result<std::optional<std::optional<std::string>>> nullable_member(const json& body,
                                                                  const char* field,
                                                                  std::size_t max) {
  if (!body.contains(field)) return std::optional<std::optional<std::string>>{};
  if (body[field].is_null()) {
    return std::optional<std::optional<std::string>>{std::optional<std::string>{}};
  }
  TRY_LET(value, optional_string(body, field, max));
  return std::optional<std::optional<std::string>>{*value};
}

// PATCH /me: {display_name?, email?, country?, time_zone?, language?}; null clears.
struct ProfileChangeBody {
  model::ProfileChange change;
  static Result<ProfileChangeBody> from_json(const json& body, const Request&);
};

Result<ProfileChangeBody> ProfileChangeBody::from_json(const json& body, const Request&) {
  Fields in(body);
  model::ProfileChange change;
  if (body.contains("display_name")) change.display_name = in.required_string("display_name", 256);
  for (auto [field, target, max] : {std::tuple{"email", &change.email, std::size_t{254}},
                                    std::tuple{"country", &change.country, std::size_t{2}},
                                    std::tuple{"time_zone", &change.time_zone, std::size_t{64}},
                                    std::tuple{"language", &change.language, std::size_t{35}}}) {
    *target = in.take(nullable_member(body, field, max));
  }
  return in.finish(ProfileChangeBody{change});
}

Result<Response> find(app::ProfileDeps& deps, const Request& request) {
  const auto prefix = request.query.contains("prefix") ? request.query.at("prefix") : "";
  TRY_LET(limit, query_int(request, "limit", 1, app::kMaxPlayersFound));
  TRY_LET(found, app::find_players(deps, prefix, limit->value_or(20)));
  json users = json::array();
  for (const auto& u : *found) {
    users.push_back({{"username", u.username}, {"display_name", u.display_name}});
  }
  return json_response(200, {{"users", users}});
}

}  // namespace

json settings_json(const model::User& user, const model::ProfileSettings& s) {
  return {{"email", nullable(user.email)},
          {"country", nullable(s.country)},
          {"time_zone", nullable(s.time_zone)},
          {"language", nullable(s.language)}};
}

void add_profile_routes(Router& router, app::ProfileDeps& deps) {
  Routes routes(router, deps.pool, "profiles");
  routes.add({"GET", "/api/v1/users", Access::kUser,
              Doc("Find players by the start of their username", 200,
                  "{users: [{username, display_name}]} in username order")
                  .q({{"prefix", "string", true, "1..32 characters, case-insensitive"},
                      {"limit", "integer", false, "1..50, default 20"}})},
             [&deps](const Call& c) { return find(deps, c.request); });
  routes.add(
      {"GET", "/api/v1/users/{username}", Access::kUser,
       Doc("A player's public profile", 200,
           "{username, display_name, country, created_at, games: {played, current, wins, draws, "
           "losses}, on_leave, promotion_credits: [{series_id, series_name, event_id, place, "
           "earned_at, expires_at}], titles: [{title, awarded_at}], norms: [{title, event_id, "
           "event_name, games, performance, category, recorded_at}]}")},
      [&deps](const Call& c) {
        return json_after(app::public_profile(deps, c.params.at("username")), profile_json);
      });
  routes.add(
      {"PATCH", "/api/v1/me", Access::kUser,
       Doc("Change one's own profile", 200, "the user with email, country, time_zone, language")
           .in({{"display_name", "string", false, "1..64 characters"},
                {"email", "string", false, "null clears it"},
                {"country", "string", false, "ISO 3166-1 alpha-2, e.g. DE; null clears it"},
                {"time_zone", "string", false, "IANA name for display, e.g. Europe/Berlin"},
                {"language", "string", false, "BCP 47 tag, e.g. en or pt-BR"}},
               {{"country", "NL"}, {"time_zone", "Europe/Amsterdam"}})},
      BodyHandler<ProfileChangeBody>(
          [&deps](const Call& c, ProfileChangeBody&& b) -> Result<Response> {
            TRY_LET(updated, app::update_own_profile(deps, c.caller(), b.change));
            forget_signed_in(deps.pool, updated->id);
            auto body = user_json(*updated);
            TRY_LET(settings, app::own_settings(deps, *updated));
            body.update(settings_json(*updated, *settings));
            return json_response(200, body);
          }));
}

}  // namespace corrchess::api
