#include "tests/support/api_client.h"

#include <gtest/gtest.h>

#include <ctime>
#include <thread>

namespace corrchess::testing {

using nlohmann::json;

ServerEnv director_env(bool manual_clock, const ServerEnv& extra) {
  ServerEnv env = {{"CORRCHESS_ADMIN_USER", kDirector},
                   {"CORRCHESS_ADMIN_PASSWORD", kDirectorPassword}};
  if (manual_clock) env.emplace_back("CORRCHESS_CLOCK", "manual");
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

std::map<std::string, std::string> bearer(const std::string& token) {
  if (token.empty()) return {};
  return {{"Authorization", "Bearer " + token}};
}

json iccf_control() { return {{"type", "iccf"}, {"moves", 10}, {"days", 50}}; }

std::int64_t epoch_seconds(const std::string& rfc3339) {
  std::tm tm{};
  EXPECT_NE(strptime(rfc3339.c_str(), "%Y-%m-%dT%H:%M:%SZ", &tm), nullptr) << rfc3339;
  return static_cast<std::int64_t>(timegm(&tm));
}

double metric_value(const std::string& metrics_text, const std::string& name) {
  const auto at = metrics_text.find("\n" + name + " ");
  if (at == std::string::npos) return -1;
  return std::stod(metrics_text.substr(at + name.size() + 2));
}

bool wait_until(const std::function<bool()>& condition, std::chrono::milliseconds limit,
                std::chrono::milliseconds pause) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (!condition()) {
    if (std::chrono::steady_clock::now() >= until) return false;
    if (pause.count() > 0) {
      std::this_thread::sleep_for(pause);
    } else {
      std::this_thread::yield();
    }
  }
  return true;
}

HttpResult ApiClient::call(const std::string& method, const std::string& path,
                           const std::string& token, const json& body) const {
  return http_request(port_, method, path, body.is_null() ? "" : body.dump(), bearer(token));
}

HttpResult ApiClient::call_text(const std::string& method, const std::string& path,
                                const std::string& token, const std::string& body) const {
  return http_request(port_, method, path, body, bearer(token));
}

json ApiClient::expect(const std::string& method, const std::string& path, const std::string& token,
                       const json& body, int status) const {
  auto r = call(method, path, token, body);
  EXPECT_EQ(r.status, status) << method << " " << path << " " << body.dump() << ": " << r.body;
  if (status >= 400) {
    EXPECT_EQ(r.headers["content-type"], "application/problem+json") << method << " " << path;
  }
  if (r.body.empty()) return json();
  return json::parse(r.body, nullptr, false);
}

std::string ApiClient::problem(const std::string& method, const std::string& path,
                               const std::string& token, const json& body, int status) const {
  const auto answer = expect(method, path, token, body, status);
  return answer.is_object() ? answer.value("code", "") : "";
}

void ApiClient::register_user(const std::string& username, const std::string& password) const {
  auto r =
      call("POST", "/api/v1/auth/register", "", {{"username", username}, {"password", password}});
  ASSERT_EQ(r.status, 201) << username << ": " << r.body;
}

std::string ApiClient::login(const std::string& username, const std::string& password) const {
  auto r = call("POST", "/api/v1/auth/login", "", {{"username", username}, {"password", password}});
  EXPECT_EQ(r.status, 200) << username << ": " << r.body;
  const auto answer = json::parse(r.body, nullptr, false);
  return r.status == 200 && answer.is_object() ? answer.value("token", "") : "";
}

std::string ApiClient::sign_up(const std::string& username, const std::string& password) const {
  register_user(username, password);
  return login(username, password);
}

std::string ApiClient::create_game(const std::string& token, const std::string& white,
                                   const std::string& black, const json& extra) const {
  json body = {{"white", white}, {"black", black}, {"time_control", iccf_control()}};
  body.update(extra);
  auto r = call("POST", "/api/v1/admin/games", token, body);
  EXPECT_EQ(r.status, 201) << body.dump() << ": " << r.body;
  const auto answer = json::parse(r.body, nullptr, false);
  return r.status == 201 && answer.is_object() ? answer.value("id", "") : "";
}

json claim_verdict(const HttpResult& answer, bool upheld) {
  EXPECT_EQ(answer.status, 200) << answer.body;
  if (answer.status != 200) return nullptr;
  auto body = json::parse(answer.body);
  EXPECT_EQ(body["upheld"], upheld) << answer.body;
  return body;
}

std::string ApiClient::create_event(const std::string& token, const std::string& name,
                                    const std::vector<std::string>& players,
                                    const json& extra) const {
  json body = {{"name", name}, {"time_control", iccf_control()}, {"players", players}};
  body.update(extra);
  return expect("POST", "/api/v1/admin/events", token, body, 201)["id"];
}

json ApiClient::start_event(const std::string& token, const std::string& id) const {
  const auto started = expect("POST", "/api/v1/admin/events/" + id + "/start", token);
  EXPECT_EQ(started["games"].size(), 1u) << started.dump();
  return started["games"].empty() ? json::object() : started["games"][0];
}

HttpResult ApiClient::try_play(const std::string& id, const std::string& token,
                               const std::string& move, const json& extra) const {
  json submit_body = {{"move", move}};
  submit_body.update(extra);
  auto submit = call("POST", "/api/v1/games/" + id + "/moves", token, submit_body);
  if (submit.status != 200) return submit;
  return call("POST", "/api/v1/games/" + id + "/moves/accept", token, {{"move", move}});
}

void ApiClient::play(const std::string& id, const std::string& token, const std::string& move,
                     const json& extra) const {
  auto r = try_play(id, token, move, extra);
  ASSERT_EQ(r.status, 200) << "game " << id << " " << move << ": " << r.body;
}

json ApiClient::game(const std::string& id, const std::string& token) const {
  return expect("GET", "/api/v1/games/" + id, token);
}

void ApiClient::advance_clock(const std::string& token, std::int64_t seconds) const {
  auto r = call("POST", "/api/v1/admin/clock", token, {{"advance_seconds", seconds}});
  ASSERT_EQ(r.status, 200) << r.body;
}

void ApiClient::set_clock(const std::string& token, const std::string& rfc3339) const {
  auto r = call("POST", "/api/v1/admin/clock", token, {{"now", rfc3339}});
  ASSERT_EQ(r.status, 200) << r.body;
}

std::string ApiClient::metrics() const { return call("GET", "/metrics").body; }

double ApiClient::metric(const std::string& name) const { return metric_value(metrics(), name); }

nlohmann::json ApiClient::await_rating_list(const std::string& token,
                                            const std::string& period_and_query,
                                            int version) const {
  nlohmann::json found;
  wait_until(
      [&] {
        auto r = call("GET", "/api/v1/ratings/lists/" + period_and_query, token);
        if (r.status != 200) return false;
        found = nlohmann::json::parse(r.body);
        return version <= 0 || found["version"] == version;
      },
      std::chrono::seconds(20), std::chrono::milliseconds(50));
  return found;
}

}  // namespace corrchess::testing
