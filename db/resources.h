// Whether a resource a request names by id is there: one cheap query per kind
// (SELECT EXISTS on its table's primary key), for requests the API refuses anyway
// (app/resources.h).
#pragma once

#include <cstdint>
#include <optional>

#include <pqxx/pqxx>

#include "model/resources.h"

namespace corrchess::db {

// Whether row `id` of the table of `kind` exists. With `user_id`, only a row that user may
// name counts for the kinds a user owns or is party to: their own webhook, push subscription
// or leave period; a challenge they made, received or may accept (open to anyone), as
// app/challenges.cpp's may_see. The other kinds ignore `user_id`.
bool resource_exists(pqxx::work& tx, model::Resource kind, std::int64_t id,
                     std::optional<std::int64_t> user_id = std::nullopt);

}  // namespace corrchess::db
