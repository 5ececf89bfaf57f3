// corrchess-command-cost: the rules' share of a move's cost, early and late in a game.
//
// The server keeps each game as its snapshot (core/game/snapshot.h) and runs a move as two
// commands (app/game_store.cpp): a submit replays the snapshot at "now" and checks the move;
// an accept replays it again, appends the move (Game::extend) and keeps the new snapshot.
// This program does exactly that core work, in one thread and without a database, for the
// moves after ply 10 and after ply 300 of the same game, and prints the time per move of
// each and their ratio: the part of bench/load's flat-cost check that is the rules' own
// (the target there is 1.2 for server and PostgreSQL together). It also plays the early moves
// as a server that keeps the game in memory between commands (time_moves with keep) and prints
// that over the replays.
//
//   corrchess-command-cost [--late PLY] [--moves M] [--rounds R]
//
// The game is bench/load's default line (line.h): the king's knights out and back, and one
// pawn step a side every 13 moves, one move an hour.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "core/game/game.h"
#include "core/game/snapshot.h"
#include "line.h"

namespace {

using namespace corrchess;

// The UCI moves of bench/load's default line (line.h), `plies` of them.
std::vector<std::string> line_of(int plies) {
  std::vector<std::string> line;
  auto pos = chess::Position::startpos();
  for (int ply = 1; ply <= plies; ++ply) {
    const auto move = chess::parse_move(pos, corrchess::bench::move_of(ply, true));
    if (!move) {
      std::fprintf(stderr, "the line has no legal move at ply %d\n", ply);
      std::exit(1);
    }
    line.push_back(chess::to_uci(pos, *move));
    pos = pos.after(*move);
  }
  return line;
}

game::Timestamp instant_of(int ply) { return game::Timestamp(1'800'000'000 + 3600LL * ply); }

game::MoveFact fact_of(int ply, const std::string& uci) {
  game::MoveFact m;
  m.ply = ply;
  m.uci = uci;
  m.at = instant_of(ply);
  return m;
}

// The snapshot a server keeps after `plies` moves of `line`.
game::GameFacts snapshot_after(const std::vector<std::string>& line, int plies,
                               const game::GameContext& context) {
  game::GameFacts facts;
  facts.setup.start_at = instant_of(0);
  for (int p = 1; p <= plies; ++p) facts.moves.push_back(fact_of(p, line[p - 1]));
  auto full = game::Game::replay(facts, context, instant_of(plies));
  if (!full) {
    std::fprintf(stderr, "replay: %s\n", full.error().detail.c_str());
    std::exit(1);
  }
  return game::windowed_facts(std::move(facts), full->snapshot_window());
}

// Plays moves from+1 .. from+moves of `line` on the snapshot as the server does; returns the
// nanoseconds per move. With `keep`, as a server that keeps each game in memory
// (app/game_cache.h): each command resumes the game the last one left (Game::resume) instead
// of replaying the snapshot, and the game after an accept is kept (a copy, as the server
// keeps it beside its answer) when the move left the snapshot where it was; after a pawn
// move the next command replays the new snapshot.
double time_moves(const std::vector<std::string>& line, int from, int moves, int rounds,
                  const game::GameContext& context, bool keep = false) {
  const game::GameFacts start = snapshot_after(line, from, context);
  const auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < rounds; ++r) {
    game::GameFacts snapshot = start;
    std::optional<game::Game> kept;
    for (int p = from + 1; p <= from + moves; ++p) {
      const auto now = instant_of(p);
      const game::Color side = p % 2 == 1 ? game::Color::kWhite : game::Color::kBlack;
      const game::MoveRequest request{line[p - 1], false, std::nullopt, false};
      const auto command_game = [&]() -> corrchess::Result<game::Game> {
        if (!kept) return game::Game::replay(snapshot, context, now);
        auto game = game::Game::resume(std::move(*kept), context, now);
        kept.reset();
        return game;
      };
      auto submitted = command_game();
      auto pending = submitted ? game::submit_move(*submitted, side, request)
                               : std::unexpected(submitted.error());
      if (keep && submitted) kept = *submitted;  // a submit leaves the snapshot where it was
      auto accepting = command_game();
      if (!pending || !accepting) {
        std::fprintf(stderr, "ply %d: the move was refused\n", p);
        std::exit(1);
      }
      const auto window_before = accepting->facts().window.value_or(game::ReplayWindow{});
      auto outcome = game::accept_move(*accepting, side, *pending, line[p - 1], {});
      if (!outcome) {
        std::fprintf(stderr, "ply %d: %s\n", p, outcome.error().detail.c_str());
        std::exit(1);
      }
      const auto window = outcome->game.snapshot_window();
      if (keep && window == window_before) {
        kept = outcome->game;
      } else {
        snapshot = game::windowed_facts(outcome->game.facts(), window);
      }
    }
  }
  const auto elapsed = std::chrono::steady_clock::now() - t0;
  return std::chrono::duration<double, std::nano>(elapsed).count() / (double(rounds) * moves);
}

}  // namespace

int main(int argc, char** argv) {
  int late = 300;
  int moves = 40;
  int rounds = 200;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const int value = std::atoi(argv[i + 1]);
    if (flag == "--late") {
      late = value;
    } else if (flag == "--moves") {
      moves = value;
    } else if (flag == "--rounds") {
      rounds = value;
    } else {
      std::fprintf(stderr, "usage: corrchess-command-cost [--late PLY] [--moves M] [--rounds R]\n");
      return 2;
    }
  }
  if (late < 10 || moves < 1 || rounds < 1) {
    std::fprintf(stderr, "--late must be at least 10, --moves and --rounds at least 1\n");
    return 2;
  }
  const auto line = line_of(late + moves);
  const game::UnwinnabilityMateOracle oracle;
  game::GameContext context;
  context.oracles.mate = &oracle;
  time_moves(line, 10, moves, 1, context);  // the oracle's memory, as a running server's
  time_moves(line, late, moves, 1, context);
  // Alternate the three, so that a machine that slows down slows each.
  double early_ns = 0;
  double late_ns = 0;
  double kept_ns = 0;
  for (int i = 0; i < 4; ++i) {
    early_ns += time_moves(line, 10, moves, rounds / 4 + 1, context);
    late_ns += time_moves(line, late, moves, rounds / 4 + 1, context);
    kept_ns += time_moves(line, 10, moves, rounds / 4 + 1, context, true);
  }
  early_ns /= 4;
  late_ns /= 4;
  kept_ns /= 4;
  std::printf("core work per move (submit + accept), plies %d..%d: %.1f us\n", 11, 10 + moves,
              early_ns / 1000);
  std::printf("core work per move (submit + accept), plies %d..%d: %.1f us\n", late + 1,
              late + moves, late_ns / 1000);
  std::printf("core work per move, plies %d..%d, the game kept between commands: %.1f us\n", 11,
              10 + moves, kept_ns / 1000);
  std::printf(
      "RESULT early_us=%.1f late_us=%.1f late_over_early=%.2f kept_us=%.1f "
      "kept_over_early=%.2f\n",
      early_ns / 1000, late_ns / 1000, late_ns / early_ns, kept_ns / 1000, kept_ns / early_ns);
  return 0;
}
