// PGN reader and writer. Every file of tests/data/pgn/parser-edge-cases/ is read here and
// what it yields (games, plies, results, refusals) is pinned.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "tests/support/test_env.h"

namespace corrchess::chess {
namespace {

std::string edge_case_dir() { return corrchess::testing::data_dir() + "/pgn/parser-edge-cases"; }

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<Result<PgnGame>> read_edge_case(const std::string& name) {
  return read_pgn(slurp(edge_case_dir() + "/" + name));
}

// What a file is expected to yield, game by game.
struct Expect {
  int plies = -1;                            // -1: the game is refused
  std::string result;                        // when read
  ErrorCode error = ErrorCode::kInvalidPgn;  // when refused
  std::string detail_part;                   // when refused: a piece of the detail
};

Expect ok(int plies, std::string result) { return Expect{plies, std::move(result), {}, {}}; }
Expect refused(ErrorCode code, std::string part) { return Expect{-1, {}, code, std::move(part)}; }

struct FileCase {
  std::string file;
  std::vector<Expect> games;
};

const std::vector<FileCase>& edge_cases() {
  static const std::vector<FileCase> cases = {
      // "41... Z0" is a null move: the game cannot be read.
      {"anastasian-lewis.pgn", {refused(ErrorCode::kInvalidPgn, "41... Z0: 'Z0' is a null move")}},
      {"antichess-programfox.pgn",
       {refused(ErrorCode::kUnsupportedVariant, "Antichess"),
        refused(ErrorCode::kUnsupportedVariant, "Antichess")}},
      {"backslash_header.pgn", {ok(95, "1-0")}},
      {"basic.pgn", {ok(130, "1/2-1/2")}},
      // The FEN has a black queen on d8: 1...0-0-0 is illegal there (only O-O is possible).
      {"black2move.pgn", {refused(ErrorCode::kInvalidPgn, "1... 0-0-0")}},
      {"book.pgn", {ok(16, "1/2-1/2")}},
      // Ends "3. Nd4 Na6" without a termination marker: the Result tag stands.
      {"castling.pgn", {ok(6, "1/2-1/2")}},
      {"chessbase-empty-line.pgn", {ok(134, "0-1")}},
      {"comment_before_moves.pgn", {ok(139, "0-1")}},
      // The file stops in the middle of a move ("63. Kx").
      {"corrupted.pgn", {refused(ErrorCode::kInvalidPgn, "63. Kx")}},
      {"cutechess-fischerrandom.pgn",
       {ok(120, "0-1"), ok(99, "1-0"), ok(70, "0-1"), ok(107, "1-0")}},
      // dfrc.pgn: see DoubleFischerRandomStarts below (depends on FEN validation).
      {"empty_body.pgn", {ok(0, "*"), ok(252, "0-1")}},
      {"kasparov-deep-blue-1997.pgn",
       {ok(89, "1-0"), ok(89, "1-0"), ok(95, "1/2-1/2"), ok(111, "1/2-1/2"), ok(98, "1/2-1/2"),
        ok(37, "1-0")}},
      {"knightvuillaume-jannlee-zh-lichess.pgn",
       {refused(ErrorCode::kUnsupportedVariant, "Crazyhouse")}},
      {"molinari-bordais-1979.pgn", {ok(10, "0-1")}},
      {"multiple.pgn", {ok(130, "1/2-1/2"), ok(84, "1-0"), ok(176, "1/2-1/2"), ok(142, "1/2-1/2")}},
      {"nepomniachtchi-liren-game1.pgn", {ok(97, "1/2-1/2")}},
      {"newline.pgn", {ok(6, "1/2-1/2")}},
      {"no_moves.pgn", {ok(0, "1/2-1/2")}},
      {"no_moves_but_comment_followed_by_termination_marker.pgn", {ok(0, "0-1"), ok(0, "0-1")}},
      {"no_moves_but_game_termination.pgn", {ok(0, "0-1")}},
      // The termination marker (1/2-1/2) wins over the Result tag (0-1).
      {"no_moves_but_game_termination_2.pgn", {ok(0, "1/2-1/2")}},
      {"no_moves_but_game_termination_3.pgn", {ok(0, "*")}},
      {"no_moves_but_game_termination_multiple.pgn", {ok(0, "0-1"), ok(126, "0-1")}},
      {"no_moves_but_game_termination_multiple_2.pgn",
       {ok(0, "1/2-1/2"), ok(0, "1/2-1/2"), ok(0, "1/2-1/2")}},
      {"no_moves_two_games.pgn", {ok(0, "*"), ok(0, "*")}},
      {"no_result.pgn", {ok(0, "*")}},
      {"non_ascii.pgn", {ok(20, "1-0")}},
      {"saturs-jannlee-zh-lichess.pgn", {refused(ErrorCode::kUnsupportedVariant, "Crazyhouse")}},
      {"skip.pgn", {ok(130, "1/2-1/2"), ok(130, "1/2-1/2")}},
      {"square_bracket_in_header.pgn", {ok(130, "1/2-1/2")}},
      {"stockfish-learning.pgn", {ok(154, "1-0")}},
      {"threefold_repetition.pgn", {ok(9, "*")}},
      {"uci-moves.pgn", {ok(113, "1/2-1/2")}},
      {"unescaped_quote_header.pgn", {ok(20, "*")}},
      {"utf8-bom.pgn", {ok(0, "*"), ok(0, "*")}},
      {"variations.pgn", {ok(108, "1/2-1/2")}},
  };
  return cases;
}

TEST(PgnEdgeCases, EveryFileIsCovered) {
  std::set<std::string> covered{"dfrc.pgn"};
  for (const FileCase& c : edge_cases()) covered.insert(c.file);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(edge_case_dir())) {
    ++files;
    EXPECT_TRUE(covered.contains(entry.path().filename().string()))
        << entry.path().filename() << " has no pinned expectation";
  }
  EXPECT_EQ(files, 38);
  EXPECT_EQ(covered.size(), 38u);
}

TEST(PgnEdgeCases, EachFileYieldsWhatIsPinned) {
  for (const FileCase& c : edge_cases()) {
    SCOPED_TRACE(c.file);
    auto games = read_edge_case(c.file);
    ASSERT_EQ(games.size(), c.games.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
      SCOPED_TRACE("game " + std::to_string(i + 1));
      const Expect& e = c.games[i];
      if (e.plies < 0) {
        ASSERT_FALSE(games[i].has_value());
        EXPECT_EQ(games[i].error().code, e.error) << games[i].error().detail;
        EXPECT_NE(games[i].error().detail.find(e.detail_part), std::string::npos)
            << games[i].error().detail;
        EXPECT_TRUE(games[i].error().detail.starts_with("game " + std::to_string(i + 1)))
            << games[i].error().detail;
      } else {
        ASSERT_TRUE(games[i].has_value()) << games[i].error().detail;
        EXPECT_EQ(static_cast<int>(games[i]->moves.size()), e.plies);
        EXPECT_EQ(games[i]->result, e.result);
      }
    }
  }
}

TEST(PgnEdgeCases, PlyCountTagsAgreeWithTheMovesRead) {
  int checked = 0;
  for (const FileCase& c : edge_cases()) {
    for (auto& g : read_edge_case(c.file)) {
      if (!g) continue;
      auto ply_count = g->tag("PlyCount");
      // Files cut short on purpose (castling, newline, no_moves) keep the original PlyCount.
      if (!ply_count || c.file == "castling.pgn" || c.file == "newline.pgn" ||
          c.file == "no_moves.pgn") {
        continue;
      }
      EXPECT_EQ(std::stoi(*ply_count), static_cast<int>(g->moves.size())) << c.file;
      ++checked;
    }
  }
  EXPECT_GE(checked, 20);
}

TEST(PgnEdgeCases, DoubleFischerRandomStarts) {
  // Different arrays for White and Black (double Fischer Random). Games 1-2 are ordinary
  // Chess960 arrays. Games 3-4 (rooks or kings on different files for the two sides) are
  // read or refused as Position::from_fen decides; a refusal names the FEN tag.
  auto games = read_edge_case("dfrc.pgn");
  ASSERT_EQ(games.size(), 4u);
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (i < 2) {
      ASSERT_TRUE(games[i].has_value()) << games[i].error().detail;
    }
    if (games[i]) {
      EXPECT_TRUE(games[i]->start.is_chess960());
      EXPECT_TRUE(games[i]->moves.empty());
      EXPECT_EQ(games[i]->result, "*");
    } else {
      EXPECT_EQ(games[i].error().code, ErrorCode::kInvalidPgn);
      EXPECT_NE(games[i].error().detail.find("FEN tag"), std::string::npos);
    }
  }
  EXPECT_EQ(games[0]->start.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
}

TEST(PgnEdgeCases, TagValuesWithQuotesBackslashesAndBrackets) {
  // Each file's first game and the tag values it must read.
  const std::vector<std::pair<const char*, std::vector<std::pair<const char*, const char*>>>>
      cases = {
          {"backslash_header.pgn", {{"Event", "Tournament \\"}, {"Site", "Madrid ESP"}}},
          {"unescaped_quote_header.pgn",
           {{"Event", "Tournament \"Championship\" Finals"},
            {"Site", "Club \"Victory\""},
            {"White", "Smith, John \"The King\""},
            {"Black", "Jones, \"Lightning\" Mike"}}},
          {"square_bracket_in_header.pgn",
           {{"Event", "Batch 10: s20red4c4_t3 vs master[!important]"},
            {"Variation", "closing ] opening"},
            {"White", "New-cfe8\"dsadsa\"ce842c"}}},
          {"non_ascii.pgn", {{"Site", "Caf\xC3\xA9"}}},
      };
  for (const auto& [file, tags] : cases) {
    const auto games = read_edge_case(file);
    ASSERT_TRUE(games[0].has_value()) << file;
    for (const auto& [name, value] : tags)
      EXPECT_EQ(games[0]->tag(name), value) << file << " " << name;
  }
  auto n = read_edge_case("non_ascii.pgn");
  EXPECT_EQ(n[0]->tag("Black").value().substr(0, 2), "\xD0\x92");
}

TEST(PgnEdgeCases, BomIsSkippedAndTagsStayInFileOrder) {
  auto games = read_edge_case("utf8-bom.pgn");
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[0].has_value());
  ASSERT_FALSE(games[0]->tags.empty());
  EXPECT_EQ(games[0]->tags[0].name, "Event");
  EXPECT_EQ(games[0]->tags[0].value, "A");
  EXPECT_EQ(games[1]->tag("Event"), "B");
  EXPECT_EQ(games[0]->tags.back().name, "SourceVersionDate");
}

TEST(PgnEdgeCases, BlankLineInsideTheTagSection) {
  auto games = read_edge_case("chessbase-empty-line.pgn");
  ASSERT_TRUE(games[0].has_value());
  EXPECT_EQ(games[0]->tag("Event"), "AlphaZero vs. Stockfish");
  EXPECT_EQ(games[0]->tag("Black"), "AlphaZero");
  EXPECT_EQ(games[0]->tags.size(), 11u);
}

TEST(PgnEdgeCases, CommentsAndNags) {
  auto c = read_edge_case("comment_before_moves.pgn");
  ASSERT_TRUE(c[0].has_value());
  EXPECT_EQ(c[0]->comment,
            "The original result of the game (1-0) was overturned by an arbiter decision.");
  EXPECT_EQ(c[0]->moves[0].comment, "[%eval 0.2]");
  // 6... e6?! { [%eval 1.21] } { Inaccuracy. Bb7 was best. }
  const PgnMove& e6 = c[0]->moves[11];
  EXPECT_EQ(e6.text, "e6?!");
  EXPECT_EQ(e6.comment, "[%eval 1.21] Inaccuracy. Bb7 was best.");

  auto v = read_edge_case("variations.pgn");
  ASSERT_TRUE(v[0].has_value());
  EXPECT_EQ(v[0]->moves[3].nags, std::vector<int>{146});  // 2... b6 $146
  EXPECT_EQ(v[0]->moves[6].text, "fxe5");                 // 4. fxe5 (4. Nf3 f6 $5) skipped
  EXPECT_TRUE(v[0]->moves[6].nags.empty());
  EXPECT_EQ(v[0]->moves[7].text, "Nxe5");

  auto b = read_edge_case("basic.pgn");
  ASSERT_TRUE(b[0].has_value());
  EXPECT_EQ(b[0]->moves[0].comment, "+1.55/16 0.70s");
  EXPECT_TRUE(b[0]->start.fen().starts_with("rn1qk2r/pbpp2pp/4pn2/3P1p2/1bP5/2N2NP1/"));
  auto s = read_edge_case("skip.pgn");
  EXPECT_EQ(s[1]->moves.back().comment, "0.00/40 0.099s, Draw by insufficient mating material");
}

TEST(PgnEdgeCases, Chess960Games) {
  auto games = read_edge_case("cutechess-fischerrandom.pgn");
  ASSERT_TRUE(games[0].has_value());
  EXPECT_TRUE(games[0]->start.is_chess960());
  // 9... O-O and 21. O-O-O are Chess960 castlings.
  EXPECT_EQ(games[0]->moves[17].move.kind(), MoveKind::kCastling);
  EXPECT_EQ(games[0]->moves[40].move.kind(), MoveKind::kCastling);
}

TEST(PgnEdgeCases, UciMovetextIsReadAsFullySpecifiedSan) {
  auto games = read_edge_case("uci-moves.pgn");
  ASSERT_TRUE(games[0].has_value());
  const PgnGame& g = *games[0];
  EXPECT_EQ(g.moves[0].text, "g1f3");
  Position pos = g.start;
  for (int i = 0; i < 28; ++i) pos.play(g.moves[i].move);
  EXPECT_EQ(g.moves[28].text, "e1c1");
  EXPECT_EQ(g.moves[28].move.kind(), MoveKind::kCastling);
  EXPECT_EQ(to_san(pos, g.moves[28].move), "O-O-O");
}

// ---- hand-written PGN ----

TEST(PgnReader, ErrorsStayWithTheirGameAndReadingGoesOn) {
  const std::string text =
      "[Event \"one\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
      "[Event \"two\"]\n\n1. e4 -- 2. Nf3 *\n\n"
      "[Event \"three\"]\n\n1. e4 e5 2. Ke3 *\n\n"
      "[Event \"four\"]\n[Variant \"Atomic\"]\n\n1. e4 *\n\n"
      "[Event \"five\"]\n\n1. e4 { never closed\n\n"
      "[Event \"six\"]\n\n1. d4 *\n";
  auto games = read_pgn(text);
  ASSERT_EQ(games.size(), 5u);
  ASSERT_TRUE(games[0].has_value());
  EXPECT_EQ(games[0]->moves.size(), 4u);
  ASSERT_FALSE(games[1].has_value());
  EXPECT_EQ(games[1].error().code, ErrorCode::kInvalidPgn);
  EXPECT_EQ(games[1].error().detail, "game 2, move 1... --: '--' is a null move, not a legal move");
  ASSERT_FALSE(games[2].has_value());
  EXPECT_EQ(games[2].error().detail, "game 3, move 2. Ke3: 'Ke3' is not a legal move");
  ASSERT_FALSE(games[3].has_value());
  EXPECT_EQ(games[3].error().code, ErrorCode::kUnsupportedVariant);
  // An unterminated comment swallows the rest of the text: game five is refused, six is lost.
  ASSERT_FALSE(games[4].has_value());
  EXPECT_NE(games[4].error().detail.find("unterminated {comment}"), std::string::npos);
}

TEST(PgnReader, MissingBlankLinesAndMissingResults) {
  const std::string text =
      "[Event \"a\"]\n1.e4 e5 2.Nf3\n[Event \"b\"]\n1.d4 d5 1/2-1/2 [Event \"c\"]\n1.c4 0-1";
  auto games = read_pgn(text);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0]->moves.size(), 3u);
  EXPECT_EQ(games[0]->result, "*");
  EXPECT_EQ(games[1]->moves.size(), 2u);
  EXPECT_EQ(games[1]->result, "1/2-1/2");
  EXPECT_EQ(games[2]->tag("Event"), "c");
  EXPECT_EQ(games[2]->result, "0-1");
}

TEST(PgnReader, MovetextOddities) {
  const std::string text =
      "% escape line, ignored\n"
      "[Event \"x\"]\n\n"
      "1.e4! e5?! 2. Nf3 $1 Nc6 ; rest of line comment\n"
      "3.Bb5 (3. Bc4 {inside (a) variation} Bc5 (3... Nf6 4. d3)) 3...a6 !? 4. Ba4 Nf6\n"
      "5. O-O e.p. Be7 6.Re1 b5 7.Bb3 d6 1-0\n";
  auto games = read_pgn(text);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].has_value()) << games[0].error().detail;
  const PgnGame& g = *games[0];
  ASSERT_EQ(g.moves.size(), 14u);
  EXPECT_EQ(g.moves[0].text, "e4!");
  EXPECT_EQ(g.moves[2].nags, std::vector<int>{1});
  EXPECT_EQ(g.moves[3].comment, "rest of line comment");
  EXPECT_EQ(g.moves[4].text, "Bb5");
  EXPECT_EQ(g.moves[5].text, "a6");
  EXPECT_EQ(g.moves[5].nags, std::vector<int>{5});
  EXPECT_EQ(g.result, "1-0");
}

TEST(PgnReader, StartPositionFromFenAndVariantTags) {
  auto g = read_single_pgn(
      "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\n40. e4 Kd7 *\n");
  ASSERT_TRUE(g.has_value()) << g.error().detail;
  EXPECT_EQ(g->final_position().fen(), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 41");

  auto bad = read_single_pgn("[FEN \"not a fen\"]\n\n*\n");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, ErrorCode::kInvalidPgn);
  EXPECT_TRUE(bad.error().detail.starts_with("game 1: FEN tag: ")) << bad.error().detail;

  auto frc = read_single_pgn("[Variant \"Chess960\"]\n\n1. e4 *\n");
  ASSERT_TRUE(frc.has_value());
  EXPECT_TRUE(frc->start.is_chess960());  // no FEN: the standard array (Scharnagl 518)

  for (const char* v : {"Standard", "From Position", "chess", ""})
    EXPECT_EQ(is_chess960_variant(v), false);
  for (const char* v : {"Chess960", "chess 960", "fischerandom", "Fischer Random", "FRC"}) {
    EXPECT_EQ(is_chess960_variant(v), true) << v;
  }
  for (const char* v : {"Crazyhouse", "antichess", "Atomic", "King of the Hill", "Three-check",
                        "Horde", "Racing Kings", "suicide"}) {
    auto r = is_chess960_variant(v);
    ASSERT_FALSE(r.has_value()) << v;
    EXPECT_EQ(r.error().code, ErrorCode::kUnsupportedVariant);
  }
  // A crazyhouse game without a Variant tag fails on its first drop.
  auto zh = read_single_pgn("1. e4 d5 2. exd5 Qxd5 3. P@e4 *");
  ASSERT_FALSE(zh.has_value());
  EXPECT_EQ(zh.error().code, ErrorCode::kInvalidPgn);
}

TEST(PgnReader, SingleGameHelper) {
  EXPECT_FALSE(read_single_pgn("").has_value());
  EXPECT_FALSE(read_single_pgn("  \n\n").has_value());
  EXPECT_FALSE(read_single_pgn("1. e4 * 1. d4 *").has_value());
  EXPECT_TRUE(read_single_pgn("1. e4 *").has_value());
  PgnReader reader("1. e4 *\n\n1. d4 *\n");
  EXPECT_TRUE(reader.next().has_value());
  EXPECT_TRUE(reader.next().has_value());
  EXPECT_FALSE(reader.next().has_value());
  EXPECT_EQ(reader.games_seen(), 2);
}

TEST(PgnReader, TruncatedAndMangledInputNeverCrashes) {
  const std::string text = slurp(edge_case_dir() + "/comment_before_moves.pgn") + "\n" +
                           slurp(edge_case_dir() + "/variations.pgn");
  for (std::size_t n = 0; n <= text.size(); n += 7) {
    for (auto& g : read_pgn(text.substr(0, n))) {
      if (!g) {
        EXPECT_FALSE(g.error().detail.empty());
      }
    }
  }
  std::uint32_t seed = 12345;
  auto next = [&seed]() {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  const std::string alphabet = "{}()[];$%\"\\\n .-=+#!?0123456789abcdefghNBRQKOxPZ@";
  for (int round = 0; round < 300; ++round) {
    std::string mangled = text;
    for (int k = 0; k < 8; ++k) {
      mangled[next() % mangled.size()] = alphabet[next() % alphabet.size()];
    }
    for (auto& g : read_pgn(mangled)) {
      if (g) {
        EXPECT_TRUE(write_pgn(*g).has_value());
      } else {
        EXPECT_TRUE(g.error().code == ErrorCode::kInvalidPgn ||
                    g.error().code == ErrorCode::kUnsupportedVariant);
      }
    }
  }
}

// ---- writer ----

// Movetext lines (tag lines cannot be wrapped) are at most 80 characters.
bool lines_fit(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with("[") && line.size() > 80) return false;
  }
  return true;
}

void expect_same_game(const PgnGame& a, const PgnGame& b) {
  EXPECT_EQ(a.start, b.start);
  EXPECT_EQ(a.move_list(), b.move_list());
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.comment, b.comment);
  ASSERT_EQ(a.moves.size(), b.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    EXPECT_EQ(a.moves[i].comment, b.moves[i].comment) << i;
    EXPECT_EQ(a.moves[i].nags, b.moves[i].nags) << i;
  }
  for (const PgnTag& t : a.tags) {
    if (t.name == "Result" || t.name == "FEN" || t.name == "SetUp" || t.name == "Variant") {
      continue;
    }
    EXPECT_EQ(b.tag(t.name), t.value) << t.name;
  }
}

TEST(PgnWriter, EveryReadableEdgeCaseGameRoundTrips) {
  int games = 0;
  for (const auto& entry : std::filesystem::directory_iterator(edge_case_dir())) {
    for (auto& g : read_pgn(slurp(entry.path().string()))) {
      if (!g) continue;
      SCOPED_TRACE(entry.path().filename().string());
      auto text = write_pgn(*g);
      ASSERT_TRUE(text.has_value()) << text.error().detail;
      EXPECT_TRUE(lines_fit(*text));
      auto back = read_single_pgn(*text);
      ASSERT_TRUE(back.has_value()) << back.error().detail << "\n" << *text;
      expect_same_game(*g, *back);
      ++games;
    }
  }
  // 52 games, or 54 should Position::from_fen accept dfrc.pgn's games 3-4.
  EXPECT_TRUE(games == 52 || games == 54) << games;
}

TEST(PgnWriter, ExactOutput) {
  PgnGame g;
  g.set_tag("White", "Fischer, \"Bobby\"");
  g.set_tag("Black", "C:\\Spassky");
  g.set_tag("Event", "corr");
  g.set_tag("TimeControl", "10/50d");
  g.result = "1-0";
  Position pos = Position::startpos();
  for (const char* s : {"e4", "e5", "Nf3", "Nc6", "Bb5"}) {
    Move m = *parse_san(pos, s);
    g.moves.push_back(PgnMove{m, {}, {}, {}});
    pos.play(m);
  }
  g.moves[1].comment = "2024-05-01T10:00:00Z";
  g.moves[2].nags = {1};
  g.comment = "Ruy Lopez {by correspondence}";
  auto text = write_pgn(g);
  ASSERT_TRUE(text.has_value());
  EXPECT_EQ(*text,
            "[Event \"corr\"]\n"
            "[Site \"?\"]\n"
            "[Date \"????.??.??\"]\n"
            "[Round \"?\"]\n"
            "[White \"Fischer, \\\"Bobby\\\"\"]\n"
            "[Black \"C:\\\\Spassky\"]\n"
            "[Result \"1-0\"]\n"
            "[TimeControl \"10/50d\"]\n"
            "\n"
            "{Ruy Lopez {by correspondence)} 1. e4 e5 {2024-05-01T10:00:00Z} 2. Nf3 $1 Nc6\n"
            "3. Bb5 1-0\n");
}

TEST(PgnWriter, Chess960AndSetUpTagsAndBlackToMoveFirst) {
  auto start = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40");
  ASSERT_TRUE(start.has_value());
  PgnGame g;
  g.start = *start;
  Move kd7 = *parse_san(g.start, "Kd7");
  g.moves.push_back(PgnMove{kd7, {}, {}, {}});
  auto text = write_pgn(g);
  ASSERT_TRUE(text.has_value());
  EXPECT_NE(text->find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n"),
            std::string::npos);
  EXPECT_TRUE(text->ends_with("\n40... Kd7 *\n")) << *text;

  auto frc = Position::chess960_start(0);
  ASSERT_TRUE(frc.has_value());
  PgnGame f;
  f.start = *frc;
  auto ftext = write_pgn(f);
  ASSERT_TRUE(ftext.has_value());
  EXPECT_NE(ftext->find("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/"),
            std::string::npos);
  auto back = read_single_pgn(*ftext);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->start, *frc);
}

TEST(PgnWriter, IllegalMoveIsRefused) {
  PgnGame g;
  g.moves.push_back(PgnMove{Move(make_square(4, 1), make_square(4, 4)), {}, {}, {}});  // e2e5
  auto text = write_pgn(g);
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().code, ErrorCode::kIllegalMove);
}

TEST(PgnWriter, LongCommentsWrapAt80Columns) {
  PgnGame g;
  Position pos = Position::startpos();
  for (int i = 0; i < 40; ++i) {
    const char* s = (i % 4 == 0) ? "Nf3" : (i % 4 == 1) ? "Nf6" : (i % 4 == 2) ? "Ng1" : "Ng8";
    Move m = *parse_san(pos, s);
    PgnMove move{m, {}, {}, {}};
    if (i % 3 == 0) move.comment = std::string(30, 'x').append(" word");
    g.moves.push_back(std::move(move));
    pos.play(m);
  }
  g.moves[5].comment = std::string(120, 'y');  // one word longer than a line stands alone
  auto text = write_pgn(g);
  ASSERT_TRUE(text.has_value());
  std::istringstream in(*text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.find(std::string(120, 'y')) == std::string::npos) {
      EXPECT_LE(line.size(), 80u) << line;
    }
  }
  auto back = read_single_pgn(*text);
  ASSERT_TRUE(back.has_value());
  expect_same_game(g, *back);
}

}  // namespace
}  // namespace corrchess::chess
