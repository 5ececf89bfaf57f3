#include "core/chess/chess960.h"

#include <array>

namespace corrchess::chess {

std::string chess960_back_rank(int n) {
  if (n < 0 || n > 959) return {};
  std::string rank(8, ' ');
  // Puts `piece` on the k-th still-empty file (0-based).
  auto place_on_free = [&rank](int k, char piece) {
    for (char& c : rank) {
      if (c != ' ') continue;
      if (k-- == 0) {
        c = piece;
        return;
      }
    }
  };
  rank[2 * (n % 4) + 1] = 'B';  // light-squared bishop on b, d, f or h
  n /= 4;
  rank[2 * (n % 4)] = 'B';  // dark-squared bishop on a, c, e or g
  n /= 4;
  place_on_free(n % 6, 'Q');
  n /= 6;
  // Knight pairs among the five free files: NN---, N-N--, N--N-, N---N, -NN--, ...
  static constexpr std::array<std::array<int, 2>, 10> kKnightPairs{
      {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};
  // The second knight first, so the first knight's free-file index stays valid.
  place_on_free(kKnightPairs[n][1], 'N');
  place_on_free(kKnightPairs[n][0], 'N');
  place_on_free(0, 'R');
  place_on_free(0, 'K');
  place_on_free(0, 'R');
  return rank;
}

int scharnagl_number(std::string_view back_rank) {
  if (back_rank.size() != 8) return -1;
  std::string upper(back_rank);
  for (char& c : upper)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  for (int n = 0; n < 960; ++n)
    if (chess960_back_rank(n) == upper) return n;
  return -1;
}

}  // namespace corrchess::chess
