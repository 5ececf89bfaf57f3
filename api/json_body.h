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
// A required free-text field (Text::kMultiline) that is not only blanks: a director's reason,
// an event's name.
Result<std::string> nonblank_text(const nlohmann::json& body, const std::string& field,
                                  std::size_t max_length);
Result<std::optional<bool>> optional_bool(const nlohmann::json& body, const std::string& field);
Result<std::optional<std::int64_t>> optional_int(const nlohmann::json& body,
                                                 const std::string& field);

// An id as text (a path parameter, a string field): a positive integer in decimal digits only
// (no sign, no blanks, no leading zero: `/games/01` names no game), at most 18 of them;
// nothing otherwise.
std::optional<std::int64_t> positive_id(const std::string& text);
// An id field of a body (docs/api.md "Conventions", ids): a string of digits or a positive
// integer; validation_error naming the field and `kind` ("field 'event_id' must be an event
// id ...") otherwise. Whether it names something is for the use case to find.
Result<std::int64_t> required_id(const nlohmann::json& body, const std::string& field,
                                 const std::string& kind);
Result<std::optional<std::int64_t>> optional_id(const nlohmann::json& body,
                                                const std::string& field, const std::string& kind);

// Reads the fields of a body one after the other and keeps the first failure, so a request
// type reads every field without checking each read:
//   Fields in(body);
//   auto white = in.required_string("white", 64);
//   auto fen = in.optional_string("initial_fen", 200);
//   auto settings = in.take(parse_rule_settings(body));
//   return in.finish(NewGameBody{white, black, settings, fen});
// Once a read failed, every later read returns an empty value (and does not look at the
// body), ok() is false and finish() returns that first failure, so the error names the first
// bad field exactly as a chain of early returns would.
class Fields {
 public:
  // `body` must outlive the reader.
  explicit Fields(const nlohmann::json& body) : body_(body) {}

  std::string required_string(const std::string& field, std::size_t max_length = 1000,
                              Text text = Text::kLine);
  std::optional<std::string> optional_string(const std::string& field,
                                             std::size_t max_length = 1000,
                                             Text text = Text::kLine);
  std::string nonblank_text(const std::string& field, std::size_t max_length);
  std::optional<bool> optional_bool(const std::string& field);
  bool required_bool(const std::string& field);  // true or false, present
  std::optional<std::int64_t> optional_int(const std::string& field);
  std::int64_t required_id(const std::string& field, const std::string& kind);
  std::optional<std::int64_t> optional_id(const std::string& field, const std::string& kind);

  // The value of any other read (parse_rule_settings(body), a parse of a field read before),
  // its failure kept like the reader's own; an empty value once a read has failed.
  template <class T>
  T take(Result<T> read) {
    if (error_) return T{};
    if (!read) {
      error_ = std::move(read.error());
      return T{};
    }
    return std::move(*read);
  }

  bool ok() const { return !error_.has_value(); }
  // The first failure (only when !ok()).
  std::unexpected<Error> error() const { return std::unexpected(*error_); }
  // `value` when every read succeeded, else the first failure.
  template <class T>
  Result<T> finish(T value) const {
    if (error_) return error();
    return value;
  }

 private:
  const nlohmann::json& body_;
  std::optional<Error> error_;
};

// A request type whose body is {reason?}: free text of at most MaxBytes bytes; an empty body
// counts as {} (declining a challenge, deciding a leave request).
template <std::size_t MaxBytes>
struct OptionalReasonBody {
  static constexpr bool kEmptyBody = true;
  std::optional<std::string> reason;

  static Result<OptionalReasonBody> from_json(const nlohmann::json& body, const Request&) {
    Fields in(body);
    auto reason = in.optional_string("reason", MaxBytes, Text::kMultiline);
    return in.finish(OptionalReasonBody{reason});
  }
};

// An optional integer query parameter within lo..hi (decimal digits only); validation_error
// naming the parameter otherwise.
Result<std::optional<int>> query_int(const Request& request, const std::string& name, int lo,
                                     int hi);

}  // namespace corrchess::api
