#include "core/game/game.h"

#include <algorithm>
#include <utility>
#include <variant>

#include "core/chess/notation.h"

namespace corrchess::game {

namespace {

using chess::Position;

}  // namespace

// ---------------------------------------------------------------- commands

namespace {

Result<void> check_open(const GameState& st) {
  switch (st.status) {
    case GameStatus::kFinished: return fail(ErrorCode::kGameOver, "the game is over");
    case GameStatus::kAnnulled: return fail(ErrorCode::kGameOver, "the game was annulled");
    case GameStatus::kAdjudicationPending:
      return fail(ErrorCode::kGameOver, "the game awaits adjudication");
    case GameStatus::kNotStarted:
      return fail(ErrorCode::kGameNotStarted, "the game has not started yet");
    case GameStatus::kOngoing: return {};
  }
  return {};
}

// The rules for the player to move acting on the board (§2.3).
Result<void> check_on_move(const GameState& st, Color side) {
  if (auto ok = check_open(st); !ok) return ok;
  if (st.to_move != side) return fail(ErrorCode::kNotYourTurn, "it is not your turn");
  if (st.clock_of(side).on_leave) {
    return fail(ErrorCode::kOnLeave, "you are on leave: end the leave first to move");
  }
  return {};
}

// Resignation and draw answers are possible also while adjudication is pending.
Result<void> check_decidable(const GameState& st) {
  if (st.status == GameStatus::kAdjudicationPending) return {};
  return check_open(st);
}

// A director's clock change, suspension or resumption needs a game in play, started or not: a
// game that is over or awaits adjudication has no clock left to run (rules.md 9).
Result<void> check_clocks_changeable(const GameState& st) {
  if (st.status == GameStatus::kNotStarted) return {};
  return check_open(st);
}

Result<void> check_offer_allowed(const Game& game, Color side) {
  const GameState& st = game.state();
  const int number = st.moves_made[chess::index(side)] + 1;
  const int min_move = game.facts().setup.rules.no_draw_before_move;
  if (number < min_move) {
    return fail(ErrorCode::kDrawOfferNotAllowed,
                "no draw offers before move " + std::to_string(min_move) + " in this event");
  }
  // Agreement needs a move by each player (Art. 5.2.3): an offer made before the opponent
  // has moved at all could never be accepted (the opponent's first move declines it) and
  // would then bar the offerer for ten moves. So it is refused, and nothing changes.
  if (st.moves_made[chess::index(~side)] < 1) {
    return fail(ErrorCode::kDrawOfferNotAllowed,
                "a draw can be offered only once your opponent has made a move (Art. 5.2.3): "
                "this offer could never be accepted");
  }
  if (const auto& bar = st.draw_offer_barred_until[chess::index(side)];
      bar && st.moves_made[chess::index(side)] < *bar) {
    return fail(ErrorCode::kDrawOfferNotAllowed,
                "ten-moves rule: your last offer was declined; you may offer again after " +
                    std::to_string(*bar - st.moves_made[chess::index(side)]) + " more moves");
  }
  return {};
}

Result<void> check_message(const Game& game, const std::optional<std::string>& message) {
  if (!message || message->empty()) return {};
  if (!game.facts().setup.rules.messages_allowed) {
    return fail(ErrorCode::kValidationError, "messages are not allowed in this game");
  }
  // Characters, not bytes.
  if (utf8_characters(*message) > kMaxMessageLength) {
    return fail(ErrorCode::kValidationError,
                "message longer than " + std::to_string(kMaxMessageLength) + " characters");
  }
  return {};
}

GameEvent make_event(const GameState& st, EventKind kind, std::optional<Color> side) {
  GameEvent ev;
  ev.kind = kind;
  ev.at = st.now;
  ev.side = side;
  ev.ply = st.ply;
  return ev;
}

Result<Game> replay_with(const Game& game, const std::vector<MoveFact>& moves,
                         const std::vector<GameEvent>& events) {
  auto next = game.extend(moves, events, game.state().now);
  if (!next) return fail(ErrorCode::kInternal, "replay after command: " + next.error().detail);
  return next;
}

Result<Outcome> finish(const Game& game, std::vector<MoveFact> moves,
                       std::vector<GameEvent> events) {
  TRY_LET(next, replay_with(game, moves, events));
  return Outcome{std::move(moves), std::move(events), std::move(*next), std::nullopt, false, ""};
}

// A director's decision: `ev` signed with `reason` and `actor`, appended to `game`.
Result<Outcome> finish_decision(const Game& game, GameEvent ev, std::string reason,
                                std::string actor) {
  ev.reason = std::move(reason);
  ev.actor = std::move(actor);
  return finish(game, {}, {std::move(ev)});
}

// Appends `moves` and `events` (the last move was just played), then plays conditional
// replies from the trees while they match, stopping at a game end.
Result<Outcome> play_with_conditionals(const Game& game, std::vector<MoveFact> moves,
                                       std::vector<GameEvent> events,
                                       const std::array<ConditionalTree, 2>& conditional) {
  std::array<ConditionalTree, 2> trees = conditional;
  bool changed = false;
  for (;;) {
    TRY_LET(next, replay_with(game, moves, events));
    const GameState& st = next->state();
    bool stop = st.status != GameStatus::kOngoing || moves.empty();
    if (st.status != GameStatus::kOngoing) {
      for (auto& t : trees) {
        if (!t.empty()) {
          t = ConditionalTree{};
          changed = true;
        }
      }
    }
    const Color owner = st.to_move;
    ConditionalTree& tree = trees[chess::index(owner)];
    if (!stop && !tree.empty()) {
      const std::optional<std::string> reply = tree.follow(moves.back().uci);
      changed = true;
      if (reply) {
        if (auto m = chess::parse_uci(st.position, *reply); m) {
          MoveFact mf;
          mf.ply = st.ply + 1;
          mf.uci = chess::to_uci(st.position, *m);
          mf.at = st.now;
          mf.played_as_conditional = true;
          moves.push_back(std::move(mf));
          continue;
        }
        tree = ConditionalTree{};  // a stale line: discard it
      }
    }
    Outcome out{std::move(moves), std::move(events), std::move(*next), std::nullopt, false, ""};
    if (changed) out.conditional = std::move(trees);
    return out;
  }
}

}  // namespace

Result<PendingMove> submit_move(const Game& game, Color side, const MoveRequest& request) {
  const GameState& st = game.state();
  TRY(check_on_move(st, side));
  TRY_LET(move, chess::parse_move(st.position, request.move));
  if (request.offer_draw) {
    TRY(check_offer_allowed(game, side));
  }
  TRY(check_message(game, request.message));
  PendingMove pending;
  pending.side = side;
  pending.uci = chess::to_uci(st.position, *move);
  pending.san = chess::to_san(st.position, *move);
  pending.numeric = chess::to_numeric(st.position, *move);
  pending.fen_after = st.position.after(*move).fen();
  pending.offer_draw = request.offer_draw;
  if (request.message && !request.message->empty()) pending.message = request.message;
  pending.use_40_plus_days = request.use_40_plus_days;
  pending.submitted_at = st.now;
  pending.ply = st.ply + 1;
  return pending;
}

Result<Outcome> accept_move(const Game& game, Color side, const std::optional<PendingMove>& pending,
                            std::string_view move_text,
                            const std::array<ConditionalTree, 2>& conditional) {
  const GameState& st = game.state();
  TRY(check_on_move(st, side));
  if (!pending) return fail(ErrorCode::kNoPendingMove, "there is no submitted move to accept");
  if (pending->side != side || pending->ply != st.ply + 1) {
    return fail(ErrorCode::kPendingMismatch, "the submitted move is stale; submit it again");
  }
  auto stored = chess::parse_uci(st.position, pending->uci);
  if (!stored) {
    return fail(ErrorCode::kPendingMismatch, "the submitted move is stale; submit it again");
  }
  auto named = chess::parse_move(st.position, move_text);
  if (!named || *named != *stored) {
    return fail(ErrorCode::kPendingMismatch,
                "'" + std::string(move_text) + "' is not the submitted move " + pending->san);
  }
  if (pending->offer_draw) {
    TRY(check_offer_allowed(game, side));
  }
  TRY(check_message(game, pending->message));
  MoveFact mf;
  mf.ply = st.ply + 1;
  mf.uci = chess::to_uci(st.position, *stored);
  mf.at = st.now;
  mf.offer_draw = pending->offer_draw;
  mf.message = pending->message;
  mf.use_40_plus_days = pending->use_40_plus_days;
  return play_with_conditionals(game, {std::move(mf)}, {}, conditional);
}

Result<Outcome> accept_draw(const Game& game, Color side) {
  const GameState& st = game.state();
  TRY(check_decidable(st));
  if (!st.draw_offer || st.draw_offer->by == side) {
    return fail(ErrorCode::kNoDrawOffer, "your opponent has no standing draw offer");
  }
  if (st.moves_made[0] < 1 || st.moves_made[1] < 1) {
    return fail(ErrorCode::kDrawOfferNotAllowed,
                "a draw by agreement needs both players to have made a move");
  }
  // The event's minimum holds for every agreement: an ordinary offer could not be made
  // before it (check_offer_allowed), and a rejected claim that stands as an offer (§3.5)
  // cannot be accepted before it either. Nothing changes; the claim offer keeps standing.
  const int min_move = game.facts().setup.rules.no_draw_before_move;
  if (st.moves_made[chess::index(st.draw_offer->by)] < min_move) {
    return fail(ErrorCode::kDrawOfferNotAllowed,
                "no agreed draw before move " + std::to_string(min_move) + " in this event");
  }
  return finish(game, {}, {make_event(st, EventKind::kDrawAccepted, side)});
}

Result<Outcome> decline_draw(const Game& game, Color side) {
  const GameState& st = game.state();
  TRY(check_decidable(st));
  if (!st.draw_offer || st.draw_offer->by == side) {
    return fail(ErrorCode::kNoDrawOffer, "your opponent has no standing draw offer");
  }
  return finish(game, {}, {make_event(st, EventKind::kDrawDeclined, side)});
}

Result<Outcome> resign(const Game& game, Color side) {
  const GameState& st = game.state();
  TRY(check_decidable(st));
  return finish(game, {}, {make_event(st, EventKind::kResigned, side)});
}

Result<Outcome> abort_game(const Game& game, Color side) {
  const GameState& st = game.state();
  if (!is_in_play(st.status)) return std::unexpected(check_open(st).error());  // over
  if (!game.facts().setup.friendly) {
    return fail(ErrorCode::kAbortNotAllowed,
                "only a game started by a challenge or seek can be aborted: ask the director");
  }
  if (!st.abortable) {
    return fail(ErrorCode::kAbortNotAllowed,
                "both players have moved: the game can no longer be aborted (resign or offer "
                "a draw instead)");
  }
  return finish(game, {}, {make_event(st, EventKind::kAborted, side)});
}

namespace {

// A tablebase claim (§3.6): judged on the position after the intended move (never played) or
// the position on the board; the verdict ends the game or is recorded as rejected.
Result<Outcome> claim_by_tablebase(const Game& game, Color side, const ClaimRequest& request,
                                   const std::optional<chess::Move>& intended, GameEvent ev) {
  const GameState& st = game.state();
  if (!request.expect) {
    return fail(ErrorCode::kValidationError, "a tablebase claim must say win or draw");
  }
  const Position target = intended ? st.position.after(*intended) : st.position;
  if (target.men_count() > 7) {
    return fail(ErrorCode::kClaimNotAllowed,
                "a tablebase claim needs at most 7 men on the board (" +
                    std::to_string(target.men_count()) + " stand there)");
  }
  // The claimant's outcome: win, draw or loss.
  enum class Score { kWin, kDraw, kLoss } score = Score::kDraw;
  std::string evidence;
  if (target.is_checkmate()) {
    score = Score::kWin;  // only reachable through the intended move
    evidence = "the intended move gives checkmate";
  } else if (target.is_stalemate()) {
    score = Score::kDraw;
    evidence = "the intended move gives stalemate";
  } else {
    const auto wdl = game.context().oracles.tablebase_oracle().probe_wdl(target);
    if (!wdl) {
      return fail(ErrorCode::kTablebaseUnavailable,
                  "the tablebase for this position is not installed");
    }
    // Cursed wins count as wins and blessed losses as losses (§3.6).
    Score for_mover = Score::kDraw;
    if (*wdl == Wdl::kWin || *wdl == Wdl::kCursedWin) for_mover = Score::kWin;
    if (*wdl == Wdl::kLoss || *wdl == Wdl::kBlessedLoss) for_mover = Score::kLoss;
    score = for_mover;
    if (intended) {
      score = for_mover == Score::kWin    ? Score::kLoss
              : for_mover == Score::kLoss ? Score::kWin
                                          : Score::kDraw;
    }
    evidence = "tablebase WDL " + std::string(to_string(*wdl)) + " for " +
               std::string(color_name(target.side_to_move())) + " to move in " + target.fen();
  }
  ev.expect = request.expect;
  ev.evidence = evidence;
  const bool win = score == Score::kWin;
  const bool upheld = (*request.expect == ClaimExpectation::kWin && win) ||
                      (*request.expect == ClaimExpectation::kDraw && score == Score::kDraw);
  ev.upheld = upheld;
  const std::string verdict = score == Score::kWin    ? "a win for the claimant"
                              : score == Score::kDraw ? "a draw"
                                                      : "a loss for the claimant";
  ev.reason =
      (upheld ? "claim upheld: the position is " : "claim rejected: the position is ") + verdict;
  if (upheld) {
    ev.result = win ? win_for(side) : GameResult::kDraw;
    ev.termination = Termination::kTablebase;
  }
  auto out = finish(game, {}, {ev});
  if (!out) return out;
  out->upheld = upheld;
  out->reason = ev.reason;
  return out;
}

// A threefold or fifty-move claim (§3.5): judged by the game record; a correct one draws, an
// incorrect one plays the intended move (if any) and stands as a draw offer.
Result<Outcome> claim_by_record(const Game& game, const ClaimRequest& request,
                                const std::optional<chess::Move>& intended, GameEvent ev,
                                const std::array<ConditionalTree, 2>& conditional) {
  const GameState& st = game.state();
  Result<chess::ClaimVerdict> verdict = fail(ErrorCode::kInternal, "");
  if (request.type == ClaimType::kThreefold) {
    verdict = game.record().judge_threefold_claim(intended);
  } else {
    if (st.position.men_count() < chess::kFiftyMoveRuleMinMen) {
      return fail(ErrorCode::kClaimNotAllowed,
                  "the fifty-move rule does not apply with 7 or fewer men: claim by tablebase");
    }
    verdict = game.record().judge_fifty_move_claim(intended);
  }
  if (!verdict) return std::unexpected(verdict.error());
  ev.upheld = verdict->correct;
  ev.reason = verdict->reason;
  ev.evidence = verdict->reason;
  std::vector<MoveFact> moves;
  if (verdict->correct) {
    ev.result = GameResult::kDraw;
    ev.termination = claim_termination(request.type);
  } else if (intended) {
    MoveFact mf;
    mf.ply = st.ply + 1;
    mf.uci = chess::to_uci(st.position, *intended);
    mf.at = st.now;
    moves.push_back(std::move(mf));
  }
  const bool upheld = verdict->correct;
  std::string reason = ev.reason;
  auto out = moves.empty()
                 ? finish(game, {}, {std::move(ev)})
                 : play_with_conditionals(game, std::move(moves), {std::move(ev)}, conditional);
  if (!out) return out;
  out->upheld = upheld;
  out->reason = std::move(reason);
  return out;
}

}  // namespace

Result<Outcome> claim(const Game& game, Color side, const ClaimRequest& request,
                      const std::array<ConditionalTree, 2>& conditional) {
  const GameState& st = game.state();
  TRY(check_on_move(st, side));
  std::optional<chess::Move> intended;
  if (request.move) {
    auto m = chess::parse_move(st.position, *request.move);
    if (!m) {
      return fail(m.error().code, "the claim is invalid: intended move '" + *request.move +
                                      "': " + m.error().detail);
    }
    intended = *m;
  }
  GameEvent ev = make_event(st, EventKind::kClaim, side);
  ev.claim_type = request.type;
  if (intended) ev.intended_move = chess::to_uci(st.position, *intended);

  if (request.type == ClaimType::kTablebase) {
    return claim_by_tablebase(game, side, request, intended, std::move(ev));
  }
  return claim_by_record(game, request, intended, std::move(ev), conditional);
}

Result<Outcome> refill_clock(const Game& game, Color side, std::optional<Seconds> amount) {
  const GameState& st = game.state();
  if (!std::holds_alternative<TripleBlock>(game.facts().setup.time_control)) {
    return fail(ErrorCode::kValidationError, "manual refills exist only in Triple Block games");
  }
  TRY(check_on_move(st, side));
  Seconds seconds = 0;
  if (amount) {
    seconds = *amount;
  } else {
    TRY_LET(max, max_refill(game.clock_facts(), side, st.now));
    seconds = *max;
  }
  TRY(validate_refill(game.clock_facts(), Refill{st.now, side, seconds, st.ply}));
  GameEvent ev = make_event(st, EventKind::kClockRefill, side);
  ev.seconds = seconds;
  return finish(game, {}, {std::move(ev)});
}

std::optional<GameEvent> decide_flag_fall(const Game& game) {
  const GameState& st = game.state();
  if (!st.flag_fall_pending || !st.clock.flag_fall) return std::nullopt;
  const FlagFall& fall = *st.clock.flag_fall;
  GameEvent ev = make_event(st, EventKind::kFlagFall, fall.side);
  ev.at = fall.at;  // when the flag fell, not the instant of this replay
  ev.result = st.result;
  ev.termination = st.termination;
  ev.reason = st.end_reason;
  return ev;
}

Result<Outcome> set_result(const Game& game, GameResult result, Termination termination,
                           std::string reason, std::string actor) {
  const GameState& st = game.state();
  if (st.status == GameStatus::kAnnulled) {
    return fail(ErrorCode::kGameOver, "the game was annulled");
  }
  const bool draw = result == GameResult::kDraw;
  const bool decisive = result == GameResult::kWhiteWins || result == GameResult::kBlackWins;
  bool consistent = true;
  switch (termination) {
    case Termination::kAnnulled:
      return fail(ErrorCode::kValidationError, "use annul to annul a game");
    case Termination::kAborted:
      return fail(ErrorCode::kValidationError, "only a player can abort a game");
    case Termination::kStalemate:
    case Termination::kDeadPosition:
    case Termination::kAgreement:
    case Termination::kRepetition:
    case Termination::kFiftyMoves:
    case Termination::kTimeDraw: consistent = draw; break;
    case Termination::kCheckmate:
    case Termination::kResignation:
    case Termination::kTimeForfeit:
    case Termination::kSilence: consistent = decisive; break;
    case Termination::kTablebase:
    case Termination::kAdjudication: consistent = draw || decisive; break;
    case Termination::kDefault:
      consistent = decisive || result == GameResult::kDoubleDefault;
      break;
  }
  if (!consistent) {
    return fail(ErrorCode::kValidationError, "result " + std::string(to_string(result)) +
                                                 " does not fit termination " +
                                                 std::string(to_string(termination)));
  }
  if (reason.empty()) return fail(ErrorCode::kValidationError, "a reason is required");
  GameEvent ev = make_event(st, EventKind::kResultSet, std::nullopt);
  ev.result = result;
  ev.termination = termination;
  return finish_decision(game, std::move(ev), std::move(reason), std::move(actor));
}

Result<Outcome> annul_game(const Game& game, std::string reason, std::string actor) {
  const GameState& st = game.state();
  if (st.status == GameStatus::kAnnulled) {
    return fail(ErrorCode::kGameOver, "the game is already annulled");
  }
  if (reason.empty()) return fail(ErrorCode::kValidationError, "a reason is required");
  GameEvent ev = make_event(st, EventKind::kAnnulled, std::nullopt);
  return finish_decision(game, std::move(ev), std::move(reason), std::move(actor));
}

Result<Outcome> adjust_clock(const Game& game, Color side, AdjustmentKind kind, Seconds value,
                             std::string reason, std::string actor) {
  const GameState& st = game.state();
  TRY(check_clocks_changeable(st));
  if (reason.empty()) return fail(ErrorCode::kValidationError, "a reason is required");
  ClockFacts trial = game.clock_facts();
  trial.adjustments.push_back(ClockAdjustment{st.now, side, kind, value, reason, st.ply});
  TRY(compute_clock_state(trial, st.now));
  GameEvent ev = make_event(st, EventKind::kClockAdjusted, side);
  ev.adjustment = kind;
  ev.seconds = value;
  return finish_decision(game, std::move(ev), std::move(reason), std::move(actor));
}

Result<Outcome> suspend_game(const Game& game, std::string reason, std::string actor) {
  const GameState& st = game.state();
  if (!allows_suspension(game.facts().setup.time_control)) {
    return fail(ErrorCode::kValidationError, "this time control does not allow suspension");
  }
  TRY(check_clocks_changeable(st));
  if (st.suspended) return fail(ErrorCode::kConflict, "the game is already suspended");
  GameEvent ev = make_event(st, EventKind::kSuspended, std::nullopt);
  return finish_decision(game, std::move(ev), std::move(reason), std::move(actor));
}

Result<Outcome> resume_game(const Game& game, std::string reason, std::string actor) {
  const GameState& st = game.state();
  TRY(check_clocks_changeable(st));
  if (!st.suspended) return fail(ErrorCode::kConflict, "the game is not suspended");
  GameEvent ev = make_event(st, EventKind::kResumed, std::nullopt);
  return finish_decision(game, std::move(ev), std::move(reason), std::move(actor));
}

Result<Outcome> mark_adjudication_pending(const Game& game) {
  const GameState& st = game.state();
  if (!is_in_play(st.status)) {
    return fail(ErrorCode::kGameOver, "the game is not in play");
  }
  return finish(game, {}, {make_event(st, EventKind::kAdjudicationPending, std::nullopt)});
}

Result<void> check_conditional_caps(const std::vector<ConditionalLine>& lines) {
  if (lines.size() > kMaxConditionalLines) {
    return fail(ErrorCode::kValidationError,
                "at most " + std::to_string(kMaxConditionalLines) + " conditional lines per game");
  }
  for (const auto& line : lines) {
    if (line.size() > kMaxConditionalLinePlies) {
      return fail(ErrorCode::kValidationError, "a conditional line has at most " +
                                                   std::to_string(kMaxConditionalLinePlies) +
                                                   " moves (both sides counted)");
    }
  }
  return {};
}

Result<ConditionalTree> store_conditional(const Game& game, Color side,
                                          const std::vector<ConditionalLine>& lines) {
  // The caps first: too many lines or too long a line is the request's fault whatever the
  // game's state (docs/api.md "Errors": the body before the operation).
  TRY(check_conditional_caps(lines));
  const GameState& st = game.state();
  if (is_over(st.status) || st.status == GameStatus::kAdjudicationPending) {
    return fail(ErrorCode::kGameOver, "the game is over");
  }
  return ConditionalTree::build(st.position, side, lines);
}

}  // namespace corrchess::game
