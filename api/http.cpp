#include "api/http.h"

#include "api/problem.h"

namespace corrchess::api {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> percent_decode(std::string_view in, bool plus_is_space) {
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == '%') {
      if (i + 2 >= in.size()) return std::nullopt;
      const int hi = hex_value(in[i + 1]);
      const int lo = hex_value(in[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out.push_back(static_cast<char>(hi * 16 + lo));
      i += 2;
    } else if (c == '+' && plus_is_space) {
      out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> Request::header(const std::string& name) const {
  auto it = headers.find(name);
  if (it == headers.end()) return std::nullopt;
  return it->second;
}

std::optional<std::pair<std::string, std::map<std::string, std::string>>> split_target(
    const std::string& target) {
  const auto qpos = target.find('?');
  auto path = percent_decode(std::string_view(target).substr(0, qpos), false);
  if (!path || path->empty() || path->front() != '/') return std::nullopt;
  std::map<std::string, std::string> query;
  if (qpos != std::string::npos) {
    std::string_view rest = std::string_view(target).substr(qpos + 1);
    while (!rest.empty()) {
      const auto amp = rest.find('&');
      std::string_view pair = rest.substr(0, amp);
      rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
      if (pair.empty()) continue;
      const auto eq = pair.find('=');
      auto key = percent_decode(pair.substr(0, eq), true);
      auto value = percent_decode(eq == std::string_view::npos ? "" : pair.substr(eq + 1), true);
      if (!key || !value) return std::nullopt;
      query[*key] = *value;
    }
  }
  return std::pair{*path, query};
}

Response json_response(int status, const nlohmann::json& body) {
  Response r;
  r.status = status;
  r.body = body.dump();
  return r;
}

Response text_response(int status, std::string content_type, std::string body) {
  Response r;
  r.status = status;
  r.content_type = std::move(content_type);
  r.body = std::move(body);
  return r;
}

Response problem_response(const Error& error) {
  Response r = json_response(http_status(error.code), problem_json(error));
  r.content_type = "application/problem+json";
  return r;
}

Response problem_response(int status, std::string code, std::string detail) {
  Response r;
  r.status = status;
  r.content_type = "application/problem+json";
  const char* title = status == 404   ? "Not Found"
                      : status == 405 ? "Method Not Allowed"
                      : status == 400 ? "Bad Request"
                      : status == 413 ? "Payload Too Large"
                                      : "Error";
  r.body = nlohmann::json{
      {"type", "https://corrchess.org/problems/" + code},
      {"title", title},
      {"status", status},
      {"detail", std::move(detail)},
      {"code",
       code}}.dump();
  return r;
}

}  // namespace corrchess::api
