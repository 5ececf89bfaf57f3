#include "api/profiles.h"

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/token_cache.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

json nullable(const std::optional<std::string>& v) { return v ? json(*v) : json(); }

json profile_json(const app::PublicProfile& p) {
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
          {"on_leave", p.on_leave}};
}

// A member that may be absent (keep), null (clear) or a string of at most `max` bytes.
Result<std::optional<std::optional<std::string>>> nullable_member(const json& body,
                                                                  const char* field,
                                                                  std::size_t max) {
  if (!body.contains(field)) return std::optional<std::optional<std::string>>{};
  if (body[field].is_null()) {
    return std::optional<std::optional<std::string>>{std::optional<std::string>{}};
  }
  auto value = optional_string(body, field, max);
  if (!value) return std::unexpected(value.error());
  return std::optional<std::optional<std::string>>{*value};
}

Result<db::ProfileChange> parse_change(const Request& request) {
  auto body = json_object_body(request);
  if (!body) return std::unexpected(body.error());
  db::ProfileChange change;
  if (body->contains("display_name")) {
    auto name = required_string(*body, "display_name", 256);
    if (!name) return std::unexpected(name.error());
    change.display_name = *name;
  }
  for (auto [field, target, max] : {std::tuple{"email", &change.email, std::size_t{254}},
                                    std::tuple{"country", &change.country, std::size_t{2}},
                                    std::tuple{"time_zone", &change.time_zone, std::size_t{64}},
                                    std::tuple{"language", &change.language, std::size_t{35}}}) {
    auto member = nullable_member(*body, field, max);
    if (!member) return std::unexpected(member.error());
    *target = *member;
  }
  return change;
}

Response find(app::ProfileDeps& deps, const Request& request) {
  auto user = authenticate(deps.pool, request);
  if (!user) return problem_response(user.error());
  const auto prefix = request.query.contains("prefix") ? request.query.at("prefix") : "";
  auto limit = query_int(request, "limit", 1, app::kMaxPlayersFound);
  if (!limit) return problem_response(limit.error());
  auto found = app::find_players(deps, prefix, limit->value_or(20));
  if (!found) return problem_response(found.error());
  json users = json::array();
  for (const auto& u : *found) {
    users.push_back({{"username", u.username}, {"display_name", u.display_name}});
  }
  return json_response(200, {{"users", users}});
}

}  // namespace

json settings_json(const db::User& user, const db::ProfileSettings& s) {
  return {{"email", nullable(user.email)},
          {"country", nullable(s.country)},
          {"time_zone", nullable(s.time_zone)},
          {"language", nullable(s.language)}};
}

void add_profile_routes(Router& router, app::ProfileDeps& deps) {
  router.add("GET", "/api/v1/users",
             [&deps](const Request& r, const PathParams&) { return find(deps, r); });
  router.add("GET", "/api/v1/users/{username}", [&deps](const Request& r, const PathParams& p) {
    auto user = authenticate(deps.pool, r);
    if (!user) return problem_response(user.error());
    auto profile = app::public_profile(deps, p.at("username"));
    if (!profile) return problem_response(profile.error());
    return json_response(200, profile_json(*profile));
  });
  router.add("PATCH", "/api/v1/me", [&deps](const Request& r, const PathParams&) {
    auto user = authenticate(deps.pool, r);
    if (!user) return problem_response(user.error());
    auto change = parse_change(r);
    if (!change) return problem_response(change.error());
    auto updated = app::update_own_profile(deps, *user, *change);
    if (!updated) return problem_response(updated.error());
    forget_signed_in(deps.pool, updated->id);
    auto body = user_json(*updated);
    auto settings = app::own_settings(deps, *updated);
    if (!settings) return problem_response(settings.error());
    body.update(settings_json(*updated, *settings));
    return json_response(200, body);
  });
}

}  // namespace corrchess::api
