// JSON request bodies of the API, everything that reads them without a database: the body
// reader (api/json_body), the typed field readers, the rule settings of games, events and
// challenges (api/rule_settings, with db/codec's time control reader), game-event details,
// RFC 3339 instants and the keyword fields (variant, color, ...). Properties: nothing crashes or
// throws; a time control read from JSON writes back to JSON that reads as the same control; an
// instant read from text formats to text that reads as the same instant; a keyword's name reads
// back as itself.
#include <cstddef>
#include <cstdint>
#include <string>

#include "api/json_body.h"
#include "api/rule_settings.h"
#include "core/game/challenge.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "db/codec.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace corrchess;
using fuzz::require;
using nlohmann::json;

void check_time_control(const json& j) {
  auto control = db::time_control_from_json(j);
  if (!control) return;
  auto again = db::time_control_from_json(db::time_control_json(*control));
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
    if (!db::event_detail_from_json(body, event)) continue;
    (void)db::event_detail_json(event);
  }
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
  return 0;
}
