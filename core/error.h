// Transport-neutral error vocabulary shared by every layer. core/ returns
// Result<T> (std::expected<T, Error>); api/ maps each ErrorCode to HTTP in one
// exhaustive switch, so adding a code without mapping it fails to compile.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace corrchess {

enum class ErrorCode {
  kValidationError,  // malformed input (bad JSON field, bad date, ...)
  kInvalidFen,       // FEN malformed or describing an impossible position
  kInvalidNotation,  // a move string that no notation can read
  kIllegalMove,      // readable move that is not in the legal-move list
  kAmbiguousMove,    // SAN that matches more than one legal move
  kInvalidPgn,       // PGN that cannot be read
  kUnsupportedVariant,
  kUnauthorized,
  kForbidden,
  kNotFound,
  kConflict,
  kNotYourTurn,
  kGameOver,
  kGameNotStarted,
  kOnLeave,
  kNoPendingMove,
  kPendingMismatch,
  kDrawOfferNotAllowed,
  kNoDrawOffer,
  kClaimNotAllowed,
  kAbortNotAllowed,  // the game is part of an event, or both players have moved (§2.3)
  kTablebaseUnavailable,
  kLeaveNotAllowed,
  kLeaveExceedsAllowance,
  kPayloadTooLarge,
  kUnsupportedMediaType,
  kRateLimited,
  kTooManyChallenges,     // a player has as many open challenges as the server allows
  kTooManyGames,          // a player has as many unfinished games as the server allows
  kChallengeClosed,       // the challenge was accepted, declined, cancelled or has expired
  kStaleGame,             // the client acted on a game state that is no longer current
  kRatingOutOfRange,      // the player's rating is outside an event's or challenge's range
  kMethodNotAllowed,      // the path exists, but not with this method
  kUnavailable,           // the server is too busy to take the request now
  kCommitOutcomeUnknown,  // the database connection broke while a COMMIT was in flight: the
                          // command may or may not have been stored (re-read, then retry)
  kPushNotConfigured,     // Web Push is off: the server has no VAPID keys
  kInternal,
};

// Stable machine-readable name of a code ("illegal_move"), as used in problem+json.
std::string_view error_code_name(ErrorCode code);

// An extra member of the problem an error becomes (an RFC 9457 extension member, such as
// `barred_until` or the current `game` of a stale_game problem). The value is kept as text so
// core stays free of any JSON library: a string, or (kind kJson) already-encoded JSON such as
// an object or a number, which api/problem.cpp embeds as it is.
struct ErrorMember {
  enum class Kind { kString, kJson };
  std::string name;
  std::string value;
  Kind kind = Kind::kString;
};

struct Error {
  ErrorCode code;
  std::string detail;                  // human-readable, safe to show to the client
  std::vector<ErrorMember> members{};  // extra problem members, in order; names never repeat
                                       // the standard ones (type, title, status, detail, code)
  // What only the log and the server's staff may see (a database's own message beside the
  // client's "database error"); never rendered in an answer.
  std::string internal{};

  // This error with one more string member (`name` must not be a standard member).
  Error with(std::string name, std::string value) && {
    members.push_back({std::move(name), std::move(value), ErrorMember::Kind::kString});
    return std::move(*this);
  }
  // This error with one more member whose value is encoded JSON text.
  Error with_json(std::string name, std::string json_text) && {
    members.push_back({std::move(name), std::move(json_text), ErrorMember::Kind::kJson});
    return std::move(*this);
  }
};

template <class T>
using Result = std::expected<T, Error>;

// Error propagation: the one idiom (docs/architecture.md), for any function returning a
// Result<U>. Each returns the error of a failed Result at once, unchanged:
//
//   TRY(game::validate(control));          // goes on only when the check passed (any value
//                                          // it has is dropped)
//   TRY_LET(stored, load_game(tx, id));    // declares `stored`, the Result; below this line
//   use(stored->facts);                    // it holds a value (*stored, stored->...)
//
// Errors that are changed on the way (another code, more detail) are written out by hand.
#define TRY(...)                                              \
  do {                                                        \
    if (auto&& try_result_ = (__VA_ARGS__); !try_result_) {   \
      return std::unexpected(std::move(try_result_).error()); \
    }                                                         \
  } while (false)
#define TRY_LET(name, ...)   \
  auto name = (__VA_ARGS__); \
  if (!name) return std::unexpected(std::move(name).error())

// Shorthand for `return fail(ErrorCode::kIllegalMove, "...")` in functions returning Result<T>.
inline std::unexpected<Error> fail(ErrorCode code, std::string detail) {
  return std::unexpected<Error>(Error{code, std::move(detail)});
}

}  // namespace corrchess
