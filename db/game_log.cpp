#include "db/game_log.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>

namespace corrchess::db {

using game::Timestamp;

// The move log entry of a move (migrations/0015_game_snapshots.sql): its instant and flags.
std::string move_log_entry(const game::MoveFact& m) {
  const int flags =
      (m.played_as_conditional ? 1 : 0) + (m.use_40_plus_days ? 2 : 0) + (m.offer_draw ? 4 : 0);
  return std::to_string(m.at.unix_seconds()) + "." + std::to_string(flags);
}

// The move log entries of `moves`, separated by spaces.
std::string move_log_entries(const std::vector<game::MoveFact>& moves) {
  std::string entries;
  for (const auto& m : moves) {
    if (!entries.empty()) entries += ' ';
    entries += move_log_entry(m);
  }
  return entries;
}

// The snapshot_clocks column of `window` (migrations/0019_snapshot_clocks.sql): '' without
// clocks.
std::string snapshot_clocks_text(const game::ReplayWindow& window) {
  if (!window.clocks || window.clocks->ply != window.ply) return "";
  const auto& c = *window.clocks;
  std::string text;
  for (std::size_t i = 0; i < 2; ++i) {
    if (!text.empty()) text += ' ';
    text += std::to_string(c.remaining[i]) + ' ' + std::to_string(c.bank[i]) + ' ' +
            std::to_string(c.moves[i]);
  }
  return text;
}

// The clocks a snapshot_clocks column holds for the window at `ply`; nullopt for '' and
// for anything that is not six integers (the clocks then replay every move).
std::optional<game::ClockCheckpoint> snapshot_clocks_of(std::string_view text, int ply) {
  if (text.empty()) return std::nullopt;
  std::array<std::int64_t, 6> values{};
  std::size_t pos = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto end = std::min(text.find(' ', pos), text.size());
    const auto field = text.substr(pos, end - pos);
    if (field.empty() ||
        std::from_chars(field.data(), field.data() + field.size(), values[i]).ptr !=
            field.data() + field.size()) {
      return std::nullopt;
    }
    if ((i + 1 < values.size()) == (end == text.size())) return std::nullopt;
    pos = end + 1;
  }
  game::ClockCheckpoint c;
  c.ply = ply;
  for (std::size_t i = 0; i < 2; ++i) {
    c.remaining[i] = values[3 * i];
    c.bank[i] = values[3 * i + 1];
    c.moves[i] = static_cast<int>(values[3 * i + 2]);
  }
  return c;
}

// The first `plies` moves of a move log, without their squares; nullopt when the log does
// not hold that many well-formed entries.
std::optional<std::vector<game::MoveFact>> moves_from_log(std::string_view log, int plies) {
  std::vector<game::MoveFact> moves;
  moves.reserve(static_cast<std::size_t>(plies));
  std::size_t pos = 0;
  while (static_cast<int>(moves.size()) < plies) {
    const auto end = std::min(log.find(' ', pos), log.size());
    const std::string_view entry = log.substr(pos, end - pos);
    const auto dot = entry.find('.');
    std::int64_t seconds = 0;
    int flags = 0;
    if (dot == std::string_view::npos ||
        std::from_chars(entry.data(), entry.data() + dot, seconds).ptr != entry.data() + dot ||
        std::from_chars(entry.data() + dot + 1, entry.data() + entry.size(), flags).ptr !=
            entry.data() + entry.size() ||
        flags < 0 || flags > 7) {
      return std::nullopt;
    }
    game::MoveFact m;
    m.ply = static_cast<int>(moves.size()) + 1;
    m.at = Timestamp(seconds);
    m.played_as_conditional = (flags & 1) != 0;
    m.use_40_plus_days = (flags & 2) != 0;
    m.offer_draw = (flags & 4) != 0;
    moves.push_back(std::move(m));
    if (end == log.size()) break;
    pos = end + 1;
  }
  if (static_cast<int>(moves.size()) != plies) return std::nullopt;
  return moves;
}

}  // namespace corrchess::db
