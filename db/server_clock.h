// Where "now" comes from: the system clock, or (CORRCHESS_CLOCK=manual, for tests and
// demonstrations) a clock stored in PostgreSQL that every instance shares and that only
// moves forward when told to.
#pragma once

#include <memory>

#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/time.h"
#include "db/pool.h"

namespace corrchess::db {

class ServerClock {
 public:
  virtual ~ServerClock() = default;
  // The current instant (whole seconds, UTC).
  virtual game::Timestamp now() = 0;
  // The same, read inside the caller's transaction (no second connection).
  virtual game::Timestamp now(pqxx::work& tx) = 0;
  virtual bool is_manual() const = 0;
};

std::unique_ptr<ServerClock> system_clock();

// Manual clock over the manual_clock table (created at the system time on first use).
class ManualClock : public ServerClock {
 public:
  explicit ManualClock(Pool& pool) : pool_(pool) {}
  game::Timestamp now() override;
  game::Timestamp now(pqxx::work& tx) override;
  bool is_manual() const override { return true; }
  // Moves time forward by `seconds` (> 0) or to `to` (never backward, never past
  // 9999-12-31T23:59:59Z: kValidationError, and the clock stays where it was).
  Result<game::Timestamp> advance(game::Seconds seconds);
  Result<game::Timestamp> set(game::Timestamp to);

 private:
  Pool& pool_;
};

}  // namespace corrchess::db
