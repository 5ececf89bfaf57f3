// What a player may put in a profile (docs/api.md "Players"): the checks on a display name,
// an address, a country code, a time zone name and a language tag, pure so that every
// transport and every use case (registration, a profile change) refuses the same input.
#pragma once

#include <string_view>

#include "core/error.h"

namespace corrchess::game {

// 1 to 64 characters of one line under the text rule (core/text.h). kValidationError
// otherwise.
Result<void> check_display_name(std::string_view name);
// An address like name@example.org: one '@' with something on both sides, no space, at most
// 254 bytes. kValidationError otherwise.
Result<void> check_email(std::string_view address);
// ISO 3166-1 alpha-2: two upper-case ASCII letters ("DE", "GB"). kValidationError otherwise.
Result<void> check_country(std::string_view code);
// An IANA time zone name as browsers and tz databases spell it: "UTC", or area/location
// parts of letters, digits, '_', '+' and '-' separated by '/' ("Europe/Berlin",
// "America/Argentina/Buenos_Aires"), at most 64 characters. kValidationError otherwise.
Result<void> check_time_zone_name(std::string_view name);
// A BCP 47 language tag in the usual short form: a 2–3 letter lower-case language, then
// optional subtags of 2–8 letters or digits ("en", "de-CH", "zh-Hant-TW"), at most 35
// characters. kValidationError otherwise.
Result<void> check_language(std::string_view tag);

}  // namespace corrchess::game
