// The languages of mails (core/notify/lang.h): every catalogue has exactly the keys of
// English with the same placeholders, plural categories, instants with month names per
// language, Accept-Language, and whole mails in German and Spanish.
#include "core/notify/lang.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/notify/compose.h"
#include "tests/support/game_table.h"

namespace corrchess::notify {
namespace {

// The {names} of a text.
std::set<std::string> placeholders(std::string_view text) {
  std::set<std::string> out;
  for (auto open = text.find('{'); open != std::string_view::npos; open = text.find('{', open)) {
    const auto close = text.find('}', open);
    if (close == std::string_view::npos) break;
    out.emplace(text.substr(open + 1, close - open - 1));
    open = close;
  }
  return out;
}

std::map<std::string_view, std::string_view> entries(Lang lang) {
  std::map<std::string_view, std::string_view> out;
  for (const auto& e : catalogue(lang)) {
    EXPECT_TRUE(out.emplace(e.key, e.text).second)
        << language_tag(lang) << " has the key " << e.key << " twice";
  }
  return out;
}

TEST(MailLanguage, EveryCatalogueHasExactlyTheKeysAndPlaceholdersOfEnglish) {
  const auto english = entries(Lang::kEn);
  ASSERT_GT(english.size(), 100u);
  for (const auto lang : {Lang::kDe, Lang::kEs}) {
    const auto other = entries(lang);
    for (const auto& [key, text] : english) {
      const auto it = other.find(key);
      if (it == other.end()) {
        ADD_FAILURE() << language_tag(lang) << " lacks " << key;
        continue;
      }
      if (key == "date.instant") {
        // A date's form differs by language: any of the parts format_instant offers.
        const std::set<std::string> parts{"year",       "month2", "day2",   "day",
                                          "month_name", "hour",   "minute", "zone"};
        for (const auto& p : placeholders(it->second)) EXPECT_TRUE(parts.contains(p)) << p;
      } else {
        EXPECT_EQ(placeholders(it->second), placeholders(text))
            << language_tag(lang) << " " << key << ": " << it->second;
      }
      EXPECT_FALSE(it->second.empty()) << key;
    }
    for (const auto& [key, text] : other) {
      EXPECT_TRUE(english.contains(key))
          << language_tag(lang) << " has " << key << " unknown to en";
    }
  }
}

TEST(MailLanguage, PluralsFollowTheLanguage) {
  EXPECT_EQ(tr_n(Lang::kDe, "span.days", 1), "1 Tag");
  EXPECT_EQ(tr_n(Lang::kDe, "span.days", 2), "2 Tage");
  EXPECT_EQ(tr_n(Lang::kDe, "span.days", 0), "0 Tage");
  EXPECT_EQ(tr_n(Lang::kEs, "span.days", 1), "1 día");
  EXPECT_EQ(tr_n(Lang::kEs, "span.days", 2), "2 días");
  EXPECT_EQ(tr_n(Lang::kEn, "span.hours", 1), "1 hour");
  EXPECT_EQ(tr_n(Lang::kEn, "span.hours", 21), "21 hours");
  EXPECT_EQ(tr_n(Lang::kEs, "batch.subject", 3), "3 desafíos te esperan");
}

TEST(MailLanguage, ParametersAreReplacedAndMissingKeysFallBack) {
  EXPECT_EQ(tr(Lang::kDe, "mail.greeting", {{"name", "Jörg"}}), "Hallo Jörg,");
  EXPECT_EQ(tr(Lang::kEs, "mail.greeting", {{"name", "Ana"}}), "Hola, Ana:");
  EXPECT_EQ(tr(Lang::kDe, "no.such.key"), "no.such.key");
  // A value that looks like a placeholder is not replaced again.
  EXPECT_EQ(tr(Lang::kEn, "mail.greeting", {{"name", "{name}"}}), "Hello {name},");
}

TEST(MailLanguage, InstantsInTheReadersZoneAndLanguage) {
  const auto berlin = game::TimeZone::named("Europe/Berlin");
  ASSERT_TRUE(berlin);
  const auto winter = game::utc_instant({2030, 1, 8}, 13);
  EXPECT_EQ(format_instant(winter, *berlin, Lang::kEn), "2030-01-08 14:00 Europe/Berlin");
  EXPECT_EQ(format_instant(winter, *berlin, Lang::kDe),
            "8. Januar 2030, 14:00 Uhr (Europe/Berlin)");
  EXPECT_EQ(format_instant(winter, *berlin, Lang::kEs),
            "8 de enero de 2030, 14:00 (Europe/Berlin)");
  // Summer time, and a date that is already the next day in Madrid.
  const auto madrid = game::TimeZone::named("Europe/Madrid");
  ASSERT_TRUE(madrid);
  const auto late = game::utc_instant({2030, 3, 31}, 22) + 30 * 60;
  EXPECT_EQ(format_instant(late, *madrid, Lang::kEs), "1 de abril de 2030, 00:30 (Europe/Madrid)");
  EXPECT_EQ(format_instant(late, *madrid, Lang::kDe), "1. April 2030, 00:30 Uhr (Europe/Madrid)");
}

TEST(MailLanguage, LanguageTagsAndAcceptLanguage) {
  EXPECT_EQ(supported_language("de-AT"), Lang::kDe);
  EXPECT_EQ(supported_language("ES"), Lang::kEs);
  EXPECT_FALSE(supported_language("fr"));
  EXPECT_FALSE(supported_language("deu"));
  EXPECT_EQ(language_or_english(std::string("pt-BR")), Lang::kEn);
  EXPECT_EQ(language_or_english(std::nullopt), Lang::kEn);
  EXPECT_EQ(accept_language("es-ES,es;q=0.9,en;q=0.8"), Lang::kEs);
  EXPECT_EQ(accept_language("fr-CH, fr;q=0.9, de;q=0.7, en;q=0.8"), Lang::kEn);
  EXPECT_EQ(accept_language("en;q=0.5, de"), Lang::kDe);
  EXPECT_EQ(accept_language("de;q=0, es;q=0.1"), Lang::kEs);
  EXPECT_FALSE(accept_language("fr, *;q=0.5"));
  EXPECT_FALSE(accept_language(""));
}

TEST(MailLanguage, RemindersInGermanAndSpanishCountTheirDays) {
  game::test::Table t;
  const GameInfo info{7, "Anna", "Ben", "https://x/games/7", game::test::kStart};
  Reminder r;
  r.kind = Kind::kSilenceReminder;
  r.to = game::Color::kWhite;
  r.silent_days = 1;
  const auto de =
      compose_reminder(r, info, t.state(), {"Anna", game::TimeZone::utc(), Lang::kDe}, false);
  EXPECT_EQ(de.subject, "Anna \xE2\x80\x93 Ben (Partie 7): 1 Tag ohne Zug");
  EXPECT_NE(de.text.find("Hallo Anna,"), std::string::npos) << de.text;
  EXPECT_NE(de.text.find("Zur Partie: https://x/games/7"), std::string::npos) << de.text;
  EXPECT_NE(de.html.find("<html lang=\"de\">"), std::string::npos);
  r.silent_days = 2;
  const auto es =
      compose_reminder(r, info, t.state(), {"Anna", game::TimeZone::utc(), Lang::kEs}, false);
  EXPECT_EQ(es.subject, "Anna \xE2\x80\x93 Ben (partida 7): 2 días sin jugada");
  r.kind = Kind::kDeadlineReminder;
  r.before = 86400;
  r.deadline = game::utc_instant({2030, 5, 2}, 9);
  const auto due =
      compose_reminder(r, info, t.state(), {"Anna", game::TimeZone::utc(), Lang::kEs}, false);
  EXPECT_NE(due.text.find("se agota en 1 día, el 2 de mayo de 2030, 09:00 (UTC)."),
            std::string::npos)
      << due.text;
}

TEST(MailLanguage, AccountMailsAndDigestsInTheReadersLanguage) {
  const Reader spanish{"Ana", game::TimeZone::utc(), Lang::kEs};
  const auto verify = compose_email_verification("ana", "https://x/verify?token=t", spanish);
  EXPECT_EQ(verify.subject, "Confirma tu dirección para ana");
  EXPECT_NE(verify.text.find("Confirmar la dirección: https://x/verify?token=t"),
            std::string::npos);
  const auto digest = compose_digest({{"a", "Hallo\n\nx"}}, "Jörg", "", Lang::kDe);
  EXPECT_EQ(digest.subject, "Ihre corrchess-Zusammenfassung: 1 Neuigkeit");
  const auto two = compose_digest({{"a", "x"}, {"b", "y"}}, "Jörg", "", Lang::kDe);
  EXPECT_EQ(two.subject, "Ihre corrchess-Zusammenfassung: 2 Neuigkeiten");
}

}  // namespace
}  // namespace corrchess::notify
