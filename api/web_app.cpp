#include "api/web_app.h"

#include <array>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string_view>
#include <utility>

namespace corrchess::api {

namespace {

constexpr std::size_t kMaxFiles = 1000;
constexpr std::uintmax_t kMaxTotalBytes = 64u << 20;

std::string content_type_of(const std::string& path) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 12> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".json", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".woff2", "font/woff2"},
      {".txt", "text/plain; charset=utf-8"},
      {".map", "application/json"},
      {".wasm", "application/wasm"},
  }};
  for (const auto& [ext, type] : kTypes) {
    if (path.size() >= ext.size() && path.ends_with(ext)) return std::string(type);
  }
  return "application/octet-stream";
}

std::optional<std::string> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool accepts_gzip(const Request& request) {
  const auto accept = request.header("accept-encoding");
  return accept && accept->find("gzip") != std::string::npos;
}

// Paths the client never owns: unknown ones there stay 404 problems.
bool reserved(const std::string& path) {
  return path.starts_with("/api/") || path.starts_with("/docs/") || path == "/api";
}

}  // namespace

std::optional<WebApp> WebApp::load(const std::string& dir) {
  namespace fs = std::filesystem;
  if (dir.empty()) return std::nullopt;
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(dir) / "index.html", ec)) return std::nullopt;
  WebApp app;
  std::uintmax_t total = 0;
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const std::string relative = "/" + fs::relative(it->path(), dir, ec).generic_string();
    if (relative.ends_with(".gz")) continue;  // read with the file it compresses
    total += it->file_size(ec);
    if (app.files_.size() >= kMaxFiles || total > kMaxTotalBytes) return std::nullopt;
    auto body = read_file(it->path());
    if (!body) continue;
    File file;
    file.content_type = content_type_of(relative);
    file.body = std::move(*body);
    file.gzip = read_file(it->path().string() + ".gz");
    file.immutable = relative.starts_with("/assets/");
    app.files_.emplace(relative, std::move(file));
  }
  if (!app.files_.contains("/index.html")) return std::nullopt;
  return app;
}

Response WebApp::send(const File& file, const Request& request) const {
  Response r;
  r.status = 200;
  r.content_type = file.content_type;
  if (file.gzip && accepts_gzip(request)) {
    r.body = *file.gzip;
    r.headers.emplace_back("Content-Encoding", "gzip");
  } else {
    r.body = file.body;
  }
  if (file.gzip) r.headers.emplace_back("Vary", "Accept-Encoding");
  r.headers.emplace_back("Cache-Control",
                         file.immutable ? "public, max-age=31536000, immutable" : "no-cache");
  if (file.content_type.starts_with("text/html")) {
    r.headers.emplace_back("Content-Security-Policy", kWebAppPolicy);
  }
  r.route = file.immutable ? "(web asset)" : "(web page)";
  return r;
}

Response WebApp::serve(const Request& request) const {
  const std::string& path = request.path;
  if (!reserved(path)) {
    if (auto it = files_.find(path); it != files_.end()) {
      return send(it->second, request);
    }
    // A client route (/games/12, /login): no dot in its last segment. Missing files are 404.
    const auto last = path.substr(path.rfind('/') + 1);
    if (last.find('.') == std::string::npos && !path.starts_with("/assets/")) {
      return send(files_.at("/index.html"), request);
    }
  }
  Response r = problem_response(Error{ErrorCode::kNotFound, "no route for " + path});
  r.route = "(unmatched)";
  return r;
}

void add_web_app_routes(Router& router, WebApp app) {
  const auto shared = std::make_shared<const WebApp>(std::move(app));
  router.add({Doc("The web client: its page, which loads the client's scripts", 200, "HTML page")
                  .as("text/html; charset=utf-8")
                  .tagged("operations"),
              "GET", "/", Access::kNone},
             [shared](const Request& r, const PathParams&) { return shared->serve(r); });
  router.set_fallback([shared](const Request& r, const PathParams&) { return shared->serve(r); });
}

}  // namespace corrchess::api
