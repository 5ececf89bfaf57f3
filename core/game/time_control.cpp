#include "core/game/time_control.h"

#include <type_traits>

#include "core/game/overloaded.h"

namespace corrchess::game {
namespace {

// Upper bound on any configured number of days: keeps all second counts far from overflow.
constexpr int kMaxDays = 100000;

Result<void> invalid(std::string detail) {
  return fail(ErrorCode::kValidationError, "time control: " + std::move(detail));
}

bool in_range(int v, int lo) { return v >= lo && v <= kMaxDays; }

std::string plural_days(int n) { return std::to_string(n) + (n == 1 ? " day" : " days"); }

}  // namespace

Result<void> validate(const TimeControl& control) {
  return std::visit(Overloaded{
                        [](const IccfStandard& c) -> Result<void> {
                          if (!in_range(c.moves, 1)) return invalid("moves must be at least 1");
                          if (!in_range(c.days, 1)) return invalid("days must be at least 1");
                          if (c.doubling_after_days && !in_range(*c.doubling_after_days, 0)) {
                            return invalid("doubling threshold must not be negative");
                          }
                          return {};
                        },
                        [](const FischerDays& c) -> Result<void> {
                          if (!in_range(c.initial_days, 1))
                            return invalid("initial days must be at least 1");
                          if (!in_range(c.increment_days, 0))
                            return invalid("increment must not be negative");
                          if (c.max_days && !in_range(*c.max_days, c.initial_days)) {
                            return invalid("maximum must be at least the initial time");
                          }
                          return {};
                        },
                        [](const DaysPerMove& c) -> Result<void> {
                          if (!in_range(c.days, 1))
                            return invalid("days per move must be at least 1");
                          if (c.bank_days && !in_range(*c.bank_days, 0)) {
                            return invalid("bank must not be negative");
                          }
                          return {};
                        },
                        [](const TripleBlock& c) -> Result<void> {
                          if (!in_range(c.increment_days, 0))
                            return invalid("increment must not be negative");
                          if (!in_range(c.bank_days, 0))
                            return invalid("bank must not be negative");
                          return {};
                        },
                    },
                    control);
}

bool allows_leave(const TimeControl& control) {
  return !std::holds_alternative<TripleBlock>(control);
}

bool allows_suspension(const TimeControl& control) {
  return !std::holds_alternative<TripleBlock>(control);
}

bool adjudicates_at_end_date(const TimeControl& control) {
  return !std::holds_alternative<TripleBlock>(control);
}

bool silence_rule_applies(const TimeControl& control) {
  return !std::holds_alternative<TripleBlock>(control);
}

bool has_bank(const TimeControl& control) {
  if (std::holds_alternative<TripleBlock>(control)) return true;
  if (const auto* c = std::get_if<DaysPerMove>(&control)) return c->bank_days.has_value();
  return false;
}

std::string describe(const TimeControl& control) {
  return std::visit(
      Overloaded{
          [](const IccfStandard& c) {
            std::string s = std::to_string(c.moves) + (c.moves == 1 ? " move" : " moves") + " in " +
                            plural_days(c.days);
            if (c.doubling_after_days)
              s += ", doubling after " + plural_days(*c.doubling_after_days);
            return s;
          },
          [](const FischerDays& c) {
            std::string s =
                plural_days(c.initial_days) + " + " + plural_days(c.increment_days) + " per move";
            if (c.max_days) s += ", at most " + plural_days(*c.max_days);
            return s;
          },
          [](const DaysPerMove& c) {
            std::string s = plural_days(c.days) + " per move";
            if (c.bank_days) s += ", bank " + plural_days(*c.bank_days);
            return s;
          },
          [](const TripleBlock& c) {
            std::string s = "Triple Block, increment " + plural_days(c.increment_days) + ", bank " +
                            plural_days(c.bank_days);
            if (c.sudden_death_protection) s += ", sudden-death protection";
            return s;
          },
      },
      control);
}

std::string pgn_time_control(const TimeControl& control) {
  if (const auto* c = std::get_if<IccfStandard>(&control)) {
    return std::to_string(c->moves) + "/" + std::to_string(days(c->days));
  }
  if (const auto* c = std::get_if<FischerDays>(&control)) {
    return std::to_string(days(c->initial_days)) + "+" + std::to_string(days(c->increment_days));
  }
  return "-";
}

}  // namespace corrchess::game
