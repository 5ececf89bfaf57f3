// Whether what a request's path names by id is there, as its caller may name it: for the
// request pipeline (api/pipeline.h), which answers 404 rather than a refused body's 400 when
// the id names nothing, as the route's use case would have (docs/api.md "Errors").
#pragma once

#include <cstdint>
#include <string>

#include "app/handles.h"
#include "core/error.h"
#include "model/resources.h"
#include "model/users.h"

namespace corrchess::app {

// Nothing when resource `id` of `kind` exists as `caller` may name it, else kNotFound with the
// use cases' detail ("no game 12"); other errors (the database unreachable) as they come. As
// the use cases answer 404 for them, a webhook or push subscription is only the caller's own,
// and a leave period or challenge one the caller may see (their own, a challenge to them or
// open to anyone; a director sees every one).
Result<void> require_exists(Database& pool, const model::User& caller, model::Resource kind,
                            std::int64_t id);

// Nothing when series `id` has entry `entry_id`, else kNotFound as remove_series_entry says
// it ("no series 3", "no entry 7 in series 3"): the ids of
// /admin/series/{id}/entries/{entry}/remove.
Result<void> require_series_entry(Database& pool, std::int64_t id, std::int64_t entry_id);

// Nothing when someone is called `username` (any case), else kNotFound as the use cases say it
// ("no user 'x'"): the {username} of /admin/users/{username}, its games and a player's
// archive.
Result<void> require_user(Database& pool, const std::string& username);

}  // namespace corrchess::app
