// The Xfcc SOAP endpoint over HTTP with raw envelopes, against a real server and database:
// the WSDL, authentication (and its throttling), who may move in a game, the result codes
// of refused moves with the game left unchanged, moves, draw offers, messages, resignations
// and draw acceptances seen through the REST API, conditional replies and live events
// triggered by an Xfcc move, the answer's exact form, and malformed requests answered with
// SOAP faults.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <map>
#include <string>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::HttpResult;

constexpr const char* kPath = "/xfcc/XfccBasic.asmx";

std::string envelope(const std::string& operation) {
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?><soap:Envelope "
         "xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>" +
         operation + "</soap:Body></soap:Envelope>";
}

std::string get_my_games(const std::string& user, const std::string& password) {
  return envelope("<GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>" +
                  user + "</username><password>" + password + "</password></GetMyGames>");
}

struct Move {
  Move(std::string g, int n, std::string m)
      : game(std::move(g)), movecount(n), move(std::move(m)) {}
  Move& resigning() { return resign = true, *this; }
  Move& accepting() { return accept_draw = true, *this; }
  Move& offering() { return offer_draw = true, *this; }
  Move& claiming() { return claim_draw = true, *this; }
  Move& saying(std::string text) { return message = std::move(text), *this; }

  std::string game;
  int movecount = 1;
  std::string move;
  bool resign = false;
  bool accept_draw = false;
  bool offer_draw = false;
  bool claim_draw = false;
  std::string message;
};

std::string make_a_move(const std::string& user, const std::string& password, const Move& m) {
  auto b = [](bool v) { return v ? "1" : "0"; };
  return envelope("<MakeAMove xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>" +
                  user + "</username><password>" + password + "</password><gameId>" + m.game +
                  "</gameId><resign>" + b(m.resign) + "</resign><acceptDraw>" + b(m.accept_draw) +
                  "</acceptDraw><movecount>" + std::to_string(m.movecount) +
                  "</movecount><myMove>" + m.move + "</myMove><offerDraw>" + b(m.offer_draw) +
                  "</offerDraw><claimDraw>" + b(m.claim_draw) + "</claimDraw><myMessage>" +
                  m.message + "</myMessage></MakeAMove>");
}

// The text of the first element called `name` in an XML answer.
std::string element(const std::string& xml, const char* name) {
  pugi::xml_document doc;
  if (!doc.load_string(xml.c_str())) return "(not XML)";
  auto node = doc.select_node((std::string("//*[local-name()='") + name + "']").c_str());
  return node ? node.node().text().get() : "(none)";
}

// The text of element `name` of the XfccGame with id `id` in a GetMyGames answer; "(none)"
// when the game has no such element, "(no game)" when the game is not listed.
std::string game_element(const std::string& xml, const std::string& id, const char* name) {
  pugi::xml_document doc;
  if (!doc.load_string(xml.c_str())) return "(not XML)";
  for (auto g : doc.select_nodes("//*[local-name()='XfccGame']")) {
    if (std::string(g.node().child("id").text().get()) != id) continue;
    auto child = g.node().child(name);
    return child ? child.text().get() : "(none)";
  }
  return "(no game)";
}

class Xfcc : public testing::TwoPlayerTest {
 protected:
  HttpResult post(const std::string& body,
                  const std::string& content_type = "text/xml; charset=\"utf-8\"") {
    return server_.request("POST", kPath, body, {{"Content-Type", content_type}});
  }
  // The MakeAMoveResult of a move by `user` (the test's players share one password).
  std::string move(const std::string& user, const Move& m) {
    auto r = post(make_a_move(user, testing::kPlayerPassword, m));
    EXPECT_EQ(r.status, 200) << r.body;
    return element(r.body, "MakeAMoveResult");
  }
  json game(const std::string& id) { return api_.game(id, white_); }
};

TEST_F(Xfcc, ServesTheWsdlOfTheService) {
  auto r = server_.request("GET", std::string(kPath) + "?WSDL");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.headers["content-type"], "text/xml; charset=utf-8");
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(r.body.c_str()));
  // The address as the client reached the server (its Host header).
  EXPECT_NE(r.body.find(std::string("location=\"http://127.0.0.1") + kPath + "\""),
            std::string::npos)
      << r.body;
  EXPECT_NE(r.body.find("targetNamespace=\"http://www.bennedik.com/webservices/XfccBasic\""),
            std::string::npos);
  EXPECT_EQ(server_.request("GET", std::string(kPath) + "?wsdl").body, r.body);
  auto note = server_.request("GET", kPath);
  EXPECT_EQ(note.status, 200);
  EXPECT_NE(note.body.find("WSDL"), std::string::npos);
}

TEST_F(Xfcc, GetMyGamesListsTheGamesInTheFormClientsRead) {
  const auto id = create_game();
  api_.play(id, white_, "e4", {{"message", "hi"}});
  auto r = post(get_my_games(kBlack, testing::kPlayerPassword));
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.headers["content-type"], "text/xml; charset=utf-8");
  EXPECT_NE(r.body.find("<GetMyGamesResponse xmlns=\"http://www.bennedik.com/webservices/"
                        "XfccBasic\"><GetMyGamesResult><XfccGame><id>" +
                        id + "</id>"),
            std::string::npos)
      << r.body;
  EXPECT_EQ(element(r.body, "myTurn"), "true");
  EXPECT_EQ(element(r.body, "hasWhite"), "false");
  EXPECT_EQ(element(r.body, "moves"), "1. e4");
  EXPECT_EQ(element(r.body, "message"), "hi");
  EXPECT_EQ(element(r.body, "result"), "Ongoing");
  EXPECT_EQ(element(r.body, "timeControl"), "10/4320000");
  EXPECT_EQ(element(r.body, "setup"), "false");
  EXPECT_EQ(element(r.body, "daysPlayer"), "50");
  EXPECT_EQ(element(r.body, "white"), kWhite);
  EXPECT_NE(element(r.body, "gameLink").find("/api/v1/games/" + id), std::string::npos);
  // The other player sees the same game from the other side.
  auto w = post(get_my_games(kWhite, testing::kPlayerPassword));
  EXPECT_EQ(element(w.body, "myTurn"), "false");
  EXPECT_EQ(element(w.body, "hasWhite"), "true");
  EXPECT_EQ(element(w.body, "message"), "");
}

TEST_F(Xfcc, AuthenticationFailuresAreRefusedAndThrottledLikeLogins) {
  const auto id = create_game();
  auto denied = post(get_my_games(kWhite, "wrong-password"));
  EXPECT_EQ(denied.status, 500);
  EXPECT_NE(element(denied.body, "faultstring").find("AuthenticationFailed"), std::string::npos);
  EXPECT_EQ(move(kWhite, Move(id, 1, "e4")), "Success") << "the right password works";
  auto r = post(make_a_move(kBlack, "wrong-password", Move(id, 1, "e5")));
  EXPECT_EQ(element(r.body, "MakeAMoveResult"), "AuthenticationFailed");
  EXPECT_EQ(game(id)["ply"], 1);
  // The login throttle counts these: after the free attempts even the right password waits.
  HttpResult last;
  for (int i = 0; i < 6; ++i) last = post(get_my_games(kBlack, "wrong-password"));
  EXPECT_EQ(last.status, 500);
  EXPECT_NE(last.body.find("try again in"), std::string::npos) << last.body;
  EXPECT_FALSE(last.headers["retry-after"].empty());
  auto throttled = post(get_my_games(kBlack, testing::kPlayerPassword));
  EXPECT_NE(throttled.body.find("too many failed sign-ins"), std::string::npos) << throttled.body;
  EXPECT_EQ(api_.call("POST", "/api/v1/auth/login", "",
                      {{"username", kBlack}, {"password", testing::kPlayerPassword}})
                .status,
            429);
}

TEST_F(Xfcc, RefusedMovesAnswerTheirResultCodeAndChangeNothing) {
  const auto id = create_game();
  for (const char* m : {"Nf3", "Nf6", "d4", "d5"}) {
    api_.play(id, game(id)["to_move"] == "white" ? white_ : black_, m);
  }
  const auto before = game(id);
  const auto carol = api_.sign_up("carol");
  (void)carol;
  EXPECT_EQ(move("carol", Move(id, 3, "e3")), "NotYourGame");
  EXPECT_EQ(move(kWhite, Move("999999", 3, "e3")), "InvalidGameID");
  EXPECT_EQ(move(kWhite, Move("-4", 3, "e3")), "InvalidGameID");
  EXPECT_EQ(move(kBlack, Move(id, 3, "e6")), "NotYourTurn");
  EXPECT_EQ(move(kWhite, Move(id, 3, "Ke3")), "InvalidMove");
  EXPECT_EQ(move(kWhite, Move(id, 3, "zz9")), "InvalidMove");
  EXPECT_EQ(move(kWhite, Move(id, 3, "Nd2")), "MoveIsAmbigous");
  EXPECT_EQ(move(kWhite, Move(id, 2, "e3")), "InvalidMoveNumber") << "stale movecount";
  EXPECT_EQ(move(kWhite, Move(id, 4, "e3")), "InvalidMoveNumber");
  EXPECT_EQ(move(kWhite, Move(id, 3, "e3").accepting()), "NoDrawWasOffered");
  EXPECT_EQ(move(kWhite, Move(id, 3, "Ke3").claiming()), "InvalidMove")
      << "a claim whose intended move is illegal";
  EXPECT_EQ(game(id), before);
  EXPECT_EQ(move(kWhite, Move(id, 3, "Nbd2")), "Success");
  EXPECT_EQ(game(id)["ply"], 5);
}

TEST_F(Xfcc, MovesCarryDrawOffersAndMessagesAndTriggerConditionalReplies) {
  const auto id = create_game();
  // Black's socket hears White's Xfcc move as it hears any move.
  testing::WsClient black_socket(server_.port(), "/api/v1/ws?token=" + black_);
  ASSERT_TRUE(black_socket.connected());
  ASSERT_EQ(move(kWhite, Move(id, 1, "e4")), "Success");
  auto heard = black_socket.read_type("move");
  ASSERT_TRUE(heard.has_value());
  EXPECT_EQ((*heard)["game_id"], id);
  EXPECT_EQ((*heard)["move"]["san"], "e4");
  ASSERT_EQ(move(kBlack, Move(id, 1, "e5").saying("see &lt;you&gt;")), "Success");
  // Black's conditional line answers Nf3 with Nc6 in the same transaction as White's move.
  api_.expect("PUT", "/api/v1/games/" + id + "/conditional", black_,
              {{"lines", json::array({json::array({"Nf3", "Nc6"})})}});
  ASSERT_EQ(move(kWhite, Move(id, 2, "Nf3").offering()), "Success");
  EXPECT_TRUE(black_socket.read_type("draw_offer").has_value());
  auto g = game(id);
  ASSERT_EQ(g["ply"], 4);
  EXPECT_EQ(g["moves"][1]["message"], "see <you>");
  EXPECT_EQ(g["moves"][2]["san"], "Nf3");
  EXPECT_EQ(g["moves"][2]["offer_draw"], true);
  EXPECT_EQ(g["moves"][3]["san"], "Nc6");
  EXPECT_EQ(g["moves"][3]["conditional"], true);
  // Latin-1 bytes in a body labelled UTF-8 (as Scid sends them) arrive as text.
  ASSERT_EQ(move(kWhite, Move(id, 3, "Bb5")
                             .saying("Gr\xfc\xdf"
                                     "e\x01")),
            "Success");
  EXPECT_EQ(game(id)["moves"][4]["message"], "Grüße");
}

TEST_F(Xfcc, ResignAndAcceptDrawIgnoreTheMoveFieldsAndPostTheMessage) {
  const auto a = create_game();
  api_.play(a, white_, "e4");
  api_.play(a, black_, "e5");
  api_.play(a, white_, "Nf3", {{"offer_draw", true}});
  // Scid sends the last move on the board and its number along with the acceptance.
  EXPECT_EQ(move(kBlack, Move(a, 2, "Nf3").accepting().saying("fair")), "Success");
  auto g = game(a);
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["result"], "1/2-1/2");
  EXPECT_EQ(g["termination"], "agreement");
  auto thread = api_.expect("GET", "/api/v1/games/" + a + "/messages", white_);
  EXPECT_NE(thread.dump().find("fair"), std::string::npos) << thread.dump();
  EXPECT_EQ(element(post(get_my_games(kWhite, testing::kPlayerPassword)).body, "message"), "fair");

  const auto b = create_game();
  api_.play(b, white_, "d4");
  EXPECT_EQ(move(kWhite, Move(b, 1, "d4").resigning()), "Success") << "resigning out of turn";
  g = game(b);
  EXPECT_EQ(g["result"], "0-1");
  EXPECT_EQ(g["termination"], "resignation");
  EXPECT_EQ(move(kBlack, Move(b, 1, "d5")), "NotYourTurn") << "the game is over";
  auto r = post(get_my_games(kBlack, testing::kPlayerPassword));
  EXPECT_NE(r.body.find("<result>BlackWins</result>"), std::string::npos) << r.body;
  EXPECT_NE(r.body.find("<result>Draw</result>"), std::string::npos);
}

// docs/api.md: with resign and acceptDraw, movecount is ignored: a client that leaves it out
// (or sends something else there) resigns or accepts all the same; a move still needs it.
TEST_F(Xfcc, ResignAndAcceptDrawNeedNoMovecount) {
  const auto call = [&](const std::string& user, const std::string& id, const std::string& fields) {
    return post(
        envelope("<MakeAMove xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>" +
                 user + "</username><password>" + testing::kPlayerPassword + "</password><gameId>" +
                 id + "</gameId>" + fields + "</MakeAMove>"));
  };
  const auto a = create_game();
  api_.play(a, white_, "e4");
  api_.play(a, black_, "e5");
  api_.play(a, white_, "Nf3", {{"offer_draw", true}});
  auto refused = call(kBlack, a, "<myMove>Nc6</myMove>");
  EXPECT_EQ(refused.status, 500) << "a move without its movecount is a fault";
  EXPECT_NE(refused.body.find("missing movecount"), std::string::npos) << refused.body;
  EXPECT_EQ(game(a)["ply"], 3);
  auto accepted = call(kBlack, a, "<acceptDraw>true</acceptDraw>");
  EXPECT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_EQ(element(accepted.body, "MakeAMoveResult"), "Success") << accepted.body;
  EXPECT_EQ(game(a)["result"], "1/2-1/2");

  const auto b = create_game();
  api_.play(b, white_, "d4");
  auto resigned = call(kWhite, b, "<resign>1</resign><movecount></movecount>");
  EXPECT_EQ(resigned.status, 200) << resigned.body;
  EXPECT_EQ(element(resigned.body, "MakeAMoveResult"), "Success") << resigned.body;
  EXPECT_EQ(game(b)["result"], "0-1");
}

TEST_F(Xfcc, ACorrectClaimWithTheIntendedMoveDrawsByRepetition) {
  const auto id = create_game();
  for (const char* m : {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}) {
    api_.play(id, game(id)["to_move"] == "white" ? white_ : black_, m);
  }
  // Nf3 would bring the position after 1. Nf3 about for the third time.
  EXPECT_EQ(move(kWhite, Move(id, 5, "Nf3").claiming()), "Success");
  auto g = game(id);
  EXPECT_EQ(g["result"], "1/2-1/2");
  EXPECT_EQ(g["termination"], "repetition");
}

TEST_F(Xfcc, AMoveAfterTheTimeRanOutIsLostOnTimeAndOldGamesLeaveTheList) {
  const auto id = create_game();
  api_.advance_clock(td_, 52LL * 86400);  // past 40 days of silence and the 50 days
  EXPECT_EQ(move(kWhite, Move(id, 1, "e4")), "LostOnTime");
  EXPECT_EQ(move(kBlack, Move(id, 1, "e5")), "NotYourTurn");
  EXPECT_EQ(game(id)["result"], "0-1");
  auto r = post(get_my_games(kWhite, testing::kPlayerPassword));
  EXPECT_NE(r.body.find("<result>BlackWins</result>"), std::string::npos) << r.body;
  // Finished games stay listed for 30 days.
  api_.advance_clock(td_, 31LL * 86400);
  r = post(get_my_games(kWhite, testing::kPlayerPassword));
  EXPECT_NE(r.body.find("<GetMyGamesResult></GetMyGamesResult>"), std::string::npos) << r.body;
}

TEST_F(Xfcc, EnPassantIsPlainSanAndChess960GivesItsStart) {
  const auto id = create_game();
  for (const char* m : {"e4", "a6", "e5", "d5"}) {
    api_.play(id, game(id)["to_move"] == "white" ? white_ : black_, m);
  }
  ASSERT_EQ(move(kWhite, Move(id, 3, "exd6")), "Success");
  auto r = post(get_my_games(kWhite, testing::kPlayerPassword));
  EXPECT_EQ(element(r.body, "moves"), "1. e4 a6 2. e5 d5 3. exd6");

  const auto c = create_game({{"variant", "chess960"}, {"start_position", 12}});
  r = post(get_my_games(kBlack, testing::kPlayerPassword));
  const auto at = r.body.find("<id>" + c + "</id>");
  ASSERT_NE(at, std::string::npos);
  const auto x = r.body.substr(at, r.body.find("</XfccGame>", at) - at);
  EXPECT_NE(x.find("<setup>true</setup>"), std::string::npos) << x;
  EXPECT_NE(x.find("<variant>chess960</variant>"), std::string::npos);
  EXPECT_NE(x.find("<fen>" + game(c)["initial_fen"].get<std::string>() + "</fen>"),
            std::string::npos);
}

// GetMyGames carries the players' current published ratings (whiteElo, blackElo), their
// profile countries (whiteCountry, blackCountry) and an event game's round; each is left out
// when corrchess has no value for it.
TEST_F(Xfcc, GetMyGamesGivesRatingsCountriesAndTheRoundWhereKnown) {
  api_.set_clock(td_, "2030-01-05T12:00:00Z");
  api_.expect("PATCH", "/api/v1/me", white_, {{"country", "DE"}});
  const auto first = create_game();
  auto r = post(get_my_games(kWhite, testing::kPlayerPassword));
  ASSERT_EQ(r.status, 200) << r.body;
  for (const char* name : {"whiteElo", "blackElo", "round", "blackCountry"}) {
    EXPECT_EQ(game_element(r.body, first, name), "(none)") << name << ": " << r.body;
  }
  EXPECT_EQ(game_element(r.body, first, "whiteCountry"), "DE");

  // A rated game (created by the director) finished in January: the list of 2030-01 is
  // published when the month ends.
  api_.play(first, white_, "e4");
  api_.play(first, black_, "e5");
  api_.expect("POST", "/api/v1/games/" + first + "/resign", black_);
  api_.set_clock(td_, "2030-02-01T00:00:00Z");
  const json list = api_.await_rating_list(td_, "2030-01");
  ASSERT_FALSE(list.is_null()) << "no list 2030-01";
  std::map<std::string, long> rating;
  for (const auto& e : list["entries"]) {
    rating[e["username"].get<std::string>()] = std::lround(e["rating"].get<double>());
  }
  ASSERT_TRUE(rating.contains(kWhite) && rating.contains(kBlack)) << list.dump();
  EXPECT_GT(rating[kWhite], rating[kBlack]) << "white won";

  // An event game: its round, and both players' ratings; the country of the player without
  // one stays out.
  const auto started = api_.start_event(td_, api_.create_event(td_, "Xfcc Cup", {kWhite, kBlack}));
  const std::string in_event = started["id"];
  const std::string event_white = started["white"];
  const std::string event_black = event_white == kWhite ? kBlack : kWhite;
  r = post(get_my_games(kBlack, testing::kPlayerPassword));
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(game_element(r.body, in_event, "event"), "Xfcc Cup");
  EXPECT_EQ(game_element(r.body, in_event, "round"), "1");
  EXPECT_EQ(game_element(r.body, in_event, "whiteElo"), std::to_string(rating[event_white]));
  EXPECT_EQ(game_element(r.body, in_event, "blackElo"), std::to_string(rating[event_black]));
  EXPECT_EQ(game_element(r.body, in_event, event_white == kWhite ? "whiteCountry" : "blackCountry"),
            "DE");
  EXPECT_EQ(game_element(r.body, in_event, event_white == kWhite ? "blackCountry" : "whiteCountry"),
            "(none)");
  // The finished game outside events: ratings now, no round.
  EXPECT_EQ(game_element(r.body, first, "whiteElo"), std::to_string(rating[kWhite]));
  EXPECT_EQ(game_element(r.body, first, "blackElo"), std::to_string(rating[kBlack]));
  EXPECT_EQ(game_element(r.body, first, "round"), "(none)");
  // The elements come in the WSDL's order.
  const auto at = r.body.find("<id>" + in_event + "</id>");
  ASSERT_NE(at, std::string::npos);
  const auto x = r.body.substr(at, r.body.find("</XfccGame>", at) - at);
  EXPECT_LT(x.find("<eventDate>"), x.find("<whiteElo>"));
  EXPECT_LT(x.find("<blackElo>"), x.find("<timeControl>"));
  EXPECT_LT(x.find("<round>"), x.find("<setup>"));
  EXPECT_LT(x.find("<variant>"), x.find("Country>"));
}

// A player on approved leave cannot move over Xfcc either: YouAreOnLeave, and the game is
// unchanged; once the leave is over the same move is played.
TEST_F(Xfcc, AMoveOnLeaveIsYouAreOnLeaveAndChangesNothing) {
  api_.set_clock(td_, "2030-01-01T12:00:00Z");
  const auto id = create_game();
  auto period = api_.expect("POST", "/api/v1/me/leave", white_,
                            {{"start_date", "2030-01-03"}, {"end_date", "2030-01-05"}}, 201);
  ASSERT_EQ(period["status"], "approved");
  api_.set_clock(td_, "2030-01-03T12:00:00Z");
  const auto before = game(id);
  ASSERT_EQ(before["clocks"]["white"]["on_leave"], true) << before.dump();
  EXPECT_EQ(move(kWhite, Move(id, 1, "e4")), "YouAreOnLeave");
  EXPECT_EQ(move(kWhite, Move(id, 1, "e4").offering().saying("hello")), "YouAreOnLeave");
  EXPECT_EQ(game(id), before);
  EXPECT_TRUE(
      api_.expect("GET", "/api/v1/games/" + id + "/messages", white_).dump().find("hello") ==
      std::string::npos);
  api_.set_clock(td_, "2030-01-06T12:00:00Z");
  EXPECT_EQ(move(kWhite, Move(id, 1, "e4")), "Success");
  EXPECT_EQ(game(id)["ply"], 1);
}

TEST_F(Xfcc, MalformedRequestsAreSoapFaults) {
  for (const std::string& body :
       {std::string("garbage"), std::string("<a>"), envelope(""),
        envelope("<MakeAMove2 xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"/>"),
        std::string("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>"),
        std::string(70 * 1024, '<')}) {
    auto r = post(body);
    EXPECT_EQ(r.status, 500) << body.substr(0, 80);
    EXPECT_EQ(r.headers["content-type"], "text/xml; charset=utf-8");
    EXPECT_NE(r.body.find("<soap:Fault><faultcode>soap:Client</faultcode>"), std::string::npos)
        << r.body;
  }
  EXPECT_NE(post(envelope("<MakeAMove2 xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"/>"))
                .body.find("MakeAMove2 is not supported"),
            std::string::npos);
  // Past the server's body limit (1 MiB, refused before any route reads it) a fault too.
  auto huge = post(std::string(1100 * 1024, '<'));
  EXPECT_EQ(huge.status, 500);
  EXPECT_EQ(huge.headers["content-type"], "text/xml; charset=utf-8");
  EXPECT_NE(huge.body.find("<faultcode>soap:Client</faultcode>"), std::string::npos) << huge.body;
  EXPECT_NE(huge.body.find("request body exceeds 1048576 bytes"), std::string::npos) << huge.body;
  auto json_body = post("{}", "application/json");
  EXPECT_EQ(json_body.status, 415);
  EXPECT_EQ(server_.request("GET", "/healthz").status, 200) << "the server is still up";
}

}  // namespace
}  // namespace corrchess
