// The items of the competition starter (app/competitions.h): a series' turn, a finished
// series section to close, a cup to advance, a championship's finished stage to close or its
// next stage to start, a rated section's norms to check. Each runs in a transaction of its
// own; one that fails is rolled back alone, logged with its kind and id, counted and skipped,
// and the others go on (the next run tries it again).
#pragma once

#include <string>

#include "core/error.h"

namespace corrchess::app {

// Logs that the starter's item `item` ("championship 4: start of its next stage") failed with
// `error` and was skipped (through the database error log: the server's log).
void log_skipped_item(const std::string& item, const Error& error);

}  // namespace corrchess::app
