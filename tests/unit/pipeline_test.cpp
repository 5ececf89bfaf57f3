// The request pipeline (api/pipeline.h) in the order it promises: sign-in before ids, ids
// before the body, the body decoded once into its declared type before the handler runs, and
// every error rendered as problem+json with its extra members. The pool never connects: no
// request here carries a credential, so nothing reads the database.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "api/json_body.h"
#include "api/pipeline.h"
#include "api/router.h"
#include "db/pool.h"

namespace corrchess::api {
namespace {

using nlohmann::json;

// A request as a client sends it: a body is labelled JSON.
Request make_request(std::string method, std::string path, std::string body = "") {
  Request r;
  r.method = std::move(method);
  r.path = std::move(path);
  if (!body.empty()) r.headers["content-type"] = "application/json";
  r.body = std::move(body);
  return r;
}

// {"n": integer 1..9}; an empty body counts as {"n": 1}.
struct CountBody {
  static constexpr bool kEmptyBody = true;
  int n = 1;

  static Result<CountBody> from_json(const json& body, const Request&) {
    if (!body.contains("n")) return CountBody{};
    if (!body["n"].is_number_integer() || body["n"] < 1 || body["n"] > 9) {
      return fail(ErrorCode::kValidationError, "field 'n' must be an integer from 1 to 9");
    }
    return CountBody{body["n"].get<int>()};
  }
};

void expect_problem(const Response& r, int status, const std::string& code,
                    const std::string& detail) {
  EXPECT_EQ(r.status, status) << r.body;
  EXPECT_EQ(r.content_type, "application/problem+json");
  const auto body = json::parse(r.body);
  EXPECT_EQ(body["code"], code);
  EXPECT_EQ(body["detail"], detail);
}

class Pipeline : public ::testing::Test {
 protected:
  Pipeline() {
    Routes routes(router_, pool_);
    routes.add({"GET", "/events/{id}", Access::kNone, IdKind::kEvent},
               [this](const Call& c) -> Result<Response> {
                 ++calls_;
                 return json_response(200, {{"id", c.id}, {"signed_in", c.user != nullptr}});
               });
    routes.add({"POST", "/events/{id}/count", Access::kNone, IdKind::kEvent},
               BodyHandler<CountBody>([this](const Call& c, CountBody&& b) -> Result<Response> {
                 ++calls_;
                 if (b.n == 7) {
                   return std::unexpected(
                       Error{ErrorCode::kConflict, "seven"}.with("event", std::to_string(c.id)));
                 }
                 return json_response(200, {{"n", b.n}});
               }));
    routes.add({"POST", "/games/{id}/mine", Access::kUser, IdKind::kGame},
               BodyHandler<CountBody>([this](const Call&, CountBody&&) -> Result<Response> {
                 ++calls_;
                 return no_content();
               }));
    routes.add({"POST", "/forms", Access::kNone, Doc("a form", 200, "its body").reading_own_body()},
               [this](const Call& c) -> Result<Response> {
                 ++calls_;
                 return json_response(200, {{"body", c.request.body}});
               });
    routes.add({"POST", "/admin/things", Access::kDirector},
               [this](const Call&) -> Result<Response> {
                 ++calls_;
                 return no_content();
               });
  }

  db::Pool pool_{"host=/nonexistent dbname=none", 1};
  Router router_;
  int calls_ = 0;
};

TEST_F(Pipeline, ParsesTheIdOfItsKindOrAnswersNotFoundNamingIt) {
  auto ok = router_.dispatch(make_request("GET", "/events/42"));
  EXPECT_EQ(ok.status, 200);
  EXPECT_EQ(json::parse(ok.body), json({{"id", 42}, {"signed_in", false}}));
  EXPECT_EQ(ok.route, "/events/{id}");
  for (const char* bad : {"abc", "0", "-3", "+3", "042", "1234567890123456789"}) {
    expect_problem(router_.dispatch(make_request("GET", std::string("/events/") + bad)), 404,
                   "not_found", std::string("no event ") + bad);
  }
  EXPECT_EQ(calls_, 1);
}

TEST_F(Pipeline, DecodesTheBodyOnceIntoItsTypeBeforeTheHandler) {
  auto ok = router_.dispatch(make_request("POST", "/events/5/count", R"({"n": 3})"));
  EXPECT_EQ(ok.status, 200);
  EXPECT_EQ(json::parse(ok.body)["n"], 3);
  auto empty = router_.dispatch(make_request("POST", "/events/5/count"));
  EXPECT_EQ(json::parse(empty.body)["n"], 1);
  EXPECT_EQ(calls_, 2);
  expect_problem(router_.dispatch(make_request("POST", "/events/5/count", R"({"n": 10})")), 400,
                 "validation_error", "field 'n' must be an integer from 1 to 9");
  auto not_json = router_.dispatch(make_request("POST", "/events/5/count", "{n: 3"));
  EXPECT_EQ(not_json.status, 400);
  auto array = router_.dispatch(make_request("POST", "/events/5/count", "[1]"));
  EXPECT_EQ(array.status, 400);
  // The id is checked before the body.
  expect_problem(router_.dispatch(make_request("POST", "/events/x/count", "{n: 3")), 404,
                 "not_found", "no event x");
  EXPECT_EQ(calls_, 2);
}

// docs/api.md "Conventions": a route that takes no body takes an empty one or a JSON object
// (ignored); another body is refused at step 4, after the id, and the handler does not run.
TEST_F(Pipeline, ARouteWithoutABodyRefusesBodiesThatAreNotAJsonObject) {
  auto text = make_request("GET", "/events/5", "please");
  text.headers["content-type"] = "text/plain";
  expect_problem(router_.dispatch(text), 415, "unsupported_media_type",
                 "request bodies are JSON: send Content-Type: application/json");
  auto unlabelled = make_request("GET", "/events/5", "please");
  unlabelled.headers.erase("content-type");
  EXPECT_EQ(router_.dispatch(unlabelled).status, 415);
  EXPECT_EQ(router_.dispatch(make_request("GET", "/events/5", "[1]")).status, 400);
  EXPECT_EQ(router_.dispatch(make_request("GET", "/events/5", "{n: 3")).status, 400);
  // The id is checked before the body.
  text.path = "/events/x";
  expect_problem(router_.dispatch(text), 404, "not_found", "no event x");
  EXPECT_EQ(calls_, 0);
  EXPECT_EQ(router_.dispatch(make_request("GET", "/events/5", R"({"ignored": 1})")).status, 200);
  EXPECT_EQ(router_.dispatch(make_request("GET", "/events/5")).status, 200);
  // A route that reads its own body gets it as it came.
  auto form = make_request("POST", "/forms", "List-Unsubscribe=One-Click");
  form.headers["content-type"] = "application/x-www-form-urlencoded";
  auto read = router_.dispatch(form);
  EXPECT_EQ(read.status, 200);
  EXPECT_EQ(json::parse(read.body)["body"], "List-Unsubscribe=One-Click");
  EXPECT_EQ(calls_, 3);
}

TEST_F(Pipeline, RendersTheHandlersErrorWithItsMembers) {
  auto r = router_.dispatch(make_request("POST", "/events/5/count", R"({"n": 7})"));
  expect_problem(r, 409, "conflict", "seven");
  EXPECT_EQ(json::parse(r.body)["event"], "5");
}

TEST_F(Pipeline, SignInComesBeforeIdsBodiesAndHandlers) {
  for (const char* path : {"/games/9/mine", "/games/abc/mine"}) {
    auto r = router_.dispatch(make_request("POST", path, "not json"));
    EXPECT_EQ(r.status, 401) << path;
    EXPECT_EQ(json::parse(r.body)["code"], "unauthorized");
  }
  EXPECT_EQ(router_.dispatch(make_request("POST", "/admin/things")).status, 401);
  EXPECT_EQ(calls_, 0);
}

TEST(PipelineNames, AccessAndIdKindsHaveStableNames) {
  EXPECT_EQ(to_string(Access::kNone), "none");
  EXPECT_EQ(to_string(Access::kPlayer), "player");
  EXPECT_EQ(to_string(Access::kDirector), "director");
  EXPECT_EQ(to_string(IdKind::kLeave), "leave period");
  EXPECT_EQ(to_string(IdKind::kWebhook), "webhook");
}

TEST(PipelineDocs, AnEntryCarriesItsDocumentationIntoTheRouter) {
  Router router;
  db::Pool pool{"host=/nonexistent dbname=none", 1};
  Routes routes(router, pool, "things");
  routes.add({"GET", "/things/{id}", Access::kUser, IdKind::kEvent,
              Doc("A thing", 200, "the thing", "Thing").q({{"full", "boolean", false, "all"}})},
             [](const Call&) -> Result<Response> { return no_content(); });
  routes.add({"POST", "/things", Access::kDirector,
              Doc("Make a thing", 201, "the thing").tagged("making")},
             [](const Call&) -> Result<Response> { return no_content(); });
  router.describe(
      {Doc("Live things", 101, "switching protocols").ws(), "GET", "/live/things", Access::kUser});
  const auto documented = router.documented();
  ASSERT_EQ(documented.size(), 3u);
  EXPECT_EQ(documented[0].method, "GET");
  EXPECT_EQ(documented[0].path, "/things/{id}");
  EXPECT_EQ(documented[0].access, Access::kUser);
  EXPECT_EQ(documented[0].summary, "A thing");
  EXPECT_EQ(documented[0].schema, "Thing");
  EXPECT_EQ(documented[0].tag, "things");
  ASSERT_EQ(documented[0].query.size(), 1u);
  EXPECT_EQ(documented[1].tag, "making");
  EXPECT_EQ(documented[1].status, 201);
  EXPECT_TRUE(documented[2].before_routing());
  // A described route is documentation only: the router does not answer it.
  EXPECT_EQ(router.routes().size(), 2u);
  EXPECT_EQ(router.dispatch(make_request("GET", "/live/things")).status, 404);
}

TEST(FieldReader, ReportsTheFirstBadFieldAndReadsNothingAfterIt) {
  const json body = {{"a", "text"}, {"b", 7}, {"c", "not a bool"}, {"d", "x"}};
  Fields in(body);
  EXPECT_EQ(in.required_string("a", 16), "text");
  EXPECT_EQ(in.optional_int("b"), 7);
  EXPECT_TRUE(in.ok());
  EXPECT_EQ(in.optional_bool("c"), std::nullopt);
  EXPECT_FALSE(in.ok());
  // Later reads, good or bad, are empty and leave the first failure in place.
  EXPECT_EQ(in.required_string("d", 16), "");
  EXPECT_EQ(in.required_string("missing", 16), "");
  EXPECT_EQ(in.take(Result<int>(5)), 0);
  const auto finished = in.finish(1);
  ASSERT_FALSE(finished.has_value());
  EXPECT_EQ(finished.error().code, ErrorCode::kValidationError);
  EXPECT_EQ(finished.error().detail, "field 'c' must be true or false");
}

TEST(FieldReader, FinishesWithTheValueWhenEveryReadSucceeded) {
  const json body = {{"reason", "  a reason\n"}, {"blank", " \t"}};
  Fields in(body);
  EXPECT_EQ(in.nonblank_text("reason", 100), "  a reason\n");
  EXPECT_EQ(in.optional_string("absent"), std::nullopt);
  EXPECT_EQ(in.take(Result<int>(5)), 5);
  EXPECT_EQ(in.finish(std::string("done")), std::string("done"));
  Fields blank(body);
  blank.nonblank_text("blank", 100);
  EXPECT_EQ(blank.finish(0).error().detail, "field 'blank' must not be empty");
}

}  // namespace
}  // namespace corrchess::api
