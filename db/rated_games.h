// Whether a game counts for the ratings (ratings.md "What is rated"), as SQL shared by the
// rating lists (db/ratings.cpp) and the archive's `rated` filter (db/archive.cpp): the game's
// event, challenge, team match or cup says so, and a director's game outside them all is
// rated. Each competition row is found by the game (unique indexes on their game ids).
#pragma once

namespace corrchess::db {

// The joins that kRatedSetting reads, on a game row `g`.
inline constexpr const char* kRatedJoins =
    " LEFT JOIN events e ON e.id = g.event_id "
    "LEFT JOIN challenges c ON c.game_id = g.id "
    "LEFT JOIN team_match_games tmg ON tmg.game_id = g.id "
    "LEFT JOIN team_matches tm ON tm.id = tmg.match_id "
    "LEFT JOIN cup_games cg ON cg.game_id = g.id "
    "LEFT JOIN cups cu ON cu.id = cg.cup_id ";
// Whether the game's competition (or challenge) is rated; true for a game outside them.
inline constexpr const char* kRatedSetting = "coalesce(e.rated, c.rated, tm.rated, cu.rated, true)";

}  // namespace corrchess::db
