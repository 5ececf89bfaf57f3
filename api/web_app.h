// The web client (web/, built into web/dist): its files are read once at start-up and
// served from memory, so no path from a request ever reaches the file system. Files under
// assets/ carry a content hash in their names and are cached for a year (immutable); a
// pre-compressed sibling (name.gz, made by the build) is sent to clients that accept gzip.
// Every other GET outside /api/ and /docs/ is a route of the client and gets index.html.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "api/router.h"

namespace corrchess::api {

// Content-Security-Policy of the client's pages: scripts and styles only from this server
// (no inline script or style element), connections only back to it, never framed. The
// analysis board's engine is WebAssembly run in a worker from this server's own files
// ('wasm-unsafe-eval' lets a page compile WebAssembly; it allows no JavaScript eval).
inline constexpr const char* kWebAppPolicy =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

class WebApp {
 public:
  // Reads every regular file under `dir` (at most 1000 files and 64 MiB in all); nullopt
  // when `dir` is empty or holds no index.html.
  static std::optional<WebApp> load(const std::string& dir);

  // The file for `request.path` ("/" and client routes: index.html), or 404.
  Response serve(const Request& request) const;

 private:
  struct File {
    std::string content_type;
    std::string body;
    std::optional<std::string> gzip;
    bool immutable = false;
  };
  Response send(const File& file, const Request& request) const;
  std::map<std::string, File> files_;  // key: path below dir, "/index.html"
};

// Registers GET / and the fallback for client routes.
void add_web_app_routes(Router& router, WebApp app);

}  // namespace corrchess::api
