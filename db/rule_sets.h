// Core rules as sets of stored names: a query that filters by "game is over" or "time control
// allows leave" takes the set the core predicate holds for as a text[] parameter
// (`status = ANY($n::text[])`), so the rule itself lives in core/ alone and never again in
// SQL text. The sets are PostgreSQL array literals, e.g. {"finished","annulled"}.
#pragma once

#include <string>
#include <string_view>

#include "core/game/facts.h"
#include "core/game/time_control.h"

namespace corrchess::db {

// The stored status names (games.status) of the statuses for which `holds` is true, in
// declaration order.
std::string status_set(bool (*holds)(game::GameStatus));
// The stored time-control types (the "type" member of games.time_control and
// events.time_control) of the kinds for which `holds` is true. `holds` must depend on the
// kind alone (each kind is asked with its default numbers).
std::string time_control_type_set(bool (*holds)(const game::TimeControl&));

// The sets the repositories use, computed once.
const std::string& over_statuses();      // game::is_over
const std::string& not_over_statuses();  // not game::is_over
const std::string& in_play_statuses();   // game::is_in_play
const std::string& leave_types();        // game::allows_leave
const std::string& end_date_types();     // game::adjudicates_at_end_date

// game::is_in_play as a literal condition on games.status, for the queries that must use the
// partial index games_deadline_idx (migrations/0003_games.sql): an index predicate cannot be
// a parameter, and the planner proves it only from the same literal. tests/db
// rule_sets_pgtest checks that this condition, and the index's own predicate, select exactly
// in_play_statuses().
inline constexpr std::string_view kInPlayCondition = "status IN ('not_started', 'ongoing')";

}  // namespace corrchess::db
