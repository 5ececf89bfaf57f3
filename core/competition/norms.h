// Categories, title norms and titles (rules.md §6.12). Pure functions; worked examples in
// tests/unit/norms_test.cpp.
//
// - Performance (the formula of issue #37, which is FIDE's, FIDE Handbook B.01 Title
//   Regulations effective 1 January 2024, §1.4.7-§1.4.9): Rp = Ra + dp, where Ra is the
//   average rating of the opponents, "rounded to the nearest whole number. The fraction 0.5 is
//   rounded upward" (§1.4.7 b), and dp comes from the table of §1.4.9 (identical to table
//   8.1(a) of the Rating Regulations, B.02) looked up with the percentage score, where "all
//   percentages are rounded to the nearest whole number. 0.5% is rounded up" (note under the
//   table). Everything is computed in integers: no floating point decides a norm.
// - A norm for a title is a performance at least the title's minimum (ICCF, "How to achieve
//   an ICCF Title": GM 2600, SIM 2525, IM 2450, LGM 2300, LIM 2150; all configurable) over at
//   least `min_games` (8) countable games: ICCF "Title Norms valid only in ICCF International
//   Title events with at least 8 games".
// - Countable games: a game decided by default (termination `default`, or a 0-0 double
//   default) and a game annulled, aborted or cancelled is removed from both the games and
//   the points (issue #37). Games against unrated opponents: see NormRules::unrated_rating.
// - Category (ICCF): from the average rating, rounded as above; category 1 = 2251-2275 and
//   each category is 25 points wide (category 7 = 2401-2425); below 2251 no category (0).
//   The section's category is that of all its rated players' average. Since 1 April 2017
//   ICCF gives each player individual norm targets from that player's own opponents (ICCF
//   notice "Changes to how title norms are determined", 24 March 2017); ICCF sums the
//   winning expectancies against them, corrchess takes their average with dp as issue #37
//   asks (the two can differ by half a point when the opponents' ratings are spread).
// - Title (ICCF Tournament Rules, the Grandmaster clause "(c) those players who gain at
//   least two grandmaster results in international title tournaments with a total of at
//   least 24 games", the same for the other titles): two norms over at least 24 games.
//   A norm for a title with a higher minimum performance also counts for a title with a lower
//   one (a GM norm is also an SIM and an IM norm: the same performance reaches them), but a
//   section counts only once per title.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/game/crosstable.h"

namespace corrchess::competition {

// ICCF titles earned by norms. Ladies' titles are for women only: whether a player may
// earn them is the caller's fact (NormPlayer::ladies, the `ladies` argument below).
enum class Title {
  kGM,   // (International Correspondence Chess) Grandmaster
  kSIM,  // Senior International Master
  kIM,   // International Master
  kLGM,  // Lady Grandmaster
  kLIM,  // Lady International Master
};

// Every title, open titles first, each group highest first: the order of lists below.
inline constexpr std::array<Title, 5> kTitles{Title::kGM, Title::kSIM, Title::kIM, Title::kLGM,
                                              Title::kLIM};

std::string_view to_string(Title title);  // "GM", "SIM", "IM", "LGM", "LIM"
// kValidationError naming the text otherwise.
Result<Title> parse_title(std::string_view text);
constexpr bool is_ladies_title(Title title) { return title == Title::kLGM || title == Title::kLIM; }

struct NormRules {
  // Minimum performance of a norm for each title (ICCF defaults).
  int gm = 2600;
  int sim = 2525;
  int im = 2450;
  int lgm = 2300;
  int lim = 2150;
  // A player's countable games in the section must be at least this many for any norm.
  int min_games = 8;
  // A title needs this many norms (from different sections) ...
  int title_norms = 2;
  // ... over at least this many countable games in total.
  int title_games = 24;
  // Unrated opponents. None (the default): a game against an unrated opponent does not
  // count for norms (removed from games and points, like a default), and unrated players
  // are left out of the section's average. A value: they count at this rating (FIDE, Title
  // Regulations §1.4.6 d, counts them at 1400). No ICCF text on this was found.
  std::optional<int> unrated_rating;

  bool operator==(const NormRules&) const = default;
};

// kValidationError unless every level is in 1000..3500 with GM >= SIM >= IM and LGM >= LIM,
// 1 <= min_games <= 200, 1 <= title_norms <= 10, 0 <= title_games <= 1000 and any
// unrated_rating is in 0..3500.
Result<void> validate(const NormRules& rules);

// The minimum performance of a norm for `title`.
int min_performance(const NormRules& rules, Title title);

// A server's norm rules written as "GM=2600,SIM=2525,IM=2450,LGM=2300,LIM=2150,min_games=8,
// title_norms=2,title_games=24,unrated=1400" (any subset, in any order; blanks around items
// ignored): each item replaces that value of `base`. kValidationError for an unknown name, a
// value that is not a whole number, a name given twice, or rules validate() refuses.
Result<NormRules> parse_norm_rules(std::string_view text, NormRules base = {});

// The FIDE conversion of a percentage score (0..100, as percent_score gives it) into a rating
// difference: 100 -> 800, 99 -> 677, 57 -> 50, 50 -> 0, 43 -> -50, 0 -> -800. Values outside
// 0..100 are clamped.
int dp(int percent);

// The percentage score of `halves` half points in `games` games (> 0), rounded to a whole
// percent, 0.5 up: 8 of 14 is 57 (57.14), 7½ of 14 is 54 (53.57), 1 of 8 is 13 (12.5).
int percent_score(int halves, int games);

// The average of `ratings` rounded to a whole number, 0.5 up; none for no ratings.
std::optional<int> average_rating(std::span<const int> ratings);

// Rp = Ra + dp(percent_score(halves, games)), `games` > 0.
int performance(int opponents_average, int halves, int games);

// The category of an average rating: 1 for 2251-2275, 2 for 2276-2300, ...; 0 below 2251.
int category(int average);
// The lowest average rating of a category >= 1: 2251 for 1, 2401 for 7.
int category_floor(int category);

// The smallest score, in half points, whose performance over `games` (> 0) games against
// opponents averaging `opponents_average` reaches `min_performance`; none when even a full
// score does not.
std::optional<int> points_needed_at(int opponents_average, int games, int min_performance);

// The same for the opponents of the countable games, one rating per game (a double-round
// opponent twice); none for no games.
std::optional<int> points_needed(std::span<const int> opponent_ratings, int min_performance);

// The norms a final score of `halves` against `opponent_ratings` (one per countable game)
// reaches, in kTitles order; ladies' titles only when `ladies`. None below min_games games.
std::vector<Title> norms_reached(std::span<const int> opponent_ratings, int halves,
                                 const NormRules& rules, bool ladies);

// ---- a section's norm lines ----

// One player of the section; index = seed index of the crosstable games. A player who gave
// their seat to a replacement is not seated: they are the opponent, at their own rating, in
// the games they played, and have neither a line nor a place in the section's average. The
// seated players come first, in seed order.
struct NormPlayer {
  std::optional<int> rating;  // none: unrated
  bool ladies = false;        // may earn ladies' titles
  bool seated = true;         // false: replaced (see above)

  bool operator==(const NormPlayer&) const = default;
};

// One title a player can still aim at in the section.
struct NormTarget {
  Title title = Title::kIM;
  int min_performance = 0;
  int halves_needed = 0;   // points needed out of all the countable games, in half points
  bool secured = false;    // the points already scored reach it
  bool reachable = false;  // the points scored plus every countable game still open reach it

  bool operator==(const NormTarget&) const = default;
};

struct NormLine {
  int seed = 0;
  int games = 0;                         // countable games: finished or still to be finished
  int finished = 0;                      // countable games finished
  int halves = 0;                        // points in the countable games finished, in half points
  std::optional<int> opponents_average;  // Ra of the countable games; none without any
  int category = 0;                      // the player's own category: that of Ra
  bool eligible = false;                 // games >= rules.min_games
  // For every title (ladies' titles only for a ladies' player) that a full score over the
  // countable games would reach, while eligible; kTitles order. "needs 8.0 of 14 for IM" is
  // halves_needed / 2 of `games`.
  std::vector<NormTarget> targets;
  // When every countable game is finished: the performance, and the norms it reaches (only
  // when eligible).
  std::optional<int> performance;
  std::vector<Title> norms;

  bool operator==(const NormLine&) const = default;
};

struct NormSection {
  std::optional<int> average;  // of the rated players (see NormRules::unrated_rating)
  int category = 0;
  std::vector<NormLine> lines;  // by seed index, the seated players only

  bool operator==(const NormSection&) const = default;
};

// The norm lines of an all-play-all section whose players (seed order) played `games`
// (unfinished games included: they are the points still to play), each game between the
// players who played it: a seat's games finished before a replacement are the replaced
// player's, not the replacement's. kValidationError for bad rules, a seed out of range, a
// player against themselves or a seated player after one who is not.
//
// The targets depend on which games count: should a game still open later end by default,
// it leaves the count and the targets are computed again without it, so "secured" holds for
// the games as they count now.
Result<NormSection> norm_section(std::span<const NormPlayer> players,
                                 std::span<const game::CrosstableGame> games,
                                 const NormRules& rules);

// ---- titles ----

// A norm a player holds: the title, the countable games of the section it was made in, and
// the section (any stable id). Several norms from one section (GM, SIM and IM of one result)
// count as one norm of that section.
struct HeldNorm {
  Title title = Title::kIM;
  int games = 0;
  std::string section;

  bool operator==(const HeldNorm&) const = default;
};

// The titles `norms` earn, in kTitles order (ladies' titles only when `ladies`): a title is
// earned by at least rules.title_norms sections holding a norm for it or for a title with an
// equal or higher minimum performance, whose games add up to at least rules.title_games.
// A title already earned is listed again: the caller records what is new.
std::vector<Title> titles_earned(std::span<const HeldNorm> norms, const NormRules& rules,
                                 bool ladies);

}  // namespace corrchess::competition
