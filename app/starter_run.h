// Who runs the competition starter (app/competitions.h, app/competition_items.h): the
// scheduler, whose failed items wait out their retry delay, or a director (POST
// /api/v1/admin/competitions/run), who tries every item now.
#pragma once

namespace corrchess::app {

enum class StarterRun { kScheduled, kNow };

}  // namespace corrchess::app
