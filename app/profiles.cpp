#include "app/profiles.h"

#include "app/game_store.h"
#include "app/games.h"
#include "app/notifications.h"
#include "app/verification_mail.h"

#include "core/game/facts.h"
#include "core/game/profile.h"
#include "db/account_tokens.h"
#include "db/norms.h"
#include "db/notification_prefs.h"
#include "db/series.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

Result<void> check_change(const model::ProfileChange& c) {
  if (c.display_name) TRY(game::check_display_name(*c.display_name));
  if (c.email && *c.email) TRY(game::check_email(**c.email));
  if (c.country && *c.country) {
    if (auto ok = game::check_country(**c.country); !ok) return ok;
  }
  if (c.time_zone && *c.time_zone) {
    if (auto ok = game::check_time_zone_name(**c.time_zone); !ok) return ok;
  }
  if (c.language && *c.language) {
    if (auto ok = game::check_language(**c.language); !ok) return ok;
  }
  return {};
}

}  // namespace

Result<PublicProfile> public_profile(ProfileDeps& deps, const std::string& username) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<PublicProfile> {
    auto user = db::find_user(tx, username);
    if (!user) return fail(ErrorCode::kNotFound, "no user '" + username + "'");
    const GameDeps games{deps.pool, deps.clock, deps.zone, deps.oracles};
    TRY(settle_due_games(games, tx, {user->id, std::nullopt}));
    const auto settings = db::profile_settings(tx, user->id);
    const auto record = db::player_record(tx, user->id);
    const auto now = deps.clock.now(tx);
    const auto today = game::format_date(deps.zone.local_date(now));
    auto credits = db::credits_of_user(tx, user->id);
    std::erase_if(credits, [&](const model::PromotionCredit& c) {
      return c.used_at.has_value() || c.expires_at <= now;
    });
    return PublicProfile{*user,
                         settings.country,
                         record,
                         db::on_leave_today(tx, user->id, today),
                         std::move(credits),
                         db::titles_of(tx, user->id),
                         db::norms_of(tx, user->id)};
  });
}

Result<model::ProfileSettings> own_settings(ProfileDeps& deps, const model::User& user) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<model::ProfileSettings> {
    return db::profile_settings(tx, user.id);
  });
}

Result<model::User> update_own_profile(ProfileDeps& deps, const model::User& user,
                                       const model::ProfileChange& change) {
  TRY(check_change(change));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<model::User> {
    // The shape is checked above; the name must also be a zone of the tz database (the one
    // PostgreSQL ships), since mails show deadlines in it.
    if (change.time_zone && *change.time_zone && !db::is_known_time_zone(tx, **change.time_zone)) {
      return fail(ErrorCode::kValidationError,
                  "time_zone \"" + **change.time_zone + "\" is not a zone of the tz database");
    }
    const auto zone_before = db::profile_settings(tx, user.id).time_zone;
    auto updated = db::update_profile(tx, user.id, change);
    // The digest comes at its hour of the new zone, also for what already waits.
    if (db::profile_settings(tx, user.id).time_zone != zone_before) {
      if (const auto hour = db::load_preferences(tx, user.id).digest_hour) {
        reschedule_digest(tx, user.id, hour, deps.clock.now(tx));
      }
    }
    if (updated.email != user.email) {
      // Links mailed to the old address (reset, verification) stop working.
      db::revoke_account_tokens(tx, user.id, "");
      // What waits for the mail channel goes to the new address (a player who changed it
      // because the old one is dead must still get the reminders), or waits for nothing.
      follow_new_address(tx, user.id, updated.email);
      if (updated.email) mail_verification_if_required(tx, deps.clock, updated);
    }
    return updated;
  });
}

Result<std::vector<model::User>> find_players(ProfileDeps& deps, const std::string& prefix,
                                              int limit) {
  // Characters, not octets: a prefix of 32 letters like "ö" is a search (api.md "Players").
  const auto characters = game::utf8_characters(prefix);
  if (characters < 1 || characters > 32) {
    return fail(ErrorCode::kValidationError, "prefix must have 1 to 32 characters");
  }
  if (limit < 1 || limit > kMaxPlayersFound) {
    return fail(ErrorCode::kValidationError,
                "limit must be 1.." + std::to_string(kMaxPlayersFound));
  }
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::vector<model::User>> {
    return db::users_with_prefix(tx, prefix, limit);
  });
}

}  // namespace corrchess::app
