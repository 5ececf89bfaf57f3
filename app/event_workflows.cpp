#include "app/event_workflows.h"

#include <algorithm>

#include "app/events.h"
#include "app/game_start.h"
#include "app/game_store.h"
#include "app/olympiad_seats.h"
#include "app/ratings.h"
#include "app/roles.h"
#include "app/section_start.h"
#include "core/game/tournament.h"
#include "db/event_messages.h"
#include "db/events.h"
#include "db/games.h"
#include "db/ratings.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

using game::Color;

// The active player of an event with this username, from a locked event.
Result<model::EventPlayer> active_player(pqxx::work& tx, std::int64_t event_id,
                                         const std::string& username) {
  const auto user = db::find_user(tx, username);
  if (!user) return fail(ErrorCode::kValidationError, "no user '" + username + "'");
  for (auto& p : db::event_players(tx, event_id)) {
    if (p.user.id != user->id) continue;
    if (p.status != "active") {
      return fail(ErrorCode::kConflict, "'" + p.user.username + "' is " + p.status);
    }
    return p;
  }
  return fail(ErrorCode::kValidationError, "'" + user->username + "' does not play in this event");
}

// Hands game `game_id` of `player` (whose side it was) to `replacement` as it stands, through
// the one commit path (the player's pending move and conditional lines go, the cached state
// follows the replacement's leave), and tells the three people concerned.
Result<void> hand_over(const GameDeps& deps, pqxx::work& tx, std::int64_t event_id,
                       std::int64_t game_id, const model::EventPlayer& player,
                       const model::User& replacement, const std::string& reason,
                       game::Timestamp now) {
  TRY_LET(stored, db::load_game(tx, game_id, true));
  const Color side = stored->white.id == player.user.id ? Color::kWhite : Color::kBlack;
  db::set_player(tx, game_id, side, replacement.id);
  auto reloaded = db::load_game(tx, game_id, true);  // with the replacement and their leave
  if (!reloaded) return std::unexpected(reloaded.error());
  GameChange change;
  change.delete_pending = stored->pending && stored->pending->side == side;
  change.conditional = std::pair{side, std::vector<game::ConditionalLine>{}};
  TRY_LET(handed, refresh_game(deps, tx, std::move(*reloaded), now, std::move(change)));
  const auto opponent = side == Color::kWhite ? stored->black.id : stored->white.id;
  db::notify_player_replaced(
      tx, {player.user.id, replacement.id, opponent},
      {game_id, event_id, side, player.user.username, replacement.username, reason}, now);
  return {};
}

}  // namespace

Result<void> start_event(GameDeps& deps, const model::User& director, std::int64_t id) {
  if (auto ok = require_director(director); !ok) return ok;
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(event, db::load_event(tx, id, true));
    const auto now = deps.clock.now(tx);
    TRY_LET(started, start_section(deps, tx, *event, now));
    const auto& position = started->start_position;
    db::write_audit(
        tx, {now, director.id, "event_started", std::nullopt, id, std::nullopt, "",
             model::Fields{{"games", std::int64_t{started->games}},
                           {"players", std::int64_t{started->players}},
                           {"start_at", game::format_rfc3339(started->start_at)},
                           {"start_position", position ? model::FieldValue{std::int64_t{*position}}
                                                       : model::FieldValue{nullptr}}}});
    return {};
  });
}

Result<void> withdraw_player(GameDeps& deps, const model::User& director, std::int64_t id,
                             const std::string& username, const std::string& reason) {
  if (auto ok = require_director(director); !ok) return ok;
  // 1. Check, and before the start simply take the player off the entry list.
  struct Plan {
    model::EventPlayer player;
    std::vector<std::int64_t> games;
  };
  TRY_LET(
      plan, db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::optional<Plan>> {
        TRY_LET(event, db::load_event(tx, id, true));
        TRY(require_not_cancelled(*event));
        TRY_LET(player, active_player(tx, id, username));
        if (!event->started()) {
          db::remove_entry(tx, id, player->user.id);
          db::write_audit(tx, {deps.clock.now(tx), director.id, "player_withdrawn", std::nullopt,
                               id, player->user.id, reason, model::Fields{{"before_start", true}}});
          return std::optional<Plan>{};
        }
        // A game already lost on time is not defaulted: the decisions due are stored first.
        TRY(settle_due_games(deps, tx, {player->user.id, id}));
        return std::optional<Plan>{Plan{*player, db::unfinished_games_of(tx, id, player->user.id)}};
      }));
  if (!*plan) return {};

  // 2. Each unfinished game: the opponent wins by default (rules.md §5.5), one transaction
  //    per game.
  const auto withdrawn_id = (*plan)->player.user.id;
  std::vector<std::string> decided;
  for (const auto game_id : (*plan)->games) {
    TRY_LET(applied, default_for_withdrawal(deps, director, game_id, id, withdrawn_id, reason));
    decided.push_back(std::to_string(game_id));
  }

  // 3. Mark the player withdrawn.
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(event, db::load_event(tx, id, true));
    const auto now = deps.clock.now(tx);
    db::withdraw_event_player(tx, id, withdrawn_id, reason, now);
    db::write_audit(tx, {now, director.id, "player_withdrawn", std::nullopt, id, withdrawn_id,
                         reason, model::Fields{{"games_defaulted", decided}}});
    return {};
  });
}

Result<void> replace_player(GameDeps& deps, const model::User& director, std::int64_t id,
                            const std::string& username, const std::string& replacement_name,
                            const std::string& reason) {
  if (auto ok = require_director(director); !ok) return ok;
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(event, db::load_event(tx, id, true));
    TRY(require_not_cancelled(*event));
    TRY_LET(player, active_player(tx, id, username));
    auto replacement = db::find_user(tx, replacement_name);
    if (!replacement) {
      return fail(ErrorCode::kValidationError, "no user '" + replacement_name + "'");
    }
    if (db::is_event_player(tx, id, replacement->id)) {
      return fail(ErrorCode::kConflict,
                  "'" + replacement->username + "' already plays (or played) in this event");
    }
    // A board of an Olympiad: the replacement plays for the seat's team (rules.md 6.11).
    TRY(replace_olympiad_player(tx, id, player->seat, *replacement));
    const auto now = deps.clock.now(tx);
    // A game the player has already lost on time stays theirs (a replay at now shows the
    // loss): the decisions due are stored before the live games are handed over.
    TRY(settle_due_games(deps, tx, {player->user.id, id}));
    if (auto ok = db::replace_event_player(tx, id, player->user.id, replacement->id, reason, now);
        !ok) {
      return ok;
    }
    // The replacement brings their rating of today to the section's norm arithmetic.
    db::record_start_ratings(tx, id, model::rating_pool_of(event->settings.variant),
                             replacement->id);
    std::vector<std::string> games;
    for (const auto game_id : db::unfinished_games_of(tx, id, player->user.id)) {
      if (auto ok = hand_over(deps, tx, id, game_id, *player, *replacement, reason, now); !ok) {
        return ok;
      }
      games.push_back(std::to_string(game_id));
    }
    db::write_audit(tx,
                    {now, director.id, "player_replaced", std::nullopt, id, player->user.id, reason,
                     model::Fields{{"player", player->user.username},
                                   {"replacement", replacement->username},
                                   {"games", games}}});
    return {};
  });
}

}  // namespace corrchess::app
