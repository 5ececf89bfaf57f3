#include "core/error.h"

namespace corrchess {

std::string_view error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::kValidationError: return "validation_error";
    case ErrorCode::kInvalidFen: return "invalid_fen";
    case ErrorCode::kInvalidNotation: return "invalid_notation";
    case ErrorCode::kIllegalMove: return "illegal_move";
    case ErrorCode::kAmbiguousMove: return "ambiguous_move";
    case ErrorCode::kInvalidPgn: return "invalid_pgn";
    case ErrorCode::kUnsupportedVariant: return "unsupported_variant";
    case ErrorCode::kUnauthorized: return "unauthorized";
    case ErrorCode::kForbidden: return "forbidden";
    case ErrorCode::kNotFound: return "not_found";
    case ErrorCode::kConflict: return "conflict";
    case ErrorCode::kNotYourTurn: return "not_your_turn";
    case ErrorCode::kGameOver: return "game_over";
    case ErrorCode::kGameNotStarted: return "game_not_started";
    case ErrorCode::kOnLeave: return "on_leave";
    case ErrorCode::kNoPendingMove: return "no_pending_move";
    case ErrorCode::kPendingMismatch: return "pending_mismatch";
    case ErrorCode::kDrawOfferNotAllowed: return "draw_offer_not_allowed";
    case ErrorCode::kNoDrawOffer: return "no_draw_offer";
    case ErrorCode::kClaimNotAllowed: return "claim_not_allowed";
    case ErrorCode::kAbortNotAllowed: return "abort_not_allowed";
    case ErrorCode::kTablebaseUnavailable: return "tablebase_unavailable";
    case ErrorCode::kLeaveNotAllowed: return "leave_not_allowed";
    case ErrorCode::kLeaveExceedsAllowance: return "leave_exceeds_allowance";
    case ErrorCode::kPayloadTooLarge: return "payload_too_large";
    case ErrorCode::kUnsupportedMediaType: return "unsupported_media_type";
    case ErrorCode::kRateLimited: return "rate_limited";
    case ErrorCode::kTooManyChallenges: return "too_many_challenges";
    case ErrorCode::kTooManyGames: return "too_many_games";
    case ErrorCode::kChallengeClosed: return "challenge_closed";
    case ErrorCode::kStaleGame: return "stale_game";
    case ErrorCode::kRatingOutOfRange: return "rating_out_of_range";
    case ErrorCode::kMethodNotAllowed: return "method_not_allowed";
    case ErrorCode::kUnavailable: return "unavailable";
    case ErrorCode::kPushNotConfigured: return "push_not_configured";
    case ErrorCode::kCommitOutcomeUnknown: return "commit_outcome_unknown";
    case ErrorCode::kInternal: return "internal_error";
  }
  return "internal_error";
}

}  // namespace corrchess
