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

TEST(Problem, MapsCodesToStatusAndStableName) {
  EXPECT_EQ(http_status(ErrorCode::kValidationError), 400);
  EXPECT_EQ(http_status(ErrorCode::kUnauthorized), 401);
  EXPECT_EQ(http_status(ErrorCode::kForbidden), 403);
  EXPECT_EQ(http_status(ErrorCode::kNotFound), 404);
  EXPECT_EQ(http_status(ErrorCode::kPayloadTooLarge), 413);
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

}  // namespace
}  // namespace corrchess::api
