#include "api/json_body.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "core/text.h"

namespace corrchess::api {

Result<nlohmann::json> json_object_body(const Request& request, bool allow_empty) {
  // A body labelled as something else (a form, plain text), or not labelled at all, is not
  // silently read as JSON.
  if (!request.body.empty()) {
    const auto type = request.header("content-type");
    std::string media = type ? type->substr(0, type->find(';')) : std::string();
    std::erase_if(media, [](char c) { return c == ' ' || c == '\t'; });
    std::transform(media.begin(), media.end(), media.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (media != "application/json" && !media.ends_with("+json")) {
      return fail(ErrorCode::kUnsupportedMediaType,
                  "request bodies are JSON: send Content-Type: application/json");
    }
  }
  if (request.body.empty()) {
    if (allow_empty) return nlohmann::json::object();
    return fail(ErrorCode::kValidationError, "request body must be a JSON object");
  }
  nlohmann::json body = nlohmann::json::parse(request.body, nullptr, false);
  if (body.is_discarded())
    return fail(ErrorCode::kValidationError, "request body is not valid JSON");
  if (!body.is_object()) {
    return fail(ErrorCode::kValidationError, "request body must be a JSON object");
  }
  return body;
}

Result<std::optional<std::string>> optional_string(const nlohmann::json& body,
                                                   const std::string& field, std::size_t max_length,
                                                   Text text) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null()) return std::optional<std::string>{};
  if (!it->is_string()) {
    return fail(ErrorCode::kValidationError, "field '" + field + "' must be a string");
  }
  auto value = it->get<std::string>();
  if (value.size() > max_length) {
    return fail(ErrorCode::kValidationError,
                "field '" + field + "' is longer than " + std::to_string(max_length) + " bytes");
  }
  // The one text rule (core/text.h), shared with Xfcc.
  const auto kind = text == Text::kMultiline ? text::Kind::kMultiline : text::Kind::kLine;
  if (const auto refused = text::first_refused(value, kind)) {
    return fail(ErrorCode::kValidationError,
                "field '" + field + "' must not contain control characters or Unicode " +
                    "separators and direction controls" +
                    (text == Text::kMultiline ? " (line breaks and tabs are fine)" : "") +
                    "; found " + text::code_point_name(*refused));
  }
  return std::optional<std::string>{std::move(value)};
}

Result<std::string> required_string(const nlohmann::json& body, const std::string& field,
                                    std::size_t max_length, Text text) {
  TRY_LET(value, optional_string(body, field, max_length, text));
  if (!*value) return fail(ErrorCode::kValidationError, "field '" + field + "' is required");
  return std::move(**value);
}

Result<std::string> nonblank_text(const nlohmann::json& body, const std::string& field,
                                  std::size_t max_length) {
  auto text = required_string(body, field, max_length, Text::kMultiline);
  if (!text) return text;
  if (text->find_first_not_of(" \t\r\n") == std::string::npos) {
    return fail(ErrorCode::kValidationError, "field '" + field + "' must not be empty");
  }
  return text;
}

Result<std::optional<bool>> optional_bool(const nlohmann::json& body, const std::string& field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null()) return std::optional<bool>{};
  if (!it->is_boolean()) {
    return fail(ErrorCode::kValidationError, "field '" + field + "' must be true or false");
  }
  return std::optional<bool>{it->get<bool>()};
}

Result<std::optional<std::int64_t>> optional_int(const nlohmann::json& body,
                                                 const std::string& field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null()) return std::optional<std::int64_t>{};
  if (!it->is_number_integer()) {
    return fail(ErrorCode::kValidationError, "field '" + field + "' must be an integer");
  }
  return std::optional<std::int64_t>{it->get<std::int64_t>()};
}

std::optional<std::int64_t> positive_id(const std::string& text) {
  if (text.empty() || text.size() > 18 || text.front() == '0' ||
      !std::ranges::all_of(text, [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  const auto id = std::stoll(text);
  if (id <= 0) return std::nullopt;
  return id;
}

Result<std::optional<std::int64_t>> optional_id(const nlohmann::json& body,
                                                const std::string& field, const std::string& kind) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null()) return std::optional<std::int64_t>{};
  std::optional<std::int64_t> id;
  if (it->is_number_integer() && it->get<std::int64_t>() > 0) {
    id = it->get<std::int64_t>();
  } else if (it->is_string()) {
    id = positive_id(it->get<std::string>());
  }
  if (!id) {
    const bool vowel = !kind.empty() && std::string_view("aeiou").contains(kind.front());
    return fail(ErrorCode::kValidationError, "field '" + field + "' must be " +
                                                 (vowel ? "an " : "a ") + kind +
                                                 " id: a string of digits or a positive integer");
  }
  return id;
}

Result<std::int64_t> required_id(const nlohmann::json& body, const std::string& field,
                                 const std::string& kind) {
  TRY_LET(id, optional_id(body, field, kind));
  if (!*id) return fail(ErrorCode::kValidationError, "field '" + field + "' is required");
  return **id;
}

Result<std::optional<int>> query_int(const Request& request, const std::string& name, int lo,
                                     int hi) {
  auto it = request.query.find(name);
  if (it == request.query.end()) return std::optional<int>{};
  const auto& text = it->second;
  const bool digits = !text.empty() && text.size() <= 9 &&
                      std::ranges::all_of(text, [](char c) { return c >= '0' && c <= '9'; });
  const int n = digits ? std::stoi(text) : lo - 1;
  if (n < lo || n > hi) {
    return fail(ErrorCode::kValidationError,
                name + " must be " + std::to_string(lo) + ".." + std::to_string(hi));
  }
  return std::optional<int>{n};
}

std::string Fields::required_string(const std::string& field, std::size_t max_length, Text text) {
  if (error_) return {};
  return take(api::required_string(body_, field, max_length, text));
}

std::optional<std::string> Fields::optional_string(const std::string& field, std::size_t max_length,
                                                   Text text) {
  if (error_) return {};
  return take(api::optional_string(body_, field, max_length, text));
}

std::string Fields::nonblank_text(const std::string& field, std::size_t max_length) {
  if (error_) return {};
  return take(api::nonblank_text(body_, field, max_length));
}

std::optional<bool> Fields::optional_bool(const std::string& field) {
  if (error_) return {};
  return take(api::optional_bool(body_, field));
}

bool Fields::required_bool(const std::string& field) {
  const auto value = optional_bool(field);
  if (error_) return false;
  if (!value) error_ = Error{ErrorCode::kValidationError, "field '" + field + "' is required"};
  return value.value_or(false);
}

std::optional<std::int64_t> Fields::optional_int(const std::string& field) {
  if (error_) return {};
  return take(api::optional_int(body_, field));
}

std::int64_t Fields::required_id(const std::string& field, const std::string& kind) {
  if (error_) return 0;
  return take(api::required_id(body_, field, kind));
}

std::optional<std::int64_t> Fields::optional_id(const std::string& field, const std::string& kind) {
  if (error_) return {};
  return take(api::optional_id(body_, field, kind));
}

}  // namespace corrchess::api
