// The HTTP/1.1 message rules of a session, apart from its socket: the parser's limits, the
// framing check after the header, the answers to requests that cannot be read, and the
// conversions between Beast messages and api::Request / api::Response. server/http_server
// applies them to every connection; the HTTP request-path fuzz target (fuzz/http_request_fuzz)
// applies the same functions to bytes, so what it finds is what a client can reach.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/beast/core/error.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include "api/http.h"

namespace corrchess::server {

using BeastRequest = boost::beast::http::request<boost::beast::http::string_body>;
using BeastResponse = boost::beast::http::response<boost::beast::http::string_body>;
// The header of a streamed answer (api::Response::stream), its body written piece by piece.
using BeastStreamHeader = boost::beast::http::response<boost::beast::http::empty_body>;
using RequestParser = boost::beast::http::request_parser<boost::beast::http::string_body>;
using RequestHandler = std::function<api::Response(const api::Request&)>;

// The largest request header (request line and fields) a session reads.
inline constexpr std::size_t kMaxHeaderBytes = 16 * 1024;

// Sets a fresh parser's limits: kMaxHeaderBytes for the header, `max_body_bytes` for the body.
void limit_parser(RequestParser& parser, std::size_t max_body_bytes);

// RFC 9112 §6.3: false when the body length of a request cannot be determined (a transfer
// coding other than a single final "chunked", or both Transfer-Encoding and Content-Length).
bool framing_is_unambiguous(const BeastRequest& req);

// The answer to a request whose header was read but whose framing is ambiguous (400,
// validation_error), or nullopt when the body may be read.
std::optional<api::Response> refuse_framing(const BeastRequest& req);

// The answer to a read that ended with `ec` before a whole request was read: 413
// (payload_too_large) past the body limit, 400 (validation_error) for bytes that are not a
// well-formed request; nullopt when the connection just closes without an answer (the peer
// closed, went silent or timed out). `ec` must be an error. `target` is the request's target
// as far as it was read: past the body limit, a request to the Xfcc service gets its SOAP
// fault instead (docs/api.md "Xfcc").
std::optional<api::Response> answer_read_error(const boost::beast::error_code& ec,
                                               std::size_t max_body_bytes,
                                               std::string_view target = {});

// Is `address` one of the trusted proxies (CORRCHESS_TRUSTED_PROXIES)?
bool is_trusted_proxy(const std::vector<std::string>& proxies, const std::string& address);

// The client's address: the peer, or behind a trusted proxy the rightmost address of
// X-Forwarded-For that is not itself a trusted proxy.
std::string client_address(const BeastRequest& req, const std::string& peer,
                           const std::vector<std::string>& proxies);

// True when a trusted proxy says the client came over TLS (X-Forwarded-Proto: https).
bool forwarded_https(const BeastRequest& req, const std::string& peer,
                     const std::vector<std::string>& proxies);

// The request as the API sees it: header names lower-case, the target split into the
// decoded path and query (an empty path when the target does not parse).
api::Request to_api_request(const BeastRequest& req, std::string remote);

// The answer to a request read whole: `handler`'s, or 400 (validation_error) when its target
// did not parse.
api::Response answer_request(const api::Request& request, const RequestHandler& handler);

// The Beast message of an answer; `head`: the request was HEAD (no body, its length told).
// The body is moved into the message (callers done with the answer pass it as an rvalue).
BeastResponse to_beast_response(api::Response r, unsigned version, bool keep_alive, bool head);

// The header of a streamed answer: chunked for HTTP/1.1; for HTTP/1.0, which has no chunks,
// without a length and closing the connection after the body.
BeastStreamHeader to_beast_stream_header(const api::Response& r, unsigned version, bool keep_alive);

}  // namespace corrchess::server
