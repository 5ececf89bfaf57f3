// The Game aggregate: a game's state as a pure function of its stored facts (facts.h) and an
// instant "now", and the commands players and directors issue, as pure functions from a
// replayed game to the facts they append (or a typed Error; bad input changes nothing).
//
// Replay order: an event with ply p is applied after move p (events with equal ply in list
// order). Automatic endings (checkmate, stalemate, dead position) are derived from the
// position after the last move; claims, resignations, agreements, director decisions and
// recorded flag falls come from events. A flag fall needs no stored fact to show: when `now`
// is at or past the deadline of the player to move, the state is finished with the verdict
// for the deadline instant (loss, or time_draw if the opponent could not mate in the
// position at that instant), whenever replay runs. decide_flag_fall() yields the fact to store.
//
// Commands take a Game replayed at the command's instant: game.state().now is "now".
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/game_record.h"
#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/error.h"
#include "core/game/clock.h"
#include "core/game/conditional.h"
#include "core/game/facts.h"
#include "core/game/leave.h"
#include "core/game/oracles.h"
#include "core/game/time.h"
#include "core/game/time_zone.h"

namespace corrchess::game {

// ---- replay inputs ----

// Where a replay may start its board instead of the initial position (a game's snapshot,
// snapshot.h): the position after `ply` moves, written as FEN. Moves up to `ply` need only
// their ply, instant and flags (no UCI, no message): the rules read their clocks and draw
// offers, never their squares, because no position before an irreversible move (pawn move or
// capture) can stand again after it.
struct ReplayWindow {
  int ply = 0;
  std::string fen;
  // The clocks when the move after the window was received (plain clock facts only, see
  // ClockCheckpoint): the clock replay starts there too. None: the clocks replay every move.
  std::optional<ClockCheckpoint> clocks;

  bool operator==(const ReplayWindow&) const = default;
};

// A game's stored facts.
struct GameFacts {
  GameSetup setup;
  std::vector<MoveFact> moves;    // ply 1, 2, ...
  std::vector<GameEvent> events;  // in storage order, ply non-decreasing
  // Set when the board starts at a snapshot's window (then moves at or before window->ply
  // may carry no UCI); none: every move is played from the initial position.
  std::optional<ReplayWindow> window;

  bool operator==(const GameFacts&) const = default;
};

// What replay needs besides the game's own facts.
struct GameContext {
  TimeZone zone;                                  // server zone (leave days)
  std::array<std::vector<LeavePeriod>, 2> leave;  // each player's periods in this event
  // The player to move ticked "use 40+ days" on the move they are thinking about (§4.6).
  // It belongs to that move: Game::extend clears it once a move is appended.
  bool running_use_40_plus_days = false;
  Oracles oracles;
};

// ---- the state ----

struct MoveView {
  int ply = 0;  // 1-based
  Color side = Color::kWhite;
  std::string san;
  std::string uci;
  std::string numeric;
  std::string fen_after;
  Timestamp at;
  Seconds elapsed = 0;  // seconds from receipt to accept
  bool offer_draw = false;
  std::optional<std::string> message;
  bool played_as_conditional = false;
  bool use_40_plus_days = false;
  bool operator==(const MoveView&) const = default;
};

// A standing draw offer: made by `by` when `ply` moves had been played (for an offer carried
// by a move, that move's ply). from_claim: a rejected threefold/fifty claim (§3.5).
struct DrawOffer {
  Color by = Color::kWhite;
  int ply = 0;
  bool from_claim = false;
  bool operator==(const DrawOffer&) const = default;
};

struct ClockView {
  Seconds remaining = 0;
  bool running = false;
  std::optional<Timestamp> deadline;  // set for the running side
  std::optional<Seconds> bank;        // for controls with a bank
  bool on_leave = false;
  bool operator==(const ClockView&) const = default;
};

struct Claimable {
  bool threefold = false;    // a threefold claim (with or without an intended move) is correct
  bool fifty_moves = false;  // a fifty-move claim (with or without an intended move) is correct
  bool tablebase = false;    // at most 7 men now, or after some capture
  bool operator==(const Claimable&) const = default;
};

struct GameState {
  Timestamp now;
  GameStatus status = GameStatus::kNotStarted;
  std::optional<GameResult> result;
  std::optional<Termination> termination;
  std::optional<Timestamp> finished_at;
  std::string end_reason;  // claim verdict, director's reason, ...
  chess::Position initial;
  chess::Position position;
  Color to_move = Color::kWhite;
  int ply = 0;  // moves played
  // The views of plies full_views_from + 1 .. ply, in order (every move when
  // full_views_from is 0); view_of finds one by its ply.
  std::vector<MoveView> moves;
  std::optional<DrawOffer> draw_offer;
  std::array<ClockView, 2> clocks;  // by colour index
  ClockState clock;                 // the clock engine's full answer
  Claimable claimable;
  // A player may abort the game now (§2.3): it is friendly (GameSetup::friendly), in play,
  // and fewer than two moves were played.
  bool abortable = false;
  std::vector<std::string> legal_moves;  // SAN, for the player to move while ongoing
  std::array<int, 2> moves_made{};       // per colour
  // Ten-moves rule: a side may carry a draw offer again only once its moves_made reaches
  // this number (nullopt: no bar).
  std::array<std::optional<int>, 2> draw_offer_barred_until{};
  bool suspended = false;
  // The game ended on time and the flag fall is not yet stored (decide_flag_fall stores it).
  bool flag_fall_pending = false;
  // The moves up to this ply were replayed from a snapshot (GameFacts::window) and have no
  // view: the rules read only their instants and flags, which the clocks (resumed from the
  // window's, or replayed over every move's instant) and the counts above keep. 0: every
  // move has its view. A windowed state is what a command decides on; nothing it shows or
  // stores needs a move before the window.
  int full_views_from = 0;

  const ClockView& clock_of(Color c) const { return clocks[chess::index(c)]; }
  // The view of move `ply` (1-based); null when it has none (before the window, or not
  // played).
  const MoveView* view_of(int ply) const {
    const int i = ply - 1 - full_views_from;
    if (i < 0 || i >= static_cast<int>(moves.size())) return nullptr;
    return &moves[static_cast<std::size_t>(i)];
  }
  // The instant of the last move played, or nullopt before the first.
  std::optional<Timestamp> last_move_at() const {
    if (!moves.empty()) return moves.back().at;
    if (ply > 0 && !clock.moves.empty()) return clock.moves.back().accepted_at;
    return std::nullopt;
  }
  // Whether the parts of the state agree (as Stockfish's pos_is_ok for positions): the
  // position consistent and matching to_move and ply; a result only for a finished game; an
  // annulled game annulled or aborted, without a result; a standing offer, legal moves and
  // claims only while the game goes on; the clock views those of the clock engine, whose own
  // state is consistent. Asserted after every replay in debug and sanitizer builds; O(moves).
  bool is_consistent() const;
  bool operator==(const GameState&) const = default;
};

// Where phase 2 of a replay stood after the last fact (replay.cpp): what extending the game
// by more facts continues from.
struct FoldCheckpoint;

class Game {
 public:
  // Replays the facts at `now`. Fails with kValidationError (or kInvalidFen) when the facts
  // are inconsistent: a stored move that is not legal, plies out of order, events out of
  // order, moves after the game ended, clock facts the clock engine rejects. With a window
  // (GameFacts::window) the board starts at the window's position and the moves before it
  // count for the clocks and offers only; the state is the full replay's but for the views
  // of those moves, which it does not hold (full_views_from). A windowed replay that would need a
  // position before the window (a flag fall not yet stored that fell before it) fails with
  // kConflict: replay the full facts instead.
  static Result<Game> replay(GameFacts facts, GameContext context, Timestamp now);

  // This game with `moves` and `events` appended, at `now`: the same result as replay() of
  // all the facts (a property test holds them equal), but only the new facts are played;
  // what depends on every move (the clocks, the move list) is carried over or recomputed
  // cheaply. When `moves` is not empty the move in progress changes hands, so the extended
  // game's context no longer carries running_use_40_plus_days (the tick belonged to the
  // move just appended, which records it). Fails as replay() does.
  Result<Game> extend(const std::vector<MoveFact>& moves, const std::vector<GameEvent>& events,
                      Timestamp now) const;

  // `game` (replayed or extended at an earlier instant) at `now`, under `context`: the same
  // result as replay() of its facts with `context` at `now` (a property test holds them
  // equal), without playing its moves again. Only the clocks, the verdict of a flag that fell
  // since, the status and the claims are worked out again; the moves' views and positions are
  // taken over. `context` may differ from the game's own in everything the clocks read (leave,
  // the "use 40+ days" tick, the zone); its oracles must be the game's (the board's analysis,
  // kept from the earlier replay, used them).
  static Result<Game> resume(Game game, GameContext context, Timestamp now);

  const GameState& state() const& { return state_; }
  // The state, moved out of a game that is no longer needed.
  GameState take_state() && { return std::move(state_); }
  // The facts, moved out of a game that is no longer needed (take_state may come first: the
  // two take different parts).
  GameFacts take_facts() && { return std::move(facts_); }
  const GameFacts& facts() const { return facts_; }
  const GameContext& context() const { return context_; }
  const chess::GameRecord& record() const { return record_; }
  // The clock facts replay derived (for the clock engine's helpers, e.g. max_refill).
  const ClockFacts& clock_facts() const { return clock_facts_; }
  // The window a snapshot of this game keeps (snapshot.h): the position just before the last
  // irreversible move (pawn move or capture), from which every position that can still
  // repeat is replayed, with the clocks there when the facts allow (ClockCheckpoint); ply 0
  // (empty FEN) when the board has to start at the initial position. Never before this
  // game's own window.
  ReplayWindow snapshot_window() const;

 private:
  Game() = default;
  Result<void> run(Timestamp now);
  // What phase 6 found on the board of a game in play (legal moves, claims): a game resumed
  // on the same board takes it over.
  struct BoardClaims {
    std::vector<std::string> legal_moves;
    Claimable claimable;
  };
  // Phase 2 from `fold` over the facts not yet in it, then phases 3-6 (replay.cpp); phase 6
  // takes `board` over when the game is in play, rather than working it out again.
  Result<void> fold_and_finish(FoldCheckpoint fold, GameState st, Timestamp now,
                               std::optional<BoardClaims> board = std::nullopt);
  // Phase 2: plays the moves and folds the events not yet in `fold` (record_, st.moves),
  // then saves the checkpoint and closes the fold.
  Result<void> fold_facts(FoldCheckpoint& fold, GameState& st);
  // Phase 3: the clock facts of the folded game (clock_facts_) and the clocks at `now`.
  Result<ClockState> run_clocks(FoldCheckpoint& fold, Color first_to_move, Timestamp now);
  // Phase 4: a flag that fell while the game was live ends it at the deadline instant;
  // the clocks are then computed again, stopped there.
  Result<void> apply_flag_verdict(FoldCheckpoint& fold, ClockState& clock, bool& flag_fall_pending,
                                  Timestamp now);
  // The ply of snapshot_window(), from the facts and the board played so far.
  int snapshot_window_ply() const;

  GameFacts facts_;
  GameContext context_;
  chess::GameRecord record_;
  ClockFacts clock_facts_;
  GameState state_;
  std::shared_ptr<const FoldCheckpoint> checkpoint_;  // phase 2 after every fact
  int record_from_ = 0;  // ply of record_.start() (the window's, 0 without one)
  // The clocks at snapshot_window_ply(), when the clock facts allow one (ClockCheckpoint).
  std::optional<ClockCheckpoint> clock_checkpoint_;
};

// ---- commands ----

// What a command appends, and the game replayed after it (same "now").
struct Outcome {
  std::vector<MoveFact> moves;
  std::vector<GameEvent> events;
  Game game;
  // Set when the command changed the players' conditional trees (by colour index).
  std::optional<std::array<ConditionalTree, 2>> conditional;
  // Claims only.
  bool upheld = false;
  std::string reason;
};

struct MoveRequest {
  std::string move;  // SAN, UCI or ICCF numeric
  bool offer_draw = false;
  std::optional<std::string> message;
  bool use_40_plus_days = false;
};

// Longest message a move may carry (characters of UTF-8 text).
inline constexpr std::size_t kMaxMessageLength = 2000;

// Submit (§2.1): validates the move for `side` and returns the pending move (with SAN, UCI,
// numeric and fen_after) that replaces any earlier one. Changes no fact. Errors: kGameOver,
// kGameNotStarted, kNotYourTurn, kOnLeave, kIllegalMove / kAmbiguousMove / kInvalidNotation,
// kDrawOfferNotAllowed (no draw before move N, ten-moves rule), kValidationError (message).
Result<PendingMove> submit_move(const Game& game, Color side, const MoveRequest& request);

// Accept (§2.1): `move_text` must denote the same move as `pending` (kNoPendingMove when
// there is none, kPendingMismatch otherwise). Appends the move stamped now, then plays the
// opponent's matching conditional replies (same instant) down the line until one stops
// matching or the game ends; `conditional` holds both players' trees by colour index.
Result<Outcome> accept_move(const Game& game, Color side, const std::optional<PendingMove>& pending,
                            std::string_view move_text,
                            const std::array<ConditionalTree, 2>& conditional);

// Accept the opponent's standing draw offer (§3.1–3.2): kNoDrawOffer when none stands from
// the opponent, kDrawOfferNotAllowed before both players have moved.
Result<Outcome> accept_draw(const Game& game, Color side);

// Decline the opponent's standing draw offer explicitly (kNoDrawOffer when none).
Result<Outcome> decline_draw(const Game& game, Color side);

// Resign (§1.6): the opponent wins at once.
Result<Outcome> resign(const Game& game, Color side);

// Abort (§2.3): either player, also the one who has moved, may abort while
// GameState::abortable. The game ends without a result and counts for nothing (status
// annulled, termination aborted). kAbortNotAllowed for a game of an event or a director, or
// once both players have moved; kGameOver for a game that is over or awaits adjudication.
Result<Outcome> abort_game(const Game& game, Color side);

struct ClaimRequest {
  ClaimType type = ClaimType::kThreefold;
  std::optional<std::string> move;         // intended move (any notation)
  std::optional<ClaimExpectation> expect;  // required for tablebase claims
};

// A claim by the player to move (§3.3–3.6). Threefold / fifty moves: correct -> drawn;
// incorrect -> the claim stands as a draw offer and a named intended move is played (then
// conditional replies as for accept). Tablebase: the position (after the intended move,
// which is never played) must have at most 7 men (kClaimNotAllowed); an unavailable table
// is kTablebaseUnavailable and nothing changes. A fifty-move claim with 7 or fewer men on
// the board is kClaimNotAllowed. An illegal intended move fails with nothing changed.
Result<Outcome> claim(const Game& game, Color side, const ClaimRequest& request,
                      const std::array<ConditionalTree, 2>& conditional);

// Triple Block manual refill (§4.4) by the player on move; nullopt amount = as much as
// allowed. Delegates the rule to the clock engine (validate_refill).
Result<Outcome> refill_clock(const Game& game, Color side, std::optional<Seconds> amount);

// The fact recording a flag fall that the state already shows (flag_fall_pending), stamped
// at the deadline instant; nullopt when no flag has fallen or it is already stored.
std::optional<GameEvent> decide_flag_fall(const Game& game);

// Director: set a result with its termination and reason (§5.5). Allowed in any game that
// is not annulled (it overrides an earlier result). kValidationError for termination
// "annulled" (use annul_game) or a result that contradicts the termination.
Result<Outcome> set_result(const Game& game, GameResult result, Termination termination,
                           std::string reason, std::string actor);

// Director: annul the game (§5.1); kGameOver when already annulled.
Result<Outcome> annul_game(const Game& game, std::string reason, std::string actor);

// Director: set or adjust a clock (§4.8), checked by the clock engine. kGameOver when the game
// is over or awaits adjudication.
Result<Outcome> adjust_clock(const Game& game, Color side, AdjustmentKind kind, Seconds value,
                             std::string reason, std::string actor);

// Director: suspend / resume both clocks (§4.8; never in Triple Block: kValidationError).
// kGameOver when the game is over or awaits adjudication; kConflict when already suspended /
// not suspended.
Result<Outcome> suspend_game(const Game& game, std::string reason, std::string actor);
Result<Outcome> resume_game(const Game& game, std::string reason, std::string actor);

// The event's end date passed: an unfinished game becomes adjudication pending (§5.4).
Result<Outcome> mark_adjudication_pending(const Game& game);

// Bounds of a player's conditional lines in one game: how many lines, and how many plies
// one line has (the opponent's and the player's moves alternating).
inline constexpr std::size_t kMaxConditionalLines = 100;
inline constexpr std::size_t kMaxConditionalLinePlies = 200;

// kValidationError beyond kMaxConditionalLines lines or kMaxConditionalLinePlies plies in a
// line: the caps of a request's lines, whatever the game (checked with the request's body).
Result<void> check_conditional_caps(const std::vector<ConditionalLine>& lines);

// Stores conditional lines for `side` (§2.5), validated from the current position (the
// opponent must be to move). kValidationError beyond the caps (check_conditional_caps, checked
// first); kGameOver in a finished game.
Result<ConditionalTree> store_conditional(const Game& game, Color side,
                                          const std::vector<ConditionalLine>& lines);

}  // namespace corrchess::game
