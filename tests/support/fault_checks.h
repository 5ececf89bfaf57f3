// What the fault tests (e2e/faults_under_load_slowtest.cpp, e2e/ha_failover_slowtest.cpp)
// share once the faults are over: requests that must get through a failing cluster, the
// run's phases on the console, and the checks that nothing was lost: the idle games the
// scheduler decided, each once; every socket saw every move and end of its game; every mail
// the outbox sent was received (a repeat only under its own delivery id).
#pragma once

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_client.h"
#include "tests/support/game_traffic.h"

namespace corrchess::testing {

// A request that must succeed eventually (the database or an instance may be restarting, the
// cluster failing over): tried every 100 ms, `attempts` times at most, through refused or
// dropped connections, 5xx and 429. Any other refusal, or no success, fails the test (and
// answers null); the answer's JSON otherwise (null for an empty body).
nlohmann::json insist(const ApiClient& api, const std::string& method, const std::string& path,
                      const std::string& token, const nlohmann::json& body = nullptr,
                      int attempts = 200);

// Prints "  12.3 s: <what>", the time since it was made.
class Phases {
 public:
  void operator()(const std::string& what) const;

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Deliveries of any channel still to go out: pending or failed, and due by the manual clock.
long due_deliveries_left(pqxx::connection& conn);

// Each game of `due_ids` (idle games, White to move, due by the clock) was decided exactly
// once: finished 0-1, one flag-fall fact, one game_over mail to each of its two players.
void expect_due_games_decided_once(pqxx::connection& conn, const std::vector<std::string>& due_ids);

// The sockets of a fault test: the first 2 × ids.size() are the played games' players (game
// ids[i / 2]), each of which must see every move of `stored` of its game; then one per game
// of `due_ids`, which must see that game's end once and no other. None may have seen a
// number out of order or repeated. Waits up to 30 s each; answers the reconnects of all.
int expect_sockets_saw_everything(const std::vector<std::unique_ptr<EventWatcher>>& watchers,
                                  const std::vector<std::string>& ids,
                                  const std::vector<std::string>& due_ids,
                                  const std::set<std::pair<std::string, long>>& stored);

// The email deliveries the outbox marked sent, by delivery id.
std::set<std::string> sent_mails(pqxx::connection& conn);
// Every delivery of `sent` was received among `mails` (the SMTP sink's, each with its
// "delivery" id) and every received one was marked sent. Answers how many were received more
// than once (always under their own id).
long expect_mails_match(const std::set<std::string>& sent, const nlohmann::json& mails);

}  // namespace corrchess::testing
