// corrchess-load's command line (bench/load_driver.cpp says what each mode does).
#pragma once

#include <string>
#include <vector>

namespace corrchess::bench {

struct Options {
  std::string mode;
  std::string host = "127.0.0.1";
  int port = 0;
  int games = 200;
  int moves = 40;   // plies (accepted moves) per game
  double rate = 0;  // moves mode: accepted moves/s over all games (0: each game as fast as it can)
  bool rate_from_stdin = false;  // --rate stdin: print READY after setup, then read the rate
                                 // (0: closed loop)
  std::string admin_user;
  std::string admin_password;
  int setup_concurrency = 4;  // registrations and logins hash passwords (Argon2id): keep it low
  int connections = 10000;
  int batch = 250;  // WebSocket handshakes in flight at once
  std::string token;
  std::string user;
  std::string password;
  int hold_seconds = -1;  // -1: until stdin closes
  std::string prefix;
  std::vector<int> start_plies{0};  // moves mode: a measured window of `moves` plies from each
  int server_pid = 0;               // CPU is reported per phase for these (0: not measured)
  int pg_pid = 0;
  bool pawn_line = true;   // --line pawns (default) or knights
  std::string trace_file;  // --trace FILE: every measured move's latencies, one line each
  int flat_rounds = 0;     // --flat-rounds R: the second window alternates with fresh games
};

// The options of argv (exits with the usage and status 2 on a bad one).
Options parse_options(int argc, char** argv);

}  // namespace corrchess::bench
