// Game lists for a player with hundreds of games: "your move" pages in deadline order with
// a cursor, while moves land concurrently (every game that stays in the list is seen
// exactly once, in order); filters; counts; and what each entry carries.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

class GameLists : public testing::TwoPlayerTest {};

TEST_F(GameLists, ThreeHundredGamesPageInDeadlineOrderWhileMovesLand) {
  const auto carol = api_.sign_up("carol");
  constexpr int kGames = 300;
  std::vector<std::string> ids;
  std::map<std::string, std::string> opponent_of;
  for (int i = 0; i < kGames; ++i) {
    const std::string opponent = i % 3 == 0 ? "carol" : kBlack;
    // Days per move from 1 to 30: many games share a deadline, so ties are broken by id.
    const auto id = api_.create_game(
        td_, kWhite, opponent, {{"time_control", {{"type", "per_move"}, {"days", 1 + i % 30}}}});
    ASSERT_FALSE(id.empty());
    ids.push_back(id);
    opponent_of[id] = opponent;
  }
  auto first = api_.expect("GET", "/api/v1/games?to_move=me&limit=1", white_);
  EXPECT_EQ(first["counts"], (json{{"to_move", kGames}, {"ongoing", kGames}, {"finished", 0}}));

  // While White pages through "your move", White plays 1.e4 in the first 40 games (they
  // leave the list) from another connection.
  std::set<std::string> moved;
  std::atomic<bool> done{false};
  std::thread mover([&] {
    for (int i = 0; i < 40; ++i) {
      if (api_.try_play(ids[static_cast<std::size_t>(i)], white_, "e4").status == 200) {
        moved.insert(ids[static_cast<std::size_t>(i)]);
      }
    }
    done = true;
  });
  std::vector<std::tuple<std::string, std::string>> seen;  // (my_deadline, id)
  std::string cursor;
  int pages = 0;
  do {
    auto page = api_.expect(
        "GET", "/api/v1/games?to_move=me&limit=23" + (cursor.empty() ? "" : "&cursor=" + cursor),
        white_);
    ASSERT_LE(page["games"].size(), 23u);
    for (const auto& g : page["games"]) {
      EXPECT_TRUE(g["my_turn"].get<bool>());
      EXPECT_EQ(g["my_color"], "white");
      ASSERT_TRUE(g["my_deadline"].is_string()) << g.dump();
      seen.emplace_back(g["my_deadline"], g["id"]);
    }
    cursor = page["next_cursor"].is_null() ? "" : page["next_cursor"].get<std::string>();
    ++pages;
  } while (!cursor.empty() && pages < 100);
  mover.join();
  ASSERT_TRUE(done);
  EXPECT_EQ(moved.size(), 40u);
  EXPECT_GE(pages, kGames / 23 - 2);

  std::set<std::string> unique;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    EXPECT_TRUE(unique.insert(std::get<1>(seen[i])).second)
        << "listed twice: " << std::get<1>(seen[i]);
    if (i > 0) {
      const auto& [d0, id0] = seen[i - 1];
      const auto& [d1, id1] = seen[i];
      EXPECT_TRUE(d0 < d1 || (d0 == d1 && std::stoll(id0) < std::stoll(id1)))
          << "order broken at " << i << ": " << d0 << " " << id0 << " then " << d1 << " " << id1;
    }
  }
  // Every game White did not move in was listed, exactly once.
  for (const auto& id : ids) {
    if (!moved.count(id)) {
      EXPECT_TRUE(unique.count(id)) << "missing " << id;
    }
  }
  const auto after = api_.expect("GET", "/api/v1/games?to_move=me&limit=1", white_)["counts"];
  EXPECT_EQ(after["to_move"], kGames - 40);
  EXPECT_EQ(after["ongoing"], kGames);

  // Filters: the opponent, the status, the variant.
  std::set<std::string> carols;
  cursor.clear();
  do {
    auto page = api_.expect(
        "GET",
        "/api/v1/games?opponent=carol&limit=200" + (cursor.empty() ? "" : "&cursor=" + cursor),
        white_);
    for (const auto& g : page["games"]) {
      EXPECT_EQ(g["opponent"]["username"], "carol");
      carols.insert(g["id"]);
    }
    cursor = page["next_cursor"].is_null() ? "" : page["next_cursor"].get<std::string>();
  } while (!cursor.empty());
  EXPECT_EQ(carols.size(), static_cast<std::size_t>(kGames / 3));
  EXPECT_TRUE(api_.expect("GET", "/api/v1/games?status=finished", white_)["games"].empty());
  EXPECT_TRUE(api_.expect("GET", "/api/v1/games?variant=chess960", white_)["games"].empty());
  // Carol sees her own 100 games, newest first.
  auto hers = api_.expect("GET", "/api/v1/games?limit=200", carol);
  ASSERT_EQ(hers["games"].size(), 100u);
  EXPECT_GT(std::stoll(hers["games"][0]["id"].get<std::string>()),
            std::stoll(hers["games"][99]["id"].get<std::string>()));
  int carol_to_move = 0;  // games against carol in which White played 1.e4
  for (const auto& id : moved) carol_to_move += opponent_of[id] == "carol" ? 1 : 0;
  EXPECT_EQ(hers["counts"], (json{{"to_move", carol_to_move}, {"ongoing", 100}, {"finished", 0}}));
  EXPECT_EQ(api_.expect("GET", "/api/v1/games?to_move=me&limit=200", carol)["games"].size(),
            static_cast<std::size_t>(carol_to_move));
}

TEST_F(GameLists, EachEntryCarriesWhatAListShows) {
  const auto id = create_game();
  api_.play(id, white_, "e4");
  api_.play(id, black_, "e5", {{"offer_draw", true}});
  ASSERT_EQ(api_.call("POST", "/api/v1/games/" + id + "/moves", white_, {{"move", "Nf3"}}).status,
            200);
  auto mine = api_.expect("GET", "/api/v1/games", white_)["games"];
  ASSERT_EQ(mine.size(), 1u);
  const auto& g = mine[0];
  EXPECT_EQ(g["id"], id);
  EXPECT_EQ(g["opponent"]["username"], kBlack);
  EXPECT_EQ(g["my_color"], "white");
  EXPECT_EQ(g["my_turn"], true);
  EXPECT_EQ(g["ply"], 2);
  EXPECT_EQ(g["last_move"]["san"], "e5");
  EXPECT_EQ(g["last_move"]["at"], api_.game(id, white_)["moves"][1]["at"]);
  EXPECT_EQ(g["my_deadline"], api_.game(id, white_)["clocks"]["white"]["deadline"]);
  EXPECT_EQ(g["draw_offer_by"], "black");
  EXPECT_EQ(g["draw_offered_to_me"], true);
  EXPECT_EQ(g["my_pending_move"], true);
  EXPECT_TRUE(g["event"].is_null());
  EXPECT_EQ(g["variant"], "standard");
  auto theirs = api_.expect("GET", "/api/v1/games", black_)["games"][0];
  EXPECT_EQ(theirs["my_pending_move"], false) << "White's pending move is White's alone";
  EXPECT_EQ(theirs["draw_offered_to_me"], false);
  EXPECT_EQ(theirs["my_turn"], false);
  EXPECT_TRUE(theirs["my_deadline"].is_null());

  // Accepting Nf3 declines the offer: the cached offer goes with it.
  ASSERT_EQ(
      api_.call("POST", "/api/v1/games/" + id + "/moves/accept", white_, {{"move", "Nf3"}}).status,
      200);
  auto now = api_.expect("GET", "/api/v1/games", white_)["games"][0];
  EXPECT_TRUE(now["draw_offer_by"].is_null());
  EXPECT_EQ(now["last_move"]["san"], "Nf3");
  EXPECT_EQ(now["my_pending_move"], false);

  // A game inside an event carries the event's id and name; two finished games, one of them
  // Chess960, for the status and variant filters.
  const auto event_id = api_.create_event(td_, "Spring Cup", {kWhite, kBlack});
  const std::string in_event = api_.start_event(td_, event_id)["id"];
  const auto resigned = create_game();
  api_.play(resigned, white_, "d4");
  api_.expect("POST", "/api/v1/games/" + resigned + "/resign", white_);
  const auto chess960 = create_game({{"variant", "chess960"}});
  api_.play(chess960, white_, api_.game(chess960, white_)["legal_moves"][0].get<std::string>());
  api_.expect("POST", "/api/v1/games/" + chess960 + "/resign", black_);

  const auto listed = [&](const std::string& query) {
    std::map<std::string, json> out;
    const auto page = api_.expect("GET", "/api/v1/games" + query, white_);
    for (const auto& g : page["games"]) out[g["id"].get<std::string>()] = g;
    return out;
  };
  const auto keys = [](const std::map<std::string, json>& m) {
    std::set<std::string> out;
    for (const auto& [k, v] : m) out.insert(k);
    return out;
  };
  auto all = listed("");
  ASSERT_EQ(keys(all), (std::set<std::string>{id, in_event, resigned, chess960}));
  EXPECT_EQ(all[in_event]["event"], (json{{"id", event_id}, {"name", "Spring Cup"}}));
  EXPECT_EQ(all[in_event]["status"], "ongoing");
  for (const auto& other : {id, resigned, chess960}) EXPECT_TRUE(all[other]["event"].is_null());

  auto in_cup = listed("?event=" + event_id);
  ASSERT_EQ(keys(in_cup), (std::set<std::string>{in_event}));
  EXPECT_EQ(in_cup[in_event]["event"]["name"], "Spring Cup");

  auto finished = listed("?status=finished");
  ASSERT_EQ(keys(finished), (std::set<std::string>{resigned, chess960}));
  EXPECT_EQ(finished[resigned]["status"], "finished");
  EXPECT_EQ(finished[resigned]["result"], "0-1");
  EXPECT_EQ(finished[resigned]["termination"], "resignation");
  EXPECT_EQ(finished[chess960]["result"], "1-0");
  EXPECT_EQ(keys(listed("?status=active")), (std::set<std::string>{id, in_event}));

  auto fischer = listed("?variant=chess960");
  ASSERT_EQ(keys(fischer), (std::set<std::string>{chess960}));
  EXPECT_EQ(fischer[chess960]["variant"], "chess960");
  auto standard = listed("?variant=standard");
  EXPECT_EQ(keys(standard), (std::set<std::string>{id, in_event, resigned}));
  for (const auto& [gid, g] : standard) EXPECT_EQ(g["variant"], "standard") << gid;
  EXPECT_EQ(keys(listed("?status=finished&variant=standard")), (std::set<std::string>{resigned}));
  EXPECT_TRUE(listed("?event=" + event_id + "&status=finished").empty());
  // Black's view of the event game names the same event.
  auto black_cup = api_.expect("GET", "/api/v1/games?event=" + event_id, black_)["games"];
  ASSERT_EQ(black_cup.size(), 1u);
  EXPECT_EQ(black_cup[0]["event"], (json{{"id", event_id}, {"name", "Spring Cup"}}));
  EXPECT_EQ(
      api_.expect("GET", "/api/v1/games", white_)["counts"],
      (json{{"to_move", api_.expect("GET", "/api/v1/games?to_move=me", white_)["games"].size()},
            {"ongoing", 2},
            {"finished", 2}}));
}

TEST_F(GameLists, BadQueriesAreValidationErrors) {
  for (const char* query :
       {"status=open", "to_move=you", "limit=0", "limit=201", "limit=ten", "cursor=abc",
        "cursor=1.", "cursor=.5", "variant=shogi", "opponent=nobody_here", "event=x"}) {
    EXPECT_EQ(api_.problem("GET", std::string("/api/v1/games?") + query, white_, nullptr, 400),
              "validation_error")
        << query;
  }
}

}  // namespace
}  // namespace corrchess

namespace corrchess {
namespace {

class PlayerGameLists : public testing::TwoPlayerTest {};

// A director picks a game of a player (the result and clock forms): GET
// /admin/users/{username}/games lists that player's games as that player sees them.
TEST_F(PlayerGameLists, ADirectorListsAPlayersGamesFromThePlayersSide) {
  const auto first = create_game();
  const auto second = create_game();
  ASSERT_NO_FATAL_FAILURE(api_.play(second, white_, "e4"));
  const auto listed = api_.expect("GET", "/api/v1/admin/users/black_player/games", td_);
  ASSERT_EQ(listed["games"].size(), 2u);
  EXPECT_EQ(listed["games"][0]["id"], second) << "newest first";
  EXPECT_EQ(listed["games"][0]["my_color"], "black");
  EXPECT_EQ(listed["games"][0]["my_turn"], true);
  EXPECT_EQ(listed["games"][1]["id"], first);
  EXPECT_EQ(listed["games"][1]["my_turn"], false);
  EXPECT_EQ(listed["counts"]["to_move"], 1);
  const auto to_move = api_.expect("GET", "/api/v1/admin/users/black_player/games?to_move=me", td_);
  ASSERT_EQ(to_move["games"].size(), 1u);
  EXPECT_EQ(to_move["games"][0]["id"], second);
  // Players may not look at others' lists; an unknown player is 404; a bad query 400.
  EXPECT_EQ(api_.problem("GET", "/api/v1/admin/users/black_player/games", white_, nullptr, 403),
            "forbidden");
  EXPECT_EQ(api_.problem("GET", "/api/v1/admin/users/nobody_here/games", td_, nullptr, 404),
            "not_found");
  EXPECT_EQ(
      api_.problem("GET", "/api/v1/admin/users/black_player/games?limit=0", td_, nullptr, 400),
      "validation_error");
}

}  // namespace
}  // namespace corrchess
