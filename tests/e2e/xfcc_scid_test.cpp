// Xfcc with a real third-party client: Scid 4.7.4's own Xfcc code (Debian package scid,
// correspondence.tcl), run by Scid's interpreter tkscid through tests/e2e/xfcc_scid_driver.tcl,
// fetches a player's games from a real corrchess-server and sends moves, a message with
// non-ASCII text, a draw offer, a draw acceptance, a claim and a resignation; the game state
// seen through the REST API must match. The driver stands in for Scid's windows only: the
// SOAP requests and the reading of the answers are Scid's.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::shell_quote;

constexpr const char* kTkscid = "/usr/games/tkscid";

class ScidXfcc : public testing::TwoPlayerTest {
 protected:
  void SetUp() override {
    ASSERT_TRUE(fs::exists(kTkscid)) << "Scid is not installed: scripts/install-deps installs it";
    ASSERT_NO_FATAL_FAILURE(TwoPlayerTest::SetUp());
    work_ = fs::temp_directory_path() /
            ("xfcc-scid-" + std::to_string(::getpid()) + "-" + std::to_string(server_.port()));
    fs::remove_all(work_);
  }
  void TearDown() override { fs::remove_all(work_); }

  // Runs the driver as `user` (each user has a Scid folder of its own); its output.
  std::string scid(const std::string& user, const std::string& args,
                   const std::string& password = testing::kPlayerPassword) {
    const auto dir = work_ / user;
    fs::create_directories(dir);
    const std::string url =
        "http://127.0.0.1:" + std::to_string(server_.port()) + "/xfcc/XfccBasic.asmx";
    const auto driver = fs::path(testing::source_dir()) / "tests" / "e2e" / "xfcc_scid_driver.tcl";
    // A UTF-8 locale, so that Tcl reads the message argument as UTF-8 text.
    const auto run = testing::run_command(
        "cd " + shell_quote(dir.string()) + " && HOME=" + shell_quote(dir.string()) +
        " LC_ALL=C.UTF-8 timeout 60 " + kTkscid + " " + shell_quote(driver.string()) + " " +
        shell_quote(dir.string()) + " " + shell_quote(url) + " " + shell_quote(user) + " " +
        shell_quote(password) + " " + args + " 2>&1");
    EXPECT_EQ(run.exit_code, 0) << run.out;
    return run.out;
  }

  // The line of Scid's per-game state "GAME <id> <key> <value>" (its value), "" when absent.
  static std::string state(const std::string& out, const std::string& id, const std::string& key) {
    const std::string prefix = "GAME " + id + " " + key + " ";
    const auto at = out.find(prefix);
    if (at == std::string::npos) return "";
    const auto from = at + prefix.size();
    return out.substr(from, out.find('\n', from) - from);
  }
  static std::string line(const std::string& out, const std::string& prefix) {
    const auto at = out.find(prefix);
    if (at == std::string::npos) return "";
    const auto from = at + prefix.size();
    return out.substr(from, out.find('\n', from) - from);
  }

  json game(const std::string& id) { return api_.game(id, white_); }

  fs::path work_;
};

constexpr const char* kSuccess = "CONSOLE info Processing successfull!";

TEST_F(ScidXfcc, ScidFetchesGamesAndSendsMovesMessagesAndADrawAgreement) {
  const auto id = create_game();

  // White fetches: Scid writes the game to its inbox and keeps its state.
  auto out = scid(kWhite, "fetch");
  EXPECT_EQ(state(out, id, "myTurn"), "true") << out;
  EXPECT_EQ(state(out, id, "result"), "Ongoing");
  EXPECT_EQ(state(out, id, "drawOffered"), "false");
  EXPECT_EQ(state(out, id, "clockW"), "50d  0: 0") << "hasWhite read as true";
  EXPECT_EQ(state(out, id, "TimeControl"), "10 / 50d (ICCF)");
  EXPECT_EQ(out.find("MESSAGEBOX"), std::string::npos) << out;

  // White plays 1. e4 with a message.
  out = scid(kWhite, "move " + id + " e4 0 " + shell_quote("Good luck!"));
  EXPECT_NE(out.find("SENT 1 e4"), std::string::npos) << out;
  EXPECT_NE(out.find(kSuccess), std::string::npos) << out;
  auto g = game(id);
  ASSERT_EQ(g["ply"], 1);
  EXPECT_EQ(g["moves"][0]["san"], "e4");
  EXPECT_EQ(g["moves"][0]["message"], "Good luck!");

  // Black sees the move and the message, answers with non-ASCII text (Scid sends it as
  // Latin-1 bytes) and offers a draw.
  out = scid(kBlack, "move " + id + " e5 1 " + shell_quote("Grüße aus Köln, schöner Zug!"));
  EXPECT_EQ(line(out, "PGN " + id + " "), "1.e4") << out;
  EXPECT_EQ(state(out, id, "message"), "Good luck!");
  EXPECT_EQ(state(out, id, "myTurn"), "true");
  EXPECT_NE(out.find("SENT 1 e5"), std::string::npos) << out;
  EXPECT_NE(out.find(kSuccess), std::string::npos) << out;
  g = game(id);
  ASSERT_EQ(g["ply"], 2);
  EXPECT_EQ(g["moves"][1]["message"], "Grüße aus Köln, schöner Zug!");
  EXPECT_EQ(g["moves"][1]["offer_draw"], true);
  EXPECT_EQ(g["draw_offer"]["by"], "black");

  // White sees the offer and accepts it (Scid sends 1... e5 along: ignored).
  out = scid(kWhite, "acceptdraw " + id + " " + shell_quote("Agreed."));
  EXPECT_EQ(state(out, id, "drawOffered"), "true") << out;
  EXPECT_NE(out.find("SENT 1 e5"), std::string::npos) << out;
  EXPECT_NE(out.find(kSuccess), std::string::npos) << out;
  g = game(id);
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["result"], "1/2-1/2");
  EXPECT_EQ(g["termination"], "agreement");

  // Black's next fetch shows the draw; Scid writes the result into its PGN.
  out = scid(kBlack, "fetch");
  EXPECT_EQ(state(out, id, "result"), "Draw") << out;
  EXPECT_EQ(state(out, id, "message"), "Agreed.");
  EXPECT_EQ(state(out, id, "myTurn"), "false");
}

TEST_F(ScidXfcc, ScidResignsPlaysEnPassantAndIsToldOfRefusals) {
  const auto id = create_game();
  for (const char* m : {"e4", "a6", "e5", "d5"}) {
    api_.play(id, game(id)["to_move"] == "white" ? white_ : black_, m);
  }
  // En passant: Scid reads the position from the server's movetext and sends plain SAN.
  auto out = scid(kWhite, "move " + id + " exd6 0 ''");
  EXPECT_NE(out.find("SENT 3 exd6"), std::string::npos) << out;
  EXPECT_NE(out.find(kSuccess), std::string::npos) << out;
  EXPECT_EQ(game(id)["moves"][4]["san"], "exd6");

  // Black reads the capture back.
  out = scid(kBlack, "fetch");
  EXPECT_EQ(line(out, "PGN " + id + " "), "1.e4 a6 2.e5 d5 3.exd6") << out;
  EXPECT_EQ(line(out, "FEN " + id + " "),
            "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");

  // An illegal claim is refused; then Black resigns (Scid sends the last move along).
  out = scid(kBlack, "claimdraw " + id + " Nc6");
  EXPECT_NE(out.find("SENT 3 Nc6"), std::string::npos) << out;
  EXPECT_NE(out.find(kSuccess), std::string::npos) << "an incorrect claim plays the move\n" << out;
  auto g = game(id);
  EXPECT_EQ(g["ply"], 6);
  EXPECT_EQ(g["draw_offer"]["by"], "black") << "the rejected claim stands as an offer";

  out = scid(kWhite, "move " + id + " dxc7 0 ''");
  EXPECT_NE(out.find(kSuccess), std::string::npos) << out;
  // White sends a move for Black's side (Scid lets a player move either colour).
  out = scid(kWhite, "move " + id + " Qd7 0 ''");
  EXPECT_NE(out.find("CONSOLE info Not your turn!"), std::string::npos) << out;
  EXPECT_EQ(game(id)["ply"], 7);
  out = scid(kBlack, "resign " + id + " " + shell_quote("Well played."));
  EXPECT_NE(out.find(kSuccess), std::string::npos) << out;
  g = game(id);
  EXPECT_EQ(g["result"], "1-0");
  EXPECT_EQ(g["termination"], "resignation");
  // The message Scid sent with the resignation is in the game's thread, after the end (no
  // ply), by Black, for both players.
  for (const auto& token : {white_, black_}) {
    const auto thread = api_.expect("GET", "/api/v1/games/" + id + "/messages", token)["messages"];
    ASSERT_FALSE(thread.empty());
    const auto& last = thread.back();
    EXPECT_EQ(last["text"], "Well played.") << thread.dump();
    EXPECT_EQ(last["author"], kBlack);
    EXPECT_TRUE(last["ply"].is_null()) << thread.dump();
    EXPECT_EQ(std::count_if(thread.begin(), thread.end(),
                            [](const json& m) { return m["text"] == "Well played."; }),
              1)
        << "posted once: " << thread.dump();
  }
  out = scid(kWhite, "fetch");
  EXPECT_EQ(state(out, id, "result"), "WhiteWins") << out;
  EXPECT_EQ(state(out, id, "message"), "Well played.") << "White's Scid shows it too";

  // A wrong password: Scid tells the player to check the credentials.
  out = scid(kWhite, "fetch", "wrong-password");
  EXPECT_NE(out.find("Could not authenticate"), std::string::npos) << out;
}

}  // namespace
}  // namespace corrchess
