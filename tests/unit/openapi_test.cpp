// The OpenAPI document against the routes the service really registers: the document is
// generated from the route entries (api/route_doc.h), so a route registered without its
// documentation, or documented but never answered, fails here. The service is built over a pool
// that never connects (connections are opened lazily), so no database is needed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <memory>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "api/openapi.h"
#include "api/problem.h"
#include "api/service.h"
#include "db/pool.h"
#include "db/server_clock.h"

namespace corrchess::api {
namespace {

using nlohmann::json;
using RouteSet = std::set<std::pair<std::string, std::string>>;

// The registered routes, without plain-HTTP routes on a path the server layer takes over
// (WebSocket upgrades, streams).
RouteSet registered(const Service& service) {
  RouteSet out;
  for (const auto& r : service.router().routes()) {
    bool upgrade = false;
    for (const auto& d : documented_routes(service.router())) {
      upgrade |= d.before_routing() && d.method == r.first && d.path == r.second;
    }
    if (!upgrade) out.insert(r);
  }
  return out;
}

// The method of an OpenAPI operation ("post") as routes name it ("POST").
std::string route_method(std::string operation) {
  for (auto& c : operation) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return operation;
}

// The documented routes, without those the server layer answers before routing.
RouteSet in_document(const json& doc) {
  RouteSet out;
  for (const auto& [path, ops] : doc.at("paths").items()) {
    for (const auto& [method, op] : ops.items()) {
      if (op.value("x-websocket", false) || op.value("x-stream", false)) continue;
      out.emplace(route_method(method), path);
    }
  }
  return out;
}

void expect_same(const RouteSet& routes, const RouteSet& documented) {
  for (const auto& r : routes) {
    EXPECT_TRUE(documented.contains(r))
        << r.first << " " << r.second << " is registered but not in the document";
  }
  for (const auto& d : documented) {
    EXPECT_TRUE(routes.contains(d))
        << d.first << " " << d.second << " is documented but no such route is registered";
  }
}

struct Served {
  db::Pool pool{"host=/nonexistent dbname=none", 1};  // never connected in these tests
  std::unique_ptr<db::ServerClock> clock;
  std::unique_ptr<Service> service;
  explicit Served(bool manual) {
    if (manual) {
      clock = std::make_unique<db::ManualClock>(pool);
    } else {
      clock = db::system_clock();
    }
    service = std::make_unique<Service>(pool, *clock, std::vector<model::Migration>{});
  }
  json document() {
    Request r;
    r.method = "GET";
    r.path = "/api/v1/openapi.json";
    auto response = service->handle(r);
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.content_type, "application/json");
    return json::parse(response.body);
  }
};

TEST(OpenApi, DocumentMatchesTheRegisteredRoutes) {
  for (bool manual : {false, true}) {
    SCOPED_TRACE(manual ? "manual clock" : "system clock");
    Served served(manual);
    const auto routes = registered(*served.service);
    ASSERT_GT(routes.size(), 30u);
    const auto doc = served.document();
    expect_same(routes, in_document(doc));
    EXPECT_EQ(routes.contains({"POST", "/api/v1/admin/clock"}), manual);
  }
}

TEST(OpenApi, TableHasNoDuplicatesAndEveryEntryIsComplete) {
  Served served(true);  // the manual clock registers every route
  RouteSet seen;
  for (const auto& d : documented_routes(served.service->router())) {
    EXPECT_TRUE(seen.emplace(d.method, d.path).second) << "twice: " << d.method << " " << d.path;
    EXPECT_FALSE(d.summary.empty()) << d.path;
    EXPECT_FALSE(d.response.empty()) << d.path;
    EXPECT_FALSE(d.tag.empty()) << d.path;
    // Whoever needs a game id in the path is a player or more; open routes take no id (a
    // secret address's {token} is no id).
    if (d.access == Access::kNone && d.path.find("{token}") == std::string::npos) {
      EXPECT_EQ(d.path.find('{'), std::string::npos) << d.path;
    }
    // An example body names only documented fields and every required one.
    if (!d.body.empty()) {
      ASSERT_TRUE(d.example.is_object()) << d.method << " " << d.path << " needs an example";
      std::set<std::string> names;
      for (const auto& f : d.body) {
        names.insert(f.name);
        if (f.required) {
          EXPECT_TRUE(d.example.contains(f.name)) << d.path << " " << f.name;
        }
      }
      for (const auto& [k, v] : d.example.items()) EXPECT_TRUE(names.contains(k)) << d.path << k;
    }
  }
}

TEST(OpenApi, IsAnOpenApi31DocumentWithAuthAndProblems) {
  Served served(false);
  const auto doc = served.document();
  EXPECT_EQ(doc["openapi"], "3.1.0");
  EXPECT_TRUE(doc["info"].contains("title"));
  const auto& game = doc["paths"]["/api/v1/games/{id}"]["get"];
  EXPECT_EQ(game["x-auth"], "user");
  EXPECT_EQ(game["parameters"][0]["name"], "id");
  EXPECT_EQ(game["parameters"][0]["in"], "path");
  EXPECT_EQ(game["responses"]["200"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/Game");
  EXPECT_TRUE(game["responses"].contains("401"));
  EXPECT_EQ(doc["paths"]["/healthz"]["get"]["x-auth"], "none");
  EXPECT_FALSE(doc["paths"]["/healthz"]["get"].contains("security"));
  EXPECT_EQ(doc["paths"]["/api/v1/openapi.json"]["get"]["x-auth"], "none");
  const auto& result = doc["paths"]["/api/v1/admin/games/{id}/result"]["post"];
  EXPECT_EQ(result["x-auth"], "director");
  EXPECT_TRUE(result["responses"].contains("403"));
  const auto& body = result["requestBody"]["content"]["application/json"];
  EXPECT_EQ(body["schema"]["required"], json({"result", "termination", "reason"}));
  EXPECT_EQ(body["example"]["result"], "1-0");
  EXPECT_EQ(doc["paths"]["/api/v1/games/{id}/moves"]["post"]["x-auth"], "player");
  EXPECT_EQ(doc["paths"]["/api/v1/admin/users/{username}"]["patch"]["x-auth"], "admin");
  EXPECT_TRUE(
      doc["paths"]["/api/v1/games/{id}/board.svg"]["get"]["responses"]["200"]["content"].contains(
          "image/svg+xml"));

  // Every stable error code is listed with its status.
  const auto& problem = doc["components"]["schemas"]["Problem"];
  const auto& codes = problem["properties"]["code"]["enum"];
  for (int i = 0; i <= static_cast<int>(ErrorCode::kInternal); ++i) {
    const auto code = static_cast<ErrorCode>(i);
    const std::string name{error_code_name(code)};
    EXPECT_NE(std::find(codes.begin(), codes.end(), name), codes.end()) << name;
    EXPECT_EQ(problem["x-status-by-code"][name], http_status(code)) << name;
  }
  EXPECT_NE(std::find(codes.begin(), codes.end(), "method_not_allowed"), codes.end());
  EXPECT_EQ(problem["x-status-by-code"]["illegal_move"], 422);

  // Every $ref resolves.
  std::function<void(const json&)> check_refs = [&](const json& j) {
    if (j.is_object()) {
      if (auto it = j.find("$ref"); it != j.end()) {
        const std::string target = *it;
        const std::string prefix = "#/components/schemas/";
        ASSERT_TRUE(target.starts_with(prefix)) << target;
        EXPECT_TRUE(doc["components"]["schemas"].contains(target.substr(prefix.size()))) << target;
      }
      for (const auto& [k, v] : j.items()) check_refs(v);
    } else if (j.is_array()) {
      for (const auto& v : j) check_refs(v);
    }
  };
  check_refs(doc);
}

// The routes that hash or check a password may answer 503 with Retry-After when the bound on
// concurrent hashes is full (CORRCHESS_MAX_CONCURRENT_HASHES); the document says so for them
// and for no other route.
TEST(OpenApi, PasswordHashingRoutesDocumentTheir503WithRetryAfter) {
  const auto doc = Served(true).document();
  const RouteSet hashing = {{"POST", "/api/v1/auth/register"},
                            {"POST", "/api/v1/auth/login"},
                            {"POST", "/api/v1/me/password"},
                            {"POST", "/api/v1/auth/password-reset/confirm"}};
  std::size_t found = 0;
  for (const auto& [path, ops] : doc.at("paths").items()) {
    for (const auto& [method, op] : ops.items()) {
      const RouteSet::value_type route{route_method(method), path};
      const auto& responses = op.at("responses");
      if (!hashing.contains(route)) {
        EXPECT_FALSE(responses.contains("503")) << route.first << " " << path;
        continue;
      }
      ++found;
      ASSERT_TRUE(responses.contains("503")) << route.first << " " << path;
      const json busy = responses.at("503");  // a copy: [] on a missing key reads null
      EXPECT_TRUE(busy["headers"].contains("Retry-After")) << route.first << " " << path;
      EXPECT_EQ(busy["content"]["application/problem+json"]["schema"]["$ref"],
                "#/components/schemas/Problem");
    }
  }
  EXPECT_EQ(found, hashing.size());
}

TEST(OpenApi, ManualClockRoutesAppearOnlyWhenRegistered) {
  const auto without = Served(false).document();
  EXPECT_FALSE(without["paths"].contains("/api/v1/admin/clock"));
  EXPECT_TRUE(without["paths"].contains("/api/v1/games/{id}"));
  const auto with = Served(true).document();
  EXPECT_TRUE(with["paths"]["/api/v1/admin/clock"].contains("post"));
}

}  // namespace
}  // namespace corrchess::api
