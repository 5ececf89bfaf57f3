// The deadline calendar end to end (docs/api.md "Calendar"): a player makes a private
// address, and the iCalendar feed behind it, read by a real parser (Debian's
// python3-icalendar, tests/e2e/ical_events.py), holds exactly one event per deadline the API
// reports: the running side's deadline of each ongoing game (after leave; the silence rule's
// when it comes first), the adjudication claim window of a game past its event's end, the
// event's start and end, and the player's leave. A move moves the game's event (same UID,
// higher SEQUENCE); rotating the address retires the old one; revoking it makes it 404.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/event_fixture.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::kDirector;

// A display name that needs TEXT escaping (comma, semicolon) and is not ASCII.
constexpr const char* kAnnaName = "Åsa Öberg, GM; Ünal";

class DeadlineCalendar : public testing::EventServer {
 protected:
  // The path of the feed in the {url} of POST /me/calendar.
  std::string create_feed(const std::string& who) {
    const json made = ok("POST", "/api/v1/me/calendar", who, nullptr, 201);
    const std::string url = made["url"];
    const auto at = url.find("/api/v1/calendar/");
    EXPECT_NE(at, std::string::npos) << url;
    EXPECT_EQ(url.substr(0, 7), "http://") << url;
    EXPECT_EQ(url.substr(url.size() - 4), ".ics") << url;
    return at == std::string::npos ? "" : url.substr(at);
  }

  // The feed at `path` (without any credentials) parsed by python3-icalendar: its events by
  // UID; every raw line checked to be at most 75 octets.
  std::map<std::string, json> feed(const std::string& path) {
    const auto answer = api_.call("GET", path, "");
    EXPECT_EQ(answer.status, 200) << answer.body;
    EXPECT_EQ(answer.headers.at("content-type").rfind("text/calendar", 0), 0u);
    for (std::size_t from = 0; from < answer.body.size();) {
      auto end = answer.body.find("\r\n", from);
      EXPECT_NE(end, std::string::npos) << "every line ends with CRLF";
      if (end == std::string::npos) break;
      EXPECT_LE(end - from, 75u) << answer.body.substr(from, end - from);
      from = end + 2;
    }
    const auto file = std::filesystem::temp_directory_path() /
                      ("corrchess-calendar-" + std::to_string(::getpid()) + ".ics");
    std::ofstream(file, std::ios::binary) << answer.body;
    const auto parsed = testing::run_command(
        "/usr/bin/python3 " +
        testing::shell_quote(testing::source_dir() + "/tests/e2e/ical_events.py") + " " +
        testing::shell_quote(file.string()));
    std::filesystem::remove(file);
    EXPECT_EQ(parsed.exit_code, 0) << parsed.out;
    std::map<std::string, json> events;
    const json list = json::parse(parsed.out, nullptr, false);
    EXPECT_TRUE(list.is_array()) << parsed.out;
    if (!list.is_array()) return events;
    for (const auto& e : list) {
      EXPECT_TRUE(events.emplace(e["uid"].get<std::string>(), e).second) << "twice: " << e;
    }
    return events;
  }

  // The deadline of the running side of game `id` as GET /games/{id} reports it to `who`.
  std::string running_deadline(const std::string& id, const std::string& who) {
    const json g = game(id, who);
    return g["clocks"][g["to_move"].get<std::string>()]["deadline"];
  }
};

TEST_F(DeadlineCalendar, FeedHoldsEveryDeadlineTheApiReportsAndFollowsTheGames) {
  add_users({"anna", "boris"});
  ok("PATCH", "/api/v1/me", "anna", {{"display_name", kAnnaName}});
  const auto path = create_feed("anna");
  EXPECT_EQ(ok("GET", "/api/v1/me/calendar", "anna")["active"], true);
  EXPECT_EQ(ok("GET", "/api/v1/me/calendar", "boris"), json({{"active", false}}));

  // A game outside events (anna White), anna's leave for such games, and an event without
  // the silence rule ending on 1 February, its game started.
  const auto casual = api_.create_game(token(kDirector), "anna", "boris");
  const json leave = ok("POST", "/api/v1/me/leave", "anna",
                        {{"start_date", "2030-01-10"}, {"end_date", "2030-01-12"}}, 201);
  const json made = ok("POST", "/api/v1/admin/events", kDirector,
                       {{"name", "Winter, Open; 2030"},
                        {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                        {"silence_rule", false},
                        {"players", {"anna", "boris"}},
                        {"end_at", "2030-02-01T00:00:00Z"}},
                       201);
  const std::string event = made["id"];
  const json started = ok("POST", "/api/v1/admin/events/" + event + "/start", kDirector);
  const std::string section_game = started["games"][0]["id"];
  const json settings = ok("GET", "/api/v1/events/" + event, "anna")["settings"];

  auto events = feed(path);
  ASSERT_EQ(events.size(), 5u) << json(events).dump(1);
  const auto& casual_deadline = events["game-" + casual + "-deadline@corrchess"];
  EXPECT_EQ(casual_deadline["start"], running_deadline(casual, "anna"));
  // Anna's leave (3 days) pushes the 40 silent days of the silence rule to 13 February.
  EXPECT_EQ(casual_deadline["start"], "2030-02-13T00:00:00Z");
  EXPECT_EQ(casual_deadline["summary"], std::string("Your move in ") + kAnnaName +
                                            "\u2013boris (game " + casual +
                                            "): 40 days without a move (silence rule)");
  EXPECT_EQ(casual_deadline["url"], "http://127.0.0.1/games/" + casual);
  const auto& section_deadline = events["game-" + section_game + "-deadline@corrchess"];
  EXPECT_EQ(section_deadline["start"], running_deadline(section_game, "anna"));
  EXPECT_NE(section_deadline["summary"].get<std::string>().find(": flag falls"), std::string::npos)
      << section_deadline;
  EXPECT_EQ(events["event-" + event + "-start@corrchess"]["start"], settings["start_at"]);
  EXPECT_EQ(events["event-" + event + "-start@corrchess"]["summary"],
            "Event starts: Winter, Open; 2030");
  EXPECT_EQ(events["event-" + event + "-end@corrchess"]["start"], settings["end_at"]);
  const auto& away = events["leave-" + leave["id"].get<std::string>() + "@corrchess"];
  EXPECT_EQ(away["all_day"], true);
  EXPECT_EQ(away["start"], leave["start_date"]);
  EXPECT_EQ(away["end"], "2030-01-13");  // the day after end_date (DTEND is exclusive)
  for (const auto& [uid, e] : events) {
    EXPECT_EQ(e["dtstamp"], "2030-01-01T00:00:00Z") << uid;  // when the feed was made
    EXPECT_FALSE(e["last_modified"].is_null()) << uid;
  }

  // A move: the same event, now at Boris's deadline, with a higher SEQUENCE.
  const int sequence_before = casual_deadline["sequence"];
  advance(3600);
  play(casual, "anna", "e4");
  events = feed(path);
  ASSERT_EQ(events.size(), 5u) << json(events).dump(1);
  const auto& moved = events["game-" + casual + "-deadline@corrchess"];
  EXPECT_EQ(moved["start"], running_deadline(casual, "anna"));
  EXPECT_EQ(moved["start"], "2030-02-10T01:00:00Z");  // 40 days after e4
  EXPECT_GT(moved["sequence"].get<int>(), sequence_before);
  EXPECT_EQ(moved["summary"], std::string("boris to move in ") + kAnnaName + "\u2013boris (game " +
                                  casual + "): 40 days without a move (silence rule)");
  EXPECT_EQ(moved["last_modified"], "2030-01-01T01:00:00Z");

  // Past the event's end: its game awaits adjudication, and the claim window replaces its
  // deadline.
  advance(31 * 86400);
  events = feed(path);
  ASSERT_EQ(events.size(), 5u) << json(events).dump(1);
  EXPECT_FALSE(events.contains("game-" + section_game + "-deadline@corrchess"));
  const json listed = ok("GET", "/api/v1/events/" + event, "anna")["games"][0];
  ASSERT_TRUE(listed.contains("adjudication")) << listed;
  const auto& claims = events["game-" + section_game + "-claims@corrchess"];
  EXPECT_EQ(claims["start"], listed["adjudication"]["claims_due"]);
  EXPECT_EQ(claims["start"], "2030-02-15T00:00:00Z");
  EXPECT_EQ(events["game-" + casual + "-deadline@corrchess"]["start"],
            running_deadline(casual, "anna"));

  // Rotating retires the old address; revoking the new one makes it 404 too.
  const auto rotated = create_feed("anna");
  EXPECT_NE(rotated, path);
  EXPECT_EQ(api_.problem("GET", path, "", nullptr, 404), "not_found");
  EXPECT_EQ(feed(rotated).size(), 5u);
  EXPECT_EQ(api_.call("DELETE", "/api/v1/me/calendar", token("anna")).status, 204);
  EXPECT_EQ(api_.problem("GET", rotated, "", nullptr, 404), "not_found");
  EXPECT_EQ(api_.call("DELETE", "/api/v1/me/calendar", token("anna")).status, 204);  // again
  EXPECT_EQ(ok("GET", "/api/v1/me/calendar", "anna"), json({{"active", false}}));
}

// A change of an item raises its SEQUENCE (api.md "Calendar"), so that a calendar app replaces
// the event it has: leave taken moves the game's deadline (the game's version grows), and
// ending a running leave early moves the leave's DTEND and raises its LAST-MODIFIED too.
TEST_F(DeadlineCalendar, ALeaveEndedEarlyAndLeaveMovingADeadlineRaiseTheSequence) {
  add_users({"anna", "boris"});
  const auto path = create_feed("anna");
  const auto casual = api_.create_game(token(kDirector), "anna", "boris");  // anna to move
  const std::string game_uid = "game-" + casual + "-deadline@corrchess";
  auto events = feed(path);
  const int game_sequence = events[game_uid]["sequence"];
  const std::string game_deadline = events[game_uid]["start"];

  // Leave taken on 2 January: the game's deadline moves by its 6 days.
  advance(86400);
  const json leave = ok("POST", "/api/v1/me/leave", "anna",
                        {{"start_date", "2030-01-05"}, {"end_date", "2030-01-10"}}, 201);
  const std::string leave_uid = "leave-" + leave["id"].get<std::string>() + "@corrchess";
  events = feed(path);
  ASSERT_EQ(events.size(), 2u) << json(events).dump(1);
  EXPECT_NE(events[game_uid]["start"], game_deadline);
  EXPECT_EQ(events[game_uid]["start"], running_deadline(casual, "anna"));
  // The game's SEQUENCE is its version, which leave raises; its LAST-MODIFIED stays the
  // game's last fact (here its start).
  EXPECT_GT(events[game_uid]["sequence"].get<int>(), game_sequence);
  EXPECT_EQ(events[game_uid]["sequence"], game(casual, "anna")["version"]);
  EXPECT_EQ(events[game_uid]["last_modified"], "2030-01-01T00:00:00Z");
  EXPECT_EQ(events[leave_uid]["end"], "2030-01-11");
  const int leave_sequence = events[leave_uid]["sequence"];
  EXPECT_EQ(events[leave_uid]["last_modified"], "2030-01-02T00:00:00Z");

  // Ended early on 6 January at noon: the leave now ends that day (DTEND 7 January).
  advance(4 * 86400 + 12 * 3600);
  EXPECT_EQ(api_.call("DELETE", "/api/v1/me/leave/" + leave["id"].get<std::string>(), token("anna"))
                .status,
            204);
  events = feed(path);
  ASSERT_EQ(events.size(), 2u) << json(events).dump(1);
  EXPECT_EQ(events[leave_uid]["end"], "2030-01-07");
  EXPECT_GT(events[leave_uid]["sequence"].get<int>(), leave_sequence);
  EXPECT_EQ(events[leave_uid]["last_modified"], "2030-01-06T12:00:00Z");
  EXPECT_EQ(events[game_uid]["start"], running_deadline(casual, "anna"));
  EXPECT_EQ(events[game_uid]["sequence"], game(casual, "anna")["version"]);

  // A special leave request awaiting a director: its own summary, its reason described.
  const json special = ok(
      "POST", "/api/v1/me/leave/special", "anna",
      {{"start_date", "2030-03-01"}, {"end_date", "2030-03-02"}, {"reason", "ill; in bed"}}, 201);
  events = feed(path);
  const auto& asked = events["leave-" + special["id"].get<std::string>() + "@corrchess"];
  EXPECT_EQ(asked["summary"], "Leave (special leave, awaiting a director)");
  EXPECT_EQ(asked["description"], "ill; in bed");
  EXPECT_EQ(asked["sequence"], 0);
}

// A director moving an event's dates raises the SEQUENCE of its entries and their
// LAST-MODIFIED; a cancelled event leaves the calendar.
TEST_F(DeadlineCalendar, MovedEventDatesRaiseTheSequenceAndACancelledEventLeaves) {
  add_users({"anna", "boris"});
  const auto path = create_feed("anna");
  const std::string id = ok("POST", "/api/v1/admin/events", kDirector,
                            {{"name", "Moved"},
                             {"time_control", {{"type", "iccf"}}},
                             {"players", {"anna", "boris"}},
                             {"start_at", "2030-02-01T00:00:00Z"},
                             {"end_at", "2031-02-01T00:00:00Z"}},
                            201)["id"];
  const std::string start_uid = "event-" + id + "-start@corrchess";
  const std::string end_uid = "event-" + id + "-end@corrchess";
  auto events = feed(path);
  ASSERT_EQ(events.size(), 2u) << json(events).dump(1);
  EXPECT_EQ(events[start_uid]["sequence"], 0);
  EXPECT_EQ(events[start_uid]["last_modified"], "2030-01-01T00:00:00Z");

  advance(86400);
  ok("PATCH", "/api/v1/admin/events/" + id, kDirector,
     {{"start_at", "2030-02-15T00:00:00Z"}, {"end_at", "2031-03-01T00:00:00Z"}});
  events = feed(path);
  ASSERT_EQ(events.size(), 2u) << json(events).dump(1);
  EXPECT_EQ(events[start_uid]["start"], "2030-02-15T00:00:00Z");
  EXPECT_EQ(events[end_uid]["start"], "2031-03-01T00:00:00Z");
  for (const auto& uid : {start_uid, end_uid}) {
    EXPECT_EQ(events[uid]["sequence"], 1) << events[uid];
    EXPECT_EQ(events[uid]["last_modified"], "2030-01-02T00:00:00Z") << events[uid];
  }
  // A renaming is a change but moves no date: the sequence stays.
  ok("PATCH", "/api/v1/admin/events/" + id, kDirector, {{"name", "Moved again"}});
  EXPECT_EQ(feed(path)[start_uid]["sequence"], 1);

  ok("POST", "/api/v1/admin/events/" + id + "/cancel", kDirector, {{"reason", "no venue"}});
  EXPECT_TRUE(feed(path).empty());
}

TEST_F(DeadlineCalendar, UnknownAddressesAnswer404AndTheRoutesNeedASignIn) {
  add_users({"carl"});
  EXPECT_EQ(api_.problem("GET", "/api/v1/calendar/not-a-token.ics", "", nullptr, 404), "not_found");
  EXPECT_EQ(api_.problem("GET", "/api/v1/calendar/", "", nullptr, 404), "not_found");
  EXPECT_EQ(problem("POST", "/api/v1/me/calendar", "", nullptr, 401), "unauthorized");
  EXPECT_EQ(problem("DELETE", "/api/v1/me/calendar", "", nullptr, 401), "unauthorized");
  // A player without games has a valid, empty calendar.
  const auto path = create_feed("carl");
  EXPECT_TRUE(feed(path).empty());
}

}  // namespace
}  // namespace corrchess
