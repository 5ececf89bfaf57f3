// Verdicts that do not depend on when the flag-fall sweep ran: between a deadline and the
// sweep that stores its flag fall, every read that counts outcomes (game lists and counts,
// public records, the entry bar of open events, crosstables, the event list's status,
// rematches, post-game messages, the finished-games minimum of seeks) already shows the loss
// that GET /games/{id} shows, and changes that re-derive games (replacing a player, leave)
// neither hand such a loss to someone else nor cache it without its flag-fall fact. The
// server here runs no sweep at all (CORRCHESS_SCHEDULER=off), so each read must store the
// decision itself, once. (Rating periods: ratings_test.cpp, RatingsDueDecisions.)
#include <gtest/gtest.h>

#include <pqxx/pqxx>

#include "tests/support/event_fixture.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;

class DueDecisions : public testing::EventServer {
 protected:
  DueDecisions() : EventServer({{"CORRCHESS_SCHEDULER", "off"}}) {}

  // A single game, `white` to move first, three days per move: White's flag falls on
  // 2030-01-04T00:00Z.
  std::string single(const std::string& white, const std::string& black) {
    return ok("POST", "/api/v1/admin/games", "td",
              {{"white", white},
               {"black", black},
               {"time_control", {{"type", "per_move"}, {"days", 3}}}},
              201)["id"]
        .get<std::string>();
  }

  // The game as replayed now shows White's loss on time, and nothing stored it yet.
  void expect_shown_but_not_stored(const std::string& id) {
    const auto g = game(id, "td");
    EXPECT_EQ(g["status"], "finished") << g.dump();
    EXPECT_EQ(g["result"], "0-1");
    EXPECT_EQ(g["termination"], "time_forfeit");
    EXPECT_EQ(g["version"], 0) << "something stored the flag fall before the read under test";
  }
  // The flag fall was stored exactly once, as its fact.
  void expect_stored_once(const std::string& id) {
    const auto g = game(id, "td");
    EXPECT_EQ(g["status"], "finished");
    EXPECT_EQ(g["version"], 1) << g.dump();
    EXPECT_EQ(flag_fall_facts(id), 1) << "game " << id;
  }

  // The flag-fall facts stored for a game, straight from the database: a cached "finished"
  // without one would never be swept, told or rated.
  int flag_fall_facts(const std::string& id) {
    pqxx::connection conn(db_.url());
    pqxx::read_transaction tx(conn);
    return tx
        .exec_params1(
            "SELECT count(*)::int FROM game_events WHERE game_id = $1 AND kind = "
            "'flag_fall'",
            std::stoll(id))[0]
        .as<int>();
  }

  // Starts a section of `players` (three days per move, starting now) and returns its games.
  json start_section(const std::string& name, const std::vector<std::string>& players) {
    auto section = ok("POST", "/api/v1/admin/events", "td",
                      {{"name", name},
                       {"time_control", {{"type", "per_move"}, {"days", 3}}},
                       {"players", players},
                       {"start_at", kStart}},
                      201);
    section_id_ = section["id"].get<std::string>();
    return ok("POST", "/api/v1/admin/events/" + section_id_ + "/start", "td")["games"];
  }

  // A live connection of `who`, past its greeting (it asked for no earlier messages).
  std::unique_ptr<testing::WsClient> socket(const std::string& who) {
    return testing::greeted_socket(server_.port(), tokens_.at(who));
  }

  // The opponent is told the game is over (the live message the sweep would have sent).
  static void expect_told_game_over(testing::WsClient& ws, const std::string& id) {
    const auto over = ws.read_type("game_over");
    ASSERT_TRUE(over.has_value()) << "no game_over message for game " << id;
    EXPECT_EQ((*over)["game_id"], id) << over->dump();
  }

  std::string section_id_;
};

TEST_F(DueDecisions, ReadsThatCountOutcomesSeeTheLossBeforeAnySweep) {
  add_users({"a1", "a2", "b1", "b2", "c1", "c2", "e1", "e2", "open1"});
  const auto listed = single("a1", "a2");
  const auto recorded = single("b1", "b2");
  const auto barring = single("c1", "c2");
  auto section = ok("POST", "/api/v1/admin/events", "td",
                    {{"name", "Section"},
                     {"time_control", {{"type", "per_move"}, {"days", 3}}},
                     {"players", {"e1", "e2"}},
                     {"start_at", kStart}},
                    201);
  const std::string section_id = section["id"];
  const auto started = ok("POST", "/api/v1/admin/events/" + section_id + "/start", "td");
  ASSERT_EQ(started["games"].size(), 1u);
  const std::string event_game = started["games"][0]["id"];
  const std::string event_loser = started["games"][0]["white"];
  auto open = ok("POST", "/api/v1/admin/events", "td",
                 {{"name", "Open"},
                  {"time_control", {{"type", "iccf"}}},
                  {"open_for_entry", true},
                  {"start_at", "2030-06-01T00:00:00Z"}},
                 201);
  const std::string open_id = open["id"];

  advance(3 * 86400 + 3600);  // 2030-01-04T01:00Z: every White above has lost on time
  for (const auto& id : {listed, recorded, barring, event_game}) expect_shown_but_not_stored(id);

  // Game lists and counts.
  const auto list = ok("GET", "/api/v1/games", "a1");
  EXPECT_EQ(list["counts"]["finished"], 1) << list.dump();
  EXPECT_EQ(list["counts"]["ongoing"], 0);
  EXPECT_EQ(list["counts"]["to_move"], 0);
  ASSERT_EQ(list["games"].size(), 1u);
  EXPECT_EQ(list["games"][0]["status"], "finished");
  EXPECT_EQ(list["games"][0]["result"], "0-1");
  EXPECT_EQ(ok("GET", "/api/v1/games?to_move=me", "a1")["games"].size(), 0u);
  expect_stored_once(listed);

  // The public record.
  const auto profile = ok("GET", "/api/v1/users/b1", "a2");
  EXPECT_EQ(profile["games"]["losses"], 1) << profile.dump();
  EXPECT_EQ(profile["games"]["current"], 0);
  expect_stored_once(recorded);

  // The entry bar: a time loss bars for 30 days from the loss.
  auto barred = call("POST", "/api/v1/events/" + open_id + "/join", "c1");
  ASSERT_EQ(barred.status, 409) << barred.body;
  EXPECT_EQ(json::parse(barred.body)["barred_until"], "2030-02-03T00:00:00Z");
  expect_stored_once(barring);
  EXPECT_EQ(call("POST", "/api/v1/events/" + open_id + "/join", "open1").status, 201);

  // The crosstable.
  const auto table = ok("GET", "/api/v1/events/" + section_id + "/crosstable", "e1");
  bool found = false;
  for (const auto& row : table["rows"]) {
    if (row["player"] != event_loser) continue;
    found = true;
    EXPECT_EQ(row["score"], 0) << row.dump();
  }
  EXPECT_TRUE(found) << table.dump();
  for (const auto& row : table["rows"]) {
    if (row["player"] != event_loser) {
      EXPECT_EQ(row["score"], 1) << row.dump();
    }
  }
  expect_stored_once(event_game);

  // Reading again changes nothing more.
  ok("GET", "/api/v1/games", "a1");
  ok("GET", "/api/v1/events/" + section_id + "/crosstable", "e1");
  expect_stored_once(listed);
  expect_stored_once(event_game);
}

// A director replaces a player one of whose games was already lost on time (not stored
// yet): that game stays the player's loss; only the live game goes to the replacement.
TEST_F(DueDecisions, AReplacementDoesNotInheritAGameAlreadyLostOnTime) {
  add_users({"r1", "r2", "r3", "sub"});
  const auto games = start_section("Replace", {"r1", "r2", "r3"});
  ASSERT_EQ(games.size(), 3u);
  // The player who is White in one game (lost on time: never moves) and Black in another
  // (the opponent moves in time, so it is live when the player is replaced).
  std::string player, lost, live;
  for (const std::string name : {"r1", "r2", "r3"}) {
    std::string as_white, as_black;
    int whites = 0;
    for (const auto& g : games) {
      if (g["white"] == name) {
        ++whites;
        as_white = g["id"].get<std::string>();
      }
      if (g["black"] == name) as_black = g["id"].get<std::string>();
    }
    if (whites == 1 && !as_black.empty()) {
      player = name;
      lost = as_white;
      live = as_black;
      break;
    }
  }
  ASSERT_FALSE(player.empty()) << games.dump();
  advance(86400);
  play(live, game(live, "td")["white"]["username"], "e4");
  advance(2 * 86400 + 3600);  // 2030-01-04T01:00Z: the player's White flag fell at 00:00
  expect_shown_but_not_stored(lost);

  ok("POST", "/api/v1/admin/events/" + section_id_ + "/replace", "td",
     {{"username", player}, {"replacement", "sub"}, {"reason", "illness"}});
  expect_stored_once(lost);
  const auto kept = game(lost, "td");
  EXPECT_EQ(kept["white"]["username"], player) << kept.dump();
  EXPECT_EQ(kept["result"], "0-1");
  EXPECT_EQ(kept["termination"], "time_forfeit");
  const auto handed = game(live, "td");
  EXPECT_EQ(handed["black"]["username"], "sub") << handed.dump();
  EXPECT_EQ(handed["status"], "ongoing");
  EXPECT_EQ(flag_fall_facts(live), 0);
  // The replacement holds one live game and no loss.
  const auto mine = ok("GET", "/api/v1/games", "sub");
  EXPECT_EQ(mine["counts"]["finished"], 0) << mine.dump();
  EXPECT_EQ(mine["counts"]["ongoing"], 1);
}

// Leave entered, or special leave approved, by a player whose flag has already fallen:
// the loss is stored as its fact (and told) before the player's games are re-derived, not
// cached as "finished" without a fact the sweep would never store.
TEST_F(DueDecisions, LeaveChangesStoreALossAlreadyDueBeforeReDerivingTheGames) {
  add_users({"l1", "l2", "s1", "s2"});
  const auto entered = single("l1", "l2");
  const auto approved = single("s1", "s2");
  const auto request =
      ok("POST", "/api/v1/me/leave/special", "s1",
         {{"start_date", "2030-01-20"}, {"end_date", "2030-01-22"}, {"reason", "hospital"}}, 201);
  EXPECT_EQ(request["status"], "pending");
  auto l2_socket = socket("l2");
  auto s2_socket = socket("s2");

  advance(3 * 86400 + 3600);  // 2030-01-04T01:00Z: l1 and s1 have lost on time
  expect_shown_but_not_stored(entered);
  expect_shown_but_not_stored(approved);

  ok("POST", "/api/v1/me/leave", "l1", {{"start_date", "2030-01-10"}, {"end_date", "2030-01-12"}},
     201);
  expect_stored_once(entered);
  EXPECT_EQ(game(entered, "td")["termination"], "time_forfeit");
  expect_told_game_over(*l2_socket, entered);

  ok("POST", "/api/v1/admin/leave/" + request["id"].get<std::string>() + "/approve", "td",
     {{"reason", "certificate seen"}});
  expect_stored_once(approved);
  EXPECT_EQ(game(approved, "td")["termination"], "time_forfeit");
  expect_told_game_over(*s2_socket, approved);
}

// The smaller reads of an outcome, in the same window: an event's status in the event list,
// a rematch, a message after the game, and the finished-games minimum of open seeks.
TEST_F(DueDecisions, EventListRematchMessagesAndSeeksSeeTheLossBeforeAnySweep) {
  add_users({"m1", "m2", "t1", "t2", "k1", "k2", "seeker", "e1", "e2"});
  const auto rematched = single("m1", "m2");
  const auto talked = single("t1", "t2");
  const auto counted = single("k1", "k2");
  const auto games = start_section("Listed", {"e1", "e2"});
  ASSERT_EQ(games.size(), 1u);
  const std::string event_game = games[0]["id"];
  const std::string seek =
      ok("POST", "/api/v1/challenges", "seeker",
         {{"time_control", testing::iccf_control()}, {"min_finished_games", 1}}, 201)["id"];
  const auto sees_seek = [&](const std::string& who) {
    const auto lists = ok("GET", "/api/v1/challenges", who);
    for (const auto& c : lists["open"]) {
      if (c["id"] == seek) return true;
    }
    return false;
  };
  EXPECT_FALSE(sees_seek("k1"));  // no finished game yet

  advance(3 * 86400 + 3600);  // 2030-01-04T01:00Z: every White above has lost on time
  for (const auto& id : {rematched, talked, counted, event_game}) {
    expect_shown_but_not_stored(id);
  }

  // The event list: the section's only game is decided, so the section is finished.
  bool listed = false;
  const auto finished = ok("GET", "/api/v1/events?status=finished", "e1");
  for (const auto& e : finished["events"]) {
    if (e["id"] == section_id_) listed = true;
  }
  EXPECT_TRUE(listed) << finished.dump();
  expect_stored_once(event_game);

  // A rematch of a game that is over on time.
  ok("POST", "/api/v1/games/" + rematched + "/rematch", "m2", nullptr, 201);
  expect_stored_once(rematched);

  // A message once the game is over.
  ok("POST", "/api/v1/games/" + talked + "/messages", "t1", {{"text", "well played"}}, 201);
  expect_stored_once(talked);

  // The seek's finished-games minimum counts the loss.
  EXPECT_TRUE(sees_seek("k1"));
  expect_stored_once(counted);
}

// At a standard event's end date play stops (rules.md §5.4): before any sweep stored it, the
// game shows it awaits adjudication and a player's move is refused, and neither stores it;
// a claim filed then stores it, once.
TEST_F(DueDecisions, AnEventsEndDateStopsPlayBeforeAnySweep) {
  add_users({"f1", "f2"});
  const auto event = ok("POST", "/api/v1/admin/events", "td",
                        {{"name", "Ends"},
                         {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                         {"players", {"f1", "f2"}},
                         {"start_at", kStart},
                         {"end_at", "2030-01-11T00:00:00Z"}},
                        201);
  const std::string event_id = event["id"];
  const auto started = ok("POST", "/api/v1/admin/events/" + event_id + "/start", "td");
  ASSERT_EQ(started["games"].size(), 1u);
  const std::string id = started["games"][0]["id"];
  const std::string white = started["games"][0]["white"];
  play(id, white, "e4");
  const auto before = game(id, white);
  EXPECT_EQ(before["status"], "ongoing");
  const int version = before["version"];

  advance(10 * 86400 + 60);  // a minute past the end date
  const auto shown = game(id, white);
  EXPECT_EQ(shown["status"], "adjudication_pending") << shown.dump();
  EXPECT_EQ(shown["version"], version) << "the read stored the end of play";
  for (const auto* side : {"white", "black"}) {
    EXPECT_EQ(shown["clocks"][side]["running"], false) << shown.dump();
  }
  const std::string black = started["games"][0]["black"];
  const auto refused = call("POST", "/api/v1/games/" + id + "/moves", black, {{"move", "e5"}});
  EXPECT_EQ(refused.status, 409) << refused.body;
  EXPECT_EQ(json::parse(refused.body)["code"], "game_over");
  EXPECT_EQ(call("POST", "/api/v1/games/" + id + "/claims", black, {{"type", "threefold"}}).status,
            409);
  EXPECT_EQ(game(id, "td")["version"], version) << "a refused command stored something";

  // A claim filed now finds the game awaiting adjudication: filing it stores the end of play
  // first, once; the event's page then stores nothing more.
  const auto claim = ok("POST", "/api/v1/events/" + event_id + "/adjudication-claims", white,
                        {{"game_id", id}, {"claim", "draw"}}, 201);
  EXPECT_EQ(claim["claims_due"], "2030-01-25T00:00:00Z") << claim.dump();
  ok("GET", "/api/v1/events/" + event_id, "td");
  const auto stored = game(id, "td");
  EXPECT_EQ(stored["status"], "adjudication_pending");
  EXPECT_EQ(stored["version"], version + 1) << stored.dump();
}

// After the end date a player may still resign and accept or decline a standing draw offer
// (rules.md 6.5), before any sweep as after it: the command stores the end of play first,
// then decides. Moves stay refused and change nothing.
TEST_F(DueDecisions, AfterTheEndDateResigningAndAnsweringADrawOfferWorkBeforeAnySweep) {
  add_users({"h1", "h2", "h3", "h4"});
  const auto event = ok("POST", "/api/v1/admin/events", "td",
                        {{"name", "Ends with offers"},
                         {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                         {"players", {"h1", "h2", "h3"}},
                         {"ten_moves_rule", false},
                         {"start_at", kStart},
                         {"end_at", "2030-01-11T00:00:00Z"}},
                        201);
  const std::string event_id = event["id"];
  const auto games = ok("POST", "/api/v1/admin/events/" + event_id + "/start", "td")["games"];
  ASSERT_EQ(games.size(), 3u);
  // Games 0 and 1: a move each, then White moves again offering a draw. Game 2: unplayed.
  for (int i = 0; i < 2; ++i) {
    const std::string id = games[i]["id"], white = games[i]["white"], black = games[i]["black"];
    play(id, white, "e4");
    play(id, black, "e5");
    play(id, white, "Nf3", true);
    ASSERT_TRUE(game(id, black).contains("draw_offer")) << game(id, black).dump();
  }
  const int version = game(games[1]["id"], "td")["version"];
  advance(10 * 86400 + 60);  // a minute past the end date; no sweep runs

  const std::string accepted = games[0]["id"], declined = games[1]["id"], resigned = games[2]["id"];
  const auto refused =
      call("POST", "/api/v1/games/" + declined + "/moves", games[1]["black"], {{"move", "Nc6"}});
  EXPECT_EQ(refused.status, 409) << refused.body;
  EXPECT_EQ(json::parse(refused.body)["code"], "game_over");
  EXPECT_EQ(game(declined, "td")["version"], version) << "a refused command stored something";

  const auto drawn = ok("POST", "/api/v1/games/" + accepted + "/draw/accept", games[0]["black"]);
  EXPECT_EQ(drawn["status"], "finished") << drawn.dump();
  EXPECT_EQ(drawn["result"], "1/2-1/2");
  EXPECT_EQ(drawn["termination"], "agreement");

  const auto answered =
      ok("POST", "/api/v1/games/" + declined + "/draw/decline", games[1]["black"]);
  EXPECT_EQ(answered["status"], "adjudication_pending") << answered.dump();
  EXPECT_FALSE(answered.contains("draw_offer")) << answered.dump();

  const std::string resigner = games[2]["white"];
  const auto over = ok("POST", "/api/v1/games/" + resigned + "/resign", resigner);
  EXPECT_EQ(over["status"], "finished") << over.dump();
  EXPECT_EQ(over["result"], "0-1");
  EXPECT_EQ(over["termination"], "resignation");

  // The section: one draw, one resignation, one game awaiting adjudication.
  std::map<std::string, std::string> status;
  const json section = ok("GET", "/api/v1/events/" + event_id, "td");
  for (const auto& g : section["games"]) {
    status[g["id"]] = g["status"];
  }
  EXPECT_EQ(status[accepted], "finished");
  EXPECT_EQ(status[declined], "adjudication_pending");
  EXPECT_EQ(status[resigned], "finished");
}

}  // namespace
}  // namespace corrchess
