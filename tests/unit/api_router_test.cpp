#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "api/http.h"
#include "api/problem.h"
#include "api/router.h"

namespace corrchess::api {
namespace {

Request make_request(std::string method, std::string path) {
  Request r;
  r.method = std::move(method);
  r.path = std::move(path);
  return r;
}

TEST(Router, CapturesPathParameters) {
  Router router;
  router.add("GET", "/api/v1/games/{id}", [](const Request&, const PathParams& p) {
    return json_response(200, {{"id", p.at("id")}});
  });
  auto r = router.dispatch(make_request("GET", "/api/v1/games/42"));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(nlohmann::json::parse(r.body)["id"], "42");
}

TEST(Router, UnknownPathIs404Problem) {
  Router router;
  router.add("GET", "/healthz", [](const Request&, const PathParams&) { return Response{}; });
  auto r = router.dispatch(make_request("GET", "/api/v1/nothing"));
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(r.content_type, "application/problem+json");
  EXPECT_EQ(nlohmann::json::parse(r.body)["code"], "not_found");
}

TEST(Router, WrongMethodIs405WithAllowHeader) {
  Router router;
  router.add("GET", "/games/{id}", [](const Request&, const PathParams&) { return Response{}; });
  router.add("DELETE", "/games/{id}", [](const Request&, const PathParams&) { return Response{}; });
  auto r = router.dispatch(make_request("POST", "/games/1"));
  EXPECT_EQ(r.status, 405);
  ASSERT_EQ(r.headers.size(), 1u);
  EXPECT_EQ(r.headers[0].first, "Allow");
  EXPECT_EQ(r.headers[0].second, "GET, DELETE");
}

TEST(Router, EmptySegmentDoesNotMatchParameter) {
  Router router;
  router.add("GET", "/games/{id}", [](const Request&, const PathParams&) { return Response{}; });
  EXPECT_EQ(router.dispatch(make_request("GET", "/games/")).status, 404);
}

TEST(SplitTarget, DecodesPathAndQuery) {
  auto split = split_target("/api/v1/games?status=active&to_move=me&q=a%20b+c");
  ASSERT_TRUE(split.has_value());
  EXPECT_EQ(split->first, "/api/v1/games");
  EXPECT_EQ(split->second.at("status"), "active");
  EXPECT_EQ(split->second.at("to_move"), "me");
  EXPECT_EQ(split->second.at("q"), "a b c");
}

TEST(SplitTarget, RejectsBrokenPercentEscapes) {
  EXPECT_FALSE(split_target("/games/%4").has_value());
  EXPECT_FALSE(split_target("/games?x=%zz").has_value());
  EXPECT_FALSE(split_target("games").has_value());
}

// Hostile paths: bytes that are not UTF-8 would reach the database (500), control characters
// the log (forged lines), and an encoded slash would route as a separator.
TEST(SplitTarget, RejectsNonUtf8ControlCharactersAndEncodedSlashes) {
  for (const char* target :
       {"/api/v1/games/%ff", "/api/v1/events/%c0%af", "/api/v1/admin/users/%ed%a0%80",
        "/api/v1/games/%f4%90%80%80", "/api/v1/games/%e2%82", "/x%0a2026 critical FORGED", "/x%00y",
        "/x%7f", "/api/v1/games/1%2fconditional", "/api/v1/games/1%2Fconditional",
        "/api/v1/games?status=%ff", "/api/v1/games?%0a=1", "/api/v1/games?q=a%00b"}) {
    EXPECT_FALSE(split_target(target).has_value()) << target;
  }
  // Well-formed UTF-8 of every length still decodes.
  auto split = split_target("/users/%c3%a9l%c3%a8ve%e2%82%ac%f0%9f%98%80?name=J%C3%BCrgen");
  ASSERT_TRUE(split.has_value());
  EXPECT_EQ(split->first, "/users/\xc3\xa9l\xc3\xa8ve\xe2\x82\xac\xf0\x9f\x98\x80");
  EXPECT_EQ(split->second.at("name"), "J\xc3\xbcrgen");
}

TEST(Problem, MapsCodesToStatusAndStableName) {
  EXPECT_EQ(http_status(ErrorCode::kValidationError), 400);
  EXPECT_EQ(http_status(ErrorCode::kUnauthorized), 401);
  EXPECT_EQ(http_status(ErrorCode::kForbidden), 403);
  EXPECT_EQ(http_status(ErrorCode::kNotFound), 404);
  EXPECT_EQ(http_status(ErrorCode::kPayloadTooLarge), 413);
  EXPECT_EQ(http_status(ErrorCode::kUnsupportedMediaType), 415);
  EXPECT_EQ(http_status(ErrorCode::kRateLimited), 429);
  auto r = problem_response(Error{ErrorCode::kIllegalMove, "e2e5 is not legal"});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.content_type, "application/problem+json");
  auto body = nlohmann::json::parse(r.body);
  EXPECT_EQ(body["code"], "illegal_move");
  EXPECT_EQ(body["status"], 422);
  EXPECT_EQ(body["detail"], "e2e5 is not legal");
  EXPECT_TRUE(body.contains("type"));
  EXPECT_TRUE(body.contains("title"));
}

TEST(Problem, CarriesTheErrorsExtraMembersAfterTheStandardOnes) {
  auto error = Error{ErrorCode::kConflict, "barred"}
                   .with("barred_until", "2026-01-01T00:00:00Z")
                   .with_json("game", R"({"id": "7", "ply": 3})")
                   .with("code", "not_this_one")
                   .with_json("broken", "{not json");
  auto body = problem_json(error);
  EXPECT_EQ(body["code"], "conflict");  // a standard member is never replaced
  EXPECT_EQ(body["barred_until"], "2026-01-01T00:00:00Z");
  EXPECT_EQ(body["game"]["ply"], 3);
  EXPECT_TRUE(body["broken"].is_null());
  EXPECT_EQ(problem_response(error).body, body.dump());
}

TEST(Problem, StatusesWithoutAnErrorOfTheirOwnHaveCodesToo) {
  EXPECT_EQ(http_status(ErrorCode::kMethodNotAllowed), 405);
  EXPECT_EQ(http_status(ErrorCode::kUnavailable), 503);
  auto body = problem_json(Error{ErrorCode::kUnavailable, "busy"});
  EXPECT_EQ(body["code"], "unavailable");
  EXPECT_EQ(body["title"], "Service Unavailable");
  EXPECT_EQ(body["type"], "https://corrchess.org/problems/unavailable");
  body = problem_json(Error{ErrorCode::kMethodNotAllowed, "no"});
  EXPECT_EQ(body["code"], "method_not_allowed");
  EXPECT_EQ(body["title"], "Method Not Allowed");
}

}  // namespace
}  // namespace corrchess::api
