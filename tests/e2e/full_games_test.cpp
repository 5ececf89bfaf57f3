// Complete games played through HTTP by two players with submit/accept against a real
// server: real games from tests/data/pgn replayed move by move (in all three notations),
// games ending by mate and stalemate, repetition draws claimed, conditional moves answered
// by the server at no time cost, and the draw-offer limits.
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "tests/support/api_server_test.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::HttpResult;

std::vector<chess::PgnGame> read_games(const std::string& name) {
  std::ifstream in(corrchess::testing::data_dir() + "/pgn/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  std::vector<chess::PgnGame> out;
  for (auto& g : chess::read_pgn(ss.str())) {
    if (g) out.push_back(std::move(*g));
  }
  return out;
}

class FullGames : public testing::TwoPlayerTest {
 protected:
  // A game under Fischer 30 + 1 days unless `extra` says otherwise.
  std::string create_game(const json& extra = json::object()) const {
    json body = {
        {"time_control", {{"type", "fischer"}, {"initial_days", 30}, {"increment_days", 1}}}};
    body.update(extra);
    return TwoPlayerTest::create_game(body);
  }

  // The token of side 0 (white) or 1 (black).
  const std::string& token(int side) const { return side == 0 ? white_ : black_; }

  // Submit then accept by the side to move (0 white, 1 black); the accept's answer.
  HttpResult play(const std::string& id, int side, const std::string& move,
                  const json& extra = json::object()) const {
    return api_.try_play(id, token(side), move, extra);
  }

  json game(const std::string& id) const { return api_.game(id, white_); }

  // Plays `moves` (PGN moves from `start`) alternately; the move text cycles through SAN,
  // UCI and ICCF numeric. Returns "" or the first failure.
  std::string play_all(const std::string& id, const chess::Position& start,
                       const std::vector<chess::PgnMove>& moves, std::size_t count) const {
    chess::Position pos = start;
    for (std::size_t i = 0; i < count; ++i) {
      const auto m = moves[i].move;
      const std::string text = i % 3 == 0   ? chess::to_san(pos, m)
                               : i % 3 == 1 ? chess::to_uci(pos, m)
                                            : chess::to_numeric(pos, m);
      const int side = pos.side_to_move() == chess::Color::kWhite ? 0 : 1;
      auto r = play(id, side, text);
      if (r.status != 200) {
        return "game " + id + " ply " + std::to_string(i + 1) + " " + text + ": " + r.body;
      }
      pos.play(m);
    }
    return "";
  }
};

TEST_F(FullGames, LichessGamesReachTheSameFinalPositionAndMatesEndTheGame) {
  const auto games = read_games("lichess2013-100.pgn");
  ASSERT_EQ(games.size(), 100u);
#ifdef CORRCHESS_SANITIZED
  const std::size_t count = 12;  // the sanitizer build is several times slower
#else
  const std::size_t count = games.size();
#endif
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < count; ++i) ids.push_back(create_game());
  // Four games at a time, as independent players would.
  std::atomic<std::size_t> next{0};
  std::vector<std::string> failures(count);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (std::size_t i; (i = next++) < count;) {
        failures[i] = play_all(ids[i], games[i].start, games[i].moves, games[i].moves.size());
      }
    });
  }
  for (auto& t : threads) t.join();
  int mates = 0;
  int dead = 0;
  for (std::size_t i = 0; i < count; ++i) {
    ASSERT_EQ(failures[i], "");
    const auto g = game(ids[i]);
    const auto final_position = games[i].final_position();
    EXPECT_EQ(g["fen"], final_position.fen()) << "game " << i;
    EXPECT_EQ(g["ply"], games[i].moves.size());
    if (final_position.is_checkmate()) {
      ++mates;
      EXPECT_EQ(g["status"], "finished");
      EXPECT_EQ(g["termination"], "checkmate");
      EXPECT_EQ(g["result"], final_position.side_to_move() == chess::Color::kWhite ? "0-1" : "1-0");
    } else if (g["status"] == "finished") {
      // Only a dead position ends a game by itself without mate (lichess: "insufficient
      // material"); such games were drawn there too.
      EXPECT_EQ(g["termination"], "dead_position") << "game " << i;
      EXPECT_EQ(games[i].result, "1/2-1/2") << "game " << i;
      ++dead;
    }
  }
#ifndef CORRCHESS_SANITIZED
  EXPECT_GT(mates, 0);  // the set has games that end in mate
  EXPECT_GT(dead, 0);   // and games that end in a dead position
#endif
}

TEST_F(FullGames, StalemateEndsTheGameDrawn) {
  // Sam Loyd's ten-move stalemate.
  const auto id = create_game();
  const char* moves[] = {"e3",    "a5",  "Qh5",  "Ra6", "Qxa5", "h5",  "h4",   "Rah6", "Qxc7", "f6",
                         "Qxd7+", "Kf7", "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6",  "Qe6"};
  for (int i = 0; i < 19; ++i) ASSERT_EQ(play(id, i % 2, moves[i]).status, 200) << moves[i];
  const auto g = game(id);
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["result"], "1/2-1/2");
  EXPECT_EQ(g["termination"], "stalemate");
  EXPECT_EQ(play(id, 1, "Kh5").status, 409);  // nothing more to play
}

TEST_F(FullGames, EngineRepetitionDrawsEndByACorrectThreefoldClaim) {
  const auto games = read_games("engine-repetition-draws.pgn");
  ASSERT_GE(games.size(), 10u);
#ifdef CORRCHESS_SANITIZED
  const std::size_t count = 2;
#else
  const std::size_t count = 5;
#endif
  for (std::size_t i = 0; i < count; ++i) {
    const auto& pgn = games[i];
    const auto id = create_game();
    // Everything but the repeating move; then the player to move claims with it.
    ASSERT_EQ(play_all(id, pgn.start, pgn.moves, pgn.moves.size() - 1), "");
    chess::Position pos = pgn.start;
    for (std::size_t k = 0; k + 1 < pgn.moves.size(); ++k) pos.play(pgn.moves[k].move);
    const auto last = chess::to_san(pos, pgn.moves.back().move);
    const int side = pos.side_to_move() == chess::Color::kWhite ? 0 : 1;
    auto claim = api_.call("POST", "/api/v1/games/" + id + "/claims", token(side),
                           {{"type", "threefold"}, {"move", last}});
    ASSERT_EQ(claim.status, 200) << claim.body;
    const auto body = json::parse(claim.body);
    EXPECT_TRUE(body["upheld"].get<bool>()) << "game " << i << ": " << body["reason"];
    EXPECT_EQ(body["game"]["result"], "1/2-1/2");
    EXPECT_EQ(body["game"]["termination"], "repetition");
    EXPECT_EQ(body["game"]["ply"], pgn.moves.size() - 1);  // the claimed move is not played
  }
}

TEST_F(FullGames, AWrongClaimWithAnIntendedMovePlaysTheMove) {
  const auto id = create_game();
  ASSERT_EQ(play(id, 0, "e4").status, 200);
  auto claim = api_.call("POST", "/api/v1/games/" + id + "/claims", token(1),
                         {{"type", "threefold"}, {"move", "e5"}});
  ASSERT_EQ(claim.status, 200) << claim.body;
  const auto body = json::parse(claim.body);
  EXPECT_FALSE(body["upheld"].get<bool>());
  EXPECT_EQ(body["game"]["status"], "ongoing");
  EXPECT_EQ(body["game"]["ply"], 2);
  EXPECT_EQ(body["game"]["moves"][1]["san"], "e5");
  auto fifty =
      api_.call("POST", "/api/v1/games/" + id + "/claims", token(0), {{"type", "fifty_moves"}});
  ASSERT_EQ(fifty.status, 200);
  EXPECT_FALSE(json::parse(fifty.body)["upheld"].get<bool>());
}

TEST_F(FullGames, ConditionalRepliesArePlayedAtOnceAndCostNothing) {
  const auto id = create_game();
  ASSERT_EQ(play(id, 0, "e4").status, 200);
  // Black to move: plays c5 and leaves lines for White's likely answers.
  ASSERT_EQ(play(id, 1, "c5").status, 200);
  auto stored = api_.call("PUT", "/api/v1/games/" + id + "/conditional", token(1),
                          {{"lines", {{"Nf3", "d6", "d4", "cxd4"}, {"Nc3", "Nc6"}}}});
  ASSERT_EQ(stored.status, 200) << stored.body;
  // The opponent never sees them.
  EXPECT_EQ(api_.call("GET", "/api/v1/games/" + id + "/conditional", token(0)).body.find("d6"),
            std::string::npos);
  ASSERT_EQ(api_.call("POST", "/api/v1/admin/clock", td_, {{"advance_seconds", 3 * 86400}}).status,
            200);
  auto white_move = play(id, 0, "Nf3");
  ASSERT_EQ(white_move.status, 200) << white_move.body;
  auto g = json::parse(white_move.body);
  ASSERT_EQ(g["ply"], 4);  // the server answered d6 at once
  EXPECT_EQ(g["moves"][3]["san"], "d6");
  EXPECT_TRUE(g["moves"][3]["conditional"].get<bool>());
  EXPECT_EQ(g["moves"][3]["elapsed_seconds"], 0);
  EXPECT_EQ(g["moves"][3]["clock"]["charged_seconds"], 0);
  EXPECT_EQ(g["to_move"], "white");
  // The rest of the line waits for White's d4.
  ASSERT_EQ(play(id, 0, "d4").status, 200);
  g = game(id);
  EXPECT_EQ(g["ply"], 6);
  EXPECT_EQ(g["moves"][5]["san"], "cxd4");
  // White deviates from nothing now; Black's tree is used up.
  auto lines = api_.call("GET", "/api/v1/games/" + id + "/conditional", token(1));
  EXPECT_EQ(json::parse(lines.body)["lines"], json::array());
}

TEST_F(FullGames, DrawOffersRespectTheMinimumMoveAndTheTenMovesRule) {
  const auto id = create_game({{"draw_min_moves", 3}});
  // Move 1 and 2 may not carry an offer.
  auto early = play(id, 0, "e4", {{"offer_draw", true}});
  EXPECT_EQ(early.status, 422) << early.body;
  EXPECT_EQ(json::parse(early.body)["code"], "draw_offer_not_allowed");
  EXPECT_EQ(game(id)["ply"], 0);  // nothing changed
  const char* opening[] = {"e4", "e5", "Nf3", "Nc6"};
  for (int i = 0; i < 4; ++i) ASSERT_EQ(play(id, i % 2, opening[i]).status, 200);
  ASSERT_EQ(play(id, 0, "Bc4", {{"offer_draw", true}}).status, 200);  // move 3: allowed
  ASSERT_EQ(api_.call("POST", "/api/v1/games/" + id + "/draw/decline", token(1)).status, 200);
  ASSERT_EQ(play(id, 1, "Bc5").status, 200);
  // Ten-moves rule: White may offer again only after ten more own moves.
  auto again = play(id, 0, "d3", {{"offer_draw", true}});
  EXPECT_EQ(again.status, 422) << again.body;
  EXPECT_EQ(json::parse(again.body)["code"], "draw_offer_not_allowed");
  // Without the offer the move is fine.
  ASSERT_EQ(play(id, 0, "d3").status, 200);
  // Black may still offer: the bar is White's alone.
  ASSERT_EQ(play(id, 1, "d6", {{"offer_draw", true}}).status, 200);
  auto accepted = api_.call("POST", "/api/v1/games/" + id + "/draw/accept", token(0));
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_EQ(json::parse(accepted.body)["termination"], "agreement");
}

TEST_F(FullGames, TripleBlockManualRefill) {
  const auto id = create_game(
      {{"time_control", {{"type", "triple_block"}, {"increment_days", 5}, {"bank_days", 50}}}});
  ASSERT_EQ(play(id, 0, "d4").status, 200);
  ASSERT_EQ(api_.call("POST", "/api/v1/admin/clock", td_, {{"advance_seconds", 4 * 86400}}).status,
            200);
  const auto before = game(id)["clocks"]["black"];
  auto refill = api_.call("POST", "/api/v1/games/" + id + "/clock/refill", token(1),
                          {{"seconds", 2 * 86400}});
  ASSERT_EQ(refill.status, 200) << refill.body;
  const auto after = json::parse(refill.body)["clocks"]["black"];
  EXPECT_EQ(after["remaining_seconds"].get<long>() - before["remaining_seconds"].get<long>(),
            2 * 86400);
  EXPECT_EQ(before["bank_seconds"].get<long>() - after["bank_seconds"].get<long>(), 2 * 86400);
  // Not the player to move: refused, nothing changes.
  auto wrong =
      api_.call("POST", "/api/v1/games/" + id + "/clock/refill", token(0), {{"seconds", 60}});
  EXPECT_GE(wrong.status, 400);
  EXPECT_EQ(game(id)["clocks"]["white"], json::parse(refill.body)["clocks"]["white"]);
}

}  // namespace
}  // namespace corrchess
