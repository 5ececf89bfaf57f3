// The clock engine (rules.md §4): one pure function from a game's stored clock facts and an
// instant "now" to both players' clocks, the exact instant the flag of the player to move
// will fall, the first flag fall that has happened, and a clock record for every accepted
// move. Same facts and same "now" give the same state; the instant a flag fell never
// depends on when the check ran.
//
// Conventions:
// - A deadline is the first instant at which the player is out of time. A move stamped at
//   the deadline instant itself is late; one second earlier is in time. The same holds for
//   manual refills and director adjustments: at or after the deadline they come too late.
// - A side's time "runs" from the stamp of the opponent's move (or the game start, or the
//   start instant for the first mover) to the stamp of its own move, minus the instants
//   when its clocks are stopped: its own leave, and game suspensions (both players).
// - Refills and adjustments may carry `ply`, the number of moves accepted when they were
//   made; that places them exactly among moves stamped in the same second. Without it: an
//   adjustment stamped at a move's instant applies after that move, and a refill belongs to
//   the earliest segment of its side whose closed span [receipt, accept] holds its instant
//   (so a refill stamped with the player's own move applies before that move).
// - Moves stamped after a flag fell are still accounted (their records say `late`), so a
//   director can reinstate a game; the first fall stays reported.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/types.h"
#include "core/error.h"
#include "core/game/leave.h"
#include "core/game/time.h"
#include "core/game/time_control.h"
#include "core/game/time_zone.h"

namespace corrchess::game {

using chess::Color;

// One accepted move as stored: its server stamp and how it was made.
struct AcceptedMove {
  Timestamp accepted_at;
  // Played by the server from the owner's conditional moves: costs its owner no time.
  bool conditional = false;
  // The player had ticked "use 40+ days" for this move (lifts the silence rule, §4.6).
  bool use_40_plus_days = false;

  bool operator==(const AcceptedMove&) const = default;
};

// A Triple Block manual refill from bank to clock, made while on move (§4.4).
struct Refill {
  Timestamp at;
  Color side = Color::kWhite;
  Seconds amount = 0;
  std::optional<int> ply;  // moves accepted when it was made (see the conventions above)

  bool operator==(const Refill&) const = default;
};

enum class AdjustmentKind {
  kSetRemaining,     // remaining time becomes `value`
  kAdjustRemaining,  // remaining time changes by `value` (may be negative)
  kSetBank,          // bank becomes `value` (Triple Block, days per move)
};

// A tournament director's clock change (§4.8), effective at `at`.
struct ClockAdjustment {
  Timestamp at;
  Color side = Color::kWhite;
  AdjustmentKind kind = AdjustmentKind::kAdjustRemaining;
  Seconds value = 0;
  std::string reason;
  std::optional<int> ply;  // moves accepted when it was made (see the conventions above)

  bool operator==(const ClockAdjustment&) const = default;
};

// A director's suspension of the game's clocks (§4.8): both clocks stop in [begin, end).
// No end means suspended until further notice.
struct Suspension {
  Timestamp begin;
  std::optional<Timestamp> end;
  std::string reason;

  bool operator==(const Suspension&) const = default;
};

// Where the replay of a game's clocks stood when the move with index `ply` was received,
// that is after `ply` moves had been accounted: each side's clock, bank and move count. A
// replay of the same facts may start there instead of at move 1 (a game's snapshot keeps one
// at its window, snapshot.h), so that the work of a command does not grow with the game. It
// is taken and used only for plain clock facts: no refills, adjustments, suspensions or leave,
// and no flag fallen before it, so that it depends on nothing but the first `ply` moves'
// instants and flags, which never change.
struct ClockCheckpoint {
  int ply = 0;
  std::array<Seconds, 2> remaining{};  // clock before the next move's time runs (base)
  std::array<Seconds, 2> bank{};
  std::array<int, 2> moves{};

  bool operator==(const ClockCheckpoint&) const = default;
};

// Everything the clocks of one game depend on.
struct ClockFacts {
  TimeControl control = IccfStandard{};
  TimeZone zone;    // server zone for leave days
  Timestamp start;  // no clock runs and nobody moves before this (§4.9)
  Color first_to_move = Color::kWhite;
  std::vector<AcceptedMove> moves;  // in order, alternating from first_to_move
  std::vector<Refill> refills;
  std::array<std::vector<LeavePeriod>, 2> leave;  // each player's periods, by colour index
  std::vector<ClockAdjustment> adjustments;
  std::vector<Suspension> suspensions;
  bool silence_rule = true;               // event setting; never applies in Triple Block
  bool running_use_40_plus_days = false;  // the player to move ticked "use 40+ days"
  std::optional<Timestamp> finished_at;   // the game ended otherwise: clocks stop here
  // Start the replay here instead of at move 1 when it applies (plain facts, and at least
  // resume_from->ply moves known at the cutoff); the state then has no records of the moves
  // before it (ClockState::records_from). A checkpoint that does not apply is ignored.
  std::optional<ClockCheckpoint> resume_from;
  // Take a checkpoint when the move with this index is received (ClockState::checkpoint).
  std::optional<int> checkpoint_at;

  bool operator==(const ClockFacts&) const = default;
};

enum class FlagReason {
  kTime,     // out of clock time (§4.7)
  kSilence,  // 40 days without a move (§4.6)
};

// The first instant at which a side was out of time during one of its moves.
struct FlagFall {
  Color side = Color::kWhite;
  Timestamp at;
  FlagReason reason = FlagReason::kTime;
  int ply = 0;  // index of the move that was running (== number of moves before it)

  bool operator==(const FlagFall&) const = default;
};

// The clock record of one accepted move: for storage and PGN [%clk] comments.
struct MoveClockRecord {
  int ply = 0;  // 0-based index in the game's move list
  Color side = Color::kWhite;
  int move_number = 0;    // 1-based count of this side's own moves
  Timestamp received_at;  // clock started (opponent's move, or game start)
  Timestamp accepted_at;
  Seconds elapsed = 0;  // wall seconds from receipt to accept
  Seconds stopped = 0;  // of those, seconds excluded (own leave, suspensions)
  Seconds charged = 0;  // time taken off the clock (ICCF: whole days incl. doubling)
  // Time the rules add after the move: ICCF N days after every K-th move; Fischer I (before
  // the cap); Triple Block I during the first 50 moves (any excess over 50 d goes to the
  // bank); days per move the reset back to N days.
  Seconds increment = 0;
  Seconds refilled = 0;             // manual refills from bank during the move (Triple Block)
  Seconds bank_change = 0;          // bank after minus bank before the move's segment
  Seconds remaining_at_accept = 0;  // clock left when accepted, before any increment
  Seconds clock_after = 0;          // the clock the side's next move starts from
  Seconds bank_after = 0;
  bool conditional = false;
  bool late = false;  // accepted at or after its flag fell

  bool operator==(const MoveClockRecord&) const = default;
};

// One side's clock as of `now`.
struct SideClock {
  Seconds remaining = 0;  // never negative
  Seconds bank = 0;
  bool running = false;  // on move and the clock is ticking right now
  bool on_leave = false;
  int moves_made = 0;

  bool operator==(const SideClock&) const = default;
};

struct ClockState {
  Timestamp now;
  bool started = false;    // now >= start
  bool suspended = false;  // a suspension covers now
  bool finished = false;   // finished_at <= now
  Color to_move = Color::kWhite;
  std::array<SideClock, 2> sides;  // by colour index
  // When the flag of the player to move falls (or fell) if nothing else happens, counting
  // known future leave and suspensions. nullopt: clocks stopped indefinitely, or the game
  // finished first.
  std::optional<Timestamp> deadline;
  FlagReason deadline_reason = FlagReason::kTime;
  // The first flag fall at or before now (and before finished_at).
  std::optional<FlagFall> flag_fall;
  // One per accepted move stamped at or before now, from the move with index records_from
  // (0 but when the replay resumed from a checkpoint); record_of finds one by its ply.
  std::vector<MoveClockRecord> moves;
  int records_from = 0;
  // The checkpoint asked for by ClockFacts::checkpoint_at, when the facts are plain and no
  // flag fell before it.
  std::optional<ClockCheckpoint> checkpoint;

  const SideClock& side(Color c) const { return sides[chess::index(c)]; }
  // The record of the move with 1-based `ply`; null when there is none here.
  const MoveClockRecord* record_of(int ply) const {
    const int i = ply - 1 - records_from;
    if (i < 0 || i >= static_cast<int>(moves.size())) return nullptr;
    return &moves[static_cast<std::size_t>(i)];
  }
  // Whether the clock state agrees with itself: no negative clock or bank; at most the side
  // to move running, and only while started, not suspended, not finished; the move records
  // numbered from records_from in order, each received before accepted with its stopped
  // seconds within its elapsed ones; a flag fall not after now. Asserted after every clock
  // replay in debug and sanitizer builds.
  bool is_consistent() const;
  bool operator==(const ClockState&) const = default;
};

// Replays the facts up to `now` (moves, refills and adjustments stamped later are not yet
// known; leave and suspensions are schedules and are known in advance). Fails with
// kValidationError on impossible facts: invalid control, moves out of order or before the
// start, suspensions/refills where the control forbids them, a refill made while not on
// move, a ply that does not match its instant, bad adjustment values; leave under Triple
// Block is kLeaveNotAllowed.
Result<ClockState> compute_clock_state(const ClockFacts& facts, Timestamp now);

// Whether `side` may submit/accept a move at `now` (rules.md §2.3, clock part):
// kGameNotStarted before the start, kGameOver after a flag fall or finish, kNotYourTurn,
// kOnLeave while on leave. A suspension stops clocks only; it does not block moves here.
Result<void> check_move_allowed(const ClockFacts& facts, Color side, Timestamp now);

// The most a Triple Block player on move may refill at `now`: min(bank, 50 d - clock).
// kValidationError for other controls, kNotYourTurn when not on move.
Result<Seconds> max_refill(const ClockFacts& facts, Color side, Timestamp now);

// Checks a manual refill request before it is stored: positive amount, within max_refill at
// its instant, flag not fallen.
Result<void> validate_refill(const ClockFacts& facts, const Refill& refill);

// How a flag fall ends the game (§4.6, §4.7, §5.1).
enum class FlagOutcome {
  kTimeForfeit,  // the flagged side loses
  kTimeDraw,     // flagged, but the opponent could not checkmate by any legal sequence
  kSilence,      // lost under the silence rule
};

struct FlagVerdict {
  FlagOutcome outcome = FlagOutcome::kTimeForfeit;
  std::optional<Color> winner;  // none for a draw
  Timestamp at;

  bool operator==(const FlagVerdict&) const = default;
};

// The result of a flag fall. `opponent_can_mate` comes from the dead-position analysis for
// the flagged side's opponent; it does not matter for the silence rule (always a loss).
FlagVerdict flag_verdict(const FlagFall& fall, bool opponent_can_mate);

// The §5.1 termination name: "time_forfeit", "time_draw", "silence".
std::string_view termination_name(FlagOutcome outcome);

// A clock value for a PGN [%clk] comment: hours:minutes:seconds with unbounded hours, e.g.
// "1199:59:59" for 50 days less one second. Negative values print as "0:00:00".
std::string format_pgn_clock(Seconds s);

}  // namespace corrchess::game
