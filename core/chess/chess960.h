// Chess960 start arrays by Scharnagl number (rules.md 1.3).
#pragma once

#include <string>
#include <string_view>

namespace corrchess::chess {

// White's back rank of start position n (0..959) from the a- to the h-file in upper-case
// letters, e.g. 518 -> "RNBQKBNR"; empty string when n is out of range.
std::string chess960_back_rank(int n);

// The Scharnagl number of a back rank as returned by chess960_back_rank (case-insensitive),
// or -1 when the string is not a Chess960 start array.
int scharnagl_number(std::string_view back_rank);

}  // namespace corrchess::chess
