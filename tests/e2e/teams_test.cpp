// Teams, team matches and Olympiads end to end (rules.md 6.11, docs/api.md "Teams"): a real
// server process with the manual test clock, over HTTP. A team match with nominations, a
// substitution before the start, a substitution refused on a started board, one allowed on a
// board that had not started, a board started by its late nomination and an early decision;
// an Olympiad of 4 teams x 3 boards played to its final table against a hand-computed one;
// the refusals of captains of another team and of non-directors, and of a nomination for a
// team that does not play the match (400 for captains and directors alike).
#include <gtest/gtest.h>

#include <map>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using nlohmann::json;

const json kTimeControl = {{"type", "iccf"}, {"moves", 10}, {"days", 50}};

class Teams : public testing::EventServer {
 protected:
  // Creates a team as the director; its id.
  std::string team(const std::string& name, const std::string& country,
                   const std::vector<std::string>& captains,
                   const std::vector<std::string>& members) {
    const auto t = ok("POST", "/api/v1/teams", "td",
                      {{"kind", "national"},
                       {"name", name},
                       {"country", country},
                       {"captains", captains},
                       {"members", members}},
                      201);
    return t["id"];
  }
  json nominate(const std::string& match, const std::string& who, const std::string& team_id,
                int board, const std::string& username, int status = 200) {
    return api_.expect("POST", "/api/v1/team-matches/" + match + "/nominations", token(who),
                       {{"team_id", team_id}, {"board", board}, {"username", username}}, status);
  }
  json match(const std::string& id) { return ok("GET", "/api/v1/team-matches/" + id, "td"); }
  // Ends game `number` (1-based) of `board` of the match with team A scoring `a_points`.
  void finish_board_game(const std::string& match_id, int board, int number, double a_points) {
    const auto m = match(match_id);
    const auto& g = m["boards"][static_cast<std::size_t>(board - 1)]["games"]
                     [static_cast<std::size_t>(number - 1)];
    const bool a_white = g["a_white"];
    const double white_points = a_white ? a_points : 1 - a_points;
    finish_game(g["game_id"], g["white"], g["black"],
                white_points == 1   ? "1-0"
                : white_points == 0 ? "0-1"
                                    : "1/2-1/2");
  }
};

TEST_F(Teams, TeamMatchWithSubstitutionsLateBoardAndEarlyDecision) {
  add_users(
      {"capa", "capb", "capf", "ana", "anb", "anc", "and", "bea", "beb", "bec", "fia", "outsider"});
  const auto de = team("Germany", "DE", {"capa"}, {"ana", "anb", "anc", "and"});
  const auto nl = team("Netherlands", "NL", {"capb"}, {"bea", "beb", "bec"});
  const auto fr = team("France", "FR", {"capf"}, {"fia"});
  auto t = ok("GET", "/api/v1/teams/" + de, "outsider");
  EXPECT_EQ(t["name"], "Germany");
  EXPECT_EQ(t["country"], "DE");
  EXPECT_EQ(t["kind"], "national");
  ASSERT_EQ(t["captains"].size(), 1u);
  EXPECT_EQ(t["captains"][0]["username"], "capa");
  EXPECT_EQ(t["members"].size(), 4u);

  const json body = {{"name", "Germany - Netherlands"},
                     {"team_a", de},
                     {"team_b", nl},
                     {"boards", 3},
                     {"games_per_board", 2},
                     {"time_control", kTimeControl}};
  EXPECT_EQ(problem("POST", "/api/v1/team-matches", "capa", body, 403), "forbidden");
  const auto created = ok("POST", "/api/v1/team-matches", "td", body, 201);
  const std::string id = created["id"];
  EXPECT_EQ(created["state"], "nominating");
  EXPECT_EQ(created["boards"].size(), 3u);

  // Nominations; the captain of the other team and a plain member may not nominate.
  EXPECT_EQ(nominate(id, "capb", de, 1, "ana", 403)["code"], "forbidden");
  EXPECT_EQ(nominate(id, "ana", de, 1, "ana", 403)["code"], "forbidden");
  EXPECT_EQ(nominate(id, "capa", de, 1, "bea", 400)["code"], "validation_error");  // not ours
  EXPECT_EQ(nominate(id, "capa", de, 4, "ana", 400)["code"], "validation_error");  // no board 4
  // A team that does not play the match, or no team at all, is a bad request whoever sends
  // it: a captain of another team, the team's own captain and a director alike.
  const auto not_playing = "team " + fr + " does not play this match";
  for (const std::string who : {"capa", "capf", "td"}) {
    const auto r = nominate(id, who, fr, 1, "fia", 400);
    EXPECT_EQ(r["code"], "validation_error") << who;
    EXPECT_EQ(r["detail"], not_playing) << who;
    const auto unknown = nominate(id, who, "999", 1, "ana", 400);
    EXPECT_EQ(unknown["code"], "validation_error") << who;
    EXPECT_EQ(unknown["detail"], "team 999 does not play this match") << who;
  }
  EXPECT_TRUE(match(id)["boards"][0]["player_a"].is_null());
  nominate(id, "capa", de, 1, "ana");
  nominate(id, "capa", de, 2, "anb");
  nominate(id, "capa", de, 3, "anc");
  EXPECT_EQ(nominate(id, "capa", de, 2, "ana", 400)["detail"],
            "ana already plays board 1 of this match");
  nominate(id, "capb", nl, 1, "bea");
  nominate(id, "capb", nl, 2, "beb");
  // A substitution before the start: board 2 of Germany is and's now.
  auto m = nominate(id, "capa", de, 2, "and");
  EXPECT_EQ(m["boards"][1]["player_a"]["username"], "and");
  EXPECT_EQ(m["boards"][1]["player_b"]["username"], "beb");

  // Only a director starts it; boards 1 and 2 start, board 3 waits for Netherlands.
  EXPECT_EQ(problem("POST", "/api/v1/team-matches/" + id + "/start", "capa", nullptr, 403),
            "forbidden");
  m = ok("POST", "/api/v1/team-matches/" + id + "/start", "td");
  EXPECT_EQ(m["status"], "playing");
  EXPECT_EQ(m["state"], "in_play");
  EXPECT_TRUE(m["boards"][0]["started"]);
  EXPECT_TRUE(m["boards"][1]["started"]);
  EXPECT_FALSE(m["boards"][2]["started"]);
  ASSERT_EQ(m["boards"][0]["games"].size(), 2u);
  // Colours reversed on each board: Germany White in game 1, Black in game 2.
  EXPECT_EQ(m["boards"][0]["games"][0]["white"], "ana");
  EXPECT_EQ(m["boards"][0]["games"][0]["black"], "bea");
  EXPECT_EQ(m["boards"][0]["games"][1]["white"], "bea");
  EXPECT_EQ(m["boards"][1]["games"][0]["white"], "and");
  EXPECT_EQ(m["games_open"], 6);
  EXPECT_EQ(problem("POST", "/api/v1/team-matches/" + id + "/start", "td", nullptr, 409),
            "conflict");

  // Board 1 has started: no substitution, and nothing changes.
  const auto refused = nominate(id, "capa", de, 1, "anb", 409);
  EXPECT_EQ(refused["code"], "conflict");
  EXPECT_EQ(refused["detail"], "board 1 has started: its player can no longer be substituted");
  EXPECT_EQ(match(id)["boards"][0]["player_a"]["username"], "ana");
  // Board 3 has not: Germany may still change its player there; Netherlands' nomination
  // then starts it.
  nominate(id, "capa", de, 3, "anb");
  m = nominate(id, "capb", nl, 3, "bec");
  EXPECT_TRUE(m["boards"][2]["started"]);
  EXPECT_EQ(m["boards"][2]["games"][0]["white"], "anb");
  EXPECT_EQ(m["boards"][2]["games"][0]["black"], "bec");
  EXPECT_EQ(nominate(id, "capa", de, 3, "anc", 409)["code"], "conflict");

  // Germany wins three games: 3-0 with 3 to play is not decided yet.
  finish_board_game(id, 1, 1, 1);
  m = match(id);
  EXPECT_EQ(m["score_a"], 1.0);
  EXPECT_EQ(m["boards"][0]["score_a"], 1.0);
  finish_board_game(id, 1, 2, 1);
  finish_board_game(id, 2, 1, 1);
  m = match(id);
  EXPECT_EQ(m["score_a"], 3.0);
  EXPECT_EQ(m["score_b"], 0.0);
  EXPECT_EQ(m["state"], "in_play");
  EXPECT_TRUE(m["winner"].is_null());
  // A fourth: 4-0 with 2 to play is decided early.
  finish_board_game(id, 2, 2, 1);
  m = match(id);
  EXPECT_EQ(m["score_a"], 4.0);
  EXPECT_EQ(m["state"], "decided");
  EXPECT_EQ(m["winner"], "a");
  EXPECT_TRUE(m["decided_early"]);
  EXPECT_EQ(m["games_open"], 2);
  // The remaining games are played out: 4.5-1.5.
  finish_board_game(id, 3, 1, 0.5);
  finish_board_game(id, 3, 2, 0);
  m = match(id);
  EXPECT_EQ(m["state"], "finished");
  EXPECT_EQ(m["winner"], "a");
  EXPECT_FALSE(m["decided_early"]);
  EXPECT_EQ(m["score_a"], 4.5);
  EXPECT_EQ(m["score_b"], 1.5);
  EXPECT_EQ(m["boards"][2]["score_a"], 0.5);
  EXPECT_EQ(m["boards"][2]["score_b"], 1.5);
  // The team pages list the match with its final score.
  t = ok("GET", "/api/v1/teams/" + nl, "outsider");
  ASSERT_EQ(t["matches"].size(), 1u);
  EXPECT_EQ(t["matches"][0]["score_b"], 1.5);
  EXPECT_EQ(t["matches"][0]["state"], "finished");
}

TEST_F(Teams, OneGamePerBoardAlternatesColours) {
  add_users({"xa1", "xa2", "yb1", "yb2"});
  const auto x = team("Club X", "FR", {}, {"xa1", "xa2"});
  const auto y = team("Club Y", "IT", {}, {"yb1", "yb2"});
  const std::string id = ok("POST", "/api/v1/team-matches", "td",
                            {{"name", "X - Y"},
                             {"team_a", x},
                             {"team_b", y},
                             {"boards", 2},
                             {"games_per_board", 1},
                             {"time_control", kTimeControl}},
                            201)["id"];
  nominate(id, "td", x, 1, "xa1");
  nominate(id, "td", x, 2, "xa2");
  nominate(id, "td", y, 1, "yb1");
  nominate(id, "td", y, 2, "yb2");
  const auto m = ok("POST", "/api/v1/team-matches/" + id + "/start", "td");
  ASSERT_EQ(m["boards"][0]["games"].size(), 1u);
  EXPECT_EQ(m["boards"][0]["games"][0]["white"], "xa1");
  EXPECT_EQ(m["boards"][1]["games"][0]["white"], "yb2");
  EXPECT_EQ(m["games_open"], 2);
}

TEST_F(Teams, MembersAndCaptainsOnlyByTheirTeamsCaptainsAndDirectors) {
  add_users({"capa", "capb", "ana", "bea", "newbie"});
  const auto de = team("Germany", "DE", {"capa"}, {"ana"});
  const auto nl = team("Netherlands", "NL", {"capb"}, {"bea"});
  const auto members = "/api/v1/teams/" + de + "/members";
  EXPECT_EQ(problem("POST", members, "capb", {{"username", "newbie"}}, 403), "forbidden");
  EXPECT_EQ(problem("POST", members, "ana", {{"username", "newbie"}}, 403), "forbidden");
  EXPECT_EQ(problem("DELETE", members + "/ana", "capb", nullptr, 403), "forbidden");
  EXPECT_EQ(
      problem("POST", "/api/v1/teams/" + de + "/captains", "capa", {{"username", "ana"}}, 403),
      "forbidden");
  EXPECT_EQ(problem("POST", "/api/v1/teams", "capa",
                    {{"kind", "club"}, {"name", "Mine"}, {"country", "DE"}}, 403),
            "forbidden");
  auto t = ok("GET", "/api/v1/teams/" + de, "ana");
  EXPECT_EQ(t["members"].size(), 1u);
  EXPECT_EQ(t["captains"].size(), 1u);
  // The captain adds and removes; a player may belong to both teams.
  t = ok("POST", members, "capa", {{"username", "newbie"}});
  EXPECT_EQ(t["members"].size(), 2u);
  ok("POST", "/api/v1/teams/" + nl + "/members", "capb", {{"username", "newbie"}});
  EXPECT_EQ(call("DELETE", members + "/ana", "capa").status, 204);
  EXPECT_EQ(call("DELETE", members + "/ana", "capa").status, 204);  // nothing to remove
  t = ok("GET", "/api/v1/teams/" + de, "ana");
  ASSERT_EQ(t["members"].size(), 1u);
  EXPECT_EQ(t["members"][0]["username"], "newbie");
  // The director appoints and removes captains.
  t = ok("POST", "/api/v1/teams/" + de + "/captains", "td", {{"username", "newbie"}});
  EXPECT_EQ(t["captains"].size(), 2u);
  EXPECT_EQ(call("DELETE", "/api/v1/teams/" + de + "/captains/capa", "td").status, 204);
  EXPECT_EQ(problem("POST", members, "capa", {{"username", "ana"}}, 403), "forbidden");
  // Bad definitions change nothing.
  const std::vector<json> bad = {
      {{"kind", "school"}, {"name", "A"}, {"country", "DE"}},
      {{"kind", "club"}, {"name", "A"}, {"country", "Germany"}},
      {{"kind", "club"}, {"name", "A"}, {"country", "de"}},
      {{"kind", "club"}, {"name", "A"}, {"country", "DE"}, {"members", {"nobody"}}},
  };
  for (const auto& b : bad) {
    EXPECT_EQ(problem("POST", "/api/v1/teams", "td", b, 400), "validation_error") << b.dump();
  }
  EXPECT_EQ(problem("POST", "/api/v1/teams", "td",
                    {{"kind", "club"}, {"name", "germany"}, {"country", "DE"}}, 409),
            "conflict");
  EXPECT_EQ(ok("GET", "/api/v1/teams", "ana")["teams"].size(), 2u);
  EXPECT_EQ(problem("GET", "/api/v1/teams/99", "ana", nullptr, 404), "not_found");
}

// Four teams of three boards. The score of the lower seed in each pairing, per board, and
// the table they give (computed by hand, rules.md 6.11):
//   1-2: 0 .5 1 (1.5-1.5)   1-3: 1 1 .5 (2.5-.5)   1-4: 0 .5 .5 (1-2)
//   2-3: .5 0 .5 (1-2)      2-4: 1 1 .5 (2.5-.5)   3-4: 1 .5 .5 (2-1)
// board points: T1 5, T2 5, T3 4.5, T4 3.5; match points: T1 3, T2 3, T3 4, T4 2;
// board-1 points: T1 1, T2 2.5 (T2 ahead of T1 on the third tie-break), T3 1.5, T4 1.
TEST_F(Teams, OlympiadOfFourTeamsOfThreeBoardsToItsFinalTable) {
  std::vector<std::string> ids;
  std::map<std::string, int> team_of;  // username -> seed
  for (int t = 1; t <= 4; ++t) {
    std::vector<std::string> names;
    for (int b = 1; b <= 3; ++b) {
      names.push_back("t" + std::to_string(t) + "b" + std::to_string(b));
      team_of[names.back()] = t;
    }
    add_users(names);
    ids.push_back(team("Team " + std::to_string(t), "DE", {}, names));
  }
  json teams = json::array();
  for (int t = 1; t <= 4; ++t) {
    json players = json::array();
    for (int b = 1; b <= 3; ++b)
      players.push_back("t" + std::to_string(t) + "b" + std::to_string(b));
    teams.push_back({{"team_id", ids[static_cast<std::size_t>(t - 1)]}, {"players", players}});
  }
  const json body = {
      {"name", "Olympiad"}, {"boards", 3}, {"time_control", kTimeControl}, {"teams", teams}};
  EXPECT_EQ(problem("POST", "/api/v1/olympiads", "t1b1", body, 403), "forbidden");
  json wrong = body;
  wrong["teams"][0]["players"][0] = "t2b1";  // not a member of team 1
  EXPECT_EQ(problem("POST", "/api/v1/olympiads", "td", wrong, 400), "validation_error");
  json one_board = body;
  one_board["boards"] = 1;  // three players a team for one board
  EXPECT_EQ(api_.expect("POST", "/api/v1/olympiads", token("td"), one_board, 400)["detail"],
            "team " + ids[0] + " needs 1 player, one per board");
  EXPECT_EQ(ok("GET", "/api/v1/olympiads", "td")["olympiads"].size(), 0u);
  const auto o = ok("POST", "/api/v1/olympiads", "td", body, 201);
  const std::string id = o["id"];
  EXPECT_EQ(o["status"], "running");
  EXPECT_EQ(o["games"], 18);
  ASSERT_EQ(o["sections"].size(), 3u);

  const std::map<std::pair<int, int>, std::vector<double>> lower_scores = {
      {{1, 2}, {0, 0.5, 1}},   {{1, 3}, {1, 1, 0.5}}, {{1, 4}, {0, 0.5, 0.5}},
      {{2, 3}, {0.5, 0, 0.5}}, {{2, 4}, {1, 1, 0.5}}, {{3, 4}, {1, 0.5, 0.5}}};
  for (const auto& section : o["sections"]) {
    const int board = section["board"];
    const std::string event_id = section["event_id"];
    const auto event = ok("GET", "/api/v1/events/" + event_id, "td");
    ASSERT_EQ(event["games"].size(), 6u) << event.dump();
    for (const auto& g : event["games"]) {
      const std::string white = g["white"], black = g["black"];
      const int tw = team_of.at(white), tb = team_of.at(black);
      const double lower = lower_scores.at(
          {std::min(tw, tb), std::max(tw, tb)})[static_cast<std::size_t>(board - 1)];
      const double white_points = tw < tb ? lower : 1 - lower;
      finish_game(g["id"], white, black,
                  white_points == 1   ? "1-0"
                  : white_points == 0 ? "0-1"
                                      : "1/2-1/2");
    }
    EXPECT_EQ(ok("GET", "/api/v1/events/" + event_id + "/crosstable", "td").is_object(), true);
  }
  const auto done = ok("GET", "/api/v1/olympiads/" + id, "t3b2");
  EXPECT_EQ(done["status"], "finished");
  EXPECT_EQ(done["games_over"], 18);
  struct Row {
    int seed;
    double board_points;
    int match_points;
    double board_1;
    std::vector<double> by_board;
    int won, drawn, lost;
  };
  const std::vector<Row> expected = {{2, 5.0, 3, 2.5, {2.5, 1.5, 1.0}, 1, 1, 1},
                                     {1, 5.0, 3, 1.0, {1.0, 2.0, 2.0}, 1, 1, 1},
                                     {3, 4.5, 4, 1.5, {1.5, 1.5, 1.5}, 2, 0, 1},
                                     {4, 3.5, 2, 1.0, {1.0, 1.0, 1.5}, 1, 0, 2}};
  ASSERT_EQ(done["table"].size(), 4u) << done.dump();
  for (std::size_t k = 0; k < expected.size(); ++k) {
    const auto& row = done["table"][k];
    const auto& want = expected[k];
    EXPECT_EQ(row["place"], k + 1);
    EXPECT_EQ(row["seed"], want.seed) << row.dump();
    EXPECT_EQ(row["team"]["name"], "Team " + std::to_string(want.seed));
    EXPECT_EQ(row["board_points"], want.board_points) << row.dump();
    EXPECT_EQ(row["match_points"], want.match_points) << row.dump();
    EXPECT_EQ(row["board_1_points"], want.board_1) << row.dump();
    EXPECT_EQ(row["points_by_board"], json(want.by_board)) << row.dump();
    EXPECT_EQ(row["matches_won"], want.won);
    EXPECT_EQ(row["matches_drawn"], want.drawn);
    EXPECT_EQ(row["matches_lost"], want.lost);
  }
  ASSERT_EQ(done["matches"].size(), 6u);
  EXPECT_EQ(done["matches"][0]["seed_a"], 1);
  EXPECT_EQ(done["matches"][0]["seed_b"], 2);
  EXPECT_EQ(done["matches"][0]["score_a"], 1.5);
  EXPECT_TRUE(done["matches"][0]["complete"]);
  const auto team1 = ok("GET", "/api/v1/teams/" + ids[0], "t1b1");
  ASSERT_EQ(team1["olympiads"].size(), 1u);
  EXPECT_EQ(team1["olympiads"][0]["id"], id);
}

// rules.md 6.11: a player plays a board for one team only in an Olympiad, and only members
// play for a team. A director's replacement in a board's event (6.6) follows the team: a
// player of another board (of any team) or a non-member is refused and nothing changes; a
// member of the seat's team takes the seat and the Olympiad lists them on that board. With an
// odd number of teams (a bye in every round) and a player withdrawn from board 2 (their open
// games lost by default), the table is worked by hand.
TEST_F(Teams, OlympiadReplacementFollowsTheTeamAndAWithdrawalScoresForTheOpponents) {
  std::vector<std::string> ids;
  for (int t = 1; t <= 3; ++t) {
    const auto p = "t" + std::to_string(t);
    add_users({p + "b1", p + "b2", p + "r"});
    ids.push_back(team("Team " + std::to_string(t), "DE", {}, {p + "b1", p + "b2", p + "r"}));
  }
  add_users({"outsider"});
  json teams = json::array();
  for (int t = 1; t <= 3; ++t) {
    const auto p = "t" + std::to_string(t);
    teams.push_back(
        {{"team_id", ids[static_cast<std::size_t>(t - 1)]}, {"players", {p + "b1", p + "b2"}}});
  }
  const auto o = ok(
      "POST", "/api/v1/olympiads", "td",
      {{"name", "Odd Olympiad"}, {"boards", 2}, {"time_control", kTimeControl}, {"teams", teams}},
      201);
  const std::string id = o["id"];
  EXPECT_EQ(o["games"], 6) << "3 teams: one game per pair of teams on each board";
  std::map<int, std::string> section;
  for (const auto& s : o["sections"]) section[s["board"].get<int>()] = s["event_id"];
  const auto replace = [&](const std::string& who, const std::string& by, int status) {
    return api_.expect("POST", "/api/v1/admin/events/" + section[1] + "/replace", token("td"),
                       {{"username", who}, {"replacement", by}, {"reason", "ill"}}, status);
  };
  // t2b2 plays board 2 for team 2: not on board 1 for team 1 as well.
  EXPECT_EQ(replace("t1b1", "t2b2", 400)["detail"], "t2b2 already plays board 2 of this Olympiad");
  EXPECT_EQ(replace("t1b1", "t1b2", 400)["detail"], "t1b2 already plays board 2 of this Olympiad");
  EXPECT_EQ(replace("t1b1", "outsider", 400)["detail"], "outsider is not a member of Team 1");
  const json board1_event = ok("GET", "/api/v1/events/" + section[1], "td");
  for (const auto& g : board1_event["games"]) {
    EXPECT_TRUE(g["white"] != "t2b2" && g["black"] != "t2b2" && g["white"] != "outsider" &&
                g["black"] != "outsider")
        << "a refused replacement changes nothing: " << g.dump();
  }
  replace("t1b1", "t1r", 200);
  const auto after = ok("GET", "/api/v1/olympiads/" + id, "td");
  EXPECT_EQ(after["teams"][0]["players"][0]["username"], "t1r") << after["teams"][0].dump();
  EXPECT_EQ(after["teams"][0]["players"][0]["board"], 1);
  EXPECT_EQ(after["teams"][0]["players"][1]["username"], "t1b2");

  // Board 1: seed 1 beats seed 2, draws with seed 3; seed 3 beats seed 2. Board 2: seed 2
  // beats seed 1; then t3b2 withdraws and loses both open games by default.
  const std::map<std::pair<int, int>, double> board1 = {{{1, 2}, 1}, {{1, 3}, 0.5}, {{2, 3}, 0}};
  const std::map<std::pair<int, int>, double> board2 = {{{1, 2}, 0}};
  for (int board : {1, 2}) {
    const auto& lower_points = board == 1 ? board1 : board2;
    const json event = ok("GET", "/api/v1/events/" + section[board], "td");
    for (const auto& g : event["games"]) {
      const int ws = g["white_seat"], bs = g["black_seat"];
      const auto it = lower_points.find({std::min(ws, bs), std::max(ws, bs)});
      if (it == lower_points.end()) continue;
      const double white_points = ws < bs ? it->second : 1 - it->second;
      if (board == 1 && ws == 1) {
        EXPECT_EQ(g["white"], "t1r");
      }
      finish_game(g["id"], g["white"], g["black"],
                  white_points == 1   ? "1-0"
                  : white_points == 0 ? "0-1"
                                      : "1/2-1/2");
    }
  }
  ok("POST", "/api/v1/admin/events/" + section[2] + "/withdraw", "td",
     {{"username", "t3b2"}, {"reason", "withdrew"}});
  const auto done = ok("GET", "/api/v1/olympiads/" + id, "td");
  EXPECT_EQ(done["status"], "finished");
  EXPECT_EQ(done["games_over"], 6);
  // Seed 1: 1 + ½ on board 1, 0 + 1 on board 2 = 2½; matches: 1-1 with seed 2 (drawn),
  // 1½-½ with seed 3 (won): 3 match points. Seed 2: 0 + 0, 1 + 1 = 2; 1-1 with seed 1 and
  // with seed 3: 2 match points. Seed 3: ½ + 1, 0 + 0 = 1½; 1 match point.
  struct Row {
    int seed;
    double board_points;
    int match_points;
    std::vector<double> by_board;
    int won, drawn, lost;
  };
  const std::vector<Row> expected = {{1, 2.5, 3, {1.5, 1.0}, 1, 1, 0},
                                     {2, 2.0, 2, {0.0, 2.0}, 0, 2, 0},
                                     {3, 1.5, 1, {1.5, 0.0}, 0, 1, 1}};
  ASSERT_EQ(done["table"].size(), 3u) << done.dump();
  for (std::size_t k = 0; k < expected.size(); ++k) {
    const auto& row = done["table"][k];
    const auto& want = expected[k];
    EXPECT_EQ(row["place"], k + 1);
    EXPECT_EQ(row["seed"], want.seed) << row.dump();
    EXPECT_EQ(row["board_points"], want.board_points) << row.dump();
    EXPECT_EQ(row["match_points"], want.match_points) << row.dump();
    EXPECT_EQ(row["board_1_points"], want.by_board[0]) << row.dump();
    EXPECT_EQ(row["points_by_board"], json(want.by_board)) << row.dump();
    EXPECT_EQ(row["matches_won"], want.won) << row.dump();
    EXPECT_EQ(row["matches_drawn"], want.drawn) << row.dump();
    EXPECT_EQ(row["matches_lost"], want.lost) << row.dump();
  }
  ASSERT_EQ(done["matches"].size(), 3u);
  EXPECT_EQ(done["matches"][1], json({{"seed_a", 1},
                                      {"seed_b", 3},
                                      {"score_a", 1.5},
                                      {"score_b", 0.5},
                                      {"open", 0},
                                      {"complete", true}}));
}

}  // namespace
}  // namespace corrchess
