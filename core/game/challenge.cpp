#include "core/game/challenge.h"

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "core/game/wait_text.h"

namespace corrchess::game {

std::string_view to_string(ChallengeColor c) {
  switch (c) {
    case ChallengeColor::kWhite: return "white";
    case ChallengeColor::kBlack: return "black";
    case ChallengeColor::kRandom: return "random";
  }
  return "random";
}

Result<ChallengeColor> parse_challenge_color(std::string_view text) {
  for (auto c : {ChallengeColor::kWhite, ChallengeColor::kBlack, ChallengeColor::kRandom}) {
    if (text == to_string(c)) return c;
  }
  return fail(ErrorCode::kValidationError, "color must be white, black or random");
}

std::string_view to_string(ChallengeStatus s) {
  switch (s) {
    case ChallengeStatus::kOpen: return "open";
    case ChallengeStatus::kAccepted: return "accepted";
    case ChallengeStatus::kDeclined: return "declined";
    case ChallengeStatus::kCancelled: return "cancelled";
    case ChallengeStatus::kExpired: return "expired";
  }
  return "open";
}

Result<ChallengeStatus> parse_challenge_status(std::string_view text) {
  for (auto s : {ChallengeStatus::kOpen, ChallengeStatus::kAccepted, ChallengeStatus::kDeclined,
                 ChallengeStatus::kCancelled}) {
    if (text == to_string(s)) return s;
  }
  return fail(ErrorCode::kValidationError, "unknown challenge status '" + std::string(text) + "'");
}

ChallengeStatus effective_status(ChallengeStatus stored, Timestamp expires_at, Timestamp now) {
  if (stored == ChallengeStatus::kOpen && now >= expires_at) return ChallengeStatus::kExpired;
  return stored;
}

namespace {

// Every day count of a control but the first-move time, each with its name.
std::vector<std::pair<const char*, int>> other_day_counts(const TimeControl& control) {
  return std::visit(
      [](const auto& c) -> std::vector<std::pair<const char*, int>> {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, IccfStandard>) {
          if (c.doubling_after_days) return {{"doubling_after_days", *c.doubling_after_days}};
          return {};
        } else if constexpr (std::is_same_v<T, FischerDays>) {
          std::vector<std::pair<const char*, int>> out{{"increment_days", c.increment_days}};
          if (c.max_days) out.emplace_back("max_days", *c.max_days);
          return out;
        } else if constexpr (std::is_same_v<T, DaysPerMove>) {
          if (c.bank_days) return {{"bank_days", *c.bank_days}};
          return {};
        } else {
          return {{"increment_days", c.increment_days}, {"bank_days", c.bank_days}};
        }
      },
      control);
}

}  // namespace

int first_move_days(const TimeControl& control) {
  return std::visit(
      [](const auto& c) -> int {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, IccfStandard>) {
          return c.days;
        } else if constexpr (std::is_same_v<T, FischerDays>) {
          return c.initial_days;
        } else if constexpr (std::is_same_v<T, DaysPerMove>) {
          return c.days;
        } else {
          return static_cast<int>(kTripleBlockClock / kSecondsPerDay);
        }
      },
      control);
}

Result<void> check_time_control_bounds(const TimeControl& control, const ChallengeLimits& limits) {
  const int first = first_move_days(control);
  if (first < limits.min_days || first > limits.max_days) {
    return fail(ErrorCode::kValidationError,
                "time_control: this server allows challenges with " +
                    std::to_string(limits.min_days) + " to " + std::to_string(limits.max_days) +
                    " days for the first move, not " + std::to_string(first));
  }
  for (const auto& [name, value] : other_day_counts(control)) {
    if (value > limits.max_days) {
      return fail(ErrorCode::kValidationError, std::string("time_control.") + name + ": at most " +
                                                   std::to_string(limits.max_days) +
                                                   " days on this server");
    }
  }
  return {};
}

Color challenger_color(ChallengeColor asked, bool coin) {
  switch (asked) {
    case ChallengeColor::kWhite: return Color::kWhite;
    case ChallengeColor::kBlack: return Color::kBlack;
    case ChallengeColor::kRandom: break;
  }
  return coin ? Color::kWhite : Color::kBlack;
}

namespace {

Result<void> check_games_limit(int ongoing, const ChallengeLimits& limits, const char* who) {
  if (limits.max_ongoing_games > 0 && ongoing >= limits.max_ongoing_games) {
    return fail(ErrorCode::kTooManyGames,
                std::string(who) + " already " + (std::string(who) == "you" ? "have " : "has ") +
                    std::to_string(ongoing) + " unfinished games, the most this server allows (" +
                    std::to_string(limits.max_ongoing_games) + ")");
  }
  return {};
}

}  // namespace

Result<void> check_can_challenge(int open_challenges, int ongoing_games,
                                 const ChallengeLimits& limits) {
  if (limits.max_open_challenges > 0 && open_challenges >= limits.max_open_challenges) {
    return fail(ErrorCode::kTooManyChallenges,
                "you already have " + std::to_string(open_challenges) +
                    " open challenges, the most this server allows: cancel one or wait until "
                    "one is answered or expires");
  }
  return check_games_limit(ongoing_games, limits, "you");
}

Result<void> check_can_challenge_opponent(const ChallengeHistory& history, Timestamp now,
                                          const ChallengeLimits& limits) {
  // The latest instant from which the challenge is allowed, and why not before.
  Timestamp allowed_from = now;
  std::string why;
  const auto later = [&](Timestamp from, std::string reason) {
    if (from > allowed_from) {
      allowed_from = from;
      why = std::move(reason);
    }
  };
  if (limits.max_per_opponent_per_day > 0 &&
      history.made_last_day >= limits.max_per_opponent_per_day && history.oldest_last_day) {
    later(*history.oldest_last_day + days(1),
          "you have challenged this player " + std::to_string(history.made_last_day) +
              " times in the last 24 hours, the most this server allows (" +
              std::to_string(limits.max_per_opponent_per_day) + ")");
  }
  if (limits.cooldown_after_decline_minutes > 0 && history.last_declined_at) {
    later(*history.last_declined_at + limits.cooldown_after_decline_minutes * kSecondsPerMinute,
          "this player declined your challenge: you may challenge them again " +
              std::to_string(limits.cooldown_after_decline_minutes) + " minutes after the decline");
  }
  if (limits.cooldown_after_cancel_minutes > 0 && history.last_cancelled_at) {
    later(*history.last_cancelled_at + limits.cooldown_after_cancel_minutes * kSecondsPerMinute,
          "you cancelled a challenge to this player: you may challenge them again " +
              std::to_string(limits.cooldown_after_cancel_minutes) +
              " minutes after the cancellation");
  }
  if (allowed_from <= now) return {};
  const Seconds wait = allowed_from - now;
  return std::unexpected(
      Error{ErrorCode::kRateLimited, why + "; try again in " + wait_text(wait)}.with_json(
          "retry_after_seconds", std::to_string(wait)));
}

Result<void> check_challenge_open(ChallengeStatus status) {
  if (status == ChallengeStatus::kOpen) return {};
  return fail(ErrorCode::kChallengeClosed,
              "this challenge is " + std::string(to_string(status)) + ", not open");
}

Result<void> check_can_accept(const AcceptCheck& c, const ChallengeLimits& limits) {
  if (auto ok = check_challenge_open(c.status); !ok) return ok;
  if (c.by_challenger) {
    return fail(ErrorCode::kForbidden, "you cannot accept your own challenge");
  }
  if (!c.open_to_anyone && !c.addressed_to_acceptor) {
    return fail(ErrorCode::kForbidden, "this challenge is addressed to another player");
  }
  if (c.open_to_anyone && c.acceptor_finished_games < c.min_finished_games) {
    return fail(ErrorCode::kForbidden, "this open challenge asks for players with at least " +
                                           std::to_string(c.min_finished_games) +
                                           " finished games (you have " +
                                           std::to_string(c.acceptor_finished_games) + ")");
  }
  if (auto ok = check_games_limit(c.acceptor_ongoing_games, limits, "you"); !ok) return ok;
  return check_games_limit(c.challenger_ongoing_games, limits, "the challenger");
}

}  // namespace corrchess::game
