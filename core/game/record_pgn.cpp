#include "core/game/record_pgn.h"

#include <cstdio>

#include "core/chess/notation.h"
#include "core/game/clock.h"
#include "core/game/time_control.h"

namespace corrchess::game {

Result<chess::PgnGame> record_pgn(std::int64_t game_id, std::optional<std::int64_t> event_id,
                                  const GameSetup& setup, const GameState& s,
                                  const PgnPlayers& players, PgnTalk talk) {
  chess::PgnGame out;
  out.start = s.initial;
  const auto start_date = utc_date(setup.start_at);
  char date[16];
  std::snprintf(date, sizeof date, "%04d.%02d.%02d", start_date.year, start_date.month,
                start_date.day);
  std::string result = "*";
  if (s.result && *s.result != GameResult::kDoubleDefault)
    result = std::string(to_string(*s.result));
  out.set_tag("Event", event_id ? "corrchess event " + std::to_string(*event_id)
                                : "corrchess game " + std::to_string(game_id));
  out.set_tag("Site", "corrchess");
  out.set_tag("Date", date);
  out.set_tag("Round", "-");
  out.set_tag("White", players.white_name);
  out.set_tag("Black", players.black_name);
  out.set_tag("Result", result);
  out.set_tag("WhiteUsername", players.white_username);
  out.set_tag("BlackUsername", players.black_username);
  if (!players.white_title.empty()) out.set_tag("WhiteTitle", players.white_title);
  if (!players.black_title.empty()) out.set_tag("BlackTitle", players.black_title);
  out.set_tag("TimeControl", pgn_time_control(setup.time_control));
  if (s.termination) out.set_tag("Termination", std::string(to_string(*s.termination)));
  if (setup.start_position) out.set_tag("Chess960", std::to_string(*setup.start_position));
  out.result = result;
  if (s.full_views_from != 0) {
    return fail(ErrorCode::kInternal, "a game's record needs every move, not a snapshot's");
  }
  chess::Position pos = s.initial;
  for (const auto& m : s.moves) {
    auto move = chess::parse_uci(pos, m.uci);
    if (!move) return fail(ErrorCode::kInternal, "stored move unreadable");
    chess::PgnMove pm;
    pm.move = *move;
    if (const MoveClockRecord* rec = s.clock.record_of(m.ply)) {
      pm.comment = "[%clk " + format_pgn_clock(rec->clock_after) + "] ";
    }
    pm.comment += "[%timestamp " + format_rfc3339(m.at) + "]";
    if (talk == PgnTalk::kMessages) {
      if (m.offer_draw) pm.comment += " draw offered.";
      if (m.message && !m.message->empty()) pm.comment += " message: " + *m.message;
    }
    out.moves.push_back(std::move(pm));
    pos.play(*move);
  }
  return out;
}

}  // namespace corrchess::game
