// Reading request bodies: a JSON object with typed fields, each failure a
// validation_error naming the field.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "api/http.h"
#include "core/error.h"

namespace corrchess::api {

// The body as a JSON object (an empty body counts as {} when allow_empty).
Result<nlohmann::json> json_object_body(const Request& request, bool allow_empty = false);

// What a string field may contain besides printable text. No field ever takes NUL (it would
// cut the value short in the database) or other control characters; free text written by a
// person (messages, reasons, analyses) keeps its line breaks and tabs.
enum class Text {
  kLine,       // names, credentials, codes: no control character at all
  kMultiline,  // free text: also \n, \r and \t
};

// A string field of at most max_length bytes; validation_error naming the field otherwise.
Result<std::string> required_string(const nlohmann::json& body, const std::string& field,
                                    std::size_t max_length = 1000, Text text = Text::kLine);
Result<std::optional<std::string>> optional_string(const nlohmann::json& body,
                                                   const std::string& field,
                                                   std::size_t max_length = 1000,
                                                   Text text = Text::kLine);
Result<std::optional<bool>> optional_bool(const nlohmann::json& body, const std::string& field);
Result<std::optional<std::int64_t>> optional_int(const nlohmann::json& body,
                                                 const std::string& field);

// An optional integer query parameter within lo..hi (decimal digits only); validation_error
// naming the parameter otherwise.
Result<std::optional<int>> query_int(const Request& request, const std::string& name, int lo,
                                     int hi);

}  // namespace corrchess::api
