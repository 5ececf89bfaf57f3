#include "db/notification_prefs.h"

#include <algorithm>

namespace corrchess::db {

namespace {

std::string text_array_literal(const std::vector<std::string>& items) {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += (i > 0 ? ",\"" : "\"") + items[i] + "\"";  // names are [a-z_:] only
  }
  return out + "}";
}

template <class T>
std::vector<T> parse_array(const pqxx::field& field) {
  std::vector<T> out;
  auto parser = field.as_array();
  for (auto [kind, text] = parser.get_next(); kind != pqxx::array_parser::done;
       std::tie(kind, text) = parser.get_next()) {
    if (kind != pqxx::array_parser::string_value) continue;
    if constexpr (std::is_same_v<T, std::string>) {
      out.push_back(text);
    } else {
      out.push_back(static_cast<T>(std::stoll(text)));
    }
  }
  return out;
}

std::string pair_name(notify::Kind kind, notify::Channel channel) {
  return std::string(notify::to_string(kind)) + ":" + std::string(notify::to_string(channel));
}

}  // namespace

notify::Preferences load_preferences(pqxx::work& tx, std::int64_t user_id) {
  notify::Preferences prefs;
  const auto r = tx.exec_params(
      "SELECT disabled, reminder_offsets, digest_hour FROM notification_prefs WHERE user_id = $1",
      user_id);
  if (r.empty()) return prefs;
  for (const auto& name : parse_array<std::string>(r[0][0])) {
    const auto colon = name.find(':');
    if (colon == std::string::npos) continue;
    const auto kind = notify::parse_kind(name.substr(0, colon));
    const auto channel = notify::parse_channel(name.substr(colon + 1));
    if (kind && channel) prefs.disabled.emplace_back(*kind, *channel);
  }
  prefs.reminder_offsets = parse_array<game::Seconds>(r[0][1]);
  if (!r[0][2].is_null()) prefs.digest_hour = r[0][2].as<int>();
  return prefs;
}

void save_preferences(pqxx::work& tx, std::int64_t user_id, const notify::Preferences& prefs) {
  std::vector<std::string> disabled;
  for (const auto& [kind, channel] : prefs.disabled) disabled.push_back(pair_name(kind, channel));
  std::string offsets = "{";
  for (std::size_t i = 0; i < prefs.reminder_offsets.size(); ++i) {
    if (i > 0) offsets += ',';
    offsets += std::to_string(prefs.reminder_offsets[i]);
  }
  offsets += "}";
  tx.exec_params(
      "INSERT INTO notification_prefs (user_id, disabled, reminder_offsets, digest_hour) "
      "VALUES ($1, $2::text[], $3::integer[], $4) ON CONFLICT (user_id) DO UPDATE SET "
      "disabled = EXCLUDED.disabled, reminder_offsets = EXCLUDED.reminder_offsets, "
      "digest_hour = EXCLUDED.digest_hour",
      user_id, text_array_literal(disabled), offsets, prefs.digest_hour);
}

void disable_notification(pqxx::work& tx, std::int64_t user_id, notify::Kind kind,
                          notify::Channel channel) {
  tx.exec_params(
      "INSERT INTO notification_prefs (user_id, disabled) VALUES ($1, ARRAY[$2::text]) "
      "ON CONFLICT (user_id) DO UPDATE SET disabled = CASE WHEN $2::text = ANY "
      "(notification_prefs.disabled) THEN notification_prefs.disabled "
      "ELSE notification_prefs.disabled || $2::text END",
      user_id, pair_name(kind, channel));
}

std::string notification_secret(pqxx::work& tx, const std::string& fresh) {
  tx.exec_params(
      "INSERT INTO notification_secret (id, secret) VALUES (true, $1) ON CONFLICT DO NOTHING",
      pqxx::binarystring(fresh));
  const auto r = tx.exec("SELECT secret FROM notification_secret");
  return pqxx::binarystring(r[0][0]).str();
}

}  // namespace corrchess::db
