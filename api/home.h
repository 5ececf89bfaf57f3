// The server's own pages outside the JSON API: the first page at `/` (what this server is,
// its version, where the API and the documentation are) and the documentation files of
// docs/ served as Markdown text at /docs/rules.md, /docs/api.md and /docs/operations.md.
#pragma once

#include <string>

#include "api/router.h"
#include "core/version.h"

namespace corrchess::api {

struct HomeOptions {
  std::string version{corrchess::version()};  // shown on the page and in /healthz
  std::string docs_dir;    // folder holding rules.md, api.md, operations.md ("" = none served)
  bool first_page = true;  // serve the page at `/` (false when the web client is there)
};

// Registers GET / (when first_page) and one GET route per document (no path from a request ever
// reaches the file system). A document missing from docs_dir answers 404.
void add_home_routes(Router& router, const HomeOptions& options);

// The HTML of the first page (a complete document, UTF-8, no scripts).
std::string home_page_html(const HomeOptions& options);

}  // namespace corrchess::api
