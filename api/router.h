// Route table: method + path pattern ("/api/v1/games/{id}") -> handler. Unknown paths
// answer 404 and known paths with the wrong method 405 (with an Allow header).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "api/http.h"

namespace corrchess::api {

using PathParams = std::map<std::string, std::string>;
using Handler = std::function<Response(const Request&, const PathParams&)>;

class Router {
 public:
  // Registers a handler; `pattern` segments in braces capture path parameters.
  void add(std::string method, std::string pattern, Handler handler);
  // The handler of GET and HEAD requests no route matches (the web client's pages);
  // without one they answer 404.
  void set_fallback(Handler handler) { fallback_ = std::move(handler); }
  // Dispatches to the matching handler, or answers 404/405 as problem+json.
  Response dispatch(const Request& request) const;
  // Every registered (method, pattern), for the OpenAPI document and tests.
  std::vector<std::pair<std::string, std::string>> routes() const;

 private:
  struct Route {
    std::string method;
    std::string pattern;
    std::vector<std::string> segments;
    Handler handler;
  };
  std::vector<Route> routes_;
  Handler fallback_;
};

}  // namespace corrchess::api
