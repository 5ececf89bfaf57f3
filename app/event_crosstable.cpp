#include "app/event_crosstable.h"

#include <map>

namespace corrchess::app {

Result<game::Crosstable> section_crosstable(const std::vector<model::EventPlayer>& players,
                                            const std::vector<model::EventGame>& games) {
  // Seats in order, each with its current occupant (a replaced player steps aside).
  std::map<int, const model::EventPlayer*> seats;
  for (const auto& p : players) {
    if (p.status != "replaced") seats[p.seat] = &p;
  }
  std::map<int, int> index;  // seat -> seed index
  std::vector<game::CrosstablePlayer> table_players;
  for (const auto& [seat, p] : seats) {
    index[seat] = static_cast<int>(table_players.size());
    table_players.push_back({p->user.username, p->user.display_name});
  }
  std::vector<game::CrosstableGame> table_games;
  for (const auto& g : games) {
    if (!index.contains(g.white_seat) || !index.contains(g.black_seat)) continue;
    game::CrosstableGame cg;
    cg.white = index[g.white_seat];
    cg.black = index[g.black_seat];
    if (g.status == "finished") cg.result = g.result;
    cg.termination = g.termination;
    cg.counts = g.status != "annulled";
    table_games.push_back(cg);
  }
  return game::build_crosstable(table_players, table_games);
}

}  // namespace corrchess::app
