// The long lists a page at a time (issue 40, "a million games"; docs/api.md "Paging"): a
// period's rating list, the events list and the directors' adjudication queue take `limit`
// and `cursor`, answer `total` and `next_cursor`, and their pages are disjoint, in the list's
// order and together the whole list; without `limit` they answer as before (the whole rating
// list, the newest 500 events, the whole queue). A bad page parameter is a 400
// validation_error.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::epoch_seconds;
using testing::kDirector;

class ReadPages : public testing::EventServer {
 protected:
  // Every page of `path` (a query with its limit) from the first on, following next_cursor:
  // the items of `member` in order. Each page must hold at most `limit` items and the same
  // `total`, and only the last one may have no next_cursor.
  json all_pages(const std::string& path, const std::string& member, std::size_t limit,
                 std::int64_t total) {
    json items = json::array();
    std::string cursor;
    for (int page = 0; page < 100; ++page) {
      const auto answer = ok("GET", path + (cursor.empty() ? "" : "&cursor=" + cursor), kDirector);
      EXPECT_EQ(answer["total"], total) << path << " page " << page;
      EXPECT_LE(answer[member].size(), limit) << path << " page " << page;
      for (const auto& item : answer[member]) items.push_back(item);
      if (answer["next_cursor"].is_null()) return items;
      EXPECT_EQ(answer[member].size(), limit) << "a page before the last one is full";
      cursor = answer["next_cursor"];
    }
    ADD_FAILURE() << path << ": more than 100 pages";
    return items;
  }

  // Each bad page parameter of `path` (which has a query) is refused as validation_error.
  void expect_refused(const std::string& path, const std::vector<std::string>& bad) {
    for (const auto& query : bad) {
      EXPECT_EQ(problem("GET", path + "&" + query, kDirector, nullptr, 400), "validation_error")
          << query;
    }
  }

  // An event of two players (started when `start`); its id.
  std::string event(const std::string& name, const std::string& a, const std::string& b,
                    bool start) {
    const auto id = api_.create_event(token(kDirector), name, {a, b});
    if (start) api_.start_event(token(kDirector), id);
    return id;
  }
};

TEST_F(ReadPages, ARatingListComesInDisjointPagesByRank) {
  std::vector<std::string> names;
  json ratings = json::array();
  for (int i = 0; i < 23; ++i) {
    names.push_back("player" + std::to_string(100 + i));
    // Ties: the list breaks them, so each rank is still one entry.
    ratings.push_back({{"username", names.back()}, {"rating", 1500 + (i % 7) * 10}});
  }
  add_users(names);
  const auto list = ok("POST", "/api/v1/admin/ratings/import", kDirector,
                       {{"reason", "the federation's list"}, {"ratings", ratings}}, 201);
  const auto path = "/api/v1/ratings/lists/" + list["period"].get<std::string>();

  // Without limit: the whole list, as before, with its total.
  const auto whole = ok("GET", path, kDirector);
  ASSERT_EQ(whole["entries"].size(), 23u);
  EXPECT_EQ(whole["total"], 23);
  EXPECT_EQ(whole["next_cursor"], nullptr);
  EXPECT_EQ(whole["period"], list["period"]);
  for (std::size_t i = 0; i < whole["entries"].size(); ++i) {
    EXPECT_EQ(whole["entries"][i]["rank"], i + 1);
  }

  for (const std::size_t limit : {1u, 5u, 22u, 23u, 1000u}) {
    SCOPED_TRACE(limit);
    const auto paged = all_pages(path + "?limit=" + std::to_string(limit), "entries", limit, 23);
    EXPECT_EQ(paged, whole["entries"]);
  }
  // The list's other members come with every page; a superseded version pages the same way.
  const auto first = ok("GET", path + "?limit=5&version=1", kDirector);
  EXPECT_EQ(first["version"], 1);
  EXPECT_EQ(first["pool"], "standard");
  ASSERT_EQ(first["next_cursor"], "5");
  // A cursor without limit: every entry after it.
  const auto rest = ok("GET", path + "?cursor=5", kDirector);
  ASSERT_EQ(rest["entries"].size(), 18u);
  EXPECT_EQ(rest["entries"][0], whole["entries"][5]);
  EXPECT_EQ(rest["next_cursor"], nullptr);
  EXPECT_EQ(rest["total"], 23);
  EXPECT_TRUE(ok("GET", path + "?limit=5&cursor=23", kDirector)["entries"].empty());

  expect_refused(
      path + "?pool=standard",
      {"limit=0", "limit=-1", "limit=1001", "limit=abc", "limit=5.5", "limit=", "cursor=abc",
       "cursor=-1", "cursor=1.2", "cursor=", "format=csv&limit=5", "format=csv&cursor=5"});
  // The CSV stays the whole list.
  const auto csv = api_.call("GET", path + "?format=csv", token(kDirector));
  EXPECT_EQ(csv.status, 200);
  EXPECT_EQ(std::ranges::count(csv.body, '\n'), 24);
}

TEST_F(ReadPages, TheEventsListComesInDisjointPagesNewestFirst) {
  add_users({"anna", "boris", "clara", "dmitri", "emil", "fiona"});
  std::vector<std::string> registration;
  for (int i = 0; i < 4; ++i) {
    registration.push_back(event("Open " + std::to_string(i), "anna", "boris", false));
  }
  const auto running = event("Running 1", "anna", "clara", true);
  const auto finished = event("Finished", "clara", "dmitri", true);
  const auto also_running = event("Running 2", "emil", "fiona", true);
  const auto finished_game = ok("GET", "/api/v1/events/" + finished, kDirector)["games"][0];
  finish_game(finished_game["id"].get<std::string>(), finished_game["white"].get<std::string>(),
              finished_game["black"].get<std::string>(), "1-0");

  // Without limit: every event (at most 500), newest first, as before.
  const auto whole = ok("GET", "/api/v1/events", kDirector);
  ASSERT_EQ(whole["events"].size(), 7u);
  EXPECT_EQ(whole["total"], 7);
  EXPECT_EQ(whole["next_cursor"], nullptr);
  for (std::size_t i = 1; i < whole["events"].size(); ++i) {
    EXPECT_GT(std::stoll(whole["events"][i - 1]["id"].get<std::string>()),
              std::stoll(whole["events"][i]["id"].get<std::string>()));
  }
  EXPECT_EQ(ok("GET", "/api/v1/events?status=all", kDirector), whole);

  for (const std::size_t limit : {1u, 3u, 7u, 500u}) {
    SCOPED_TRACE(limit);
    EXPECT_EQ(
        all_pages("/api/v1/events?status=all&limit=" + std::to_string(limit), "events", limit, 7),
        whole["events"]);
  }
  // Each status pages through its own events, with its own total.
  const auto ids = [](const json& events) {
    std::vector<std::string> out;
    for (const auto& e : events) out.push_back(e["id"]);
    return out;
  };
  const auto listed = [&](const std::string& status, std::size_t limit, std::int64_t total) {
    const auto events =
        all_pages("/api/v1/events?status=" + status + "&limit=" + std::to_string(limit), "events",
                  limit, total);
    for (const auto& e : events) EXPECT_EQ(e["status"], status) << e.dump();
    return ids(events);
  };
  EXPECT_EQ(listed("registration", 3, 4),
            std::vector<std::string>(registration.rbegin(), registration.rend()));
  EXPECT_EQ(listed("running", 1, 2), (std::vector<std::string>{also_running, running}));
  EXPECT_EQ(listed("finished", 2, 1), std::vector<std::string>{finished});

  expect_refused("/api/v1/events?status=all",
                 {"limit=0", "limit=-3", "limit=501", "limit=x", "limit=", "cursor=x", "cursor=1.2",
                  "cursor=-4", "cursor="});
  EXPECT_EQ(problem("GET", "/api/v1/events?status=over&limit=3", kDirector, nullptr, 400),
            "validation_error");
}

TEST_F(ReadPages, TheAdjudicationQueueComesInDisjointPagesLongestWaitingFirst) {
  add_users({"anna", "boris", "clara", "dmitri", "emil", "fiona", "greta", "hugo"});
  // Four players ending on the 5th: six games waiting from the same instant (the game id
  // breaks the tie), one of them finished before. One game each waiting from the 3rd and the
  // 7th, one event still running.
  const auto section =
      api_.create_event(token(kDirector), "Section", {"anna", "boris", "clara", "dmitri"},
                        {{"end_at", "2030-01-05T00:00:00Z"}});
  const auto started = ok("POST", "/api/v1/admin/events/" + section + "/start", kDirector);
  ASSERT_EQ(started["games"].size(), 6u);
  const auto& decided = started["games"][2];
  finish_game(decided["id"], decided["white"], decided["black"], "1-0");
  const auto first = api_.create_event(token(kDirector), "First", {"emil", "fiona"},
                                       {{"end_at", "2030-01-03T00:00:00Z"}});
  const auto first_game = api_.start_event(token(kDirector), first)["id"].get<std::string>();
  const auto last = api_.create_event(token(kDirector), "Last", {"greta", "hugo"},
                                      {{"end_at", "2030-01-07T00:00:00Z"}});
  const auto last_game = api_.start_event(token(kDirector), last)["id"].get<std::string>();
  const auto running = api_.create_event(token(kDirector), "Running", {"emil", "hugo"},
                                         {{"end_at", "2030-06-01T00:00:00Z"}});
  const auto running_game = api_.start_event(token(kDirector), running)["id"].get<std::string>();
  advance(9 * 86400);  // 2030-01-10

  // Without limit: the whole queue, as before paging existed.
  const auto whole = ok("GET", "/api/v1/admin/adjudications", kDirector);
  const auto& games = whole["adjudications"];
  ASSERT_EQ(games.size(), 7u) << whole.dump(1);
  EXPECT_EQ(whole["total"], 7);
  EXPECT_EQ(whole["next_cursor"], nullptr);
  EXPECT_EQ(games.front()["game_id"], first_game);
  EXPECT_EQ(games.back()["game_id"], last_game);
  for (std::size_t i = 1; i < games.size(); ++i) {
    const auto& before = games[i - 1];
    const auto& after = games[i];
    // The longest waiting first, ties by game id: a total order.
    const auto place = [](const json& g) {
      return std::pair{epoch_seconds(g["pending_since"].get<std::string>()),
                       std::stoll(g["game_id"].get<std::string>())};
    };
    EXPECT_LT(place(before), place(after)) << before.dump() << "\n" << after.dump();
  }
  for (const auto& g : games) {
    EXPECT_NE(g["game_id"], decided["id"]);
    EXPECT_NE(g["game_id"], running_game);
  }

  for (const std::size_t limit : {1u, 2u, 6u, 7u, 200u}) {
    SCOPED_TRACE(limit);
    EXPECT_EQ(all_pages("/api/v1/admin/adjudications?limit=" + std::to_string(limit),
                        "adjudications", limit, 7),
              games);
  }
  // The cursor is the place of the page's last game; without limit, every game after it.
  const auto page = ok("GET", "/api/v1/admin/adjudications?limit=2", kDirector);
  const auto& second = games[1];
  ASSERT_EQ(page["next_cursor"],
            std::to_string(epoch_seconds(second["pending_since"].get<std::string>())) + "." +
                second["game_id"].get<std::string>());
  const auto rest =
      ok("GET", "/api/v1/admin/adjudications?cursor=" + page["next_cursor"].get<std::string>(),
         kDirector);
  EXPECT_EQ(rest["adjudications"], json(std::vector<json>(games.begin() + 2, games.end())));
  EXPECT_EQ(rest["total"], 7);
  EXPECT_EQ(rest["next_cursor"], nullptr);

  for (const std::string query :
       {"limit=0", "limit=-1", "limit=201", "limit=abc", "limit=2.5", "limit=", "cursor=abc",
        "cursor=12", "cursor=1.2.3", "cursor=-1.2", "cursor=1.-2", "cursor=1.",
        "cursor=", "limit=2&cursor=12"}) {
    EXPECT_EQ(problem("GET", "/api/v1/admin/adjudications?" + query, kDirector, nullptr, 400),
              "validation_error")
        << query;
  }
  // Directors only, a page as the whole queue.
  EXPECT_EQ(problem("GET", "/api/v1/admin/adjudications?limit=2", "anna", nullptr, 403),
            "forbidden");
  EXPECT_EQ(problem("GET", "/api/v1/admin/adjudications?limit=2", "", nullptr, 401),
            "unauthorized");
}

}  // namespace
}  // namespace corrchess
