#include "model/evidence_codec.h"

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace corrchess::model {

namespace {

using nlohmann::json;

// The value of `E` named `name` (game::to_string of one of `values`).
template <class E, std::size_t N>
std::optional<E> value_named(const std::array<E, N>& values, const std::string& name) {
  for (const auto v : values) {
    if (game::to_string(v) == name) return v;
  }
  return std::nullopt;
}

constexpr std::array kTablebaseStatuses{game::TablebaseStatus::kTooManyMen,
                                        game::TablebaseStatus::kUnavailable,
                                        game::TablebaseStatus::kProbed};
constexpr std::array kWinnabilities{chess::Winnability::kWinnable, chess::Winnability::kUnwinnable,
                                    chess::Winnability::kUndetermined};
constexpr std::array kWdls{game::Wdl::kLoss, game::Wdl::kBlessedLoss, game::Wdl::kDraw,
                           game::Wdl::kCursedWin, game::Wdl::kWin};

// The value of `E` named by the string `j`; throws (json::exception or std::invalid_argument)
// for anything else.
template <class E, std::size_t N>
E enum_of(const std::array<E, N>& values, const json& j) {
  auto v = value_named(values, j.get<std::string>());
  if (!v) throw std::invalid_argument("unknown name " + j.dump());
  return *v;
}

game::PositionEvidence read_evidence(const json& j) {
  game::PositionEvidence e;
  e.men = j.at("men").get<int>();
  auto to_move = game::parse_color(j.at("to_move").get<std::string>());
  if (!to_move) throw std::invalid_argument("to_move");
  e.to_move = *to_move;
  const auto& tablebase = j.at("tablebase");
  e.tablebase = enum_of(kTablebaseStatuses, tablebase.at("status"));
  if (!tablebase.at("wdl").is_null()) e.wdl = enum_of(kWdls, tablebase.at("wdl"));
  if (!tablebase.at("dtz").is_null()) e.dtz = tablebase.at("dtz").get<int>();
  const auto& dead = j.at("dead_position");
  e.can_win = {enum_of(kWinnabilities, dead.at("white")),
               enum_of(kWinnabilities, dead.at("black"))};
  const auto& repetition = j.at("repetition");
  e.repetitions = repetition.at("count").get<int>();
  e.repeated_at = repetition.at("plies").get<std::vector<int>>();
  e.threefold_claimable = repetition.at("threefold_claimable").get<bool>();
  e.halfmove_clock = j.at("fifty_moves").at("halfmove_clock").get<int>();
  e.fifty_moves_claimable = j.at("fifty_moves").at("claimable").get<bool>();
  if (const auto& s = j.at("suggestion"); !s.is_null()) {
    auto result = game::parse_game_result(s.at("result").get<std::string>());
    if (!result) throw std::invalid_argument("suggestion.result");
    e.suggestion = game::SuggestedDecision{*result, s.at("basis").get<std::string>(),
                                           s.at("reason").get<std::string>()};
  }
  return e;
}

game::LineCheck read_line(const json& j) {
  game::LineCheck l;
  l.given = true;
  l.legal = j.at("legal").get<bool>();
  l.moves = j.at("moves").get<std::vector<std::string>>();
  l.text = j.at("text").get<std::string>();
  if (!j.at("illegal_move").is_null()) l.illegal_move = j.at("illegal_move").get<std::string>();
  if (!j.at("detail").is_null()) l.detail = j.at("detail").get<std::string>();
  if (!j.at("ends").is_null()) l.ends = j.at("ends").get<std::string>();
  l.repetitions = j.at("repetitions").get<int>();
  return l;
}

// What `read` makes of `j`, or kValidationError naming `what`.
template <class Read>
auto read_or_fail(const json& j, const char* what, Read read) -> Result<decltype(read(j))> {
  try {
    return read(j);
  } catch (const std::exception& e) {
    return fail(ErrorCode::kValidationError, std::string("not ") + what + ": " + e.what());
  }
}

}  // namespace

json evidence_json(const game::PositionEvidence& e) {
  json tablebase = {{"status", game::to_string(e.tablebase)},
                    {"wdl", e.wdl ? json(game::to_string(*e.wdl)) : json()},
                    {"dtz", e.dtz ? json(*e.dtz) : json()}};
  const auto white = e.can_win[0];
  const auto black = e.can_win[1];
  json dead = {{"white", game::to_string(white)},
               {"black", game::to_string(black)},
               {"dead", white == chess::Winnability::kUnwinnable &&
                            black == chess::Winnability::kUnwinnable}};
  json suggestion;
  if (e.suggestion) {
    suggestion = {{"result", game::to_string(e.suggestion->result)},
                  {"basis", e.suggestion->basis},
                  {"reason", e.suggestion->reason}};
  }
  return {{"men", e.men},
          {"to_move", game::color_name(e.to_move)},
          {"tablebase", std::move(tablebase)},
          {"dead_position", std::move(dead)},
          {"repetition",
           {{"count", e.repetitions},
            {"plies", e.repeated_at},
            {"threefold_claimable", e.threefold_claimable}}},
          {"fifty_moves",
           {{"halfmove_clock", e.halfmove_clock}, {"claimable", e.fifty_moves_claimable}}},
          {"suggestion", std::move(suggestion)}};
}

Result<game::PositionEvidence> evidence_from_json(const json& j) {
  return read_or_fail(j, "evidence", read_evidence);
}

json line_json(const game::LineCheck& l) {
  return {{"legal", l.legal},
          {"moves", l.moves},
          {"text", l.text},
          {"illegal_move", l.illegal_move ? json(*l.illegal_move) : json()},
          {"detail", l.detail.empty() ? json() : json(l.detail)},
          {"ends", l.ends.empty() ? json() : json(l.ends)},
          {"repetitions", l.repetitions}};
}

Result<game::LineCheck> line_from_json(const json& j) {
  return read_or_fail(j, "a line", read_line);
}

}  // namespace corrchess::model
