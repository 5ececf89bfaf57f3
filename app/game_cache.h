// The games this server instance last committed, kept in memory so that a command on a
// game nobody else changed since does not read it again (issue: the move path). A copy is
// only ever used under the game's row lock and only when its revision is the one the lock
// read (migrations/0018_game_revision.sql): a change made through another instance, a
// director's tool or a player's profile gives the row a new revision, and the game is read
// from the database again. The copies are the game as db::load_game reads it with
// FactsRead::kFromSnapshot, and with it, when the command could keep it, the game replayed
// from those facts at the command's instant: the next command resumes it at its own instant
// (game::Game::resume) instead of playing the moves again. Only run_command uses them
// (app/game_store.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "core/game/game.h"
#include "model/games.h"

namespace corrchess::app {

// A game as this instance last committed it.
struct KeptGame {
  // As db::load_game reads it with FactsRead::kFromSnapshot; without its facts when
  // `replayed` holds them.
  model::StoredGame stored;
  // The game replayed from the stored facts (with its snapshot window) at the instant of the
  // command that left it, holding those facts; none when the command could not keep it.
  std::optional<game::Game> replayed;
};

class GameCache {
 public:
  // Keeps at most `capacity` games (the least recently used leave first; 0 keeps none).
  // With `check`, every copy a command would use is first compared with the game read from
  // the database, and a difference fails the command (kInternal, logged): for tests and for
  // operators who suspect the cache.
  GameCache(std::size_t capacity, bool check);

  // The copy of game `id` if one of revision `revision` is kept, moved out (no copy of a
  // game's facts is made: the command that takes it puts the game back as it leaves it, or
  // the game is read again); nullopt otherwise. Counts a hit or a miss.
  std::optional<KeptGame> take(std::int64_t id, std::int64_t revision);
  // Keeps `game` (of its id and revision), replacing any older copy.
  void put(KeptGame game);
  // Drops the copy of game `id`, if any.
  void forget(std::int64_t id);

  bool check() const { return check_; }

  struct Counts {
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;  // a copy of another revision, or none
    std::size_t games = 0;     // copies kept now
  };
  Counts counts() const;

 private:
  using Order = std::list<std::int64_t>;  // most recently used first
  struct Entry {
    KeptGame game;
    Order::iterator position;
  };

  const std::size_t capacity_;
  const bool check_;
  mutable std::mutex mutex_;
  Order order_;
  std::unordered_map<std::int64_t, Entry> entries_;
  std::uint64_t hits_ = 0;
  std::uint64_t misses_ = 0;
};

}  // namespace corrchess::app
