#include "core/chess/types.h"

namespace corrchess::chess {

std::string square_name(Square s) {
  if (s >= kNoSquare) return "-";
  return std::string{static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

}  // namespace corrchess::chess
