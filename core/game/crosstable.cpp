#include "core/game/crosstable.h"

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <string>
#include <tuple>
#include <utility>

namespace corrchess::game {
namespace {

using chess::Color;

constexpr std::string_view kHalf = "\xC2\xBD";  // "½" in UTF-8

constexpr std::string_view kLegend =
    "1 ½ 0     won / drawn / lost\n"
    "1t ½t 0t  won / drawn / lost on time (time forfeit, time draw)\n"
    "1s 0s     won / lost by silence (no move for 40 days)\n"
    "1a ½a 0a  decided by adjudication\n"
    "+ -       won / lost by default\n"
    "--        double default (0-0)\n"
    "x         annulled or cancelled, not scored\n"
    ".         not finished yet\n";

// Display width of UTF-8 text: one column per code point (continuation bytes don't count).
std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (const char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;
  }
  return width;
}

// One column of the plain-text table: width in code points, alignment, spaces before it.
struct TextColumn {
  std::size_t width = 0;
  bool right = false;
  std::size_t gap = 0;
};

// Appends one line of fields laid out in the columns, without trailing spaces.
void append_text_line(std::string& out, const std::vector<TextColumn>& columns,
                      const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t c = 0; c < columns.size() && c < fields.size(); ++c) {
    const TextColumn& column = columns[c];
    const std::size_t w = display_width(fields[c]);
    const std::size_t fill = w < column.width ? column.width - w : 0;
    line.append(column.gap, ' ');
    if (column.right) line.append(fill, ' ');
    line.append(fields[c]);
    if (!column.right) line.append(fill, ' ');
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  out.append(line);
  out.push_back('\n');
}

bool is_seed(int index, std::size_t count) {
  return index >= 0 && static_cast<std::size_t>(index) < count;
}

// Points scored by `player` in the scored games among `group` (halves). `in_group` is indexed
// by seed index.
int mini_points(int player, const std::vector<bool>& in_group,
                std::span<const CrosstableGame> games) {
  int halves = 0;
  for (const CrosstableGame& g : games) {
    if (!game_is_scored(g)) continue;
    if (g.white == player && in_group[static_cast<std::size_t>(g.black)]) {
      halves += game_points_halves(g, Color::kWhite);
    } else if (g.black == player && in_group[static_cast<std::size_t>(g.white)]) {
      halves += game_points_halves(g, Color::kBlack);
    }
  }
  return halves;
}

// Orders a group of players tied on score, wins and SB by their mini-table among themselves,
// re-applying it to every smaller group still tied. Appends the ranks, best first, to
// `ranks`; the players of one rank share a place. `group` is in seed order.
void resolve_by_mutual_games(const std::vector<int>& group, std::size_t player_count,
                             std::span<const CrosstableGame> games,
                             std::vector<std::vector<int>>& ranks) {
  if (group.size() < 2) {
    ranks.push_back(group);
    return;
  }
  std::vector<bool> in_group(player_count, false);
  for (const int p : group) in_group[static_cast<std::size_t>(p)] = true;
  std::vector<std::pair<int, int>> by_points;  // (mini points, seed)
  by_points.reserve(group.size());
  for (const int p : group) by_points.emplace_back(mini_points(p, in_group, games), p);
  std::stable_sort(by_points.begin(), by_points.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  if (by_points.front().first == by_points.back().first) {
    ranks.push_back(group);  // the mutual games don't separate anyone: a shared place
    return;
  }
  std::size_t i = 0;
  while (i < by_points.size()) {
    std::vector<int> sub;
    std::size_t j = i;
    while (j < by_points.size() && by_points[j].first == by_points[i].first) {
      sub.push_back(by_points[j].second);
      ++j;
    }
    std::sort(sub.begin(), sub.end());
    resolve_by_mutual_games(sub, player_count, games, ranks);
    i = j;
  }
}

}  // namespace

bool game_is_scored(const CrosstableGame& game) {
  return game.counts && !(game.termination && voids_game(*game.termination)) &&
         game.result.has_value();
}

int game_points_halves(const CrosstableGame& game, Color side) {
  if (!game_is_scored(game)) return 0;
  switch (*game.result) {
    case GameResult::kWhiteWins: return side == Color::kWhite ? 2 : 0;
    case GameResult::kBlackWins: return side == Color::kBlack ? 2 : 0;
    case GameResult::kDraw: return 1;
    case GameResult::kDoubleDefault: return 0;
  }
  return 0;
}

std::string game_marker(const CrosstableGame& game, Color side) {
  if (!game.counts || (game.termination && voids_game(*game.termination))) return "x";
  if (!game.result) return ".";
  if (*game.result == GameResult::kDoubleDefault) return "--";
  const int halves = game_points_halves(game, side);
  const std::string base = halves == 2 ? "1" : halves == 1 ? std::string(kHalf) : "0";
  if (!game.termination) return base;
  switch (*game.termination) {
    case Termination::kDefault:
      if (halves == 2) return "+";
      if (halves == 0) return "-";
      return base;  // a "drawn by default" cannot happen; show the plain draw
    case Termination::kTimeForfeit:
    case Termination::kTimeDraw: return base + "t";
    case Termination::kSilence: return base + "s";
    case Termination::kAdjudication: return base + "a";
    case Termination::kCheckmate:
    case Termination::kResignation:
    case Termination::kStalemate:
    case Termination::kDeadPosition:
    case Termination::kAgreement:
    case Termination::kRepetition:
    case Termination::kFiftyMoves:
    case Termination::kTablebase:
    case Termination::kAnnulled:
    case Termination::kAborted: return base;
  }
  return base;
}

std::string_view legend() { return kLegend; }

std::string format_points(int halves) {
  const bool negative = halves < 0;
  const int magnitude = negative ? -halves : halves;
  std::string out = negative ? "-" : "";
  if (magnitude / 2 != 0 || magnitude % 2 == 0) out += std::to_string(magnitude / 2);
  if (magnitude % 2 != 0) out += kHalf;
  return out;
}

std::string format_sb(std::int64_t quarters) {
  const bool negative = quarters < 0;
  const std::int64_t magnitude = negative ? -quarters : quarters;
  std::string out = negative ? "-" : "";
  out += std::to_string(magnitude / 4);
  switch (magnitude % 4) {
    case 1: out += ".25"; break;
    case 2: out += ".5"; break;
    case 3: out += ".75"; break;
    default: break;
  }
  return out;
}

std::string place_text(const CrosstableRow& row) {
  if (row.place_last == row.place) return std::to_string(row.place);
  return std::to_string(row.place) + "-" + std::to_string(row.place_last);
}

Result<Crosstable> build_crosstable(std::span<const CrosstablePlayer> players,
                                    std::span<const CrosstableGame> games) {
  const std::size_t n = players.size();
  for (std::size_t i = 0; i < games.size(); ++i) {
    const CrosstableGame& g = games[i];
    if (!is_seed(g.white, n) || !is_seed(g.black, n)) {
      return fail(ErrorCode::kValidationError,
                  "crosstable game " + std::to_string(i) + " names a player out of range");
    }
    if (g.white == g.black) {
      return fail(ErrorCode::kValidationError,
                  "crosstable game " + std::to_string(i) + " pairs a player with themselves");
    }
  }

  std::vector<CrosstableRow> rows(n);
  // points[i][j]: halves player i scored against player j.
  std::vector<std::vector<int>> points(n, std::vector<int>(n, 0));
  for (std::size_t i = 0; i < n; ++i) {
    rows[i].seed = static_cast<int>(i);
    rows[i].id = players[i].id;
    rows[i].name = players[i].name;
    rows[i].withdrawn = players[i].withdrawn;
    rows[i].results.assign(n, std::string());
  }
  for (const CrosstableGame& g : games) {
    const auto w = static_cast<std::size_t>(g.white);
    const auto b = static_cast<std::size_t>(g.black);
    for (const auto& [me, other, side] :
         {std::tuple{w, b, Color::kWhite}, std::tuple{b, w, Color::kBlack}}) {
      CrosstableRow& row = rows[me];
      std::string& cell = row.results[other];
      if (!cell.empty()) cell += ' ';
      cell += game_marker(g, side);
      if (!g.counts || (g.termination && voids_game(*g.termination))) continue;
      if (!g.result) {
        ++row.unfinished;
        continue;
      }
      const int halves = game_points_halves(g, side);
      ++row.games;
      row.score_halves += halves;
      points[me][other] += halves;
      if (halves == 2) ++row.wins;
    }
  }
  // SB in quarters: Σ (halves against j) × (j's score in halves).
  for (std::size_t i = 0; i < n; ++i) {
    std::int64_t sb = 0;
    for (std::size_t j = 0; j < n; ++j) {
      sb += static_cast<std::int64_t>(points[i][j]) * rows[j].score_halves;
    }
    rows[i].sb_quarters = sb;
  }

  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  const auto key = [&rows](int s) {
    const CrosstableRow& r = rows[static_cast<std::size_t>(s)];
    return std::tuple{r.score_halves, r.wins, r.sb_quarters};
  };
  std::stable_sort(order.begin(), order.end(), [&key](int a, int b) { return key(a) > key(b); });

  std::vector<std::vector<int>> ranks;
  for (std::size_t i = 0; i < order.size();) {
    std::vector<int> group;
    std::size_t j = i;
    while (j < order.size() && key(order[j]) == key(order[i])) group.push_back(order[j++]);
    resolve_by_mutual_games(group, n, games, ranks);
    i = j;
  }

  Crosstable table;
  table.rows.reserve(n);
  int next_place = 1;
  for (const std::vector<int>& rank : ranks) {
    const int last = next_place + static_cast<int>(rank.size()) - 1;
    for (const int s : rank) {
      CrosstableRow& row = rows[static_cast<std::size_t>(s)];
      row.place = next_place;
      row.place_last = last;
      table.rows.push_back(std::move(row));
    }
    next_place = last + 1;
  }
  return table;
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c; break;
    }
  }
  return out;
}

std::string render_crosstable_text(const Crosstable& table) {
  const std::size_t n = table.rows.size();
  // Columns: place, seed number, name, one per opponent by seed number, score, wins, SB.
  std::vector<TextColumn> columns;
  columns.push_back({display_width("Pl"), false, 0});
  columns.push_back({std::max<std::size_t>(2, std::to_string(n).size()), true, 2});
  columns.push_back({display_width("Name"), false, 2});
  for (std::size_t j = 0; j < n; ++j) {
    columns.push_back({std::to_string(n).size(), false, j == 0 ? std::size_t{2} : 1});
  }
  columns.push_back({display_width("Score"), true, 2});
  columns.push_back({display_width("Wins"), true, 2});
  columns.push_back({display_width("SB"), true, 2});

  std::vector<std::vector<std::string>> lines;
  lines.reserve(n + 1);
  std::vector<std::string> header{"Pl", "No", "Name"};
  for (std::size_t j = 0; j < n; ++j) header.push_back(std::to_string(j + 1));
  header.insert(header.end(), {"Score", "Wins", "SB"});
  lines.push_back(std::move(header));
  for (const CrosstableRow& row : table.rows) {
    std::vector<std::string> fields{place_text(row), std::to_string(row.seed + 1), row.name};
    for (std::size_t j = 0; j < n; ++j) {
      fields.push_back(j == static_cast<std::size_t>(row.seed) ? std::string("#") : row.results[j]);
    }
    fields.push_back(format_points(row.score_halves));
    fields.push_back(std::to_string(row.wins));
    fields.push_back(format_sb(row.sb_quarters));
    lines.push_back(std::move(fields));
  }
  for (const std::vector<std::string>& fields : lines) {
    for (std::size_t c = 0; c < columns.size() && c < fields.size(); ++c) {
      columns[c].width = std::max(columns[c].width, display_width(fields[c]));
    }
  }
  // All opponent columns share one width so the grid stays square.
  std::size_t cell_width = 0;
  for (std::size_t j = 0; j < n; ++j) cell_width = std::max(cell_width, columns[3 + j].width);
  for (std::size_t j = 0; j < n; ++j) columns[3 + j].width = cell_width;

  std::string out;
  for (const std::vector<std::string>& fields : lines) append_text_line(out, columns, fields);
  out += '\n';
  out += "#         own column\n";
  out += kLegend;
  return out;
}

std::string render_crosstable_html(const Crosstable& table) {
  const std::size_t n = table.rows.size();
  std::string out;
  const auto cell = [&out](std::string_view tag, std::string_view text) {
    out.append("<").append(tag).append(">").append(text).append("</").append(tag).append(">");
  };
  out.append("<table class=\"crosstable\">\n<thead>\n<tr>");
  cell("th", "Place");
  cell("th", "No");
  cell("th", "Name");
  for (std::size_t j = 0; j < n; ++j) cell("th", std::to_string(j + 1));
  cell("th", "Score");
  cell("th", "Wins");
  cell("th", "SB");
  out.append("</tr>\n</thead>\n<tbody>\n");
  for (const CrosstableRow& row : table.rows) {
    out.append("<tr>");
    cell("td", place_text(row));
    cell("td", std::to_string(row.seed + 1));
    cell("td", html_escape(row.name));
    for (std::size_t j = 0; j < n; ++j) {
      if (j == static_cast<std::size_t>(row.seed)) {
        out.append("<td class=\"self\"></td>");
      } else {
        cell("td", html_escape(row.results[j]));
      }
    }
    cell("td", format_points(row.score_halves));
    cell("td", std::to_string(row.wins));
    cell("td", format_sb(row.sb_quarters));
    out.append("</tr>\n");
  }
  out.append("</tbody>\n</table>\n");
  return out;
}

}  // namespace corrchess::game
