#include "model/events.h"

#include "core/game/time_control.h"

namespace corrchess::model {

using game::Timestamp;

std::string_view to_string(Visibility v) {
  switch (v) {
    case Visibility::kLive: return "live";
    case Visibility::kDelayed: return "delayed";
    case Visibility::kAfterEnd: return "after_end";
  }
  return "live";
}

Result<Visibility> parse_visibility(std::string_view text) {
  if (text == "live") return Visibility::kLive;
  if (text == "delayed") return Visibility::kDelayed;
  if (text == "after_end") return Visibility::kAfterEnd;
  return fail(ErrorCode::kValidationError,
              "visibility must be live, delayed or after_end, not '" + std::string(text) + "'");
}

std::optional<Timestamp> StoredEvent::adjudication_at() const {
  if (!game::adjudicates_at_end_date(settings.time_control)) return std::nullopt;
  return settings.end_at;
}

game::GameSetup event_game_setup(const model::EventSettings& s, Timestamp start_at) {
  game::GameSetup setup;
  setup.variant = s.variant;
  setup.start_position = s.start_position;
  setup.initial_fen = s.initial_fen;
  setup.time_control = s.time_control;
  setup.start_at = start_at;
  setup.rules = s.rules;
  return setup;
}

}  // namespace corrchess::model
