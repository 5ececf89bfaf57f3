// corrchess-server verify: replays every stored game and reports each difference between the
// replay and what the game row caches (app/game_verify.h). Exit status 0 when every game
// agrees, 1 when some game differs or the database cannot be read.
#include <cstdio>

#include <spdlog/spdlog.h>

#include "app/game_verify.h"
#include "db/pool.h"
#include "server/app.h"
#include "server/startup.h"

namespace corrchess::server {

int run_verify() {
  Config config;
  if (!load_config(config)) return 1;
  auto zone = game::TimeZone::named(config.time_zone);
  if (!zone) {
    spdlog::critical("CORRCHESS_TIMEZONE: {}", zone.error().detail);
    return 1;
  }
  db::Pool pool(config.database_url, 1);
  const auto clock = make_clock(config, pool);
  const RulesOracles rules(config);
  app::GameDeps deps{pool, *clock, *zone, rules.oracles()};
  auto report = app::verify_games(deps, [](const app::GameDifference& d) {
    std::printf("game %lld: %s\n", static_cast<long long>(d.game_id), d.what.c_str());
  });
  if (!report) {
    std::fprintf(stderr, "corrchess-server verify: %s\n", report.error().detail.c_str());
    return 1;
  }
  std::printf("verified %lld games: %lld with differences\n", static_cast<long long>(report->games),
              static_cast<long long>(report->differences));
  return report->differences == 0 ? 0 : 1;
}

}  // namespace corrchess::server
