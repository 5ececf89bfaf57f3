#include "api/service.h"

#include <exception>

namespace corrchess::api {

Service::Service(db::Pool& pool, std::vector<db::Migration> migrations,
                 AccountOptions account_options)
    : pool_(pool), migrations_(std::move(migrations)) {
  router_.add("GET", "/healthz", [this](const Request&, const PathParams&) { return healthz(); });
  router_.add("GET", "/readyz", [this](const Request&, const PathParams&) { return readyz(); });
  add_account_routes(router_, pool_, account_options);
}

Response Service::handle(const Request& request) const {
  try {
    return router_.dispatch(request);
  } catch (const std::exception&) {
    return problem_response(Error{ErrorCode::kInternal, "internal error"});
  }
}

Response Service::healthz() const { return json_response(200, {{"status", "ok"}}); }

Response Service::readyz() const {
  try {
    auto conn = pool_.acquire();
    auto current = db::migrations_current(*conn, migrations_);
    if (!current) {
      return json_response(503, {{"status", "not_ready"}, {"reason", current.error().detail}});
    }
    if (!*current) {
      return json_response(503, {{"status", "not_ready"}, {"reason", "migrations pending"}});
    }
    return json_response(200, {{"status", "ready"}});
  } catch (const std::exception&) {
    return json_response(503, {{"status", "not_ready"}, {"reason", "database unreachable"}});
  }
}

}  // namespace corrchess::api
