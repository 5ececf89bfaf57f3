// The directors' audit log (docs/api.md "/admin"), transport-neutral: every director action
// is written by db::write_audit in the transaction of the action; this reads it back.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/handles.h"
#include "core/error.h"
#include "model/events.h"
#include "model/users.h"

namespace corrchess::app {

// Which rows to list: those of a game, an event and a user (actor or target) when given.
struct AuditQuery {
  std::optional<std::int64_t> game_id;
  std::optional<std::int64_t> event_id;
  std::optional<std::string> username;
  std::int64_t limit = 100;
};

// The newest rows matching `query`, newest first. kForbidden unless `director` is one;
// kValidationError for an unknown username.
Result<std::vector<model::AuditRecord>> audit_log(Database& pool, const model::User& director,
                                                  const AuditQuery& query);

}  // namespace corrchess::app
