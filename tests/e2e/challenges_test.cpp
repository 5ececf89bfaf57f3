// Challenges over HTTP and WebSocket: players start games among themselves. A challenge to a
// named player is accepted (the game starts at once and is played to mate), declined or
// cancelled; it expires with the test clock; open challenges are taken by a third player
// (exactly one of two racing acceptors wins); the server's limits answer 409 with their own
// codes; a finished game is rematched with colours swapped. Every refusal changes nothing.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;

json per_move(int days) { return {{"type", "per_move"}, {"days", days}}; }

class Challenges : public testing::TwoPlayerTest {
 protected:
  Challenges() = default;
  explicit Challenges(const testing::ServerEnv& env) : TwoPlayerTest(env) {}

  // POST /challenges as `token` with `body` (the ICCF control unless given); the answer,
  // which must be 201.
  json challenge(const std::string& token, json body) {
    if (!body.contains("time_control")) body["time_control"] = testing::iccf_control();
    return api_.expect("POST", "/api/v1/challenges", token, body, 201);
  }

  json lists(const std::string& token) { return api_.expect("GET", "/api/v1/challenges", token); }

  std::string path(const json& c, const std::string& rest = "") {
    return "/api/v1/challenges/" + c["id"].get<std::string>() + rest;
  }

  static std::vector<std::string> ids(const json& list) {
    std::vector<std::string> out;
    for (const auto& c : list) out.push_back(c["id"]);
    return out;
  }
};

TEST_F(Challenges, AChallengeIsAcceptedAndItsGameIsPlayedToMate) {
  testing::WsClient black_socket(server_.port(), "/api/v1/ws?token=" + black_);
  testing::WsClient white_socket(server_.port(), "/api/v1/ws?token=" + white_);
  ASSERT_TRUE(black_socket.read_type("hello"));
  ASSERT_TRUE(white_socket.read_type("hello"));

  const auto c = challenge(
      white_,
      {{"opponent", kBlack}, {"color", "white"}, {"message", "A friendly game?\nTake your time."}});
  EXPECT_EQ(c["status"], "open");
  EXPECT_EQ(c["challenger"]["username"], kWhite);
  EXPECT_EQ(c["opponent"]["username"], kBlack);
  EXPECT_EQ(c["color"], "white");
  EXPECT_EQ(c["variant"], "standard");
  EXPECT_EQ(c["rated"], true);
  EXPECT_EQ(c["message"], "A friendly game?\nTake your time.");
  // Default expiry: 14 days.
  EXPECT_EQ(testing::epoch_seconds(c["expires_at"]) - testing::epoch_seconds(c["created_at"]),
            14 * 86400);

  auto told = black_socket.read_type("challenge");
  ASSERT_TRUE(told) << "the challenged player is told at once";
  EXPECT_EQ((*told)["challenge"]["id"], c["id"]);
  EXPECT_EQ(ids(lists(black_)["incoming"]), std::vector<std::string>{c["id"]});
  EXPECT_EQ(ids(lists(white_)["outgoing"]), std::vector<std::string>{c["id"]});
  EXPECT_TRUE(lists(white_)["incoming"].empty());
  EXPECT_TRUE(lists(black_)["open"].empty()) << "a named challenge is not open to anyone";

  auto accepted = api_.expect("POST", path(c, "/accept"), black_, nullptr, 201);
  EXPECT_EQ(accepted["challenge"]["status"], "accepted");
  EXPECT_EQ(accepted["challenge"]["decided_by"], kBlack);
  const auto& g = accepted["game"];
  const std::string game_id = g["id"];
  EXPECT_EQ(accepted["challenge"]["game_id"], game_id);
  EXPECT_EQ(g["white"]["username"], kWhite);
  EXPECT_EQ(g["black"]["username"], kBlack);
  EXPECT_EQ(g["status"], "ongoing") << "the game starts at once";
  EXPECT_FALSE(g.contains("event_id") && !g["event_id"].is_null());
  auto news = white_socket.read_type("challenge_accepted");
  ASSERT_TRUE(news);
  EXPECT_EQ((*news)["game_id"], game_id);

  // The challenge is answered: out of every list, and accepting again is refused.
  EXPECT_TRUE(lists(black_)["incoming"].empty());
  EXPECT_TRUE(lists(white_)["outgoing"].empty());
  EXPECT_EQ(api_.problem("POST", path(c, "/accept"), black_, nullptr, 409), "challenge_closed");

  for (const auto& [token, move] : std::vector<std::pair<std::string, std::string>>{
           {white_, "f3"}, {black_, "e5"}, {white_, "g4"}, {black_, "Qh4#"}}) {
    ASSERT_NO_FATAL_FAILURE(api_.play(game_id, token, move));
  }
  const auto over = api_.game(game_id, white_);
  EXPECT_EQ(over["result"], "0-1");
  EXPECT_EQ(over["termination"], "checkmate");
  auto mine = api_.expect("GET", "/api/v1/games", black_);
  EXPECT_EQ(mine["games"].size(), 1u);
}

TEST_F(Challenges, DeclinedAndCancelledChallengesCannotBeAcceptedAndOnlyTheRightPlayerDecides) {
  testing::WsClient white_socket(server_.port(), "/api/v1/ws?token=" + white_);
  testing::WsClient black_socket(server_.port(), "/api/v1/ws?token=" + black_);
  ASSERT_TRUE(white_socket.read_type("hello"));
  ASSERT_TRUE(black_socket.read_type("hello"));
  const auto declined = challenge(white_, {{"opponent", kBlack}});
  EXPECT_EQ(api_.problem("POST", path(declined, "/decline"), white_, nullptr, 403), "forbidden")
      << "the challenger cannot decline";
  EXPECT_EQ(api_.problem("POST", path(declined, "/cancel"), black_, nullptr, 403), "forbidden")
      << "the challenged player cannot cancel";
  EXPECT_EQ(api_.problem("POST", path(declined, "/accept"), white_, nullptr, 403), "forbidden")
      << "nobody accepts their own challenge";
  auto d = api_.expect("POST", path(declined, "/decline"), black_,
                       {{"reason", "Too many games right now"}});
  EXPECT_EQ(d["status"], "declined");
  EXPECT_EQ(d["reason"], "Too many games right now");
  // The challenger hears of the decline; the challenged player's own sockets do too.
  auto news = white_socket.read_type("challenge_declined");
  ASSERT_TRUE(news);
  EXPECT_EQ((*news)["challenge"]["id"], declined["id"]);
  EXPECT_EQ((*news)["challenge"]["status"], "declined");
  EXPECT_EQ((*news)["challenge"]["reason"], "Too many games right now");
  auto own = black_socket.read_type("challenge_declined");
  ASSERT_TRUE(own);
  EXPECT_EQ((*own)["challenge"]["id"], declined["id"]);
  EXPECT_EQ(api_.problem("POST", path(declined, "/accept"), black_, nullptr, 409),
            "challenge_closed");
  EXPECT_EQ(api_.problem("POST", path(declined, "/cancel"), white_, nullptr, 409),
            "challenge_closed");

  // After a decline the challenger waits an hour before challenging that player again.
  api_.advance_clock(td_, 3600);
  const auto cancelled = challenge(white_, {{"opponent", kBlack}});
  auto offered = black_socket.read_type("challenge");
  ASSERT_TRUE(offered);
  EXPECT_EQ((*offered)["challenge"]["id"], cancelled["id"]);
  EXPECT_EQ(api_.expect("POST", path(cancelled, "/cancel"), white_)["status"], "cancelled");
  // The challenged player's socket is told the challenge is gone, and so is the challenger's.
  auto gone = black_socket.read_type("challenge_cancelled");
  ASSERT_TRUE(gone);
  EXPECT_EQ((*gone)["challenge"]["id"], cancelled["id"]);
  EXPECT_EQ((*gone)["challenge"]["status"], "cancelled");
  EXPECT_EQ((*gone)["challenge"]["challenger"]["username"], kWhite);
  EXPECT_GT((*gone)["seq"].get<long>(), (*offered)["seq"].get<long>());
  auto told = white_socket.read_type("challenge_cancelled");
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["challenge"]["id"], cancelled["id"]);
  EXPECT_EQ(api_.problem("POST", path(cancelled, "/accept"), black_, nullptr, 409),
            "challenge_closed");
  EXPECT_EQ(api_.expect("GET", path(cancelled), black_)["status"], "cancelled");

  // A stranger is not told that a challenge exists.
  const auto stranger = api_.sign_up("stranger");
  EXPECT_EQ(api_.problem("GET", path(cancelled), stranger, nullptr, 404), "not_found");
  EXPECT_EQ(api_.problem("POST", path(cancelled, "/accept"), stranger, nullptr, 404), "not_found");
  // No game came of any of it.
  EXPECT_TRUE(api_.expect("GET", "/api/v1/games", white_)["games"].empty());
}

// A decline's reason is its body: one longer than 1000 characters is 400 validation_error
// whoever sends it and whatever the challenge's state (docs/api.md "Errors": the body before
// the operation), and changes nothing.
TEST_F(Challenges, ATooLongDeclineReasonIsTheBodysErrorBeforeTheDecision) {
  const json too_long = {{"reason", std::string(1001, 'r')}};
  const auto open = challenge(white_, {{"opponent", kBlack}});
  EXPECT_EQ(api_.problem("POST", path(open, "/decline"), white_, too_long, 400), "validation_error")
      << "the challenger's decline is refused for its body first";
  EXPECT_EQ(api_.problem("POST", path(open, "/decline"), black_, too_long, 400),
            "validation_error");
  EXPECT_EQ(api_.expect("GET", path(open), black_)["status"], "open");
  api_.expect("POST", path(open, "/accept"), black_, nullptr, 201);
  EXPECT_EQ(api_.problem("POST", path(open, "/decline"), black_, too_long, 400), "validation_error")
      << "an accepted challenge too";
  EXPECT_EQ(api_.problem("POST", path(open, "/decline"), black_, nullptr, 409), "challenge_closed");
  // 1000 characters (of any script) are a reason.
  std::string thousand;
  for (int i = 0; i < 1000; ++i) thousand += "\u00e9";
  const auto second = challenge(white_, {{"opponent", kBlack}});
  EXPECT_EQ(api_.expect("POST", path(second, "/decline"), black_, {{"reason", thousand}})["reason"],
            thousand);
}

TEST_F(Challenges, AChallengeExpiresWithTheClock) {
  const auto now = api_.expect("GET", "/api/v1/admin/clock", td_)["now"].get<std::string>();
  // At most 60 days ahead, and not in the past.
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", white_,
                         {{"opponent", kBlack},
                          {"time_control", testing::iccf_control()},
                          {"expires_at", "2999-01-01T00:00:00Z"}},
                         400),
            "validation_error");
  const auto soon = challenge(white_, {{"opponent", kBlack}});
  EXPECT_EQ(soon["created_at"], now);
  api_.advance_clock(td_, 14 * 86400 - 1);
  EXPECT_EQ(api_.expect("GET", path(soon), black_)["status"], "open");
  const auto later = challenge(white_, {{"opponent", kBlack}});
  api_.advance_clock(td_, 1);
  EXPECT_EQ(api_.expect("GET", path(soon), black_)["status"], "expired");
  EXPECT_EQ(api_.problem("POST", path(soon, "/accept"), black_, nullptr, 409), "challenge_closed");
  EXPECT_EQ(api_.problem("POST", path(soon, "/decline"), black_, nullptr, 409), "challenge_closed");
  EXPECT_EQ(api_.problem("POST", path(soon, "/cancel"), white_, nullptr, 409), "challenge_closed");
  EXPECT_EQ(ids(lists(black_)["incoming"]), std::vector<std::string>{later["id"]})
      << "only the challenge that has not expired is listed";
  EXPECT_EQ(ids(lists(white_)["outgoing"]), std::vector<std::string>{later["id"]});
  EXPECT_EQ(api_.expect("GET", path(later), black_)["status"], "open");
}

TEST_F(Challenges, OpenChallengesAreTakenByExactlyOneOtherPlayer) {
  const auto carol = api_.sign_up("carol");
  const auto dave = api_.sign_up("dave");
  const auto seek = challenge(white_, {{"color", "random"}, {"time_control", per_move(5)}});
  EXPECT_TRUE(seek["opponent"].is_null());
  EXPECT_EQ(seek["min_finished_games"], 0);
  EXPECT_EQ(ids(lists(carol)["open"]), std::vector<std::string>{seek["id"]});
  EXPECT_EQ(ids(lists(white_)["outgoing"]), std::vector<std::string>{seek["id"]});
  EXPECT_TRUE(lists(white_)["open"].empty()) << "one's own seeks are outgoing, not open";
  EXPECT_EQ(api_.problem("POST", path(seek, "/decline"), carol, nullptr, 403), "forbidden");

  // Carol and Dave accept at the same instant: one game, one 409.
  std::atomic<int> created{0}, closed{0};
  std::vector<std::thread> racers;
  for (const auto& token : {carol, dave}) {
    racers.emplace_back([&, token] {
      auto r = api_.call("POST", path(seek, "/accept"), token);
      if (r.status == 201) ++created;
      if (r.status == 409 && json::parse(r.body)["code"] == "challenge_closed") ++closed;
    });
  }
  for (auto& t : racers) t.join();
  EXPECT_EQ(created.load(), 1);
  EXPECT_EQ(closed.load(), 1);
  const auto taken = api_.expect("GET", path(seek), white_);
  EXPECT_EQ(taken["status"], "accepted");
  const auto g = api_.game(taken["game_id"], white_);
  const std::string acceptor = taken["decided_by"];
  EXPECT_TRUE(acceptor == "carol" || acceptor == "dave");
  EXPECT_EQ(taken["opponent"]["username"], acceptor);
  // Random colours: one each.
  const std::set<std::string> players = {g["white"]["username"], g["black"]["username"]};
  EXPECT_EQ(players, (std::set<std::string>{kWhite, acceptor}));
  EXPECT_EQ(g["time_control"]["type"], "per_move");
  EXPECT_TRUE(lists(carol)["open"].empty());

  // A seek for experienced players only.
  const auto picky = challenge(black_, {{"min_finished_games", 1}});
  EXPECT_TRUE(lists(carol)["open"].empty()) << "a seek carol may not take is not offered to her";
  EXPECT_EQ(api_.problem("POST", path(picky, "/accept"), carol, nullptr, 403), "forbidden");
  EXPECT_EQ(api_.expect("GET", path(picky), carol)["status"], "open");
  // A named challenge cannot carry the limit.
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", black_,
                         {{"opponent", "carol"},
                          {"min_finished_games", 1},
                          {"time_control", testing::iccf_control()}},
                         400),
            "validation_error");
}

TEST_F(Challenges, Chess960ChallengesGetAPositionWhenAccepted) {
  const auto given =
      challenge(white_, {{"opponent", kBlack}, {"variant", "chess960"}, {"start_position", 12}});
  auto g = api_.expect("POST", path(given, "/accept"), black_, nullptr, 201)["game"];
  EXPECT_EQ(g["variant"], "chess960");
  EXPECT_EQ(g["start_position"], 12);
  const auto drawn = challenge(white_, {{"opponent", kBlack}, {"variant", "chess960"}});
  EXPECT_FALSE(drawn.contains("start_position"));
  g = api_.expect("POST", path(drawn, "/accept"), black_, nullptr, 201)["game"];
  EXPECT_EQ(g["variant"], "chess960");
  ASSERT_TRUE(g["start_position"].is_number_integer()) << g.dump();
  EXPECT_NE(g["start_position"], 518);
}

TEST_F(Challenges, ARematchSwapsColoursAndNeedsAFinishedGame) {
  const auto c =
      challenge(white_, {{"opponent", kBlack}, {"color", "white"}, {"time_control", per_move(3)}});
  const std::string game_id =
      api_.expect("POST", path(c, "/accept"), black_, nullptr, 201)["game"]["id"];
  EXPECT_EQ(api_.problem("POST", "/api/v1/games/" + game_id + "/rematch", black_, nullptr, 409),
            "conflict")
      << "not before the game is over";
  const auto stranger = api_.sign_up("stranger");
  EXPECT_EQ(api_.problem("POST", "/api/v1/games/" + game_id + "/rematch", stranger, nullptr, 403),
            "forbidden");
  api_.expect("POST", "/api/v1/games/" + game_id + "/resign", white_);

  const auto again =
      api_.expect("POST", "/api/v1/games/" + game_id + "/rematch", black_, nullptr, 201);
  EXPECT_EQ(again["rematch_of"], game_id);
  EXPECT_EQ(again["opponent"]["username"], kWhite);
  EXPECT_EQ(again["color"], "white") << "black_player had Black, so asks for White";
  EXPECT_EQ(again["time_control"]["type"], "per_move");
  EXPECT_EQ(again["time_control"]["days"], 3);
  const auto g = api_.expect("POST", path(again, "/accept"), white_, nullptr, 201)["game"];
  EXPECT_EQ(g["white"]["username"], kBlack);
  EXPECT_EQ(g["black"]["username"], kWhite);
}

// A rematch keeps the game's rules, and whether it is rated: a casual game's rematch is
// casual, a rated game's rated.
TEST_F(Challenges, ARematchIsRatedOrCasualAsTheGameWas) {
  for (const bool rated : {false, true}) {
    const auto c = challenge(white_, {{"opponent", kBlack},
                                      {"rated", rated},
                                      {"draw_min_moves", 10},
                                      {"messages_allowed", false}});
    const std::string game_id =
        api_.expect("POST", path(c, "/accept"), black_, nullptr, 201)["game"]["id"];
    EXPECT_EQ(api_.expect("GET", "/api/v1/games/" + game_id + "/rating-preview", white_)["rated"],
              rated);
    api_.expect("POST", "/api/v1/games/" + game_id + "/resign", white_);
    const auto again =
        api_.expect("POST", "/api/v1/games/" + game_id + "/rematch", black_, nullptr, 201);
    EXPECT_EQ(again["rated"], rated) << again.dump();
    EXPECT_EQ(again["draw_min_moves"], 10);
    EXPECT_EQ(again["messages_allowed"], false);
    const std::string next =
        api_.expect("POST", path(again, "/accept"), white_, nullptr, 201)["game"]["id"];
    EXPECT_EQ(api_.expect("GET", "/api/v1/games/" + next + "/rating-preview", white_)["rated"],
              rated);
  }
}

TEST_F(Challenges, BadChallengesAreRefusedAndChangeNothing) {
  const auto refused = [&](const json& body, const std::string& what) {
    SCOPED_TRACE(what);
    EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", white_, body, 400), "validation_error");
  };
  const json control = testing::iccf_control();
  refused({{"opponent", kWhite}, {"time_control", control}}, "oneself");
  refused({{"opponent", "nobody_here"}, {"time_control", control}}, "unknown opponent");
  refused({{"opponent", kBlack}}, "no time control");
  refused({{"opponent", kBlack}, {"time_control", control}, {"color", "green"}}, "colour");
  refused({{"opponent", 7}, {"time_control", control}}, "opponent not a string");
  refused({{"opponent", kBlack}, {"time_control", control}, {"rated", "yes"}}, "rated");
  refused({{"opponent", kBlack}, {"time_control", per_move(181)}}, "above the server's bound");
  refused({{"opponent", kBlack},
           {"time_control", {{"type", "per_move"}, {"days", 3}, {"bank_days", 500}}}},
          "bank above the bound");
  refused({{"opponent", kBlack}, {"time_control", control}, {"start_at", "2030-01-01T00:00:00Z"}},
          "start_at");
  refused({{"opponent", kBlack}, {"time_control", control}, {"start_position", 3}},
          "start position of a standard game");
  refused({{"opponent", kBlack}, {"time_control", control}, {"expires_at", "2000-01-01T00:00:00Z"}},
          "expiry in the past");
  refused({{"opponent", kBlack}, {"time_control", control}, {"message", std::string(1001, 'x')}},
          "message too long");
  refused({{"opponent", kBlack}, {"time_control", control}, {"message", std::string("a\0b", 3)}},
          "NUL in the message");
  EXPECT_EQ(api_.call_text("POST", "/api/v1/challenges", white_, "{\"opponent\":").status, 400);
  EXPECT_EQ(api_.problem("GET", "/api/v1/challenges/abc", white_, nullptr, 404), "not_found");
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges/999999/accept", black_, nullptr, 404),
            "not_found");
  const auto c = challenge(white_, {{"opponent", kBlack}});
  EXPECT_EQ(api_.problem("POST", path(c, "/decline"), black_, {{"reason", 5}}, 400),
            "validation_error");
  EXPECT_EQ(api_.expect("GET", path(c), black_)["status"], "open");
  EXPECT_EQ(ids(lists(white_)["outgoing"]), std::vector<std::string>{c["id"]});
}

class ChallengeLimits : public Challenges {
 protected:
  ChallengeLimits()
      : Challenges(testing::director_env(true, {{"CORRCHESS_MAX_OPEN_CHALLENGES", "2"},
                                                {"CORRCHESS_MAX_ONGOING_GAMES", "1"},
                                                {"CORRCHESS_CHALLENGE_MAX_DAYS", "60"}})) {}
};

TEST_F(ChallengeLimits, TheServersLimitsAnswer409WithTheirOwnCodes) {
  const auto first = challenge(white_, {{"opponent", kBlack}});
  const auto second = challenge(white_, {{"opponent", kBlack}});
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", white_,
                         {{"opponent", kBlack}, {"time_control", testing::iccf_control()}}, 409),
            "too_many_challenges");
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", white_,
                         {{"opponent", kBlack}, {"time_control", per_move(61)}}, 400),
            "validation_error")
      << "CORRCHESS_CHALLENGE_MAX_DAYS";
  api_.expect("POST", path(first, "/accept"), black_, nullptr, 201);
  // Both now have the one unfinished game the server allows.
  EXPECT_EQ(api_.problem("POST", path(second, "/accept"), black_, nullptr, 409), "too_many_games");
  EXPECT_EQ(api_.expect("GET", path(second), black_)["status"], "open");
  EXPECT_EQ(api_.problem("POST", "/api/v1/challenges", black_,
                         {{"opponent", kWhite}, {"time_control", testing::iccf_control()}}, 409),
            "too_many_games");
  // An answered challenge no longer counts against the open limit.
  api_.expect("POST", path(second, "/cancel"), white_);
  EXPECT_EQ(api_.expect("GET", "/api/v1/games", white_)["games"].size(), 1u);
}

}  // namespace
}  // namespace corrchess
