// The small HTML pages behind the links corrchess mails (password reset, address confirmation,
// unsubscribe): opening a link shows one of them, and only its form's POST changes anything.
#pragma once

#include <string>

#include "api/http.h"

namespace corrchess::api {

// The token of a mailed link (its `token` query parameter; empty when there is none).
std::string link_token(const Request& request);

// A minimal HTML page (UTF-8) titled `title` around `body_html`, answered with `status`.
Response html_page(int status, const std::string& title, const std::string& body_html);

}  // namespace corrchess::api
