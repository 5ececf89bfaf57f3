#include "db/codec.h"

namespace corrchess::db {

namespace {

using nlohmann::json;

Result<int> int_field(const json& j, const char* name, std::optional<int> fallback = {}) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) {
    if (fallback) return *fallback;
    return fail(ErrorCode::kValidationError, std::string("time_control.") + name + " is required");
  }
  if (!it->is_number_integer()) {
    return fail(ErrorCode::kValidationError,
                std::string("time_control.") + name + " must be an integer");
  }
  const auto v = it->get<long long>();
  if (v < 0 || v > 100000) {
    return fail(ErrorCode::kValidationError,
                std::string("time_control.") + name + " is out of range");
  }
  return static_cast<int>(v);
}

Result<std::optional<int>> optional_int_field(const json& j, const char* name) {
  if (!j.contains(name) || j[name].is_null()) return std::optional<int>{};
  auto v = int_field(j, name);
  if (!v) return std::unexpected(v.error());
  return std::optional<int>{*v};
}

}  // namespace

nlohmann::json fields_json(const Fields& fields) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [name, value] : fields) {
    std::visit(
        [&, &name = name](const auto& v) {
          if constexpr (std::is_same_v<std::decay_t<decltype(v)>, Fields>) {
            out[name] = fields_json(v);
          } else {
            out[name] = v;
          }
        },
        value);
  }
  return out;
}

std::string id_array_literal(const std::vector<std::int64_t>& ids) {
  std::string out = "{";
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(ids[i]);
  }
  return out + "}";
}

json time_control_json(const game::TimeControl& control) {
  return std::visit(
      [](const auto& c) -> json {
        using T = std::decay_t<decltype(c)>;
        json j;
        if constexpr (std::is_same_v<T, game::IccfStandard>) {
          j = {{"type", "iccf"}, {"moves", c.moves}, {"days", c.days}};
          if (c.doubling_after_days) j["doubling_after_days"] = *c.doubling_after_days;
        } else if constexpr (std::is_same_v<T, game::FischerDays>) {
          j = {{"type", "fischer"},
               {"initial_days", c.initial_days},
               {"increment_days", c.increment_days}};
          if (c.max_days) j["max_days"] = *c.max_days;
        } else if constexpr (std::is_same_v<T, game::DaysPerMove>) {
          j = {{"type", "per_move"}, {"days", c.days}, {"bank_days", c.bank_days.value_or(0)}};
        } else {
          j = {{"type", "triple_block"},
               {"increment_days", c.increment_days},
               {"bank_days", c.bank_days},
               {"sudden_death_protection", c.sudden_death_protection}};
        }
        return j;
      },
      control);
}

Result<game::TimeControl> time_control_from_json(const json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
    return fail(ErrorCode::kValidationError,
                "time_control must be an object with a type (iccf, fischer, per_move, "
                "triple_block)");
  }
  const auto type = j["type"].get<std::string>();
  game::TimeControl out;
  if (type == "iccf") {
    game::IccfStandard c;
    auto moves = int_field(j, "moves", 10);
    auto days = int_field(j, "days", 50);
    auto doubling = optional_int_field(j, "doubling_after_days");
    if (!moves) return std::unexpected(moves.error());
    if (!days) return std::unexpected(days.error());
    if (!doubling) return std::unexpected(doubling.error());
    c.moves = *moves;
    c.days = *days;
    c.doubling_after_days = *doubling;
    out = c;
  } else if (type == "fischer") {
    game::FischerDays c;
    auto initial = int_field(j, "initial_days");
    auto increment = int_field(j, "increment_days");
    auto max = optional_int_field(j, "max_days");
    if (!initial) return std::unexpected(initial.error());
    if (!increment) return std::unexpected(increment.error());
    if (!max) return std::unexpected(max.error());
    c.initial_days = *initial;
    c.increment_days = *increment;
    c.max_days = *max;
    out = c;
  } else if (type == "per_move") {
    game::DaysPerMove c;
    auto days = int_field(j, "days");
    auto bank = optional_int_field(j, "bank_days");
    if (!days) return std::unexpected(days.error());
    if (!bank) return std::unexpected(bank.error());
    c.days = *days;
    if (*bank && **bank > 0) c.bank_days = *bank;
    out = c;
  } else if (type == "triple_block") {
    game::TripleBlock c;
    auto increment = int_field(j, "increment_days");
    auto bank = int_field(j, "bank_days");
    if (!increment) return std::unexpected(increment.error());
    if (!bank) return std::unexpected(bank.error());
    c.increment_days = *increment;
    c.bank_days = *bank;
    if (j.contains("sudden_death_protection")) {
      if (!j["sudden_death_protection"].is_boolean()) {
        return fail(ErrorCode::kValidationError,
                    "time_control.sudden_death_protection must be true or false");
      }
      c.sudden_death_protection = j["sudden_death_protection"].get<bool>();
    }
    out = c;
  } else {
    return fail(ErrorCode::kValidationError, "unknown time_control.type '" + type + "'");
  }
  if (auto ok = game::validate(out); !ok) return std::unexpected(ok.error());
  return out;
}

json event_detail_json(const game::GameEvent& e) {
  json j = json::object();
  if (e.claim_type) j["claim_type"] = game::to_string(*e.claim_type);
  if (e.intended_move) j["intended_move"] = *e.intended_move;
  if (e.expect) j["expect"] = game::to_string(*e.expect);
  if (e.upheld) j["upheld"] = *e.upheld;
  if (e.evidence) j["evidence"] = *e.evidence;
  if (e.seconds) j["seconds"] = *e.seconds;
  if (e.adjustment) j["adjustment"] = game::to_string(*e.adjustment);
  if (e.result) j["result"] = game::to_string(*e.result);
  if (e.termination) j["termination"] = game::to_string(*e.termination);
  if (!e.reason.empty()) j["reason"] = e.reason;
  if (!e.actor.empty()) j["actor"] = e.actor;
  return j;
}

Result<void> event_detail_from_json(const json& d, game::GameEvent& e) {
  auto text = [&](const char* name) -> std::optional<std::string> {
    if (d.contains(name) && d[name].is_string()) return d[name].get<std::string>();
    return std::nullopt;
  };
  if (auto v = text("claim_type")) {
    auto t = game::parse_claim_type(*v);
    if (!t) return std::unexpected(t.error());
    e.claim_type = *t;
  }
  e.intended_move = text("intended_move");
  if (auto v = text("expect")) {
    auto t = game::parse_claim_expectation(*v);
    if (!t) return std::unexpected(t.error());
    e.expect = *t;
  }
  if (d.contains("upheld") && d["upheld"].is_boolean()) e.upheld = d["upheld"].get<bool>();
  e.evidence = text("evidence");
  if (d.contains("seconds") && d["seconds"].is_number_integer()) {
    e.seconds = d["seconds"].get<game::Seconds>();
  }
  if (auto v = text("adjustment")) {
    auto t = game::parse_adjustment_kind(*v);
    if (!t) return std::unexpected(t.error());
    e.adjustment = *t;
  }
  if (auto v = text("result")) {
    auto t = game::parse_game_result(*v);
    if (!t) return std::unexpected(t.error());
    e.result = *t;
  }
  if (auto v = text("termination")) {
    auto t = game::parse_termination(*v);
    if (!t) return std::unexpected(t.error());
    e.termination = *t;
  }
  e.reason = text("reason").value_or("");
  e.actor = text("actor").value_or("");
  return {};
}

nlohmann::json clock_json(const game::ClockView& c) {
  nlohmann::json j = {
      {"remaining_seconds", c.remaining}, {"running", c.running}, {"on_leave", c.on_leave}};
  if (c.deadline) j["deadline"] = game::format_rfc3339(*c.deadline);
  if (c.bank) j["bank_seconds"] = *c.bank;
  return j;
}

}  // namespace corrchess::db
