#include "core/game/facts.h"

#include <algorithm>
#include <array>
#include <utility>

namespace corrchess::game {
namespace {

template <class E, std::size_t N>
Result<E> parse_name(std::string_view text,
                     const std::array<std::pair<E, std::string_view>, N>& table,
                     std::string_view what) {
  for (const auto& [value, name] : table) {
    if (name == text) return value;
  }
  return fail(ErrorCode::kValidationError,
              "unknown " + std::string(what) + " '" + std::string(text) + "'");
}

template <class E, std::size_t N>
std::string_view name_of(E value, const std::array<std::pair<E, std::string_view>, N>& table) {
  for (const auto& [v, name] : table) {
    if (v == value) return name;
  }
  return "?";
}

constexpr std::array<std::pair<Variant, std::string_view>, 2> kVariants{{
    {Variant::kStandard, "standard"},
    {Variant::kChess960, "chess960"},
}};

constexpr std::array<std::pair<GameStatus, std::string_view>, 5> kStatuses{{
    {GameStatus::kNotStarted, "not_started"},
    {GameStatus::kOngoing, "ongoing"},
    {GameStatus::kAdjudicationPending, "adjudication_pending"},
    {GameStatus::kFinished, "finished"},
    {GameStatus::kAnnulled, "annulled"},
}};

constexpr std::array<std::pair<GameResult, std::string_view>, 4> kResults{{
    {GameResult::kWhiteWins, "1-0"},
    {GameResult::kBlackWins, "0-1"},
    {GameResult::kDraw, "1/2-1/2"},
    {GameResult::kDoubleDefault, "0-0"},
}};

constexpr std::array<std::pair<Termination, std::string_view>, 15> kTerminations{{
    {Termination::kCheckmate, "checkmate"},
    {Termination::kResignation, "resignation"},
    {Termination::kStalemate, "stalemate"},
    {Termination::kDeadPosition, "dead_position"},
    {Termination::kAgreement, "agreement"},
    {Termination::kRepetition, "repetition"},
    {Termination::kFiftyMoves, "fifty_moves"},
    {Termination::kTablebase, "tablebase"},
    {Termination::kTimeForfeit, "time_forfeit"},
    {Termination::kTimeDraw, "time_draw"},
    {Termination::kSilence, "silence"},
    {Termination::kAdjudication, "adjudication"},
    {Termination::kDefault, "default"},
    {Termination::kAnnulled, "annulled"},
    {Termination::kAborted, "aborted"},
}};

constexpr std::array<std::pair<ClaimType, std::string_view>, 3> kClaimTypes{{
    {ClaimType::kThreefold, "threefold"},
    {ClaimType::kFiftyMoves, "fifty_moves"},
    {ClaimType::kTablebase, "tablebase"},
}};

constexpr std::array<std::pair<ClaimExpectation, std::string_view>, 2> kExpectations{{
    {ClaimExpectation::kWin, "win"},
    {ClaimExpectation::kDraw, "draw"},
}};

constexpr std::array<std::pair<EventKind, std::string_view>, 13> kEventKinds{{
    {EventKind::kDrawDeclined, "draw_declined"},
    {EventKind::kDrawAccepted, "draw_accepted"},
    {EventKind::kResigned, "resigned"},
    {EventKind::kClaim, "claim"},
    {EventKind::kClockRefill, "clock_refill"},
    {EventKind::kClockAdjusted, "clock_adjusted"},
    {EventKind::kSuspended, "suspended"},
    {EventKind::kResumed, "resumed"},
    {EventKind::kResultSet, "result_set"},
    {EventKind::kAnnulled, "annulled"},
    {EventKind::kFlagFall, "flag_fall"},
    {EventKind::kAdjudicationPending, "adjudication_pending"},
    {EventKind::kAborted, "aborted"},
}};

constexpr std::array<std::pair<AdjustmentKind, std::string_view>, 3> kAdjustments{{
    {AdjustmentKind::kSetRemaining, "set_remaining"},
    {AdjustmentKind::kAdjustRemaining, "adjust"},
    {AdjustmentKind::kSetBank, "set_bank"},
}};

constexpr std::array<std::pair<Color, std::string_view>, 2> kColors{{
    {Color::kWhite, "white"},
    {Color::kBlack, "black"},
}};

}  // namespace

std::string_view to_string(Variant v) { return name_of(v, kVariants); }
std::string_view to_string(GameStatus s) { return name_of(s, kStatuses); }
std::string_view to_string(GameResult r) { return name_of(r, kResults); }
std::string_view to_string(Termination t) { return name_of(t, kTerminations); }
std::string_view to_string(ClaimType t) { return name_of(t, kClaimTypes); }
std::string_view to_string(ClaimExpectation e) { return name_of(e, kExpectations); }
std::string_view to_string(EventKind k) { return name_of(k, kEventKinds); }
std::string_view to_string(AdjustmentKind k) { return name_of(k, kAdjustments); }
std::string_view color_name(Color c) { return name_of(c, kColors); }

Result<Variant> parse_variant(std::string_view text) {
  return parse_name(text, kVariants, "variant");
}
Result<GameStatus> parse_game_status(std::string_view text) {
  return parse_name(text, kStatuses, "game status");
}
Result<GameResult> parse_game_result(std::string_view text) {
  return parse_name(text, kResults, "result");
}
Result<Termination> parse_termination(std::string_view text) {
  return parse_name(text, kTerminations, "termination");
}
Result<ClaimType> parse_claim_type(std::string_view text) {
  return parse_name(text, kClaimTypes, "claim type");
}
Result<ClaimExpectation> parse_claim_expectation(std::string_view text) {
  return parse_name(text, kExpectations, "claim expectation");
}
Result<EventKind> parse_event_kind(std::string_view text) {
  return parse_name(text, kEventKinds, "event kind");
}
Result<AdjustmentKind> parse_adjustment_kind(std::string_view text) {
  return parse_name(text, kAdjustments, "clock adjustment kind");
}
Result<Color> parse_color(std::string_view text) { return parse_name(text, kColors, "side"); }

Result<chess::Position> initial_position(const GameSetup& setup) {
  const bool chess960 = setup.variant == Variant::kChess960;
  if (setup.start_position) {
    if (!chess960) {
      return fail(ErrorCode::kValidationError, "start_position is only for chess960 games");
    }
    if (*setup.start_position < 0 || *setup.start_position > 959) {
      return fail(ErrorCode::kValidationError, "start_position must be in 0..959");
    }
  }
  if (!setup.initial_fen.empty()) return chess::Position::from_fen(setup.initial_fen, chess960);
  if (chess960) return chess::Position::chess960_start(setup.start_position.value_or(518));
  return chess::Position::startpos();
}

Result<void> validate_setup(const GameSetup& setup) {
  TRY_LET(pos, initial_position(setup));
  if (pos->is_checkmate() || pos->is_stalemate()) {
    return fail(ErrorCode::kValidationError, "the initial position is already finished");
  }
  if (auto ok = validate(setup.time_control); !ok) return ok;
  if (setup.rules.no_draw_before_move < 0) {
    return fail(ErrorCode::kValidationError, "no_draw_before_move must not be negative");
  }
  return {};
}

std::size_t utf8_characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

Termination claim_termination(ClaimType type) {
  switch (type) {
    case ClaimType::kThreefold: return Termination::kRepetition;
    case ClaimType::kFiftyMoves: return Termination::kFiftyMoves;
    case ClaimType::kTablebase: return Termination::kTablebase;
  }
  return Termination::kRepetition;
}

}  // namespace corrchess::game
