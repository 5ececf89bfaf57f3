// How a winnability verdict is written in one character: the `corrchess unwinnable` command
// prints it, the test suites of tests/data write it.
#pragma once

#include "core/chess/unwinnable.h"

namespace corrchess::chess {

// `winnable` (e.g. 'W' or 'B', the side that can still win) for kWinnable, '-' for
// kUnwinnable, '?' for kUndetermined.
char verdict_char(Winnability w, char winnable);

}  // namespace corrchess::chess
