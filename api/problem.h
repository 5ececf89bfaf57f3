// Mapping of core error codes to HTTP: one exhaustive switch, so a new ErrorCode
// cannot go unmapped (-Werror=switch), and the RFC 9457 problem+json body.
#pragma once

#include <nlohmann/json.hpp>

#include "core/error.h"

namespace corrchess::api {

// HTTP status for an error code.
int http_status(ErrorCode code);

// RFC 9457 body: {type, title, status, detail, code} and the error's extra members (a
// member with JSON text that does not parse becomes null; a member named like a standard one
// is left out).
nlohmann::json problem_json(const Error& error);

}  // namespace corrchess::api
