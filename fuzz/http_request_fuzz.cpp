// The HTTP request path, end to end but for the socket: the input is the byte stream a client
// sends on one connection. It is read as the server's sessions read it (Beast's parser with
// the session's limits and framing checks, server/http_message), and every request read goes
// through the real service (api::Service: write throttle, CSRF check, router, pipeline,
// handlers) against a throwaway PostgreSQL database, as long as the connection stays open.
//
// Properties of every answer: it serializes to a well-formed HTTP/1.1 response (it parses
// back, with the status, Content-Type and body it was given; a HEAD answer has no body); an
// application/json body is JSON;
// every 4xx and 5xx answer is application/problem+json whose `code` is one the server
// defines and whose `status` is the answer's, except the SOAP answers of Xfcc (faults in
// XML) and the 503 of /readyz; and no answer is a 500 (nor a soap:Server fault): an internal
// error is a finding.
//
// The database: CORRCHESS_FUZZ_DATABASE_URL names a PostgreSQL server (scripts/fuzz starts a
// private cluster for this target); each process creates its own database
// corrchess_fuzz_<pid>_<n> there (a fresh one, n + 1, every 20,000 inputs), migrates it, creates
// the users fuzz_admin (admin), fuzz_td (td), alice and bob (players; password "fuzz-password-1"),
// a game between alice and bob and a challenge by alice. In the input, $ADMIN, $TD, $ALICE and $BOB
// stand for bearer tokens of these users, so the fuzzer reaches what signed-in users can do. State
// carries over from input to input (a crash may need the inputs before it: rerun the corpus in
// order); after an input that could lock the fixture users out (logout, password or role change)
// their roles, password and tokens are restored. With CORRCHESS_FUZZ_VERBOSE set, every answer is
// printed (status, route, the start of the body) to check what seeds reach.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/buffer.hpp>
#include <boost/asio/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <pugixml.hpp>

#include "api/problem.h"
#include "api/service.h"
#include "app/accounts.h"
#include "app/credentials.h"
#include "core/game/game.h"
#include "db/error_log.h"
#include "db/migrations.h"
#include "db/pool.h"
#include "db/server_clock.h"
#include "db/users.h"
#include "fuzz/fuzz_support.h"
#include "server/http_message.h"

namespace {

using namespace corrchess;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using fuzz::require;
using nlohmann::json;

// The server's defaults (server/config: CORRCHESS_MAX_BODY_BYTES, the live paths).
constexpr std::size_t kMaxBodyBytes = 1 << 20;
constexpr std::string_view kWebSocketPath = "/api/v1/ws";
constexpr std::string_view kStreamPath = "/api/v1/stream";
// Requests answered per input at most (keep-alive and pipelining).
constexpr int kMaxRequests = 8;
// The peer is a trusted proxy, so X-Forwarded-For and X-Forwarded-Proto are read too.
const std::string kPeer = "127.0.0.1";
const std::vector<std::string> kTrustedProxies = {kPeer};
const std::string kPassword = "fuzz-password-1";

// Bytes read by Beast as from a socket (a SyncReadStream); the end of the input is the end
// of the stream.
struct ByteStream {
  std::string_view rest;

  template <class Buffers>
  std::size_t read_some(const Buffers& buffers, beast::error_code& ec) {
    if (rest.empty()) {
      ec = asio::error::eof;
      return 0;
    }
    ec = {};
    const std::size_t n = asio::buffer_copy(buffers, asio::buffer(rest.data(), rest.size()));
    rest.remove_prefix(n);
    return n;
  }
  template <class Buffers>
  std::size_t read_some(const Buffers& buffers) {
    beast::error_code ec;
    const std::size_t n = read_some(buffers, ec);
    if (ec) throw beast::system_error(ec);
    return n;
  }
};

struct FixtureUser {
  std::string name;
  std::string role;
  std::string marker;  // what stands for the token in an input
  std::string token;
  std::int64_t id = 0;
};

struct Fixture {
  std::unique_ptr<db::Pool> pool;
  std::unique_ptr<db::ManualClock> clock;
  std::unique_ptr<game::UnwinnabilityMateOracle> mate;
  std::unique_ptr<api::Service> service;
  std::vector<FixtureUser> users;
  std::set<std::string> codes;  // every ErrorCode's name
  bool verbose = false;         // CORRCHESS_FUZZ_VERBOSE set: every answer on stderr
};

Fixture* fixture = nullptr;

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "http_request_fuzz: %s\n", why.c_str());
  std::exit(1);
}

app::AccountDeps account_deps() { return app::AccountDeps{*fixture->pool, *fixture->clock, {}}; }

std::string sign_in(const model::User& user) {
  auto deps = account_deps();
  auto signed_in = app::sign_in(deps, user, std::nullopt);
  if (!signed_in) die("sign-in of " + user.username + ": " + signed_in.error().detail);
  return signed_in->secret;
}

// Gives the fixture users back their roles, password and a valid token.
void restore_users(bool password) {
  auto lease = fixture->pool->acquire();
  for (auto& user : fixture->users) {
    std::optional<model::User> stored;
    {
      pqxx::work tx(*lease);
      auto set = db::set_role(tx, user.name, user.role);
      if (!set) die("restoring the role of " + user.name + ": " + set.error().detail);
      if (password) {
        auto hash = app::hash_password(kPassword);
        if (!hash) die("hashing the fixture password: " + hash.error().detail);
        db::set_password_hash(tx, user.id, *hash);
      }
      tx.commit();
      stored = *set;
    }
    auto owner = app::token_owner(*fixture->pool, app::token_hash(user.token));
    if (!owner || !*owner) user.token = sign_in(*stored);
  }
}

// The input with each user's marker replaced by that user's token.
std::string with_tokens(std::string_view input) {
  std::string text(input);
  for (const auto& user : fixture->users) {
    for (auto at = text.find(user.marker); at != std::string::npos;
         at = text.find(user.marker, at + user.token.size())) {
      text.replace(at, user.marker.size(), user.token);
    }
  }
  return text;
}

std::string describe(const std::string& request, const server::BeastResponse& response) {
  std::string out = "request:\n" + request + "\nanswer: " + std::to_string(response.result_int()) +
                    " " + std::string(response[http::field::content_type]) + "\n" + response.body();
  return out.substr(0, 4000);
}

// The properties of one answer (see the top of the file).
void check_answer(const api::Response& answer, const server::BeastResponse& message, bool head,
                  const std::string& request_text) {
  const std::string context = describe(request_text, message);
  require(answer.status >= 200 && answer.status <= 599, "a final status", context);

  // Written as the session writes it, the answer parses back as the same answer.
  std::string wire;
  {
    server::BeastResponse copy = message;
    http::response_serializer<http::string_body> serializer(copy);
    beast::error_code ec;
    do {
      serializer.next(ec, [&](beast::error_code&, const auto& buffers) {
        for (const auto& buffer : beast::buffers_range_ref(buffers)) {
          wire.append(static_cast<const char*>(buffer.data()), buffer.size());
        }
        serializer.consume(beast::buffer_bytes(buffers));
      });
      require(!ec, "an answer serializes", context);
    } while (!serializer.is_done());
  }
  http::response_parser<http::string_body> parser;
  parser.skip(head);
  parser.body_limit(64u << 20);
  ByteStream stream{wire};
  beast::flat_buffer buffer;
  beast::error_code ec;
  http::read(stream, buffer, parser, ec);
  require(!ec && parser.is_done(), "an answer is a well-formed HTTP response",
          context + "\n" + wire);
  require(buffer.size() == 0 && stream.rest.empty(), "an answer ends where its length says",
          context);
  const auto& parsed = parser.get();
  require(parsed.result_int() == static_cast<unsigned>(answer.status), "the status is sent",
          context);
  require(parsed[http::field::content_type] == answer.content_type, "the Content-Type is sent",
          context);
  require(parsed.body() == (head ? std::string() : answer.body), "the body is sent", context);

  if (answer.content_type.starts_with("application/json") && !answer.body.empty() && !head) {
    require(json::accept(answer.body), "a JSON answer is JSON", context);
  }
  if (answer.status < 400) return;
  const bool soap = answer.content_type.starts_with("text/xml");
  if (soap) {
    // Xfcc: SOAP 1.1 answers faults with 500 (Client faults are the client's mistakes).
    pugi::xml_document doc;
    require(doc.load_string(answer.body.c_str()), "a SOAP fault is XML", context);
    const auto fault = doc.select_node("//*[local-name()='Fault']/faultcode");
    require(static_cast<bool>(fault), "a SOAP error answer is a fault", context);
    require(std::string_view(fault.node().text().get()) != "soap:Server",
            "no server fault (an internal error)", context);
    return;
  }
  if (answer.status == 503 && answer.route == "/readyz") return;
  require(answer.status != 500, "no 500 (an internal error)", context);
  require(answer.content_type == "application/problem+json",
          "an error answer is application/problem+json", context);
  const json body = json::parse(answer.body, nullptr, false);
  require(body.is_object(), "a problem is a JSON object", context);
  require(body.contains("code") && body["code"].is_string() &&
              fixture->codes.contains(body["code"].get<std::string>()),
          "a problem's code is one the server defines", context);
  require(body.contains("status") && body["status"] == answer.status,
          "a problem's status is the answer's", context);
}

// Answers what the connection carries, as a session would; returns the routes answered with
// a success.
std::vector<std::string> serve_connection(std::string_view bytes) {
  std::vector<std::string> routes;
  ByteStream stream{bytes};
  beast::flat_buffer buffer;
  const server::RequestHandler handler = [](const api::Request& r) {
    return fixture->service->handle(r);
  };
  for (int i = 0; i < kMaxRequests; ++i) {
    server::RequestParser parser;
    server::limit_parser(parser, kMaxBodyBytes);
    beast::error_code ec;
    http::read_header(stream, buffer, parser, ec);
    if (!ec) {
      if (auto refused = server::refuse_framing(parser.get())) {
        check_answer(*refused, server::to_beast_response(*refused, 11, false, false), false,
                     "(ambiguous framing)");
        break;
      }
      http::read(stream, buffer, parser, ec);
    }
    if (ec == http::error::end_of_stream) break;
    if (ec) {
      if (auto answer = server::answer_read_error(ec, kMaxBodyBytes)) {
        check_answer(*answer, server::to_beast_response(*answer, 11, false, false), false,
                     "(unreadable request: " + ec.message() + ")");
      }
      break;
    }
    auto req = parser.release();
    const bool keep_alive = req.keep_alive();
    const unsigned version = req.version();
    const bool head = req.method() == http::verb::head;
    auto api_req = server::to_api_request(req, server::client_address(req, kPeer, kTrustedProxies));
    api_req.secure = server::forwarded_https(req, kPeer, kTrustedProxies);
    // Live connections leave the HTTP session (server/websocket, server/event_stream).
    if (beast::websocket::is_upgrade(req) && api_req.path == kWebSocketPath) break;
    if (req.method() == http::verb::get && api_req.path == kStreamPath) break;
    const api::Response answer = server::answer_request(api_req, handler);
    if (answer.status < 300) routes.push_back(answer.route);
    std::string text = std::string(req.method_string()) + " " + std::string(req.target());
    text += "\n" + req.body().substr(0, 1000);
    if (fixture->verbose) {
      std::fprintf(stderr, "%s %s -> %d %s %.200s\n", std::string(req.method_string()).c_str(),
                   std::string(req.target()).c_str(), answer.status, answer.route.c_str(),
                   answer.body.c_str());
    }
    check_answer(answer, server::to_beast_response(answer, version, keep_alive, head), head, text);
    if (!keep_alive) break;
  }
  return routes;
}

// A request of the fixture set-up, which must succeed.
void setup_request(const std::string& method, const std::string& target, const std::string& token,
                   const json& body) {
  api::Request r;
  r.method = method;
  auto split = api::split_target(target);
  r.path = split->first;
  r.query = split->second;
  r.headers["authorization"] = "Bearer " + token;
  r.headers["content-type"] = "application/json";
  r.body = body.dump();
  r.remote = kPeer;
  auto answer = fixture->service->handle(r);
  if (answer.status >= 300) die("set-up " + method + " " + target + ": " + answer.body);
}

// Inputs answered on one database before it is replaced by a fresh one (see the top of the
// file). What the inputs create (games, events, queued deliveries, audit rows) only grows, and
// the listing routes slow down with it: after about 200,000 inputs a quarter of the time went
// to leave and listing answers over thousands of games and events.
constexpr long kInputsPerDatabase = 20000;
long inputs_on_database = 0;
int database_generation = 0;

std::string database_url() {
  const char* url = std::getenv("CORRCHESS_FUZZ_DATABASE_URL");
  if (url == nullptr || *url == '\0') {
    die("set CORRCHESS_FUZZ_DATABASE_URL to a PostgreSQL server (scripts/fuzz starts one)");
  }
  return url;
}

std::string database_name() {
  return "corrchess_fuzz_" + std::to_string(getpid()) + "_" + std::to_string(database_generation);
}

// Drops the database `name`; returns what went wrong, if anything.
std::optional<std::string> try_drop_database(const std::string& name) {
  try {
    pqxx::connection admin(database_url());
    pqxx::nontransaction tx(admin);
    tx.exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    return std::nullopt;
  } catch (const std::exception& e) {
    return e.what();
  }
}

void drop_database(const std::string& name) {
  if (auto failed = try_drop_database(name)) die("cannot drop the database: " + *failed);
}

// The fixture and its database go; set_up() makes the next ones.
void tear_down() {
  fixture->service.reset();  // it holds the pool, the clock and the oracle
  fixture->clock.reset();
  fixture->pool.reset();
  delete fixture;
  fixture = nullptr;
  drop_database(database_name());
  ++database_generation;
}

void set_up() {
  const std::string url = database_url();
  const std::string name = database_name();
  drop_database(name);  // left by an earlier process with the same pid
  try {
    pqxx::connection admin(url);
    pqxx::nontransaction tx(admin);
    tx.exec("CREATE DATABASE " + name);
  } catch (const std::exception& e) {
    die(std::string("cannot create the database: ") + e.what());
  }
  fixture = new Fixture;
  fixture->verbose = std::getenv("CORRCHESS_FUZZ_VERBOSE") != nullptr;
  fixture->pool = std::make_unique<db::Pool>(url + " dbname=" + name, 2);
  auto migrations = db::load_migrations(db::default_migrations_dir());
  if (!migrations) die("migrations: " + migrations.error().detail);
  {
    auto lease = fixture->pool->acquire();
    auto migrated = db::migrate(*lease, *migrations);
    if (!migrated) die("migrate: " + migrated.error().detail);
  }
  // Internal errors are logged; the answer's 500 then fails the property.
  db::set_database_error_logger(
      [](const std::string& text) { std::fprintf(stderr, "database: %s\n", text.c_str()); });
  fixture->clock = std::make_unique<db::ManualClock>(*fixture->pool);
  fixture->mate = std::make_unique<game::UnwinnabilityMateOracle>();
  api::ServiceOptions options;
  options.home.docs_dir = CORRCHESS_FUZZ_DOCS_DIR;
  // Writes are throttled as configured by default; a generous limit keeps the fuzzer from
  // spending most inputs on 429s.
  options.write_limits.per_token_per_minute = 100000;
  options.write_limits.per_address_per_minute = 100000;
  fixture->service = std::make_unique<api::Service>(
      *fixture->pool, *fixture->clock, *migrations, api::AccountOptions{},
      game::Oracles{fixture->mate.get(), nullptr, nullptr}, game::TimeZone{}, options);
  for (int code = 0; code <= static_cast<int>(ErrorCode::kInternal); ++code) {
    fixture->codes.insert(std::string(error_code_name(static_cast<ErrorCode>(code))));
  }
  fixture->users = {{"fuzz_admin", "admin", "$ADMIN", "", 0},
                    {"fuzz_td", "td", "$TD", "", 0},
                    {"alice", "player", "$ALICE", "", 0},
                    {"bob", "player", "$BOB", "", 0}};
  for (auto& user : fixture->users) {
    auto created = app::create_account(*fixture->pool, user.name, kPassword, user.role);
    if (!created) die("creating " + user.name + ": " + created.error().detail);
    user.id = created->id;
    user.token = sign_in(*created);
  }
  const std::string& admin = fixture->users[0].token;
  const json control = {{"type", "iccf"}, {"moves", 10}, {"days", 50}};
  setup_request("POST", "/api/v1/admin/games", admin,
                {{"white", "alice"}, {"black", "bob"}, {"time_control", control}});
  setup_request("POST", "/api/v1/challenges", fixture->users[2].token,
                {{"opponent", "bob"}, {"time_control", control}});
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  set_up();
  // A run that ends normally (-runs, -max_total_time, a replay) leaves no database behind;
  // after a crash the database stays, to be looked at.
  std::atexit([] {  // no die() here: exit() must not be called again while exiting
    if (auto failed = try_drop_database(database_name())) {
      std::fprintf(stderr, "http_request_fuzz: database %s left behind: %s\n",
                   database_name().c_str(), failed->c_str());
    }
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (++inputs_on_database > kInputsPerDatabase) {
    tear_down();
    set_up();
    inputs_on_database = 1;
  }
  const auto routes = serve_connection(with_tokens(fuzz::as_text(data, size)));
  bool tokens = false;
  bool password = false;
  for (const auto& route : routes) {
    if (route == "/api/v1/auth/logout" || route == "/api/v1/admin/users/{username}") tokens = true;
    if (route == "/api/v1/me/password") tokens = password = true;
  }
  if (tokens) restore_users(password);
  return 0;
}
