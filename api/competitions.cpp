#include "api/competitions.h"

#include "app/competitions.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

json failure_json(const model::StarterFailure& f) {
  return {{"kind", f.kind},
          {"item_id", std::to_string(f.item_id)},
          {"item", f.item},
          {"failures", f.failures},
          {"failed_at", game::format_rfc3339(f.failed_at)},
          {"retry_at", game::format_rfc3339(f.retry_at)},
          {"error", f.error}};
}

}  // namespace

void add_competition_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "series");
  routes.add({"POST", "/api/v1/admin/competitions/run", kDirector,
              Doc("Run the competition starter now (the scheduler does this by itself on every "
                  "change): due series sections start, entries expire, finished sections close, "
                  "championship stages close and start, cup matches move on; each item in a "
                  "transaction of its own, one that fails is rolled back, logged and counted in "
                  "failed while the others go on; the scheduler tries a failed item again after a "
                  "minute, doubling after every further failure up to six hours, this run tries "
                  "every item now",
                  200,
                  "{sections_started, entries_expired, sections_closed, credits, "
                  "stages_finished, stages_started, matches_decided, cup_games_started, "
                  "cups_finished, failed}")},
             [&deps](const Call&) -> Result<Response> {
               TRY_LET(run, app::run_competitions(deps, app::StarterRun::kNow));
               return json_response(200, {{"sections_started", run->series.sections_started},
                                          {"stages_finished", run->championships.stages_finished},
                                          {"stages_started", run->championships.stages_started},
                                          {"entries_expired", run->series.entries_expired},
                                          {"sections_closed", run->series.sections_closed},
                                          {"credits", run->series.credits},
                                          {"matches_decided", run->cups.matches_decided},
                                          {"cup_games_started", run->cups.games_started},
                                          {"cups_finished", run->cups.cups_finished},
                                          {"failed", run->failed()}});
             });
  routes.add(
      {"GET", "/api/v1/admin/competitions/failures", kDirector,
       Doc("The competition starter's items that failed and wait to be tried again, the "
           "one tried again soonest first; an item leaves the list when it succeeds",
           200, "{failures: [{kind, item_id, item, failures, failed_at, retry_at, error}]}")},
      [&deps](const Call& c) -> Result<Response> {
        TRY_LET(failures, app::starter_failures(deps, c.caller()));
        json out = json::array();
        for (const auto& f : *failures) out.push_back(failure_json(f));
        return json_response(200, {{"failures", out}});
      });
}

}  // namespace corrchess::api
