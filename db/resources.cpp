#include "db/resources.h"

#include <string>

namespace corrchess::db {

namespace {

// The table of a kind of resource and, for the kinds a user owns or is party to, the
// condition on $2 (the user) of a row that user may name; null for the others.
struct ResourceTable {
  const char* name;
  const char* of_user;
};

ResourceTable resource_table(model::Resource kind) {
  using model::Resource;
  switch (kind) {
    case Resource::kGame: return {"games", nullptr};
    case Resource::kEvent: return {"events", nullptr};
    case Resource::kChallenge:
      return {"challenges", "(challenger_id = $2 OR opponent_id = $2 OR opponent_id IS NULL)"};
    case Resource::kLeave: return {"leave_periods", "user_id = $2"};
    case Resource::kWebhook: return {"webhooks", "user_id = $2"};
    case Resource::kSeries: return {"series", nullptr};
    case Resource::kCup: return {"cups", nullptr};
    case Resource::kChampionship: return {"championships", nullptr};
    case Resource::kTeam: return {"teams", nullptr};
    case Resource::kTeamMatch: return {"team_matches", nullptr};
    case Resource::kOlympiad: return {"olympiads", nullptr};
    case Resource::kPushSubscription: return {"push_subscriptions", "user_id = $2"};
  }
  return {"games", nullptr};
}

}  // namespace

bool resource_exists(pqxx::work& tx, model::Resource kind, std::int64_t id,
                     std::optional<std::int64_t> user_id) {
  const auto table = resource_table(kind);
  const std::string query =
      std::string("SELECT EXISTS (SELECT 1 FROM ") + table.name + " WHERE id = $1";
  if (user_id && table.of_user) {
    return tx.exec_params1(query + " AND " + table.of_user + ")", id, *user_id)[0].as<bool>();
  }
  return tx.exec_params1(query + ")", id)[0].as<bool>();
}

}  // namespace corrchess::db
