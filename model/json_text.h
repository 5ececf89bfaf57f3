// JSON written straight into text, for the documents every move sends (the game answered to
// a command, the live messages of a change): RapidJSON's streaming Writer, without the tree
// of nlohmann::json that costs an allocation per member. The tree forms of the same
// documents are read back from this text (one shape, written once).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <stdexcept>

// A document written out of order (a value where a key belongs, an end without its begin) is
// a mistake in the code that writes it: RapidJSON asserts on it, and here the assertion
// throws in every build (the request fails with 500) instead of writing broken JSON. This is
// the only header that includes RapidJSON, so every use sees the same definition.
#define RAPIDJSON_ASSERT(x) \
  ((x) ? static_cast<void>(0) : throw std::logic_error("JSON written out of order: " #x))
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "core/game/time_control.h"

namespace corrchess::game {
struct ClockView;
}

namespace corrchess::model {

class JsonText {
 public:
  JsonText() : writer_(buffer_) {}
  JsonText(const JsonText&) = delete;
  JsonText& operator=(const JsonText&) = delete;

  JsonText& begin_object() { return done(writer_.StartObject()); }
  JsonText& end_object() { return done(writer_.EndObject()); }
  JsonText& begin_array() { return done(writer_.StartArray()); }
  JsonText& end_array() { return done(writer_.EndArray()); }
  JsonText& key(std::string_view k) {
    return done(writer_.Key(k.data(), static_cast<rapidjson::SizeType>(k.size())));
  }
  JsonText& value(std::string_view s) {
    return done(writer_.String(s.data(), static_cast<rapidjson::SizeType>(s.size())));
  }
  JsonText& value(const char* s) { return value(std::string_view(s)); }
  JsonText& value(const std::string& s) { return value(std::string_view(s)); }
  JsonText& value(bool b) { return done(writer_.Bool(b)); }
  JsonText& value(int n) { return done(writer_.Int(n)); }
  JsonText& value(std::int64_t n) { return done(writer_.Int64(n)); }
  JsonText& value(double d) { return done(writer_.Double(d)); }
  JsonText& null() { return done(writer_.Null()); }
  // A value that is already JSON text (a stored document, a nested part written apart).
  JsonText& raw(std::string_view json);
  // key then value, the common case.
  template <typename T>
  JsonText& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }
  // key and value when there is one, nothing otherwise.
  template <typename T>
  JsonText& optional_field(std::string_view k, const std::optional<T>& v) {
    if (v) field(k, *v);
    return *this;
  }

  // The text written; the document must be complete.
  std::string take();

 private:
  // The Writer's result, always true into a StringBuffer (order is checked by the assertion).
  JsonText& done(bool) { return *this; }

  rapidjson::StringBuffer buffer_;
  rapidjson::Writer<rapidjson::StringBuffer> writer_;
};

// The api.md shapes of model/codec.h, written into `out`.
void write_time_control(JsonText& out, const game::TimeControl& control);
void write_clock(JsonText& out, const game::ClockView& clock);

}  // namespace corrchess::model
