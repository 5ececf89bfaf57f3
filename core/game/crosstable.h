// The crosstable of an all-play-all section (rules.md §5.2, §5.3): score, wins,
// Sonneborn-Berger and place of every player, ties broken by Baumbach, and a results matrix.
// A pure function of the players (in seed order) and the section's games.
//
// Scoring: win 1, draw ½, loss 0, double default 0 for both; a game never scores more than
// 1 point in total. Annulled or cancelled games (counts == false, or termination kAnnulled)
// and unfinished games (no result yet, including adjudication pending) are not scored.
// Points are kept in exact halves (score) and quarters (SB), never in floating point.
//
// - wins: games won, whatever the termination (over the board, on time, by default, by
//   adjudication) — every game that brought the player a full point.
// - Sonneborn-Berger: the sum over opponents of (points scored against them) × (opponent's
//   final score); defaults are treated like any other scored game.
// - Place (Baumbach): score, then wins, then SB, then the points scored in the games among
//   the players still tied (a mini-table). When the mini-table splits a group, it is applied
//   again to every smaller group still tied (the games between *those* players). Players
//   still tied after that share the place, shown as "3-4".
//
// Legend of the result markers (one per game, from the row player's point of view):
//   1  ½  0     won / drawn / lost (over the board, by agreement, by claim, ...)
//   1t ½t 0t    won / drawn / lost on time: time forfeit or time draw (rules §4.7)
//   1s    0s    won / lost by silence (no move for 40 days, rules §4.6)
//   1a ½a 0a    result decided by adjudication (rules §5.4)
//   +     -     won / lost by default (forfeit, not played out)
//   --          double default: 0-0, no points for either player
//   x           annulled or cancelled: not scored
//   .           not finished yet (in play or adjudication pending)
// In a double-round section a cell holds both games' markers separated by a space, in the
// order the games were given.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/types.h"
#include "core/error.h"
#include "core/game/facts.h"

namespace corrchess::game {

// One player of the section; index in the players list = seed index (seed number - 1).
struct CrosstablePlayer {
  std::string id;
  std::string name;
  // Withdrawn from the section by a director after its start (docs/rules.md 6.6): scored by
  // the results their games give, but never moves on (core/competition: places_moving_on).
  bool withdrawn = false;

  bool operator==(const CrosstablePlayer&) const = default;
};

// One game of the section as the crosstable needs it.
struct CrosstableGame {
  int white = 0;                     // seed index
  int black = 0;                     // seed index
  std::optional<GameResult> result;  // nullopt: not finished (in play, adjudication pending)
  std::optional<Termination> termination;
  bool counts = true;  // false: annulled or cancelled, never scored

  bool operator==(const CrosstableGame&) const = default;
};

// One line of the crosstable.
struct CrosstableRow {
  int seed = 0;  // seed index into the players list (seed number = seed + 1)
  std::string id;
  std::string name;
  int score_halves = 0;          // points × 2
  int wins = 0;                  // games won (see header)
  std::int64_t sb_quarters = 0;  // Sonneborn-Berger × 4
  int games = 0;                 // finished, scored games (double defaults included)
  int unfinished = 0;            // scored games not finished yet
  int place = 0;                 // 1-based; the best place of a shared place
  int place_last = 0;            // == place unless shared ("place-place_last")
  bool withdrawn = false;        // as the player's CrosstablePlayer::withdrawn
  // Per opponent, indexed by seed index: markers of the games against them (see legend),
  // "" for the player's own column or when the two have no game.
  std::vector<std::string> results;

  double score() const { return score_halves / 2.0; }
  double sb() const { return static_cast<double>(sb_quarters) / 4.0; }

  bool operator==(const CrosstableRow&) const = default;
};

// Rows in place order (shared places by seed).
struct Crosstable {
  std::vector<CrosstableRow> rows;

  bool operator==(const Crosstable&) const = default;
};

// Builds the crosstable. kValidationError when a game names a seed index out of range or a
// player against themselves.
Result<Crosstable> build_crosstable(std::span<const CrosstablePlayer> players,
                                    std::span<const CrosstableGame> games);

// Points (in halves) the game gives `side`: 2 win, 1 draw, 0 loss, double default, annulled
// or unfinished.
int game_points_halves(const CrosstableGame& game, chess::Color side);

// True when the game enters the score: counted, not annulled, and finished.
bool game_is_scored(const CrosstableGame& game);

// The marker of one game for `side` (see the legend): "1", "½t", "+", "--", "x", ".", ...
std::string game_marker(const CrosstableGame& game, chess::Color side);

// The legend of the markers, several lines of plain text ending with a newline.
std::string_view legend();

// Points as written in a crosstable: "0", "½", "3", "3½".
std::string format_points(int halves);

// SB as a decimal with no trailing zeros: "12", "12.5", "12.25", "0.75".
std::string format_sb(std::int64_t quarters);

// The place as shown: "3", or "3-4" when shared.
std::string place_text(const CrosstableRow& row);

// Fixed-width plain text (UTF-8; widths count code points): a header line, one line per row
// in place order with place, seed number, name, one column per opponent by seed number,
// score, wins and SB; then a blank line and the legend.
std::string render_crosstable_text(const Crosstable& table);

// A standalone HTML <table class="crosstable"> with the same columns; names and markers are
// HTML-escaped (& < > " ').
std::string render_crosstable_html(const Crosstable& table);

// Escapes & < > " ' for HTML text and attribute values.
std::string html_escape(std::string_view text);

}  // namespace corrchess::game
