#include "core/chess/bitboard.h"

#include <array>

namespace corrchess::chess {

namespace detail {

Bitboard pawn_table[2][64];
Bitboard knight_table[64];
Bitboard king_table[64];
Bitboard between_table[64][64];
Bitboard line_table[64][64];
Magic bishop_magics[64];
Magic rook_magics[64];

}  // namespace detail

namespace {

constexpr int kBishopTableSize = 5248;  // sum over squares of 2^(relevant bits)
constexpr int kRookTableSize = 102400;

Bitboard bishop_table[kBishopTableSize];
Bitboard rook_table[kRookTableSize];
bool initialized = false;

constexpr std::array<std::array<int, 2>, 4> kBishopDirs{{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
constexpr std::array<std::array<int, 2>, 4> kRookDirs{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Ray-walking slider attacks, used only to fill the tables.
Bitboard slow_slider_attacks(Square s, Bitboard occ,
                             const std::array<std::array<int, 2>, 4>& dirs) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0];
    int r = rank_of(s) + d[1];
    while (on_board(f, r)) {
      const Square t = make_square(f, r);
      result |= bit(t);
      if (occ & bit(t)) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

// Squares whose occupancy matters for a slider on s: its empty-board rays minus the last square.
Bitboard relevant_mask(Square s, const std::array<std::array<int, 2>, 4>& dirs) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0];
    int r = rank_of(s) + d[1];
    while (on_board(f + d[0], r + d[1])) {
      result |= bit(make_square(f, r));
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

// Magic multipliers found offline by a random search (xorshift64, fixed seed) for the
// relevant-mask sizes above; each maps every occupancy subset to a non-conflicting slot.
constexpr Bitboard kBishopMagicNumbers[64] = {
    0x10102002004a1420ULL, 0x8020040400584008ULL, 0x10510800811201c8ULL, 0x5204042080000088ULL,
    0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200a02020ULL,
    0x1500241990010e00ULL, 0x8001200182020a40ULL, 0x40004101030b0000ULL, 0x8002041042000100ULL,
    0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020a00ULL, 0x8000088400880520ULL,
    0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
    0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
    0x0006e080100c3040ULL, 0x0501044a11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
    0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422c012400ULL, 0x0002128698404812ULL,
    0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
    0xa010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802a02020000b098ULL,
    0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488a00ULL,
    0x2000081104004040ULL, 0x4c8e029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
    0x0000822802400008ULL, 0x00008a0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
    0x4a1500401041004aULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
    0x0040808800b62048ULL, 0x0000810400c44420ULL, 0x00080400440c0441ULL, 0x8340080020840411ULL,
    0x0000000104208200ULL, 0x0000800810d00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL,
};
constexpr Bitboard kRookMagicNumbers[64] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000a00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040a00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};

void init_magics(detail::Magic* magics, Bitboard* table, const Bitboard* numbers,
                 const std::array<std::array<int, 2>, 4>& dirs) {
  Bitboard* next = table;
  for (int s = 0; s < 64; ++s) {
    detail::Magic& m = magics[s];
    m.mask = relevant_mask(static_cast<Square>(s), dirs);
    m.magic = numbers[s];
    m.shift = static_cast<unsigned>(64 - popcount(m.mask));
    m.table = next;
    const std::size_t size = std::size_t{1} << popcount(m.mask);
    // Enumerate every subset of the mask (carry-rippler) and store its attack set.
    Bitboard subset = 0;
    do {
      next[(subset * m.magic) >> m.shift] =
          slow_slider_attacks(static_cast<Square>(s), subset, dirs);
      subset = (subset - m.mask) & m.mask;
    } while (subset != 0);
    next += size;
  }
}

Bitboard step_attacks(Square s, const int (*steps)[2], int n) {
  Bitboard result = 0;
  for (int i = 0; i < n; ++i) {
    const int f = file_of(s) + steps[i][0];
    const int r = rank_of(s) + steps[i][1];
    if (on_board(f, r)) result |= bit(make_square(f, r));
  }
  return result;
}

struct StaticInit {
  StaticInit() { init_bitboards(); }
};
const StaticInit static_init;

}  // namespace

void init_bitboards() {
  if (initialized) return;
  static constexpr int kKnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                             {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  static constexpr int kKingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                           {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  static constexpr int kWhitePawnSteps[2][2] = {{-1, 1}, {1, 1}};
  static constexpr int kBlackPawnSteps[2][2] = {{-1, -1}, {1, -1}};
  for (int s = 0; s < 64; ++s) {
    const auto sq = static_cast<Square>(s);
    detail::knight_table[s] = step_attacks(sq, kKnightSteps, 8);
    detail::king_table[s] = step_attacks(sq, kKingSteps, 8);
    detail::pawn_table[0][s] = step_attacks(sq, kWhitePawnSteps, 2);
    detail::pawn_table[1][s] = step_attacks(sq, kBlackPawnSteps, 2);
  }
  init_magics(detail::bishop_magics, bishop_table, kBishopMagicNumbers, kBishopDirs);
  init_magics(detail::rook_magics, rook_table, kRookMagicNumbers, kRookDirs);
  for (int a = 0; a < 64; ++a) {
    const auto sa = static_cast<Square>(a);
    for (int b = 0; b < 64; ++b) {
      const auto sb = static_cast<Square>(b);
      detail::between_table[a][b] = 0;
      detail::line_table[a][b] = 0;
      if (a == b) continue;
      for (const auto* dirs : {&kBishopDirs, &kRookDirs}) {
        if (slow_slider_attacks(sa, 0, *dirs) & bit(sb)) {
          detail::line_table[a][b] =
              (slow_slider_attacks(sa, 0, *dirs) & slow_slider_attacks(sb, 0, *dirs)) | bit(sa) |
              bit(sb);
          detail::between_table[a][b] =
              slow_slider_attacks(sa, bit(sb), *dirs) & slow_slider_attacks(sb, bit(sa), *dirs);
        }
      }
    }
  }
  initialized = true;
}

}  // namespace corrchess::chess
