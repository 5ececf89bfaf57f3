// A client of a test server's HTTP API and the steps the end-to-end tests share: requests
// with a bearer token and a JSON body, answers read as JSON or as problem codes, accounts
// registered and signed in, games created and moves played (submit + accept), the manual
// test clock moved, metrics read, and bounded waiting.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/server_process.h"

namespace corrchess::testing {

// The director the API test servers create from their environment, and the password the
// tests give their players.
inline constexpr const char* kDirector = "td";
inline constexpr const char* kDirectorPassword = "director-password";
inline constexpr const char* kPlayerPassword = "password-123";

using ServerEnv = std::vector<std::pair<std::string, std::string>>;

// The environment of a server with the director td (kDirectorPassword), plus the manual
// test clock (CORRCHESS_CLOCK=manual) when `manual_clock`, plus `extra`.
ServerEnv director_env(bool manual_clock = true, const ServerEnv& extra = {});

// {"Authorization": "Bearer <token>"}; no header for an empty token.
std::map<std::string, std::string> bearer(const std::string& token);

// {type: iccf, moves: 10, days: 50}: the ICCF standard time control (rules.md §4.1).
nlohmann::json iccf_control();

// Seconds since 1970 of an RFC 3339 UTC instant ("2030-01-01T00:00:00Z").
std::int64_t epoch_seconds(const std::string& rfc3339);

// The value of an unlabelled sample in Prometheus text, or -1 when absent.
double metric_value(const std::string& metrics_text, const std::string& name);

// Calls `condition` until it holds or `limit` passed (yielding between calls, or sleeping
// `pause` when given); whether it held. The condition is always called at least once.
bool wait_until(const std::function<bool()>& condition, std::chrono::milliseconds limit,
                std::chrono::milliseconds pause = std::chrono::milliseconds(0));

// The JSON answer of a claim (POST /games/{id}/claims), which must be 200 with the verdict
// `upheld`; null (after a test failure) when the status is not 200.
nlohmann::json claim_verdict(const HttpResult& answer, bool upheld);

class ApiClient {
 public:
  explicit ApiClient(unsigned short port) : port_(port) {}
  explicit ApiClient(const ServerProcess& server) : port_(server.port()) {}

  // One request as the holder of `token` ("" for none); a null body sends no body.
  HttpResult call(const std::string& method, const std::string& path, const std::string& token = "",
                  const nlohmann::json& body = nullptr) const;
  // The same with a body sent as it is (tests of malformed input).
  HttpResult call_text(const std::string& method, const std::string& path, const std::string& token,
                       const std::string& body = "") const;

  // The JSON answer of a request that must answer `status` (null for an empty body, a
  // discarded value when it is not JSON); an answer of 400 or more must be problem+json.
  nlohmann::json expect(const std::string& method, const std::string& path,
                        const std::string& token, const nlohmann::json& body = nullptr,
                        int status = 200) const;
  // The problem code of a request that must fail with `status`.
  std::string problem(const std::string& method, const std::string& path, const std::string& token,
                      const nlohmann::json& body, int status) const;

  // Registers `username` (must answer 201).
  void register_user(const std::string& username,
                     const std::string& password = kPlayerPassword) const;
  // Logs in (must answer 200); the token, "" when refused.
  std::string login(const std::string& username,
                    const std::string& password = kPlayerPassword) const;
  // Registers `username` and logs in; the token.
  std::string sign_up(const std::string& username,
                      const std::string& password = kPlayerPassword) const;

  // POST /admin/games as the director `token`: white, black and the ICCF standard time
  // control, with the fields of `extra` added or replaced. Must answer 201; the game id.
  std::string create_game(const std::string& token, const std::string& white,
                          const std::string& black,
                          const nlohmann::json& extra = nlohmann::json::object()) const;
  // POST /admin/events as the director `token`: an event `name` of `players` under the ICCF
  // standard time control, with the fields of `extra` added or replaced. Must answer 201; the
  // event id.
  std::string create_event(const std::string& token, const std::string& name,
                           const std::vector<std::string>& players,
                           const nlohmann::json& extra = nlohmann::json::object()) const;
  // Starts event `id` of two players, one round, as the director `token` (must answer 200 with
  // exactly one game): that game as the answer lists it ({id, white, black, ...}).
  nlohmann::json start_event(const std::string& token, const std::string& id) const;
  // Submits `move` (with the fields of `extra`) and accepts it: the submit's answer when it
  // was refused, else the accept's.
  HttpResult try_play(const std::string& id, const std::string& token, const std::string& move,
                      const nlohmann::json& extra = nlohmann::json::object()) const;
  // Submits and accepts `move`; both must answer 200.
  void play(const std::string& id, const std::string& token, const std::string& move,
            const nlohmann::json& extra = nlohmann::json::object()) const;
  // GET /games/{id} (must answer 200).
  nlohmann::json game(const std::string& id, const std::string& token) const;

  // Moves the manual test clock as the director `token` (must answer 200).
  void advance_clock(const std::string& token, std::int64_t seconds) const;
  void set_clock(const std::string& token, const std::string& rfc3339) const;

  // The rating list GET /api/v1/ratings/lists/`period_and_query` answers once it is there
  // (the rating job publishes lists on its own) and, when `version` > 0, has that version;
  // waits up to 20 s for it. Else the last list seen (null when none was answered 200).
  nlohmann::json await_rating_list(const std::string& token, const std::string& period_and_query,
                                   int version = 0) const;

  // GET /metrics, and one unlabelled sample of it (-1 when absent).
  std::string metrics() const;
  double metric(const std::string& name) const;

 private:
  unsigned short port_;
};

}  // namespace corrchess::testing
