// Route table: method + path pattern ("/api/v1/games/{id}") -> handler. Unknown paths
// answer 404 and known paths with the wrong method 405 (with an Allow header).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "api/http.h"
#include "api/route_doc.h"

namespace corrchess::api {

using PathParams = std::map<std::string, std::string>;
using Handler = std::function<Response(const Request&, const PathParams&)>;

class Router {
 public:
  // Registers a handler for `entry.method` and `entry.path` (a pattern whose segments in
  // braces capture path parameters; "{token}.ics" captures what comes before ".ics"), documented by
  // `entry` (api/openapi.h).
  void add(RouteDoc entry, Handler handler);
  // An undocumented route (tests of the router itself).
  void add(std::string method, std::string pattern, Handler handler);
  // Documents a route the server layer answers before routing (a WebSocket upgrade, a
  // stream); dispatch never matches it.
  void describe(RouteDoc entry) { described_.push_back(std::move(entry)); }
  // The handler of GET and HEAD requests no route matches (the web client's pages);
  // without one they answer 404.
  void set_fallback(Handler handler) { fallback_ = std::move(handler); }
  // Dispatches to the matching handler, or answers 404/405 as problem+json.
  Response dispatch(const Request& request) const;
  // Every registered (method, pattern), for the OpenAPI document and tests.
  std::vector<std::pair<std::string, std::string>> routes() const;
  // The documentation of every registered route, then of every described one, in the order
  // they were added.
  std::vector<RouteDoc> documented() const;

 private:
  struct Route {
    RouteDoc entry;
    std::vector<std::string> segments;
    Handler handler;
  };
  std::vector<Route> routes_;
  std::vector<RouteDoc> described_;
  Handler fallback_;
};

}  // namespace corrchess::api
