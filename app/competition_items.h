// The items of the competition starter (app/competitions.h): a series' turn, a finished
// series section to close, a cup to advance, a championship's finished stage to close or its
// next stage to start, a rated section's norms to check. Each runs in a transaction of its
// own; one that fails is rolled back alone, logged with its kind and id, counted and skipped,
// and the others go on. A failed item waits before the scheduler tries it again, a minute
// after its first failure and twice as long after every further one, at most six hours
// (core/competition/starter.h, stored in db/starter_failures.h): a broken item neither logs
// on every wake-up nor takes the place of sound ones in a bounded batch. A director's run
// (StarterRun::kNow, POST /api/v1/admin/competitions/run) tries every item at once; items
// that never failed always come first.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include <pqxx/pqxx>

#include "app/game_view.h"
#include "app/starter_run.h"
#include "core/error.h"
#include "core/game/time.h"
#include "model/starter.h"

namespace corrchess::app {

// Logs that the starter's item `item` ("championship 4: start of its next stage") failed with
// `error` and was skipped (through the database error log: the server's log).
void log_skipped_item(const std::string& item, const Error& error);

// One kind of the starter's items in one run: which of them failed before, and running each.
class StarterItems {
 public:
  // The failures of `kind` ("cup", "norms", ...) as a run started at the database's now.
  static Result<StarterItems> read(GameDeps& deps, std::string kind, StarterRun mode);

  // The instant a bounded batch's selection is made at: items whose retry is later are left
  // out. None for a director's run.
  std::optional<game::Timestamp> ready_at() const;
  // Whether item `id` waits out a failure in this run (never in a director's run).
  bool deferred(std::int64_t id) const;

  // Runs item `id`: `step(tx)` in a transaction of its own. When it succeeds, a failure
  // recorded for the item is forgotten in the same transaction and its value returned; when it
  // fails, it is rolled back, the failure recorded in a transaction of its own (its retry
  // after starter_retry_delay), logged as `what`, and none returned.
  template <class Step>
  auto run(GameDeps& deps, std::int64_t id, const std::string& what, Step step)
      -> std::optional<typename decltype(step(std::declval<pqxx::work&>()))::value_type> {
    std::optional<typename decltype(step(std::declval<pqxx::work&>()))::value_type> value;
    const bool ran = run_step(deps, id, what, [&](pqxx::work& tx) -> Result<void> {
      TRY_LET(r, step(tx));
      value = std::move(*r);
      return {};
    });
    if (!ran) return std::nullopt;
    return value;
  }

 private:
  StarterItems(std::string kind, StarterRun mode, game::Timestamp now,
               std::map<std::int64_t, model::StarterFailure> failures);
  // `run` without its result's type: true when the step succeeded and committed.
  bool run_step(GameDeps& deps, std::int64_t id, const std::string& what,
                const std::function<Result<void>(pqxx::work&)>& step);

  std::string kind_;
  StarterRun mode_;
  game::Timestamp now_;
  std::map<std::int64_t, model::StarterFailure> failures_;  // by item id
};

}  // namespace corrchess::app
