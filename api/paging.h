// Paging of the long lists (GET /games, /events, /ratings/lists/{period}): the `limit` and
// `cursor` query parameters read alike everywhere, and the `next_cursor` of a page. A cursor
// is the position of a page's last item in the list's order, written by the server as one or
// more decimal numbers joined by dots ("1751234567.42"); clients pass it back as it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/http.h"
#include "api/route_doc.h"
#include "core/error.h"

namespace corrchess::api {

// The paging parameters of a request.
struct PageQuery {
  std::optional<int> limit;         // absent: the list's default
  std::vector<std::int64_t> after;  // the cursor's numbers; empty: from the start
};

// `limit` (1..max_limit) and `cursor` (`cursor_parts` non-negative decimal numbers joined by
// dots). kValidationError naming the parameter for anything else (0, negative, too large,
// not a number, a cursor of another shape).
Result<PageQuery> page_query(const Request& request, int max_limit, std::size_t cursor_parts);

// The next_cursor member of a page: its numbers joined by dots, or null (the last page).
nlohmann::json next_cursor_json(const std::vector<std::int64_t>& next);

// The documentation of `limit` (e.g. "1..200, default 50") and `cursor`.
std::vector<FieldDoc> page_query_doc(const std::string& limit);

}  // namespace corrchess::api
