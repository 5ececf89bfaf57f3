#include "model/challenges.h"

#include "core/game/time.h"
#include "model/codec.h"

namespace corrchess::model {

namespace {

nlohmann::json challenge_user_json(const User& u) {
  return {{"id", std::to_string(u.id)}, {"username", u.username}, {"display_name", u.display_name}};
}

}  // namespace

nlohmann::json challenge_json(const StoredChallenge& c, game::ChallengeStatus status) {
  nlohmann::json j = {
      {"id", std::to_string(c.id)},
      {"challenger", challenge_user_json(c.challenger)},
      {"opponent", c.opponent ? challenge_user_json(*c.opponent) : nlohmann::json()},
      {"open", c.open_to_anyone},
      {"status", game::to_string(status)},
      {"color", game::to_string(c.color)},
      {"variant", game::to_string(c.setup.variant)},
      {"time_control", time_control_json(c.setup.time_control)},
      {"draw_min_moves", c.setup.rules.no_draw_before_move},
      {"ten_moves_rule", c.setup.rules.ten_moves_rule},
      {"silence_rule", c.setup.rules.silence_rule},
      {"messages_allowed", c.setup.rules.messages_allowed},
      {"rated", c.rated},
      {"created_at", game::format_rfc3339(c.created_at)},
      {"expires_at", game::format_rfc3339(c.expires_at)}};
  if (c.setup.start_position) j["start_position"] = *c.setup.start_position;
  if (c.open_to_anyone) {
    j["min_finished_games"] = c.min_finished_games;
    j["min_rating"] = c.min_rating ? nlohmann::json(*c.min_rating) : nlohmann::json();
    j["max_rating"] = c.max_rating ? nlohmann::json(*c.max_rating) : nlohmann::json();
  }
  if (c.message) j["message"] = *c.message;
  if (c.rematch_of) j["rematch_of"] = std::to_string(*c.rematch_of);
  if (c.decided_at) j["decided_at"] = game::format_rfc3339(*c.decided_at);
  if (c.decided_by) j["decided_by"] = *c.decided_by;
  if (c.reason) j["reason"] = *c.reason;
  if (c.game_id) j["game_id"] = std::to_string(*c.game_id);
  return j;
}

}  // namespace corrchess::model
