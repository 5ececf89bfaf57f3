// The order in which a request is checked (docs/api.md "Errors"): the sign-in (401), the
// caller's role (403), the id in the path (404), the body (400), then the operation. An
// unknown id answers 404 even when the body is also wrong: for the routes of the audit and
// one of every id kind with a body, an unknown id with a refused body answers the handler's
// own 404 (the same detail as with a good body), a known id with the same body still answers
// 400, and a malformed id 404. So do a body the use case refuses, a bad query parameter and a
// body that is not JSON; an id that is another user's is unknown to them as its handler says;
// the second id of a series entry's route is checked before the body too.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using nlohmann::json;

constexpr const char* kUnknownId = "999";

struct OrderRoute {
  const char* method;
  std::string path;  // with "{id}"
  const char* kind;  // what the id names, as the 404 says it: "no <kind> <id>"
  const char* who;   // the caller
  json good;         // a body the route accepts
  const char* bad;   // a body it refuses (400 validation_error)
};

class RequestOrder : public testing::EventServer {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(EventServer::SetUp());
    ASSERT_NO_FATAL_FAILURE(add_users({"ann", "bob", "cid", "dan"}));
    const auto td = token("td");
    ids_["game"] = api_.create_game(td, "ann", "bob");
    ids_["event"] = api_.create_event(td, "Order Cup", {"ann", "bob"});
    ids_["challenge"] =
        ok("POST", "/api/v1/challenges", "ann",
           {{"opponent", "bob"}, {"time_control", testing::iccf_control()}}, 201)["id"];
    ids_["leave period"] =
        ok("POST", "/api/v1/me/leave", "ann",
           {{"start_date", "2030-02-01"}, {"end_date", "2030-02-02"}}, 201)["id"];
    ids_["series"] = ok(
        "POST", "/api/v1/admin/series", "td",
        {{"name", "Order Series"}, {"section_size", 5}, {"time_control", testing::iccf_control()}},
        201)["id"];
    ids_["entry"] =
        ok("POST", "/api/v1/series/" + ids_["series"] + "/join", "ann", nullptr, 201)["id"];
    ids_["team"] = team("Order A", "DE", {"ann"}, {"cid"});
    const auto other = team("Order B", "NL", {"bob"}, {"dan"});
    ids_["team match"] = ok("POST", "/api/v1/team-matches", "td",
                            {{"name", "A - B"},
                             {"team_a", ids_["team"]},
                             {"team_b", other},
                             {"boards", 1},
                             {"games_per_board", 2},
                             {"time_control", testing::iccf_control()}},
                            201)["id"];
  }

  std::string team(const std::string& name, const std::string& country,
                   const std::vector<std::string>& captains,
                   const std::vector<std::string>& members) {
    return ok("POST", "/api/v1/teams", "td",
              {{"kind", "national"},
               {"name", name},
               {"country", country},
               {"captains", captains},
               {"members", members}},
              201)["id"];
  }

  static std::string with_id(std::string path, const std::string& id) {
    return path.replace(path.find("{id}"), 4, id);
  }

  std::map<std::string, std::string> ids_;  // a known id of each kind
};

// The routes of the audit, and one or more of every id kind with a body.
std::vector<OrderRoute> order_routes(const std::map<std::string, std::string>& ids) {
  const auto& game = ids.at("game");
  const json reason = {{"reason", "order test"}};
  return {
      {"POST",
       "/api/v1/admin/events/{id}/withdraw",
       "event",
       "td",
       {{"username", "ann"}, {"reason", "order test"}},
       "{}"},
      {"POST",
       "/api/v1/admin/events/{id}/replace",
       "event",
       "td",
       {{"username", "ann"}, {"replacement", "cid"}, {"reason", "order test"}},
       "{}"},
      {"POST", "/api/v1/admin/events/{id}/players", "event", "td", {{"username", "cid"}}, "{}"},
      {"POST",
       "/api/v1/admin/events/{id}/auto-adjudication",
       "event",
       "td",
       {{"enabled", true}, {"reason", "order test"}},
       "{}"},
      {"POST",
       "/api/v1/events/{id}/adjudication-claims",
       "event",
       "ann",
       {{"game_id", game}, {"claim", "win"}, {"analysis", "1. e4 wins"}},
       "{}"},
      {"POST", "/api/v1/admin/series/{id}/entries/" + ids.at("entry") + "/remove", "series", "td",
       reason, "{}"},
      {"POST", "/api/v1/admin/series/{id}/pause", "series", "td", reason, "[]"},
      {"POST", "/api/v1/teams/{id}/members", "team", "td", {{"username", "dan"}}, "{}"},
      {"POST", "/api/v1/teams/{id}/captains", "team", "td", {{"username", "cid"}}, "{}"},
      {"POST",
       "/api/v1/team-matches/{id}/nominations",
       "team match",
       "ann",
       {{"team_id", ids.at("team")}, {"board", 1}, {"username", "cid"}},
       "{}"},
      {"POST",
       "/api/v1/admin/games/{id}/result",
       "game",
       "td",
       {{"result", "1-0"}, {"termination", "adjudication"}, {"reason", "order test"}},
       "{}"},
      {"POST", "/api/v1/admin/games/{id}/annul", "game", "td", reason, "{}"},
      {"POST",
       "/api/v1/admin/games/{id}/clock",
       "game",
       "td",
       {{"side", "white"}, {"adjust_seconds", 3600}, {"reason", "order test"}},
       "{}"},
      {"POST", "/api/v1/admin/games/{id}/suspend", "game", "td", reason, "{}"},
      {"POST", "/api/v1/admin/games/{id}/resume", "game", "td", reason, "{}"},
      {"POST", "/api/v1/games/{id}/moves", "game", "ann", {{"move", "e4"}}, "{}"},
      {"POST", "/api/v1/games/{id}/resign", "game", "ann", json::object(), "[]"},
      {"PUT", "/api/v1/games/{id}/note", "game", "ann", {{"text", "a note"}}, "{}"},
      {"POST", "/api/v1/challenges/{id}/decline", "challenge", "bob", json::object(), "[]"},
      {"POST", "/api/v1/admin/leave/{id}/reject", "leave period", "td", reason, R"({"reason": 5})"},
  };
}

// An unknown id answers the handler's 404 whether the body is good or refused; a known id
// with the refused body answers 400, a malformed one 404 naming it.
TEST_F(RequestOrder, AnUnknownIdAnswersNotFoundBeforeTheBody) {
  for (const auto& r : order_routes(ids_)) {
    SCOPED_TRACE(std::string(r.method) + " " + r.path);
    const auto unknown = with_id(r.path, kUnknownId);
    const std::string not_found = std::string("no ") + r.kind + " " + kUnknownId;
    expect_problem(send(r.method, unknown, r.who, r.good.dump()), 404, "not_found", not_found);
    expect_problem(send(r.method, unknown, r.who, r.bad), 404, "not_found", not_found);
    expect_problem(send(r.method, unknown, r.who, "{\"unclosed"), 404, "not_found", not_found);
    expect_problem(send(r.method, with_id(r.path, ids_.at(r.kind)), r.who, r.bad), 400,
                   "validation_error");
    expect_problem(send(r.method, with_id(r.path, "abc"), r.who, r.bad), 404, "not_found",
                   std::string("no ") + r.kind + " abc");
  }
}

// The sign-in and the role still come first: no token answers 401 and a player on a director
// route 403, whatever the id and the body.
TEST_F(RequestOrder, SignInAndRoleComeBeforeTheId) {
  for (const char* path :
       {"/api/v1/admin/events/999/withdraw", "/api/v1/admin/games/999/result",
        "/api/v1/admin/series/999/entries/1/remove", "/api/v1/teams/999/captains"}) {
    SCOPED_TRACE(path);
    expect_problem(send("POST", path, "", "{}"), 401, "unauthorized");
    expect_problem(send("POST", path, "ann", "{}"), 403, "forbidden");
    expect_problem(send("POST", path, "ann", "not json"), 403, "forbidden");
  }
  expect_problem(send("POST", "/api/v1/games/999/moves", "", "{}"), 401, "unauthorized");
  expect_problem(send("POST", "/api/v1/teams/999/members", "", "{}"), 401, "unauthorized");
}

// Ids that belong to someone: a challenge between two others is no challenge to a third
// player (the handler's 404), with any body; one's own answers the body's 400.
TEST_F(RequestOrder, AnotherUsersChallengeIsUnknownAndOnesOwnIsChecked) {
  const auto path = "/api/v1/challenges/" + ids_["challenge"] + "/decline";
  const auto hidden = "no challenge " + ids_["challenge"];
  expect_problem(send("POST", path, "cid", "{}"), 404, "not_found", hidden);
  expect_problem(send("POST", path, "cid", "[]"), 404, "not_found", hidden);
  expect_problem(send("POST", path, "bob", "[]"), 400, "validation_error");
  expect_problem(send("POST", path, "td", "[]"), 400, "validation_error");  // directors see all
}

// The entry of /admin/series/{id}/entries/{entry}/remove is checked as the series is: a
// malformed or unknown entry answers 404 before a refused body, a known one the body's 400.
TEST_F(RequestOrder, ASeriesEntryIsCheckedBeforeTheBody) {
  const auto& series = ids_["series"];
  const auto& entry = ids_["entry"];
  const auto remove = [&](const std::string& e) {
    return "/api/v1/admin/series/" + series + "/entries/" + e + "/remove";
  };
  const auto unknown = "no entry 999 in series " + series;
  expect_problem(send("POST", remove("999"), "td", R"({"reason": "x"})"), 404, "not_found",
                 unknown);
  expect_problem(send("POST", remove("999"), "td", "{}"), 404, "not_found", unknown);
  expect_problem(send("POST", remove("abc"), "td", R"({"reason": "x"})"), 404, "not_found",
                 "no entry abc");
  expect_problem(send("POST", remove("abc"), "td", "{}"), 404, "not_found", "no entry abc");
  expect_problem(send("POST", "/api/v1/admin/series/999/entries/" + entry + "/remove", "td", "{}"),
                 404, "not_found", "no series 999");
  expect_problem(send("POST", remove(entry), "td", "{}"), 400, "validation_error");
  expect_problem(send("POST", remove(entry), "td", R"({"reason": " "})"), 400, "validation_error");
  EXPECT_EQ(ok("GET", "/api/v1/series/" + series, "td")["waiting_count"], 1);
}

// What the use case refuses of a body that decodes, a query parameter and a body that is not
// JSON at all come after the id too: an unknown id answers 404, a known one the refusal.
TEST_F(RequestOrder, RefusalsOfTheUseCaseAndOfQueriesComeAfterTheId) {
  const auto& game = ids_["game"];
  const json maybe = {{"game_id", game}, {"claim", "maybe"}};
  expect_problem(send("POST", "/api/v1/events/999/adjudication-claims", "ann", maybe.dump()), 404,
                 "not_found", "no event 999");
  expect_problem(
      send("POST", "/api/v1/events/" + ids_["event"] + "/adjudication-claims", "ann", maybe.dump()),
      400, "validation_error", "claim must be win or draw");
  const json other = {{"game_id", game}, {"claim", "draw"}};  // a game of no event
  expect_problem(send("POST", "/api/v1/events/999/adjudication-claims", "ann", other.dump()), 404,
                 "not_found", "no event 999");

  const std::string webhook =
      ok("POST", "/api/v1/me/webhooks", "ann", {{"url", "http://127.0.0.1:9/hook"}}, 201)["id"];
  const auto deliveries = [](const std::string& id) {
    return "/api/v1/me/webhooks/" + id + "/deliveries?limit=0";
  };
  expect_problem(send("GET", deliveries("999"), "ann", ""), 404, "not_found", "no webhook 999");
  expect_problem(send("GET", deliveries(webhook), "ann", ""), 400, "validation_error");
  // Another user's webhook is no webhook to them, a director included.
  for (const char* who : {"bob", "td"}) {
    expect_problem(send("GET", deliveries(webhook), who, ""), 404, "not_found",
                   "no webhook " + webhook);
  }

  const auto plain = [&](const std::string& id) {
    return testing::http_request(
        server_.port(), "POST", "/api/v1/games/" + id + "/moves", R"({"move": "e4"})",
        {{"Authorization", "Bearer " + token("ann")}, {"Content-Type", "text/plain"}});
  };
  expect_problem(plain("999"), 404, "not_found", "no game 999");
  expect_problem(plain(game), 415, "unsupported_media_type");
}

}  // namespace
}  // namespace corrchess
