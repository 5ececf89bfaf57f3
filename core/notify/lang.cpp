#include "core/notify/lang.h"

#include <cstdio>
#include <vector>

#include "core/notify/lang_catalogues.h"

namespace corrchess::notify {

namespace {

char lower_ascii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The quality of one Accept-Language range's parameters ("q=0.8"); 1 without one.
double quality(std::string_view params) {
  while (!params.empty()) {
    const auto semi = params.find(';');
    const auto part = trim(params.substr(0, semi));
    if (part.size() > 2 && lower_ascii(part[0]) == 'q' && part[1] == '=') {
      double q = 0;
      double scale = 1;
      bool fraction = false;
      for (const char c : part.substr(2)) {
        if (c == '.') {
          fraction = true;
        } else if (c >= '0' && c <= '9') {
          if (fraction) {
            scale /= 10;
            q += (c - '0') * scale;
          } else {
            q = q * 10 + (c - '0');
          }
        } else {
          return 0;
        }
      }
      return q;
    }
    if (semi == std::string_view::npos) break;
    params.remove_prefix(semi + 1);
  }
  return 1;
}

std::optional<std::string_view> find_text(Lang lang, std::string_view key) {
  for (const auto& e : catalogue(lang)) {
    if (e.key == key) return e.text;
  }
  return std::nullopt;
}

// The text of `key` with each {name} replaced by its parameter's value.
std::string render(Lang lang, std::string_view key, std::span<const Param> params) {
  auto text = find_text(lang, key);
  if (!text) text = find_text(Lang::kEn, key);
  if (!text) return std::string(key);
  std::string out;
  std::string_view rest = *text;
  while (!rest.empty()) {
    const auto open = rest.find('{');
    const auto close = open == std::string_view::npos ? open : rest.find('}', open);
    if (close == std::string_view::npos) {
      out += rest;
      break;
    }
    out += rest.substr(0, open);
    const auto name = rest.substr(open + 1, close - open - 1);
    bool found = false;
    for (const auto& p : params) {
      if (p.name == name) {
        out += p.value;
        found = true;
        break;
      }
    }
    if (!found) out += rest.substr(open, close - open + 1);
    rest.remove_prefix(close + 1);
  }
  return out;
}

std::string two_digits(int n) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02d", n);
  return buf;
}

}  // namespace

std::string_view language_tag(Lang lang) {
  switch (lang) {
    case Lang::kDe: return "de";
    case Lang::kEs: return "es";
    case Lang::kEn: break;
  }
  return "en";
}

std::optional<Lang> supported_language(std::string_view tag) {
  const auto primary = tag.substr(0, tag.find('-'));
  if (primary.size() != 2) return std::nullopt;
  const std::string code{lower_ascii(primary[0]), lower_ascii(primary[1])};
  for (const auto lang : kLanguages) {
    if (language_tag(lang) == code) return lang;
  }
  return std::nullopt;
}

Lang language_or_english(const std::optional<std::string>& tag) {
  if (!tag) return Lang::kEn;
  return supported_language(*tag).value_or(Lang::kEn);
}

std::optional<Lang> accept_language(std::string_view header) {
  std::optional<Lang> best;
  double best_q = 0;
  while (!header.empty()) {
    const auto comma = header.find(',');
    const auto range = header.substr(0, comma);
    const auto semi = range.find(';');
    const auto tag = trim(range.substr(0, semi));
    const double q = semi == std::string_view::npos ? 1 : quality(range.substr(semi + 1));
    if (const auto lang = supported_language(tag); lang && q > best_q) {
      best = lang;
      best_q = q;
    }
    if (comma == std::string_view::npos) break;
    header.remove_prefix(comma + 1);
  }
  return best;
}

Plural plural_of(Lang, std::int64_t n) { return n == 1 ? Plural::kOne : Plural::kOther; }

std::span<const CatalogueEntry> catalogue(Lang lang) {
  switch (lang) {
    case Lang::kDe: return catalogue_de();
    case Lang::kEs: return catalogue_es();
    case Lang::kEn: break;
  }
  return catalogue_en();
}

std::string tr(Lang lang, std::string_view key, Params params) {
  return render(lang, key, std::span<const Param>(params.begin(), params.size()));
}

std::string tr_n(Lang lang, std::string_view key, std::int64_t n, Params params) {
  std::vector<Param> all(params);
  all.push_back({"n", std::to_string(n)});
  return render(lang, std::string(key) + (plural_of(lang, n) == Plural::kOne ? ".one" : ".other"),
                all);
}

std::string format_instant(game::Timestamp t, const game::TimeZone& zone, Lang lang) {
  const auto local = t + zone.utc_offset(t);
  const auto date = game::utc_date(local);
  const auto in_day = game::floor_mod(local.unix_seconds(), game::kSecondsPerDay);
  return tr(lang, "date.instant",
            {{"year", std::to_string(date.year)},
             {"month2", two_digits(date.month)},
             {"day2", two_digits(date.day)},
             {"day", std::to_string(date.day)},
             {"month_name", tr(lang, "month." + std::to_string(date.month))},
             {"hour", two_digits(static_cast<int>(in_day / 3600))},
             {"minute", two_digits(static_cast<int>(in_day % 3600 / 60))},
             {"zone", zone.name()}});
}

}  // namespace corrchess::notify
