// The authorization matrix, driven by the served OpenAPI document: every documented route
// is called as anonymous, as a signed-in user who is not in the game, as each player of the
// game, as a td and as an admin. Callers the route's x-auth does not allow must get 401
// (anonymous) or 403/404 and leave every table of the database and the game exactly as they
// were; allowed callers must get past authorization. A new route is covered as soon as it
// is in the document (which a unit test keeps equal to the registered routes); a new kind
// of path parameter needs one line in `substitute`.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

// The example bodies of the document name these accounts (api/openapi.cpp).
constexpr const char* kPassword = "correct-horse-battery";

struct Caller {
  std::string name;      // user name; empty for anonymous
  std::string role;      // player, td, admin
  bool in_game = false;  // plays in the route's game
  std::string token;
};

class Authorization : public testing::ApiServerTest {
 protected:
  Authorization()
      : ApiServerTest(
            {{"CORRCHESS_ADMIN_USER", "root"},
             {"CORRCHESS_ADMIN_PASSWORD", "root-password"},
             {"CORRCHESS_CLOCK", "manual"},
             // alice challenges bob (and cancels) for every challenge route: the
             // per-opponent limits would stop that (challenge_floods_test has them).
             {"CORRCHESS_CHALLENGES_PER_OPPONENT_PER_DAY", "0"},
             {"CORRCHESS_CHALLENGE_COOLDOWN_AFTER_DECLINE_MINUTES", "0"},
             {"CORRCHESS_CHALLENGE_COOLDOWN_AFTER_CANCEL_MINUTES", "0"},
             // Web Push on (its routes answer 503 push_not_configured without
             // keys); the subscriptions point at a loopback address, which the
             // delivery guard refuses without CORRCHESS_WEBHOOK_ALLOW_PRIVATE, so
             // nothing is sent anywhere.
             {"CORRCHESS_VAPID_PRIVATE_KEY", "Y_lNj0Ml1oxR4C7KOZM4_2e8-KGUzoi-bzfbx7pXaA8"},
             {"CORRCHESS_VAPID_SUBJECT", "mailto:admin@example.org"}}) {}

  // A Web Push subscription body for a loopback endpoint (the p256dh key is a point on P-256).
  static json push_subscription_body() {
    return {{"endpoint", "http://127.0.0.1:9/push"},
            {"keys",
             {{"p256dh",
               "BPbsn_jj4_YeGA0jEOM1Rw4JejoCfClnR2R6tjhHM7R8xuGysVsEvrM2XzL329IqHmyqvKlTuBeLfaJHnt"
               "JBs6Y"},
              {"auth", "AAAAAAAAAAAAAAAAAAAAAA"}}}};
  }

  // One of alice's Web Push devices.
  std::string create_push_subscription() {
    auto r =
        api_.call("POST", "/api/v1/me/push-subscriptions", alice_token(), push_subscription_body());
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body).value("id", "");
  }

  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ApiServerTest::SetUp());
    root_ = api_.login("root", "root-password");
    for (const char* name : {"alice", "bob", "carol", "dana", "erin"}) {
      ASSERT_NO_FATAL_FAILURE(api_.register_user(name, kPassword));
    }
    ASSERT_EQ(api_.call("PATCH", "/api/v1/admin/users/dana", root_, {{"role", "td"}}).status, 200);
    callers_ = {{"", "", false, ""},
                {"carol", "player", false, api_.login("carol", kPassword)},
                {"alice", "player", true, api_.login("alice", kPassword)},
                {"bob", "player", true, api_.login("bob", kPassword)},
                {"dana", "td", false, api_.login("dana", kPassword)},
                {"root", "admin", false, root_}};
  }

  std::string create_game() { return api_.create_game(root_, "alice", "bob"); }

  // An event open for entry with alice, bob and carol, starting in the future.
  std::string create_event() {
    json body = {{"name", "Matrix " + std::to_string(++events_)},
                 {"time_control", testing::iccf_control()},
                 {"open_for_entry", true},
                 {"start_at", "2040-01-01T00:00:00Z"},
                 {"players", {"alice", "bob", "carol"}}};
    auto r = api_.call("POST", "/api/v1/admin/events", root_, body);
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body).value("id", "");
  }

  // A series of sections of three and, when `entry`, alice's waiting entry in it.
  std::pair<std::string, std::string> create_series(bool entry) {
    json body = {{"name", "Matrix series " + std::to_string(++events_)},
                 {"time_control", testing::iccf_control()},
                 {"section_size", 3}};
    auto r = api_.call("POST", "/api/v1/admin/series", root_, body);
    EXPECT_EQ(r.status, 201) << r.body;
    const auto id = json::parse(r.body).value("id", "");
    if (!entry) return {id, ""};
    auto joined = api_.call("POST", "/api/v1/series/" + id + "/join", alice_token());
    EXPECT_EQ(joined.status, 201) << joined.body;
    return {id, json::parse(joined.body).value("id", "")};
  }

  // A cup of alice and bob (its first match starts at once).
  std::string create_cup() {
    json body = {{"name", "Matrix cup " + std::to_string(++events_)},
                 {"time_control", testing::iccf_control()},
                 {"players", {"alice", "bob"}}};
    auto r = api_.call("POST", "/api/v1/admin/cups", root_, body);
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body).value("id", "");
  }

  // A team with `members` (no captain among the callers), a team match between two teams of
  // alice and of bob, an Olympiad of those two teams on one board.
  std::string create_team(const std::vector<std::string>& members) {
    json body = {{"kind", "club"},
                 {"name", "Matrix team " + std::to_string(++events_)},
                 {"country", "DE"},
                 {"members", members}};
    auto r = api_.call("POST", "/api/v1/teams", root_, body);
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body).value("id", "");
  }
  std::string create_team_match() {
    json body = {{"name", "Matrix match"},
                 {"team_a", create_team({"alice"})},
                 {"team_b", create_team({"bob"})},
                 {"boards", 1},
                 {"time_control", testing::iccf_control()}};
    auto r = api_.call("POST", "/api/v1/team-matches", root_, body);
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body).value("id", "");
  }
  std::string create_olympiad() {
    json body = {{"name", "Matrix olympiad " + std::to_string(++events_)},
                 {"boards", 1},
                 {"time_control", testing::iccf_control()},
                 {"teams",
                  {{{"team_id", create_team({"alice"})}, {"players", {"alice"}}},
                   {{"team_id", create_team({"bob"})}, {"players", {"bob"}}}}}};
    auto r = api_.call("POST", "/api/v1/olympiads", root_, body);
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body).value("id", "");
  }

  // A championship of alice, bob and carol: preliminaries in one section, then a final.
  std::string create_championship() {
    json body = {{"name", "Matrix championship " + std::to_string(++events_)},
                 {"time_control", testing::iccf_control()},
                 {"players", {"alice", "bob", "carol"}},
                 {"stages",
                  {{{"name", "Preliminaries"}, {"section_size", 3}, {"per_section", 2}},
                   {{"name", "Final"}, {"section_size", 2}}}}};
    auto r = api_.call("POST", "/api/v1/admin/championships", root_, body);
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body).value("id", "");
  }

  // A pending special leave request of alice, on days no other request of hers uses.
  std::string create_leave() {
    const int k = ++leaves_;
    char start[32], end[32];
    std::snprintf(start, sizeof start, "%04d-%02d-01", 2035 + k / 12, k % 12 + 1);
    std::snprintf(end, sizeof end, "%04d-%02d-05", 2035 + k / 12, k % 12 + 1);
    auto r = api_.call("POST", "/api/v1/me/leave/special", alice_token(),
                       {{"start_date", start}, {"end_date", end}, {"reason", "surgery"}});
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body).value("id", "");
  }

  // An open challenge of alice to bob.
  std::string create_challenge() {
    auto r = api_.call("POST", "/api/v1/challenges", alice_token(),
                       {{"opponent", "bob"}, {"time_control", testing::iccf_control()}});
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body).value("id", "");
  }

  // A webhook of alice (to an address that is refused when sent) and, when `delivery`, the
  // id of one of its deliveries (bob challenges alice: a live message for her).
  std::pair<std::string, std::string> create_webhook(bool delivery) {
    auto r = api_.call("POST", "/api/v1/me/webhooks", alice_token(),
                       {{"url", "http://127.0.0.1:9/hook"}});
    EXPECT_EQ(r.status, 201) << r.body;
    const auto id = json::parse(r.body).value("id", "");
    if (!delivery) return {id, ""};
    std::string bob;
    for (const auto& c : callers_) {
      if (c.name == "bob") bob = c.token;
    }
    EXPECT_EQ(api_.call("POST", "/api/v1/challenges", bob,
                        {{"opponent", "alice"}, {"time_control", testing::iccf_control()}})
                  .status,
              201);
    auto list = api_.call("GET", "/api/v1/me/webhooks/" + id + "/deliveries", alice_token());
    const auto deliveries = json::parse(list.body).value("deliveries", json::array());
    return {id, deliveries.empty() ? "" : deliveries[0].value("id", "")};
  }

  // A period with a published standard rating list (made once): a game alice - bob that
  // alice resigns, then the manual clock moved past the end of the next month.
  std::string rating_period() {
    if (!rating_period_.empty()) return rating_period_;
    const auto id = create_game();
    EXPECT_EQ(api_.call("POST", "/api/v1/games/" + id + "/resign", alice_token()).status, 200);
    const std::string now = json::parse(api_.call("GET", "/api/v1/admin/clock", root_).body)["now"];
    int year = std::stoi(now.substr(0, 4)), month = std::stoi(now.substr(5, 2));
    char later[32];
    std::snprintf(later, sizeof later, "%04d-%02d-02T00:00:00Z", month >= 11 ? year + 1 : year,
                  (month + 1) % 12 + 1);
    api_.set_clock(root_, later);
    // The job publishes every period it owes (two months, each pool) one after another: wait
    // until the last month's list is out and nothing more comes for a second, so that no
    // publication lands while the denied calls are compared against the database.
    char last_month[16];
    std::snprintf(last_month, sizeof last_month, "%04d-%02d", month == 12 ? year + 1 : year,
                  month % 12 + 1);
    std::size_t seen = 0;
    auto stable_since = std::chrono::steady_clock::now();
    testing::wait_until(
        [&] {
          const auto lists =
              json::parse(api_.call("GET", "/api/v1/ratings/lists", root_).body)["lists"];
          if (lists.size() != seen) {
            seen = lists.size();
            stable_since = std::chrono::steady_clock::now();
          }
          bool last_out = false;
          for (const auto& l : lists) last_out = last_out || l["period"] == last_month;
          if (!last_out) return false;
          rating_period_ = lists.back()["period"];
          return std::chrono::steady_clock::now() - stable_since > std::chrono::seconds(1);
        },
        std::chrono::seconds(30), std::chrono::milliseconds(100));
    EXPECT_FALSE(rating_period_.empty()) << "no rating list was published";
    return rating_period_;
  }

  std::string alice_token() const {
    for (const auto& c : callers_) {
      if (c.name == "alice") return c.token;
    }
    return "";
  }

  // The path with its parameters replaced by real values; empty when a parameter is unknown.
  // The secret of a fresh deadline calendar address of root (POST /api/v1/me/calendar).
  std::string calendar_token() {
    const std::string url = api_.expect("POST", "/api/v1/me/calendar", root_, nullptr, 201)["url"];
    const auto from = url.find("/calendar/") + 10;
    return url.substr(from, url.size() - 4 - from);
  }

  std::string substitute(const std::string& path, const std::string& game_id) {
    std::string out = path;
    auto replace = [&out](const std::string& param, const std::string& value) {
      if (auto pos = out.find(param); pos != std::string::npos)
        out.replace(pos, param.size(), value);
    };
    if (path.find("/games/{id}") != std::string::npos) replace("{id}", game_id);
    if (path.find("/events/{id}") != std::string::npos) replace("{id}", create_event());
    if (path.find("/leave/{id}") != std::string::npos) replace("{id}", create_leave());
    if (path.find("/challenges/{id}") != std::string::npos) replace("{id}", create_challenge());
    if (path.find("/webhooks/{id}") != std::string::npos) {
      const auto [hook, delivery] = create_webhook(path.find("{delivery}") != std::string::npos);
      replace("{id}", hook);
      replace("{delivery}", delivery);
    }
    if (path.find("/series/{id}") != std::string::npos) {
      const auto [series, entry] = create_series(path.find("{entry}") != std::string::npos);
      replace("{id}", series);
      replace("{entry}", entry);
    }
    if (path.find("/cups/{id}") != std::string::npos) replace("{id}", create_cup());
    if (path.find("/push-subscriptions/{id}") != std::string::npos) {
      replace("{id}", create_push_subscription());
    }
    if (path.find("/teams/{id}") != std::string::npos) replace("{id}", create_team({"erin"}));
    if (path.find("/team-matches/{id}") != std::string::npos) replace("{id}", create_team_match());
    if (path.find("/olympiads/{id}") != std::string::npos) replace("{id}", create_olympiad());
    if (path.find("/championships/{id}") != std::string::npos) {
      replace("{id}", create_championship());
    }
    replace("{username}", "erin");
    if (path.find("{token}") != std::string::npos) replace("{token}", calendar_token());
    if (path.find("{period}") != std::string::npos) replace("{period}", rating_period());
    return out.find('{') == std::string::npos ? out : "";
  }

  // Every table's content (but tokens and login attempts, which logins change, and the
  // notification outbox and its attempts, which the delivery worker changes in the
  // background), by name: one statement over a connection kept for the test (it runs after
  // every denied call; a statement and a connection per table made it the slowest e2e test).
  std::map<std::string, std::string> fingerprint() {
    if (!fingerprint_conn_) {
      fingerprint_conn_ = std::make_unique<pqxx::connection>(db_.url());
      pqxx::work tx(*fingerprint_conn_);
      for (const auto& row :
           tx.exec("SELECT table_name FROM information_schema.tables WHERE table_schema = "
                   "'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('auth_tokens', "
                   "'login_attempts', 'notification_outbox', 'notification_attempts') ORDER BY "
                   "table_name")) {
        const auto table = row[0].as<std::string>();
        if (!fingerprint_sql_.empty()) fingerprint_sql_ += " UNION ALL ";
        fingerprint_sql_ += "SELECT " + tx.quote(table) +
                            ", coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM " +
                            tx.quote_name(table) + " t";
      }
    }
    pqxx::work tx(*fingerprint_conn_);
    std::map<std::string, std::string> out;
    for (const auto& row : tx.exec(fingerprint_sql_)) {
      out[row[0].as<std::string>()] = row[1].as<std::string>();
    }
    return out;
  }

  static bool allowed(const std::string& method, const std::string& path, const std::string& access,
                      const Caller& c) {
    if (access == "none") return true;
    if (c.name.empty()) return false;
    // A leave period is its owner's alone (others are told it does not exist).
    if (path.starts_with("/api/v1/me/leave/{id}")) return c.name == "alice";
    // So is a webhook.
    if (path.starts_with("/api/v1/me/webhooks/{id}")) return c.name == "alice";
    // So is a Web Push device.
    if (path.starts_with("/api/v1/me/push-subscriptions/{id}")) return c.name == "alice";
    // A challenge (alice's, to bob) is seen by its players and directors, accepted and
    // declined by bob alone and cancelled by alice alone.
    if (path == "/api/v1/challenges/{id}")
      return c.name == "alice" || c.name == "bob" || c.role == "td" || c.role == "admin";
    if (path.starts_with("/api/v1/challenges/{id}/accept") ||
        path.starts_with("/api/v1/challenges/{id}/decline")) {
      return c.name == "bob";
    }
    if (path.starts_with("/api/v1/challenges/{id}/cancel")) return c.name == "alice";
    // The messages of a game are read by its players and by directors.
    if (method == "GET" && path == "/api/v1/games/{id}/messages") {
      return c.in_game || c.role == "td" || c.role == "admin";
    }
    // Private notes are for a game's players and directors.
    if (path == "/api/v1/games/{id}/note") return c.in_game || c.role == "td" || c.role == "admin";
    // A team's members and a team match's boards: its captains (none of the callers) and
    // directors.
    if (path.starts_with("/api/v1/teams/{id}/members") ||
        path == "/api/v1/team-matches/{id}/nominations") {
      return c.role == "td" || c.role == "admin";
    }
    if (access == "user") return true;
    if (access == "player") return c.in_game;
    if (access == "director") return c.role == "td" || c.role == "admin";
    if (access == "admin") return c.role == "admin";
    ADD_FAILURE() << "unknown x-auth " << access;
    return false;
  }

  std::string root_;
  std::vector<Caller> callers_;
  int events_ = 0;
  int leaves_ = 0;
  std::string rating_period_;
  std::unique_ptr<pqxx::connection> fingerprint_conn_;
  std::string fingerprint_sql_;
};

TEST_F(Authorization, OnlyAllowedCallersGetThroughAndDeniedCallsChangeNothing) {
  auto doc_response = api_.call("GET", "/api/v1/openapi.json", "");
  ASSERT_EQ(doc_response.status, 200);
  const auto doc = json::parse(doc_response.body);
  std::set<std::string> accesses_seen;
  int routes = 0, denials = 0;

  for (const auto& [path, operations] : doc["paths"].items()) {
    for (const auto& [method_lower, op] : operations.items()) {
      // Upgrades and streams are tested in websocket_test and resumable_events_test.
      if (op.value("x-websocket", false) || op.value("x-stream", false)) continue;
      // Xfcc carries its credentials in the SOAP body: tests/e2e/xfcc_test checks who may
      // do what there.
      if (op.value("x-soap", false)) continue;
      std::string method = method_lower;
      for (auto& c : method) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      const std::string access = op.at("x-auth");
      accesses_seen.insert(access);
      SCOPED_TRACE(method + " " + path + " (x-auth " + access + ")");
      ++routes;

      const auto game_id = create_game();
      const auto target = substitute(path, game_id);
      ASSERT_FALSE(target.empty()) << "no substitution for a path parameter of " << path
                                   << ": add one to Authorization::substitute";
      json body = nullptr;
      if (op.contains("requestBody")) {
        body = op["requestBody"]["content"]["application/json"].value("example", json());
      }
      if (path == "/api/v1/me/push-subscriptions") body = push_subscription_body();
      // A nomination names a team of the match: one that does not play it is a bad request
      // whoever sends it (400 before any question of captaincy).
      if (path == "/api/v1/team-matches/{id}/nominations") {
        const auto match = api_.call("GET", target.substr(0, target.rfind('/')), root_);
        ASSERT_EQ(match.status, 200) << match.body;
        body["team_id"] = json::parse(match.body)["team_a"]["id"];
      }

      // Denied callers first, each checked against the whole database.
      const auto game_before = api_.call("GET", "/api/v1/games/" + game_id, root_).body;
      const auto before = fingerprint();
      ASSERT_GT(before.size(), 50u) << "the fingerprint covers every table";
      for (const auto& caller : callers_) {
        if (allowed(method, path, access, caller)) continue;
        ++denials;
        auto r = api_.call(method, target, caller.token, body);
        if (caller.name.empty()) {
          EXPECT_EQ(r.status, 401) << "anonymous: " << r.body;
          EXPECT_EQ(json::parse(r.body, nullptr, false).value("code", ""), "unauthorized");
        } else {
          EXPECT_TRUE(r.status == 403 || r.status == 404)
              << caller.name << ": " << r.status << " " << r.body;
          EXPECT_EQ(r.headers["content-type"], "application/problem+json") << caller.name;
        }
        EXPECT_EQ(fingerprint(), before) << caller.name << " changed the database";
        EXPECT_EQ(api_.call("GET", "/api/v1/games/" + game_id, root_).body, game_before)
            << caller.name << " changed the game";
      }

      // Allowed callers get past authorization (the game's rules may still refuse).
      for (auto& caller : callers_) {
        if (!allowed(method, path, access, caller)) continue;
        auto r = api_.call(method, target, caller.token, body);
        const std::string who = caller.name.empty() ? "anonymous" : caller.name;
        EXPECT_NE(r.status, 401) << who << ": " << r.body;
        EXPECT_NE(r.status, 403) << who << ": " << r.body;
        EXPECT_NE(r.status, 404) << who << ": " << r.body;
        EXPECT_NE(r.status, 405) << who << ": " << r.body;
        EXPECT_LT(r.status, 500) << who << ": " << r.body;
        // Logging out revokes the caller's token: sign in again.
        if (!caller.name.empty() && api_.call("GET", "/api/v1/me", caller.token).status == 401) {
          caller.token =
              api_.login(caller.name, caller.name == "root" ? "root-password" : kPassword);
          if (caller.name == "root") root_ = caller.token;
        }
      }
    }
  }
  EXPECT_GT(routes, 30);
  EXPECT_GT(denials, 60);
  EXPECT_EQ(accesses_seen, (std::set<std::string>{"none", "user", "player", "director", "admin"}));
}

TEST_F(Authorization, InvalidOrRevokedTokensAreAnonymous) {
  const auto id = create_game();
  for (const std::string& token : {std::string("not-a-token"), std::string(200, 'x')}) {
    auto r = api_.call("GET", "/api/v1/games/" + id, token);
    EXPECT_EQ(r.status, 401);
    EXPECT_EQ(json::parse(r.body)["code"], "unauthorized");
  }
  const auto token = api_.login("dana", kPassword);
  ASSERT_EQ(api_.call("POST", "/api/v1/auth/logout", token).status, 204);
  auto r = api_.call("POST", "/api/v1/admin/games/" + id + "/annul", token, {{"reason", "x"}});
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(json::parse(api_.call("GET", "/api/v1/games/" + id, root_).body)["status"], "ongoing");
}

}  // namespace
}  // namespace corrchess
