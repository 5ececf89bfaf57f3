// A repertoire imported as conditional moves (POST /games/{id}/conditional/import,
// docs/api.md "Importing a repertoire") and played by the conditional engine, over a real
// server and PostgreSQL.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

// Black's Sicilian from the initial position: White's alternatives are the variations.
constexpr const char* kSicilian =
    "[Event \"Sicilian\"]\n[White \"?\"]\n[Black \"me\"]\n\n"
    "1. e4 c5 2. Nf3 (2. c3 d5 3. exd5 Qxd5) (2. Nc3 Nc6 3. g3 g6 $1) 2... d6 3. d4 cxd4\n"
    "4. Nxd4 Nf6 5. Nc3 (5. f3 e5 6. Nb3 d5) 5... a6 {Najdorf} *\n\n"
    "[Event \"Not this game\"]\n\n1. d4 Nf6 2. c4 e6 *\n";

class RepertoireImport : public testing::TwoPlayerTest {
 protected:
  // A game after 1.e4 c5: White to move, Black may store conditional moves.
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(TwoPlayerTest::SetUp());
    id_ = create_game();
    ASSERT_FALSE(id_.empty());
    api_.play(id_, white_, "e4");
    api_.play(id_, black_, "c5");
  }

  testing::HttpResult import(const std::string& token, const json& body) const {
    return api_.call("POST", path("/conditional/import"), token, body);
  }
  std::string path(const std::string& tail) const { return "/api/v1/games/" + id_ + tail; }
  json stored_lines(const std::string& token) const {
    return api_.expect("GET", path("/conditional"), token)["lines"];
  }

  std::string id_;
};

const json kSicilianLines = json::array({
    json::array({"Nc3", "Nc6", "g3", "g6"}),
    json::array({"c3", "d5", "exd5", "Qxd5"}),
    json::array({"Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"}),
    json::array({"Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "f3", "e5", "Nb3", "d5"}),
});

// The acceptance item: a repertoire imported and played by the conditional engine.
TEST_F(RepertoireImport, ImportedRepertoireIsPlayedByTheConditionalEngine) {
  const int version = api_.game(id_, black_)["version"];
  // The preview stores nothing.
  auto preview = import(black_, {{"pgn", kSicilian}, {"dry_run", true}});
  ASSERT_EQ(preview.status, 200) << preview.body;
  const auto p = json::parse(preview.body);
  EXPECT_EQ(p["dry_run"], true);
  EXPECT_EQ(p["saved"], false);
  EXPECT_EQ(p["ply"], 2);
  EXPECT_EQ(p["lines"], kSicilianLines);
  EXPECT_EQ(p["counts"]["games"], 2);
  EXPECT_EQ(p["counts"]["lines_read"], 5);
  EXPECT_EQ(p["counts"]["lines_imported"], 4);
  EXPECT_EQ(p["counts"]["lines_skipped"], 1);
  EXPECT_EQ(p["counts"]["tree_lines"], 4);
  EXPECT_EQ(p["illegal"], json::array());
  EXPECT_EQ(p["conflicts"], json::array());
  EXPECT_EQ(stored_lines(black_), json::array());
  EXPECT_EQ(api_.game(id_, black_)["version"], version);

  // Saved, with the ply the preview was read at.
  auto saved = import(black_, {{"pgn", kSicilian}, {"dry_run", false}, {"ply", p["ply"]}});
  ASSERT_EQ(saved.status, 200) << saved.body;
  EXPECT_EQ(json::parse(saved.body)["saved"], true);
  EXPECT_EQ(stored_lines(black_), kSicilianLines);
  EXPECT_EQ(stored_lines(white_), json::array());  // only Black's

  // White plays down the f3 branch; every answer is the repertoire's, played at once.
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"Nf3", "d6"}, {"d4", "cxd4"}, {"Nxd4", "Nf6"}, {"f3", "e5"}, {"Nb3", "d5"}};
  int ply = 2;
  for (const auto& [theirs, mine] : expected) {
    auto played = api_.try_play(id_, white_, theirs);
    ASSERT_EQ(played.status, 200) << played.body;
    const auto g = json::parse(played.body);
    ply += 2;
    ASSERT_EQ(g["ply"], ply) << theirs << ": " << g["moves"].dump();
    EXPECT_EQ(g["moves"][ply - 2]["san"], theirs);
    EXPECT_EQ(g["moves"][ply - 1]["san"], mine);
    EXPECT_EQ(g["moves"][ply - 1]["conditional"], true);
    EXPECT_EQ(g["to_move"], "white");
  }
  // The line is used up: nothing is left, and White's next move waits for Black.
  EXPECT_EQ(stored_lines(black_), json::array());
  auto next = api_.try_play(id_, white_, "exd5");
  ASSERT_EQ(next.status, 200) << next.body;
  EXPECT_EQ(json::parse(next.body)["to_move"], "black");
}

// An opponent move the repertoire does not expect drops the lines, as stored lines do.
TEST_F(RepertoireImport, AnUnexpectedMoveLeavesTheRepertoire) {
  ASSERT_EQ(import(black_, {{"pgn", kSicilian}}).status, 200);
  auto played = api_.try_play(id_, white_, "b3");
  ASSERT_EQ(played.status, 200) << played.body;
  EXPECT_EQ(json::parse(played.body)["to_move"], "black");
  EXPECT_EQ(stored_lines(black_), json::array());
}

// Refusals change nothing: the stored lines and the game's version stay.
TEST_F(RepertoireImport, BadInputIsRefusedAndChangesNothing) {
  ASSERT_EQ(api_.call("PUT", path("/conditional"), black_,
                      {{"lines", json::array({json::array({"Nf3", "d6"})})}})
                .status,
            200);
  const json before = stored_lines(black_);
  const int version = api_.game(id_, black_)["version"];

  auto bad = import(black_, {{"pgn", "1. e4 c5\n2. Nf3 (2. c3 d5\n"}});
  EXPECT_EQ(bad.status, 400) << bad.body;
  const auto problem = json::parse(bad.body);
  EXPECT_EQ(problem["code"], "invalid_pgn");
  EXPECT_EQ(problem["line"], 2);
  EXPECT_EQ(problem["column"], 8);
  EXPECT_NE(problem["detail"].get<std::string>().find("line 2, column 8"), std::string::npos);

  EXPECT_EQ(api_.problem("POST", path("/conditional/import"), black_,
                         {{"pgn", "1. e4 {no end"}, {"dry_run", true}}, 400),
            "invalid_pgn");
  EXPECT_EQ(api_.problem("POST", path("/conditional/import"), black_, {{"dry_run", true}}, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("POST", path("/conditional/import"), black_,
                         {{"pgn", "[Variant \"crazyhouse\"]\n1. e4 *"}}, 400),
            "unsupported_variant");
  // Nothing of it reaches a reply of Black's: saving is refused, the lines stay.
  EXPECT_EQ(api_.problem("POST", path("/conditional/import"), black_, {{"pgn", "1. d4 d5 *"}}, 400),
            "validation_error");
  // White is to move: White cannot store conditional moves now.
  EXPECT_EQ(api_.problem("POST", path("/conditional/import"), white_, {{"pgn", kSicilian}}, 400),
            "validation_error");
  // Not a player of the game.
  const auto stranger = api_.sign_up("stranger");
  EXPECT_EQ(api_.problem("POST", path("/conditional/import"), stranger, {{"pgn", kSicilian}}, 403),
            "forbidden");
  // The game moved on since the ply the client saw.
  EXPECT_EQ(api_.problem("POST", path("/conditional/import"), black_,
                         {{"pgn", kSicilian}, {"ply", 1}}, 409),
            "stale_game");
  EXPECT_EQ(api_.problem("POST", "/api/v1/games/999999/conditional/import", black_,
                         {{"pgn", kSicilian}}, 404),
            "not_found");

  EXPECT_EQ(stored_lines(black_), before);
  EXPECT_EQ(api_.game(id_, black_)["version"], version);

  // Over: game_over, for the preview too.
  ASSERT_EQ(api_.call("POST", path("/resign"), white_).status, 200);
  EXPECT_EQ(api_.problem("POST", path("/conditional/import"), black_,
                         {{"pgn", kSicilian}, {"dry_run", true}}, 409),
            "game_over");
}

// Illegal moves and conflicts are reported in the preview with their places.
TEST_F(RepertoireImport, PreviewReportsIllegalMovesAndConflicts) {
  auto preview = import(black_, {{"pgn",
                                  "1. e4 c5 2. Nf3 d6 (2... Nc6 3. d4) 3. d4 Nf5 *\n"
                                  "1. e4 c5 2. Nc3 Nc6 *\n"},
                                 {"dry_run", true}});
  ASSERT_EQ(preview.status, 200) << preview.body;
  const auto p = json::parse(preview.body);
  EXPECT_EQ(p["lines"], json::array({json::array({"Nc3", "Nc6"}), json::array({"Nf3", "d6"})}));
  ASSERT_EQ(p["illegal"].size(), 1u);
  EXPECT_EQ(p["illegal"][0]["move"], "Nf5");
  EXPECT_EQ(p["illegal"][0]["game"], 1);
  EXPECT_EQ(p["illegal"][0]["line"], 1);
  EXPECT_EQ(p["illegal"][0]["column"], 43);
  EXPECT_EQ(p["illegal"][0]["before"], json::array({"e4", "c5", "Nf3", "d6", "d4"}));
  ASSERT_EQ(p["conflicts"].size(), 1u);
  EXPECT_EQ(p["conflicts"][0]["after"], json::array({"Nf3"}));
  EXPECT_EQ(p["conflicts"][0]["kept"], "d6");
  EXPECT_EQ(p["conflicts"][0]["dropped"], "Nc6");
  EXPECT_EQ(p["counts"]["illegal_moves"], 1);
  EXPECT_EQ(p["counts"]["conflicts"], 1);
}

}  // namespace
}  // namespace corrchess
