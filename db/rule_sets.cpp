#include "db/rule_sets.h"

#include <utility>
#include <variant>
#include <vector>

#include "db/codec.h"

namespace corrchess::db {

namespace {

std::string array_literal(const std::vector<std::string>& names) {
  // The names are lower-case words (stored enum names), quoted all the same.
  std::string out = "{";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += ',';
    out += '"' + names[i] + '"';
  }
  return out + "}";
}

template <std::size_t... I>
std::vector<std::string> types_where(bool (*holds)(const game::TimeControl&),
                                     std::index_sequence<I...>) {
  std::vector<std::string> names;
  const auto add = [&](const game::TimeControl& kind) {
    if (holds(kind)) names.push_back(time_control_json(kind).at("type").get<std::string>());
  };
  (add(game::TimeControl(std::in_place_index<I>)), ...);
  return names;
}

}  // namespace

std::string status_set(bool (*holds)(game::GameStatus)) {
  std::vector<std::string> names;
  for (const auto status : game::kGameStatuses) {
    if (holds(status)) names.emplace_back(game::to_string(status));
  }
  return array_literal(names);
}

std::string time_control_type_set(bool (*holds)(const game::TimeControl&)) {
  return array_literal(
      types_where(holds, std::make_index_sequence<std::variant_size_v<game::TimeControl>>{}));
}

const std::string& over_statuses() {
  static const std::string set = status_set(game::is_over);
  return set;
}

const std::string& not_over_statuses() {
  static const std::string set =
      status_set([](game::GameStatus status) { return !game::is_over(status); });
  return set;
}

const std::string& in_play_statuses() {
  static const std::string set = status_set(game::is_in_play);
  return set;
}

const std::string& leave_types() {
  static const std::string set = time_control_type_set(game::allows_leave);
  return set;
}

const std::string& end_date_types() {
  static const std::string set = time_control_type_set(game::adjudicates_at_end_date);
  return set;
}

}  // namespace corrchess::db
