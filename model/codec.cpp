#include "model/codec.h"

#include "model/json_text.h"

namespace corrchess::model {

namespace {

using nlohmann::json;

// Reads the fields of a time control object one after the other and keeps the first failure,
// so the error names the first bad field as a chain of early returns would; once a read
// failed, later reads return empty values.
class TimeControlFields {
 public:
  // `j` must outlive the reader.
  explicit TimeControlFields(const json& j) : j_(j) {}

  // A whole number 0..100000; `fallback` when absent or null, else required.
  int integer(const char* name, std::optional<int> fallback = {}) {
    if (error_) return 0;
    auto it = j_.find(name);
    if (it == j_.end() || it->is_null()) {
      if (fallback) return *fallback;
      return failed(name, " is required");
    }
    if (!it->is_number_integer()) return failed(name, " must be an integer");
    const auto v = it->get<long long>();
    if (v < 0 || v > 100000) return failed(name, " is out of range");
    return static_cast<int>(v);
  }
  // The same, or nullopt when absent or null.
  std::optional<int> optional_integer(const char* name) {
    if (!j_.contains(name) || j_[name].is_null()) return std::nullopt;
    return integer(name);
  }
  // true or false; nullopt when absent.
  std::optional<bool> flag(const char* name) {
    if (error_ || !j_.contains(name)) return std::nullopt;
    if (!j_[name].is_boolean()) {
      failed(name, " must be true or false");
      return std::nullopt;
    }
    return j_[name].get<bool>();
  }

  // The first failure, if any.
  const std::optional<Error>& error() const { return error_; }

 private:
  int failed(const char* name, const char* what) {
    error_ = Error{ErrorCode::kValidationError, std::string("time_control.") + name + what};
    return 0;
  }

  const json& j_;
  std::optional<Error> error_;
};

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

json time_control_json(const game::TimeControl& control) {
  JsonText text;
  write_time_control(text, control);
  return json::parse(text.take());
}

Result<game::TimeControl> time_control_from_json(const json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
    return fail(ErrorCode::kValidationError,
                "time_control must be an object with a type (iccf, fischer, per_move, "
                "triple_block)");
  }
  const auto type = j["type"].get<std::string>();
  game::TimeControl out;
  TimeControlFields in(j);
  if (type == "iccf") {
    game::IccfStandard c;
    c.moves = in.integer("moves", 10);
    c.days = in.integer("days", 50);
    c.doubling_after_days = in.optional_integer("doubling_after_days");
    out = c;
  } else if (type == "fischer") {
    game::FischerDays c;
    c.initial_days = in.integer("initial_days");
    c.increment_days = in.integer("increment_days");
    c.max_days = in.optional_integer("max_days");
    out = c;
  } else if (type == "per_move") {
    game::DaysPerMove c;
    c.days = in.integer("days");
    if (const auto bank = in.optional_integer("bank_days"); bank && *bank > 0) c.bank_days = bank;
    out = c;
  } else if (type == "triple_block") {
    game::TripleBlock c;
    c.increment_days = in.integer("increment_days");
    c.bank_days = in.integer("bank_days");
    c.sudden_death_protection =
        in.flag("sudden_death_protection").value_or(c.sudden_death_protection);
    out = c;
  } else {
    return fail(ErrorCode::kValidationError, "unknown time_control.type '" + type + "'");
  }
  if (in.error()) return std::unexpected(*in.error());
  TRY(game::validate(out));
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
    TRY_LET(t, game::parse_claim_type(*v));
    e.claim_type = *t;
  }
  e.intended_move = text("intended_move");
  if (auto v = text("expect")) {
    TRY_LET(t, game::parse_claim_expectation(*v));
    e.expect = *t;
  }
  if (d.contains("upheld") && d["upheld"].is_boolean()) e.upheld = d["upheld"].get<bool>();
  e.evidence = text("evidence");
  if (d.contains("seconds") && d["seconds"].is_number_integer()) {
    e.seconds = d["seconds"].get<game::Seconds>();
  }
  if (auto v = text("adjustment")) {
    TRY_LET(t, game::parse_adjustment_kind(*v));
    e.adjustment = *t;
  }
  if (auto v = text("result")) {
    TRY_LET(t, game::parse_game_result(*v));
    e.result = *t;
  }
  if (auto v = text("termination")) {
    TRY_LET(t, game::parse_termination(*v));
    e.termination = *t;
  }
  e.reason = text("reason").value_or("");
  e.actor = text("actor").value_or("");
  return {};
}

nlohmann::json clock_json(const game::ClockView& c) {
  JsonText text;
  write_clock(text, c);
  return json::parse(text.take());
}

}  // namespace corrchess::model
