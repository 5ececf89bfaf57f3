// JSON request bodies of the API, everything that reads them without a database: the body
// reader (api/json_body), the typed field readers, the rule settings of games, events and
// challenges (api/rule_settings, with model/codec's time control reader), game-event details,
// RFC 3339 instants, the keyword fields (variant, color, ...), the director's event creation
// (parse_event_creation) and the other event bodies (api/event_requests), the rating range and
// event rating terms (api/ratings) and the notification preferences (api/notifications).
// The request types private to their handlers' files are read by the http_request target.
// Properties: nothing crashes or throws; a time control read from JSON writes back to JSON
// that reads as the same control; an instant read from text formats to text that reads as the
// same instant; a keyword's name reads back as itself; rating terms, rating ranges and
// notification preferences written back as the API shows them read back as the same values.
#include <cstddef>
#include <cstdint>
#include <string>

#include "api/event_requests.h"
#include "api/json_body.h"
#include "api/notifications.h"
#include "api/ratings.h"
#include "api/rule_settings.h"
#include "core/game/challenge.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "fuzz/fuzz_support.h"
#include "model/codec.h"

namespace {

using namespace corrchess;
using fuzz::require;
using nlohmann::json;

void check_time_control(const json& j) {
  auto control = model::time_control_from_json(j);
  if (!control) return;
  auto again = model::time_control_from_json(model::time_control_json(*control));
  require(again && *again == *control, "a time control writes back to the same control", j.dump());
}

void check_instant(const std::string& text) {
  auto t = game::parse_rfc3339(text);
  if (!t) return;
  const std::string written = game::format_rfc3339(*t);
  auto again = game::parse_rfc3339(written);
  require(again.has_value(), "a formatted instant reads back", written);
  // format_rfc3339 clamps to years 0000..9999: only instants inside read back exactly.
  const bool clamped =
      written.starts_with("0000-01-01T00:00:00") || written.starts_with("9999-12-31T23:59:59");
  require(clamped || *again == *t, "a formatted instant reads back as the same instant", text);
}

// A keyword read by `parse` names a value whose own name reads back as that value.
template <class Parse>
void check_keyword(std::string_view text, Parse parse) {
  auto value = parse(text);
  if (!value) return;
  auto again = parse(game::to_string(*value));
  require(again && *again == *value, "a keyword's name reads back as the same value", text);
}

void check_keywords(std::string_view text) {
  check_keyword(text, game::parse_variant);
  check_keyword(text, game::parse_game_status);
  check_keyword(text, game::parse_game_result);
  check_keyword(text, game::parse_termination);
  check_keyword(text, game::parse_claim_type);
  check_keyword(text, game::parse_claim_expectation);
  check_keyword(text, game::parse_event_kind);
  check_keyword(text, game::parse_adjustment_kind);
  check_keyword(text, game::parse_challenge_color);
  check_keyword(text, game::parse_challenge_status);
}

void check_fields(const json& body) {
  for (const auto& [key, value] : body.items()) {
    (void)api::required_string(body, key);
    (void)api::optional_string(body, key, 16, api::Text::kMultiline);
    (void)api::optional_bool(body, key);
    (void)api::optional_int(body, key);
    (void)api::optional_int_in(body, key.c_str(), -5, 5);
    (void)api::optional_instant(body, key.c_str());
    if (value.is_string()) {
      check_instant(value.get<std::string>());
      check_keywords(value.get<std::string>());
    }
    // The challenge body's keyword fields (api/challenges), read as the handler does.
    (void)api::optional_keyword(body, key.c_str(), game::parse_challenge_color);
    (void)api::optional_keyword(body, key.c_str(), game::parse_variant);
    if (value.is_object()) check_time_control(value);
  }
}

void check_rule_settings(const json& body) {
  auto settings = api::parse_rule_settings(body);
  if (!settings) return;
  const auto setup = settings->game_setup(game::Timestamp(1'700'000'000));
  if (game::validate_setup(setup)) {
    auto pos = game::initial_position(setup);
    require(pos.has_value(), "a valid setup has an initial position");
  }
}

void check_event_details(const json& body) {
  for (int kind = 0; kind <= static_cast<int>(game::EventKind::kAdjudicationPending); ++kind) {
    game::GameEvent event;
    event.kind = static_cast<game::EventKind>(kind);
    if (!model::event_detail_from_json(body, event)) continue;
    (void)model::event_detail_json(event);
  }
}

bool same_terms(const model::EventRatingTerms& a, const model::EventRatingTerms& b) {
  return a.rated == b.rated && a.min_rating == b.min_rating && a.max_rating == b.max_rating &&
         a.seeding == b.seeding;
}

// The rating fields of events and challenges (api/ratings): what reads writes back (as GET
// /events/{id} shows it) to JSON that reads as the same.
void check_rating_fields(const json& body) {
  if (auto range = api::parse_rating_range(body)) {
    json written = json::object();
    if (range->min_rating) written["min_rating"] = *range->min_rating;
    if (range->max_rating) written["max_rating"] = *range->max_rating;
    auto again = api::parse_rating_range(written);
    require(
        again && again->min_rating == range->min_rating && again->max_rating == range->max_rating,
        "a rating range reads back as itself", body.dump());
  }
  if (auto terms = api::parse_event_rating_terms(body)) {
    const json written = api::event_rating_terms_json(*terms);
    auto again = api::parse_event_rating_terms(written);
    require(again && same_terms(*again, *terms), "rating terms read back as themselves",
            written.dump());
  }
}

// POST /admin/events and the other event bodies (api/event_requests).
void check_event_bodies(const json& body, const api::Request& request) {
  if (auto creation = api::parse_event_creation(body)) {
    // What the event was created with is what its rating terms say.
    auto terms = api::parse_event_rating_terms(body);
    require(terms && same_terms(*terms, creation->rating_terms),
            "an event's rating terms are those of its body", body.dump());
    const auto control =
        model::time_control_from_json(model::time_control_json(creation->settings.time_control));
    require(control && *control == creation->settings.time_control,
            "an event's time control writes back to itself", body.dump());
  }
  (void)api::EventPlayerBody::from_json(body, request);
  (void)api::WithdrawBody::from_json(body, request);
  (void)api::ReplaceBody::from_json(body, request);
  (void)api::ClaimFilingBody::from_json(body, request);
}

// PUT /me/notifications: preferences read, shown as GET /me/notifications shows them and read
// again are the same preferences.
void check_preferences(const json& body) {
  auto prefs = api::parse_preferences(body);
  if (!prefs) return;
  app::NotificationPreferences stored;
  stored.prefs = *prefs;
  const json shown = api::preferences_json(stored);
  auto again = api::parse_preferences(shown);
  require(again.has_value(), "shown preferences read back", shown.dump());
  for (const auto channel : notify::kAllChannels) {
    for (const auto kind : notify::kAllKinds) {
      require(notify::wants(*again, kind, channel) == notify::wants(*prefs, kind, channel),
              "the same kinds on the same channels", shown.dump());
    }
  }
  require(again->reminder_offsets == prefs->reminder_offsets, "the same reminders", shown.dump());
  require(again->digest_hour == prefs->digest_hour, "the same digest hour", shown.dump());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  api::Request request;
  request.method = "POST";
  request.headers["content-type"] = "application/json";
  request.body = std::string(fuzz::as_text(data, size));
  auto body = api::json_object_body(request, true);
  if (!body) return 0;
  check_fields(*body);
  check_rule_settings(*body);
  check_time_control(*body);
  check_event_details(*body);
  check_rating_fields(*body);
  check_event_bodies(*body, request);
  check_preferences(*body);
  return 0;
}
