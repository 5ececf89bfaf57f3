#include "core/chess/locked_structure.h"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "core/chess/bitboard.h"
#include "core/chess/blocker_matcher.h"

// Soundness argument
// ------------------
// Every man other than the kings gets a role:
//   wall   (W): never moves and is never captured (pieces and pawns; a king may be a wall too:
//               it never moves, and no king is ever captured);
//   locked (L): a pawn that only advances straight on its file, never captures, is never
//               captured and never promotes;
//   free   (F): anything else (pawns and pieces: no assumption at all).
// Start with every man a wall and every king immobile. One round computes, under the
// assumption A = "the roles hold for ever", over-approximations of everything that can
// happen, then checks A against them; every man whose role the check cannot confirm is
// demoted (wall -> locked -> free) and the round is repeated. When a round confirms every
// role, A holds in every continuation of the game:
//
//   Induction on the plies of any continuation. Suppose A held up to the position before
//   ply t. Then every man stood inside the set computed for it (its "reach"): walls on their
//   squares (walls are always occupied, so nothing passes them or lands on them); a locked
//   pawn inside its range (it advances straight and cannot pass the nearest wall ahead, nor
//   an enemy locked pawn ahead, which comes only towards it on the same file); a piece or a
//   king inside the squares it can reach treating only walls as obstacles (kings also never
//   step onto squares a wall man attacks for ever); a free pawn inside its cone (it steps
//   straight into non-wall squares and diagonally only onto squares where a capturable enemy
//   man, i.e. a free man or a piece, may stand; see pawn_cone for the locked-pawn rule). So
//   every attack made before ply t lies inside the computed "attack" sets, and the squares
//   wall men attack ("guarded": a wall pawn's diagonals, a wall king's neighbours, a wall
//   piece's targets, which once confirmed are only its adjacent own walls) are attacked in
//   every position, so no enemy king steps there or takes a man there. The move at ply t
//   could break A only by: a wall moving (walls have no pseudo-legal move: every target of a
//   wall piece is its own wall, the square ahead of a wall pawn is permanently occupied, a
//   wall king's every neighbour is its own wall, permanently attacked, or an enemy wall that
//   is permanently protected, and it has no castling right); a wall or locked man capturing
//   (its attack squares never meet a square where an enemy man other than the king may
//   stand); a wall or locked man being captured (its squares are in no enemy attack set,
//   and an enemy king could only take it on a square it can reach, or next to one when the
//   man is a wall not permanently protected); a locked pawn leaving its range or promoting
//   (its range stops before a permanent blocker, never on the last rank). En passant: no
//   capture is legal now (else we give up), and later ones land on the square a pawn
//   skipped, which belongs to that pawn's range or cone, so the checks above cover them. All
//   these are excluded by the checks, so A also holds after ply t.
//
// With A proven, a mate by `side` needs the defending king on a square k of its region that
// some man of `side` may attack, and each flight square (neighbours of k that are neither a
// wall nor permanently attacked by `side`) either possibly attacked by `side` (its men, or
// its king from a square not next to k) or occupied by a defending man; those blockers are
// distinct men, each inside its own reach, so a bipartite matching must exist. If no square
// admits one, `side` can never mate.
//
// Everything is an over-approximation in the direction that makes "can never mate" harder
// to prove; giving up (returning false) is always sound.

namespace corrchess::chess {
namespace {

// Positions with fewer head-on blocked pawn pairs than this are not analysed: without a
// pawn barrier the kings roam freely and the proof cannot succeed (a cheap pre-filter).
constexpr int kMinHeadOnPairs = 3;
// Rounds before giving up: every unstable round demotes a man or a king, at most
// 2 x 30 + 2 demotions in all, so the cap is never reached (it is a guard, not a heuristic).
constexpr int kMaxRounds = 64;

enum class Role : std::uint8_t { kWall, kLocked, kFree };

struct Man {
  Square sq = kNoSquare;
  Color color = Color::kWhite;
  PieceType type = PieceType::kNone;
  Role role = Role::kWall;
  bool promotes = false;  // free pawns: the cone reaches the last rank
  Bitboard reach = 0;     // every square it may ever stand on
  Bitboard span = 0;      // every square it may ever attack
};

Bitboard push(Color c, Bitboard b) {
  return c == Color::kWhite ? pawn_push<Color::kWhite>(b) : pawn_push<Color::kBlack>(b);
}

Bitboard last_rank(Color c) { return c == Color::kWhite ? kRank8 : kRank1; }

// Squares a man of type t on s attacks when only `walls` block. PieceType::kNone stands for
// a promoted piece of unknown type: queen or knight moves (a rook or bishop moves like a
// part of the queen).
Bitboard attacks_of(PieceType t, Square s, Bitboard walls) {
  if (t == PieceType::kNone) return queen_attacks(s, walls) | knight_attacks(s);
  return piece_attacks(t, s, walls);
}

struct Flood {
  Bitboard region = 0;  // squares it may ever stand on
  Bitboard span = 0;    // squares it may ever attack from them
};

// Every square a man of type t starting on the squares of `from` may reach when only the
// squares in `walls` block and those in `forbidden` may never be entered (every other man is
// treated as transparent), and the union of its attacks from those squares.
Flood flood(PieceType t, Bitboard from, Bitboard walls, Bitboard forbidden) {
  Flood f{from, 0};
  Bitboard frontier = from;
  while (frontier) {
    Bitboard next = 0;
    while (frontier) next |= attacks_of(t, pop_lsb(frontier), walls);
    f.span |= next;
    next &= ~walls & ~forbidden & ~f.region;
    f.region |= next;
    frontier = next;
  }
  return f;
}

// The squares a pawn of colour c on s may occupy advancing straight, up to (excluded) the
// nearest square of `blockers` ahead; 0 when nothing stops it before the last rank.
Bitboard pawn_range(Color c, Square s, Bitboard blockers) {
  const Bitboard file = file_bb(file_of(s));
  if (c == Color::kWhite) {
    const Bitboard hits = file & (~Bitboard{0} << s) & ~bit(s) & blockers;
    if (!hits) return 0;
    return file & (bit(lsb(hits)) - 1) & ~(bit(s) - 1);
  }
  const Bitboard hits = file & (bit(s) - 1) & blockers;
  if (!hits) return 0;
  const int nearest = 63 - std::countl_zero(hits);
  return file & ~((bit(static_cast<Square>(nearest)) << 1) - 1) & ((bit(s) << 1) - 1);
}

// Every square a free pawn of colour c on s may ever stand on (the last-rank squares are
// where it promotes). Straight steps go into any square but a wall (a double step is two
// single steps, both needing an empty square); diagonal steps only onto `prey`, the squares
// where a capturable enemy man may stand (en passant lands on the square the enemy pawn
// skipped, which is in that pawn's cone).
//
// Locked enemy pawns: an enemy locked pawn P starting on s0 only walks on its file towards
// this pawn and never leaves it, so a pawn on that file that is "in front of" P (between P
// and the squares P has left) can never step into s0: P still stands there. The pawn is in
// front of P unless it came onto the file by a capture landing on a square P has already
// left, i.e. in range(P) minus s0 (`lock_free`): from such a landing the rule is dropped for
// that path ("free" squares below). A pawn starting on the file, or landing elsewhere, is
// either in front of P (s0 holds P whenever it could step in) or already past s0.
Bitboard pawn_cone(Color c, Square s, Bitboard walls, Bitboard lock_block, Bitboard lock_free,
                   Bitboard prey) {
  prey &= ~walls;
  Bitboard normal = bit(s);
  Bitboard free = 0;
  Bitboard frontier_normal = normal;
  Bitboard frontier_free = 0;
  while (frontier_normal | frontier_free) {
    const Bitboard diagonal = pawn_set_attacks(c, frontier_normal | frontier_free) & prey;
    const Bitboard new_normal =
        ((push(c, frontier_normal) & ~walls & ~lock_block) | (diagonal & ~lock_free)) & ~normal;
    const Bitboard new_free = ((push(c, frontier_free) & ~walls) | (diagonal & lock_free)) & ~free;
    normal |= new_normal;
    free |= new_free;
    frontier_normal = new_normal;
    frontier_free = new_free;
  }
  return normal | free;
}

class LockedAnalysis {
 public:
  explicit LockedAnalysis(const Position& pos) {
    for (Color c : {Color::kWhite, Color::kBlack}) {
      king_[index(c)] = pos.king_square(c);
      Bitboard men = pos.pieces(c) & ~pos.pieces(c, PieceType::kKing);
      while (men) {
        const Square s = pop_lsb(men);
        Man& m = men_[count_++];
        m.sq = s;
        m.color = c;
        m.type = type_of(pos.piece_on(s));
      }
    }
  }

  // Runs rounds until the roles are self-consistent; false when giving up.
  bool settle() {
    for (int r = 0; r < kMaxRounds; ++r)
      if (round()) return true;
    return false;
  }

  // After settle(): can `side` possibly mate?
  bool may_mate(Color side) const;

 private:
  bool round();
  void free_pawn_cones();

  std::array<Man, 30> men_{};
  std::size_t count_ = 0;
  std::array<Square, 2> king_{};
  std::array<bool, 2> king_wall_ = {true, true};

  // Results of the last round, per colour.
  Bitboard walls_ = 0;                      // squares of all wall men (kings included)
  std::array<Bitboard, 2> walls_of_{};      // the same per colour
  std::array<Bitboard, 2> guarded_{};       // attacked for ever by wall men (kings included)
  std::array<Bitboard, 2> wall_attacks_{};  // attacked by wall men other than the king
  std::array<Bitboard, 2> lock_squares_{};  // start squares of locked pawns
  std::array<Bitboard, 2> lock_free_{};     // range minus start square of locked pawns
  std::array<Bitboard, 2> lock_ranges_{};   // ranges of locked pawns
  std::array<Bitboard, 2> king_region_{};
  std::array<Bitboard, 2> king_span_{};
  std::array<Bitboard, 2> piece_regions_{};  // regions of free (mobile) pieces
  std::array<Bitboard, 2> capturable_{};     // where a capturable (free) man may stand
  std::array<Bitboard, 2> promoted_region_{};
  std::array<Bitboard, 2> promoted_span_{};
  std::array<Bitboard, 2> attacks_{};  // may ever be attacked by men other than the king
};

void LockedAnalysis::free_pawn_cones() {
  // Least fixed point: cones depend on where enemy capturable men may stand, which depends
  // on enemy cones and promotions. Start from the pieces only and grow until stable.
  std::array<Bitboard, 2> prey = piece_regions_;
  for (;;) {
    std::array<Bitboard, 2> cones{};
    std::array<Bitboard, 2> promotion{};
    for (std::size_t i = 0; i < count_; ++i) {
      Man& m = men_[i];
      if (m.type != PieceType::kPawn || m.role != Role::kFree) continue;
      const int ci = index(m.color);
      const int ei = index(~m.color);
      m.reach = pawn_cone(m.color, m.sq, walls_, lock_squares_[ei], lock_free_[ei], prey[ei]);
      m.span = pawn_set_attacks(m.color, m.reach);
      m.promotes = (m.reach & last_rank(m.color)) != 0;
      cones[ci] |= m.reach;
      promotion[ci] |= m.reach & last_rank(m.color);
    }
    bool grown = false;
    for (int ci = 0; ci < 2; ++ci) {
      const Flood promoted =
          promotion[ci] ? flood(PieceType::kNone, promotion[ci], walls_, 0) : Flood{};
      promoted_region_[ci] = promoted.region;
      promoted_span_[ci] = promoted.span;
      const Bitboard next = piece_regions_[ci] | promoted.region | cones[ci];
      if (next != prey[ci]) grown = true;
      prey[ci] = next;
    }
    if (!grown) break;
  }
  capturable_ = prey;
}

bool LockedAnalysis::round() {
  // Walls and permanent attacks.
  walls_of_ = {0, 0};
  for (int ci = 0; ci < 2; ++ci)
    if (king_wall_[ci]) walls_of_[ci] |= bit(king_[ci]);
  for (std::size_t i = 0; i < count_; ++i)
    if (men_[i].role == Role::kWall) walls_of_[index(men_[i].color)] |= bit(men_[i].sq);
  walls_ = walls_of_[0] | walls_of_[1];
  wall_attacks_ = {0, 0};
  lock_squares_ = {0, 0};
  for (std::size_t i = 0; i < count_; ++i) {
    Man& m = men_[i];
    if (m.role == Role::kWall) {
      m.reach = bit(m.sq);
      m.span = m.type == PieceType::kPawn ? pawn_attacks(m.color, m.sq)
                                          : attacks_of(m.type, m.sq, walls_);
      wall_attacks_[index(m.color)] |= m.span;
    } else if (m.role == Role::kLocked) {
      lock_squares_[index(m.color)] |= bit(m.sq);
    }
  }
  for (int ci = 0; ci < 2; ++ci)
    guarded_[ci] = wall_attacks_[ci] | (king_wall_[ci] ? king_attacks(king_[ci]) : 0);

  // Locked pawns: ranges up to the nearest wall or enemy locked pawn ahead.
  lock_free_ = {0, 0};
  lock_ranges_ = {0, 0};
  for (std::size_t i = 0; i < count_; ++i) {
    Man& m = men_[i];
    if (m.role != Role::kLocked) continue;
    const int ci = index(m.color);
    m.reach = pawn_range(m.color, m.sq, walls_ | lock_squares_[index(~m.color)]);
    m.span = pawn_set_attacks(m.color, m.reach);
    lock_free_[ci] |= m.reach & ~bit(m.sq);
    lock_ranges_[ci] |= m.reach;
  }

  // Kings: never onto walls nor onto squares enemy walls attack for ever.
  for (Color c : {Color::kWhite, Color::kBlack}) {
    const int ci = index(c);
    const Flood f = flood(PieceType::kKing, bit(king_[ci]), walls_, guarded_[index(~c)]);
    king_region_[ci] = f.region;
    king_span_[ci] = f.span;
  }

  // Mobile pieces: everywhere the walls let them.
  piece_regions_ = {0, 0};
  for (std::size_t i = 0; i < count_; ++i) {
    Man& m = men_[i];
    if (m.type == PieceType::kPawn || m.role != Role::kFree) continue;
    const Flood f = flood(m.type, bit(m.sq), walls_, 0);
    m.reach = f.region;
    m.span = f.span;
    piece_regions_[index(m.color)] |= f.region;
  }

  free_pawn_cones();

  // Everything each side's men (kings apart) may ever attack.
  for (int ci = 0; ci < 2; ++ci) attacks_[ci] = promoted_span_[ci];
  for (std::size_t i = 0; i < count_; ++i) attacks_[index(men_[i].color)] |= men_[i].span;

  // Check the roles; demote every man whose role is not confirmed.
  bool stable = true;
  for (int ci = 0; ci < 2; ++ci) {
    if (king_wall_[ci] && king_region_[ci] != bit(king_[ci])) {
      king_wall_[ci] = false;
      stable = false;
    }
  }
  for (std::size_t i = 0; i < count_; ++i) {
    Man& m = men_[i];
    const int ci = index(m.color);
    const int ei = index(~m.color);
    // Enemy men this man could capture: free men, locked pawns, walls other than the king.
    const Bitboard victims = capturable_[ei] | lock_ranges_[ei] | (walls_of_[ei] & ~bit(king_[ei]));
    if (m.role == Role::kWall) {
      const bool captured =
          (bit(m.sq) & attacks_[ei]) || (bit(m.sq) & king_span_[ei] & ~guarded_[ci]);
      if (m.type == PieceType::kPawn) {
        if (captured || (m.span & victims)) {
          m.role = Role::kFree;
          stable = false;
        } else if (!(push(m.color, bit(m.sq)) & (walls_ | lock_squares_[ei]))) {
          m.role = Role::kLocked;  // its range is computed (and checked) next round
          stable = false;
        }
      } else if (captured || (m.span & ~walls_of_[ci])) {
        m.role = Role::kFree;
        stable = false;
      }
    } else if (m.role == Role::kLocked) {
      if (m.reach == 0 || (m.reach & (attacks_[ei] | king_region_[ei])) || (m.span & victims)) {
        m.role = Role::kFree;
        stable = false;
      }
    }
  }
  return stable;
}

bool LockedAnalysis::may_mate(Color side) const {
  const int wi = index(side);
  const int li = index(~side);
  std::array<Bitboard, 16> options{};
  std::size_t blockers = 0;
  for (std::size_t i = 0; i < count_; ++i) {
    const Man& m = men_[i];
    if (m.color != ~side || m.role == Role::kWall) continue;
    options[blockers++] = m.reach | (m.promotes ? promoted_region_[li] : 0);
  }
  BlockerMatcher matcher(options.data(), blockers);
  Bitboard candidates = king_region_[li] & attacks_[wi];
  while (candidates) {
    const Square k = pop_lsb(candidates);
    const Bitboard flights = king_attacks(k) & ~walls_ & ~guarded_[wi];
    // The mating king stands somewhere in its region, but not next to k.
    Bitboard king_guard = 0;
    Bitboard away = king_region_[wi] & ~king_attacks(k) & ~bit(k);
    while (away) king_guard |= king_attacks(pop_lsb(away));
    const Bitboard need = flights & ~attacks_[wi] & ~king_guard;
    if (popcount(need) > static_cast<int>(blockers)) continue;
    if (matcher.can_block_all(need)) return true;
  }
  return false;
}

// Per-thread cache of the last analysed placement (both sides' verdicts): the unwinnability
// checks ask for White and Black on the same position in a row.
struct CacheEntry {
  std::array<Bitboard, 8> placement{};
  bool valid = false;
  std::array<bool, 2> unwinnable{};
};

std::array<Bitboard, 8> placement_of(const Position& pos) {
  return {pos.pieces(Color::kWhite),      pos.pieces(Color::kBlack),
          pos.pieces(PieceType::kPawn),   pos.pieces(PieceType::kKnight),
          pos.pieces(PieceType::kBishop), pos.pieces(PieceType::kRook),
          pos.pieces(PieceType::kQueen),  pos.pieces(PieceType::kKing)};
}

}  // namespace

bool locked_structure_unwinnable(const Position& pos, Color side) {
  // Pre-filter (a few instructions): the proof needs a pawn barrier.
  const Bitboard white_pawns = pos.pieces(Color::kWhite, PieceType::kPawn);
  const Bitboard black_pawns = pos.pieces(Color::kBlack, PieceType::kPawn);
  if (popcount(pawn_push<Color::kWhite>(white_pawns) & black_pawns) < kMinHeadOnPairs) return false;
  if (pos.castling_rights() != kNoCastling || pos.has_legal_en_passant()) return false;

  thread_local CacheEntry cache;
  const auto placement = placement_of(pos);
  if (!cache.valid || cache.placement != placement) {
    LockedAnalysis analysis(pos);
    cache.placement = placement;
    cache.valid = true;
    cache.unwinnable = {false, false};
    if (analysis.settle()) {
      cache.unwinnable[0] = !analysis.may_mate(Color::kWhite);
      cache.unwinnable[1] = !analysis.may_mate(Color::kBlack);
    }
  }
  return cache.unwinnable[index(side)];
}

}  // namespace corrchess::chess
