#include "app/event_crosstable.h"

#include <map>

namespace corrchess::app {

namespace {

// The section as the crosstable sees it: the seats' current occupants in seat order (a
// replaced player steps aside) and the games between their seed indexes.
struct SectionTable {
  std::vector<const model::EventPlayer*> occupants;
  std::vector<game::CrosstableGame> games;
};

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
    game::CrosstableGame cg;
    cg.white = index[g.white_seat];
    cg.black = index[g.black_seat];
    if (g.status == "finished") cg.result = g.result;
    cg.termination = g.termination;
    cg.counts = g.status != "annulled";
    out.games.push_back(cg);
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
  const auto table = section_table(players, games);
  std::vector<competition::NormPlayer> norm_players;
  for (const auto* p : table.occupants) norm_players.push_back({p->start_rating, p->ladies});
  return competition::norm_section(norm_players, table.games, rules);
}

}  // namespace corrchess::app
