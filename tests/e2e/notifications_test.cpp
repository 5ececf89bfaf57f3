// Email notifications end to end, against a real SMTP server (aiosmtpd, tests/support/
// smtp_sink.h) and the real server process: a game played over HTTP produces exactly the
// expected mails to the right people, threaded per game, with the move, message, diagram,
// local deadline and the PGN at the end; one-click unsubscribe; deadline reminders at their
// instants on the test clock, never after the player moved and never twice with two
// instances; an SMTP server that is down gets everything once it is back, even across a
// kill -9, with stable delivery ids; deliveries given up are shown to admins.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/mail_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

using testing::contains;
using testing::kBlack;
using testing::kPublicUrl;
using testing::kWhite;
using testing::mail_env;
using testing::subjects;
using testing::to;

class Notifications : public testing::MailTest {
 protected:
  using MailTest::MailTest;

  // White asks for a daily digest at 08:00; then a game between the two, started by a
  // challenge, in which 1. e4 e5 is played.
  std::string digest_game() {
    api_.expect("PUT", "/api/v1/me/notifications", white_, {{"digest_hour", 8}});
    const auto id = challenge_and_accept(testing::iccf_control());
    api_.play(id, white_, "e4");
    api_.play(id, black_, "e5");
    return id;
  }
};

TEST_F(Notifications, AGameMailsExactlyTheExpectedPeopleThreadedWithMovesAndPgn) {
  const auto id = challenge_and_accept(testing::iccf_control());
  api_.play(id, white_, "f3");
  api_.play(id, black_, "e5", {{"message", "Voilà: à toi!"}});
  api_.play(id, white_, "g4");
  api_.play(id, black_, "Qh4#");
  // Black: the challenge, the start, White's two moves, the end. White: the start, Black's
  // two moves, the end. Nothing else (no reminder is due yet, and the end cancelled them).
  const auto mails = exactly(9);
  ASSERT_EQ(mails.size(), 9u) << mails.dump(1);
  const auto to_white = to(mails, "wilma@example.org");
  const auto to_black = to(mails, "bjorn@example.org");
  ASSERT_EQ(to_white.size(), 4u);
  ASSERT_EQ(to_black.size(), 5u);
  const std::string pairing = "Wilma \xE2\x80\x93 Björn (game " + id + ")";
  EXPECT_EQ(subjects(to_black),
            (std::vector<std::string>{"Wilma challenges you", pairing + ": Wilma played 1. f3",
                                      pairing + ": Wilma played 2. g4", pairing + ": game over",
                                      pairing + ": the game has started"}));
  EXPECT_EQ(subjects(to_white),
            (std::vector<std::string>{pairing + ": Björn played 1... e5",
                                      pairing + ": Björn played 2... Qh4#", pairing + ": game over",
                                      pairing + ": the game has started"}));
  std::set<std::string> ids;
  for (const auto& m : mails) {
    EXPECT_EQ(m["content_type"], "multipart/mixed");
    EXPECT_TRUE(contains(m["raw_subject"], "=?UTF-8?B?") || m["subject"] == "Wilma challenges you")
        << "non-ASCII subjects are RFC 2047 encoded";
    EXPECT_FALSE(m["html"].get<std::string>().empty());
    ids.insert(m["message_id"]);
    EXPECT_EQ(m["message_id"], "<" + m["delivery"].get<std::string>() + "@chess.example.org>");
    EXPECT_EQ(m["list_unsubscribe_post"], "List-Unsubscribe=One-Click");
    EXPECT_TRUE(contains(m["list_unsubscribe"],
                         std::string(kPublicUrl) + "/api/v1/notifications/unsubscribe?token="));
    if (m["subject"] == "Wilma challenges you") continue;
    // Every mail of the game refers to the game's thread.
    EXPECT_EQ(m["references"], "<game-" + id + "@chess.example.org>");
    EXPECT_EQ(m["in_reply_to"], m["references"]);
  }
  EXPECT_EQ(ids.size(), 9u) << "every mail has its own Message-ID";
  for (const auto& m : to_white) {
    const std::string text = m["text"];
    if (contains(m["subject"], "played 1... e5")) {
      EXPECT_TRUE(contains(text, "Voilà: à toi!")) << text;
      EXPECT_TRUE(contains(text, "5  . . . . p . . .")) << text;
      // 2030-01-07 09:00 UTC + 40 days (the silence rule comes before 50 days for 10 moves),
      // in Berlin (UTC+1).
      EXPECT_TRUE(contains(text, "Your deadline: 2030-02-16 10:00 Europe/Berlin.")) << text;
      EXPECT_TRUE(contains(text, std::string(kPublicUrl) + "/games/" + id));
      EXPECT_TRUE(contains(m["html"], "Voil\xC3\xA0: \xC3\xA0 toi!"));
    }
    if (contains(m["subject"], "game over")) {
      EXPECT_TRUE(contains(text, "Björn won (0-1) by checkmate.")) << text;
      ASSERT_EQ(m["attachments"].size(), 1u);
      EXPECT_EQ(m["attachments"][0]["filename"], "game-" + id + ".pgn");
      const std::string pgn = m["attachments"][0]["data"];
      EXPECT_TRUE(contains(pgn, "[Result \"0-1\"]")) << pgn;
      EXPECT_TRUE(contains(pgn, "Qh4#")) << pgn;
    }
  }
  for (const auto& m : to_black) {
    if (m["subject"] == "Wilma challenges you") {
      EXPECT_TRUE(contains(m["text"], "Une partie ?"));
    }
  }
}

TEST_F(Notifications, UnsubscribeInOneClick) {
  const auto id = challenge_and_accept(testing::iccf_control());
  api_.play(id, white_, "e4");
  auto mails = sink_.wait_for(4);  // challenge, 2 x started, e4
  json move_mail;
  for (const auto& m : mails) {
    if (contains(m["subject"], "played 1. e4")) move_mail = m;
  }
  ASSERT_FALSE(move_mail.is_null()) << mails.dump(1);
  std::string link = move_mail["list_unsubscribe"];
  link = link.substr(1, link.size() - 2);  // <...>
  const auto target = link.substr(std::string(kPublicUrl).size());
  // A link checker's GET changes nothing; the mail client's POST (RFC 8058) unsubscribes.
  EXPECT_EQ(server_.request("GET", target).status, 200);
  auto prefs = api_.expect("GET", "/api/v1/me/notifications", black_);
  EXPECT_EQ(prefs["channels"]["email"]["opponent_moved"], true);
  // Every kind docs/api.md names is shown, on both channels.
  for (const char* kind :
       {"opponent_moved", "draw_declined", "claim_decided", "game_over", "game_started",
        "challenge_received", "deadline_reminder", "silence_reminder", "director_decision",
        "adjudication_pending", "opponent_leave", "competition"}) {
    EXPECT_EQ(prefs["channels"]["email"][kind], true) << kind;
    EXPECT_EQ(prefs["channels"]["webhook"][kind], true) << kind;
  }
  EXPECT_EQ(prefs["channels"]["email"].size(), 12u);
  const auto post = server_.request("POST", target, "List-Unsubscribe=One-Click",
                                    {{"Content-Type", "application/x-www-form-urlencoded"}});
  EXPECT_EQ(post.status, 200) << post.body;
  prefs = api_.expect("GET", "/api/v1/me/notifications", black_);
  EXPECT_EQ(prefs["channels"]["email"]["opponent_moved"], false);
  EXPECT_EQ(prefs["channels"]["email"]["game_over"], true);
  // A changed token is refused.
  auto forged = target;
  forged.back() = forged.back() == '0' ? '1' : '0';
  EXPECT_EQ(server_
                .request("POST", forged, "List-Unsubscribe=One-Click",
                         {{"Content-Type", "application/x-www-form-urlencoded"}})
                .status,
            400);
  // Black gets no more move mails, but still the end of the game.
  api_.play(id, black_, "e5");
  api_.play(id, white_, "d4");
  api_.expect("POST", "/api/v1/games/" + id + "/resign", black_);
  mails = exactly(7);  // + White's e5 mail + two game-over mails
  EXPECT_EQ(mails.size(), 7u) << mails.dump(1);
  EXPECT_EQ(to(mails, "bjorn@example.org").size(), 4u);
}

TEST_F(Notifications, PreferencesRoundTripAndAreChecked) {
  auto prefs = api_.expect("GET", "/api/v1/me/notifications", white_);
  EXPECT_EQ(prefs["reminder_hours_before"], json({168, 72, 24, 8}));
  EXPECT_EQ(prefs["time_zone"], "Europe/Berlin");
  EXPECT_TRUE(prefs["digest_hour"].is_null());
  prefs = api_.expect("PUT", "/api/v1/me/notifications", white_,
                      {{"channels", {{"email", {{"draw_declined", false}}}}},
                       {"reminder_hours_before", {2, 48}},
                       {"digest_hour", 7}});
  EXPECT_EQ(prefs["reminder_hours_before"], json({48, 2}));
  EXPECT_EQ(prefs["channels"]["email"]["draw_declined"], false);
  EXPECT_EQ(prefs["channels"]["email"]["opponent_moved"], true);
  EXPECT_EQ(api_.expect("GET", "/api/v1/me/notifications", white_), prefs);
  EXPECT_EQ(api_.problem("PUT", "/api/v1/me/notifications", white_,
                         {{"reminder_hours_before", {0}}}, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("PUT", "/api/v1/me/notifications", white_,
                         {{"channels", {{"email", {{"no_such_kind", false}}}}}}, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("GET", "/api/v1/me/notifications", "", nullptr, 401), "unauthorized");
  // An hour out of 0..23 is refused however large: 2^32 + 5 was read as 5 and stored. The
  // refusal changes nothing.
  for (const json& hour : {json(4294967301LL), json(-4294967291LL), json(24)}) {
    EXPECT_EQ(api_.problem("PUT", "/api/v1/me/notifications", white_, {{"digest_hour", hour}}, 400),
              "validation_error")
        << hour;
  }
  EXPECT_EQ(api_.expect("GET", "/api/v1/me/notifications", white_), prefs);
}

// Reminders: White has 3 days per move; with the default times the 24-hour and 8-hour
// reminders are ahead. Two instances deliver; each reminder arrives once, at its instant, and
// those of a player who moved never.
TEST_F(Notifications, DeadlineRemindersAtTheirInstantsOnceAndNotAfterAMove) {
  testing::ServerProcess second(db_.url(), mail_env(sink_));
  ASSERT_TRUE(second.started());
  const auto id = challenge_and_accept({{"type", "per_move"}, {"days", 3}});
  sink_.wait_for(3);                                             // challenge + 2 x started
  testing::ApiClient(second).advance_clock(td_, 2 * 86400 - 1);  // 1 s before 24 h remain
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  EXPECT_EQ(sink_.messages().size(), 3u);
  api_.advance_clock(td_, 1);
  auto mails = sink_.wait_for(4);
  ASSERT_EQ(mails.size(), 4u);
  auto reminders = [&] {
    json out = json::array();
    for (const auto& m : sink_.messages()) {
      if (contains(m["subject"], "your deadline")) out.push_back(m);
    }
    return out;
  };
  ASSERT_EQ(reminders().size(), 1u);
  EXPECT_EQ(reminders()[0]["rcpt"], "wilma@example.org");
  EXPECT_TRUE(contains(reminders()[0]["subject"], "your deadline is in 1 day"));
  // 2030-01-10 09:00 UTC is 10:00 in Berlin.
  EXPECT_TRUE(contains(reminders()[0]["text"], "at 2030-01-10 10:00 Europe/Berlin"))
      << reminders()[0]["text"];
  // White moves: the 8-hour reminder is never sent; Black's own reminders take over.
  api_.play(id, white_, "e4");
  api_.advance_clock(td_, 3 * 86400 - 8 * 3600);  // Black: 8 hours left
  mails = exactly(7);  // + White's move to Black, Black's 24 h and 8 h reminders
  ASSERT_EQ(mails.size(), 7u) << mails.dump(1);
  const auto all = reminders();
  ASSERT_EQ(all.size(), 3u);
  int to_black = 0;
  for (const auto& r : all) to_black += r["rcpt"] == "bjorn@example.org" ? 1 : 0;
  EXPECT_EQ(to_black, 2);
  pqxx::connection conn(db_.url());
  pqxx::work tx(conn);
  EXPECT_EQ(tx.exec1("SELECT count(*) FROM notification_attempts a JOIN notification_outbox o "
                     "ON o.id = a.outbox_id WHERE o.kind = 'deadline_reminder'")[0]
                .as<int>(),
            3)
      << "each reminder attempted once across both instances";
  EXPECT_EQ(tx.exec1("SELECT count(*) FROM notification_outbox WHERE kind = 'deadline_reminder' "
                     "AND status = 'cancelled'")[0]
                .as<int>(),
            1);
}

// ICCF silence reminders in an event game: after 14, 28 and 35 days without a move, the
// last one copied to the event's director; the deadline reminder 7 days before the 40th day
// comes in between.
TEST_F(Notifications, SilenceRemindersAt14_28_35DaysTheLastCopiedToTheDirector) {
  api_.expect("PATCH", "/api/v1/me", td_, {{"email", "td@example.org"}});
  const auto event_id = api_.create_event(td_, "Silence cup", {kWhite, kBlack},
                                          {{"start_at", "2030-01-07T09:00:00Z"}});
  const std::string first = api_.start_event(td_, event_id)["white"];
  const std::string address = first == kWhite ? "wilma@example.org" : "bjorn@example.org";
  ASSERT_EQ(exactly(2).size(), 2u) << "the start, to both players";
  auto count_to = [&](const std::string& rcpt, const std::string& words) {
    int n = 0;
    for (const auto& m : sink_.messages()) {
      n += m["rcpt"] == rcpt && contains(m["subject"], words) ? 1 : 0;
    }
    return n;
  };
  api_.advance_clock(td_, 14 * 86400 - 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));
  EXPECT_EQ(sink_.messages().size(), 2u);
  api_.advance_clock(td_, 1);
  sink_.wait_for(3);
  EXPECT_EQ(count_to(address, "no move for 14 days"), 1);
  api_.advance_clock(td_, 14 * 86400);
  sink_.wait_for(4);
  EXPECT_EQ(count_to(address, "no move for 28 days"), 1);
  api_.advance_clock(td_, 7 * 86400);  // day 35 (and day 33: 7 days before the 40th)
  const auto mails = exactly(7);
  ASSERT_EQ(mails.size(), 7u) << mails.dump(1);
  EXPECT_EQ(count_to(address, "your deadline is in 7 days"), 1);
  EXPECT_EQ(count_to(address, "no move for 35 days"), 1);
  EXPECT_EQ(count_to("td@example.org", "has not moved for 35 days"), 1);
  EXPECT_EQ(to(mails, "td@example.org").size(), 1u);
}

// A daily digest at 08:00 in White's zone (Berlin): Black's moves wait and arrive together
// in one mail at that hour; the end of the game does not wait.
TEST_F(Notifications, DailyDigestCollectsMovesUntilTheLocalHour) {
  const auto id = digest_game();
  api_.play(id, white_, "Nf3");
  api_.play(id, black_, "Nc6");
  // Black: challenge, start, two moves; White: nothing yet (start and moves wait).
  auto mails = exactly(4);
  ASSERT_EQ(mails.size(), 4u) << mails.dump(1);
  EXPECT_EQ(to(mails, "wilma@example.org").size(), 0u);
  // 2030-01-07 09:00 UTC is 10:00 in Berlin; the digest comes at 08:00 Berlin, 07:00 UTC.
  api_.advance_clock(td_, 22 * 3600 - 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));
  EXPECT_EQ(sink_.messages().size(), 4u);
  api_.advance_clock(td_, 1);
  mails = exactly(5);
  ASSERT_EQ(mails.size(), 5u);
  const auto digest = to(mails, "wilma@example.org");
  ASSERT_EQ(digest.size(), 1u);
  EXPECT_EQ(digest[0]["subject"], "Your corrchess digest: 3 updates");
  const std::string text = digest[0]["text"];
  EXPECT_TRUE(contains(text, "the game has started")) << text;
  EXPECT_TRUE(contains(text, "Björn played 1... e5")) << text;
  EXPECT_TRUE(contains(text, "Björn played 2... Nc6")) << text;
  // The end of the game is mailed at once.
  api_.expect("POST", "/api/v1/games/" + id + "/resign", black_);
  mails = exactly(7);
  EXPECT_EQ(to(mails, "wilma@example.org").size(), 2u);
}

// The digest carries its own one-click unsubscribe (RFC 8058 headers and a link in the
// body); the mail client's POST stops the digests: the items waiting are dropped and no
// later move is collected (and none is mailed at once instead).
TEST_F(Notifications, DigestUnsubscribesInOneClickAndStops) {
  const auto id = digest_game();
  sink_.wait_for(3);  // Black: challenge, start, e4
  api_.advance_clock(td_, 22 * 3600);
  auto mails = exactly(4);
  auto digest = to(mails, "wilma@example.org");
  ASSERT_EQ(digest.size(), 1u) << mails.dump(1);
  EXPECT_EQ(digest[0]["list_unsubscribe_post"], "List-Unsubscribe=One-Click");
  std::string link = digest[0]["list_unsubscribe"];
  ASSERT_GT(link.size(), 2u) << digest.dump(1);
  link = link.substr(1, link.size() - 2);  // <...>
  EXPECT_TRUE(contains(link, "/api/v1/notifications/unsubscribe?token=")) << link;
  EXPECT_TRUE(contains(digest[0]["text"], "Stop these digests: " + link)) << digest.dump(1);
  EXPECT_TRUE(contains(digest[0]["html"], "Stop these digests")) << digest.dump(1);
  // The next moves wait for tomorrow's digest; the unsubscribe drops them.
  api_.play(id, white_, "Nf3");
  api_.play(id, black_, "Nc6");
  const auto target = link.substr(std::string(kPublicUrl).size());
  const auto post = server_.request("POST", target, "List-Unsubscribe=One-Click",
                                    {{"Content-Type", "application/x-www-form-urlencoded"}});
  EXPECT_EQ(post.status, 200) << post.body;
  const auto prefs = api_.expect("GET", "/api/v1/me/notifications", white_);
  EXPECT_EQ(prefs["channels"]["email"]["opponent_moved"], false);
  EXPECT_EQ(prefs["channels"]["email"]["game_started"], false);
  EXPECT_EQ(prefs["channels"]["email"]["game_over"], true);
  api_.play(id, white_, "Bc4");
  api_.play(id, black_, "Bc5");
  // Two more digest hours pass: nothing comes to White (Black got Nf3 and Bc4).
  api_.advance_clock(td_, 24 * 3600);
  api_.advance_clock(td_, 24 * 3600);
  mails = exactly(6);
  EXPECT_EQ(mails.size(), 6u) << mails.dump(1);
  EXPECT_EQ(to(mails, "wilma@example.org").size(), 1u) << mails.dump(1);
  // The end of the game (not part of the digest) is still mailed.
  api_.expect("POST", "/api/v1/games/" + id + "/resign", black_);
  mails = exactly(8);
  EXPECT_EQ(to(mails, "wilma@example.org").size(), 2u) << mails.dump(1);
}

TEST_F(Notifications, DirectorDecisionsAreMailedToBothPlayersWithTheReason) {
  const auto id = challenge_and_accept(testing::iccf_control());
  api_.expect("POST", "/api/v1/admin/games/" + id + "/suspend", td_,
              {{"reason", "the server moves house"}});
  const auto mails = exactly(5);
  ASSERT_EQ(mails.size(), 5u) << mails.dump(1);
  int told = 0;
  for (const auto& m : mails) {
    if (!contains(m["subject"], "the director suspended the clocks")) continue;
    ++told;
    EXPECT_TRUE(contains(m["text"], "Reason: the server moves house"));
  }
  EXPECT_EQ(told, 2);
}

// Leave in an event game: the opponent is told, and the reminders of the player to move
// follow their new deadline.
TEST_F(Notifications, LeaveIsToldToTheOpponentAndMovesTheReminders) {
  const auto event_id = api_.create_event(td_, "Leave cup", {kWhite, kBlack},
                                          {{"time_control", {{"type", "per_move"}, {"days", 10}}},
                                           {"start_at", "2030-01-07T09:00:00Z"}});
  const std::string first = api_.start_event(td_, event_id)["white"];
  const auto& mover = first == kWhite ? white_ : black_;
  const std::string other_address = first == kWhite ? "bjorn@example.org" : "wilma@example.org";
  const std::string mover_address = first == kWhite ? "wilma@example.org" : "bjorn@example.org";
  ASSERT_EQ(exactly(2).size(), 2u);
  auto due_of_reminders = [&] {
    pqxx::connection conn(db_.url());
    pqxx::work tx(conn);
    return tx
        .exec1(
            "SELECT string_agg(to_char(due_at AT TIME ZONE 'UTC', 'MM-DD HH24'), ',' "
            "ORDER BY due_at) FROM notification_outbox WHERE kind = "
            "'deadline_reminder' AND status = 'pending'")[0]
        .as<std::string>("");
  };
  // 10 days from 2030-01-07 09:00: reminders 7 d, 3 d, 24 h and 8 h before 01-17 09:00.
  EXPECT_EQ(due_of_reminders(), "01-10 09,01-14 09,01-16 09,01-17 01");
  api_.expect("POST", "/api/v1/me/leave", mover,
              {{"event_id", event_id}, {"start_date", "2030-01-12"}, {"end_date", "2030-01-13"}},
              201);
  const auto mails = exactly(3);
  ASSERT_EQ(mails.size(), 3u) << mails.dump(1);
  const auto told = to(mails, other_address);
  ASSERT_EQ(told.size(), 2u);
  bool found = false;
  for (const auto& m : told) {
    found = found || contains(m["subject"], "leave from 2030-01-12 to 2030-01-13 approved");
  }
  EXPECT_TRUE(found) << told.dump(1);
  EXPECT_EQ(to(mails, mover_address).size(), 1u) << "the taker is not told of their own leave";
  // Two leave days later: the deadline is 01-19 09:00, and so are the reminders.
  EXPECT_EQ(due_of_reminders(), "01-12 09,01-16 09,01-18 09,01-19 01");
}

class FlakyMail : public Notifications {
 protected:
  FlakyMail()
      : Notifications({{"CORRCHESS_NOTIFY_RETRY_BASE_SECONDS", "1"},
                       {"CORRCHESS_NOTIFY_RETRY_MAX_SECONDS", "2"}}) {}
};

int attempts_failed(const std::string& url) {
  pqxx::connection conn(url);
  pqxx::work tx(conn);
  return tx.exec1("SELECT count(*) FROM notification_attempts WHERE NOT succeeded")[0].as<int>();
}

TEST_F(FlakyMail, MailServerDownThenKillMinus9LosesNothingAndKeepsIds) {
  sink_.stop();
  const auto id = challenge_and_accept(testing::iccf_control());
  api_.play(id, white_, "e4");
  api_.play(id, black_, "c5");
  // Five mails wait; the worker keeps trying (backoff) while the mail server is down.
  ASSERT_TRUE(testing::wait_until([&] { return attempts_failed(db_.url()) >= 6; },
                                  std::chrono::seconds(20), std::chrono::milliseconds(200)));
  EXPECT_GT(api_.metric("corrchess_notifications_email_retried_total"), 0);
  api_.advance_clock(td_, 60);
  EXPECT_GE(api_.metric("corrchess_notifications_oldest_due_seconds"), 60)
      << "the oldest waiting mail fell due a minute ago";
  server_.kill_hard();
  ASSERT_TRUE(sink_.start());
  testing::ServerProcess restarted(db_.url(),
                                   mail_env(sink_, {{"CORRCHESS_NOTIFY_RETRY_BASE_SECONDS", "1"},
                                                    {"CORRCHESS_NOTIFY_RETRY_MAX_SECONDS", "2"}}));
  ASSERT_TRUE(restarted.started());
  const auto mails = sink_.wait_for(5);
  ASSERT_GE(mails.size(), 5u);
  std::set<std::string> deliveries;
  for (const auto& m : mails) deliveries.insert(m["delivery"]);
  EXPECT_EQ(deliveries.size(), 5u) << "all five arrive; any duplicate carries the same id";
  pqxx::connection conn(db_.url());
  pqxx::work tx(conn);
  EXPECT_EQ(tx.exec1("SELECT count(*) FROM notification_outbox WHERE status = 'sent'")[0].as<int>(),
            5);
}

class HopelessMail : public Notifications {
 protected:
  HopelessMail()
      : Notifications({{"CORRCHESS_NOTIFY_RETRY_BASE_SECONDS", "1"},
                       {"CORRCHESS_NOTIFY_RETRY_MAX_SECONDS", "1"},
                       {"CORRCHESS_NOTIFY_GIVE_UP_SECONDS", "2"}}) {}
};

TEST_F(HopelessMail, GivenUpDeliveriesAreFailedAndShownToAdminsOnly) {
  sink_.stop();
  api_.expect("POST", "/api/v1/challenges", white_,
              {{"opponent", kBlack}, {"time_control", testing::iccf_control()}}, 201);
  json failed;
  ASSERT_TRUE(testing::wait_until(
      [&] {
        failed = api_.expect("GET", "/api/v1/admin/notifications/failed", td_);
        return failed["deliveries"].size() == 1;
      },
      std::chrono::seconds(20), std::chrono::milliseconds(200)));
  const auto& d = failed["deliveries"][0];
  EXPECT_EQ(d["kind"], "challenge_received");
  EXPECT_EQ(d["channel"], "email");
  EXPECT_EQ(d["status"], "failed");
  EXPECT_GE(d["attempts"].get<int>(), 2);
  EXPECT_FALSE(d["last_error"].is_null());
  EXPECT_EQ(api_.problem("GET", "/api/v1/admin/notifications/failed", white_, nullptr, 403),
            "forbidden");
  // The notifier counts a batch's failures after it has stored their status, so the counter
  // may lag the list by a moment.
  EXPECT_TRUE(testing::wait_until(
      [&] { return api_.metric("corrchess_notifications_email_failed_total") >= 1; },
      std::chrono::seconds(5), std::chrono::milliseconds(50)));
}

}  // namespace
}  // namespace corrchess
