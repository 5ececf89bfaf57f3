// corrchess-load moves: registrations, games, and the measured windows of moves.
#include "load_modes.h"

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "line.h"
#include "load_client.h"

namespace corrchess::bench {

namespace {

using nlohmann::json;

// ---- latency statistics ----

struct Samples {
  std::vector<double> ms;

  double percentile(double q) const {
    if (ms.empty()) return 0;
    // Nearest rank: the smallest sample with at least q of all samples at or below it.
    auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(ms.size())));
    rank = std::clamp<std::size_t>(rank, 1, ms.size());
    return ms[rank - 1];
  }
  void sort() { std::sort(ms.begin(), ms.end()); }
  double max() const { return ms.empty() ? 0 : ms.back(); }
  double mean() const {
    if (ms.empty()) return 0;
    double sum = 0;
    for (double v : ms) sum += v;
    return sum / static_cast<double>(ms.size());
  }
};

// ---- moves mode ----

struct Game {
  std::string id;
  std::string white_token;
  std::string black_token;
};

struct MovesRun {
  Options options;
  tcp::endpoint endpoint;
  long errors = 0;
  int games_aborted = 0;
  std::map<std::string, long> error_kinds;  // "submit 409" -> count
  int games_running = 0;
  Clock::time_point started;  // of the current play_all
};

// One measured window: plies start+1 .. start+moves of every game.
struct Phase {
  int start_ply = 0;
  long accepted = 0;
  double wall_seconds = 0;
  Samples submit;
  Samples accept;
  // Per move, for --trace: ply, when its submit was sent (ms after the phase started), and the
  // submit's and the accept's latency (ms).
  struct Traced {
    int ply;
    double sent_ms, submit_ms, accept_ms;
  };
  std::vector<Traced> trace;
  long server_ticks = 0;
  long pg_ticks = 0;
};

// CPU clock ticks (user + system) of `pid`, of its children still running, and of those it
// reaped (a PostgreSQL backend's CPU counts once it has exited, through the postmaster).
long cpu_ticks(int pid) {
  auto fields = [](const std::string& path) {
    std::vector<std::string> out;
    std::FILE* f = std::fopen(path.c_str(), "r");
    if (!f) return out;
    char buffer[1024];
    const std::size_t n = std::fread(buffer, 1, sizeof buffer - 1, f);
    std::fclose(f);
    const std::string stat(buffer, n);
    // Fields after the command name, which is in parentheses and may contain spaces.
    const auto close = stat.rfind(')');
    if (close == std::string::npos) return out;
    std::size_t at = close + 2;
    while (at < stat.size()) {
      const auto space = std::min(stat.find(' ', at), stat.size());
      out.push_back(stat.substr(at, space - at));
      at = space + 1;
    }
    return out;
  };
  // In /proc/PID/stat after the name: [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime.
  auto own = fields("/proc/" + std::to_string(pid) + "/stat");
  if (own.size() < 15) return 0;
  long total = std::stol(own[11]) + std::stol(own[12]) + std::stol(own[13]) + std::stol(own[14]);
  std::unique_ptr<DIR, int (*)(DIR*)> proc(opendir("/proc"), closedir);
  if (!proc) return total;
  while (const dirent* entry = readdir(proc.get())) {
    const std::string name = entry->d_name;
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    auto child = fields("/proc/" + name + "/stat");
    if (child.size() < 13 || child[1] != std::to_string(pid)) continue;
    total += std::stol(child[11]) + std::stol(child[12]);
  }
  return total;
}

void note_error(MovesRun& run, const std::string& what, int status, const std::string& body) {
  ++run.errors;
  const auto key = what + " " + std::to_string(status);
  if (run.error_kinds[key]++ < 3) {
    std::fprintf(stderr, "error: %s answered %d: %s\n", what.c_str(), status,
                 short_text(body).c_str());
  }
}

// Plies from+1 .. to of `game`, each a submit and an accept by the player to move; with a
// phase, its latencies are recorded there. With --rate R (open loop) in a measured phase, game
// g of N plays its i-th ply of the phase at started + g/R + (i-1)*N/R: the games together
// offer R moves/s whatever the answers' latency, so latency is measured below saturation.
// Otherwise each game plays its next move as soon as the last one is answered.
awaitable<void> play_game(MovesRun& run, const Game& game, int index, int from, int to,
                          Phase* phase, asio::steady_timer& all_done) {
  auto ex = co_await asio::this_coro::executor;
  HttpConnection conn(ex, run.endpoint, run.options.host);
  const std::string moves_target = "/api/v1/games/" + game.id + "/moves";
  const std::string accept_target = moves_target + "/accept";
  asio::steady_timer pace(ex);
  try {
    for (int ply = from + 1; ply <= to; ++ply) {
      if (phase && run.options.rate > 0) {
        const double at =
            (index + (ply - from - 1) * static_cast<double>(run.options.games)) / run.options.rate;
        pace.expires_at(run.started + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(at)));
        co_await pace.async_wait(use_awaitable);
      }
      const std::string& token = ply % 2 == 1 ? game.white_token : game.black_token;
      const std::string body = move_body(move_of(ply, run.options.pawn_line));
      const auto sent = Clock::now();
      auto t0 = sent;
      auto r = co_await conn.call(http::verb::post, moves_target, body, token);
      if (r.status != 200) {
        note_error(run, "submit", r.status, r.body);
        ++run.games_aborted;
        break;
      }
      if (phase) phase->submit.ms.push_back(ms_since(t0));
      t0 = Clock::now();
      r = co_await conn.call(http::verb::post, accept_target, body, token, true);
      if (r.status != 200) {
        note_error(run, "accept", r.status, r.body);
        ++run.games_aborted;
        break;
      }
      if (phase) {
        phase->accept.ms.push_back(ms_since(t0));
        phase->trace.push_back(
            {ply, std::chrono::duration<double, std::milli>(sent - run.started).count(),
             phase->submit.ms.back(), phase->accept.ms.back()});
        ++phase->accepted;
      }
    }
  } catch (const std::exception& e) {
    note_error(run, std::string("connection (") + e.what() + ")", 0, "");
    ++run.games_aborted;
  }
  if (--run.games_running == 0) {
    if (phase) phase->wall_seconds = ms_since(run.started) / 1000.0;
    all_done.cancel();
  }
}

// Every game from ply `from` to ply `to` at once, each on its own connection.
awaitable<void> play_all(MovesRun& run, const std::vector<Game>& games, int from, int to,
                         Phase* phase) {
  auto ex = co_await asio::this_coro::executor;
  asio::steady_timer all_done(ex, asio::steady_timer::time_point::max());
  run.games_running = static_cast<int>(games.size());
  run.started = Clock::now();
  for (std::size_t i = 0; i < games.size(); ++i) {
    asio::co_spawn(ex, play_game(run, games[i], static_cast<int>(i), from, to, phase, all_done),
                   asio::detached);
  }
  beast::error_code ec;
  if (run.games_running > 0) {
    co_await all_done.async_wait(asio::redirect_error(use_awaitable, ec));
  }
}

awaitable<void> moves_main(MovesRun& run, std::vector<Phase>& phases) {
  auto ex = co_await asio::this_coro::executor;
  const auto& o = run.options;
  const int n = o.games;
  const std::string password = "bench-password-" + o.prefix;
  auto name = [&](int player) {
    return o.prefix + (player % 2 == 0 ? "w" : "b") + std::to_string(player / 2);
  };

  // Setup: players (2 per game), their tokens, the games. Password hashing makes this slow.
  auto t0 = Clock::now();
  std::vector<std::unique_ptr<HttpConnection>> setup;
  for (int i = 0; i < std::max(o.setup_concurrency, 8); ++i) {
    setup.push_back(std::make_unique<HttpConnection>(ex, run.endpoint, o.host));
  }
  std::vector<std::string> tokens(static_cast<std::size_t>(2 * n));
  co_await for_each_bounded(2 * n, o.setup_concurrency, [&](int i, int w) -> awaitable<void> {
    auto& conn = *setup[static_cast<std::size_t>(w)];
    const std::string target = "/api/v1/auth/register";
    const std::string body = credentials_body(name(i), password);
    auto r = co_await call_hashing(conn, target, body);
    if (r.status != 201) {
      throw std::runtime_error("register " + name(i) + " answered " + std::to_string(r.status) +
                               ": " + short_text(r.body));
    }
    tokens[static_cast<std::size_t>(i)] = co_await login(conn, name(i), password);
  });
  std::fprintf(stderr, "setup: %d players registered and logged in (%.1f s)\n", 2 * n,
               ms_since(t0) / 1000.0);

  t0 = Clock::now();
  const std::string admin_token = co_await login(*setup[0], o.admin_user, o.admin_password);
  // N games, game i between players 2i and 2i + 1, created on the connections `conns`.
  auto create_games =
      [&](std::vector<std::unique_ptr<HttpConnection>>& conns) -> awaitable<std::vector<Game>> {
    std::vector<Game> created(static_cast<std::size_t>(n));
    co_await for_each_bounded(n, 8, [&](int i, int w) -> awaitable<void> {
      auto& conn = *conns[static_cast<std::size_t>(w)];
      const std::string target = "/api/v1/admin/games";
      const std::string body = game_body(name(2 * i), name(2 * i + 1));
      auto r = co_await conn.call(http::verb::post, target, body, admin_token);
      if (r.status != 201) {
        throw std::runtime_error("creating game " + std::to_string(i) + " answered " +
                                 std::to_string(r.status) + ": " + short_text(r.body));
      }
      auto& g = created[static_cast<std::size_t>(i)];
      g.id = field_of(r.body, "id");
      g.white_token = tokens[static_cast<std::size_t>(2 * i)];
      g.black_token = tokens[static_cast<std::size_t>(2 * i + 1)];
    });
    co_return created;
  };
  std::vector<Game> games = co_await create_games(setup);
  for (auto& c : setup) c->close();
  // Ids are assigned in creation order, which the concurrent creation shuffles.
  long first_id = -1, last_id = -1;
  for (const auto& g : games) {
    const long id = std::stol(g.id);
    first_id = first_id < 0 ? id : std::min(first_id, id);
    last_id = std::max(last_id, id);
  }
  std::fprintf(stderr, "setup: %d games created (%.1f s), ids %ld..%ld\n", n, ms_since(t0) / 1000.0,
               first_id, last_id);
  if (o.rate_from_stdin) {
    // The caller measures the ceiling now (it may restart the server: every phase opens its
    // own connections), then sends the open-loop rate as one line.
    std::printf("READY first_id=%ld last_id=%ld count=%d\n", first_id, last_id, n);
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) throw std::runtime_error("no rate on stdin");
    // "RATE [SERVER_PID]": a restarted server's pid, for the phases' CPU.
    std::istringstream words(line);
    if (!(words >> run.options.rate)) {
      throw std::runtime_error("the line on stdin does not start with a rate: " + line);
    }
    if (int pid = 0; words >> pid) run.options.server_pid = pid;
    if (!(run.options.rate >= 0)) throw std::runtime_error("the rate on stdin must be >= 0");
  }

  // Plies from+1..to of `set`, measured into `into` (summed with its earlier windows).
  auto measure = [&](const std::vector<Game>& set, int from, int to,
                     Phase& into) -> awaitable<void> {
    Phase window;
    window.start_ply = into.start_ply;
    const long server0 = o.server_pid ? cpu_ticks(o.server_pid) : 0;
    const long pg0 = o.pg_pid ? cpu_ticks(o.pg_pid) : 0;
    co_await play_all(run, set, from, to, &window);
    if (o.server_pid) into.server_ticks += cpu_ticks(o.server_pid) - server0;
    if (o.pg_pid) into.pg_ticks += cpu_ticks(o.pg_pid) - pg0;
    into.accepted += window.accepted;
    into.wall_seconds += window.wall_seconds;
    into.submit.ms.insert(into.submit.ms.end(), window.submit.ms.begin(), window.submit.ms.end());
    into.accept.ms.insert(into.accept.ms.end(), window.accept.ms.begin(), window.accept.ms.end());
    into.trace.insert(into.trace.end(), window.trace.begin(), window.trace.end());
  };

  // The phases: each game is played up to the window's start unmeasured, then the window.
  int ply = 0;
  for (std::size_t i = 0; i < o.start_plies.size() && run.errors == 0; ++i) {
    Phase& phase = phases[i];
    phase.start_ply = o.start_plies[i];
    if (ply < phase.start_ply) {
      t0 = Clock::now();
      co_await play_all(run, games, ply, phase.start_ply, nullptr);
      std::fprintf(stderr, "setup: every game played to ply %d (%.1f s)\n", phase.start_ply,
                   ms_since(t0) / 1000.0);
      if (run.errors != 0) break;
    }
    if (i == 0) {
      std::printf("GAMES first_id=%ld last_id=%ld count=%d\n", first_id, last_id, n);
      std::fflush(stdout);
    }
    if (i == 1 && o.flat_rounds > 0) {
      // The flat-cost check: fresh games from the first start, alternating with these.
      Phase& fresh = phases[2];
      fresh.start_ply = o.start_plies[0];
      std::vector<std::unique_ptr<HttpConnection>> conns;
      for (int c = 0; c < 8; ++c) {
        conns.push_back(std::make_unique<HttpConnection>(ex, run.endpoint, o.host));
      }
      t0 = Clock::now();
      const std::vector<Game> fresh_games = co_await create_games(conns);
      for (auto& c : conns) c->close();
      co_await play_all(run, fresh_games, 0, fresh.start_ply, nullptr);
      std::fprintf(stderr, "setup: %d fresh games created and played to ply %d (%.1f s)\n", n,
                   fresh.start_ply, ms_since(t0) / 1000.0);
      const int step = o.moves / o.flat_rounds;
      for (int r = 0; r < o.flat_rounds && run.errors == 0; ++r) {
        co_await measure(fresh_games, fresh.start_ply + r * step, fresh.start_ply + (r + 1) * step,
                         fresh);
        co_await measure(games, phase.start_ply + r * step, phase.start_ply + (r + 1) * step,
                         phase);
      }
    } else {
      co_await measure(games, phase.start_ply, phase.start_ply + o.moves, phase);
    }
    ply = phase.start_ply + o.moves;
  }
}

void print_samples(const char* name, Samples& s) {
  s.sort();
  std::printf("%-7s n=%zu mean=%.2f p50=%.2f p95=%.2f p99=%.2f max=%.2f (ms)\n", name, s.ms.size(),
              s.mean(), s.percentile(0.50), s.percentile(0.95), s.percentile(0.99), s.max());
}

// --trace: one line per measured move, `start_ply ply sent_ms submit_ms accept_ms` (the
// window's first ply, the move's ply, when its submit was sent after the window started, the
// two latencies). Tails come in bursts; the lines say which plies and which instants.
bool write_trace(const std::string& path, const std::vector<Phase>& phases) {
  std::FILE* out = std::fopen(path.c_str(), "w");
  if (!out) return false;
  std::fprintf(out, "# start_ply ply sent_ms submit_ms accept_ms\n");
  for (const auto& p : phases) {
    for (const auto& t : p.trace) {
      std::fprintf(out, "%d %d %.3f %.3f %.3f\n", p.start_ply, t.ply, t.sent_ms, t.submit_ms,
                   t.accept_ms);
    }
  }
  return std::fclose(out) == 0;
}

// The plies whose accepts were slowest (by their own p99): where a window's tail comes from.
void print_slowest_plies(const Phase& p) {
  std::map<int, Samples> by_ply;
  for (const auto& t : p.trace) by_ply[t.ply].ms.push_back(t.accept_ms);
  std::vector<std::pair<double, int>> worst;
  for (auto& [ply, samples] : by_ply) {
    samples.sort();
    worst.emplace_back(samples.percentile(0.99), ply);
  }
  std::sort(worst.rbegin(), worst.rend());
  std::printf("slowest plies (accept p99):");
  for (std::size_t i = 0; i < std::min<std::size_t>(5, worst.size()); ++i) {
    std::printf(" %d: %.1f ms", worst[i].second, worst[i].first);
  }
  std::printf("\n");
}

}  // namespace

int run_moves(const Options& o) {
  asio::io_context ioc(1);
  MovesRun run;
  run.options = o;
  run.endpoint = resolve(o);
  std::vector<Phase> phases(o.start_plies.size() + (o.flat_rounds > 0 ? 1 : 0));
  std::string failure;
  asio::co_spawn(ioc, moves_main(run, phases), [&](std::exception_ptr e) {
    if (!e) return;
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      failure = ex.what();
    }
  });
  ioc.run();
  if (!failure.empty()) {
    std::fprintf(stderr, "corrchess-load: %s\n", failure.c_str());
    return 1;
  }
  for (const auto& [kind, count] : run.error_kinds) {
    std::printf("errors %s: %ld\n", kind.c_str(), count);
  }
  if (!o.trace_file.empty() && !write_trace(o.trace_file, phases)) {
    std::fprintf(stderr, "corrchess-load: cannot write %s\n", o.trace_file.c_str());
    return 1;
  }
  const double hz = static_cast<double>(sysconf(_SC_CLK_TCK));
  for (std::size_t i = 0; i < phases.size(); ++i) {
    auto& p = phases[i];
    const bool fresh = o.flat_rounds > 0 && i == 2;  // the flat check's fresh games
    const double rate = p.wall_seconds > 0 ? static_cast<double>(p.accepted) / p.wall_seconds : 0;
    auto per_move = [&](long ticks) {
      return p.accepted > 0
                 ? static_cast<double>(ticks) / hz * 1000 / static_cast<double>(p.accepted)
                 : 0.0;
    };
    std::printf("games=%d%s plies %d..%d accepted=%ld wall_s=%.2f moves_per_s=%.1f\n", o.games,
                fresh ? " (fresh)" : "", p.start_ply + 1, p.start_ply + o.moves, p.accepted,
                p.wall_seconds, rate);
    print_samples("submit", p.submit);
    print_samples("accept", p.accept);
    print_slowest_plies(p);
    std::printf(
        "PHASE start_ply=%d%s moves_per_s=%.1f accepted=%ld accept_p50_ms=%.2f "
        "accept_p99_ms=%.2f submit_p50_ms=%.2f submit_p99_ms=%.2f server_cpu_ms=%.3f "
        "pg_cpu_ms=%.3f\n",
        p.start_ply, fresh ? " set=fresh" : "", rate, p.accepted, p.accept.percentile(0.50),
        p.accept.percentile(0.99), p.submit.percentile(0.50), p.submit.percentile(0.99),
        per_move(p.server_ticks), per_move(p.pg_ticks));
  }
  // The first window, in the form bench/load reads.
  Phase& first = phases.front();
  const double rate =
      first.wall_seconds > 0 ? static_cast<double>(first.accepted) / first.wall_seconds : 0;
  std::printf(
      "RESULT moves_per_s=%.1f accepted=%ld wall_s=%.2f accept_p50_ms=%.2f accept_p95_ms=%.2f "
      "accept_p99_ms=%.2f accept_max_ms=%.2f submit_p50_ms=%.2f submit_p95_ms=%.2f "
      "submit_p99_ms=%.2f submit_max_ms=%.2f errors=%ld games_aborted=%d\n",
      rate, first.accepted, first.wall_seconds, first.accept.percentile(0.50),
      first.accept.percentile(0.95), first.accept.percentile(0.99), first.accept.max(),
      first.submit.percentile(0.50), first.submit.percentile(0.95), first.submit.percentile(0.99),
      first.submit.max(), run.errors, run.games_aborted);
  return run.errors == 0 ? 0 : 1;
}

}  // namespace corrchess::bench
