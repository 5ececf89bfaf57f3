// The sets db/ passes to queries in place of core rules (db/rule_sets.h), checked by
// PostgreSQL itself: each set holds exactly the stored names the core predicate holds for, and
// the one condition kept literal for a partial index selects the same statuses as the index's
// own predicate and as game::is_in_play.
#include <gtest/gtest.h>

#include <pqxx/pqxx>
#include <string>
#include <variant>
#include <vector>

#include "core/game/facts.h"
#include "core/game/time_control.h"
#include "db/rule_sets.h"
#include "model/codec.h"
#include "tests/support/repository_test.h"

namespace corrchess {
namespace {

using game::GameStatus;

std::vector<std::string> all_status_names() {
  std::vector<std::string> out;
  for (const auto s : game::kGameStatuses) out.emplace_back(game::to_string(s));
  return out;
}

std::vector<std::string> names_where(bool (*holds)(GameStatus)) {
  std::vector<std::string> out;
  for (const auto s : game::kGameStatuses) {
    if (holds(s)) out.emplace_back(game::to_string(s));
  }
  return out;
}

std::string array_of(const std::vector<std::string>& names) {
  std::string out = "{";
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? "," : "") + names[i];
  return out + "}";
}

// The statuses among every status that `condition` (SQL on a column named status, and
// next_deadline for index predicates) lets through, in declaration order.
std::vector<std::string> selected_by(pqxx::work& tx, const std::string& condition) {
  std::vector<std::string> out;
  for (const auto& row :
       tx.exec_params("SELECT status FROM (SELECT status, ord, now() AS next_deadline FROM "
                      "unnest($1::text[]) WITH ORDINALITY AS t(status, ord)) s WHERE " +
                          condition + " ORDER BY ord",
                      array_of(all_status_names()))) {
    out.push_back(row[0].as<std::string>());
  }
  return out;
}

using RuleSets = testing::RepositoryTest;

TEST_F(RuleSets, StatusSetsHoldExactlyTheStatusesOfTheirPredicate) {
  pqxx::work tx(*conn_);
  EXPECT_EQ(selected_by(tx, "status = ANY('" + db::over_statuses() + "'::text[])"),
            (std::vector<std::string>{"finished", "annulled"}));
  EXPECT_EQ(selected_by(tx, "status = ANY('" + db::over_statuses() + "'::text[])"),
            names_where(game::is_over));
  EXPECT_EQ(selected_by(tx, "status = ANY('" + db::not_over_statuses() + "'::text[])"),
            (std::vector<std::string>{"not_started", "ongoing", "adjudication_pending"}));
  EXPECT_EQ(selected_by(tx, "status = ANY('" + db::in_play_statuses() + "'::text[])"),
            names_where(game::is_in_play));
}

TEST_F(RuleSets, InPlayConditionKeptLiteralSelectsTheInPlayStatuses) {
  pqxx::work tx(*conn_);
  EXPECT_EQ(selected_by(tx, std::string(db::kInPlayCondition)), names_where(game::is_in_play));
  EXPECT_EQ(names_where(game::is_in_play), (std::vector<std::string>{"not_started", "ongoing"}));
}

TEST_F(RuleSets, DeadlineIndexPredicateSelectsTheInPlayStatuses) {
  pqxx::work tx(*conn_);
  const auto r = tx.exec(
      "SELECT pg_get_expr(i.indpred, i.indrelid) FROM pg_index i JOIN pg_class c ON c.oid = "
      "i.indexrelid WHERE c.relname = 'games_deadline_idx'");
  ASSERT_EQ(r.size(), 1u);
  ASSERT_FALSE(r[0][0].is_null()) << "games_deadline_idx is no longer a partial index";
  const std::string predicate = r[0][0].as<std::string>();
  EXPECT_EQ(selected_by(tx, predicate), names_where(game::is_in_play)) << predicate;
}

TEST_F(RuleSets, DeadlineQueriesWithTheLiteralConditionCanUseThePartialIndex) {
  pqxx::work tx(*conn_);
  tx.exec("SET LOCAL enable_seqscan = off");
  std::string plan;
  for (const auto& row :
       tx.exec("EXPLAIN SELECT min(next_deadline) FROM games WHERE next_deadline IS NOT NULL AND " +
               std::string(db::kInPlayCondition))) {
    plan += row[0].as<std::string>() + "\n";
  }
  EXPECT_NE(plan.find("games_deadline_idx"), std::string::npos) << plan;
}

template <std::size_t... I>
void expect_type_sets(pqxx::work& tx, std::index_sequence<I...>) {
  const auto check = [&](const game::TimeControl& kind) {
    const std::string json = model::time_control_json(kind).dump();
    const auto row = tx.exec_params1(
        "SELECT ($1::jsonb ->> 'type') = ANY($2::text[]), ($1::jsonb ->> 'type') = "
        "ANY($3::text[])",
        json, db::leave_types(), db::end_date_types());
    EXPECT_EQ(row[0].as<bool>(), game::allows_leave(kind)) << json;
    EXPECT_EQ(row[1].as<bool>(), game::adjudicates_at_end_date(kind)) << json;
  };
  (check(game::TimeControl(std::in_place_index<I>)), ...);
}

TEST_F(RuleSets, TimeControlTypeSetsHoldExactlyTheKindsOfTheirTrait) {
  pqxx::work tx(*conn_);
  expect_type_sets(tx, std::make_index_sequence<std::variant_size_v<game::TimeControl>>{});
  // Numbers do not matter: a Triple Block with other numbers is still outside both sets.
  const game::TimeControl triple = game::TripleBlock{.increment_days = 2, .bank_days = 10};
  EXPECT_FALSE(tx.exec_params1("SELECT ($1::jsonb ->> 'type') = ANY($2::text[])",
                               model::time_control_json(triple).dump(), db::leave_types())[0]
                   .as<bool>());
  EXPECT_EQ(db::leave_types(), R"({"iccf","fischer","per_move"})");
}

}  // namespace
}  // namespace corrchess
