// The rule settings a single game (POST /admin/games) and an event (POST /admin/events)
// share, read from a request body by one parser with one set of bounds: variant, Chess960
// start position, time control, draw-offer limits (rules.md §3.2), silence rule (§4.6),
// messages (§2.4) and the start instant (§4.9). Every failure is a validation_error naming
// the field.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/json_body.h"
#include "api/route_doc.h"
#include "core/error.h"
#include "core/game/facts.h"

namespace corrchess::api {

// Scharnagl numbers of the Chess960 start arrays (rules.md §1.3).
inline constexpr int kMinStartPosition = 0;
inline constexpr int kMaxStartPosition = 959;
// draw_min_moves: no agreed draw before this move number (rules.md §3.2; default 0 = no
// limit). The rules fix no maximum; a limit past any real game keeps the number sane.
inline constexpr int kMaxDrawMinMoves = 1000;

struct RuleSettings {
  game::Variant variant = game::Variant::kStandard;
  std::optional<int> start_position;  // only with Chess960
  game::TimeControl time_control;
  game::EventRules rules;
  std::optional<game::Timestamp> start_at;  // absent: the caller's "now"

  // The setup of a game under these settings (no initial FEN), starting at `start_at` when
  // the settings name no start.
  game::GameSetup game_setup(game::Timestamp start_at_default) const;
};

// The fields `variant` (standard | chess960), `start_position` (0..959, chess960 only),
// `time_control` (required), `draw_min_moves` (0..1000), `ten_moves_rule`, `silence_rule`,
// `messages_allowed` (booleans) and `start_at` (RFC 3339) of `body`; absent or null fields
// keep their defaults.
Result<RuleSettings> parse_rule_settings(const nlohmann::json& body);

// The documentation of a body: `fields` followed by the rule settings above, the Chess960
// start position described as defaulting to `start_position_default`.
std::vector<FieldDoc> with_rule_settings(std::vector<FieldDoc> fields,
                                         const std::string& start_position_default);
// The body fields of a competition whose games start by themselves (a series' sections, a
// championship's stages, a cup's matches): `fields` and the rule settings above without
// start_position and start_at, which those competitions refuse (a Chess960 section or match
// draws its own position; its games start when its players are there). The document lists
// what is accepted.
std::vector<FieldDoc> with_competition_rule_settings(std::vector<FieldDoc> fields);
// A time control of the document's examples: {type: iccf, moves: 10, days: 50}.
nlohmann::json time_control_example();

// An optional integer field within lo..hi.
Result<std::optional<int>> optional_int_in(const nlohmann::json& body, const char* field, int lo,
                                           int hi);
// An optional keyword field (a string of at most 16 bytes) read by `parse`, which takes a
// std::string_view and returns a Result.
template <class Parse>
auto optional_keyword(const nlohmann::json& body, const char* field, Parse parse)
    -> Result<std::optional<typename std::invoke_result_t<Parse, std::string_view>::value_type>> {
  using Value = typename std::invoke_result_t<Parse, std::string_view>::value_type;
  TRY_LET(text, optional_string(body, field, 16));
  if (!*text) return std::optional<Value>{};
  TRY_LET(value, parse(**text));
  return std::optional<Value>{std::move(*value)};
}
// An optional RFC 3339 date-time field.
Result<std::optional<game::Timestamp>> optional_instant(const nlohmann::json& body,
                                                        const char* field);

}  // namespace corrchess::api
