// The game row's move log and snapshot clocks (migrations/0015_game_snapshots.sql,
// 0019_snapshot_clocks.sql): the text codec of the columns that let a game be read from its
// snapshot without every move. Internal to db/ (the game repository, db/games.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game/facts.h"
#include "core/game/game.h"

namespace corrchess::db {

// The move log entry of a move: its instant and flags ("1767614400.4").
std::string move_log_entry(const game::MoveFact& m);
// The move log entries of `moves`, separated by spaces.
std::string move_log_entries(const std::vector<game::MoveFact>& moves);
// The snapshot_clocks column of `window`: '' without clocks.
std::string snapshot_clocks_text(const game::ReplayWindow& window);
// The clocks a snapshot_clocks column holds for the window at `ply`; nullopt for '' and for
// anything that is not six integers (the clocks then replay every move).
std::optional<game::ClockCheckpoint> snapshot_clocks_of(std::string_view text, int ply);
// The first `plies` moves of a move log, without their squares; nullopt when the log does
// not hold that many well-formed entries.
std::optional<std::vector<game::MoveFact>> moves_from_log(std::string_view log, int plies);

}  // namespace corrchess::db
