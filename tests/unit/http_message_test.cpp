// The session's HTTP message rules (server/http_message), which the server's sessions and the
// http_request fuzz target share: framing checks, the answers to unreadable requests, the
// conversion of requests and answers.
#include "server/http_message.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/error.hpp>
#include <nlohmann/json.hpp>

namespace corrchess::server {
namespace {

namespace http = boost::beast::http;

// The request header (and what body follows) of `text`, read by a parser with the session's
// limits; `ec` is the parser's verdict.
BeastRequest parse(const std::string& text, boost::beast::error_code& ec,
                   std::size_t max_body = 1 << 20) {
  RequestParser parser;
  limit_parser(parser, max_body);
  parser.eager(true);
  parser.put(boost::asio::buffer(text), ec);
  return parser.get();
}

std::string problem_code(const api::Response& r) {
  EXPECT_EQ(r.content_type, "application/problem+json");
  return nlohmann::json::parse(r.body).at("code").get<std::string>();
}

// What a session answers after reading the header of `text`: the parser's error answered, or
// the framing refused; nullopt when the body may be read.
std::optional<api::Response> answer_to_header(const std::string& text) {
  boost::beast::error_code ec;
  auto req = parse(text, ec);
  if (ec) return answer_read_error(ec, 1 << 20);
  return refuse_framing(req);
}

TEST(HttpMessage, OnlyASingleChunkedCodingIsUnambiguous) {
  EXPECT_FALSE(answer_to_header("POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"));
  EXPECT_FALSE(answer_to_header("POST /a HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}"));
  for (const std::string header :
       {"Transfer-Encoding: chunked, identity\r\n", "Transfer-Encoding: identity\r\n",
        "Transfer-Encoding: gzip\r\n", "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n",
        "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n",
        "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n"}) {
    auto refused = answer_to_header("POST /a HTTP/1.1\r\n" + header + "\r\n");
    ASSERT_TRUE(refused) << header;
    EXPECT_EQ(refused->status, 400);
    EXPECT_EQ(problem_code(*refused), "validation_error");
  }
  EXPECT_TRUE(answer_to_header("POST /a HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n"));
}

TEST(HttpMessage, UnreadableRequestsAreAnsweredAndClosedOnesAreNot) {
  auto too_large = answer_read_error(http::error::body_limit, 100);
  ASSERT_TRUE(too_large);
  EXPECT_EQ(too_large->status, 413);
  EXPECT_EQ(problem_code(*too_large), "payload_too_large");
  auto malformed = answer_read_error(http::error::bad_chunk, 100);
  ASSERT_TRUE(malformed);
  EXPECT_EQ(malformed->status, 400);
  EXPECT_EQ(problem_code(*malformed), "validation_error");
  EXPECT_FALSE(answer_read_error(http::error::end_of_stream, 100));
  EXPECT_FALSE(answer_read_error(http::error::partial_message, 100));
  EXPECT_FALSE(answer_read_error(boost::beast::error::timeout, 100));
}

TEST(HttpMessage, TheParserKeepsTheSessionsLimits) {
  boost::beast::error_code ec;
  parse("POST /a HTTP/1.1\r\nContent-Length: 11\r\n\r\n", ec, 10);
  EXPECT_EQ(ec, http::error::body_limit);
  parse("GET /a HTTP/1.1\r\nX: " + std::string(kMaxHeaderBytes, 'a') + "\r\n\r\n", ec);
  EXPECT_EQ(ec, http::error::header_limit);
}

TEST(HttpMessage, RequestsReachTheApiWithLowerCaseHeadersAndADecodedPath) {
  boost::beast::error_code ec;
  auto req = parse(
      "PUT /api/v1/users/J%C3%BCrgen?a=%20b HTTP/1.1\r\nX-Thing: V\r\n"
      "Content-Length: 2\r\n\r\n{}",
      ec);
  ASSERT_FALSE(ec);
  auto r = to_api_request(req, "192.0.2.1");
  EXPECT_EQ(r.method, "PUT");
  EXPECT_EQ(r.path, "/api/v1/users/J\xC3\xBCrgen");
  EXPECT_EQ(r.query.at("a"), " b");
  EXPECT_EQ(r.headers.at("x-thing"), "V");
  EXPECT_EQ(r.body, "{}");
  EXPECT_EQ(r.remote, "192.0.2.1");
}

TEST(HttpMessage, AnUnreadableTargetIsAnswered400WithoutTheHandler) {
  boost::beast::error_code ec;
  auto req = parse("GET /api/v1/games/%ff HTTP/1.1\r\n\r\n", ec);
  auto r = to_api_request(req, "192.0.2.1");
  bool called = false;
  auto answer = answer_request(r, [&](const api::Request&) {
    called = true;
    return api::Response{};
  });
  EXPECT_FALSE(called);
  EXPECT_EQ(answer.status, 400);
  EXPECT_EQ(problem_code(answer), "validation_error");
}

TEST(HttpMessage, AHeadAnswerTellsTheLengthWithoutTheBody) {
  api::Response r;
  r.body = "12345";
  r.headers.emplace_back("X-A", "b");
  auto head = to_beast_response(r, 11, true, true);
  EXPECT_TRUE(head.body().empty());
  EXPECT_EQ(head[http::field::content_length], "5");
  EXPECT_EQ(head["X-A"], "b");
  EXPECT_TRUE(head.keep_alive());
  auto get = to_beast_response(r, 11, false, false);
  EXPECT_EQ(get.body(), "12345");
  EXPECT_FALSE(get.keep_alive());
}

}  // namespace
}  // namespace corrchess::server
