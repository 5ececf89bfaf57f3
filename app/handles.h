// The database and the clock as app/ hands them to the transports: handles that api/ and
// server/ pass to the use cases and never open. They are declared, not defined, here: api/
// cannot run a statement or read the clock except through a use case (docs/architecture.md).
#pragma once

namespace corrchess::db {
class Pool;
class ServerClock;
}  // namespace corrchess::db

namespace corrchess::app {

// The connection pool every use case runs its transactions on (db/pool.h).
using Database = db::Pool;
// Where "now" comes from: the system clock or the shared manual clock (db/server_clock.h).
using ServerClock = db::ServerClock;

}  // namespace corrchess::app
