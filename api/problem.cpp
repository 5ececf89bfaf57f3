#include "api/problem.h"

#include <string>

namespace corrchess::api {

int http_status(ErrorCode code) {
  switch (code) {
    case ErrorCode::kValidationError:
    case ErrorCode::kInvalidFen:
    case ErrorCode::kInvalidNotation:
    case ErrorCode::kInvalidPgn:
    case ErrorCode::kUnsupportedVariant: return 400;
    case ErrorCode::kUnauthorized: return 401;
    case ErrorCode::kForbidden: return 403;
    case ErrorCode::kNotFound: return 404;
    case ErrorCode::kConflict:
    case ErrorCode::kNotYourTurn:
    case ErrorCode::kGameOver:
    case ErrorCode::kGameNotStarted:
    case ErrorCode::kOnLeave:
    case ErrorCode::kNoPendingMove:
    case ErrorCode::kPendingMismatch:
    case ErrorCode::kNoDrawOffer:
    case ErrorCode::kTablebaseUnavailable:
    case ErrorCode::kTooManyChallenges:
    case ErrorCode::kTooManyGames:
    case ErrorCode::kChallengeClosed:
    case ErrorCode::kStaleGame:
    case ErrorCode::kRatingOutOfRange: return 409;
    case ErrorCode::kIllegalMove:
    case ErrorCode::kAmbiguousMove:
    case ErrorCode::kDrawOfferNotAllowed:
    case ErrorCode::kClaimNotAllowed:
    case ErrorCode::kAbortNotAllowed:
    case ErrorCode::kLeaveNotAllowed:
    case ErrorCode::kLeaveExceedsAllowance: return 422;
    case ErrorCode::kPayloadTooLarge: return 413;
    case ErrorCode::kUnsupportedMediaType: return 415;
    case ErrorCode::kMethodNotAllowed: return 405;
    case ErrorCode::kRateLimited: return 429;
    case ErrorCode::kInternal: return 500;
    case ErrorCode::kUnavailable:
    case ErrorCode::kPushNotConfigured: return 503;
    case ErrorCode::kCommitOutcomeUnknown: return 503;
  }
  return 500;
}

namespace {

std::string title_for(int status) {
  switch (status) {
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 413: return "Payload Too Large";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 503: return "Service Unavailable";
    default: return "Internal Server Error";
  }
}

}  // namespace

nlohmann::json problem_json(const Error& error) {
  const int status = http_status(error.code);
  const std::string code{error_code_name(error.code)};
  nlohmann::json body = {{"type", "https://corrchess.org/problems/" + code},
                         {"title", title_for(status)},
                         {"status", status},
                         {"detail", error.detail},
                         {"code", code}};
  for (const auto& member : error.members) {
    if (body.contains(member.name)) continue;  // the standard members stay as they are
    if (member.kind == ErrorMember::Kind::kJson) {
      auto value = nlohmann::json::parse(member.value, nullptr, false);
      body[member.name] = value.is_discarded() ? nlohmann::json() : std::move(value);
    } else {
      body[member.name] = member.value;
    }
  }
  return body;
}

}  // namespace corrchess::api
