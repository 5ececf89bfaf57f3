// corrchess-load: the load driver of bench/load.
//
//   corrchess-load moves --port P --games N --moves M --admin-user U --admin-password W
//       registers 2N players, logs them in, creates N games (admin endpoint), then plays the
//       games concurrently over keep-alive HTTP/1.1 connections (one per game): each move is
//       a submit (POST /games/{id}/moves) followed by an accept (POST .../moves/accept, with
//       `Prefer: return=minimal` as the web client sends it: the answer has only the new moves).
//       Prints throughput and latency percentiles, and a final `RESULT ...` line.
//       --start-plies A,B,... measures a window of M plies from each of those plies in turn
//       (the games are played up to each start unmeasured), one `PHASE ...` line each, with
//       the CPU the processes --server-pid and --pg-pid (and their children) spent in it.
//       --rate R plays open loop (the games together offer R moves/s); --rate stdin prints
//       `READY ...` after the setup and reads "R [SERVER_PID]" from stdin (0: closed loop),
//       so that bench/load can measure its ceiling, and restart the server, in between.
//       --trace FILE writes every measured move's latencies.
//       --flat-rounds R (with --start-plies A,B): the flat-cost check, measured so that a
//       machine whose speed drifts slows both sides alike. After the window from A, the games
//       are played on to B unmeasured and N fresh games (the same players) to A; then R
//       rounds alternate M/R plies of the fresh games from A with M/R plies of the old ones
//       from B. Their sums are the `PHASE start_ply=A set=fresh` and `PHASE start_ply=B`
//       lines.
//
//   corrchess-load idle-ws --port P --connections K (--token T | --user U --password W)
//       opens K WebSockets to /api/v1/ws, waits for every `hello`, prints
//       `RESULT ws_connections=...`, then holds them until stdin closes (or --hold-seconds).
//
// Everything runs on one thread with Asio coroutines: the driver shares the machine with the
// server and PostgreSQL, so it must stay cheap. The command line is in load_options, the HTTP
// client in load_client, the two modes in load_moves and load_ws.
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <exception>
#include <string>

#include "load_modes.h"
#include "load_options.h"

using corrchess::bench::Options;

int main(int argc, char** argv) {
  const Options o = corrchess::bench::parse_options(argc, argv);
  try {
    if (o.mode == "moves") {
      Options m = o;
      if (m.prefix.empty()) {
        // Unique per run: usernames are 2-32 characters of [A-Za-z0-9_.-].
        m.prefix = "lb" + std::to_string(std::time(nullptr) % 100000000) + "p" +
                   std::to_string(::getpid() % 100000) + "-";
      }
      return corrchess::bench::run_moves(m);
    }
    return corrchess::bench::run_idle_ws(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "corrchess-load: %s\n", e.what());
    return 1;
  }
}
