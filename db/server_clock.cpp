#include "db/server_clock.h"

#include <chrono>

#include "db/transaction.h"

namespace corrchess::db {

namespace {

class SystemClock : public ServerClock {
 public:
  game::Timestamp now() override {
    const auto s = std::chrono::duration_cast<std::chrono::seconds>(
        std::chrono::system_clock::now().time_since_epoch());
    return game::Timestamp(s.count());
  }
  game::Timestamp now(pqxx::work&) override { return now(); }
  bool is_manual() const override { return false; }
};

// The latest instant the manual clock may show: 9999-12-31T23:59:59Z, the last one RFC 3339
// text (and so every answer and every stored timestamp) can hold.
constexpr std::int64_t kLatestSeconds = 253402300799;

std::string too_late() { return "the manual clock cannot pass 9999-12-31T23:59:59Z"; }

constexpr const char* kEnsureRow =
    "INSERT INTO manual_clock (id, now) VALUES (true, date_trunc('second', now())) "
    "ON CONFLICT (id) DO NOTHING";

game::Timestamp read_locked(pqxx::work& tx) {
  tx.exec(kEnsureRow);
  return game::Timestamp(
      tx.exec1("SELECT extract(epoch FROM now)::bigint FROM manual_clock FOR UPDATE")[0]
          .as<std::int64_t>());
}

}  // namespace

std::unique_ptr<ServerClock> system_clock() { return std::make_unique<SystemClock>(); }

game::Timestamp ManualClock::now(pqxx::work& tx) {
  auto r = tx.exec("SELECT extract(epoch FROM now)::bigint FROM manual_clock");
  if (r.empty()) {
    tx.exec(kEnsureRow);
    r = tx.exec("SELECT extract(epoch FROM now)::bigint FROM manual_clock");
  }
  return game::Timestamp(r[0][0].as<std::int64_t>());
}

game::Timestamp ManualClock::now() {
  auto t =
      in_transaction(pool_, [this](pqxx::work& tx) -> Result<game::Timestamp> { return now(tx); });
  if (!t) throw std::runtime_error("manual clock unavailable: " + t.error().detail);
  return *t;
}

Result<game::Timestamp> ManualClock::advance(game::Seconds seconds) {
  if (seconds <= 0) return fail(ErrorCode::kValidationError, "advance_seconds must be positive");
  return in_transaction(pool_, [&](pqxx::work& tx) -> Result<game::Timestamp> {
    const auto current = read_locked(tx);
    // Compared before adding, so that no amount overflows.
    if (seconds > kLatestSeconds - current.unix_seconds()) {
      return fail(ErrorCode::kValidationError, too_late());
    }
    const auto next = current + seconds;
    tx.exec_params("UPDATE manual_clock SET now = to_timestamp($1)", next.unix_seconds());
    tx.exec_params("SELECT pg_notify('corrchess_clock', $1)", std::to_string(next.unix_seconds()));
    return next;
  });
}

Result<game::Timestamp> ManualClock::set(game::Timestamp to) {
  if (to.unix_seconds() > kLatestSeconds) return fail(ErrorCode::kValidationError, too_late());
  return in_transaction(pool_, [&](pqxx::work& tx) -> Result<game::Timestamp> {
    const auto current = read_locked(tx);
    if (to < current) {
      return fail(ErrorCode::kValidationError, "the manual clock never moves backward (it is " +
                                                   game::format_rfc3339(current) + ")");
    }
    tx.exec_params("UPDATE manual_clock SET now = to_timestamp($1)", to.unix_seconds());
    tx.exec_params("SELECT pg_notify('corrchess_clock', $1)", std::to_string(to.unix_seconds()));
    return to;
  });
}

}  // namespace corrchess::db
