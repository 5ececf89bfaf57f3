#include "app/competition_items.h"

#include "core/competition/starter.h"
#include "db/error_log.h"
#include "db/starter_failures.h"
#include "db/transaction.h"

namespace corrchess::app {

void log_skipped_item(const std::string& item, const Error& error) {
  db::log_database_error("competition starter: " + item +
                         " failed and was skipped: " + error.detail);
}

namespace {

// What a director is shown of a failure: the use case's detail, and the database's own
// message when it refused the work ("database error: duplicate key value ...").
std::string failure_text(const Error& error) {
  if (error.internal.empty()) return error.detail;
  return error.detail + ": " + error.internal;
}

}  // namespace

StarterItems::StarterItems(std::string kind, StarterRun mode, game::Timestamp now,
                           std::map<std::int64_t, model::StarterFailure> failures)
    : kind_(std::move(kind)), mode_(mode), now_(now), failures_(std::move(failures)) {}

Result<StarterItems> StarterItems::read(GameDeps& deps, std::string kind, StarterRun mode) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<StarterItems> {
    return StarterItems(kind, mode, deps.clock.now(tx), db::starter_failures(tx, kind));
  });
}

std::optional<game::Timestamp> StarterItems::ready_at() const {
  if (mode_ == StarterRun::kNow) return std::nullopt;
  return now_;
}

bool StarterItems::deferred(std::int64_t id) const {
  if (mode_ == StarterRun::kNow) return false;
  const auto it = failures_.find(id);
  return it != failures_.end() && it->second.retry_at > now_;
}

bool StarterItems::run_step(GameDeps& deps, std::int64_t id, const std::string& what,
                            const std::function<Result<void>(pqxx::work&)>& step) {
  const auto known = failures_.find(id);
  const bool failed_before = known != failures_.end();
  auto ran = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY(step(tx));
    if (failed_before) db::forget_starter_failure(tx, kind_, id);
    return {};
  });
  if (ran) {
    if (failed_before) failures_.erase(known);
    return true;
  }
  log_skipped_item(what, ran.error());
  const int failures = (failed_before ? known->second.failures : 0) + 1;
  const auto recorded = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    const auto now = deps.clock.now(tx);
    const model::StarterFailure failure{kind_,
                                        id,
                                        what,
                                        failures,
                                        now,
                                        now + competition::starter_retry_delay(failures),
                                        failure_text(ran.error())};
    db::record_starter_failure(tx, failure);
    failures_[id] = failure;
    return {};
  });
  if (!recorded) log_skipped_item(what + " (recording its failure)", recorded.error());
  return false;
}

}  // namespace corrchess::app
