// A director changes an event after creating it, or cancels it before the start (docs/api.md
// "Events": PATCH /admin/events/{id}, POST /admin/events/{id}/cancel), end to end: what the
// event shows, what the audit log records, what refuses, what the players are told (live
// message, mail), and that a moved end date is the one play stops at.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/event_fixture.h"
#include "tests/support/mail_test.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;

class EventChanges : public testing::EventServer {
 protected:
  std::string create(const json& extra = json::object()) {
    json body = {{"name", "Autumn 2030"},
                 {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                 {"players", {"ann", "ben", "cat"}},
                 {"start_at", "2030-02-01T00:00:00Z"},
                 {"end_at", "2031-02-01T00:00:00Z"}};
    body.update(extra);
    return ok("POST", "/api/v1/admin/events", "td", body, 201)["id"];
  }
  json event(const std::string& id) { return ok("GET", "/api/v1/events/" + id, "td"); }
  json change(const std::string& id, const json& body) {
    return ok("PATCH", "/api/v1/admin/events/" + id, "td", body);
  }
  // The event as stored: its page without what moves with the clock.
  json stored(const std::string& id) {
    json e = event(id);
    e.erase("now");
    return e;
  }
};

// Before the start every setting the route names changes, each as the event then shows it;
// the audit log has what changed, before and after, with the reason; the start then starts
// the games at the new start_at.
TEST_F(EventChanges, BeforeTheStartEveryNamedSettingChanges) {
  add_users({"ann", "ben", "cat"});
  const auto id = create({{"open_for_entry", false}, {"max_players", 5}});
  const auto changed = change(id, {{"name", "Autumn 2030, group A"},
                                   {"start_at", "2030-01-15T00:00:00Z"},
                                   {"end_at", "2031-06-01T00:00:00Z"},
                                   {"open_for_entry", true},
                                   {"max_players", 4},
                                   {"rated", false},
                                   {"min_rating", 1500},
                                   {"max_rating", 2200},
                                   {"reason", "one group, and earlier"}});
  EXPECT_EQ(changed["name"], "Autumn 2030, group A");
  EXPECT_EQ(changed["status"], "registration");
  EXPECT_EQ(changed["start_at"], "2030-01-15T00:00:00Z");
  EXPECT_EQ(changed["end_at"], "2031-06-01T00:00:00Z");
  const auto& s = changed["settings"];
  EXPECT_EQ(s["start_at"], "2030-01-15T00:00:00Z") << s;
  EXPECT_EQ(s["end_at"], "2031-06-01T00:00:00Z") << s;
  EXPECT_EQ(s["adjudication_at"], "2031-06-01T00:00:00Z") << s;
  EXPECT_EQ(s["open_for_entry"], true) << s;
  EXPECT_EQ(s["max_players"], 4) << s;
  EXPECT_EQ(s["rated"], false) << s;
  EXPECT_EQ(s["min_rating"], 1500) << s;
  EXPECT_EQ(s["max_rating"], 2200) << s;
  EXPECT_EQ(stored(id), [&] {
    json c = changed;
    c.erase("now");
    return c;
  }());

  const auto records = audit_records(id, "event_changed");
  ASSERT_EQ(records.size(), 1u) << records;
  EXPECT_EQ(records[0]["actor"], "td");
  EXPECT_EQ(records[0]["reason"], "one group, and earlier");
  EXPECT_EQ(records[0]["detail"]["before"], json({{"name", "Autumn 2030"},
                                                  {"start_at", "2030-02-01T00:00:00Z"},
                                                  {"end_at", "2031-02-01T00:00:00Z"},
                                                  {"open_for_entry", false},
                                                  {"max_players", 5},
                                                  {"rated", true},
                                                  {"min_rating", nullptr},
                                                  {"max_rating", nullptr}}))
      << records[0];
  EXPECT_EQ(records[0]["detail"]["after"], json({{"name", "Autumn 2030, group A"},
                                                 {"start_at", "2030-01-15T00:00:00Z"},
                                                 {"end_at", "2031-06-01T00:00:00Z"},
                                                 {"open_for_entry", true},
                                                 {"max_players", 4},
                                                 {"rated", false},
                                                 {"min_rating", 1500},
                                                 {"max_rating", 2200}}))
      << records[0];

  // null removes the end date, the cap and the rating range; a change to what is already
  // set records nothing.
  const auto cleared = change(id, {{"end_at", nullptr},
                                   {"max_players", nullptr},
                                   {"min_rating", nullptr},
                                   {"max_rating", nullptr}});
  EXPECT_TRUE(cleared["end_at"].is_null()) << cleared;
  EXPECT_TRUE(cleared["settings"]["max_players"].is_null()) << cleared["settings"];
  EXPECT_TRUE(cleared["settings"]["min_rating"].is_null()) << cleared["settings"];
  EXPECT_TRUE(cleared["settings"]["adjudication_at"].is_null()) << cleared["settings"];
  change(id, {{"name", "Autumn 2030, group A"}});
  EXPECT_EQ(audit_records(id, "event_changed").size(), 2u);

  // The games start at the new start_at.
  const auto started = ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
  ASSERT_EQ(started["games"].size(), 3u) << started;
  const auto g = game(started["games"][0]["id"], "td");
  EXPECT_EQ(g["status"], "not_started") << g;
  advance(14 * 86400);
  EXPECT_EQ(game(started["games"][0]["id"], "td")["status"], "ongoing");
}

// After the start the name and the end date still change, nothing else; play stops at the
// end date as moved (not at the one set when the event was created), and once it has passed
// it stays.
TEST_F(EventChanges, AfterTheStartPlayStopsAtTheMovedEndDate) {
  add_users({"ann", "ben", "cat"});
  const auto id =
      create({{"start_at", kStart}, {"end_at", "2030-01-21T00:00:00Z"}, {"silence_rule", false}});
  const auto started = ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
  ASSERT_EQ(started["games"].size(), 3u) << started;
  const std::string game_id = started["games"][0]["id"];
  const auto before = stored(id);
  for (const auto& [field, value] :
       std::vector<std::pair<std::string, json>>{{"start_at", "2030-01-05T00:00:00Z"},
                                                 {"open_for_entry", true},
                                                 {"max_players", 10},
                                                 {"rated", false},
                                                 {"min_rating", 1000},
                                                 {"max_rating", nullptr}}) {
    const auto r =
        call("PATCH", "/api/v1/admin/events/" + id, "td", {{"name", "Renamed"}, {field, value}});
    expect_problem(r, 409, "conflict",
                   "the event has started: " + field + " can only be changed before the start");
  }
  EXPECT_EQ(stored(id), before);
  EXPECT_TRUE(audit_records(id, "event_changed").empty());

  change(id, {{"name", "Winter 2030"}, {"end_at", "2030-02-10T00:00:00Z"}, {"reason", "strike"}});
  EXPECT_EQ(event(id)["name"], "Winter 2030");
  // Past the end date the event was created with: the game is still in play (its first
  // move is due within 50 days; no silence rule).
  advance(25 * 86400);  // 26 January
  EXPECT_EQ(game(game_id, "td")["status"], "ongoing");
  // Past the moved one: it awaits adjudication.
  advance(15 * 86400);  // 10 February
  EXPECT_EQ(game(game_id, "td")["status"], "adjudication_pending");
  expect_problem(
      call("PATCH", "/api/v1/admin/events/" + id, "td", {{"end_at", "2030-09-01T00:00:00Z"}}), 409,
      "conflict", "the end date has passed and its games await adjudication: it cannot be moved");
  EXPECT_EQ(event(id)["end_at"], "2030-02-10T00:00:00Z");
  // Its name still changes.
  change(id, {{"name", "Winter 2030 (final)"}});
  EXPECT_EQ(event(id)["name"], "Winter 2030 (final)");
}

// An end date moved earlier stops play then.
TEST_F(EventChanges, AnEndDateMovedEarlierStopsPlayThen) {
  add_users({"ann", "ben", "cat"});
  const auto id = create({{"start_at", kStart}});
  const auto started = ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
  const std::string game_id = started["games"][0]["id"];
  change(id, {{"end_at", "2030-01-11T00:00:00Z"}});
  advance(10 * 86400 - 1);
  EXPECT_EQ(game(game_id, "td")["status"], "ongoing");
  advance(1);
  EXPECT_EQ(game(game_id, "td")["status"], "adjudication_pending");
}

// Under Triple Block the end date decides nothing: the game goes on past it, and the date
// still moves (or goes) after it passed. A change without a reason is audited with `reason`
// null, as every audit record without one.
TEST_F(EventChanges, ATripleBlockEndDateMovesEvenAfterItPassed) {
  add_users({"ann", "ben"});
  const auto id = create({{"players", {"ann", "ben"}},
                          {"time_control",
                           {{"type", "triple_block"},
                            {"increment_days", 5},
                            {"bank_days", 50},
                            {"sudden_death_protection", false}}},
                          {"start_at", kStart},
                          {"end_at", "2030-01-11T00:00:00Z"}});
  const auto started = ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
  const std::string game_id = started["games"][0]["id"];
  EXPECT_TRUE(started["settings"]["adjudication_at"].is_null()) << started["settings"];
  advance(20 * 86400);  // 21 January
  EXPECT_EQ(game(game_id, "td")["status"], "ongoing");
  EXPECT_EQ(change(id, {{"end_at", "2030-06-01T00:00:00Z"}})["end_at"], "2030-06-01T00:00:00Z");
  advance(150 * 86400);  // 20 June
  EXPECT_TRUE(change(id, {{"end_at", nullptr}})["end_at"].is_null());
  expect_problem(
      call("PATCH", "/api/v1/admin/events/" + id, "td", {{"end_at", "2030-06-02T00:00:00Z"}}), 400,
      "validation_error", "end_at must be in the future");
  const auto records = audit_records(id, "event_changed");
  ASSERT_EQ(records.size(), 2u) << records;
  EXPECT_TRUE(records[0]["reason"].is_null()) << records[0];
}

// Bad changes are refused with a clear reason and change nothing.
TEST_F(EventChanges, BadChangesAreRefusedAndChangeNothing) {
  add_users({"ann", "ben", "cat"});
  const auto id = create();
  const auto before = stored(id);
  const std::string path = "/api/v1/admin/events/" + id;
  const std::vector<std::pair<json, std::string>> cases{
      {json::object(),
       "nothing to change: give name, start_at, end_at, open_for_entry, max_players, rated, "
       "min_rating or max_rating"},
      {{{"reason", "only a reason"}},
       "nothing to change: give name, start_at, end_at, open_for_entry, max_players, rated, "
       "min_rating or max_rating"},
      {{{"end_date", "2031-03-01T00:00:00Z"}},
       "field 'end_date' cannot be changed (name, start_at, end_at, open_for_entry, max_players, "
       "rated, min_rating, max_rating; reason)"},
      {{{"name", "x"}, {"variant", "chess960"}},
       "field 'variant' cannot be changed (name, start_at, end_at, open_for_entry, max_players, "
       "rated, min_rating, max_rating; reason)"},
      {{{"name", "  "}}, ""},
      // null removes only what may be absent; a null that would be ignored is refused too
      // (the name beside it does not change).
      {{{"name", nullptr}},
       "field 'name' cannot be null: only end_at, max_players, min_rating and max_rating can "
       "be removed"},
      {{{"start_at", nullptr}},
       "field 'start_at' cannot be null: only end_at, max_players, min_rating and max_rating "
       "can be removed"},
      {{{"name", "x"}, {"open_for_entry", nullptr}},
       "field 'open_for_entry' cannot be null: only end_at, max_players, min_rating and "
       "max_rating can be removed"},
      {{{"name", "x"}, {"rated", nullptr}},
       "field 'rated' cannot be null: only end_at, max_players, min_rating and max_rating can "
       "be removed"},
      {{{"name", std::string(201, 'n')}}, "field 'name' is too long"},
      {{{"end_at", "next spring"}}, "field 'end_at' must be an RFC 3339 date-time"},
      {{{"end_at", "2029-12-31T00:00:00Z"}}, "end_at must be in the future"},
      {{{"end_at", "2030-01-20T00:00:00Z"}}, "end_at must be after start_at"},
      {{{"start_at", "2031-03-01T00:00:00Z"}}, "end_at must be after start_at"},
      {{{"max_players", 2}}, "max_players is below the 3 players entered"},
      {{{"max_players", 101}}, ""},
      {{{"min_rating", 2000}, {"max_rating", 1000}}, "min_rating must not exceed max_rating"},
      {{{"min_rating", -1}}, ""},
      {{{"rated", "yes"}}, ""},
      {json::array({1}), ""},
  };
  for (const auto& [body, detail] : cases) {
    expect_problem(call("PATCH", path, "td", body), 400, "validation_error", detail);
  }
  expect_problem(call("PATCH", path, "ann", {{"name", "Mine"}}), 403, "forbidden");
  expect_problem(call("PATCH", "/api/v1/admin/events/999999", "td", {{"name", "None"}}), 404,
                 "not_found");
  EXPECT_EQ(stored(id), before);
  EXPECT_TRUE(audit_records(id, "event_changed").empty());
}

// A cancelled event never starts and takes nothing more; its entries stay listed, it is
// listed as cancelled, and the audit log says who cancelled it and why.
TEST_F(EventChanges, ACancelledEventNeverStartsAndTakesNothingMore) {
  add_users({"ann", "ben", "cat", "dan"});
  const auto id = create({{"open_for_entry", true}});
  const std::string path = "/api/v1/admin/events/" + id;
  expect_problem(call("POST", path + "/cancel", "td", json::object()), 400, "validation_error");
  expect_problem(call("POST", path + "/cancel", "td", {{"reason", " "}}), 400, "validation_error");
  expect_problem(call("POST", path + "/cancel", "ann", {{"reason", "mine"}}), 403, "forbidden");
  EXPECT_EQ(event(id)["status"], "registration");

  const auto cancelled = ok("POST", path + "/cancel", "td", {{"reason", "too few entries"}});
  EXPECT_EQ(cancelled["status"], "cancelled");
  EXPECT_EQ(cancelled["cancelled_at"], kStart);
  EXPECT_EQ(cancelled["cancel_reason"], "too few entries");
  EXPECT_EQ(cancelled["players"].size(), 3u);
  EXPECT_TRUE(cancelled["started_at"].is_null());
  const auto records = audit_records(id, "event_cancelled");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0]["reason"], "too few entries");
  EXPECT_EQ(records[0]["detail"]["players"], json({"ann", "ben", "cat"}));

  const std::string refused = "the event was cancelled: too few entries";
  expect_problem(call("POST", path + "/start", "td"), 409, "conflict", refused);
  expect_problem(call("POST", path + "/players", "td", {{"username", "dan"}}), 409, "conflict",
                 refused);
  expect_problem(call("POST", "/api/v1/events/" + id + "/join", "dan"), 409, "conflict", refused);
  expect_problem(call("DELETE", "/api/v1/events/" + id + "/join", "ann"), 409, "conflict", refused);
  expect_problem(call("POST", path + "/withdraw", "td", {{"username", "ann"}, {"reason", "r"}}),
                 409, "conflict", refused);
  expect_problem(call("POST", path + "/replace", "td",
                      {{"username", "ann"}, {"replacement", "dan"}, {"reason", "r"}}),
                 409, "conflict", refused);
  expect_problem(call("PATCH", path, "td", {{"name", "Back"}}), 409, "conflict", refused);
  expect_problem(call("POST", path + "/cancel", "td", {{"reason", "again"}}), 409, "conflict",
                 refused);
  EXPECT_EQ(event(id)["players"].size(), 3u);
  EXPECT_EQ(event(id)["games"].size(), 0u);

  auto listed = [&](const std::string& status) {
    std::vector<std::string> out;
    const json page = ok("GET", "/api/v1/events?status=" + status, "ann");  // kept: looped over
    for (const auto& e : page["events"]) {
      out.push_back(e["id"].get<std::string>() + ":" + e["status"].get<std::string>());
    }
    return out;
  };
  EXPECT_EQ(listed("cancelled"), std::vector<std::string>{id + ":cancelled"});
  EXPECT_TRUE(listed("registration").empty());
  EXPECT_EQ(listed("all"), std::vector<std::string>{id + ":cancelled"});
  EXPECT_EQ(ok("GET", "/api/v1/events?status=cancelled", "ann")["total"], 1);

  // A started event cannot be cancelled.
  const auto running = create({{"name", "Running"}, {"start_at", kStart}});
  ok("POST", "/api/v1/admin/events/" + running + "/start", "td");
  expect_problem(
      call("POST", "/api/v1/admin/events/" + running + "/cancel", "td", {{"reason", "late"}}), 409,
      "conflict", "the event has started: withdraw its players or decide its games instead");
  EXPECT_EQ(event(running)["status"], "running");
}

// The players entered are told of moved dates and of a cancellation: a live message to each
// (with the fields api.md names) and a mail to those who want `competition` mails, with the
// dates in the reader's time zone. A renaming alone tells nobody.
class EventChangeMail : public testing::MailTest {};

TEST_F(EventChangeMail, PlayersAreToldOfMovedDatesAndOfACancellation) {
  api_.expect("PUT", "/api/v1/me/notifications", black_,
              {{"channels", {{"email", {{"competition", false}}}}}});
  auto create = [&](const std::string& name) {
    return api_
        .expect("POST", "/api/v1/admin/events", td_,
                {{"name", name},
                 {"time_control", testing::iccf_control()},
                 {"players", {testing::kWhite, testing::kBlack}},
                 {"start_at", "2030-03-01T00:00:00Z"}},
                201)["id"]
        .get<std::string>();
  };
  const auto id = create("Spring 2030");
  auto white_socket = testing::greeted_socket(server_.port(), white_);
  auto black_socket = testing::greeted_socket(server_.port(), black_);

  api_.expect("PATCH", "/api/v1/admin/events/" + id, td_, {{"name", "Spring 2030 A"}});
  api_.expect("PATCH", "/api/v1/admin/events/" + id, td_,
              {{"start_at", "2030-03-15T09:00:00Z"},
               {"end_at", "2031-03-15T09:00:00Z"},
               {"reason", "the venue moved"}});
  for (auto* socket : {white_socket.get(), black_socket.get()}) {
    auto m = socket->read_type("event_dates_changed");
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["event_id"], id) << *m;
    EXPECT_EQ((*m)["event_name"], "Spring 2030 A") << *m;
    EXPECT_EQ((*m)["start_at"], "2030-03-15T09:00:00Z") << *m;
    EXPECT_EQ((*m)["end_at"], "2031-03-15T09:00:00Z") << *m;
    EXPECT_EQ((*m)["reason"], "the venue moved") << *m;
    EXPECT_EQ((*m)["at"], "2030-01-07T09:00:00Z") << *m;
    EXPECT_TRUE((*m).contains("seq")) << *m;
  }
  // Wilma (Europe/Berlin) gets one mail, with the dates in her zone; Björn switched
  // competition mails off; the renaming mailed nobody.
  auto mails = exactly(1);
  ASSERT_EQ(mails.size(), 1u) << mails.dump(1);
  EXPECT_EQ(mails[0]["rcpt"], "wilma@example.org") << mails[0];
  EXPECT_EQ(mails[0]["subject"], "New dates for Spring 2030 A");
  const std::string text = mails[0]["text"];
  EXPECT_TRUE(testing::contains(text, "Start: ")) << text;
  EXPECT_TRUE(testing::contains(text, "10:00")) << text;  // 09:00 UTC is 10:00 in Berlin
  EXPECT_TRUE(testing::contains(text, "Reason: the venue moved")) << text;
  EXPECT_TRUE(testing::contains(text, std::string(testing::kPublicUrl) + "/events/" + id)) << text;

  api_.expect("POST", "/api/v1/admin/events/" + id + "/cancel", td_,
              {{"reason", "the venue closed"}});
  for (auto* socket : {white_socket.get(), black_socket.get()}) {
    auto m = socket->read_type("event_cancelled");
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["event_id"], id) << *m;
    EXPECT_EQ((*m)["event_name"], "Spring 2030 A") << *m;
    EXPECT_EQ((*m)["reason"], "the venue closed") << *m;
    EXPECT_FALSE((*m).contains("start_at")) << *m;
  }
  mails = exactly(2);
  ASSERT_EQ(mails.size(), 2u) << mails.dump(1);
  int cancelled_mails = 0;
  for (const auto& m : mails) {
    if (m["subject"] != "Spring 2030 A was cancelled") continue;
    ++cancelled_mails;
    EXPECT_EQ(m["rcpt"], "wilma@example.org") << m;
    EXPECT_TRUE(testing::contains(m["text"], "The reason given: the venue closed")) << m["text"];
  }
  EXPECT_EQ(cancelled_mails, 1) << mails.dump(1);
}

// Leave taken in an event that is then cancelled goes with it: the periods and the pending
// requests are cancelled (no leave days in the players' calendars, nothing left for a
// director to decide), the event has no balance in GET /api/v1/me/leave any more, and new
// leave in it is refused as everything else is.
TEST_F(EventChanges, LeaveInACancelledEventGoesWithIt) {
  add_users({"ann", "ben", "cat"});
  const auto id = create();
  const auto taken =
      ok("POST", "/api/v1/me/leave", "ann",
         {{"event_id", id}, {"start_date", "2030-03-01"}, {"end_date", "2030-03-05"}}, 201);
  const auto asked = ok("POST", "/api/v1/me/leave/special", "ben",
                        {{"event_id", id},
                         {"start_date", "2030-04-01"},
                         {"end_date", "2030-06-30"},
                         {"reason", "hospital"}},
                        201);
  ASSERT_EQ(ok("GET", "/api/v1/admin/leave", "td")["requests"].size(), 1u);
  auto has_balance = [&](const std::string& who) {
    const json leave = ok("GET", "/api/v1/me/leave", who);
    for (const auto& b : leave["balances"]) {
      if (b["event_id"] == id) return true;
    }
    return false;
  };
  EXPECT_TRUE(has_balance("ann"));
  EXPECT_TRUE(has_balance("cat"));

  ok("POST", "/api/v1/admin/events/" + id + "/cancel", "td", {{"reason", "too few entries"}});
  const auto periods = [&](const std::string& who) {
    return ok("GET", "/api/v1/me/leave", who)["periods"];
  };
  ASSERT_EQ(periods("ann").size(), 1u);
  EXPECT_EQ(periods("ann")[0]["id"], taken["id"]);
  EXPECT_EQ(periods("ann")[0]["status"], "cancelled");
  ASSERT_EQ(periods("ben").size(), 1u);
  EXPECT_EQ(periods("ben")[0]["id"], asked["id"]);
  EXPECT_EQ(periods("ben")[0]["status"], "cancelled");
  EXPECT_TRUE(ok("GET", "/api/v1/admin/leave", "td")["requests"].empty());
  EXPECT_FALSE(has_balance("ann"));
  EXPECT_FALSE(has_balance("cat"));
  const std::string refused = "the event was cancelled: too few entries";
  expect_problem(call("POST", "/api/v1/me/leave", "cat",
                      {{"event_id", id}, {"start_date", "2030-03-01"}, {"end_date", "2030-03-05"}}),
                 409, "conflict", refused);
  expect_problem(call("POST", "/api/v1/me/leave/special", "cat",
                      {{"event_id", id},
                       {"start_date", "2030-03-01"},
                       {"end_date", "2030-03-05"},
                       {"reason", "moving house"}}),
                 409, "conflict", refused);
  EXPECT_EQ(periods("cat").size(), 0u);
}

}  // namespace
}  // namespace corrchess
