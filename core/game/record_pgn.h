// A game's score as PGN: the Seven Tag Roster plus usernames, time control, termination and
// Chess960 number, each move with its clock and timestamp comments (and, for readers of the
// players' messages, the draw offers and messages the moves carried). Shared by the PGN
// download and the game-over mail.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/chess/pgn.h"
#include "core/error.h"
#include "core/game/game.h"

namespace corrchess::game {

struct PgnPlayers {
  std::string white_name;  // display names
  std::string black_name;
  std::string white_username;
  std::string black_username;
  // The players' titles ("GM", "IM", ... rules.md 6.12) for the WhiteTitle and BlackTitle
  // tags; empty: none (no tag).
  std::string white_title = {};
  std::string black_title = {};
};

// What the record says besides the moves, clocks and timestamps.
enum class PgnTalk {
  kNone,      // for readers who may not read the players' messages
  kMessages,  // the draw offers and messages moves carried, as comments (the players,
              // directors)
};

// The record of game `game_id` (of event `event_id`, if any) as it stands in `state`; with
// PgnTalk::kMessages each move's comment also says "draw offered" and "message: <text>" when
// the move carried them. kInternal when a stored move cannot be read (inconsistent facts).
Result<chess::PgnGame> record_pgn(std::int64_t game_id, std::optional<std::int64_t> event_id,
                                  const GameSetup& setup, const GameState& state,
                                  const PgnPlayers& players, PgnTalk talk = PgnTalk::kNone);

}  // namespace corrchess::game
