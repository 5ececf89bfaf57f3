// Traffic for the scale-out and fault tests: players making moves through one address
// (HAProxy), carrying on across failed requests, recording every move acknowledged to
// them; WebSocket watchers that reconnect with `?since=` whenever their socket dies and
// record every live message; and the check that what was acknowledged is what is stored.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace corrchess::testing {

struct TrafficGame {
  std::string id;
  std::string white_token;
  std::string black_token;
};

struct AcknowledgedMove {
  std::string game;
  long ply = 0;
  std::string san;
};

// One thread per game plays a knight shuffle (Nf3 Nf6 Ng1 Ng8 ...) up to `plies`. A move
// counts as acknowledged when its accept answered 200 (the answer names the ply). After
// any other outcome (502 from the proxy, 503, a refused or dropped connection) the player
// re-reads the game, as a real client would, and continues from its stored ply.
class MoveTraffic {
 public:
  MoveTraffic(unsigned short port, std::vector<TrafficGame> games, long plies);
  ~MoveTraffic();  // stops and joins
  MoveTraffic(const MoveTraffic&) = delete;
  MoveTraffic& operator=(const MoveTraffic&) = delete;

  // Waits until every game reached its plies (or ended), at most `limit`; whether it did.
  bool wait(std::chrono::seconds limit);
  void stop();
  long acknowledged_count() const { return acknowledged_count_.load(); }
  // Requests that did not answer 200 (each followed by a re-read).
  long failures() const { return failures_.load(); }
  std::vector<AcknowledgedMove> acknowledged() const;

 private:
  void play(const TrafficGame& game);

  unsigned short port_;
  long plies_;
  std::atomic<bool> stopping_{false};
  std::atomic<long> acknowledged_count_{0};
  std::atomic<long> failures_{0};
  std::atomic<int> running_{0};
  mutable std::mutex mutex_;
  std::vector<AcknowledgedMove> acknowledged_;
  std::vector<std::thread> threads_;
};

// One user's live messages over /api/v1/ws through `port`, on a thread of its own. It pings
// (the protocol's {"type":"ping"}) to notice a dead connection within seconds and then
// reconnects with `since` = the last number it got, so it should see every message exactly
// once and in order.
class EventWatcher {
 public:
  EventWatcher(unsigned short port, std::string token);
  ~EventWatcher();
  EventWatcher(const EventWatcher&) = delete;
  EventWatcher& operator=(const EventWatcher&) = delete;

  // True once the first greeting arrived.
  bool wait_connected(std::chrono::milliseconds limit) const;
  // Connections after the first.
  int reconnects() const { return reconnects_.load(); }
  // (game, ply) of every move message; (game, count) of game_over messages.
  std::set<std::pair<std::string, long>> moves() const;
  std::map<std::string, int> games_over() const;
  // Numbers out of order or repeated, resync messages, greetings not matching `since`.
  std::vector<std::string> problems() const;

 private:
  void run();

  unsigned short port_;
  std::string token_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> greeted_{false};
  std::atomic<int> reconnects_{0};
  mutable std::mutex mutex_;
  std::set<std::pair<std::string, long>> moves_;
  std::map<std::string, int> games_over_;
  std::vector<std::string> problems_;
  std::thread thread_;
};

// What disagrees between the acknowledged moves and the moves table of `database_url`:
// an acknowledged move missing or different at its ply, plies not numbered 1..n per game.
// Empty when every acknowledged move is stored exactly once.
std::vector<std::string> acknowledged_moves_problems(const std::string& database_url,
                                                     const std::vector<AcknowledgedMove>& acks);

// (game, ply) of every stored move of the given games.
std::set<std::pair<std::string, long>> stored_moves(const std::string& database_url,
                                                    const std::vector<std::string>& games);

}  // namespace corrchess::testing
