// Message and note endpoints (docs/api.md "Messages and notes"), the HTTP adapter over
// app/game_talk.h: GET/POST /api/v1/games/{id}/messages, GET/PUT /api/v1/games/{id}/note.
#pragma once

#include "api/router.h"
#include "app/game_talk.h"

namespace corrchess::api {

// `router` and `deps` must outlive the registration.
void add_game_talk_routes(Router& router, app::TalkDeps& deps);

}  // namespace corrchess::api
