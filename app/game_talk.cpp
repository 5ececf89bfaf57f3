#include "app/game_talk.h"

#include "app/blocks.h"
#include "app/entry_rules.h"
#include "app/game_store.h"
#include "app/games.h"
#include "app/roles.h"
#include "core/game/talk.h"
#include "db/game_schedule.h"
#include "db/game_talk.h"
#include "db/games.h"
#include "db/server_clock.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

// Private notes are for the game's players (and directors): anyone else is refused, so a
// note never sits on a game its author has nothing to do with.
Result<void> check_note_writer(pqxx::work& tx, const model::User& user, std::int64_t game_id) {
  if (!db::game_exists(tx, game_id)) {
    return fail(ErrorCode::kNotFound, "no game " + std::to_string(game_id));
  }
  if (!is_director(user) && !db::plays_in(tx, game_id, user.id)) {
    return fail(ErrorCode::kForbidden, "private notes are for the players of a game");
  }
  return {};
}

}  // namespace

Result<std::vector<model::ThreadMessage>> game_messages(TalkDeps& deps, const model::User& user,
                                                        std::int64_t game_id) {
  return db::in_transaction(
      deps.pool, [&](pqxx::work& tx) -> Result<std::vector<model::ThreadMessage>> {
        TRY_LET(game, db::load_game(tx, game_id, false));
        const bool plays = game->white.id == user.id || game->black.id == user.id;
        if (!plays && !is_director(user)) {
          return fail(ErrorCode::kForbidden, "the messages of a game are its players' alone");
        }
        return db::game_thread(tx, game_id);
      });
}

Result<model::ThreadMessage> post_game_message(TalkDeps& deps, const model::User& user,
                                               std::int64_t game_id, const std::string& text) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<model::ThreadMessage> {
    // A game lost on time is over (messages may follow) whether or not the sweep has stored
    // the flag fall: a decision already due is stored first.
    const GameDeps games{deps.pool, deps.clock, deps.zone, deps.oracles};
    if (auto settled =
            settle_due_games(games, tx, model::GameScope{std::nullopt, std::nullopt, game_id});
        !settled) {
      return std::unexpected(settled.error());
    }
    TRY_LET(game, db::load_game(tx, game_id, true));
    const bool white = game->white.id == user.id;
    if (!white && game->black.id != user.id) {
      return fail(ErrorCode::kForbidden, "only the players of a game write to each other");
    }
    TRY(game::check_post_game_message(db::game_is_over(tx, game_id),
                                      game->facts.setup.rules.messages_allowed, text));
    const auto opponent = white ? game->black.id : game->white.id;
    TRY(check_not_blocked(tx, opponent, user.id, "messages"));
    const auto now = deps.clock.now(tx);
    TRY(game::check_message_rate(db::message_history(tx, game_id, user.id, now), now));
    db::insert_game_message(tx, game_id, user.id, text, now);
    model::ThreadMessage m{std::nullopt, user.username, text, now};
    db::notify_game_message(tx, game_id, {opponent, user.id}, m);
    return m;
  });
}

Result<std::optional<model::Note>> own_note(TalkDeps& deps, const model::User& user,
                                            std::int64_t game_id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::optional<model::Note>> {
    TRY(check_note_writer(tx, user, game_id));
    return db::game_note(tx, game_id, user.id);
  });
}

Result<std::optional<model::Note>> save_own_note(TalkDeps& deps, const model::User& user,
                                                 std::int64_t game_id, const std::string& text) {
  TRY(game::check_note(text));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::optional<model::Note>> {
    TRY(check_note_writer(tx, user, game_id));
    db::save_game_note(tx, game_id, user.id, text, deps.clock.now(tx));
    return db::game_note(tx, game_id, user.id);
  });
}

}  // namespace corrchess::app
