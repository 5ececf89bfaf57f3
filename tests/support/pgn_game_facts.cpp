#include "tests/support/pgn_game_facts.h"

#include <fstream>
#include <sstream>

#include "core/chess/notation.h"
#include "tests/support/test_env.h"

namespace corrchess::testing {

using namespace game;

GameContext utc_context() {
  GameContext c;
  c.zone = TimeZone::utc();
  return c;
}

std::vector<chess::PgnGame> read_pgn_games(const std::string& name, std::size_t limit) {
  std::ifstream in(data_dir() + "/pgn/" + name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::vector<chess::PgnGame> games;
  for (auto& g : chess::read_pgn(ss.str())) {
    if (g && g->moves.size() >= 2) games.push_back(std::move(*g));
    if (games.size() == limit) break;
  }
  return games;
}

GameFacts pgn_game_facts(const chess::PgnGame& pgn) {
  GameFacts facts;
  facts.setup.time_control = IccfStandard{10, 50, std::nullopt};
  facts.setup.start_at = Timestamp(kPgnGameStart);
  if (pgn.start != chess::Position::startpos()) facts.setup.initial_fen = pgn.start.fen();
  chess::Position pos = pgn.start;
  Timestamp at(kPgnGameStart);
  for (std::size_t i = 0; i < pgn.moves.size(); ++i) {
    const int ply = static_cast<int>(i) + 1;
    at = at + 86'400 - 600 * static_cast<Seconds>(i % 5);
    MoveFact mf;
    mf.ply = ply;
    mf.uci = chess::to_uci(pos, pgn.moves[i].move);
    mf.at = at;
    mf.offer_draw = ply % 7 == 0;
    if (ply % 9 == 0) mf.message = "move " + std::to_string(ply);
    facts.moves.push_back(mf);
    pos.play(pgn.moves[i].move);
    if (mf.offer_draw && i + 1 < pgn.moves.size()) {
      GameEvent declined;
      declined.kind = EventKind::kDrawDeclined;
      declined.at = at + 60;
      declined.side = pos.side_to_move();
      declined.ply = ply;
      facts.events.push_back(declined);
    }
    if (ply % 11 == 0) {
      GameEvent adjusted;
      adjusted.kind = EventKind::kClockAdjusted;
      adjusted.at = at + 120;
      adjusted.side = pos.side_to_move();
      adjusted.ply = ply;
      adjusted.adjustment = AdjustmentKind::kAdjustRemaining;
      adjusted.seconds = 86'400;
      adjusted.reason = std::string("postal delay");
      adjusted.actor = std::string("td");
      facts.events.push_back(adjusted);
    }
  }
  return facts;
}

GameFacts facts_prefix(const GameFacts& all, int plies) {
  GameFacts p;
  p.setup = all.setup;
  p.moves.assign(all.moves.begin(), all.moves.begin() + plies);
  for (const auto& e : all.events) {
    if (e.ply < plies) p.events.push_back(e);
  }
  return p;
}

std::vector<GameEvent> events_between(const GameFacts& all, int first_ply, int last_ply) {
  std::vector<GameEvent> out;
  for (const auto& e : all.events) {
    if (e.ply >= first_ply && e.ply <= last_ply) out.push_back(e);
  }
  return out;
}

}  // namespace corrchess::testing
