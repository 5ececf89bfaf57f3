// corrchess-load's two modes (bench/load_driver.cpp says what each does).
#pragma once

#include "load_options.h"

namespace corrchess::bench {

// moves: plays the games and prints PHASE and RESULT lines; the exit status says whether
// every move went through.
int run_moves(const Options& o);
// idle-ws: opens the WebSockets and holds them.
int run_idle_ws(const Options& o);

}  // namespace corrchess::bench
