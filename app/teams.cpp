#include "app/teams.h"

#include "app/entry_rules.h"
#include "app/roles.h"
#include "app/team_match_reads.h"
#include "core/game/profile.h"
#include "db/events.h"
#include "db/olympiads.h"
#include "db/server_clock.h"
#include "db/team_matches.h"
#include "db/teams.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

Result<void> check_team_settings(const model::TeamSettings& s) {
  if (s.kind != "federation" && s.kind != "club" && s.kind != "national") {
    return fail(ErrorCode::kValidationError, "kind must be federation, club or national");
  }
  if (s.name.empty() || s.name.size() > 200) {
    return fail(ErrorCode::kValidationError, "a team's name has 1..200 bytes");
  }
  return game::check_country(s.country);
}

// A user named in a request: kValidationError naming an unknown one.
Result<model::User> named_user(pqxx::work& tx, const std::string& username) {
  auto user = db::find_user(tx, username);
  if (!user) return fail(ErrorCode::kValidationError, "no user '" + username + "'");
  return *user;
}

// kForbidden unless `caller` is a director or a captain of the team.
Result<void> require_team_captain(pqxx::work& tx, std::int64_t team_id, const model::User& caller) {
  if (is_director(caller) || db::is_team_captain(tx, team_id, caller.id)) return {};
  return fail(ErrorCode::kForbidden, "this needs a captain of the team or a tournament director");
}

void audit_team(pqxx::work& tx, game::Timestamp now, const model::User& actor,
                const std::string& action, std::int64_t team_id,
                std::optional<std::int64_t> target) {
  db::write_audit(tx, {now, actor.id, action, std::nullopt, std::nullopt, target, "",
                       model::Fields{{"team_id", team_id}}});
}

// Adds (or, with !add, removes) `username` as a member (or, with captain, a captain).
Result<void> change_team(GameDeps& deps, const model::User& caller, std::int64_t team_id,
                         const std::string& username, bool captain, bool add) {
  if (captain) TRY(require_director(caller));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY(db::load_team(tx, team_id, true));
    if (!captain) TRY(require_team_captain(tx, team_id, caller));
    TRY_LET(user, named_user(tx, username));
    const auto now = deps.clock.now(tx);
    const std::string what = captain ? "captain" : "member";
    if (add) {
      if (captain ? db::add_team_captain(tx, team_id, user->id)
                  : db::add_team_member(tx, team_id, user->id, now)) {
        audit_team(tx, now, caller, "team_" + what + "_added", team_id, user->id);
      }
      return {};
    }
    if (captain ? db::remove_team_captain(tx, team_id, user->id)
                : db::remove_team_member(tx, team_id, user->id)) {
      audit_team(tx, now, caller, "team_" + what + "_removed", team_id, user->id);
    }
    return {};
  });
}

}  // namespace

Result<std::int64_t> create_team(GameDeps& deps, const model::User& director,
                                 TeamCreation request) {
  TRY(require_director(director));
  TRY(check_team_settings(request.settings));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
    const auto now = deps.clock.now(tx);
    TRY_LET(captains, resolve_players(tx, request.captains));
    TRY_LET(members, resolve_players(tx, request.members));
    TRY_LET(id, db::insert_team(tx, request.settings, director.id, now));
    for (const auto& u : *captains) db::add_team_captain(tx, *id, u.id);
    for (const auto& u : *members) db::add_team_member(tx, *id, u.id, now);
    db::write_audit(tx,
                    {now, director.id, "team_created", std::nullopt, std::nullopt, std::nullopt, "",
                     model::Fields{{"team_id", *id},
                                   {"name", request.settings.name},
                                   {"captains", request.captains},
                                   {"members", request.members}}});
    return *id;
  });
}

Result<std::vector<TeamListing>> list_teams(GameDeps& deps) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::vector<TeamListing>> {
    std::vector<TeamListing> out;
    for (auto& t : db::list_teams(tx)) {
      const auto id = t.id;
      out.push_back({std::move(t), db::team_captains(tx, id),
                     static_cast<int>(db::team_members(tx, id).size())});
    }
    return out;
  });
}

Result<TeamView> read_team(GameDeps& deps, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<TeamView> {
    TRY_LET(team, db::load_team(tx, id, false));
    TeamView v{std::move(*team), db::team_captains(tx, id), db::team_members(tx, id), {}, {}};
    for (auto& m : db::list_team_matches(tx, id)) {
      TRY_LET(view, team_match_view(tx, std::move(m)));
      v.matches.push_back(std::move(*view));
    }
    for (const auto& o : db::olympiads_of_team(tx, id)) {
      v.olympiads.push_back({o.first.id, o.first.name, o.second});
    }
    return v;
  });
}

Result<void> add_team_member(GameDeps& deps, const model::User& caller, std::int64_t team_id,
                             const std::string& username) {
  return change_team(deps, caller, team_id, username, false, true);
}

Result<void> remove_team_member(GameDeps& deps, const model::User& caller, std::int64_t team_id,
                                const std::string& username) {
  return change_team(deps, caller, team_id, username, false, false);
}

Result<void> add_team_captain(GameDeps& deps, const model::User& caller, std::int64_t team_id,
                              const std::string& username) {
  return change_team(deps, caller, team_id, username, true, true);
}

Result<void> remove_team_captain(GameDeps& deps, const model::User& caller, std::int64_t team_id,
                                 const std::string& username) {
  return change_team(deps, caller, team_id, username, true, false);
}

}  // namespace corrchess::app
