#include "api/paging.h"

#include <algorithm>

#include "api/json_body.h"

namespace corrchess::api {

namespace {

// A cursor's number: 1..18 decimal digits.
std::optional<std::int64_t> cursor_number(const std::string& digits) {
  if (digits.empty() || digits.size() > 18) return std::nullopt;
  if (!std::ranges::all_of(digits, [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  return std::stoll(digits);
}

// `parts` numbers joined by dots; none when the text is of another shape.
std::optional<std::vector<std::int64_t>> cursor_numbers(const std::string& text,
                                                        std::size_t parts) {
  std::vector<std::int64_t> out;
  std::size_t from = 0;
  while (true) {
    const auto dot = text.find('.', from);
    auto n = cursor_number(text.substr(from, dot == std::string::npos ? dot : dot - from));
    if (!n) return std::nullopt;
    out.push_back(*n);
    if (dot == std::string::npos) break;
    from = dot + 1;
  }
  if (out.size() != parts) return std::nullopt;
  return out;
}

}  // namespace

Result<PageQuery> page_query(const Request& request, int max_limit, std::size_t cursor_parts) {
  PageQuery page;
  TRY_LET(limit, query_int(request, "limit", 1, max_limit));
  page.limit = *limit;
  if (auto it = request.query.find("cursor"); it != request.query.end()) {
    auto after = cursor_numbers(it->second, cursor_parts);
    if (!after) {
      return fail(ErrorCode::kValidationError,
                  "cursor must be a next_cursor from an earlier page of the same list");
    }
    page.after = std::move(*after);
  }
  return page;
}

nlohmann::json next_cursor_json(const std::vector<std::int64_t>& next) {
  if (next.empty()) return nullptr;
  std::string text;
  for (const auto n : next) {
    if (!text.empty()) text += '.';
    text += std::to_string(n);
  }
  return text;
}

std::vector<FieldDoc> page_query_doc(const std::string& limit) {
  return {{"limit", "integer", false, limit},
          {"cursor", "string", false, "next_cursor of the page before"}};
}

}  // namespace corrchess::api
