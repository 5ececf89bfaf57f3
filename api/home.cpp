#include "api/home.h"

#include <array>
#include <fstream>
#include <sstream>
#include <string_view>

#include "core/game/crosstable.h"  // html_escape

namespace corrchess::api {

namespace {

struct Document {
  std::string_view file;
  std::string_view title;
  std::string_view summary;
};

constexpr std::array<Document, 4> kDocuments{{
    {"rules.md", "Rules",
     "every rule the server enforces: clocks, claims, dead positions, "
     "conditional moves, leave, events"},
    {"api.md", "API guide", "the HTTP and WebSocket API, with a walk-through in curl"},
    {"operations.md", "Operations", "deployment, configuration, scaling, backups, monitoring"},
    {"ratings.md", "Ratings", "Glicko-2 ratings and the published rating lists"},
}};

Response document(const HomeOptions& options, const std::string& name) {
  for (const auto& doc : kDocuments) {
    if (name != doc.file || options.docs_dir.empty()) continue;
    std::ifstream in(options.docs_dir + "/" + std::string(doc.file), std::ios::binary);
    if (!in) break;
    std::ostringstream text;
    text << in.rdbuf();
    return text_response(200, "text/markdown; charset=utf-8", text.str());
  }
  return problem_response(Error{ErrorCode::kNotFound, "no such document"});
}

}  // namespace

std::string home_page_html(const HomeOptions& options) {
  const std::string version = game::html_escape(options.version);
  std::string links;
  if (!options.docs_dir.empty()) {
    for (const auto& doc : kDocuments) {
      links += "<li><a href=\"/docs/" + std::string(doc.file) + "\">" +
               game::html_escape(doc.title) + "</a>: " + game::html_escape(doc.summary) + "</li>\n";
    }
  }
  return "<!doctype html>\n"
         "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>corrchess " +
         version +
         "</title>\n"
         "<style>body{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;"
         "padding:0 1rem;line-height:1.5;color:#222}code{background:#f3f3f3;padding:0 .2em}"
         "h1{margin-bottom:0}.version{color:#666;margin-top:0}</style>\n"
         "</head>\n<body>\n<main>\n<h1>corrchess</h1>\n"
         "<p class=\"version\">version <span id=\"version\">" +
         version +
         "</span></p>\n"
         "<p>A correspondence chess server that runs games under the ICCF Laws of "
         "Correspondence Chess: days per move, submit then confirm, conditional moves, leave, "
         "claims and tablebases, games players start by challenging each other, tournaments "
         "run by directors.</p>\n"
         "<h2>API</h2>\n<ul>\n"
         "<li><a href=\"/api/v1/openapi.json\">OpenAPI document</a> "
         "(<code>/api/v1/openapi.json</code>): every route of the REST API</li>\n"
         "<li>Live events: a WebSocket at <code>/api/v1/ws</code></li>\n"
         "<li><a href=\"/healthz\">/healthz</a> and <a href=\"/readyz\">/readyz</a>: is the "
         "server up, is its database ready</li>\n"
         "</ul>\n" +
         (links.empty() ? std::string{} : "<h2>Documentation</h2>\n<ul>\n" + links + "</ul>\n") +
         "<p>Sign up with <code>POST /api/v1/auth/register</code>; an operator creates the "
         "first administrator with <code>corrchess-server admin create-user NAME --role "
         "admin</code>.</p>\n"
         "</main>\n</body>\n</html>\n";
}

void add_home_routes(Router& router, const HomeOptions& options) {
  if (options.first_page) {
    router.add({Doc("The first page: what this server is, its version, links", 200, "HTML page")
                    .as("text/html; charset=utf-8")
                    .tagged("operations"),
                "GET", "/", Access::kNone},
               [options](const Request&, const PathParams&) {
                 Response r =
                     text_response(200, "text/html; charset=utf-8", home_page_html(options));
                 r.headers.emplace_back(
                     "Content-Security-Policy",
                     "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
                 return r;
               });
  }
  for (const auto& doc : kDocuments) {
    const std::string name(doc.file);
    router.add(
        {Doc("Documentation: " + name, 200, "Markdown text")
             .as("text/markdown; charset=utf-8")
             .tagged("operations"),
         "GET", "/docs/" + name, Access::kNone},
        [options, name](const Request&, const PathParams&) { return document(options, name); });
  }
}

}  // namespace corrchess::api
