#include "api/http.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <ranges>
#include <string_view>

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

// Well-formed UTF-8 (RFC 3629: shortest forms only, no surrogates, at most U+10FFFF).
bool valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t extra = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      extra = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + extra >= text.size()) return false;  // truncated sequence
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(text[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    static constexpr std::uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += extra + 1;
  }
  return true;
}

// A decoded path or query text that is safe to route, store and log: UTF-8 without control
// characters (a decoded newline would forge log lines, a NUL cuts database strings).
bool acceptable_text(std::string_view text) {
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) return false;
  }
  return valid_utf8(text);
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return std::ranges::equal(
      a, b, [](unsigned char x, unsigned char y) { return std::tolower(x) == std::tolower(y); });
}

}  // namespace

bool Request::prefers_minimal() const {
  const auto prefer = header("prefer");
  if (!prefer) return false;
  // Preferences are separated by commas; each is token[=value] followed by ;parameters.
  std::string_view rest = *prefer;
  while (true) {
    const auto comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    item = item.substr(0, item.find(';'));
    std::string compact;
    for (const char c : item) {
      if (c != ' ' && c != '\t')
        compact += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (compact == "return=minimal" || compact == "return=\"minimal\"") return true;
    if (comma == std::string_view::npos) return false;
    rest.remove_prefix(comma + 1);
  }
}

std::optional<double> Request::accept_weight(std::string_view type) const {
  const auto accept = header("accept").value_or("");
  for (const auto element : std::views::split(std::string_view(accept), ',')) {
    auto params = std::string_view(element.begin(), element.end());
    const auto semicolon = params.find(';');
    if (!same_ignoring_case(trimmed(params.substr(0, semicolon)), type)) continue;
    double q = 1;
    for (auto at = semicolon; at != std::string_view::npos;) {
      const auto next = params.find(';', at + 1);
      const auto param =
          trimmed(params.substr(at + 1, next == std::string_view::npos ? next : next - at - 1));
      if (param.size() > 2 && same_ignoring_case(param.substr(0, 2), "q=")) {
        const auto value = param.substr(2);
        double parsed = 0;
        if (std::from_chars(value.data(), value.data() + value.size(), parsed).ec == std::errc()) {
          q = parsed;
        }
      }
      at = next;
    }
    return q;
  }
  return std::nullopt;
}

std::optional<std::string> Request::header(const std::string& name) const {
  auto it = headers.find(name);
  if (it == headers.end()) return std::nullopt;
  return it->second;
}

std::optional<std::pair<std::string, std::map<std::string, std::string>>> split_target(
    const std::string& target) {
  const auto qpos = target.find('?');
  const std::string_view raw_path = std::string_view(target).substr(0, qpos);
  // An encoded slash would become a segment separator after decoding ("/games/1%2fx"
  // routing as "/games/1/x"): no route has a slash inside a segment, so it is refused.
  if (raw_path.find("%2f") != std::string_view::npos ||
      raw_path.find("%2F") != std::string_view::npos) {
    return std::nullopt;
  }
  auto path = percent_decode(raw_path, false);
  if (!path || path->empty() || path->front() != '/' || !acceptable_text(*path)) {
    return std::nullopt;
  }
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
      if (!key || !value || !acceptable_text(*key) || !acceptable_text(*value)) {
        return std::nullopt;
      }
      query[*key] = *value;
    }
  }
  return std::pair{*path, query};
}

nlohmann::json instant_or_null(const std::optional<game::Timestamp>& t) {
  return t ? nlohmann::json(game::format_rfc3339(*t)) : nlohmann::json();
}

std::string request_base_url(const Request& request) {
  std::string host = request.header("host").value_or("");
  const bool plain = !host.empty() && std::ranges::all_of(host, [](unsigned char c) {
    return std::isalnum(c) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']';
  });
  if (!plain) host = "localhost";
  return (request.secure ? "https://" : "http://") + host;
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
  // A refusal that says when to come back says it in the header too (RFC 9110 10.2.3).
  for (const auto& m : error.members) {
    if (m.name == "retry_after_seconds") r.headers.emplace_back("Retry-After", m.value);
  }
  return r;
}

void set_retry_after(Response& r, std::int64_t seconds) {
  std::erase_if(r.headers, [](const auto& h) { return h.first == "Retry-After"; });
  r.headers.emplace_back("Retry-After", std::to_string(seconds));
}

}  // namespace corrchess::api
