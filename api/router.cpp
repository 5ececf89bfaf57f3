#include "api/router.h"

#include <optional>
#include <string_view>

namespace corrchess::api {

namespace {

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> out;
  std::size_t start = 1;
  while (start <= path.size()) {
    const auto slash = path.find('/', start);
    const auto end = slash == std::string::npos ? path.size() : slash;
    out.push_back(path.substr(start, end - start));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return out;
}

std::optional<PathParams> match(const std::vector<std::string>& pattern,
                                const std::vector<std::string>& path) {
  if (pattern.size() != path.size()) return std::nullopt;
  PathParams params;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const auto& p = pattern[i];
    const auto close = !p.empty() && p.front() == '{' ? p.find('}') : std::string::npos;
    if (close != std::string::npos) {
      // "{name}" or "{name}.ext": the segment without its literal suffix, which must be there.
      const std::string_view suffix = std::string_view(p).substr(close + 1);
      const std::string& segment = path[i];
      if (segment.size() <= suffix.size() || !segment.ends_with(suffix)) return std::nullopt;
      params[p.substr(1, close - 1)] = segment.substr(0, segment.size() - suffix.size());
    } else if (p != path[i]) {
      return std::nullopt;
    }
  }
  return params;
}

}  // namespace

void Router::add(RouteDoc entry, Handler handler) {
  auto segments = split_path(entry.path);
  routes_.push_back(Route{std::move(entry), std::move(segments), std::move(handler)});
}

void Router::add(std::string method, std::string pattern, Handler handler) {
  RouteDoc entry;
  entry.method = std::move(method);
  entry.path = std::move(pattern);
  add(std::move(entry), std::move(handler));
}

Response Router::dispatch(const Request& request) const {
  const auto path = split_path(request.path);
  std::string allowed;
  for (const auto& route : routes_) {
    auto params = match(route.segments, path);
    if (!params) continue;
    const auto& method = route.entry.method;
    if (method == request.method || (request.method == "HEAD" && method == "GET")) {
      Response response = route.handler(request, *params);
      response.route = route.entry.path;
      return response;
    }
    if (allowed.find(method) == std::string::npos) {
      allowed += allowed.empty() ? method : ", " + method;
    }
  }
  if (!allowed.empty()) {
    Response r = problem_response(
        Error{ErrorCode::kMethodNotAllowed, request.method + " is not allowed on " + request.path});
    r.headers.emplace_back("Allow", allowed);
    r.route = "(method not allowed)";
    return r;
  }
  if (fallback_ && (request.method == "GET" || request.method == "HEAD")) {
    return fallback_(request, {});
  }
  Response r = problem_response(Error{ErrorCode::kNotFound, "no route for " + request.path});
  r.route = "(unmatched)";
  return r;
}

std::vector<std::pair<std::string, std::string>> Router::routes() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& r : routes_) out.emplace_back(r.entry.method, r.entry.path);
  return out;
}

std::vector<RouteDoc> Router::documented() const {
  std::vector<RouteDoc> out;
  for (const auto& r : routes_) out.push_back(r.entry);
  out.insert(out.end(), described_.begin(), described_.end());
  return out;
}

}  // namespace corrchess::api
