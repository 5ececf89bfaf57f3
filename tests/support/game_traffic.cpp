#include "tests/support/game_traffic.h"

#include <array>
#include <exception>
#include <optional>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_client.h"
#include "tests/support/ws_client.h"

namespace corrchess::testing {

namespace {

using nlohmann::json;

const std::array<const char*, 4> kShuffle = {"Nf3", "Nf6", "Ng1", "Ng8"};

// The stored game as its player reads it: (ply, still in play); nullopt when unreachable.
std::optional<std::pair<long, bool>> read_game(const ApiClient& api, const std::string& id,
                                               const std::string& token) {
  try {
    const auto r = api.call("GET", "/api/v1/games/" + id, token);
    if (r.status != 200) return std::nullopt;
    const auto g = json::parse(r.body);
    const std::string status = g["status"];
    return std::pair{g["ply"].get<long>(), status == "ongoing" || status == "not_started"};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

MoveTraffic::MoveTraffic(unsigned short port, std::vector<TrafficGame> games, long plies)
    : port_(port), plies_(plies) {
  running_ = static_cast<int>(games.size());
  for (auto& game : games) {
    threads_.emplace_back([this, game = std::move(game)] {
      play(game);
      --running_;
    });
  }
}

MoveTraffic::~MoveTraffic() { stop(); }

void MoveTraffic::stop() {
  stopping_ = true;
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
}

bool MoveTraffic::wait(std::chrono::seconds limit) {
  const bool done =
      wait_until([this] { return running_.load() == 0; }, limit, std::chrono::milliseconds(50));
  stop();
  return done;
}

std::vector<AcknowledgedMove> MoveTraffic::acknowledged() const {
  std::lock_guard lock(mutex_);
  return acknowledged_;
}

void MoveTraffic::play(const TrafficGame& game) {
  const ApiClient api(port_);
  long ply = 0;
  while (!stopping_ && ply < plies_) {
    const std::string san = kShuffle[static_cast<std::size_t>(ply % 4)];
    const auto& token = ply % 2 == 0 ? game.white_token : game.black_token;
    try {
      const auto r = api.try_play(game.id, token, san);
      if (r.status == 200) {
        const long stored = json::parse(r.body)["ply"].get<long>();
        {
          std::lock_guard lock(mutex_);
          acknowledged_.push_back({game.id, stored, san});
        }
        ++acknowledged_count_;
        ply = stored;
        continue;
      }
    } catch (const std::exception&) {
      // The connection failed or broke: the move may or may not have been stored.
    }
    ++failures_;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (auto stored = read_game(api, game.id, token)) {
      ply = stored->first;
      if (!stored->second) return;  // the game ended (it should not here)
    }
  }
}

EventWatcher::EventWatcher(unsigned short port, std::string token)
    : port_(port), token_(std::move(token)), thread_([this] { run(); }) {}

EventWatcher::~EventWatcher() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

bool EventWatcher::wait_connected(std::chrono::milliseconds limit) const {
  return wait_until([this] { return greeted_.load(); }, limit, std::chrono::milliseconds(20));
}

std::set<std::pair<std::string, long>> EventWatcher::moves() const {
  std::lock_guard lock(mutex_);
  return moves_;
}

std::map<std::string, int> EventWatcher::games_over() const {
  std::lock_guard lock(mutex_);
  return games_over_;
}

std::vector<std::string> EventWatcher::problems() const {
  std::lock_guard lock(mutex_);
  return problems_;
}

void EventWatcher::run() {
  std::optional<std::int64_t> last;
  int connections = 0;
  const auto problem = [this](const std::string& text) {
    std::lock_guard lock(mutex_);
    problems_.push_back(text);
  };
  while (!stopping_) {
    std::string target = "/api/v1/ws?token=" + token_;
    if (last) target += "&since=" + std::to_string(*last);
    WsClient ws(port_, target);
    auto hello = ws.connected() ? ws.read(std::chrono::seconds(3)) : std::nullopt;
    if (!hello || !hello->is_object() || hello->value("type", "") != "hello") {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      continue;
    }
    if (connections++ > 0) ++reconnects_;
    const auto seq = (*hello)["seq"].get<std::int64_t>();
    if (last && seq != *last) {
      problem("greeting seq " + std::to_string(seq) + " after since=" + std::to_string(*last));
    }
    if (!last) last = seq;
    greeted_ = true;
    // Ping, then read everything up to the pong; no pong within seconds: the socket is dead.
    bool alive = true;
    while (alive && !stopping_) {
      ws.send(json{{"type", "ping"}});
      while (true) {
        auto m = ws.read(std::chrono::seconds(3));
        if (!m || !m->is_object()) {
          alive = false;
          break;
        }
        const std::string type = m->value("type", "");
        if (type == "pong") break;
        if (type == "resync") problem("resync: " + m->dump());
        if (!m->contains("seq")) continue;
        const auto n = (*m)["seq"].get<std::int64_t>();
        if (n != *last + 1) {
          problem("seq " + std::to_string(n) + " after " + std::to_string(*last));
        }
        if (n > *last) last = n;
        std::lock_guard lock(mutex_);
        if (type == "move") moves_.emplace((*m)["game_id"].get<std::string>(), (*m)["ply"]);
        if (type == "game_over") ++games_over_[(*m)["game_id"].get<std::string>()];
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

std::vector<std::string> acknowledged_moves_problems(const std::string& database_url,
                                                     const std::vector<AcknowledgedMove>& acks) {
  std::vector<std::string> out;
  pqxx::connection conn(database_url);
  pqxx::read_transaction tx(conn);
  std::map<std::string, std::map<long, std::string>> stored;
  std::set<std::string> games;
  for (const auto& a : acks) games.insert(a.game);
  for (const auto& game : games) {
    auto& plies = stored[game];
    for (const auto& row : tx.exec_params(
             "SELECT ply, san FROM moves WHERE game_id = $1 ORDER BY ply", std::stoll(game))) {
      const long ply = row[0].as<long>();
      if (plies.contains(ply))
        out.push_back("game " + game + ": ply " + std::to_string(ply) + " stored twice");
      plies[ply] = row[1].as<std::string>();
    }
    long expected = 1;
    for (const auto& [ply, san] : plies) {
      if (ply != expected) {
        out.push_back("game " + game + ": ply " + std::to_string(ply) + " where " +
                      std::to_string(expected) + " was expected");
      }
      expected = ply + 1;
    }
  }
  std::set<std::pair<std::string, long>> seen;
  for (const auto& a : acks) {
    const std::string where = "game " + a.game + " ply " + std::to_string(a.ply);
    if (!seen.emplace(a.game, a.ply).second) out.push_back(where + " acknowledged twice");
    const auto& plies = stored[a.game];
    const auto it = plies.find(a.ply);
    if (it == plies.end()) {
      out.push_back(where + " (" + a.san + ") acknowledged but not stored");
    } else if (it->second != a.san) {
      out.push_back(where + ": acknowledged " + a.san + ", stored " + it->second);
    }
  }
  return out;
}

std::set<std::pair<std::string, long>> stored_moves(const std::string& database_url,
                                                    const std::vector<std::string>& games) {
  std::set<std::pair<std::string, long>> out;
  pqxx::connection conn(database_url);
  pqxx::read_transaction tx(conn);
  for (const auto& game : games) {
    for (const auto& row :
         tx.exec_params("SELECT ply FROM moves WHERE game_id = $1", std::stoll(game))) {
      out.emplace(game, row[0].as<long>());
    }
  }
  return out;
}

}  // namespace corrchess::testing
