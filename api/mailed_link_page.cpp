#include "api/mailed_link_page.h"

namespace corrchess::api {

std::string link_token(const Request& request) {
  const auto it = request.query.find("token");
  return it == request.query.end() ? std::string() : it->second;
}

Response html_page(int status, const std::string& title, const std::string& body_html) {
  return text_response(status, "text/html; charset=utf-8",
                       "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>" + title +
                           "</title></head><body>\n" + body_html + "\n</body></html>\n");
}

}  // namespace corrchess::api
