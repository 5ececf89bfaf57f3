// The director's evidence end to end (rules.md 6.5, docs/api.md "Directors"): the
// adjudication queue and GET /api/v1/admin/games/{id}/evidence show the Syzygy verdict with
// its distance, each side's dead-position verdict, the repetition record and the fifty-move
// counter, the legality of the line given with each claim, and a suggested decision where the
// proof is complete; an event with auto_adjudicate lets the server decide proven games itself,
// audited as adjudicated_automatically.
//
// The server's move-time dead-position budget is cut to 100 positions
// (CORRCHESS_DEAD_POSITION_NODES) so that a dead position needing a search is not ended when
// reached and lives until the end date, where the evidence's deeper analysis (the default
// CORRCHESS_EVIDENCE_NODES) proves it.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/event_fixture.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::kDirector;

// King and queen against king, White to move: a tablebase win (3 men).
constexpr const char* kQueenWins = "8/8/8/8/8/2k5/8/4K2Q w - - 0 1";
// A dead pawn structure no quick proof settles (13 men): the search proves it.
constexpr const char* kDeadWall = "8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - - 0 1";

class AdjudicationEvidence : public testing::EventServer {
 protected:
  AdjudicationEvidence()
      : EventServer(testing::ServerEnv{{"CORRCHESS_SYZYGY_PATH", testing::data_dir() + "/syzygy"},
                                       {"CORRCHESS_DEAD_POSITION_NODES", "100"}}) {}

  struct EventGame {
    std::string event;
    std::string game;
    std::string white;
    std::string black;
  };

  // A started two-player event ending 2030-01-05 from `opening` (empty: the start position).
  EventGame event_game(const std::string& name, const std::string& a, const std::string& b,
                       const std::string& opening, bool auto_adjudicate = false) {
    json body = {{"name", name},
                 {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                 {"players", {a, b}},
                 {"end_at", "2030-01-05T00:00:00Z"},
                 {"auto_adjudicate", auto_adjudicate}};
    if (!opening.empty()) body["opening"] = opening;
    const auto e = ok("POST", "/api/v1/admin/events", kDirector, body, 201);
    EXPECT_EQ(e["settings"]["auto_adjudicate"], auto_adjudicate);
    const std::string id = e["id"];
    auto started = ok("POST", "/api/v1/admin/events/" + id + "/start", kDirector);
    const auto& g = started["games"][0];
    return {id, g["id"], g["white"], g["black"]};
  }

  json queue() { return ok("GET", "/api/v1/admin/adjudications", kDirector)["adjudications"]; }

  json entry_of(const json& q, const std::string& game) {
    for (const auto& e : q) {
      if (e["game_id"] == game) return e;
    }
    ADD_FAILURE() << "game " << game << " is not in the queue: " << q.dump(1);
    return json::object();
  }

  // The stored evidence row of `game` (migration 0034) as {ply, computed_by, dtz, lines}; null
  // when there is none.
  json stored_evidence(const std::string& game) {
    pqxx::connection conn(db_.url());
    pqxx::read_transaction tx(conn);
    const auto r = tx.exec_params(
        "SELECT json_build_object('ply', ply, 'computed_by', computed_by, 'dtz', evidence -> "
        "'tablebase' -> 'dtz', 'lines', lines)::text FROM adjudication_evidence WHERE game_id = $1",
        std::stoll(game));
    return r.empty() ? json() : json::parse(r[0][0].as<std::string>());
  }

  void claim(const EventGame& g, const std::string& who, const std::string& what,
             const std::string& analysis) {
    ok("POST", "/api/v1/events/" + g.event + "/adjudication-claims", who,
       {{"game_id", g.game}, {"claim", what}, {"analysis", analysis}}, 201);
  }
};

TEST_F(AdjudicationEvidence, TablebaseWinAndDeadPositionWithSuggestionsAndClaimedLines) {
  add_users({"anna", "boris", "clara", "dmitri"});
  const auto won = event_game("Queen ending", "anna", "boris", kQueenWins);
  const auto dead = event_game("Pawn wall", "clara", "dmitri", kDeadWall);
  // The dead position was not found at the start with the tiny move-time budget.
  EXPECT_EQ(game(dead.game, kDirector)["status"], "ongoing");

  advance(9 * 86400);  // past the end date: both await adjudication
  auto q = queue();
  ASSERT_EQ(q.size(), 2u) << q.dump(1);

  const auto tb = entry_of(q, won.game)["evidence"];
  EXPECT_EQ(tb["men"], 3);
  EXPECT_EQ(tb["to_move"], "white");
  EXPECT_EQ(tb["tablebase"]["status"], "probed");
  EXPECT_EQ(tb["tablebase"]["wdl"], "win");
  EXPECT_EQ(tb["tablebase"]["dtz"], 11);  // the DTZ table: 11 plies (docs/api.md's example)
  EXPECT_EQ(tb["dead_position"],
            json({{"white", "winnable"}, {"black", "unwinnable"}, {"dead", false}}));
  EXPECT_EQ(tb["repetition"], json({{"count", 1}, {"plies", {0}}, {"threefold_claimable", false}}));
  EXPECT_EQ(tb["fifty_moves"], json({{"halfmove_clock", 0}, {"claimable", false}}));
  EXPECT_EQ(tb["suggestion"]["result"], "1-0");
  EXPECT_EQ(tb["suggestion"]["basis"], "tablebase");

  const auto wall = entry_of(q, dead.game)["evidence"];
  EXPECT_EQ(wall["men"], 13);
  EXPECT_EQ(wall["to_move"], "black");
  EXPECT_EQ(wall["tablebase"],
            json({{"status", "too_many_men"}, {"wdl", nullptr}, {"dtz", nullptr}}));
  EXPECT_EQ(wall["dead_position"],
            json({{"white", "unwinnable"}, {"black", "unwinnable"}, {"dead", true}}));
  EXPECT_EQ(wall["suggestion"]["result"], "1/2-1/2");
  EXPECT_EQ(wall["suggestion"]["basis"], "dead_position");

  // The lines of the claims: White's is legal and mates; Black's takes a king.
  claim(won, won.white, "win",
        "1. Qh3+ Kc2 2. Qg3 Kb2 3. Qd3 Ka2 4. Qb5 Ka3 5. Kd2 Ka2 6. Kc2 Ka1 7. Qb2# wins");
  claim(won, won.black, "draw", "1. Qxc3 is impossible, so 1. Qh8+ Kc2 and I hold");
  q = queue();
  const auto claims = entry_of(q, won.game)["claims"];
  const auto& white_line = claims["white"]["line"];
  EXPECT_EQ(white_line["legal"], true) << claims.dump(1);
  EXPECT_EQ(white_line["ends"], "checkmate");
  EXPECT_EQ(white_line["moves"].size(), 13u);
  EXPECT_EQ(white_line["text"],
            "1. Qh3+ Kc2 2. Qg3 Kb2 3. Qd3 Ka2 4. Qb5 Ka3 5. Kd2 Ka2 6. Kc2 Ka1 7. Qb2#");
  const auto& black_line = claims["black"]["line"];
  EXPECT_EQ(black_line["legal"], false) << claims.dump(1);
  EXPECT_EQ(black_line["illegal_move"], "Qxc3");
  EXPECT_EQ(black_line["moves"], json::array());

  // One game's evidence on its own, with the claims; players may not read it.
  const auto one = ok("GET", "/api/v1/admin/games/" + won.game + "/evidence", kDirector);
  EXPECT_EQ(one["game_id"], won.game);
  EXPECT_EQ(one["fen"], kQueenWins);
  EXPECT_EQ(one["evidence"], tb);
  ASSERT_EQ(one["claims"].size(), 2u);
  EXPECT_EQ(
      problem("GET", "/api/v1/admin/games/" + won.game + "/evidence", won.white, nullptr, 403),
      "forbidden");
  EXPECT_EQ(problem("GET", "/api/v1/admin/games/999999/evidence", kDirector, nullptr, 404),
            "not_found");

  // Without auto_adjudicate nothing was decided: the director follows the suggestion.
  ok("POST", "/api/v1/admin/games/" + won.game + "/result", kDirector,
     {{"result", "1-0"}, {"termination", "adjudication"}, {"reason", tb["suggestion"]["reason"]}});
  q = queue();
  ASSERT_EQ(q.size(), 1u);
  EXPECT_EQ(q[0]["game_id"], dead.game);
}

TEST_F(AdjudicationEvidence, ThreefoldRepetitionRecordAndARepeatingClaimLine) {
  add_users({"anna", "boris"});
  const auto g = event_game("Shuffle", "anna", "boris", "");
  for (int round = 0; round < 2; ++round) {
    play(g.game, g.white, "Nf3");
    play(g.game, g.black, "Nf6");
    play(g.game, g.white, "Ng1");
    play(g.game, g.black, "Ng8");
  }
  advance(9 * 86400);
  auto q = queue();
  ASSERT_EQ(q.size(), 1u);
  const auto e = q[0]["evidence"];
  EXPECT_EQ(e["repetition"],
            json({{"count", 3}, {"plies", {0, 4, 8}}, {"threefold_claimable", true}}));
  EXPECT_EQ(e["fifty_moves"], json({{"halfmove_clock", 8}, {"claimable", false}}));
  EXPECT_EQ(e["tablebase"]["status"], "too_many_men");
  EXPECT_EQ(e["dead_position"]["dead"], false);
  EXPECT_EQ(e["suggestion"], nullptr);  // a repetition decides nothing by itself

  // Black claims a draw by repetition with a line that repeats once more; White claims a win
  // in prose only.
  claim(g, g.black, "draw", "Threefold repetition: 5. Nf3 Nf6 6. Ng1 Ng8 comes back again.");
  claim(g, g.white, "win", "White is much better.");
  q = queue();
  const auto& line = q[0]["claims"]["black"]["line"];
  EXPECT_EQ(line["legal"], true);
  EXPECT_EQ(line["text"], "5. Nf3 Nf6 6. Ng1 Ng8");
  EXPECT_EQ(line["repetitions"], 4);
  EXPECT_EQ(line["ends"], nullptr);
  EXPECT_EQ(q[0]["claims"]["white"]["line"], nullptr);  // no move in the analysis
}

TEST_F(AdjudicationEvidence, ServerDecidesProvenGamesWhenTheEventAllowsIt) {
  add_users({"anna", "boris", "clara", "dmitri", "emil", "fiona"});
  const auto won = event_game("Auto queen", "anna", "boris", kQueenWins, true);
  const auto open = event_game("Auto open", "clara", "dmitri", "", true);
  const auto dead = event_game("Manual wall", "emil", "fiona", kDeadWall, false);

  advance(9 * 86400);
  auto q = queue();
  // The proven game with auto_adjudicate was decided at the end date; the unproven one and
  // the one of an event without the setting wait for the director.
  ASSERT_EQ(q.size(), 2u) << q.dump(1);
  const auto decided = game(won.game, kDirector);
  EXPECT_EQ(decided["status"], "finished");
  EXPECT_EQ(decided["result"], "1-0");
  EXPECT_EQ(decided["termination"], "adjudication");
  auto audit = audit_records(won.event, "adjudicated_automatically");
  ASSERT_EQ(audit.size(), 1u) << audit.dump(1);
  EXPECT_EQ(audit[0]["actor"], nullptr);
  EXPECT_EQ(audit[0]["detail"]["basis"], "tablebase");
  EXPECT_EQ(audit[0]["detail"]["result"], "1-0");
  EXPECT_EQ(game(open.game, kDirector)["status"], "adjudication_pending");

  // Bad requests and players change nothing.
  const std::string path = "/api/v1/admin/events/" + dead.event + "/auto-adjudication";
  EXPECT_EQ(problem("POST", path, kDirector, {{"reason", "no flag"}}, 400), "validation_error");
  EXPECT_EQ(problem("POST", path, kDirector, {{"enabled", true}}, 400), "validation_error");
  EXPECT_EQ(problem("POST", path, dead.white, {{"enabled", true}, {"reason", "x"}}, 403),
            "forbidden");
  EXPECT_EQ(game(dead.game, kDirector)["status"], "adjudication_pending");

  // Turning the setting on decides the proven games already waiting.
  const auto on = ok("POST", path, kDirector, {{"enabled", true}, {"reason", "proofs suffice"}});
  EXPECT_EQ(on, json({{"event_id", dead.event}, {"auto_adjudicate", true}, {"decided", 1}}));
  const auto drawn = game(dead.game, kDirector);
  EXPECT_EQ(drawn["status"], "finished");
  EXPECT_EQ(drawn["result"], "1/2-1/2");
  EXPECT_EQ(drawn["termination"], "adjudication");
  EXPECT_EQ(audit_records(dead.event, "auto_adjudication_changed").size(), 1u);
  audit = audit_records(dead.event, "adjudicated_automatically");
  ASSERT_EQ(audit.size(), 1u);
  EXPECT_EQ(audit[0]["detail"]["basis"], "dead_position");
  q = queue();
  ASSERT_EQ(q.size(), 1u);
  EXPECT_EQ(q[0]["game_id"], open.game);
}

// The queue computes a waiting game's evidence once and keeps it in the database (migration
// 0034): a later read, and another instance of the server, answer from the stored row (here
// marked by a distance no table gives) while the game stands at the same ply and the server
// is the version that computed it; a row of another version is computed again, and a claim
// whose analysis was not checked yet has its line read from the game while the position's
// evidence is kept. What the queue shows is what a fresh computation gives.
TEST_F(AdjudicationEvidence, TheQueueKeepsTheEvidenceItComputedForEveryInstance) {
  add_users({"anna", "boris", "clara", "dmitri"});
  const auto won = event_game("Queen ending", "anna", "boris", kQueenWins);
  const auto dead = event_game("Pawn wall", "clara", "dmitri", kDeadWall);
  advance(9 * 86400);
  EXPECT_EQ(stored_evidence(won.game), nullptr) << "nothing stored before the queue is read";

  const auto first = entry_of(queue(), won.game);
  const auto fresh = ok("GET", "/api/v1/admin/games/" + won.game + "/evidence", kDirector);
  EXPECT_EQ(first["evidence"], fresh["evidence"]);
  EXPECT_EQ(entry_of(queue(), dead.game)["evidence"],
            ok("GET", "/api/v1/admin/games/" + dead.game + "/evidence", kDirector)["evidence"]);
  const auto row = stored_evidence(won.game);
  ASSERT_TRUE(row.is_object());
  EXPECT_EQ(row["ply"], first["ply"]);
  EXPECT_EQ(row["dtz"], 11);
  EXPECT_EQ(row["lines"], json::array());
  const std::string version = row["computed_by"];
  EXPECT_FALSE(version.empty());

  // Read back, not computed again: on this instance and on a second one.
  db_.exec(
      "UPDATE adjudication_evidence SET evidence = jsonb_set(evidence, '{tablebase,dtz}', '99') "
      "WHERE game_id = " +
      won.game);
  EXPECT_EQ(entry_of(queue(), won.game)["evidence"]["tablebase"]["dtz"], 99);
  {
    testing::ServerProcess second(
        db_.url(),
        testing::director_env(true, {{"CORRCHESS_TIMEZONE", "UTC"},
                                     {"CORRCHESS_SYZYGY_PATH", testing::data_dir() + "/syzygy"}}));
    ASSERT_TRUE(second.started());
    const auto other = testing::ApiClient(second).expect("GET", "/api/v1/admin/adjudications",
                                                         token(kDirector))["adjudications"];
    EXPECT_EQ(entry_of(other, won.game)["evidence"]["tablebase"]["dtz"], 99);
    EXPECT_EQ(entry_of(other, dead.game)["evidence"]["dead_position"]["dead"], true);
  }

  // A claim with a line: the line is read from the game, the position's evidence kept.
  claim(won, won.white, "win", "1. Qh3+ Kc2 2. Qg3 Kb2 wins");
  auto entry = entry_of(queue(), won.game);
  EXPECT_EQ(entry["evidence"]["tablebase"]["dtz"], 99);
  EXPECT_EQ(entry["claims"]["white"]["line"]["text"], "1. Qh3+ Kc2 2. Qg3 Kb2");
  EXPECT_EQ(entry["claims"]["white"]["line"]["legal"], true);
  EXPECT_EQ(stored_evidence(won.game)["lines"].size(), 1u);
  // Replaced by one whose line is illegal: read again.
  claim(won, won.white, "win", "1. Qxc3 wins");
  entry = entry_of(queue(), won.game);
  EXPECT_EQ(entry["claims"]["white"]["line"]["illegal_move"], "Qxc3");
  EXPECT_EQ(
      entry["claims"]["white"]["line"],
      ok("GET", "/api/v1/admin/games/" + won.game + "/evidence", kDirector)["claims"][0]["line"]);

  // Computed by another version: computed again and stored for this one.
  db_.exec("UPDATE adjudication_evidence SET computed_by = 'an older version' WHERE game_id = " +
           won.game);
  entry = entry_of(queue(), won.game);
  EXPECT_EQ(entry["evidence"], fresh["evidence"]);
  EXPECT_EQ(stored_evidence(won.game)["computed_by"], version);
  EXPECT_EQ(stored_evidence(won.game)["dtz"], 11);

  // Decided: its row goes when the queue next stores evidence.
  ok("POST", "/api/v1/admin/games/" + won.game + "/result", kDirector,
     {{"result", "1-0"}, {"termination", "adjudication"}, {"reason", "the table"}});
  db_.exec("UPDATE adjudication_evidence SET computed_by = 'an older version' WHERE game_id = " +
           dead.game);
  ASSERT_EQ(queue().size(), 1u);
  EXPECT_EQ(stored_evidence(won.game), nullptr);
  EXPECT_EQ(stored_evidence(dead.game)["computed_by"], version);
}

}  // namespace
}  // namespace corrchess
