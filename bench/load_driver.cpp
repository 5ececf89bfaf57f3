// corrchess-load: the load driver of bench/load.
//
//   corrchess-load moves --port P --games N --moves M --admin-user U --admin-password W
//       registers 2N players, logs them in, creates N games (admin endpoint), then plays the
//       games concurrently over keep-alive HTTP/1.1 connections (one per game): each move is
//       a submit (POST /games/{id}/moves) followed by an accept (POST .../moves/accept, with
//       `Prefer: return=minimal` as the web client sends it: the answer has only the new moves).
//       Prints throughput and latency percentiles, and a final `RESULT ...` line.
//       --start-plies A,B,... measures a window of M plies from each of those plies in turn
//       (the games are played up to each start unmeasured), one `PHASE ...` line each, with
//       the CPU the processes --server-pid and --pg-pid (and their children) spent in it.
//       --rate R plays open loop (the games together offer R moves/s); --rate stdin prints
//       `READY ...` after the setup and reads "R [SERVER_PID]" from stdin (0: closed loop),
//       so that bench/load can measure its ceiling, and restart the server, in between.
//       --trace FILE writes every measured move's latencies.
//       --flat-rounds R (with --start-plies A,B): the flat-cost check, measured so that a
//       machine whose speed drifts slows both sides alike. After the window from A, the games
//       are played on to B unmeasured and N fresh games (the same players) to A; then R
//       rounds alternate M/R plies of the fresh games from A with M/R plies of the old ones
//       from B. Their sums are the `PHASE start_ply=A set=fresh` and `PHASE start_ply=B`
//       lines.
//
//   corrchess-load idle-ws --port P --connections K (--token T | --user U --password W)
//       opens K WebSockets to /api/v1/ws, waits for every `hello`, prints
//       `RESULT ws_connections=...`, then holds them until stdin closes (or --hold-seconds).
//
// Everything runs on one thread with Asio coroutines: the driver shares the machine with the
// server and PostgreSQL, so it must stay cheap.
#include <dirent.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "line.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using asio::awaitable;
using asio::use_awaitable;
using nlohmann::json;
using tcp = asio::ip::tcp;
using corrchess::bench::move_of;
using Clock = std::chrono::steady_clock;

// ---- command line ----

struct Options {
  std::string mode;
  std::string host = "127.0.0.1";
  int port = 0;
  int games = 200;
  int moves = 40;   // plies (accepted moves) per game
  double rate = 0;  // moves mode: accepted moves/s over all games (0: each game as fast as it can)
  bool rate_from_stdin = false;  // --rate stdin: print READY after setup, then read the rate
                                 // (0: closed loop)
  std::string admin_user;
  std::string admin_password;
  int setup_concurrency = 4;  // registrations and logins hash passwords (Argon2id): keep it low
  int connections = 10000;
  int batch = 250;  // WebSocket handshakes in flight at once
  std::string token;
  std::string user;
  std::string password;
  int hold_seconds = -1;  // -1: until stdin closes
  std::string prefix;
  std::vector<int> start_plies{0};  // moves mode: a measured window of `moves` plies from each
  int server_pid = 0;               // CPU is reported per phase for these (0: not measured)
  int pg_pid = 0;
  bool pawn_line = true;   // --line pawns (default) or knights
  std::string trace_file;  // --trace FILE: every measured move's latencies, one line each
  int flat_rounds = 0;     // --flat-rounds R: the second window alternates with fresh games
};

[[noreturn]] void usage(const std::string& error) {
  std::fprintf(
      stderr,
      "corrchess-load: %s\n"
      "usage:\n"
      "  corrchess-load moves --port P [--host H] [--games N] [--moves M]\n"
      "                 --admin-user U --admin-password W [--setup-concurrency C]\n"
      "                 [--prefix NAME] [--rate MOVES_PER_S|stdin] [--start-plies A,B,...]\n"
      "                 [--server-pid PID] [--pg-pid PID] [--line pawns|knights]\n"
      "                 [--trace FILE] [--flat-rounds R]\n"
      "  corrchess-load idle-ws --port P [--host H] [--connections K] [--batch B]\n"
      "                 (--token T | --user U --password W) [--hold-seconds S]\n",
      error.c_str());
  std::exit(2);
}

int to_int(const std::string& flag, const std::string& value) {
  try {
    std::size_t used = 0;
    const int v = std::stoi(value, &used);
    if (used != value.size()) throw std::invalid_argument(value);
    return v;
  } catch (const std::exception&) {
    usage(flag + " needs an integer, not '" + value + "'");
  }
}

Options parse_options(int argc, char** argv) {
  if (argc < 2) usage("missing mode");
  Options o;
  o.mode = argv[1];
  if (o.mode != "moves" && o.mode != "idle-ws") usage("unknown mode '" + o.mode + "'");
  // The flags that just take an integer or a text value.
  const std::map<std::string, int Options::*> int_flags = {
      {"--port", &Options::port},
      {"--games", &Options::games},
      {"--moves", &Options::moves},
      {"--setup-concurrency", &Options::setup_concurrency},
      {"--connections", &Options::connections},
      {"--batch", &Options::batch},
      {"--hold-seconds", &Options::hold_seconds},
      {"--server-pid", &Options::server_pid},
      {"--pg-pid", &Options::pg_pid},
      {"--flat-rounds", &Options::flat_rounds},
  };
  const std::map<std::string, std::string Options::*> text_flags = {
      {"--host", &Options::host},
      {"--admin-user", &Options::admin_user},
      {"--admin-password", &Options::admin_password},
      {"--token", &Options::token},
      {"--user", &Options::user},
      {"--password", &Options::password},
      {"--prefix", &Options::prefix},
      {"--trace", &Options::trace_file},
  };
  for (int i = 2; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) usage(flag + " needs a value");
    const std::string value = argv[++i];
    if (const auto n = int_flags.find(flag); n != int_flags.end()) {
      o.*(n->second) = to_int(flag, value);
    } else if (const auto t = text_flags.find(flag); t != text_flags.end()) {
      o.*(t->second) = value;
    } else if (flag == "--line") {
      if (value != "pawns" && value != "knights") usage("--line is pawns or knights");
      o.pawn_line = value == "pawns";
    } else if (flag == "--rate" && value == "stdin") {
      o.rate_from_stdin = true;
    } else if (flag == "--rate") {
      o.rate = std::stod(value);
      if (!(o.rate >= 0)) usage("--rate must be a number of moves per second >= 0");
    } else if (flag == "--start-plies") {
      o.start_plies.clear();
      std::size_t from = 0;
      while (from <= value.size()) {
        const auto comma = std::min(value.find(',', from), value.size());
        o.start_plies.push_back(to_int(flag, value.substr(from, comma - from)));
        from = comma + 1;
      }
      if (!std::is_sorted(o.start_plies.begin(), o.start_plies.end()) ||
          o.start_plies.front() < 0) {
        usage("--start-plies must be increasing plies >= 0");
      }
    } else {
      usage("unknown option " + flag);
    }
  }
  if (o.port <= 0 || o.port > 65535) usage("--port is required");
  if (o.mode == "moves") {
    if (o.games < 1 || o.moves < 1) usage("--games and --moves must be positive");
    if (o.admin_user.empty() || o.admin_password.empty()) {
      usage("--admin-user and --admin-password are required");
    }
    if (o.setup_concurrency < 1) usage("--setup-concurrency must be positive");
    if (o.flat_rounds < 0 ||
        (o.flat_rounds > 0 && (o.start_plies.size() != 2 || o.moves % o.flat_rounds != 0))) {
      usage("--flat-rounds needs --start-plies A,B and must divide --moves");
    }
    for (std::size_t i = 1; i < o.start_plies.size(); ++i) {
      if (o.start_plies[i] < o.start_plies[i - 1] + o.moves) {
        usage("--start-plies must be at least --moves apart (windows may not overlap)");
      }
    }
  } else {
    if (o.connections < 1 || o.batch < 1) usage("--connections and --batch must be positive");
    if (o.token.empty() && (o.user.empty() || o.password.empty())) {
      usage("give --token, or --user and --password");
    }
  }
  return o;
}

// ---- HTTP client: one keep-alive connection ----

struct Reply {
  int status = 0;
  std::string body;
};

class HttpConnection {
 public:
  HttpConnection(asio::any_io_executor ex, tcp::endpoint endpoint, std::string host)
      : stream_(ex), endpoint_(endpoint), host_(std::move(host)) {}

  awaitable<Reply> call(http::verb method, const std::string& target, const std::string& body,
                        const std::string& token, bool minimal = false) {
    if (!open_) {
      co_await stream_.async_connect(endpoint_, use_awaitable);
      stream_.socket().set_option(tcp::no_delay(true));
      open_ = true;
    }
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, host_);
    req.set(http::field::user_agent, "corrchess-load");
    if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
    if (!body.empty()) req.set(http::field::content_type, "application/json");
    if (minimal) req.set("Prefer", "return=minimal");  // the answer without the moves list
    req.keep_alive(true);
    req.body() = body;
    req.prepare_payload();
    try {
      co_await http::async_write(stream_, req, use_awaitable);
      http::response<http::string_body> res;
      co_await http::async_read(stream_, buffer_, res, use_awaitable);
      if (!res.keep_alive()) close();
      co_return Reply{static_cast<int>(res.result_int()), std::move(res.body())};
    } catch (...) {
      close();
      throw;
    }
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
    buffer_.clear();
    open_ = false;
  }

 private:
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  tcp::endpoint endpoint_;
  std::string host_;
  bool open_ = false;
};

tcp::endpoint resolve(const Options& o) {
  asio::io_context ioc;
  tcp::resolver resolver(ioc);
  auto results = resolver.resolve(o.host, std::to_string(o.port));
  if (results.empty()) throw std::runtime_error("cannot resolve " + o.host);
  return *results.begin();
}

std::string short_text(const std::string& s) { return s.size() > 300 ? s.substr(0, 300) : s; }

// Runs task(i, worker) for i in [0, count) on `width` worker coroutines (worker in
// [0, width): a worker may own a connection).
template <class Task>
awaitable<void> for_each_bounded(int count, int width, Task task) {
  auto ex = co_await asio::this_coro::executor;
  auto next = std::make_shared<int>(0);
  auto running = std::make_shared<int>(0);
  auto failure = std::make_shared<std::string>();
  asio::steady_timer done(ex, asio::steady_timer::time_point::max());
  auto* done_ptr = &done;
  for (int w = 0; w < std::min(width, count); ++w) {
    ++*running;
    asio::co_spawn(
        ex,
        [=]() -> awaitable<void> {
          try {
            while (failure->empty()) {
              const int i = (*next)++;
              if (i >= count) break;
              co_await task(i, w);
            }
          } catch (const std::exception& e) {
            if (failure->empty()) *failure = e.what();
          }
          if (--*running == 0) done_ptr->cancel();
        },
        asio::detached);
  }
  beast::error_code ec;
  if (*running > 0) co_await done.async_wait(asio::redirect_error(use_awaitable, ec));
  if (!failure->empty()) throw std::runtime_error(*failure);
}

// Request bodies are built outside coroutines: GCC 12 rejects some initializer lists of
// string literals inside a full-expression with co_await ("array used as initializer").
std::string credentials_body(const std::string& user, const std::string& password) {
  return json{{"username", user}, {"password", password}}.dump();
}

std::string move_body(const std::string& move) { return json{{"move", move}}.dump(); }

std::string game_body(const std::string& white, const std::string& black) {
  return json{{"white", white},
              {"black", black},
              {"time_control", {{"type", "fischer"}, {"initial_days", 30}, {"increment_days", 1}}}}
      .dump();
}

std::string field_of(const std::string& body, const std::string& name) {
  return json::parse(body).at(name).get<std::string>();
}

// A password-hashing request (registration, login): the server answers 503 with
// Retry-After: 1 when its bounded hash queue is full (CORRCHESS_MAX_CONCURRENT_HASHES, by
// default a quarter of a small pool), so the driver waits a second and asks again.
awaitable<Reply> call_hashing(HttpConnection& conn, const std::string& target,
                              const std::string& body) {
  const std::string no_token;
  asio::steady_timer wait(co_await asio::this_coro::executor);
  for (int attempt = 1;; ++attempt) {
    auto r = co_await conn.call(http::verb::post, target, body, no_token);
    if (r.status != 503 || attempt == 30) co_return r;
    wait.expires_after(std::chrono::seconds(1));
    co_await wait.async_wait(use_awaitable);
  }
}

awaitable<std::string> login(HttpConnection& conn, const std::string& user,
                             const std::string& password) {
  const std::string target = "/api/v1/auth/login";
  const std::string body = credentials_body(user, password);
  auto r = co_await call_hashing(conn, target, body);
  if (r.status != 200) {
    throw std::runtime_error("login of " + user + " answered " + std::to_string(r.status) + ": " +
                             short_text(r.body));
  }
  co_return field_of(r.body, "token");
}

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

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

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

// ---- idle-ws mode ----

using WsStream = websocket::stream<beast::tcp_stream>;

struct WsRun {
  Options options;
  tcp::endpoint endpoint;
  std::string target;
  int greeted = 0;
  int failed = 0;
  int dropped = 0;  // closed by the server while held
  bool releasing = false;
  std::vector<std::shared_ptr<WsStream>> sockets;
};

// Reads until the connection ends: keeps the stream answering the server's pings.
awaitable<void> hold(WsRun& run, std::shared_ptr<WsStream> ws) {
  beast::flat_buffer buffer;
  beast::error_code ec;
  while (!ec) {
    co_await ws->async_read(buffer, asio::redirect_error(use_awaitable, ec));
    buffer.consume(buffer.size());
  }
  if (!run.releasing) {
    if (run.dropped++ < 3) std::fprintf(stderr, "socket dropped: %s\n", ec.message().c_str());
  }
}

awaitable<void> open_socket(WsRun& run, int) {
  auto ex = co_await asio::this_coro::executor;
  auto ws = std::make_shared<WsStream>(ex);
  try {
    auto& tcp_layer = beast::get_lowest_layer(*ws);
    tcp_layer.expires_after(std::chrono::seconds(60));
    co_await tcp_layer.async_connect(run.endpoint, use_awaitable);
    tcp_layer.expires_never();
    ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    co_await ws->async_handshake(run.options.host + ":" + std::to_string(run.options.port),
                                 run.target, use_awaitable);
    beast::flat_buffer buffer;
    co_await ws->async_read(buffer, use_awaitable);
    const auto hello = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
    if (hello.is_discarded() || !hello.is_object() || hello.value("type", "") != "hello") {
      throw std::runtime_error("first message was not hello");
    }
  } catch (const std::exception& e) {
    if (run.failed++ < 5) std::fprintf(stderr, "websocket failed: %s\n", e.what());
    co_return;
  }
  ++run.greeted;
  run.sockets.push_back(ws);
  asio::co_spawn(ex, hold(run, ws), asio::detached);
}

void raise_file_limit(int wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  const rlim_t target = std::min<rlim_t>(limit.rlim_max, static_cast<rlim_t>(wanted));
  if (limit.rlim_cur < target) {
    limit.rlim_cur = target;
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0) std::perror("setrlimit");
  }
  getrlimit(RLIMIT_NOFILE, &limit);
  if (limit.rlim_cur < static_cast<rlim_t>(wanted)) {
    std::fprintf(stderr, "warning: open files limited to %lu (wanted %d)\n",
                 static_cast<unsigned long>(limit.rlim_cur), wanted);
  }
}

awaitable<void> ws_main(WsRun& run) {
  auto ex = co_await asio::this_coro::executor;
  const auto& o = run.options;
  std::string token = o.token;
  if (token.empty()) {
    HttpConnection conn(ex, run.endpoint, o.host);
    token = co_await login(conn, o.user, o.password);
    conn.close();
  }
  run.target = "/api/v1/ws?token=" + token;
  const auto t0 = Clock::now();
  co_await for_each_bounded(o.connections, o.batch,
                            [&](int i, int) -> awaitable<void> { co_await open_socket(run, i); });
  std::fprintf(stderr, "idle-ws: %d sockets greeted, %d failed (%.1f s)\n", run.greeted, run.failed,
               ms_since(t0) / 1000.0);
  std::printf("RESULT ws_connections=%d failed=%d open_seconds=%.2f\n", run.greeted, run.failed,
              ms_since(t0) / 1000.0);
  std::fflush(stdout);

  if (o.hold_seconds >= 0) {
    asio::steady_timer timer(ex, std::chrono::seconds(o.hold_seconds));
    co_await timer.async_wait(use_awaitable);
  } else {
    asio::posix::stream_descriptor in(ex, ::dup(STDIN_FILENO));
    char buf[256];
    beast::error_code ec;
    while (!ec)
      co_await in.async_read_some(asio::buffer(buf), asio::redirect_error(use_awaitable, ec));
  }
  run.releasing = true;
  std::printf("HELD dropped=%d\n", run.dropped);
  std::fflush(stdout);
  for (auto& ws : run.sockets) {
    beast::error_code ignored;
    beast::get_lowest_layer(*ws).socket().close(ignored);
  }
}

int run_idle_ws(const Options& o) {
  raise_file_limit(o.connections + 64);
  asio::io_context ioc(1);  // outlives the sockets in `run`
  WsRun run;
  run.options = o;
  run.endpoint = resolve(o);
  run.sockets.reserve(static_cast<std::size_t>(o.connections));
  std::string failure;
  asio::co_spawn(ioc, ws_main(run), [&](std::exception_ptr e) {
    if (!e) return;
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      failure = ex.what();
    }
    ioc.stop();
  });
  ioc.run();
  if (!failure.empty()) {
    std::fprintf(stderr, "corrchess-load: %s\n", failure.c_str());
    return 1;
  }
  return run.failed == 0 && run.dropped == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse_options(argc, argv);
  try {
    if (o.mode == "moves") {
      Options m = o;
      if (m.prefix.empty()) {
        // Unique per run: usernames are 2-32 characters of [A-Za-z0-9_.-].
        m.prefix = "lb" + std::to_string(std::time(nullptr) % 100000000) + "p" +
                   std::to_string(::getpid() % 100000) + "-";
      }
      return run_moves(m);
    }
    return run_idle_ws(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "corrchess-load: %s\n", e.what());
    return 1;
  }
}
