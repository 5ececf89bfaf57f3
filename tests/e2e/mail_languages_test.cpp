// Mails in the recipient's language, end to end (real server, real SMTP server): a German
// player (Berlin) and a Spanish player (Madrid) play; each gets the challenge, the start, the
// opponent's move and the deadline reminders in their own language, with the right plural
// ("noch 2 Tage" / "noch 1 Tag", "2 días" / "1 día") and dates in their zone and language.
// Registering with an address on a server that wants it verified: the confirmation mail
// follows the request's Accept-Language (the profile has no language yet), English otherwise.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/mail_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

using testing::contains;
using testing::subjects;
using testing::to;

class MailLanguages : public testing::MailTest {
 protected:
  using MailTest::MailTest;

  // White (Wilma, Berlin) reads German, Black (Björn, now in Madrid) Spanish; both want
  // reminders 48 and 24 hours before their deadline.
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(MailTest::SetUp());
    api_.expect("PATCH", "/api/v1/me", white_, {{"language", "de"}});
    api_.expect("PATCH", "/api/v1/me", black_,
                {{"language", "es-ES"}, {"time_zone", "Europe/Madrid"}});
    for (const auto& token : {white_, black_}) {
      api_.expect("PUT", "/api/v1/me/notifications", token, {{"reminder_hours_before", {48, 24}}});
    }
  }

  // The text of the one mail to `address` whose subject contains `part`.
  json mail(const std::string& address, const std::string& part) {
    json found;
    for (const auto& m : to(sink_.messages(), address)) {
      if (contains(m["subject"], part)) {
        EXPECT_TRUE(found.is_null()) << "two mails with " << part;
        found = m;
      }
    }
    EXPECT_FALSE(found.is_null()) << "no mail with " << part << " in " << sink_.messages().dump(1);
    return found;
  }
};

TEST_F(MailLanguages, AGermanAndASpanishPlayerGetTheirMailsInTheirLanguage) {
  const auto id = challenge_and_accept({{"type", "per_move"}, {"days", 3}});
  sink_.wait_for(3);  // the challenge to Björn, the start to both
  const std::string de_pairing = "Wilma \xE2\x80\x93 Björn (Partie " + id + ")";
  const std::string es_pairing = "Wilma \xE2\x80\x93 Björn (partida " + id + ")";
  EXPECT_TRUE(contains(mail("bjorn@example.org", "Wilma te desafía")["text"],
                       "Wilma te desafía a una partida."));
  const auto started = mail("wilma@example.org", "Die Partie hat begonnen")["text"];
  EXPECT_TRUE(contains(started, "Hallo Wilma,")) << started;
  EXPECT_TRUE(contains(started, "Sie spielen Weiß.")) << started;
  // Three days from 2030-01-07 09:00 UTC: 10:00 in Berlin.
  EXPECT_TRUE(contains(started, "Ihre Frist: 10. Januar 2030, 10:00 Uhr (Europe/Berlin)."))
      << started;
  EXPECT_TRUE(
      contains(mail("bjorn@example.org", "la partida ha empezado")["text"], "Juegas con negras."));

  // Wilma's reminders: two days left, then one.
  api_.advance_clock(td_, 86400);
  sink_.wait_for(4);
  api_.advance_clock(td_, 86400);
  sink_.wait_for(5);
  const auto two = mail("wilma@example.org", "noch 2 Tage");
  EXPECT_EQ(two["subject"], de_pairing + ": Ihre Frist endet bald (noch 2 Tage)");
  EXPECT_TRUE(contains(two["text"],
                       "Verbleibende Bedenkzeit: 2 Tage, bis 10. Januar 2030, "
                       "10:00 Uhr (Europe/Berlin)."))
      << two["text"];
  EXPECT_EQ(mail("wilma@example.org", "noch 1 Tag)")["subject"],
            de_pairing + ": Ihre Frist endet bald (noch 1 Tag)");

  // Wilma moves on 2030-01-09 09:00 UTC; Björn reads it in Spanish, his deadline in Madrid.
  api_.play(id, white_, "Nf3", {{"message", "Viel Glück!"}});
  sink_.wait_for(6);
  const auto move = mail("bjorn@example.org", "jugó");
  EXPECT_EQ(move["subject"], es_pairing + ": Wilma jugó 1. Nf3");
  EXPECT_TRUE(contains(move["text"], "Hola, Björn:")) << move["text"];
  EXPECT_TRUE(contains(move["text"], "Mensaje de Wilma:\nViel Glück!")) << move["text"];
  EXPECT_TRUE(contains(move["text"], "Tu plazo: 12 de enero de 2030, 10:00 (Europe/Madrid)."))
      << move["text"];
  EXPECT_TRUE(contains(move["text"], "Ver la partida: https://chess.example.org/games/" + id));
  EXPECT_TRUE(contains(move["html"], "<html lang=\"es\">"));
  api_.advance_clock(td_, 86400);
  sink_.wait_for(7);
  api_.advance_clock(td_, 86400);
  const auto mails = exactly(8);
  ASSERT_EQ(mails.size(), 8u) << mails.dump(1);
  EXPECT_EQ(mail("bjorn@example.org", "2 días")["subject"],
            es_pairing + ": tu plazo vence en 2 días");
  const auto one = mail("bjorn@example.org", "1 día");
  EXPECT_EQ(one["subject"], es_pairing + ": tu plazo vence en 1 día");
  EXPECT_TRUE(contains(one["text"],
                       "se agota en 1 día, el 12 de enero de 2030, 10:00 "
                       "(Europe/Madrid)."))
      << one["text"];
  EXPECT_EQ(to(mails, "wilma@example.org").size(), 3u);
  EXPECT_EQ(to(mails, "bjorn@example.org").size(), 5u);
}

class MailLanguagesOnRegistration : public testing::MailTest {
 protected:
  MailLanguagesOnRegistration() : MailTest({{"CORRCHESS_REQUIRE_VERIFIED_EMAIL", "1"}}) {}

  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(MailTest::SetUp());
    sink_.wait_for(2);  // the fixture's two players' confirmation mails, in English
    sink_.clear();
  }

  void sign_up(const std::string& name, const std::string& accept_language) {
    std::map<std::string, std::string> headers{{"Content-Type", "application/json"}};
    if (!accept_language.empty()) headers["Accept-Language"] = accept_language;
    const json body{
        {"username", name}, {"password", name + "-password-1"}, {"email", name + "@example.org"}};
    EXPECT_EQ(server_.request("POST", "/api/v1/auth/register", body.dump(), headers).status, 201);
  }
};

TEST_F(MailLanguagesOnRegistration, TheConfirmationMailFollowsTheBrowsersLanguage) {
  sign_up("lucia", "es-ES,es;q=0.9,en;q=0.8");
  sign_up("jorg", "fr-CH, fr;q=0.9, de;q=0.8");
  sign_up("olga", "ru");
  const auto mails = exactly(3);
  ASSERT_EQ(mails.size(), 3u) << mails.dump(1);
  EXPECT_EQ(subjects(mails), (std::vector<std::string>{"Bestätigen Sie Ihre Adresse für jorg",
                                                       "Confirm your address for olga",
                                                       "Confirma tu dirección para lucia"}));
  EXPECT_TRUE(contains(to(mails, "lucia@example.org")[0]["text"], "Confirmar la dirección: "));
}

}  // namespace
}  // namespace corrchess
