// The archive's query (GET /api/v1/users/{username}/games): a player's games matching the
// filters, by id, one page after another (keyset: the id of the last game read), so an
// export of any length reads a bounded number of rows at a time.
#pragma once

#include <cstdint>
#include <vector>

#include <pqxx/pqxx>

#include "model/archive.h"

namespace corrchess::db {

using model::ArchiveFilter;
using model::ArchiveResult;

// The ids of at most `limit` games matching `filter` with an id above `after_id`, ascending.
std::vector<std::int64_t> archive_game_ids(pqxx::work& tx, const ArchiveFilter& filter,
                                           std::int64_t after_id, int limit);

}  // namespace corrchess::db
