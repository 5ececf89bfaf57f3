#include "db/section_terms.h"

#include <nlohmann/json.hpp>

#include "db/codec.h"
#include "db/rows.h"

namespace corrchess::db {

Result<SectionTerms> section_terms_from_row(const pqxx::row& row, int first) {
  const auto at = [&](int k) { return row[first + k]; };
  SectionTerms t;
  TRY_LET(variant, game::parse_variant(at(0).as<std::string>()));
  t.variant = *variant;
  t.allow_518 = at(1).as<bool>();
  TRY_LET(control, time_control_from_json(nlohmann::json::parse(at(2).as<std::string>())));
  t.time_control = *control;
  t.leave_days_per_year = at(3).as<int>();
  t.rules.no_draw_before_move = at(4).as<int>();
  t.rules.ten_moves_rule = at(5).as<bool>();
  t.rules.silence_rule = at(6).as<bool>();
  t.rules.messages_allowed = at(7).as<bool>();
  t.double_round = at(8).as<bool>();
  t.rated = at(9).as<bool>();
  t.section_days = optional_int(at(10));
  t.auto_adjudicate = at(11).as<bool>();
  return t;
}

}  // namespace corrchess::db
