#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/game/crosstable.h"
#include "core/game/tournament.h"

namespace corrchess::game {
namespace {

using chess::Color;

constexpr int kA = 0, kB = 1, kC = 2, kD = 3, kE = 4, kF = 5, kG = 6;

// The outcome of one pairing, independent of colours: `a` < `b` are seed indices.
struct PairOutcome {
  int a = 0;
  int b = 0;
  char winner = '=';  // 'a', 'b', '=' draw, 'd' double default, '.' unfinished, 'x' annulled
  Termination termination = Termination::kAgreement;
};

// Turns the outcome of a pair into the game as paired (white / black from the Berger table).
CrosstableGame game_for(const Pairing& p, const std::vector<PairOutcome>& outcomes) {
  const int a = std::min(p.white, p.black);
  const int b = std::max(p.white, p.black);
  const auto it = std::find_if(outcomes.begin(), outcomes.end(),
                               [&](const PairOutcome& o) { return o.a == a && o.b == b; });
  EXPECT_NE(it, outcomes.end()) << a << "-" << b;
  CrosstableGame g;
  g.white = p.white;
  g.black = p.black;
  if (it == outcomes.end()) return g;
  g.termination = it->termination;
  switch (it->winner) {
    case 'a': g.result = win_for(p.white == a ? Color::kWhite : Color::kBlack); break;
    case 'b': g.result = win_for(p.white == b ? Color::kWhite : Color::kBlack); break;
    case '=': g.result = GameResult::kDraw; break;
    case 'd': g.result = GameResult::kDoubleDefault; break;
    case '.': g.termination.reset(); break;
    case 'x':
      g.result = GameResult::kWhiteWins;  // the result it had before the director annulled it
      g.counts = false;
      break;
    default: ADD_FAILURE() << "bad outcome";
  }
  return g;
}

std::vector<CrosstablePlayer> seven_players() {
  return {{"p1", "Alice"}, {"p2", "Bob"},   {"p3", "Carol"}, {"p4", "Dave"},
          {"p5", "Eve"},   {"p6", "Frank"}, {"p7", "Grace"}};
}

// The 7-player section (A..G = seeds 1..7), one game per pair:
//   A-B 1-0 on time      A-C 1-0             A-D ½ agreed        A-E ½ repetition
//   A-F 1-0              A-G unfinished      B-C 1-0             B-D 1-0
//   B-E 0-1              B-F annulled        B-G 1-0             C-D 1-0 mate
//   C-E ½ adjudicated    C-F ½               C-G 1-0             D-E 1-0
//   D-F ½                D-G 1-0 by default  E-F 0-1             E-G 0-0 double default
//   F-G 0-1
std::vector<PairOutcome> seven_outcomes() {
  using T = Termination;
  return {
      {kA, kB, 'a', T::kTimeForfeit},  {kA, kC, 'a', T::kResignation},
      {kA, kD, '=', T::kAgreement},    {kA, kE, '=', T::kRepetition},
      {kA, kF, 'a', T::kCheckmate},    {kA, kG, '.', T::kAgreement},
      {kB, kC, 'a', T::kResignation},  {kB, kD, 'a', T::kResignation},
      {kB, kE, 'b', T::kCheckmate},    {kB, kF, 'x', T::kAnnulled},
      {kB, kG, 'a', T::kResignation},  {kC, kD, 'a', T::kCheckmate},
      {kC, kE, '=', T::kAdjudication}, {kC, kF, '=', T::kAgreement},
      {kC, kG, 'a', T::kResignation},  {kD, kE, 'a', T::kResignation},
      {kD, kF, '=', T::kFiftyMoves},   {kD, kG, 'a', T::kDefault},
      {kE, kF, 'b', T::kResignation},  {kE, kG, 'd', T::kDefault},
      {kF, kG, 'b', T::kResignation},
  };
}

std::vector<CrosstableGame> seven_games() {
  std::vector<CrosstableGame> games;
  const std::vector<PairOutcome> outcomes = seven_outcomes();
  for (const Pairing& p : berger_pairings(7, false)) games.push_back(game_for(p, outcomes));
  return games;
}

const CrosstableRow& row_of(const Crosstable& t, int seed) {
  const auto it = std::find_if(t.rows.begin(), t.rows.end(),
                               [seed](const CrosstableRow& r) { return r.seed == seed; });
  EXPECT_NE(it, t.rows.end());
  return *it;
}

TEST(Crosstable, SevenPlayerSectionHasTwentyOneGamesThreeWhitesEach) {
  const std::vector<CrosstableGame> games = seven_games();
  ASSERT_EQ(games.size(), 21u);
  std::vector<int> whites(7, 0);
  for (const CrosstableGame& g : games) ++whites[static_cast<std::size_t>(g.white)];
  // 6 games each: 3 whites (the "3 or 4" bound, and exactly 3 since 7 × 3 = 21).
  for (const int w : whites) EXPECT_EQ(w, 3);
}

TEST(Crosstable, SevenPlayerScoresWinsSbAndPlacesByHand) {
  const std::vector<CrosstablePlayer> players = seven_players();
  const std::vector<CrosstableGame> games = seven_games();
  const Result<Crosstable> table = build_crosstable(players, games);
  ASSERT_TRUE(table.has_value()) << table.error().detail;
  ASSERT_EQ(table->rows.size(), 7u);

  // Points (unfinished A-G and annulled B-F not scored; E-G double default 0 for both):
  //   A: B 1(t) + C 1 + D ½ + E ½ + F 1            = 4    wins 3 (B, C, F)
  //   B: A 0 + C 1 + D 1 + E 0 + G 1               = 3    wins 3 (C, D, G)
  //   C: A 0 + B 0 + D 1 + E ½(a) + F ½ + G 1      = 3    wins 2 (D, G)
  //   D: A ½ + B 0 + C 0 + E 1 + F ½ + G 1(def)    = 3    wins 2 (E, G)
  //   E: A ½ + B 1 + C ½ + D 0 + F 0 + G 0(dd)     = 2    wins 1 (B)
  //   F: A 0 + C ½ + D ½ + E 1 + G 0               = 2    wins 1 (E)
  //   G: B 0 + C 0 + D 0(def) + E 0(dd) + F 1      = 1    wins 1 (F)
  //   total 18 = 19 scored games - 1 double default (never more than 1 point a game).
  // Sonneborn-Berger (points vs opponent × opponent's score):
  //   A: 1×3(B) + 1×3(C) + ½×3(D) + ½×2(E) + 1×2(F) = 3 + 3 + 1.5 + 1 + 2 = 10.5
  //   B: 1×3(C) + 1×3(D) + 1×1(G)                  = 7
  //   C: 1×3(D) + ½×2(E) + ½×2(F) + 1×1(G)         = 3 + 1 + 1 + 1 = 6
  //   D: ½×4(A) + 1×2(E) + ½×2(F) + 1×1(G)         = 2 + 2 + 1 + 1 = 6
  //   E: ½×4(A) + 1×3(B) + ½×3(C)                  = 2 + 3 + 1.5 = 6.5
  //   F: ½×3(C) + ½×3(D) + 1×2(E)                  = 1.5 + 1.5 + 2 = 5
  //   G: 1×2(F)                                    = 2
  // Places: A 1st (4). B, C, D tie on 3: wins put B 2nd (3 wins against 2); C and D have
  // 2 wins and SB 6 each, so the game between them decides: C beat D -> C 3rd, D 4th.
  // E and F tie on 2 with 1 win each: SB 6.5 > 5 -> E 5th, F 6th. G 7th.
  struct Expected {
    int seed, score_halves, wins, sb_quarters, games, unfinished, place;
  };
  const Expected expected[] = {
      {kA, 8, 3, 42, 5, 1, 1}, {kB, 6, 3, 28, 5, 0, 2}, {kC, 6, 2, 24, 6, 0, 3},
      {kD, 6, 2, 24, 6, 0, 4}, {kE, 4, 1, 26, 6, 0, 5}, {kF, 4, 1, 20, 5, 0, 6},
      {kG, 2, 1, 8, 5, 1, 7},
  };
  for (std::size_t i = 0; i < 7; ++i) {
    const CrosstableRow& row = table->rows[i];
    const Expected& e = expected[i];
    SCOPED_TRACE(row.name);
    EXPECT_EQ(row.seed, e.seed);
    EXPECT_EQ(row.id, players[static_cast<std::size_t>(e.seed)].id);
    EXPECT_EQ(row.score_halves, e.score_halves);
    EXPECT_EQ(row.wins, e.wins);
    EXPECT_EQ(row.sb_quarters, e.sb_quarters);
    EXPECT_EQ(row.games, e.games);
    EXPECT_EQ(row.unfinished, e.unfinished);
    EXPECT_EQ(row.place, e.place);
    EXPECT_EQ(row.place_last, e.place);
  }
  EXPECT_DOUBLE_EQ(row_of(*table, kA).score(), 4.0);
  EXPECT_DOUBLE_EQ(row_of(*table, kA).sb(), 10.5);
  EXPECT_DOUBLE_EQ(row_of(*table, kE).sb(), 6.5);
  int total = 0;
  for (const CrosstableRow& r : table->rows) total += r.score_halves;
  EXPECT_EQ(total, 36);  // 18 points
}

TEST(Crosstable, SevenPlayerResultMarkers) {
  const Result<Crosstable> table = build_crosstable(seven_players(), seven_games());
  ASSERT_TRUE(table.has_value());
  using V = std::vector<std::string>;
  EXPECT_EQ(row_of(*table, kA).results, (V{"", "1t", "1", "½", "½", "1", "."}));
  EXPECT_EQ(row_of(*table, kB).results, (V{"0t", "", "1", "1", "0", "x", "1"}));
  EXPECT_EQ(row_of(*table, kC).results, (V{"0", "0", "", "1", "½a", "½", "1"}));
  EXPECT_EQ(row_of(*table, kD).results, (V{"½", "0", "0", "", "1", "½", "+"}));
  EXPECT_EQ(row_of(*table, kE).results, (V{"½", "1", "½a", "0", "", "0", "--"}));
  EXPECT_EQ(row_of(*table, kF).results, (V{"0", "x", "½", "½", "1", "", "0"}));
  EXPECT_EQ(row_of(*table, kG).results, (V{".", "0", "0", "-", "--", "1", ""}));
}

TEST(Crosstable, SevenPlayerPlainTextLines) {
  const Result<Crosstable> table = build_crosstable(seven_players(), seven_games());
  ASSERT_TRUE(table.has_value());
  const std::string text = render_crosstable_text(*table);
  // Columns: place (2) · no (2) · name (5) · 7 cells of width 2 · Score · Wins · SB (4).
  const char* const lines[] = {
      "Pl  No  Name   1  2  3  4  5  6  7   Score  Wins    SB\n",
      "1    1  Alice  #  1t 1  ½  ½  1  .       4     3  10.5\n",
      "2    2  Bob    0t #  1  1  0  x  1       3     3     7\n",
      "3    3  Carol  0  0  #  1  ½a ½  1       3     2     6\n",
      "4    4  Dave   ½  0  0  #  1  ½  +       3     2     6\n",
      "5    5  Eve    ½  1  ½a 0  #  0  --      2     1   6.5\n",
      "6    6  Frank  0  x  ½  ½  1  #  0       2     1     5\n",
      "7    7  Grace  .  0  0  -  -- 1  #       1     1     2\n",
  };
  std::string expected_table;
  for (const char* line : lines) {
    EXPECT_NE(text.find(line), std::string::npos) << "missing: " << line << "in:\n" << text;
    expected_table += line;
  }
  EXPECT_EQ(text.rfind(expected_table, 0), 0u) << text;  // the table starts the text
  EXPECT_NE(text.find(std::string(legend())), std::string::npos);
}

TEST(Crosstable, MutualGamesAreReappliedToTheGroupStillTied) {
  // Five players mid-event (A-E unfinished, B-C unfinished):
  //   A-B 1-0, C-A 1-0, A-D 1-0, D-B 1-0, E-B 1-0, C-D 1-0, E-C 1-0, D-E 1-0.
  // Scores: A 2 (B, D), B 0, C 2 (A, D), D 2 (B, E), E 2 (B, C); wins = scores.
  // SB: A 1×0(B) + 1×2(D) = 2; C 1×2(A) + 1×2(D) = 4; D 1×0(B) + 1×2(E) = 2;
  //     E 1×0(B) + 1×2(C) = 2.  -> C 1st; A, D, E tied on 2 / 2 / 2.
  // Mini-table of A, D, E: A 1 (beat D; A-E unfinished), D 1 (beat E), E 0 -> E 4th.
  // A and D are still tied: the game between them (A beat D) puts A 2nd and D 3rd.
  const std::vector<CrosstablePlayer> players = {
      {"a", "A"}, {"b", "B"}, {"c", "C"}, {"d", "D"}, {"e", "E"}};
  const auto won = [](int w, int b) {
    return CrosstableGame{w, b, GameResult::kWhiteWins, Termination::kResignation, true};
  };
  const std::vector<CrosstableGame> games = {
      won(0, 1),
      won(2, 0),
      won(0, 3),
      won(3, 1),
      won(4, 1),
      won(2, 3),
      won(4, 2),
      won(3, 4),
      CrosstableGame{0, 4, std::nullopt, std::nullopt, true},
      CrosstableGame{1, 2, std::nullopt, std::nullopt, true},
  };
  const Result<Crosstable> table = build_crosstable(players, games);
  ASSERT_TRUE(table.has_value());
  std::vector<int> order;
  std::vector<std::string> places;
  for (const CrosstableRow& r : table->rows) {
    order.push_back(r.seed);
    places.push_back(place_text(r));
  }
  EXPECT_EQ(order, (std::vector<int>{2, 0, 3, 4, 1}));
  EXPECT_EQ(places, (std::vector<std::string>{"1", "2", "3", "4", "5"}));
  EXPECT_EQ(row_of(*table, 0).sb_quarters, 8);
  EXPECT_EQ(row_of(*table, 2).sb_quarters, 16);
}

// Wins come before Sonneborn-Berger (rules.md 6.4), and both before the mutual game.
TEST(Crosstable, MoreWinsBeatAHigherSonnebornBerger) {
  // A beats C and D and loses to B; B draws C and D; C beats D.
  // Scores: A 2 (two wins), B 2 (one win), C 1½, D ½.
  // SB: A 1×1½(C) + 1×½(D) = 2; B 1×2(A) + ½×1½(C) + ½×½(D) = 3.
  // A is 1st on wins although B has the higher SB and won their game.
  const std::vector<CrosstablePlayer> players = {{"a", "A"}, {"b", "B"}, {"c", "C"}, {"d", "D"}};
  const auto game = [](int w, int b, GameResult r) {
    return CrosstableGame{w, b, r, Termination::kResignation, true};
  };
  const std::vector<CrosstableGame> games = {
      game(kA, kC, GameResult::kWhiteWins), game(kD, kA, GameResult::kBlackWins),
      game(kB, kA, GameResult::kWhiteWins), game(kB, kC, GameResult::kDraw),
      game(kD, kB, GameResult::kDraw),      game(kC, kD, GameResult::kWhiteWins),
  };
  const Result<Crosstable> table = build_crosstable(players, games);
  ASSERT_TRUE(table.has_value());
  std::vector<int> order;
  for (const CrosstableRow& r : table->rows) order.push_back(r.seed);
  EXPECT_EQ(order, (std::vector<int>{kA, kB, kC, kD}));
  EXPECT_EQ(row_of(*table, kA).wins, 2);
  EXPECT_EQ(row_of(*table, kB).wins, 1);
  EXPECT_EQ(row_of(*table, kA).sb_quarters, 8);   // 2
  EXPECT_EQ(row_of(*table, kB).sb_quarters, 12);  // 3
  EXPECT_EQ(place_text(row_of(*table, kA)), "1");
  EXPECT_EQ(place_text(row_of(*table, kB)), "2");
}

TEST(Crosstable, PlayersStillTiedSharePlaces) {
  // Four players, all six games drawn: 1½ each, no wins, SB ½×1½×3 = 2.25 each, and the
  // mini-table of the four is the whole table -> everybody "1-4".
  std::vector<CrosstablePlayer> players = {{"a", "A"}, {"b", "B"}, {"c", "C"}, {"d", "D"}};
  std::vector<CrosstableGame> games;
  for (const Pairing& p : berger_pairings(4, false)) {
    games.push_back({p.white, p.black, GameResult::kDraw, Termination::kAgreement, true});
  }
  Result<Crosstable> table = build_crosstable(players, games);
  ASSERT_TRUE(table.has_value());
  for (const CrosstableRow& r : table->rows) {
    EXPECT_EQ(r.score_halves, 3);
    EXPECT_EQ(r.sb_quarters, 9);
    EXPECT_EQ(place_text(r), "1-4");
  }
  EXPECT_EQ(table->rows[0].seed, 0);  // shared places list by seed
  EXPECT_EQ(table->rows[3].seed, 3);

  // Now A beats D instead: A 2, B 1½, C 1½, D 1. B and C: no wins, SB
  //   B = ½×2(A) + ½×1½(C) + ½×1(D) = 1 + 0.75 + 0.5 = 2.25, C the same; their game drawn
  //   -> they share "2-3".
  for (CrosstableGame& g : games) {
    if ((g.white == 0 && g.black == 3) || (g.white == 3 && g.black == 0)) {
      g.result = win_for(g.white == 0 ? Color::kWhite : Color::kBlack);
    }
  }
  table = build_crosstable(players, games);
  ASSERT_TRUE(table.has_value());
  EXPECT_EQ(place_text(row_of(*table, 0)), "1");
  EXPECT_EQ(place_text(row_of(*table, 1)), "2-3");
  EXPECT_EQ(place_text(row_of(*table, 2)), "2-3");
  EXPECT_EQ(place_text(row_of(*table, 3)), "4");
  EXPECT_EQ(row_of(*table, 1).sb_quarters, 9);
  const std::string text = render_crosstable_text(*table);
  EXPECT_NE(text.find("\n2-3   2  B"), std::string::npos) << text;
  EXPECT_NE(text.find("\n2-3   3  C"), std::string::npos) << text;
}

TEST(Crosstable, DoubleRoundCellsHoldBothGames) {
  const std::vector<CrosstablePlayer> players = {{"a", "A"}, {"b", "B"}};
  const std::vector<CrosstableGame> games = {
      {0, 1, GameResult::kWhiteWins, Termination::kCheckmate, true},
      {1, 0, GameResult::kDraw, Termination::kTimeDraw, true},
  };
  const Result<Crosstable> table = build_crosstable(players, games);
  ASSERT_TRUE(table.has_value());
  EXPECT_EQ(row_of(*table, 0).results[1], "1 ½t");
  EXPECT_EQ(row_of(*table, 1).results[0], "0 ½t");
  EXPECT_EQ(row_of(*table, 0).score_halves, 3);
  // SB: A 1½ against B (½) = 0.75; B ½ against A (1½) = 0.75.
  EXPECT_EQ(row_of(*table, 0).sb_quarters, 3);
  EXPECT_EQ(row_of(*table, 1).sb_quarters, 3);
}

TEST(Crosstable, MarkersFollowTheLegend) {
  const auto game = [](std::optional<GameResult> r, std::optional<Termination> t,
                       bool counts = true) {
    return CrosstableGame{0, 1, r, t, counts};
  };
  using R = GameResult;
  using T = Termination;
  EXPECT_EQ(game_marker(game(R::kWhiteWins, T::kSilence), Color::kWhite), "1s");
  EXPECT_EQ(game_marker(game(R::kWhiteWins, T::kSilence), Color::kBlack), "0s");
  EXPECT_EQ(game_marker(game(R::kBlackWins, T::kTimeForfeit), Color::kBlack), "1t");
  EXPECT_EQ(game_marker(game(R::kDraw, T::kTimeDraw), Color::kWhite), "½t");
  EXPECT_EQ(game_marker(game(R::kBlackWins, T::kAdjudication), Color::kWhite), "0a");
  EXPECT_EQ(game_marker(game(R::kBlackWins, T::kDefault), Color::kBlack), "+");
  EXPECT_EQ(game_marker(game(R::kBlackWins, T::kDefault), Color::kWhite), "-");
  EXPECT_EQ(game_marker(game(R::kDoubleDefault, T::kDefault), Color::kWhite), "--");
  EXPECT_EQ(game_marker(game(R::kDraw, std::nullopt), Color::kBlack), "½");
  EXPECT_EQ(game_marker(game(R::kDraw, T::kAgreement, false), Color::kBlack), "x");
  EXPECT_EQ(game_marker(game(std::nullopt, T::kAnnulled), Color::kBlack), "x");
  EXPECT_EQ(game_marker(game(std::nullopt, std::nullopt), Color::kWhite), ".");
  // Annulled and unfinished games score nothing; a double default scores 0 for both.
  EXPECT_EQ(game_points_halves(game(R::kWhiteWins, T::kAnnulled), Color::kWhite), 0);
  EXPECT_EQ(game_points_halves(game(R::kWhiteWins, T::kResignation, false), Color::kWhite), 0);
  EXPECT_EQ(game_points_halves(game(R::kDoubleDefault, T::kDefault), Color::kBlack), 0);
  EXPECT_FALSE(game_is_scored(game(std::nullopt, std::nullopt)));
  EXPECT_TRUE(game_is_scored(game(R::kDoubleDefault, T::kDefault)));
  for (const char* marker : {"1t", "1s", "1a", "+", "--", "x", "."}) {
    EXPECT_NE(legend().find(marker), std::string_view::npos) << marker;
  }
}

TEST(Crosstable, FormatsPointsAndSb) {
  EXPECT_EQ(format_points(0), "0");
  EXPECT_EQ(format_points(1), "½");
  EXPECT_EQ(format_points(6), "3");
  EXPECT_EQ(format_points(7), "3½");
  EXPECT_EQ(format_sb(0), "0");
  EXPECT_EQ(format_sb(3), "0.75");
  EXPECT_EQ(format_sb(42), "10.5");
  EXPECT_EQ(format_sb(49), "12.25");
  EXPECT_EQ(format_sb(48), "12");
}

TEST(Crosstable, RejectsGamesWithUnknownOrSamePlayer) {
  const std::vector<CrosstablePlayer> players = {{"a", "A"}, {"b", "B"}};
  const std::vector<CrosstableGame> out_of_range = {{0, 2, GameResult::kDraw, std::nullopt}};
  const std::vector<CrosstableGame> negative = {{-1, 0, GameResult::kDraw, std::nullopt}};
  const std::vector<CrosstableGame> self = {{1, 1, GameResult::kDraw, std::nullopt}};
  for (const auto* games : {&out_of_range, &negative, &self}) {
    const Result<Crosstable> t = build_crosstable(players, *games);
    ASSERT_FALSE(t.has_value());
    EXPECT_EQ(t.error().code, ErrorCode::kValidationError);
  }
  EXPECT_TRUE(build_crosstable({}, {}).has_value());
}

TEST(Crosstable, HtmlEscapesNames) {
  const std::vector<CrosstablePlayer> players = {
      {"a", "<script>alert(1)</script>"}, {"b", "Smith & \"Sons\""}, {"c", "O'Neil"}};
  const std::vector<CrosstableGame> games = {
      {0, 1, GameResult::kWhiteWins, Termination::kResignation},
      {1, 2, GameResult::kDraw, Termination::kAgreement},
  };
  const Result<Crosstable> table = build_crosstable(players, games);
  ASSERT_TRUE(table.has_value());
  const std::string html = render_crosstable_html(*table);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_EQ(html.find("\"Sons\""), std::string::npos);
  EXPECT_NE(html.find("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"), std::string::npos) << html;
  EXPECT_NE(html.find("<td>Smith &amp; &quot;Sons&quot;</td>"), std::string::npos) << html;
  EXPECT_NE(html.find("<td>O&#39;Neil</td>"), std::string::npos);
  EXPECT_EQ(html.rfind("<table class=\"crosstable\">", 0), 0u);
  EXPECT_NE(html.find("</table>\n"), std::string::npos);
  // A: 1 point, 1 win, SB 1×½ = 0.5; A and C have no game, so that cell is empty.
  EXPECT_NE(html.find("<tr><td>1</td><td>1</td><td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"
                      "<td class=\"self\"></td><td>1</td><td></td><td>1</td><td>1</td>"
                      "<td>0.5</td></tr>"),
            std::string::npos)
      << html;
  // B and C: ½ each, no wins, SB ½×½ = 0.25 each, their game drawn -> shared "2-3".
  EXPECT_NE(html.find("<tr><td>2-3</td><td>2</td>"), std::string::npos) << html;
}

}  // namespace
}  // namespace corrchess::game
