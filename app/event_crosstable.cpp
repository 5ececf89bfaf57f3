#include "app/event_crosstable.h"

#include <map>
#include <string>

namespace corrchess::app {

namespace {

// The section as the crosstable sees it: the seats' current occupants in seat order (a
// replaced player steps aside) and the games between their seed indexes.
struct SectionTable {
  std::vector<const model::EventPlayer*> occupants;
  std::vector<game::CrosstableGame> games;
};

// Game `g` between the seed indexes `white` and `black`.
game::CrosstableGame crosstable_game(const model::EventGame& g, int white, int black) {
  game::CrosstableGame cg;
  cg.white = white;
  cg.black = black;
  if (g.status == "finished") cg.result = g.result;
  cg.termination = g.termination;
  cg.counts = g.status != "annulled";
  return cg;
}

SectionTable section_table(const std::vector<model::EventPlayer>& players,
                           const std::vector<model::EventGame>& games) {
  std::map<int, const model::EventPlayer*> seats;
  for (const auto& p : players) {
    if (p.status != "replaced") seats[p.seat] = &p;
  }
  SectionTable out;
  std::map<int, int> index;  // seat -> seed index
  for (const auto& [seat, p] : seats) {
    index[seat] = static_cast<int>(out.occupants.size());
    out.occupants.push_back(p);
  }
  for (const auto& g : games) {
    if (!index.contains(g.white_seat) || !index.contains(g.black_seat)) continue;
    out.games.push_back(crosstable_game(g, index[g.white_seat], index[g.black_seat]));
  }
  return out;
}

}  // namespace

Result<game::Crosstable> section_crosstable(const std::vector<model::EventPlayer>& players,
                                            const std::vector<model::EventGame>& games) {
  const auto table = section_table(players, games);
  std::vector<game::CrosstablePlayer> table_players;
  for (const auto* p : table.occupants) {
    table_players.push_back({p->user.username, p->user.display_name, p->status == "withdrawn"});
  }
  return game::build_crosstable(table_players, table.games);
}

Result<competition::NormSection> section_norms(const std::vector<model::EventPlayer>& players,
                                               const std::vector<model::EventGame>& games,
                                               const competition::NormRules& rules) {
  // The seats' occupants in seed order, then the players they replaced: each game counts
  // between the two players who played it (rules.md 6.12), so a game the replaced player
  // finished is neither the replacement's nor played against the replacement's rating.
  const auto table = section_table(players, games);
  std::vector<competition::NormPlayer> norm_players;
  std::map<std::string, int> index;  // username -> index in norm_players
  for (const auto* p : table.occupants) {
    index[p->user.username] = static_cast<int>(norm_players.size());
    norm_players.push_back({p->start_rating, p->ladies});
  }
  for (const auto& p : players) {
    if (p.status != "replaced") continue;
    index[p.user.username] = static_cast<int>(norm_players.size());
    norm_players.push_back({p.start_rating, p.ladies, false});
  }
  std::vector<game::CrosstableGame> played;
  for (const auto& g : games) {
    const auto white = index.find(g.white);
    const auto black = index.find(g.black);
    if (white == index.end() || black == index.end()) continue;
    played.push_back(crosstable_game(g, white->second, black->second));
  }
  return competition::norm_section(norm_players, played, rules);
}

}  // namespace corrchess::app
