// corrchess-roundtrip-cost: what the database round trips of a move cost the client's
// processor, one statement at a time (as corrchess's server runs them today, blocking a
// thread in libpq on each) against libpq's pipeline mode (each transaction sent whole and
// its results read at once: one round trip a transaction).
//
//   corrchess-roundtrip-cost --url CONNINFO [--clients C] [--moves M]
//
// Each move is the reference's two transactions (bench/minimal_move.pgbench.sql, on tables
// of its own: roundtrip_games, roundtrip_pending, roundtrip_moves, made and dropped here):
//   submit: BEGIN; lock the game row; upsert the pending move; COMMIT
//   accept: BEGIN; lock the game row; insert the move; delete the pending move; update
//           the game row; pg_notify; COMMIT
// C clients (threads, one connection and one game each) play M moves each, first blocking
// (eleven round trips a move), then pipelined (two), then blocking and pipelined again (the
// machine's drift falls on both). It prints the client's processor time per move (user +
// system of this process, every thread) and the moves per second of each, and their ratio:
// the part of the server's CPU per move that request handling without a blocked thread per
// statement would save (bench/README.md, "Games resumed, not replayed").
#include <libpq-fe.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

[[noreturn]] void die(const std::string& what, PGconn* conn) {
  std::fprintf(stderr, "%s: %s\n", what.c_str(), conn ? PQerrorMessage(conn) : "");
  std::exit(1);
}

void exec(PGconn* conn, const char* sql) {
  PGresult* r = PQexec(conn, sql);
  const auto status = PQresultStatus(r);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) die(sql, conn);
  PQclear(r);
}

struct Statement {
  const char* name;
  const char* sql;
  int params;
};

constexpr Statement kBegin{"rt_begin", "BEGIN", 0};
constexpr Statement kCommit{"rt_commit", "COMMIT", 0};
constexpr Statement kLock{"rt_lock", "SELECT ply FROM roundtrip_games WHERE id = $1 FOR UPDATE", 1};
constexpr Statement kPend{"rt_pend",
                          "INSERT INTO roundtrip_pending (game_id, ply, uci) VALUES ($1, $2, "
                          "'g1f3') ON CONFLICT (game_id) DO UPDATE SET ply = EXCLUDED.ply",
                          2};
constexpr Statement kMove{"rt_move",
                          "INSERT INTO roundtrip_moves (game_id, ply, uci) VALUES ($1, $2, "
                          "'g1f3')",
                          2};
constexpr Statement kUnpend{"rt_unpend", "DELETE FROM roundtrip_pending WHERE game_id = $1", 1};
constexpr Statement kUpdate{"rt_update", "UPDATE roundtrip_games SET ply = $2 WHERE id = $1", 2};
constexpr Statement kNotify{"rt_notify",
                            "SELECT pg_notify('roundtrip', $1::text || ':' || $2::text)", 2};

const std::vector<Statement> kSubmit{kBegin, kLock, kPend, kCommit};
const std::vector<Statement> kAccept{kBegin, kLock, kMove, kUnpend, kUpdate, kNotify, kCommit};

void prepare(PGconn* conn) {
  for (const auto& s : {kBegin, kCommit, kLock, kPend, kMove, kUnpend, kUpdate, kNotify}) {
    PGresult* r = PQprepare(conn, s.name, s.sql, s.params, nullptr);
    if (PQresultStatus(r) != PGRES_COMMAND_OK) die(std::string("prepare ") + s.name, conn);
    PQclear(r);
  }
}

// One transaction's statements for game `game` at ply `ply`, each waited for in turn.
void run_blocking(PGconn* conn, const std::vector<Statement>& tx, const std::string& game,
                  const std::string& ply) {
  const char* values[2] = {game.c_str(), ply.c_str()};
  for (const auto& s : tx) {
    PGresult* r = PQexecPrepared(conn, s.name, s.params, values, nullptr, nullptr, 0);
    const auto status = PQresultStatus(r);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) die(s.name, conn);
    PQclear(r);
  }
}

// The same statements sent together in pipeline mode, then their results read.
void run_pipelined(PGconn* conn, const std::vector<Statement>& tx, const std::string& game,
                   const std::string& ply) {
  const char* values[2] = {game.c_str(), ply.c_str()};
  for (const auto& s : tx) {
    if (!PQsendQueryPrepared(conn, s.name, s.params, values, nullptr, nullptr, 0)) {
      die(s.name, conn);
    }
  }
  if (!PQpipelineSync(conn)) die("sync", conn);
  for (const auto& s : tx) {
    PGresult* r = PQgetResult(conn);
    const auto status = PQresultStatus(r);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) die(s.name, conn);
    PQclear(r);
    if (PQgetResult(conn) != nullptr) die("the end of a result", conn);
  }
  PGresult* sync = PQgetResult(conn);
  if (PQresultStatus(sync) != PGRES_PIPELINE_SYNC) die("sync result", conn);
  PQclear(sync);
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

struct Round {
  double cpu_us_per_move;
  double moves_per_s;
};

// C clients play `moves` moves each from ply `from`, blocking or pipelined.
Round play(const std::vector<PGconn*>& conns, int from, int moves, bool pipelined) {
  std::atomic<bool> failed{false};
  const double cpu0 = cpu_seconds();
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (std::size_t c = 0; c < conns.size(); ++c) {
    threads.emplace_back([&, c] {
      PGconn* conn = conns[c];
      const std::string game = std::to_string(c + 1);
      if (pipelined && !PQenterPipelineMode(conn)) failed = true;
      for (int p = from + 1; p <= from + moves && !failed; ++p) {
        const std::string ply = std::to_string(p);
        if (pipelined) {
          run_pipelined(conn, kSubmit, game, ply);
          run_pipelined(conn, kAccept, game, ply);
        } else {
          run_blocking(conn, kSubmit, game, ply);
          run_blocking(conn, kAccept, game, ply);
        }
      }
      if (pipelined && !PQexitPipelineMode(conn)) failed = true;
    });
  }
  for (auto& t : threads) t.join();
  if (failed) die("pipeline mode", nullptr);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double total = double(conns.size()) * moves;
  return {(cpu_seconds() - cpu0) * 1e6 / total, total / wall};
}

}  // namespace

int main(int argc, char** argv) {
  std::string url;
  int clients = 16;
  int moves = 500;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--url") {
      url = argv[i + 1];
    } else if (flag == "--clients") {
      clients = std::atoi(argv[i + 1]);
    } else if (flag == "--moves") {
      moves = std::atoi(argv[i + 1]);
    } else {
      url.clear();
      break;
    }
  }
  if (url.empty() || clients < 1 || moves < 1) {
    std::fprintf(stderr,
                 "usage: corrchess-roundtrip-cost --url CONNINFO [--clients C] [--moves M]\n");
    return 2;
  }
  PGconn* admin = PQconnectdb(url.c_str());
  if (PQstatus(admin) != CONNECTION_OK) die("connect", admin);
  exec(admin,
       "DROP TABLE IF EXISTS roundtrip_moves, roundtrip_pending, roundtrip_games;"
       "CREATE TABLE roundtrip_games (id bigint PRIMARY KEY, ply int NOT NULL);"
       "CREATE TABLE roundtrip_pending (game_id bigint PRIMARY KEY REFERENCES roundtrip_games,"
       "  ply int NOT NULL, uci text NOT NULL);"
       "CREATE TABLE roundtrip_moves (game_id bigint NOT NULL REFERENCES roundtrip_games,"
       "  ply int NOT NULL, uci text NOT NULL, PRIMARY KEY (game_id, ply));");
  exec(admin, ("INSERT INTO roundtrip_games SELECT g, 0 FROM generate_series(1, " +
               std::to_string(clients) + ") g")
                  .c_str());
  std::vector<PGconn*> conns;
  for (int c = 0; c < clients; ++c) {
    PGconn* conn = PQconnectdb(url.c_str());
    if (PQstatus(conn) != CONNECTION_OK) die("connect", conn);
    prepare(conn);
    conns.push_back(conn);
  }
  play(conns, 0, 20, false);  // plans and caches warm
  int ply = 20;
  Round blocking{0, 0};
  Round pipelined{0, 0};
  for (int i = 0; i < 2; ++i) {
    const Round b = play(conns, ply, moves, false);
    ply += moves;
    const Round p = play(conns, ply, moves, true);
    ply += moves;
    std::printf(
        "round %d: blocking %.1f us/move %.0f moves/s, pipelined %.1f us/move %.0f moves/s\n",
        i + 1, b.cpu_us_per_move, b.moves_per_s, p.cpu_us_per_move, p.moves_per_s);
    blocking.cpu_us_per_move += b.cpu_us_per_move / 2;
    blocking.moves_per_s += b.moves_per_s / 2;
    pipelined.cpu_us_per_move += p.cpu_us_per_move / 2;
    pipelined.moves_per_s += p.moves_per_s / 2;
  }
  std::printf(
      "RESULT clients=%d blocking_us=%.1f pipelined_us=%.1f pipelined_over_blocking=%.2f "
      "blocking_moves_per_s=%.0f pipelined_moves_per_s=%.0f\n",
      clients, blocking.cpu_us_per_move, pipelined.cpu_us_per_move,
      pipelined.cpu_us_per_move / blocking.cpu_us_per_move, blocking.moves_per_s,
      pipelined.moves_per_s);
  for (PGconn* conn : conns) PQfinish(conn);
  exec(admin, "DROP TABLE roundtrip_moves, roundtrip_pending, roundtrip_games");
  PQfinish(admin);
  return 0;
}
