#include "core/game/clock.h"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <utility>

#include "core/game/clock_rules.h"
#include "core/game/intervals.h"

namespace corrchess::game {
namespace {

// The facts of `all` made at `cutoff` or before, in time order (facts of the same instant keep
// their order): clock adjustments or refills as a replay places them.
template <class Fact>
std::vector<const Fact*> known_in_time_order(const std::vector<Fact>& all, Timestamp cutoff) {
  std::vector<const Fact*> known;
  for (const Fact& f : all) {
    if (f.at <= cutoff) known.push_back(&f);
  }
  std::ranges::stable_sort(known, {}, &Fact::at);
  return known;
}

// ---- stopped intervals of one side -------------------------------------------------------

// The instants at which one side's clock does not run (its leave, game suspensions), as
// sorted, disjoint half-open intervals.
class StopSchedule {
 public:
  explicit StopSchedule(std::vector<TimeInterval> stops)
      : stops_(merge_intervals(std::move(stops))) {}

  // Seconds in [from, to) when the clock runs.
  Seconds active(Timestamp from, Timestamp to) const {
    if (to <= from) return 0;
    Seconds total = to - from;
    for (const TimeInterval& s : stops_) {
      if (s.begin >= to) break;
      const Timestamp lo = std::max(from, s.begin);
      const Timestamp hi = std::min(to, s.end);
      if (lo < hi) total -= hi - lo;
    }
    return total;
  }

  // The first instant t >= from with active(from, t) >= need; nullopt when the clock
  // stops for good before that.
  std::optional<Timestamp> time_at_active(Timestamp from, Seconds need) const {
    if (need <= 0) return from;
    Timestamp cur = from;
    for (const TimeInterval& s : stops_) {
      if (s.end <= cur) continue;
      if (s.begin > cur) {
        const Seconds run = s.begin - cur;
        if (need <= run) return cur + need;
        need -= run;
      }
      if (s.end == Timestamp::max()) return std::nullopt;
      cur = s.end;
    }
    return cur + need;
  }

  bool stopped_at(Timestamp t) const {
    return std::ranges::any_of(stops_, [&](const TimeInterval& s) { return s.contains(t); });
  }

 private:
  std::vector<TimeInterval> stops_;
};

// ---- validation of stored facts ------------------------------------------------------------

Result<void> invalid(std::string detail) {
  return fail(ErrorCode::kValidationError, "clock facts: " + std::move(detail));
}

Result<void> validate_facts(const ClockFacts& f) {
  if (auto ok = validate(f.control); !ok) return ok;
  Timestamp prev = f.start;
  for (std::size_t i = 0; i < f.moves.size(); ++i) {
    if (f.moves[i].accepted_at < prev) {
      return invalid("move " + std::to_string(i) + " is stamped before " +
                     (i == 0 ? std::string("the game start") : "the move before it"));
    }
    prev = f.moves[i].accepted_at;
  }
  const bool triple = std::holds_alternative<TripleBlock>(f.control);
  if (!allows_leave(f.control) && (!f.leave[0].empty() || !f.leave[1].empty())) {
    return fail(ErrorCode::kLeaveNotAllowed, "leave is not available under this time control");
  }
  if (!allows_suspension(f.control) && !f.suspensions.empty()) {
    return invalid("clocks cannot be suspended under this time control");
  }
  for (const Suspension& s : f.suspensions) {
    if (s.end && *s.end < s.begin) return invalid("a suspension ends before it begins");
  }
  for (const Refill& r : f.refills) {
    if (!triple) return invalid("manual refills exist only in Triple Block");
    if (r.amount <= 0) return invalid("a refill must be a positive amount");
  }
  for (const ClockAdjustment& a : f.adjustments) {
    if (a.kind == AdjustmentKind::kSetBank) {
      if (!triple && !std::holds_alternative<DaysPerMove>(f.control)) {
        return invalid("this time control has no bank");
      }
      if (a.value < 0) return invalid("a bank cannot be set below zero");
    }
    if (a.kind == AdjustmentKind::kSetRemaining && a.value < 0) {
      return invalid("a clock cannot be set below zero");
    }
  }
  return {};
}

// ---- the replay ------------------------------------------------------------------------------

struct SegmentFlag {
  Timestamp at;
  FlagReason reason;
};

class Replay {
 public:
  Replay(const ClockFacts& facts, Timestamp now)
      : f_(facts),
        rules_(facts.control),
        now_(now),
        cutoff_(facts.finished_at ? std::min(now, *facts.finished_at) : now),
        stops_{make_stops(Color::kWhite), make_stops(Color::kBlack)} {}

  Result<ClockState> run();

 private:
  // One adjustment or refill within a move's segment (exactly one of the two is set).
  struct SegmentEvent {
    Timestamp at;
    const ClockAdjustment* adjustment;
    const Refill* refill;
  };

  // The steps of run(), in order.
  // How many moves were accepted at or before the cutoff (n_).
  std::size_t moves_known() const;
  // Adjustments known at the cutoff, by segment; those before the start go up front.
  Result<void> place_adjustments();
  // Refills known at the cutoff, each in the segment its ply names or else the earliest
  // segment of its side whose [receipt, accept] holds it.
  Result<void> place_refills();
  // Segment k (the time from receiving move k's position to accepting it; k == n_ is the
  // running one): its events applied, its flag found, its move accounted in `out`.
  void run_segment(std::size_t k, ClockState& out);
  // The picture at `now`: who is to move, the deadline, and each side's clock.
  void show_at_now(ClockState& out) const;

  // Segment k begins when its position was received and ends when its move was accepted
  // (the cutoff for the running segment).
  Timestamp receipt(std::size_t k) const { return k == 0 ? f_.start : f_.moves[k - 1].accepted_at; }
  Timestamp accept(std::size_t k) const { return k < n_ ? f_.moves[k].accepted_at : cutoff_; }
  // The segment `ply` names when instant t lies within it.
  std::optional<std::size_t> in_segment(std::optional<int> ply, Timestamp t) const {
    if (!ply || *ply < 0 || static_cast<std::size_t>(*ply) > n_) return std::nullopt;
    const auto k = static_cast<std::size_t>(*ply);
    if (t < receipt(k) || accept(k) < t) return std::nullopt;
    return k;
  }
  // Segment k's adjustments and refills in time order (adjustments first on ties); the
  // segments must be asked for in order (k = 0, 1, ...).
  std::vector<SegmentEvent> segment_events(std::size_t k);

  StopSchedule make_stops(Color c) const {
    std::vector<TimeInterval> v = leave_intervals(f_.leave[chess::index(c)], f_.zone);
    for (const Suspension& s : f_.suspensions) {
      v.push_back({s.begin, s.end.value_or(Timestamp::max())});
    }
    return StopSchedule(std::move(v));
  }

  Color side_of(std::size_t ply) const {
    return ply % 2 == 0 ? f_.first_to_move : ~f_.first_to_move;
  }
  ClockSideState& state(Color c) { return sides_[chess::index(c)]; }
  const StopSchedule& stops(Color c) const { return stops_[chess::index(c)]; }

  // When the running side's flag falls, given the current state, for a segment received
  // at r whose current sub-span began at `from`; nullopt when it never does.
  std::optional<SegmentFlag> flag_instant(Color x, Timestamp r, Timestamp from,
                                          bool use_40_plus) const {
    const StopSchedule& st = stops(x);
    std::optional<SegmentFlag> best;
    if (auto t = st.time_at_active(r, rules_.flag_threshold(sides_[chess::index(x)]))) {
      best = SegmentFlag{std::max(from, *t), FlagReason::kTime};
    }
    if (f_.silence_rule && silence_rule_applies(f_.control) && !use_40_plus) {
      if (auto t = st.time_at_active(r, kSilenceLimit); t && (!best || *t < best->at)) {
        best = SegmentFlag{*t, FlagReason::kSilence};
      }
    }
    return best;
  }

  void apply_adjustment(const ClockAdjustment& a, std::optional<Color> running, Timestamp r) {
    ClockSideState& s = state(a.side);
    // Remaining time = base - used; `used` is the running move's cost so far.
    Seconds used = 0;
    if (running && *running == a.side) used = rules_.cost(stops(a.side).active(r, a.at));
    const std::optional<Seconds> cap = rules_.clock_cap();
    switch (a.kind) {
      case AdjustmentKind::kSetRemaining: s.base = used + a.value; break;
      case AdjustmentKind::kAdjustRemaining: s.base += a.value; break;
      case AdjustmentKind::kSetBank: s.bank = a.value; break;
    }
    if (cap) s.base = std::min(s.base, used + *cap);
  }

  // Applies a manual refill; returns the amount moved from bank to clock.
  Seconds apply_refill(const Refill& rf, Timestamp r) {
    ClockSideState& s = state(rf.side);
    const Seconds remaining = s.base - stops(rf.side).active(r, rf.at);
    const Seconds amount =
        std::max<Seconds>(0, std::min({rf.amount, s.bank, kTripleBlockClock - remaining}));
    s.base += amount;
    s.bank -= amount;
    return amount;
  }

  const ClockFacts& f_;
  ClockRules rules_;
  Timestamp now_;
  Timestamp cutoff_;
  std::array<StopSchedule, 2> stops_;
  std::array<ClockSideState, 2> sides_{};
  std::size_t n_ = 0;  // moves known at the cutoff
  std::vector<const ClockAdjustment*> pre_start_;
  // Adjustments and refills with their segments, in segment order (time order within one
  // segment), and how many of each segment_events has handed out: a game has few of them
  // and many moves, so no segment holds a list of its own.
  std::vector<std::pair<std::size_t, const ClockAdjustment*>> adjustments_;
  std::vector<std::pair<std::size_t, const Refill*>> refills_;
  std::size_t next_adjustment_ = 0;
  std::size_t next_refill_ = 0;
  std::optional<SegmentFlag> open_flag_;  // flag of the final (running) segment
  std::optional<SegmentFlag> open_deadline_;
};

Result<ClockState> Replay::run() {
  sides_ = {rules_.initial(), rules_.initial()};
  n_ = moves_known();
  TRY(place_adjustments());
  TRY(place_refills());
  ClockState out;
  out.now = now_;
  // Plain facts: the clocks up to any move depend on the moves before it alone.
  const bool plain = f_.refills.empty() && f_.adjustments.empty() && f_.suspensions.empty() &&
                     f_.leave[0].empty() && f_.leave[1].empty();
  std::size_t first = 0;
  if (const auto& cp = f_.resume_from;
      plain && cp && cp->ply > 0 && static_cast<std::size_t>(cp->ply) <= n_) {
    first = static_cast<std::size_t>(cp->ply);
    for (Color c : {Color::kWhite, Color::kBlack}) {
      state(c) = ClockSideState{cp->remaining[chess::index(c)], cp->bank[chess::index(c)],
                                cp->moves[chess::index(c)]};
    }
    out.records_from = cp->ply;
  }
  out.moves.reserve(n_ - first);
  // (Plain facts have none: a replay that resumed has nothing to apply here.)
  for (const ClockAdjustment* a : pre_start_) apply_adjustment(*a, std::nullopt, f_.start);
  for (std::size_t k = first; k <= n_; ++k) {
    if (plain && !out.flag_fall && f_.checkpoint_at &&
        static_cast<std::size_t>(*f_.checkpoint_at) == k) {
      ClockCheckpoint cp;
      cp.ply = *f_.checkpoint_at;
      for (Color c : {Color::kWhite, Color::kBlack}) {
        cp.remaining[chess::index(c)] = state(c).base;
        cp.bank[chess::index(c)] = state(c).bank;
        cp.moves[chess::index(c)] = state(c).moves;
      }
      out.checkpoint = cp;
    }
    run_segment(k, out);
  }
  show_at_now(out);
  return out;
}

std::size_t Replay::moves_known() const {
  std::size_t n = 0;
  while (n < f_.moves.size() && f_.moves[n].accepted_at <= cutoff_) ++n;
  return n;
}

Result<void> Replay::place_adjustments() {
  adjustments_.clear();
  for (const ClockAdjustment* a : known_in_time_order(f_.adjustments, cutoff_)) {
    if (a->at < f_.start) {
      pre_start_.push_back(a);
    } else if (a->ply) {
      const std::optional<std::size_t> k = in_segment(a->ply, a->at);
      if (!k) {
        return fail(ErrorCode::kValidationError,
                    "clock facts: an adjustment's ply does not match its instant");
      }
      adjustments_.emplace_back(*k, a);
    } else {
      std::size_t k = 0;
      while (k < n_ && accept(k) <= a->at) ++k;
      adjustments_.emplace_back(k, a);
    }
  }
  std::ranges::stable_sort(adjustments_, {},
                           &std::pair<std::size_t, const ClockAdjustment*>::first);
  return {};
}

Result<void> Replay::place_refills() {
  refills_.clear();
  for (const Refill* rf : known_in_time_order(f_.refills, cutoff_)) {
    std::optional<std::size_t> placed;
    if (rf->ply) {
      placed = in_segment(rf->ply, rf->at);
      if (placed && side_of(*placed) != rf->side) placed.reset();
    } else {
      for (std::size_t k = 0; k <= n_ && !placed; ++k) {
        if (side_of(k) == rf->side && receipt(k) <= rf->at && rf->at <= accept(k)) placed = k;
      }
    }
    if (!placed) {
      return fail(
          ErrorCode::kValidationError,
          "clock facts: a refill at " + format_rfc3339(rf->at) + " was made while not on move");
    }
    refills_.emplace_back(*placed, rf);
  }
  std::ranges::stable_sort(refills_, {}, &std::pair<std::size_t, const Refill*>::first);
  return {};
}

std::vector<Replay::SegmentEvent> Replay::segment_events(std::size_t k) {
  std::vector<SegmentEvent> events;
  for (; next_adjustment_ < adjustments_.size() && adjustments_[next_adjustment_].first == k;
       ++next_adjustment_) {
    const ClockAdjustment* adj = adjustments_[next_adjustment_].second;
    events.push_back({adj->at, adj, nullptr});
  }
  for (; next_refill_ < refills_.size() && refills_[next_refill_].first == k; ++next_refill_) {
    const Refill* rf = refills_[next_refill_].second;
    events.push_back({rf->at, nullptr, rf});
  }
  std::ranges::stable_sort(events, [](const SegmentEvent& l, const SegmentEvent& rr) {
    if (l.at != rr.at) return l.at < rr.at;
    return l.adjustment != nullptr && rr.adjustment == nullptr;
  });
  return events;
}

void Replay::run_segment(std::size_t k, ClockState& out) {
  const bool open = k == n_;
  const Color x = side_of(k);
  const Timestamp r = receipt(k);
  const Timestamp a = accept(k);
  const bool use_40_plus = open ? f_.running_use_40_plus_days : f_.moves[k].use_40_plus_days;
  const Seconds bank_before = state(x).bank;

  std::optional<SegmentFlag> flag;
  Timestamp from = r;
  Seconds refilled = 0;
  for (const SegmentEvent& ev : segment_events(k)) {
    if (!flag) {
      if (auto fl = flag_instant(x, r, from, use_40_plus); fl && fl->at <= ev.at) flag = fl;
    }
    if (ev.adjustment) {
      apply_adjustment(*ev.adjustment, x, r);
    } else if (!flag) {  // a refill at or after the flag fall comes too late
      refilled += apply_refill(*ev.refill, r);
    }
    from = std::max(from, ev.at);
  }

  if (open) {
    open_deadline_ = flag ? flag : flag_instant(x, r, from, use_40_plus);
    if (open_deadline_ && open_deadline_->at <= cutoff_ && r <= cutoff_) flag = open_deadline_;
    open_flag_ = flag;
  } else {
    if (!flag) {
      if (auto fl = flag_instant(x, r, from, use_40_plus); fl && fl->at <= a) flag = fl;
    }
    const AcceptedMove& mv = f_.moves[k];
    MoveClockRecord rec;
    rec.ply = static_cast<int>(k);
    rec.side = x;
    rec.received_at = r;
    rec.accepted_at = a;
    rec.elapsed = a - r;
    const Seconds active = stops(x).active(r, a);
    rec.stopped = rec.elapsed - active;
    rec.refilled = refilled;
    rec.conditional = mv.conditional;
    rec.late = flag.has_value();
    rules_.apply_move(state(x), mv.conditional ? 0 : active, rec);
    rec.move_number = state(x).moves;
    rec.clock_after = state(x).base;
    rec.bank_after = state(x).bank;
    rec.bank_change = rec.bank_after - bank_before;
    out.moves.push_back(rec);
  }
  if (flag && !out.flag_fall) {
    out.flag_fall = FlagFall{x, flag->at, flag->reason, static_cast<int>(k)};
  }
}

void Replay::show_at_now(ClockState& out) const {
  const Color x = side_of(n_);
  const Timestamp r = receipt(n_);
  out.to_move = x;
  out.started = now_ >= f_.start;
  out.finished = f_.finished_at && *f_.finished_at <= now_;
  out.suspended = std::ranges::any_of(f_.suspensions, [&](const Suspension& s) {
    return s.begin <= now_ && (!s.end || now_ < *s.end);
  });
  if (open_deadline_ && !(f_.finished_at && open_deadline_->at > *f_.finished_at)) {
    out.deadline = open_deadline_->at;
    out.deadline_reason = open_deadline_->reason;
  }
  for (Color c : {Color::kWhite, Color::kBlack}) {
    const ClockSideState& s = sides_[chess::index(c)];
    SideClock& sc = out.sides[chess::index(c)];
    sc.moves_made = s.moves;
    sc.on_leave = is_on_leave(f_.leave[chess::index(c)], now_, f_.zone);
    Seconds remaining = s.base;
    Seconds bank = s.bank;
    if (c == x) {
      Timestamp until = cutoff_;
      if (open_flag_) until = std::min(until, open_flag_->at);
      const Seconds e = until > r ? stops(c).active(r, until) : 0;
      remaining = s.base - rules_.cost(e);
      if (rules_.is_per_move() && remaining < 0) {
        bank += remaining;
        remaining = 0;
      }
      sc.running = out.started && !out.finished && !open_flag_ && !stops(c).stopped_at(now_);
    }
    sc.remaining = std::max<Seconds>(0, remaining);
    sc.bank = std::max<Seconds>(0, bank);
  }
}

}  // namespace

bool ClockState::is_consistent() const {
  for (Color c : {Color::kWhite, Color::kBlack}) {
    const SideClock& sc = side(c);
    if (sc.remaining < 0 || sc.bank < 0 || sc.moves_made < 0) return false;
    if (sc.running && (c != to_move || !started || suspended || finished)) return false;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const MoveClockRecord& m = moves[i];
    if (m.ply != records_from + static_cast<int>(i)) return false;
    if (m.accepted_at < m.received_at || m.elapsed != m.accepted_at - m.received_at) return false;
    if (m.stopped < 0 || m.stopped > m.elapsed || m.charged < 0) return false;
    if (i > 0 && m.side == moves[i - 1].side) return false;
  }
  return !flag_fall || flag_fall->at <= now;
}

Result<ClockState> compute_clock_state(const ClockFacts& facts, Timestamp now) {
  TRY(validate_facts(facts));
  auto state = Replay(facts, now).run();
  assert(!state || state->is_consistent());
  return state;
}

Result<void> check_move_allowed(const ClockFacts& facts, Color side, Timestamp now) {
  if (now < facts.start) {
    return fail(ErrorCode::kGameNotStarted, "the game starts at " + format_rfc3339(facts.start));
  }
  TRY_LET(state, compute_clock_state(facts, now));
  if (state->finished) return fail(ErrorCode::kGameOver, "the game is over");
  if (state->flag_fall) {
    return fail(ErrorCode::kGameOver, "the flag fell at " + format_rfc3339(state->flag_fall->at));
  }
  if (state->to_move != side) return fail(ErrorCode::kNotYourTurn, "it is not your move");
  if (state->side(side).on_leave) {
    return fail(ErrorCode::kOnLeave, "you are on leave; end your leave to move");
  }
  return {};
}

Result<Seconds> max_refill(const ClockFacts& facts, Color side, Timestamp now) {
  if (!std::holds_alternative<TripleBlock>(facts.control)) {
    return fail(ErrorCode::kValidationError, "manual refills exist only in Triple Block");
  }
  TRY_LET(state, compute_clock_state(facts, now));
  if (!state->started) return fail(ErrorCode::kGameNotStarted, "the game has not started");
  if (state->finished || state->flag_fall) return fail(ErrorCode::kGameOver, "the game is over");
  if (state->to_move != side) return fail(ErrorCode::kNotYourTurn, "refill only while on move");
  const SideClock& sc = state->side(side);
  return std::max<Seconds>(0, std::min(sc.bank, kTripleBlockClock - sc.remaining));
}

Result<void> validate_refill(const ClockFacts& facts, const Refill& refill) {
  if (refill.amount <= 0) {
    return fail(ErrorCode::kValidationError, "a refill must be a positive amount");
  }
  TRY_LET(most, max_refill(facts, refill.side, refill.at));
  if (refill.amount > *most) {
    return fail(ErrorCode::kValidationError,
                "at most " + std::to_string(*most) + " seconds can be refilled now");
  }
  return {};
}

FlagVerdict flag_verdict(const FlagFall& fall, bool opponent_can_mate) {
  if (fall.reason == FlagReason::kSilence) {
    return FlagVerdict{FlagOutcome::kSilence, ~fall.side, fall.at};
  }
  if (!opponent_can_mate) return FlagVerdict{FlagOutcome::kTimeDraw, std::nullopt, fall.at};
  return FlagVerdict{FlagOutcome::kTimeForfeit, ~fall.side, fall.at};
}

std::string_view termination_name(FlagOutcome outcome) {
  switch (outcome) {
    case FlagOutcome::kTimeForfeit: return "time_forfeit";
    case FlagOutcome::kTimeDraw: return "time_draw";
    case FlagOutcome::kSilence: return "silence";
  }
  return "time_forfeit";
}

std::string format_pgn_clock(Seconds s) {
  s = std::max<Seconds>(0, s);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%lld:%02d:%02d", static_cast<long long>(s / 3600),
                static_cast<int>(s / 60 % 60), static_cast<int>(s % 60));
  return buf;
}

}  // namespace corrchess::game
