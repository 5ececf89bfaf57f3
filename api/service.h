// The HTTP API: builds the route table over the database and dispatches requests.
// Handlers are synchronous and may block on the database: the server runs them on
// its database thread pool, never on an I/O thread.
#pragma once

#include <memory>
#include <vector>

#include "api/accounts.h"
#include "api/games.h"
#include "api/home.h"
#include "api/http.h"
#include "api/metrics.h"
#include "api/router.h"
#include "api/web_app.h"
#include "api/write_throttle.h"
#include "app/blocks.h"
#include "app/challenges.h"
#include "app/game_cache.h"
#include "app/game_talk.h"
#include "app/handles.h"
#include "app/profiles.h"
#include "app/ratings.h"
#include "model/migrations.h"

namespace corrchess::api {

// What the operator configures beyond accounts and games.
struct ServiceOptions {
  HomeOptions home;
  // When set, GET /metrics needs "Authorization: Bearer <metrics_token>" (401 otherwise).
  std::string metrics_token;
  // Limits and bounds of challenges between players.
  game::ChallengeLimits challenges;
  // Rate limits on writes per sign-in and per address.
  WriteLimits write_limits;
  // The built web client, served at `/` instead of the first page when present.
  std::optional<WebApp> web_app;
  // Rating periods and the Glicko-2 settings (docs/ratings.md).
  app::RatingSettings ratings;
  // The games kept in memory for the commands (app/game_cache.h): how many (0: none), and
  // whether each copy is compared with the stored game before use.
  std::size_t game_cache_games = 10000;
  bool game_cache_check = false;
  // Title norms: levels, games per norm and per title (CORRCHESS_NORMS, rules.md 6.12).
  competition::NormRules norm_rules;
  // The pool of a streaming replica for the reads that may be slightly stale (published rating
  // lists, the archive's list of finished games); none: every read goes to the primary.
  app::Database* replica = nullptr;
};

class Service {
 public:
  // `oracles` (mate analysis, tablebases) must outlive the service.
  Service(app::Database& pool, app::ServerClock& clock, std::vector<model::Migration> migrations,
          AccountOptions account_options = {}, game::Oracles oracles = {}, game::TimeZone zone = {},
          ServiceOptions options = {});

  // Answers one request; never throws (unexpected failures become a logged 500).
  Response handle(const Request& request);
  const Router& router() const { return router_; }
  Metrics& metrics() { return metrics_; }
  GameServiceDeps& game_deps() { return *game_deps_; }
  app::RatingDeps& rating_deps() { return *rating_deps_; }

 private:
  Response metrics(const Request& request);
  Response healthz() const;
  Response readyz() const;

  app::Database& pool_;
  app::ServerClock& clock_;
  std::vector<model::Migration> migrations_;
  std::string version_;
  std::string metrics_token_;
  Router router_;
  Metrics metrics_;
  WriteThrottle write_throttle_;
  std::unique_ptr<app::GameCache> game_cache_;
  std::unique_ptr<GameServiceDeps> game_deps_;
  std::unique_ptr<app::ChallengeDeps> challenge_deps_;
  std::unique_ptr<app::ProfileDeps> profile_deps_;
  std::unique_ptr<app::BlockDeps> block_deps_;
  std::unique_ptr<app::TalkDeps> talk_deps_;
  std::unique_ptr<app::RatingDeps> rating_deps_;
};

}  // namespace corrchess::api
