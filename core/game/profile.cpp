#include "core/game/profile.h"

#include <string>

#include "core/game/facts.h"
#include "core/text.h"

namespace corrchess::game {

namespace {

bool upper(char c) { return c >= 'A' && c <= 'Z'; }
bool lower(char c) { return c >= 'a' && c <= 'z'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

// The parts of `text` between `sep`, in order (empty parts included).
template <class Fn>
bool all_parts(std::string_view text, char sep, Fn&& ok) {
  std::size_t index = 0;
  while (true) {
    const auto end = text.find(sep);
    if (!ok(text.substr(0, end), index++)) return false;
    if (end == std::string_view::npos) return true;
    text.remove_prefix(end + 1);
  }
}

}  // namespace

Result<void> check_display_name(std::string_view name) {
  const auto n = utf8_characters(name);
  if (n < 1 || n > 64) {
    return fail(ErrorCode::kValidationError, "display_name must have 1 to 64 characters");
  }
  if (const auto refused = text::first_refused(name, text::Kind::kLine)) {
    return fail(ErrorCode::kValidationError,
                "display_name must not contain " + text::code_point_name(*refused));
  }
  return {};
}

Result<void> check_email(std::string_view e) {
  const auto at = e.find('@');
  if (e.size() > 254 || at == std::string_view::npos || at == 0 || at + 1 == e.size() ||
      e.find('@', at + 1) != std::string_view::npos || e.find(' ') != std::string_view::npos) {
    return fail(ErrorCode::kValidationError, "email must be an address like name@example.org");
  }
  return {};
}

Result<void> check_country(std::string_view code) {
  if (code.size() == 2 && upper(code[0]) && upper(code[1])) return {};
  return fail(ErrorCode::kValidationError,
              "country must be an ISO 3166-1 alpha-2 code in capitals, e.g. DE or GB");
}

Result<void> check_time_zone_name(std::string_view name) {
  const bool ok = !name.empty() && name.size() <= 64 &&
                  all_parts(name, '/', [](std::string_view part, std::size_t) {
                    if (part.empty() || !(upper(part[0]) || lower(part[0]))) return false;
                    for (char c : part) {
                      if (!(upper(c) || lower(c) || digit(c) || c == '_' || c == '+' || c == '-')) {
                        return false;
                      }
                    }
                    return true;
                  });
  if (ok) return {};
  return fail(ErrorCode::kValidationError,
              "time_zone must be an IANA time zone name, e.g. Europe/Berlin or UTC");
}

Result<void> check_language(std::string_view tag) {
  const bool ok = !tag.empty() && tag.size() <= 35 &&
                  all_parts(tag, '-', [](std::string_view part, std::size_t index) {
                    if (index == 0) {
                      if (part.size() < 2 || part.size() > 3) return false;
                      for (char c : part) {
                        if (!lower(c)) return false;
                      }
                      return true;
                    }
                    if (part.size() < 2 || part.size() > 8) return false;
                    for (char c : part) {
                      if (!(upper(c) || lower(c) || digit(c))) return false;
                    }
                    return true;
                  });
  if (ok) return {};
  return fail(ErrorCode::kValidationError, "language must be a BCP 47 tag such as en, de or pt-BR");
}

}  // namespace corrchess::game
