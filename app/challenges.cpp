#include "app/challenges.h"

#include <sodium.h>

#include <algorithm>
#include <map>
#include <utility>

#include "app/blocks.h"
#include "app/entry_rules.h"
#include "app/game_start.h"
#include "app/game_store.h"
#include "app/games.h"
#include "app/notifications.h"
#include "app/ratings.h"
#include "app/roles.h"
#include "db/blocks.h"
#include "db/challenges.h"
#include "db/events.h"
#include "db/game_schedule.h"
#include "db/games.h"
#include "db/ratings.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

ChallengeView view_at(model::StoredChallenge stored, game::Timestamp now) {
  const auto status = game::effective_status(stored.status, stored.expires_at, now);
  return {std::move(stored), status};
}

// The game use cases' view of the challenge dependencies.
GameDeps game_deps(const ChallengeDeps& deps) {
  return {deps.pool, deps.clock, deps.rules.zone, deps.rules.oracles};
}

// Whether `user` may see `c` at all.
bool may_see(const model::User& user, const model::StoredChallenge& c) {
  return c.challenger.id == user.id || (c.opponent && c.opponent->id == user.id) ||
         c.open_to_anyone || is_director(user);
}

// The challenge `id` locked for a decision by `user`, or kNotFound when `user` may not see it.
Result<model::StoredChallenge> load_for(pqxx::work& tx, const model::User& user, std::int64_t id,
                                        bool lock) {
  auto c = db::load_challenge(tx, id, lock);
  if (!c) return c;
  if (!may_see(user, *c)) return fail(ErrorCode::kNotFound, "no challenge " + std::to_string(id));
  return c;
}

// The challenge `id` locked for a decision by `user`, as it stands at `now`.
Result<ChallengeView> load_for_decision(pqxx::work& tx, const model::User& user, std::int64_t id,
                                        game::Timestamp now) {
  TRY_LET(stored, load_for(tx, user, id, true));
  return view_at(std::move(*stored), now);
}

// Stores `user`'s decision on the open challenge `view` (and shows it in `view`), then tells
// `told` with a live message of `type` (naming the game an acceptance created).
void decide(pqxx::work& tx, ChallengeView& view, game::ChallengeStatus status,
            const model::User& user, game::Timestamp now, const std::vector<std::int64_t>& told,
            const char* type, std::optional<std::int64_t> game_id = std::nullopt) {
  auto& c = view.stored;
  db::close_challenge(tx, c.id, status, now, user.id, c.reason, c.game_id);
  c.status = status;
  c.decided_at = now;
  c.decided_by = user.username;
  view.status = status;
  db::notify_challenge(tx, told, type, view.stored, view.status, now, game_id);
}

// Inserts the challenge `request` describes for `user` at `now` and tells the opponent.
Result<ChallengeView> insert_checked(ChallengeDeps& deps, pqxx::work& tx, const model::User& user,
                                     ChallengeRequest request, game::Timestamp now,
                                     std::optional<std::int64_t> rematch_of) {
  const auto& limits = deps.limits;
  model::StoredChallenge c;
  c.challenger = user;
  c.open_to_anyone = !request.opponent;
  if (request.opponent) {
    auto opponent = db::find_user(tx, *request.opponent);
    if (!opponent) return fail(ErrorCode::kValidationError, "no user '" + *request.opponent + "'");
    if (opponent->id == user.id) {
      return fail(ErrorCode::kValidationError, "you cannot challenge yourself");
    }
    c.opponent = *opponent;
    if (request.min_finished_games > 0) {
      return fail(ErrorCode::kValidationError,
                  "min_finished_games applies only to open challenges (without an opponent)");
    }
    if (request.min_rating || request.max_rating) {
      return fail(ErrorCode::kValidationError,
                  "a rating range applies only to open challenges (without an opponent)");
    }
  }
  TRY(game::validate(request.setup.time_control));
  TRY(game::check_time_control_bounds(request.setup.time_control, limits));
  if (request.message && game::utf8_characters(*request.message) > kMaxChallengeMessageChars) {
    return fail(ErrorCode::kValidationError,
                "message longer than " + std::to_string(kMaxChallengeMessageChars) + " characters");
  }
  if (request.message && request.message->empty()) request.message.reset();
  const auto expires_at = request.expires_at.value_or(now + game::days(limits.default_expiry_days));
  if (expires_at <= now)
    return fail(ErrorCode::kValidationError, "expires_at must be in the future");
  if (expires_at > now + game::days(limits.max_expiry_days)) {
    return fail(
        ErrorCode::kValidationError,
        "expires_at may be at most " + std::to_string(limits.max_expiry_days) + " days from now");
  }
  // The game that accepting would create must be a game: check the setup now (with the
  // standard start or the Chess960 array given), so that acceptance cannot fail on it.
  game::GameSetup probe = request.setup;
  if (probe.variant == game::Variant::kChess960 && !probe.start_position) {
    probe.start_position = 0;
  }
  probe.start_at = now;
  TRY(prepare_game(probe, deps.rules, now));
  // The body is sound: only now whether the opponent takes challenges from this player (a
  // refused body answers its 400 first, as docs/api.md "Errors" orders the checks).
  if (c.opponent) TRY(check_not_blocked(tx, c.opponent->id, user.id, "challenges"));

  // Serialise this player's challenges and game creations, then count (with the decisions
  // already due stored first).
  db::lock_users(tx, user.id, user.id);
  TRY(settle_due_games(game_deps(deps), tx, {user.id, std::nullopt}));
  TRY(game::check_can_challenge(db::count_open_challenges(tx, user.id, now),
                                db::player_record(tx, user.id).current, limits));
  // No floods of challenges at one player: so many a day, and a pause after a decline or a
  // cancellation (the serialisation above makes the count exact).
  if (c.opponent) {
    const auto cooldown =
        std::max(limits.cooldown_after_decline_minutes, limits.cooldown_after_cancel_minutes);
    const auto history = db::challenge_history(
        tx, user.id, c.opponent->id, now,
        std::max<game::Seconds>(game::days(1), cooldown * game::kSecondsPerMinute));
    TRY(game::check_can_challenge_opponent(history, now, limits));
  }
  c.color = request.color;
  c.setup = request.setup;
  c.setup.initial_fen.clear();
  c.rated = request.rated;
  c.min_finished_games = request.min_finished_games;
  c.min_rating = request.min_rating;
  c.max_rating = request.max_rating;
  c.message = request.message;
  c.rematch_of = rematch_of;
  c.created_at = now;
  c.expires_at = expires_at;
  c.id = db::insert_challenge(tx, c);
  ChallengeView view{c, game::ChallengeStatus::kOpen};
  if (c.opponent)
    db::notify_challenge(tx, {c.opponent->id}, "challenge", view.stored, view.status, now);
  if (c.opponent)
    queue_challenge_notification(tx, c.opponent->id, user.display_name, c.message.value_or(""),
                                 now);
  return view;
}

}  // namespace

Result<ChallengeView> create_challenge(ChallengeDeps& deps, const model::User& user,
                                       ChallengeRequest request) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<ChallengeView> {
    return insert_checked(deps, tx, user, request, deps.clock.now(tx), std::nullopt);
  });
}

Result<ChallengeView> get_challenge(ChallengeDeps& deps, const model::User& user, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<ChallengeView> {
    TRY_LET(c, load_for(tx, user, id, false));
    return view_at(std::move(*c), deps.clock.now(tx));
  });
}

Result<ChallengeLists> list_challenges(ChallengeDeps& deps, const model::User& user) {
  constexpr int kMaxOpenListed = 500;
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<ChallengeLists> {
    // The finished-games minimum of seeks counts losses on time already due.
    TRY(settle_due_games(game_deps(deps), tx, {user.id, std::nullopt}));
    const auto now = deps.clock.now(tx);
    ChallengeLists lists;
    auto views = [&](std::vector<model::StoredChallenge> stored) {
      std::vector<ChallengeView> out;
      for (auto& c : stored) out.push_back(view_at(std::move(c), now));
      return out;
    };
    lists.incoming = views(db::incoming_challenges(tx, user.id, now));
    lists.outgoing = views(db::outgoing_challenges(tx, user.id, now));
    // Only seeks the user may take: within their rating range and finished-games minimum.
    // The user's record and ratings are read once, each pool's when a seek needs it.
    const auto finished = db::player_record(tx, user.id).finished;
    std::map<std::string, std::optional<double>> ratings;
    const auto rating_in = [&](const std::string& pool) {
      if (!ratings.contains(pool)) {
        const auto current = db::current_ratings(tx, pool, {user.id});
        const auto it = current.find(user.id);
        ratings[pool] =
            it == current.end() ? std::nullopt : std::optional<double>(it->second.rating);
      }
      return ratings[pool];
    };
    auto seeks = db::open_seeks(tx, user.id, now, kMaxOpenListed);
    std::erase_if(seeks, [&](const model::StoredChallenge& c) {
      const model::RatingRange range{c.min_rating, c.max_rating};
      return finished < c.min_finished_games ||
             ((range.min_rating || range.max_rating) &&
              !model::rating_allows(rating_in(model::rating_pool_of(c.setup.variant)), range));
    });
    lists.open = views(std::move(seeks));
    return lists;
  });
}

Result<AcceptedChallenge> accept_challenge(ChallengeDeps& deps, const model::User& user,
                                           std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<AcceptedChallenge> {
    const auto now = deps.clock.now(tx);
    TRY_LET(view, load_for_decision(tx, user, id, now));
    auto& c = view->stored;
    // Both players' rows, in id order: no two accepts can pass a game limit together.
    db::lock_users(tx, c.challenger.id, user.id);
    for (const auto player : {c.challenger.id, user.id}) {
      TRY(settle_due_games(game_deps(deps), tx, {player, std::nullopt}));
    }
    // An open challenge is not for a player its maker blocked, nor from one the acceptor did.
    if (c.open_to_anyone) {
      TRY(check_not_blocked(tx, c.challenger.id, user.id, "challenges"));
      if (db::blocks(tx, user.id, c.challenger.id)) {
        return fail(ErrorCode::kForbidden,
                    "you blocked this player: unblock them to accept their challenge");
      }
    }
    game::AcceptCheck check;
    check.status = view->status;
    check.by_challenger = c.challenger.id == user.id;
    check.addressed_to_acceptor = !c.open_to_anyone && c.opponent && c.opponent->id == user.id;
    check.open_to_anyone = c.open_to_anyone;
    check.min_finished_games = c.min_finished_games;
    const auto acceptor = db::player_record(tx, user.id);
    check.acceptor_finished_games = acceptor.finished;
    check.acceptor_ongoing_games = acceptor.current;
    check.challenger_ongoing_games = db::player_record(tx, c.challenger.id).current;
    TRY(game::check_can_accept(check, deps.limits));
    TRY(check_rating_range(tx, model::rating_pool_of(c.setup.variant), user.id,
                           {c.min_rating, c.max_rating}, "this challenge"));
    game::GameSetup setup = c.setup;
    if (setup.variant == game::Variant::kChess960 && !setup.start_position) {
      setup.start_position = random_chess960_position(false);
    }
    setup.start_at = now;
    setup.friendly = true;
    TRY_LET(prepared, prepare_game(std::move(setup), deps.rules, now));
    const bool coin = randombytes_uniform(2) == 1;
    const bool challenger_white = game::challenger_color(c.color, coin) == game::Color::kWhite;
    const auto& white = challenger_white ? c.challenger : user;
    const auto& black = challenger_white ? user : c.challenger;
    const auto game_id = start_game(tx, white.id, black.id, std::nullopt, *prepared, now);
    c.opponent = user;
    c.game_id = game_id;
    decide(tx, *view, game::ChallengeStatus::kAccepted, user, now, {c.challenger.id, user.id},
           "challenge_accepted", game_id);
    return AcceptedChallenge{std::move(*view), game_id};
  });
}

Result<ChallengeView> decline_challenge(ChallengeDeps& deps, const model::User& user,
                                        std::int64_t id, std::optional<std::string> reason) {
  // The reason is the body: refused (400) before the challenge is looked at.
  if (reason && reason->empty()) reason.reset();
  if (reason && game::utf8_characters(*reason) > kMaxChallengeMessageChars) {
    return fail(ErrorCode::kValidationError,
                "reason longer than " + std::to_string(kMaxChallengeMessageChars) + " characters");
  }
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<ChallengeView> {
    const auto now = deps.clock.now(tx);
    TRY_LET(view, load_for_decision(tx, user, id, now));
    auto& c = view->stored;
    if (c.open_to_anyone) {
      return fail(ErrorCode::kForbidden,
                  "an open challenge is not declined: leave it for someone else");
    }
    if (!c.opponent || c.opponent->id != user.id) {
      return fail(ErrorCode::kForbidden, "only the challenged player may decline a challenge");
    }
    TRY(game::check_challenge_open(view->status));
    c.reason = reason;
    decide(tx, *view, game::ChallengeStatus::kDeclined, user, now, {c.challenger.id, user.id},
           "challenge_declined");
    return *view;
  });
}

Result<ChallengeView> cancel_challenge(ChallengeDeps& deps, const model::User& user,
                                       std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<ChallengeView> {
    const auto now = deps.clock.now(tx);
    TRY_LET(view, load_for_decision(tx, user, id, now));
    auto& c = view->stored;
    if (c.challenger.id != user.id) {
      return fail(ErrorCode::kForbidden, "only the challenger may cancel a challenge");
    }
    TRY(game::check_challenge_open(view->status));
    std::vector<std::int64_t> told{user.id};
    if (c.opponent && !c.open_to_anyone) told.push_back(c.opponent->id);
    decide(tx, *view, game::ChallengeStatus::kCancelled, user, now, told, "challenge_cancelled");
    return *view;
  });
}

Result<ChallengeView> rematch(ChallengeDeps& deps, const model::User& user, std::int64_t game_id) {
  // A game lost by a fallen flag is over whether or not the sweep has stored it (in a
  // transaction of its own, before the challenger's row is locked).
  auto games = game_deps(deps);
  TRY(settle_due_games(games, model::GameScope{std::nullopt, std::nullopt, game_id}));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<ChallengeView> {
    TRY_LET(played, db::load_game(tx, game_id, false));
    const bool was_white = played->white.id == user.id;
    if (!was_white && played->black.id != user.id) {
      return fail(ErrorCode::kForbidden, "only the players of a game may ask for its rematch");
    }
    if (!db::game_is_over(tx, game_id)) {
      return fail(ErrorCode::kConflict, "a rematch can be asked for once the game is over");
    }
    ChallengeRequest request;
    request.opponent = was_white ? played->black.username : played->white.username;
    request.color = was_white ? game::ChallengeColor::kBlack : game::ChallengeColor::kWhite;
    request.setup = played->facts.setup;
    // Rated as the game was: a casual game's rematch is casual too.
    request.rated = db::game_is_rated(tx, game_id);
    // A position given by FEN cannot be repeated by a challenge; such a game is rematched
    // from the standard array.
    request.setup.initial_fen.clear();
    return insert_checked(deps, tx, user, std::move(request), deps.clock.now(tx), game_id);
  });
}

}  // namespace corrchess::app
