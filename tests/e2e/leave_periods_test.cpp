// Leave end to end (rules.md §4.5): a real server process with the manual test clock (server
// zone UTC), over HTTP and WebSocket.
#include <gtest/gtest.h>

#include <memory>

#include "tests/support/event_fixture.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;

constexpr long kDay = 86400;

class Leave : public testing::EventServer {
 protected:
  json my_leave(const std::string& who) { return ok("GET", "/api/v1/me/leave", who); }

  // The balance entry of an event ("" = outside events) and year.
  static json balance(const json& balances, const std::string& event, int year) {
    for (const auto& b : balances) {
      const std::string id = b["event_id"].is_null() ? "" : b["event_id"].get<std::string>();
      if (id == event && b["year"] == year) return b;
    }
    return json();
  }

  std::string create_game(const std::string& white, const std::string& black) {
    return api_.create_game(token("td"), white, black);
  }

  // The white clock's deadline as Unix seconds.
  static long deadline(const json& g) {
    return static_cast<long>(
        testing::epoch_seconds(g["clocks"]["white"]["deadline"].get<std::string>()));
  }

  // A live connection of `who`, past its greeting.
  std::unique_ptr<testing::WsClient> socket(const std::string& who) {
    return testing::greeted_socket(server_.port(), tokens_.at(who));
  }
};

TEST_F(Leave, OrdinaryLeaveStopsTheTakersClockAndCountsAgainstTheAllowance) {
  add_users({"la", "lb"});
  const auto id = create_game("la", "lb");
  const long before = deadline(game(id, "la"));
  auto watcher = socket("lb");

  // Future whole days only, no overlaps, within 45 days per calendar year.
  EXPECT_EQ(problem("POST", "/api/v1/me/leave", "la",
                    {{"start_date", "2030-01-01"}, {"end_date", "2030-01-03"}}, 400),
            "validation_error");  // today has begun
  EXPECT_EQ(problem("POST", "/api/v1/me/leave", "la",
                    {{"start_date", "2030-01-05"}, {"end_date", "2030-01-03"}}, 400),
            "validation_error");
  EXPECT_EQ(problem("POST", "/api/v1/me/leave", "la",
                    {{"start_date", "tomorrow"}, {"end_date", "x"}}, 400),
            "validation_error");
  auto period =
      ok("POST", "/api/v1/me/leave", "la",
         {{"event_id", nullptr}, {"start_date", "2030-01-10"}, {"end_date", "2030-01-19"}}, 201);
  EXPECT_EQ(period["status"], "approved");
  EXPECT_EQ(period["days"], 10);
  EXPECT_TRUE(period["event_id"].is_null());
  EXPECT_EQ(problem("POST", "/api/v1/me/leave", "la",
                    {{"start_date", "2030-01-19"}, {"end_date", "2030-01-20"}}, 400),
            "validation_error");  // overlaps
  EXPECT_EQ(problem("POST", "/api/v1/me/leave", "la",
                    {{"start_date", "2030-02-01"}, {"end_date", "2030-03-08"}}, 422),
            "leave_exceeds_allowance");  // 35 days left, 35 + 1 asked

  // Both players hear of it; the leave-taker's deadline moves by the ten days.
  auto message = watcher->read_type("leave");
  ASSERT_TRUE(message.has_value());
  EXPECT_EQ((*message)["game_id"], id);
  EXPECT_EQ((*message)["user"], "la");
  EXPECT_EQ((*message)["start_date"], "2030-01-10");
  EXPECT_EQ((*message)["end_date"], "2030-01-19");
  // api.md "Live events": every message about a game has type, game_id, at and version.
  EXPECT_EQ((*message)["version"], game(id, "lb")["version"]) << message->dump();
  EXPECT_TRUE((*message)["at"].is_string());
  EXPECT_EQ(deadline(game(id, "lb")) - before, 10 * kDay);

  // A period across New Year is charged to each year.
  auto new_year = ok("POST", "/api/v1/me/leave", "la",
                     {{"start_date", "2030-12-28"}, {"end_date", "2031-01-04"}}, 201);
  auto mine = my_leave("la");
  EXPECT_EQ(mine["periods"].size(), 2u);
  EXPECT_EQ(balance(mine["balances"], "", 2030)["used_days"], 14);
  EXPECT_EQ(balance(mine["balances"], "", 2030)["remaining_days"], 31);
  EXPECT_EQ(balance(mine["balances"], "", 2031)["used_days"], 4);
  EXPECT_EQ(balance(mine["balances"], "", 2031)["allowance_days"], 45);
  auto me = ok("GET", "/api/v1/me", "la");
  EXPECT_EQ(me["username"], "la");
  EXPECT_EQ(me["leave"], mine["balances"]);

  // Days not yet started can be cancelled: the whole future period...
  EXPECT_EQ(call("DELETE", "/api/v1/me/leave/" + new_year["id"].get<std::string>(), "lb").status,
            404);
  EXPECT_EQ(call("DELETE", "/api/v1/me/leave/" + new_year["id"].get<std::string>(), "la").status,
            204);
  EXPECT_EQ(balance(my_leave("la")["balances"], "", 2031)["used_days"], 0);

  // ... and the rest of a running one: today still counts, the player may move again.
  advance(9 * kDay + 12 * 3600);  // 2030-01-10T12:00, on leave
  auto on_leave = game(id, "la");
  EXPECT_EQ(on_leave["clocks"]["white"]["on_leave"], true);
  auto refused = call("POST", "/api/v1/games/" + id + "/moves", "la", {{"move", "e4"}});
  EXPECT_EQ(refused.status, 409);
  EXPECT_EQ(json::parse(refused.body)["code"], "on_leave");
  EXPECT_EQ(call("DELETE", "/api/v1/me/leave/" + period["id"].get<std::string>(), "la").status,
            204);
  auto ended = my_leave("la");
  EXPECT_EQ(ended["periods"][0]["end_date"], "2030-01-10");
  EXPECT_EQ(ended["periods"][0]["ended_at"], "2030-01-10T12:00:00Z");
  EXPECT_EQ(ended["periods"][0]["days"], 1);
  EXPECT_EQ(balance(ended["balances"], "", 2030)["used_days"], 1);
  EXPECT_EQ(game(id, "la")["clocks"]["white"]["on_leave"], false);
  play(id, "la", "e4");
  for (const char* status : {"approved", "cancelled"}) {  // the New Year period
    auto m = watcher->read_type("leave");
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ((*m)["status"], status);
    EXPECT_EQ((*m)["start_date"], "2030-12-28");
  }
  auto over = watcher->read_type("leave");
  ASSERT_TRUE(over.has_value());
  EXPECT_EQ((*over)["status"], "ended");
  EXPECT_EQ((*over)["end_date"], "2030-01-10");
  // Nothing is left to cancel.
  EXPECT_EQ(
      problem("DELETE", "/api/v1/me/leave/" + period["id"].get<std::string>(), "la", nullptr, 409),
      "conflict");
}

TEST_F(Leave, EventLeaveAllowanceAndSpecialLeaveDecidedByTheDirector) {
  add_users({"ea", "eb", "outsider"});
  auto event = ok("POST", "/api/v1/admin/events", "td",
                  {{"name", "Leave test"},
                   {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                   {"leave_days_per_year", 5},
                   {"players", {"ea", "eb"}}},
                  201);
  const std::string event_id = event["id"];
  EXPECT_EQ(event["settings"]["leave_days_per_year"], 5);
  auto started = ok("POST", "/api/v1/admin/events/" + event_id + "/start", "td");
  std::string game_id = started["games"][0]["id"];
  const std::string white = started["games"][0]["white"];
  const std::string other = white == "ea" ? "eb" : "ea";
  const long before = deadline(game(game_id, "td"));

  EXPECT_EQ(
      problem("POST", "/api/v1/me/leave", "outsider",
              {{"event_id", event_id}, {"start_date", "2030-01-10"}, {"end_date", "2030-01-11"}},
              422),
      "leave_not_allowed");
  EXPECT_EQ(
      problem("POST", "/api/v1/me/leave", white,
              {{"event_id", event_id}, {"start_date", "2030-01-10"}, {"end_date", "2030-01-15"}},
              422),
      "leave_exceeds_allowance");  // 6 > 5
  ok("POST", "/api/v1/me/leave", white,
     {{"event_id", event_id}, {"start_date", "2030-01-10"}, {"end_date", "2030-01-14"}}, 201);
  // Leave in the event does not touch games outside it, and vice versa.
  EXPECT_EQ(balance(my_leave(white)["balances"], "", 2030)["used_days"], 0);
  EXPECT_EQ(balance(my_leave(white)["balances"], event_id, 2030)["remaining_days"], 0);

  // Special leave beyond the allowance: a request with a reason, then the director decides.
  EXPECT_EQ(
      problem("POST", "/api/v1/me/leave/special", white,
              {{"event_id", event_id}, {"start_date", "2030-02-01"}, {"end_date", "2030-02-10"}},
              400),
      "validation_error");  // no reason
  EXPECT_EQ(problem("POST", "/api/v1/me/leave/special", white,
                    {{"event_id", event_id},
                     {"start_date", "2030-02-01"},
                     {"end_date", "2030-02-10"},
                     {"reason", " \n\t "}},
                    400),
            "validation_error");  // a blank reason is none (nothing stored: one request below)
  auto request = ok("POST", "/api/v1/me/leave/special", white,
                    {{"event_id", event_id},
                     {"start_date", "2030-02-01"},
                     {"end_date", "2030-02-10"},
                     {"reason", "hospital"}},
                    201);
  const std::string request_id = request["id"];
  EXPECT_EQ(request["status"], "pending");
  EXPECT_EQ(request["special"], true);
  EXPECT_EQ(deadline(game(game_id, "td")) - before, 5 * kDay);  // pending: no effect yet
  auto pending = ok("GET", "/api/v1/admin/leave", "td");
  ASSERT_EQ(pending["requests"].size(), 1u);
  EXPECT_EQ(pending["requests"][0]["id"], request_id);
  EXPECT_EQ(problem("GET", "/api/v1/admin/leave", white, nullptr, 403), "forbidden");
  EXPECT_EQ(problem("POST", "/api/v1/admin/leave/" + request_id + "/approve", white, nullptr, 403),
            "forbidden");

  auto watcher = socket(other);
  auto approved = ok("POST", "/api/v1/admin/leave/" + request_id + "/approve", "td",
                     {{"reason", "certificate seen"}});
  EXPECT_EQ(approved["status"], "approved");
  EXPECT_EQ(approved["decided_by"], "td");
  EXPECT_EQ(approved["decision_reason"], "certificate seen");
  EXPECT_EQ(deadline(game(game_id, "td")) - before, 15 * kDay);
  auto pushed = watcher->read_type("leave");
  ASSERT_TRUE(pushed.has_value());
  EXPECT_EQ((*pushed)["status"], "approved");
  EXPECT_EQ((*pushed)["special"], true);
  EXPECT_EQ((*pushed)["user"], white);
  auto b = balance(my_leave(white)["balances"], event_id, 2030);
  EXPECT_EQ(b["used_days"], 5);
  EXPECT_EQ(b["special_days"], 10);
  EXPECT_EQ(problem("POST", "/api/v1/admin/leave/" + request_id + "/reject", "td", nullptr, 409),
            "conflict");  // decided already

  // A rejected request changes nothing.
  auto second = ok("POST", "/api/v1/me/leave/special", white,
                   {{"event_id", event_id},
                    {"start_date", "2030-03-01"},
                    {"end_date", "2030-03-02"},
                    {"reason", "holiday"}},
                   201);
  auto rejected = ok("POST", "/api/v1/admin/leave/" + second["id"].get<std::string>() + "/reject",
                     "td", {{"reason", "not a reason for special leave"}});
  EXPECT_EQ(rejected["status"], "rejected");
  EXPECT_EQ(rejected["decision_reason"], "not a reason for special leave");
  EXPECT_EQ(deadline(game(game_id, "td")) - before, 15 * kDay);

  // A request is approved only before its first day begins.
  auto late = ok("POST", "/api/v1/me/leave/special", other,
                 {{"event_id", event_id},
                  {"start_date", "2030-01-03"},
                  {"end_date", "2030-01-04"},
                  {"reason", "moving house"}},
                 201);
  advance(2 * kDay);  // 2030-01-03
  EXPECT_EQ(problem("POST", "/api/v1/admin/leave/" + late["id"].get<std::string>() + "/approve",
                    "td", nullptr, 409),
            "conflict");

  // Every decision is in the audit log with actor, time and reason.
  const auto approvals = audit_records(event_id, "special_leave_approved");
  for (const auto& r : approvals) {
    EXPECT_EQ(r["actor"], "td");
    EXPECT_EQ(r["target"], white);
    EXPECT_EQ(r["reason"], "certificate seen");
  }
  EXPECT_EQ(approvals.size() + audit_records(event_id, "special_leave_rejected").size(), 2u);
}

TEST_F(Leave, NoLeaveUnderTripleBlock) {
  add_users({"ta", "tb"});
  auto event =
      ok("POST", "/api/v1/admin/events", "td",
         {{"name", "TB"},
          {"time_control", {{"type", "triple_block"}, {"increment_days", 5}, {"bank_days", 50}}},
          {"players", {"ta", "tb"}}},
         201);
  EXPECT_EQ(event["settings"]["leave_allowed"], false);
  EXPECT_EQ(
      problem("POST", "/api/v1/me/leave", "ta",
              {{"event_id", event["id"]}, {"start_date", "2030-01-10"}, {"end_date", "2030-01-11"}},
              422),
      "leave_not_allowed");
  EXPECT_EQ(
      problem("POST", "/api/v1/me/leave", "ta",
              {{"event_id", "12345"}, {"start_date", "2030-01-10"}, {"end_date", "2030-01-11"}},
              400),
      "validation_error");
}

}  // namespace
}  // namespace corrchess
