#include "core/chess/zobrist.h"

namespace corrchess::chess::zobrist {

// All keys are compile-time constants; distinctness of the piece-square keys is asserted here.
static_assert(kKeys.piece[1][0] != kKeys.piece[1][1]);
static_assert(kKeys.side != 0);

}  // namespace corrchess::chess::zobrist
