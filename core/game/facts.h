// The stored facts of one game (rules.md §6.1): its setup plus two append-only lists, the
// accepted moves and the other game events (offers declined/accepted, resignations, claims
// with their verdicts, clock changes, director decisions, flag falls). A game's state is a
// pure function of these facts and an instant "now" (see game.h). Everything here is plain
// data; every enum has a stable lower-case name (to_string / parse_*) for the database and
// JSON layers.
//
// Ply conventions:
// - MoveFact::ply is 1-based: ply 1 is the first move after the initial position.
// - GameEvent::ply is the number of moves accepted when the event happened; an event with
//   ply p comes after move p and before move p + 1. Events with equal ply keep list order.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/error.h"
#include "core/game/clock.h"
#include "core/game/time.h"
#include "core/game/time_control.h"

namespace corrchess::game {

using chess::Color;

enum class Variant { kStandard, kChess960 };

// The game's status as shown to clients (api.md).
enum class GameStatus { kNotStarted, kOngoing, kAdjudicationPending, kFinished, kAnnulled };

// Every status, in declaration order (for the stored sets of a predicate below).
inline constexpr std::array<GameStatus, 5> kGameStatuses{
    GameStatus::kNotStarted, GameStatus::kOngoing, GameStatus::kAdjudicationPending,
    GameStatus::kFinished, GameStatus::kAnnulled};

// Whether a game in this status is over: finished with a result, or annulled.
constexpr bool is_over(GameStatus status) {
  return status == GameStatus::kFinished || status == GameStatus::kAnnulled;
}

// Whether a game in this status is in play: not started yet or ongoing. Only such a game has
// a deadline the scheduler acts on and can be taken to adjudication at its event's end date
// (an adjudication-pending game is neither in play nor over).
constexpr bool is_in_play(GameStatus status) {
  return status == GameStatus::kNotStarted || status == GameStatus::kOngoing;
}

// A finished game's score (rules.md §5.1): "1-0", "0-1", "1/2-1/2", "0-0" (double default).
enum class GameResult { kWhiteWins, kBlackWins, kDraw, kDoubleDefault };

// How a game ended (rules.md §5.1).
enum class Termination {
  kCheckmate,
  kResignation,
  kStalemate,
  kDeadPosition,
  kAgreement,
  kRepetition,
  kFiftyMoves,
  kTablebase,
  kTimeForfeit,
  kTimeDraw,
  kSilence,
  kAdjudication,
  kDefault,
  kAnnulled,
  kAborted,  // a player aborted a game outside events before both had moved (§2.3)
};

// Whether a game that ended so has no result and counts for nothing: annulled by a director
// or aborted by a player.
constexpr bool voids_game(Termination t) {
  return t == Termination::kAnnulled || t == Termination::kAborted;
}

enum class ClaimType { kThreefold, kFiftyMoves, kTablebase };

// What a tablebase claim expects (rules.md §3.6).
enum class ClaimExpectation { kWin, kDraw };

enum class EventKind {
  kDrawDeclined,         // side declined the standing offer explicitly
  kDrawAccepted,         // side accepted the standing offer: drawn by agreement
  kResigned,             // side resigned
  kClaim,                // side claimed (claim_type, intended_move, expect, upheld, reason)
  kClockRefill,          // Triple Block manual refill of `seconds` by side (on move)
  kClockAdjusted,        // director changed side's clock (adjustment, seconds, reason, actor)
  kSuspended,            // director suspended both clocks (reason, actor)
  kResumed,              // director resumed the clocks (reason, actor)
  kResultSet,            // director set the result (result, termination, reason, actor)
  kAnnulled,             // director annulled the game (reason, actor)
  kFlagFall,             // side's flag fell at `at` (result, termination: time_forfeit,
                         // time_draw or silence); `at` is the deadline instant itself
  kAdjudicationPending,  // the event's end date passed with the game unfinished
  kAborted,              // side aborted the game before both players had moved (§2.3)
};

// The event settings a game depends on (rules.md §3.2, §4.6, §2.4).
struct EventRules {
  // No agreed draw before this move number (a draw offer may be carried only by a player's
  // move number >= this). 0 = no limit.
  int no_draw_before_move = 0;
  // After a declined offer the same player may offer again only after 10 more own moves,
  // unless the opponent offered meanwhile. Never applies to claims.
  bool ten_moves_rule = true;
  // Loss on the 41st day without a move (§4.6). Ignored for Triple Block.
  bool silence_rule = true;
  // Whether moves may carry a message to the opponent.
  bool messages_allowed = true;

  bool operator==(const EventRules&) const = default;
};

// Everything fixed when the game is created.
struct GameSetup {
  Variant variant = Variant::kStandard;
  // Chess960 Scharnagl number 0..959, when the start array came from one.
  std::optional<int> start_position;
  // The initial position; empty means the standard start position (or, for Chess960 with a
  // start_position, that array).
  std::string initial_fen;
  TimeControl time_control = IccfStandard{};
  // Nobody moves and no clock runs before this instant (§4.9).
  Timestamp start_at;
  EventRules rules;
  // Started by a challenge or a seek, not by an event or a director: the players may abort
  // it before both have moved (§2.3).
  bool friendly = false;

  bool operator==(const GameSetup&) const = default;
};

// One accepted move.
struct MoveFact {
  int ply = 0;      // 1-based
  std::string uci;  // UCI text as stored (Chess960 castling king-takes-rook)
  Timestamp at;     // server stamp of the accept
  bool offer_draw = false;
  std::optional<std::string> message;
  bool played_as_conditional = false;  // played by the server from the mover's conditional tree
  bool use_40_plus_days = false;       // the mover ticked "use 40+ days" (§4.6)

  bool operator==(const MoveFact&) const = default;
};

// Any other fact. Which optional fields are set depends on `kind` (see EventKind).
struct GameEvent {
  EventKind kind = EventKind::kDrawDeclined;
  Timestamp at;
  std::optional<Color> side;  // the acting or affected player; none for suspensions etc.
  int ply = 0;                // moves accepted when the event happened

  // kClaim
  std::optional<ClaimType> claim_type;
  std::optional<std::string> intended_move;  // UCI
  std::optional<ClaimExpectation> expect;    // tablebase claims
  std::optional<bool> upheld;
  // kClaim: evidence text (which plies repeated, what the table said).
  std::optional<std::string> evidence;

  // kClockRefill: amount; kClockAdjusted: the value for `adjustment`.
  std::optional<Seconds> seconds;
  std::optional<AdjustmentKind> adjustment;

  // kResultSet, kFlagFall, and upheld claims: the game's result and how it ended.
  std::optional<GameResult> result;
  std::optional<Termination> termination;

  // Free text: claim verdict, director's reason.
  std::string reason;
  // Who did it (director user name / id) for director actions; empty for players.
  std::string actor;

  bool operator==(const GameEvent&) const = default;
};

// A submitted, not yet accepted move (rules.md §2.1): private to its owner, replaceable and
// cancellable, not a fact. Only ever shown to its owner.
struct PendingMove {
  Color side = Color::kWhite;
  std::string uci;
  std::string san;
  std::string numeric;
  std::string fen_after;
  bool offer_draw = false;
  std::optional<std::string> message;
  bool use_40_plus_days = false;
  Timestamp submitted_at;
  int ply = 0;  // the ply this move would get (1-based)

  bool operator==(const PendingMove&) const = default;
};

// ---- string forms (stable; used in the database and the API) ----

std::string_view to_string(Variant v);      // "standard", "chess960"
std::string_view to_string(GameStatus s);   // "not_started", "ongoing", ...
std::string_view to_string(GameResult r);   // "1-0", "0-1", "1/2-1/2", "0-0"
std::string_view to_string(Termination t);  // "checkmate", ..., "annulled", "aborted"
// How an upheld claim of `type` ends the game: repetition, fifty_moves or tablebase.
Termination claim_termination(ClaimType type);
std::string_view to_string(ClaimType t);         // "threefold", "fifty_moves", "tablebase"
std::string_view to_string(ClaimExpectation e);  // "win", "draw"
std::string_view to_string(EventKind k);         // "draw_declined", "claim", ...
std::string_view to_string(AdjustmentKind k);    // "set_remaining", "adjust", "set_bank"
std::string_view color_name(Color c);            // "white", "black"

// Readers for the names above; kValidationError naming the bad value otherwise.
Result<Variant> parse_variant(std::string_view text);
// Characters (code points) of UTF-8 text: the bytes that do not continue a sequence.
std::size_t utf8_characters(std::string_view text);
Result<GameStatus> parse_game_status(std::string_view text);
Result<GameResult> parse_game_result(std::string_view text);
Result<Termination> parse_termination(std::string_view text);
Result<ClaimType> parse_claim_type(std::string_view text);
Result<ClaimExpectation> parse_claim_expectation(std::string_view text);
Result<EventKind> parse_event_kind(std::string_view text);
Result<AdjustmentKind> parse_adjustment_kind(std::string_view text);
Result<Color> parse_color(std::string_view text);

// The winner's result ("1-0" for white).
constexpr GameResult win_for(Color c) {
  return c == Color::kWhite ? GameResult::kWhiteWins : GameResult::kBlackWins;
}

// The initial position of a setup: initial_fen when set (Chess960 semantics for chess960),
// else the Chess960 array of start_position, else the standard start position. Errors:
// kInvalidFen, kValidationError (start_position out of range, or given for standard chess).
Result<chess::Position> initial_position(const GameSetup& setup);

// Checks a setup before a game is created: initial position, time control, rule values.
Result<void> validate_setup(const GameSetup& setup);

}  // namespace corrchess::game
