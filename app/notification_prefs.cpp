#include "app/notification_prefs.h"

#include "core/notify/notify.h"
#include "db/account_tokens.h"
#include "db/notification_prefs.h"
#include "db/outbox.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

using nlohmann::json;

json preferences_json(const notify::Preferences& prefs, const db::User& user,
                      const db::ProfileSettings& profile, bool verified) {
  json channels = json::object();
  for (const auto channel : notify::kAllChannels) {
    json kinds = json::object();
    for (const auto kind : notify::kAllKinds) {
      kinds[std::string(notify::to_string(kind))] = notify::wants(prefs, kind, channel);
    }
    channels[std::string(notify::to_string(channel))] = kinds;
  }
  json hours = json::array();
  for (const auto s : prefs.reminder_offsets) hours.push_back(s / 3600);
  return {{"channels", channels},
          {"reminder_hours_before", hours},
          {"digest_hour", prefs.digest_hour ? json(*prefs.digest_hour) : json()},
          {"time_zone", profile.time_zone ? json(*profile.time_zone) : json()},
          {"email", user.email ? json(*user.email) : json()},
          {"email_verified", verified}};
}

Result<notify::Preferences> parse_preferences(const json& body) {
  notify::Preferences prefs;
  if (body.contains("channels")) {
    const auto& channels = body["channels"];
    if (!channels.is_object())
      return fail(ErrorCode::kValidationError, "channels must be an object");
    for (const auto& [channel_name, kinds] : channels.items()) {
      const auto channel = notify::parse_channel(channel_name);
      if (!channel) {
        return fail(ErrorCode::kValidationError, "unknown channel '" + channel_name + "'");
      }
      if (!kinds.is_object()) {
        return fail(ErrorCode::kValidationError, "channels." + channel_name + " must be an object");
      }
      for (const auto& [kind_name, on] : kinds.items()) {
        const auto kind = notify::parse_kind(kind_name);
        if (!kind) return fail(ErrorCode::kValidationError, "unknown kind '" + kind_name + "'");
        if (!on.is_boolean()) {
          return fail(ErrorCode::kValidationError,
                      "channels." + channel_name + "." + kind_name + " must be true or false");
        }
        if (!on.get<bool>()) prefs.disabled.emplace_back(*kind, *channel);
      }
    }
  }
  if (body.contains("reminder_hours_before")) {
    const auto& hours = body["reminder_hours_before"];
    if (!hours.is_array()) {
      return fail(ErrorCode::kValidationError, "reminder_hours_before must be an array of hours");
    }
    std::vector<game::Seconds> offsets;
    for (const auto& h : hours) {
      if (!h.is_number_integer() || h.get<std::int64_t>() < 1 || h.get<std::int64_t>() > 1440) {
        return fail(ErrorCode::kValidationError,
                    "reminder_hours_before must hold whole hours between 1 and 1440");
      }
      offsets.push_back(h.get<std::int64_t>() * 3600);
    }
    auto checked = notify::checked_reminder_offsets(std::move(offsets));
    if (!checked) return std::unexpected(checked.error());
    prefs.reminder_offsets = *checked;
  }
  if (body.contains("digest_hour") && !body["digest_hour"].is_null()) {
    const auto& h = body["digest_hour"];
    if (!h.is_number_integer() || h.get<int>() < 0 || h.get<int>() > 23) {
      return fail(ErrorCode::kValidationError, "digest_hour must be an hour 0-23 or null");
    }
    prefs.digest_hour = h.get<int>();
  }
  return prefs;
}

}  // namespace

Result<json> notification_preferences(db::Pool& pool, const db::User& user) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<json> {
    return preferences_json(db::load_preferences(tx, user.id), user,
                            db::profile_settings(tx, user.id), db::email_verified(tx, user.id));
  });
}

Result<json> replace_notification_preferences(db::Pool& pool, const db::User& user,
                                              const json& body) {
  auto prefs = parse_preferences(body);
  if (!prefs) return std::unexpected(prefs.error());
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<json> {
    db::save_preferences(tx, user.id, *prefs);
    return preferences_json(*prefs, user, db::profile_settings(tx, user.id),
                            db::email_verified(tx, user.id));
  });
}

json delivery_json(const db::DeliveryView& d) {
  return {{"id", d.delivery_id},
          {"channel", d.channel},
          {"kind", d.kind},
          {"user_id", d.user_id ? json(std::to_string(*d.user_id)) : json()},
          {"game_id", d.game_id ? json(std::to_string(*d.game_id)) : json()},
          {"status", d.status},
          {"due_at", d.due_at},
          {"attempts", d.attempts},
          {"last_error", d.last_error ? json(*d.last_error) : json()},
          {"finished_at", d.finished_at ? json(*d.finished_at) : json()}};
}

Result<json> failed_notifications(db::Pool& pool, const db::User& user, int limit) {
  if (user.role != "admin") return fail(ErrorCode::kForbidden, "only admins see failed deliveries");
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<json> {
    json out = json::array();
    for (const auto& d : db::failed_deliveries(tx, limit)) out.push_back(delivery_json(d));
    return json{{"deliveries", out}};
  });
}

}  // namespace corrchess::app
