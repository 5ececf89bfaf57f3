// JSON forms of core values shared by storage (db/) and the HTTP API (api/): time controls
// in the api.md shape ({type:"iccf", moves, days, doubling_after_days?} ...), clocks, and
// game-event details (the optional fields of a GameEvent); typed objects (Fields) for stored
// JSON the layers above describe.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/game.h"
#include "core/game/time_control.h"

namespace corrchess::model {

// A JSON object described without a JSON library, for the layers above db/ that have one
// stored (audit details, the settings of a rating list): members in order, each null, a
// flag, an integer, a number, a text, a list of texts or an object of its own.
struct Field;
using Fields = std::vector<Field>;
using FieldValue = std::variant<std::nullptr_t, bool, std::int64_t, double, std::string,
                                std::vector<std::string>, Fields>;
struct Field {
  std::string name;
  FieldValue value;
};
// The JSON object of `fields`.
nlohmann::json fields_json(const Fields& fields);

nlohmann::json time_control_json(const game::TimeControl& control);
// Reads and validates a time control object; kValidationError naming the bad field.
Result<game::TimeControl> time_control_from_json(const nlohmann::json& json);

// A clock as games and live messages show it: remaining_seconds, running, on_leave, and
// deadline (RFC 3339) and bank_seconds when there are.
nlohmann::json clock_json(const game::ClockView& clock);

// The kind-specific fields of an event as a JSON object (claim, seconds, result, ...).
nlohmann::json event_detail_json(const game::GameEvent& event);
// Fills the kind-specific fields of `event` from a detail object.
Result<void> event_detail_from_json(const nlohmann::json& detail, game::GameEvent& event);

}  // namespace corrchess::model
