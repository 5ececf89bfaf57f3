// corrchess-sweep-cost: the flag-fall scheduler's sweep on a database, timed (bench/reads).
//
// One sweep is what server/scheduler.cpp does each time it wakes: decide the due games in
// batches of 50 (app::decide_due_games) until a batch is short, run the competition starter
// (app::run_competitions), then find the next instant to wake at (app::next_due and
// app::next_competition_deadline). This program runs that sequence N times against the
// database of DATABASE_URL (the server's own configuration, read from the environment as
// `corrchess-server verify` reads it) and prints each phase's p50, p99 and max in
// milliseconds, and the decisions taken. On a database with nothing due, a sweep is its
// reads alone: what a server pays every time a move pokes the scheduler.
//
//   corrchess-sweep-cost [--sweeps N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "app/competitions.h"
#include "app/games.h"
#include "db/pool.h"
#include "server/app.h"
#include "server/startup.h"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void report(const char* name, std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  const auto at = [&](double q) {
    return samples[std::min(samples.size() - 1, static_cast<std::size_t>(q * samples.size()))];
  };
  std::printf("%-26s n=%zu p50=%.2f ms p99=%.2f ms max=%.2f ms\n", name, samples.size(), at(0.5),
              at(0.99), samples.back());
}

}  // namespace

int main(int argc, char** argv) {
  using namespace corrchess;
  int sweeps = 200;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--sweeps") == 0 && i + 1 < argc) {
      sweeps = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: corrchess-sweep-cost [--sweeps N]\n");
      return 2;
    }
  }
  server::Config config;
  if (!server::load_config(config)) return 1;
  auto zone = game::TimeZone::named(config.time_zone);
  if (!zone) {
    std::fprintf(stderr, "CORRCHESS_TIMEZONE: %s\n", zone.error().detail.c_str());
    return 1;
  }
  db::Pool pool(config.database_url, 1);
  const auto clock = server::make_clock(config, pool);
  const server::RulesOracles rules(config);
  app::GameDeps deps{pool, *clock, *zone, rules.oracles()};
  constexpr int kDecisionBatch = 50;  // server/scheduler.cpp
  std::vector<double> total, decide, competitions, next;
  long long decided = 0;
  for (int i = 0; i < sweeps; ++i) {
    const auto start = Clock::now();
    while (true) {
      auto swept = app::decide_due_games(deps, kDecisionBatch);
      if (!swept) {
        std::fprintf(stderr, "sweep: %s\n", swept.error().detail.c_str());
        return 1;
      }
      decided += swept->processed;
      if (swept->processed < kDecisionBatch) break;
    }
    decide.push_back(ms_since(start));
    const auto started_competitions = Clock::now();
    if (auto run = app::run_competitions(deps); !run) {
      std::fprintf(stderr, "competition starter: %s\n", run.error().detail.c_str());
      return 1;
    }
    competitions.push_back(ms_since(started_competitions));
    const auto started_next = Clock::now();
    auto due = app::next_due(deps);
    auto entry = app::next_competition_deadline(deps);
    if (!due || !entry) {
      std::fprintf(stderr, "next deadline: %s\n",
                   (!due ? due.error() : entry.error()).detail.c_str());
      return 1;
    }
    next.push_back(ms_since(started_next));
    total.push_back(ms_since(start));
  }
  report("sweep (whole)", total);
  report("  decide due games", decide);
  report("  competition starter", competitions);
  report("  next deadline", next);
  std::printf("games decided: %lld\n", decided);
  return 0;
}
