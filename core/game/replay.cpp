// Game::replay: a game's state as a pure function of its facts and "now", in named phases
// (Game::fold_and_finish reads as their list):
//   1. check_fact_order    the facts are numbered and stamped consistently;
//   2. fold_facts          moves and events in replay order (FactFold): positions, endings,
//                          draw offers and their bars, and the clock facts the events carry;
//   3. run_clocks          what the clock engine needs (clock_facts_of), stopped at the first
//                          ending, and the clocks at "now";
//   4. apply_flag_verdict  a deadline passed before "now" ends the game at that instant;
//   5. fill_status         position, status, result, offers and clocks as shown;
//   6. fill_claims         what the player to move may claim, and the legal moves.
#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <utility>

#include "core/chess/notation.h"
#include "core/game/game.h"

namespace corrchess::game {

namespace {

Result<void> invalid_facts(std::string detail) {
  return fail(ErrorCode::kValidationError, "inconsistent game facts: " + std::move(detail));
}

}  // namespace

// Phase 2: the facts folded in replay order (an event with ply p after move p).
struct FoldCheckpoint {
  struct Ending {
    GameResult result = GameResult::kDraw;
    Termination termination = Termination::kAgreement;
    Timestamp at;
    std::string reason;
  };

  explicit FoldCheckpoint(bool ten_moves_rule) : ten_moves(ten_moves_rule) {}

  bool ten_moves;
  std::optional<Ending> ending;
  std::optional<Timestamp> first_end_at;  // the first ending's instant (a director may override)
  bool annulled = false;
  std::optional<Timestamp> annulled_at;
  std::optional<Color> aborted_by;  // the annulment is a player's abort (§2.3)
  std::optional<Timestamp> adjudication_at;
  std::optional<DrawOffer> offer;
  std::array<std::optional<int>, 2> barred{};  // no offer before this many own moves
  std::array<int, 2> made{};                   // moves made per side
  bool flag_recorded = false;
  std::vector<Refill> refills;
  std::vector<ClockAdjustment> adjustments;
  std::vector<Suspension> suspensions;
  std::optional<Timestamp> open_suspension;
  std::string open_suspension_reason;

  bool live() const { return !ending && !annulled; }

  // The offer of `by` was declined: the ten-moves rule bars the next one (§3.3).
  void decline_offer() {
    if (!offer->from_claim && ten_moves)
      barred[chess::index(offer->by)] = made[chess::index(offer->by)] + 10;
    offer.reset();
  }

  Result<void> apply(const GameEvent& ev);
  // Move `mf` by `mover` was played.
  void moved(const MoveFact& mf, Color mover);
  // Closes an open suspension and fixes the first ending's instant.
  void finish();

  std::size_t events_applied = 0;  // facts.events folded so far
  int plies = 0;                   // facts.moves folded so far
};

Result<void> FoldCheckpoint::apply(const GameEvent& ev) {
  const bool has_side = ev.side.has_value();
  const Color side = ev.side.value_or(Color::kWhite);
  switch (ev.kind) {
    case EventKind::kDrawDeclined:
      if (live() && has_side && offer && offer->by == ~side) decline_offer();
      break;
    case EventKind::kDrawAccepted:
      if (live() && has_side && offer && offer->by == ~side) {
        ending = Ending{GameResult::kDraw, Termination::kAgreement, ev.at, "draw agreed"};
      }
      break;
    case EventKind::kResigned:
      if (live() && has_side) {
        ending = Ending{win_for(~side), Termination::kResignation, ev.at,
                        std::string(color_name(side)) + " resigned"};
      }
      break;
    case EventKind::kClaim:
      if (!live() || !has_side || !ev.claim_type) break;
      if (ev.upheld.value_or(false)) {
        GameResult result = GameResult::kDraw;
        if (ev.result) {
          result = *ev.result;
        } else if (*ev.claim_type == ClaimType::kTablebase && ev.expect == ClaimExpectation::kWin) {
          result = win_for(side);
        }
        ending = Ending{result, ev.termination.value_or(claim_termination(*ev.claim_type)), ev.at,
                        ev.reason};
      } else if (*ev.claim_type != ClaimType::kTablebase) {
        // A rejected threefold / fifty-move claim stands as a draw offer (§3.5).
        offer = DrawOffer{side, ev.ply, true};
        barred[chess::index(~side)].reset();
      }
      break;
    case EventKind::kClockRefill:
      if (!has_side || !ev.seconds) return invalid_facts("refill without side or amount");
      refills.push_back(Refill{ev.at, side, *ev.seconds, ev.ply});
      break;
    case EventKind::kClockAdjusted:
      if (!has_side || !ev.seconds || !ev.adjustment) {
        return invalid_facts("clock adjustment without side, kind or value");
      }
      adjustments.push_back(
          ClockAdjustment{ev.at, side, *ev.adjustment, *ev.seconds, ev.reason, ev.ply});
      break;
    case EventKind::kSuspended:
      if (!open_suspension) {
        open_suspension = ev.at;
        open_suspension_reason = ev.reason;
      }
      break;
    case EventKind::kResumed:
      if (open_suspension) {
        suspensions.push_back(Suspension{*open_suspension, ev.at, open_suspension_reason});
        open_suspension.reset();
      }
      break;
    case EventKind::kResultSet:
      if (!ev.result || !ev.termination) return invalid_facts("result_set without result");
      if (annulled) break;
      if (ending && !first_end_at) first_end_at = ending->at;
      ending = Ending{*ev.result, *ev.termination, ev.at, ev.reason};
      break;
    case EventKind::kAnnulled:
      if (!annulled) {
        annulled = true;
        annulled_at = ev.at;
      }
      break;
    case EventKind::kAborted:
      // Only before both players have moved (§2.3); a stored abort after that is ignored.
      // `plies` is set once the fold is done: count the moves folded before this event.
      if (live() && has_side && made[0] + made[1] < 2) {
        annulled = true;
        annulled_at = ev.at;
        aborted_by = side;
      }
      break;
    case EventKind::kFlagFall:
      if (live() && ev.result && ev.termination) {
        ending = Ending{*ev.result, *ev.termination, ev.at, ev.reason};
        flag_recorded = true;
      }
      break;
    case EventKind::kAdjudicationPending:
      if (live() && !adjudication_at) adjudication_at = ev.at;
      break;
  }
  return {};
}

void FoldCheckpoint::moved(const MoveFact& mf, Color mover) {
  // The opponent's standing offer is declined by this move (§3.1).
  if (offer && offer->by != mover) decline_offer();
  ++made[chess::index(mover)];
  if (barred[chess::index(mover)] && made[chess::index(mover)] >= *barred[chess::index(mover)])
    barred[chess::index(mover)].reset();
  if (mf.offer_draw) {
    offer = DrawOffer{mover, mf.ply, false};
    barred[chess::index(~mover)].reset();  // the opponent offered meanwhile
  }
}

void FoldCheckpoint::finish() {
  if (open_suspension) {
    suspensions.push_back(Suspension{*open_suspension, std::nullopt, open_suspension_reason});
  }
  if (ending && !first_end_at) first_end_at = ending->at;
}

namespace {

using chess::Position;
using Ending = FoldCheckpoint::Ending;
using FactFold = FoldCheckpoint;

// Checkmate, stalemate or dead position in `pos` (the position after a move stamped `at`).
std::optional<Ending> automatic_ending(const Position& pos, Timestamp at,
                                       const MateOracle& oracle) {
  if (pos.is_checkmate()) {
    return Ending{win_for(~pos.side_to_move()), Termination::kCheckmate, at, "checkmate"};
  }
  if (pos.is_stalemate())
    return Ending{GameResult::kDraw, Termination::kStalemate, at, "stalemate"};
  if (!oracle.can_mate(pos, Color::kWhite) && !oracle.can_mate(pos, Color::kBlack)) {
    return Ending{GameResult::kDraw, Termination::kDeadPosition, at,
                  "dead position: neither side can checkmate"};
  }
  return std::nullopt;
}

Termination flag_termination(FlagOutcome outcome) {
  switch (outcome) {
    case FlagOutcome::kTimeForfeit: return Termination::kTimeForfeit;
    case FlagOutcome::kTimeDraw: return Termination::kTimeDraw;
    case FlagOutcome::kSilence: return Termination::kSilence;
  }
  return Termination::kTimeForfeit;
}

// Phase 1: moves numbered 1..n in time order, none before the start; events in ply order
// within the moves.
Result<void> check_fact_order(const GameFacts& facts) {
  const auto& moves = facts.moves;
  const auto& events = facts.events;
  const int n = static_cast<int>(moves.size());
  for (int i = 0; i < n; ++i) {
    if (moves[i].ply != i + 1) {
      return invalid_facts("move " + std::to_string(i + 1) + " has ply " +
                           std::to_string(moves[i].ply));
    }
    if (moves[i].at < facts.setup.start_at) {
      return invalid_facts("a move is stamped before the start");
    }
    if (i > 0 && moves[i].at < moves[i - 1].at) return invalid_facts("moves out of time order");
  }
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].ply < 0 || events[i].ply > n) return invalid_facts("event ply out of range");
    if (i > 0 && events[i].ply < events[i - 1].ply) return invalid_facts("events out of order");
  }
  return {};
}

// The move list entry of `move` played from `before` as stored in `mf` (fen_after later).
MoveView move_view(const Position& before, chess::Move move, const MoveFact& mf) {
  MoveView view;
  view.ply = mf.ply;
  view.side = before.side_to_move();
  view.san = chess::to_san(before, move);
  view.uci = chess::to_uci(before, move);
  view.numeric = chess::to_numeric(before, move);
  view.at = mf.at;
  view.offer_draw = mf.offer_draw;
  view.message = mf.message;
  view.played_as_conditional = mf.played_as_conditional;
  view.use_40_plus_days = mf.use_40_plus_days;
  return view;
}

// The board a windowed replay starts from: the window's FEN, which must be the position
// after window.ply of the game's `moves` moves (same variant, side to move and move number).
Result<Position> window_start(const ReplayWindow& window, const GameSetup& setup,
                              const Position& initial, std::size_t moves) {
  if (window.ply < 0 || static_cast<std::size_t>(window.ply) > moves) {
    return fail(ErrorCode::kValidationError, "inconsistent game facts: window out of range");
  }
  TRY_LET(pos, Position::from_fen(window.fen, setup.variant == Variant::kChess960));
  if (pos->game_ply() != initial.game_ply() + window.ply) {
    return fail(ErrorCode::kValidationError,
                "inconsistent game facts: the window's position is not after its ply");
  }
  return pos;
}

// Phase 3: what the clock engine needs. The clocks stop at the first of: the game's first
// ending, annulment, adjudication pending.
ClockFacts clock_facts_of(const GameFacts& facts, const GameContext& context, FactFold& fold,
                          Color first_to_move) {
  const GameSetup& setup = facts.setup;
  ClockFacts cf;
  cf.control = setup.time_control;
  cf.zone = context.zone;
  cf.start = setup.start_at;
  cf.first_to_move = first_to_move;
  cf.moves.reserve(facts.moves.size());
  for (const MoveFact& mf : facts.moves) {
    cf.moves.push_back(AcceptedMove{mf.at, mf.played_as_conditional, mf.use_40_plus_days});
  }
  cf.refills = std::move(fold.refills);
  if (allows_leave(setup.time_control)) cf.leave = context.leave;
  cf.adjustments = std::move(fold.adjustments);
  if (allows_suspension(setup.time_control)) cf.suspensions = std::move(fold.suspensions);
  cf.silence_rule = setup.rules.silence_rule;
  cf.running_use_40_plus_days = context.running_use_40_plus_days;
  for (const std::optional<Timestamp>& stop :
       {fold.first_end_at, fold.annulled_at, fold.adjudication_at}) {
    if (stop && (!cf.finished_at || *stop < *cf.finished_at)) cf.finished_at = stop;
  }
  return cf;
}

// Phase 4: the ending of a flag that fell before "now"; the verdict is the one for the
// deadline instant, whenever this runs (§4.7).
Ending flag_ending(const FlagFall& fall, bool opponent_can_mate) {
  const FlagVerdict verdict = flag_verdict(fall, opponent_can_mate);
  return Ending{verdict.winner ? win_for(*verdict.winner) : GameResult::kDraw,
                flag_termination(verdict.outcome), fall.at,
                std::string(color_name(fall.side)) + (verdict.outcome == FlagOutcome::kSilence
                                                          ? " broke the silence rule"
                                                          : " ran out of time")};
}

// Whether the clocks show a bank: the time control has one, or a director set one (days per
// move without `bank_days`, rules.md 3.8), which then counts for the deadline like any other.
bool shows_bank(const ClockFacts& clock) {
  return has_bank(clock.control) ||
         std::ranges::any_of(clock.adjustments, [](const ClockAdjustment& a) {
           return a.kind == AdjustmentKind::kSetBank;
         });
}

// Phase 5: the position reached, status, result, the standing offer and the clocks as shown
// (st.clock holds the clock state of phases 3 and 4; `banked`: they show a bank).
void fill_status(GameState& st, const FactFold& fold, const GameSetup& setup,
                 const chess::GameRecord& record, Timestamp now, bool banked) {
  st.position = record.current();
  st.to_move = st.position.side_to_move();
  st.ply = fold.plies;
  st.moves_made = fold.made;
  for (MoveView& view : st.moves) {  // the views start after the window (if any)
    if (const MoveClockRecord* rec = st.clock.record_of(view.ply)) view.elapsed = rec->elapsed;
  }
  if (fold.annulled) {
    st.status = GameStatus::kAnnulled;
    st.termination = fold.aborted_by ? Termination::kAborted : Termination::kAnnulled;
    st.finished_at = fold.annulled_at;
    if (fold.aborted_by) st.end_reason = std::string(color_name(*fold.aborted_by)) + " aborted";
  } else if (fold.ending) {
    st.status = GameStatus::kFinished;
    st.result = fold.ending->result;
    st.termination = fold.ending->termination;
    st.finished_at = fold.ending->at;
    st.end_reason = fold.ending->reason;
  } else if (now < setup.start_at) {
    st.status = GameStatus::kNotStarted;
  } else if (fold.adjudication_at) {
    st.status = GameStatus::kAdjudicationPending;
  } else {
    st.status = GameStatus::kOngoing;
  }
  st.abortable = setup.friendly && is_in_play(st.status) && st.ply < 2;
  if (!is_over(st.status)) {
    st.draw_offer = fold.offer;
    st.draw_offer_barred_until = fold.barred;
  }
  st.suspended = fold.open_suspension.has_value();
  for (Color c : {Color::kWhite, Color::kBlack}) {
    const SideClock& sc = st.clock.side(c);
    ClockView& v = st.clocks[chess::index(c)];
    v.remaining = sc.remaining;
    v.running = sc.running;
    v.on_leave = sc.on_leave;
    if (banked) v.bank = sc.bank;
    if (st.status == GameStatus::kOngoing && c == st.to_move) v.deadline = st.clock.deadline;
  }
}

// Phase 6: what the player to move may claim now or with a move, and the legal moves.
void fill_claims(GameState& st, const chess::GameRecord& record) {
  if (st.status != GameStatus::kOngoing) return;
  const chess::ClaimOptions options = record.claim_options();
  st.claimable.threefold = options.threefold_now || !options.threefold_moves.empty();
  st.claimable.fifty_moves = options.fifty_moves_now || !options.fifty_move_moves.empty();
  const int men = st.position.men_count();
  bool tb = men <= 7;
  for (chess::Move m : st.position.legal_moves()) {
    st.legal_moves.push_back(chess::to_san(st.position, m));
    if (men == 8 && st.position.is_capture(m)) tb = true;
  }
  st.claimable.tablebase = tb;
}

// The state a fold that goes on from its checkpoint starts from at `now`: the game's first
// position and the views of the moves so far, whose clock figures phase 5 works out again.
GameState continued_state(Timestamp now, chess::Position initial, std::vector<MoveView> moves) {
  GameState st;
  st.now = now;
  st.initial = std::move(initial);
  st.moves = std::move(moves);
  for (MoveView& view : st.moves) view.elapsed = 0;
  return st;
}

}  // namespace

bool GameState::is_consistent() const {
  if (!position.is_consistent() || position.side_to_move() != to_move) return false;
  if (ply != moves_made[0] + moves_made[1]) return false;
  if (full_views_from < 0 || moves.size() != static_cast<std::size_t>(ply - full_views_from)) {
    return false;
  }
  if (result.has_value() != (status == GameStatus::kFinished)) return false;
  if (termination.has_value() != is_over(status)) return false;
  if (status == GameStatus::kAnnulled && !voids_game(*termination)) return false;
  if (status != GameStatus::kAnnulled && termination && voids_game(*termination)) return false;
  if (is_over(status) && (draw_offer || abortable)) return false;
  if (status != GameStatus::kOngoing && !legal_moves.empty()) return false;
  for (Color c : {Color::kWhite, Color::kBlack}) {
    if (clock_of(c).remaining != clock.side(c).remaining) return false;
  }
  return clock.is_consistent();
}

Result<Game> Game::replay(GameFacts facts, GameContext context, Timestamp now) {
  Game game;
  game.facts_ = std::move(facts);
  game.context_ = std::move(context);
  TRY(game.run(now));
  return game;
}

Result<Game> Game::extend(const std::vector<MoveFact>& moves, const std::vector<GameEvent>& events,
                          Timestamp now) const {
  // Each list is copied once, into room for what is appended (the move lists grow with the
  // game; a copy that then grows would move every element again).
  GameFacts facts;
  facts.setup = facts_.setup;
  facts.window = facts_.window;
  facts.moves.reserve(facts_.moves.size() + moves.size());
  facts.moves.insert(facts.moves.end(), facts_.moves.begin(), facts_.moves.end());
  facts.moves.insert(facts.moves.end(), moves.begin(), moves.end());
  facts.events.reserve(facts_.events.size() + events.size());
  facts.events.insert(facts.events.end(), facts_.events.begin(), facts_.events.end());
  facts.events.insert(facts.events.end(), events.begin(), events.end());
  // The fold goes on from where it stood when every new event comes at or after the last
  // move it played (events are applied after the move of their ply); anything else, and a
  // game with no checkpoint, is replayed whole.
  const int plies = static_cast<int>(facts_.moves.size());
  const bool continues =
      checkpoint_ && checkpoint_->plies == plies &&
      checkpoint_->events_applied == facts_.events.size() &&
      !(plies == 0 && checkpoint_->ending && !moves.empty()) &&
      std::ranges::all_of(events, [&](const GameEvent& e) { return e.ply >= plies; });
  GameContext context = context_;
  if (!moves.empty()) context.running_use_40_plus_days = false;  // the next move's own tick
  if (!continues) return replay(std::move(facts), std::move(context), now);
  Game game;
  game.facts_ = std::move(facts);
  game.context_ = std::move(context);
  TRY(check_fact_order(game.facts_));
  game.record_ = record_;
  game.record_from_ = record_from_;
  std::vector<MoveView> views;
  views.reserve(state_.moves.size() + moves.size());
  views.insert(views.end(), state_.moves.begin(), state_.moves.end());
  TRY(game.fold_and_finish(*checkpoint_, continued_state(now, state_.initial, std::move(views)),
                           now));
  return game;
}

Result<Game> Game::resume(Game game, GameContext context, Timestamp now) {
  const bool same_oracles = context.oracles.mate == game.context_.oracles.mate &&
                            context.oracles.tablebase == game.context_.oracles.tablebase &&
                            context.oracles.evidence == game.context_.oracles.evidence;
  if (!same_oracles) throw std::logic_error("Game::resume: the oracles differ from the game's");
  const int plies = static_cast<int>(game.facts_.moves.size());
  const bool continues = game.checkpoint_ && game.checkpoint_->plies == plies &&
                         game.checkpoint_->events_applied == game.facts_.events.size();
  if (!continues) return replay(std::move(game.facts_), std::move(context), now);
  game.context_ = std::move(context);
  auto st = continued_state(now, std::move(game.state_.initial), std::move(game.state_.moves));
  // The board is the one phase 6 saw when the game was in play then (a game not in play
  // then has no legal moves worked out).
  std::optional<BoardClaims> board;
  if (game.state_.status == GameStatus::kOngoing) {
    board = BoardClaims{std::move(game.state_.legal_moves), game.state_.claimable};
  }
  const FoldCheckpoint fold = *game.checkpoint_;
  TRY(game.fold_and_finish(fold, std::move(st), now, std::move(board)));
  return game;
}

int Game::snapshot_window_ply() const {
  const int plies = static_cast<int>(facts_.moves.size());
  const int since_irreversible = record_.current().halfmove_clock();
  return std::max(record_from_, plies - since_irreversible - 1);  // record_from_ >= 0
}

ReplayWindow Game::snapshot_window() const {
  const int ply = snapshot_window_ply();
  if (ply <= 0) return {};
  ReplayWindow window{ply, record_.position_at(ply - record_from_).fen(), std::nullopt};
  if (clock_checkpoint_ && clock_checkpoint_->ply == ply) window.clocks = clock_checkpoint_;
  return window;
}

Result<void> Game::run(Timestamp now) {
  const GameSetup& setup = facts_.setup;
  GameState st;
  st.now = now;
  TRY_LET(init, initial_position(setup));
  st.initial = *init;
  record_ = chess::GameRecord(*init);
  if (auto ok = check_fact_order(facts_); !ok) return ok;
  if (facts_.window && facts_.window->ply > 0) {
    TRY_LET(start, window_start(*facts_.window, setup, *init, facts_.moves.size()));
    record_ = chess::GameRecord(*start);
    record_from_ = facts_.window->ply;
  }
  FoldCheckpoint fold(setup.rules.ten_moves_rule);
  if (facts_.moves.empty()) {
    fold.ending =
        automatic_ending(record_.current(), setup.start_at, context_.oracles.mate_oracle());
  }
  return fold_and_finish(std::move(fold), std::move(st), now);
}

Result<void> Game::fold_and_finish(FoldCheckpoint fold, GameState st, Timestamp now,
                                   std::optional<BoardClaims> board) {
  if (auto ok = fold_facts(fold, st); !ok) return ok;
  TRY_LET(clock, run_clocks(fold, st.initial.side_to_move(), now));
  if (auto ok = apply_flag_verdict(fold, *clock, st.flag_fall_pending, now); !ok) return ok;
  st.clock = std::move(*clock);
  clock_checkpoint_ = st.clock.checkpoint;
  fill_status(st, fold, facts_.setup, record_, now, shows_bank(clock_facts_));
  if (board && st.status == GameStatus::kOngoing) {
    st.legal_moves = std::move(board->legal_moves);
    st.claimable = board->claimable;
  } else {
    fill_claims(st, record_);
  }
  st.full_views_from = record_from_;
  state_ = std::move(st);
  assert(state_.is_consistent());
  return {};
}

Result<void> Game::fold_facts(FoldCheckpoint& fold, GameState& st) {
  const auto& moves = facts_.moves;
  const auto& events = facts_.events;
  const MateOracle& mate = context_.oracles.mate_oracle();
  const int n = static_cast<int>(moves.size());
  st.moves.reserve(moves.size() - std::min(moves.size(), static_cast<std::size_t>(record_from_)));
  std::size_t e = fold.events_applied;
  for (int p = fold.plies; p <= n; ++p) {
    for (; e < events.size() && events[e].ply == p; ++e) {
      if (auto ok = fold.apply(events[e]); !ok) return ok;
    }
    if (p == n) break;
    const MoveFact& mf = moves[static_cast<std::size_t>(p)];
    if (!fold.live() || fold.adjudication_at) {
      return invalid_facts("move " + std::to_string(mf.ply) + " after the game ended");
    }
    if (p < record_from_) {
      // Before the window: the move counts for the clocks and offers and has no view; the
      // board starts at the window (then record_.current() is the position after the last
      // move here).
      const Color mover = p % 2 == 0 ? st.initial.side_to_move() : ~st.initial.side_to_move();
      fold.moved(mf, mover);
      if (p == n - 1) fold.ending = automatic_ending(record_.current(), mf.at, mate);
      continue;
    }
    const Position& before = record_.current();
    auto move = chess::parse_uci(before, mf.uci);
    if (!move) {
      return invalid_facts("move " + std::to_string(mf.ply) + " '" + mf.uci +
                           "': " + move.error().detail);
    }
    const Color mover = before.side_to_move();
    MoveView view = move_view(before, *move, mf);
    if (auto ok = record_.play(*move); !ok) return invalid_facts(ok.error().detail);
    view.fen_after = record_.current().fen();
    st.moves.push_back(std::move(view));
    fold.moved(mf, mover);
    if (p == n - 1) fold.ending = automatic_ending(record_.current(), mf.at, mate);
  }
  if (e != events.size()) return invalid_facts("event ply out of range");
  fold.events_applied = e;
  fold.plies = n;
  checkpoint_ = std::make_shared<const FoldCheckpoint>(fold);
  fold.finish();
  return {};
}

Result<ClockState> Game::run_clocks(FoldCheckpoint& fold, Color first_to_move, Timestamp now) {
  clock_facts_ = clock_facts_of(facts_, context_, fold, first_to_move);
  // From the window's clocks, when it has them; and the clocks at the next snapshot's window.
  if (facts_.window && facts_.window->clocks && facts_.window->clocks->ply == record_from_) {
    clock_facts_.resume_from = facts_.window->clocks;
  }
  if (const int next = snapshot_window_ply(); next > 0) clock_facts_.checkpoint_at = next;
  return compute_clock_state(clock_facts_, now);
}

Result<void> Game::apply_flag_verdict(FoldCheckpoint& fold, ClockState& clock,
                                      bool& flag_fall_pending, Timestamp now) {
  if (!fold.live() || !clock.flag_fall) return {};
  const FlagFall fall = *clock.flag_fall;
  const int plies = static_cast<int>(facts_.moves.size());
  const int fall_ply = std::min(fall.ply, plies);
  if (fall_ply < record_from_) {
    return fail(ErrorCode::kConflict,
                "the flag fell before the replay window: replay the full facts");
  }
  const Position& at_fall = record_.position_at(fall_ply - record_from_);
  fold.ending = flag_ending(fall, context_.oracles.mate_oracle().can_mate(at_fall, ~fall.side));
  flag_fall_pending = !fold.flag_recorded;
  clock_facts_.finished_at = fall.at;
  TRY_LET(stopped, compute_clock_state(clock_facts_, now));
  clock = std::move(*stopped);
  return {};
}

}  // namespace corrchess::game
