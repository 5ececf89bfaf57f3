// The languages of mails: English, German and Spanish. A catalogue per language
// (lang_en.cpp, lang_de.cpp, lang_es.cpp) maps stable keys to texts with {name} placeholders;
// plural texts have the keys `key.one` and `key.other` (the CLDR cardinal categories these
// languages use for whole numbers). Pure. Adding a language: docs/i18n.md.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/game/time.h"
#include "core/game/time_zone.h"

namespace corrchess::notify {

enum class Lang { kEn, kDe, kEs };
inline constexpr Lang kLanguages[] = {Lang::kEn, Lang::kDe, Lang::kEs};

// "en", "de", "es".
std::string_view language_tag(Lang lang);
// The language of a BCP 47 tag by its primary subtag, case-insensitively ("de-AT" -> kDe);
// none for a language without a catalogue.
std::optional<Lang> supported_language(std::string_view tag);
// The language of a profile's tag; English when there is none or it has no catalogue.
Lang language_or_english(const std::optional<std::string>& tag);
// The preferred language with a catalogue in an Accept-Language header
// ("fr-CH, es;q=0.9, en;q=0.5" -> kEs), by quality then order; none when no range has one
// (q=0 ranges and "*" do not count).
std::optional<Lang> accept_language(std::string_view header);

// The CLDR cardinal category of a whole number: en, de and es say "one" for 1 only (Spanish's
// "many" applies to millions written in compact form, which mails never use).
enum class Plural { kOne, kOther };
Plural plural_of(Lang lang, std::int64_t n);

// One entry of a catalogue.
struct CatalogueEntry {
  std::string_view key;
  std::string_view text;
};
std::span<const CatalogueEntry> catalogue(Lang lang);

struct Param {
  std::string_view name;
  std::string value;
};
using Params = std::initializer_list<Param>;

// The text of `key` in `lang` with each {name} replaced by its parameter's value; the English
// text when the catalogue lacks the key, the key itself when English lacks it too.
std::string tr(Lang lang, std::string_view key, Params params = {});
// `key.one` or `key.other` by the plural category of `n`, with {n} replaced by n.
std::string tr_n(Lang lang, std::string_view key, std::int64_t n, Params params = {});

// An instant in a zone as the language writes it, to the minute: "2030-01-08 14:00
// Europe/Berlin", "8. Januar 2030, 14:00 (Europe/Berlin)", "8 de enero de 2030, 14:00
// (Europe/Berlin)".
std::string format_instant(game::Timestamp t, const game::TimeZone& zone, Lang lang);

}  // namespace corrchess::notify
