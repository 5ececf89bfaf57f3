// What the mails say and where their links lead, and what the sockets of players and
// watchers receive after directors' decisions (docs/api.md "Notifications", "Live events";
// docs/operations.md "Notifications"), against the real SMTP sink and the real server.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/mail_test.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;

using testing::contains;
using testing::kPublicUrl;
using testing::to;

class MailAudit : public testing::MailTest {
 protected:
  // White, with digest_hour 8, has the news of a new game and of 1... e5 waiting for the
  // digest; Black got the challenge, the start and 1. e4 at once.
  void start_digested_game() {
    api_.expect("PUT", "/api/v1/me/notifications", white_, {{"digest_hour", 8}});
    const auto id = challenge_and_accept(testing::iccf_control());
    api_.play(id, white_, "e4");
    api_.play(id, black_, "e5");
    const auto mails = exactly(3);
    ASSERT_EQ(mails.size(), 3u) << mails.dump(1);
  }
  // White's digest comes exactly `wait` seconds from now, not a second earlier.
  void digest_comes_after(long wait) {
    api_.advance_clock(td_, wait - 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(2000));
    EXPECT_EQ(sink_.messages().size(), 3u) << sink_.messages().dump(1);
    api_.advance_clock(td_, 1);
    const auto mails = exactly(4);
    ASSERT_EQ(to(mails, "wilma@example.org").size(), 1u) << mails.dump(1);
  }
  // In `zone`.
  void digest_in_zone_comes_after(const std::string& zone, long wait) {
    api_.expect("PATCH", "/api/v1/me", white_, {{"time_zone", zone}});
    ASSERT_NO_FATAL_FAILURE(start_digested_game());
    digest_comes_after(wait);
  }
};

// The challenge mail's link opens the web client's challenges page (/challenges): the client
// has no page per challenge, so a link to /challenges/<id> led to "page not found".
TEST_F(MailAudit, AChallengeMailLinksToTheChallengesPage) {
  api_.expect("POST", "/api/v1/challenges", white_,
              {{"opponent", testing::kBlack},
               {"color", "white"},
               {"time_control", testing::iccf_control()}},
              201);
  const auto mails = exactly(1);
  ASSERT_EQ(mails.size(), 1u) << mails.dump(1);
  const std::string text = mails[0]["text"];
  EXPECT_TRUE(contains(text, "Answer the challenge: " + std::string(kPublicUrl) + "/challenges\n"))
      << text;
  EXPECT_FALSE(contains(text, "/challenges/")) << text;
  EXPECT_FALSE(contains(mails[0]["html"], "/challenges/")) << mails[0]["html"];
}

// A new address takes what waits for the mail channel with it: the digest due at 08:00 in
// Berlin goes to the address White gave after the news was queued, not to the old one (a
// player who replaces a dead address would otherwise miss it). Removing the address cancels
// what waits.
TEST_F(MailAudit, WhatWaitsFollowsANewAddress) {
  ASSERT_NO_FATAL_FAILURE(start_digested_game());
  api_.expect("PATCH", "/api/v1/me", white_, {{"email", "wilma.new@example.org"}});
  api_.advance_clock(td_, 22 * 3600);  // 2030-01-08 07:00 UTC, 08:00 in Berlin
  const auto mails = exactly(4);
  ASSERT_EQ(mails.size(), 4u) << mails.dump(1);
  EXPECT_EQ(to(mails, "wilma@example.org").size(), 0u) << mails.dump(1);
  const auto digest = to(mails, "wilma.new@example.org");
  ASSERT_EQ(digest.size(), 1u) << mails.dump(1);
  EXPECT_EQ(digest[0]["subject"], "Your corrchess digest: 2 updates");

  // Another move waits for tomorrow's digest; the address is removed: nothing comes.
  const auto games = api_.expect("GET", "/api/v1/games", white_);
  const std::string id = games["games"][0]["id"];
  api_.play(id, white_, "Nf3");
  api_.play(id, black_, "Nc6");
  EXPECT_EQ(exactly(5).size(), 5u);  // 2. Nf3 to Black
  api_.expect("PATCH", "/api/v1/me", white_, {{"email", nullptr}});
  api_.advance_clock(td_, 86400);
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));
  EXPECT_EQ(sink_.messages().size(), 5u) << sink_.messages().dump(1);
}

// Non-ASCII names and subjects are RFC 2047 encoded words, folded so that no line of the
// mail is longer than RFC 5322's 998 octets, even for the longest display names (64
// characters of 4 bytes each); the headers a mail needs are there.
TEST_F(MailAudit, LongNonAsciiNamesKeepEveryLineWithin998Octets) {
  std::string long_name;
  for (int i = 0; i < 64; ++i) long_name += "\xF0\x9F\x98\x80";  // U+1F600
  std::string other = long_name;
  other.replace(0, 4, "\xC3\x84");  // starts with U+00C4
  api_.expect("PATCH", "/api/v1/me", white_, {{"display_name", long_name}});
  api_.expect("PATCH", "/api/v1/me", black_, {{"display_name", other}});
  const auto id = challenge_and_accept(testing::iccf_control());
  api_.play(id, white_, "e4");
  const auto mails = exactly(4);  // challenge, two starts, 1. e4
  ASSERT_EQ(mails.size(), 4u) << mails.dump(1);
  bool move_mail = false;
  for (const auto& m : mails) {
    EXPECT_LE(m["max_line"].get<int>(), 998) << m["subject"];
    EXPECT_EQ(m["mime_version"], "1.0");
    EXPECT_FALSE(m["date"].get<std::string>().empty());
    EXPECT_EQ(m["from"], "corrchess <corrchess@chess.example.org>");
    if (m["subject"] == long_name + " \xE2\x80\x93 " + other + " (game " + id + "): " + long_name +
                            " played 1. e4") {
      move_mail = true;
      // Python's address parser keeps the white space between the encoded words of a name,
      // which RFC 2047 6.2 says to drop: compare without it.
      std::string to_header = m["to"];
      std::erase(to_header, ' ');
      EXPECT_EQ(to_header, other + "<bjorn@example.org>");
    }
  }
  EXPECT_TRUE(move_mail) << mails.dump(1);
}

// The digest comes at the hour the player's clock shows, also on the day the clocks go
// forward: 08:00 in Berlin on 2030-03-31 (summer time from 02:00) is 06:00 UTC, not 07:00.
TEST_F(MailAudit, TheDigestComesAtTheLocalHourOnTheDayTheClocksChange) {
  api_.set_clock(td_, "2030-03-30T09:00:00Z");  // 10:00 in Berlin, winter time
  // To 2030-03-31 06:00 UTC, 08:00 CEST.
  digest_in_zone_comes_after("Europe/Berlin", 21 * 3600);
  const auto digest = to(exactly(4), "wilma@example.org");
  ASSERT_EQ(digest.size(), 1u);
  EXPECT_EQ(digest[0]["subject"], "Your corrchess digest: 2 updates");
  EXPECT_TRUE(contains(digest[0]["text"], "Björn played 1... e5")) << digest[0]["text"];
  // Nothing more comes at 07:00 UTC (the hour the digest used to come at).
  api_.advance_clock(td_, 3600);
  EXPECT_EQ(exactly(4).size(), 4u);
}

// A zone half an hour off UTC: 08:00 in Kolkata (UTC+05:30) is 02:30 UTC.
TEST_F(MailAudit, TheDigestComesAtTheLocalHourInAHalfHourZone) {
  // 2030-01-07 09:00 UTC to 2030-01-08 02:30 UTC.
  digest_in_zone_comes_after("Asia/Kolkata", 17 * 3600 + 30 * 60);
}

// A zone of the tz database that core's presets do not hold, with a southern summer: 08:00 in
// Sydney is 21:00 UTC the day before in January (UTC+11) and 22:00 UTC once summer time ended
// on 7 April 2030 (UTC+10). Before the tz database was read, such a zone was silently the
// server's (08:00 in Berlin).
TEST_F(MailAudit, TheDigestFollowsAZoneOfTheTzDatabase) {
  // 2030-01-07 09:00 UTC to 21:00 UTC, 08:00 on the 8th in Sydney.
  digest_in_zone_comes_after("Australia/Sydney", 12 * 3600);
}

// The day Sydney's summer time ends (7 April 2030, UTC+11 to UTC+10): from 2030-04-06 09:00 UTC
// (20:00 in Sydney) the next 08:00 is 13 hours away, not 12.
TEST_F(MailAudit, TheDigestFollowsATzDatabaseZoneOnTheDayItsClocksChange) {
  api_.set_clock(td_, "2030-04-06T09:00:00Z");
  digest_in_zone_comes_after("Australia/Sydney", 13 * 3600);
}

// Changing digest_hour moves what already waits: to the new hour, or (the digest turned off)
// out at once; nothing waits for the hour that was given up.
TEST_F(MailAudit, ChangingTheDigestHourMovesWhatWaits) {
  api_.expect("PUT", "/api/v1/me/notifications", white_, {{"digest_hour", 8}});
  const auto id = challenge_and_accept(testing::iccf_control());
  api_.play(id, white_, "e4");
  api_.play(id, black_, "e5");
  auto mails = exactly(3);  // to Black: the challenge, the start, 1. e4
  ASSERT_EQ(mails.size(), 3u) << mails.dump(1);
  // 20:00 in Berlin is 19:00 UTC today, ten hours from now (09:00 UTC).
  api_.expect("PUT", "/api/v1/me/notifications", white_, {{"digest_hour", 20}});
  api_.advance_clock(td_, 10 * 3600 - 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));
  EXPECT_EQ(sink_.messages().size(), 3u) << sink_.messages().dump(1);
  api_.advance_clock(td_, 1);
  mails = exactly(4);
  ASSERT_EQ(to(mails, "wilma@example.org").size(), 1u) << mails.dump(1);
  EXPECT_EQ(to(mails, "wilma@example.org")[0]["subject"], "Your corrchess digest: 2 updates");
  // A move waits for tomorrow's 20:00; turning the digest off sends it now, once.
  api_.play(id, white_, "Nf3");
  api_.play(id, black_, "Nc6");
  mails = exactly(5);  // to Black: 2. Nf3
  ASSERT_EQ(mails.size(), 5u) << mails.dump(1);
  api_.expect("PUT", "/api/v1/me/notifications", white_, {{"digest_hour", nullptr}});
  mails = exactly(6);
  ASSERT_EQ(mails.size(), 6u) << mails.dump(1);
  const auto to_white = to(mails, "wilma@example.org");
  ASSERT_EQ(to_white.size(), 2u);
  EXPECT_TRUE(contains(to_white[0]["text"], "Björn played 2... Nc6") ||
              contains(to_white[1]["text"], "Björn played 2... Nc6"))
      << to_white.dump(1);
  // The hours given up bring nothing more.
  api_.advance_clock(td_, 2 * 86400);
  EXPECT_EQ(exactly(6).size(), 6u);
}

// A new time zone moves what waits for the digest to the digest hour of that zone: 08:00 in
// Tokyo (UTC+9) is 23:00 UTC, eight hours before 08:00 in Berlin.
TEST_F(MailAudit, ANewTimeZoneMovesWhatWaitsForTheDigest) {
  ASSERT_NO_FATAL_FAILURE(start_digested_game());
  api_.expect("PATCH", "/api/v1/me", white_, {{"time_zone", "Asia/Tokyo"}});
  digest_comes_after(14 * 3600);      // 2030-01-07 23:00 UTC
  api_.advance_clock(td_, 9 * 3600);  // past 08:00 in Berlin: nothing more
  EXPECT_EQ(exactly(4).size(), 4u);
}

// Reads messages of `socket` until one of each type in `types` arrived, in that order; the
// messages read.
std::vector<json> read_types(testing::WsClient& socket, const std::vector<std::string>& types) {
  std::vector<json> out;
  for (const auto& type : types) {
    auto m = socket.read_type(type);
    EXPECT_TRUE(m) << "no " << type;
    if (!m) break;
    out.push_back(*m);
  }
  return out;
}

// A director's clock change, suspension, resumption, result, corrected result and annulment
// reach both players' and a watcher's sockets as the messages api.md names, each with the
// game's version, in order; a socket that resumes from an earlier `seq` gets them again.
TEST_F(MailAudit, DirectorsDecisionsReachPlayersAndWatchersInOrderWithTheVersion) {
  const auto watcher = api_.sign_up("watcher_w");
  const auto id = challenge_and_accept(testing::iccf_control());
  api_.play(id, white_, "e4");
  auto white_socket = testing::greeted_socket(server_.port(), white_);
  auto black_socket = testing::greeted_socket(server_.port(), black_);
  auto watch_socket = testing::greeted_socket(server_.port(), watcher);
  watch_socket->send({{"subscribe", id}});
  ASSERT_TRUE(watch_socket->read_type("subscribed"));
  const auto base = "/api/v1/admin/games/" + id;
  const auto game = [&] { return api_.expect("GET", "/api/v1/games/" + id, white_); };
  std::vector<int> versions;
  api_.expect("POST", base + "/clock", td_,
              {{"side", "black"}, {"adjust_seconds", 86400}, {"reason", "postal delay"}});
  versions.push_back(game()["version"]);
  api_.expect("POST", base + "/suspend", td_, {{"reason", "appeal"}});
  versions.push_back(game()["version"]);
  api_.expect("POST", base + "/resume", td_, {{"reason", "appeal decided"}});
  versions.push_back(game()["version"]);
  api_.expect("POST", base + "/result", td_,
              {{"result", "1-0"}, {"termination", "adjudication"}, {"reason", "won"}});
  versions.push_back(game()["version"]);
  api_.expect("POST", base + "/result", td_,
              {{"result", "1/2-1/2"}, {"termination", "adjudication"}, {"reason", "corrected"}});
  versions.push_back(game()["version"]);
  api_.expect("POST", base + "/annul", td_, {{"reason", "fair play"}});
  versions.push_back(game()["version"]);
  for (std::size_t i = 1; i < versions.size(); ++i) EXPECT_GT(versions[i], versions[i - 1]);
  const std::vector<std::string> types = {"clock",     "clock",     "clock",
                                          "game_over", "game_over", "game_over"};
  std::optional<std::int64_t> first_seq;
  for (auto* socket : {white_socket.get(), black_socket.get(), watch_socket.get()}) {
    const auto got = read_types(*socket, types);
    ASSERT_EQ(got.size(), types.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i]["game_id"], id) << got[i];
      EXPECT_EQ(got[i]["version"], versions[i]) << got[i];
      EXPECT_TRUE(got[i].contains("at")) << got[i];
    }
    EXPECT_EQ(got[1]["suspended"], true) << got[1];
    EXPECT_EQ(got[2]["suspended"], false) << got[2];
    EXPECT_EQ(got[3]["result"], "1-0") << got[3];
    EXPECT_EQ(got[4]["result"], "1/2-1/2") << got[4];
    EXPECT_EQ(got[5]["status"], "annulled") << got[5];
    if (socket == white_socket.get()) {
      first_seq = got[0]["seq"].get<std::int64_t>();
      for (std::size_t i = 1; i < got.size(); ++i) {
        EXPECT_EQ(got[i]["seq"], *first_seq + static_cast<std::int64_t>(i)) << got[i];
      }
    } else if (socket == watch_socket.get()) {
      EXPECT_FALSE(got[0].contains("seq")) << "a watcher's messages carry no seq";
    }
  }
  ASSERT_TRUE(first_seq);
  // White comes back from before the clock change: the same six messages, in order.
  testing::WsClient resumed(
      server_.port(), "/api/v1/ws?since=" + std::to_string(*first_seq - 1) + "&token=" + white_);
  ASSERT_TRUE(resumed.connected());
  auto hello = resumed.read();
  ASSERT_TRUE(hello);
  EXPECT_EQ((*hello)["type"], "hello");
  EXPECT_EQ((*hello)["seq"], *first_seq - 1);
  for (std::size_t i = 0; i < types.size(); ++i) {
    auto m = resumed.read();
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["type"], types[i]) << *m;
    EXPECT_EQ((*m)["seq"], *first_seq + static_cast<std::int64_t>(i)) << *m;
    EXPECT_EQ((*m)["version"], versions[i]) << *m;
  }
}

// A director's replacement of a player: the replaced player, the replacement and the
// opponent get `player_replaced` with the game's version and the fields api.md names.
TEST_F(MailAudit, AReplacementIsToldToThePlayersWithTheVersionAndItsFields) {
  const auto sub = api_.sign_up("sub_player");
  auto event = api_.expect("POST", "/api/v1/admin/events", td_,
                           {{"name", "Spring 2030"},
                            {"time_control", testing::iccf_control()},
                            {"players", {testing::kWhite, testing::kBlack}}},
                           201);
  const std::string event_id = event["id"];
  auto started = api_.expect("POST", "/api/v1/admin/events/" + event_id + "/start", td_);
  ASSERT_EQ(started["games"].size(), 1u) << started;
  const std::string id = started["games"][0]["id"];
  auto white_socket = testing::greeted_socket(server_.port(), white_);
  auto black_socket = testing::greeted_socket(server_.port(), black_);
  auto sub_socket = testing::greeted_socket(server_.port(), sub);
  api_.expect("POST", "/api/v1/admin/events/" + event_id + "/replace", td_,
              {{"username", testing::kBlack}, {"replacement", "sub_player"}, {"reason", "ill"}});
  const auto game = api_.expect("GET", "/api/v1/games/" + id, sub);
  EXPECT_EQ(game["black"]["username"], "sub_player");
  for (auto* socket : {white_socket.get(), black_socket.get(), sub_socket.get()}) {
    auto m = socket->read_type("player_replaced");
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["game_id"], id) << *m;
    EXPECT_EQ((*m)["version"], game["version"]) << *m;
    EXPECT_EQ((*m)["event_id"], event_id) << *m;
    EXPECT_EQ((*m)["side"], "black") << *m;
    EXPECT_EQ((*m)["player"], testing::kBlack) << *m;
    EXPECT_EQ((*m)["replacement"], "sub_player") << *m;
    EXPECT_EQ((*m)["reason"], "ill") << *m;
    EXPECT_TRUE((*m).contains("seq") && (*m).contains("at")) << *m;
  }
}

// A director's withdrawal of a player after the start: each of their games ends by default,
// and both players of each get `game_over` with the game's version and the result.
TEST_F(MailAudit, AWithdrawalEndsTheGamesLiveWithTheVersion) {
  const auto third = api_.sign_up("third_player");
  auto event = api_.expect("POST", "/api/v1/admin/events", td_,
                           {{"name", "Summer 2030"},
                            {"time_control", testing::iccf_control()},
                            {"players", {testing::kWhite, testing::kBlack, "third_player"}}},
                           201);
  const std::string event_id = event["id"];
  auto started = api_.expect("POST", "/api/v1/admin/events/" + event_id + "/start", td_);
  ASSERT_EQ(started["games"].size(), 3u) << started;
  auto white_socket = testing::greeted_socket(server_.port(), white_);
  auto black_socket = testing::greeted_socket(server_.port(), black_);
  auto third_socket = testing::greeted_socket(server_.port(), third);
  api_.expect("POST", "/api/v1/admin/events/" + event_id + "/withdraw", td_,
              {{"username", testing::kBlack}, {"reason", "left the club"}});
  for (auto* socket : {white_socket.get(), black_socket.get(), third_socket.get()}) {
    const int expected = socket == black_socket.get() ? 2 : 1;
    for (int i = 0; i < expected; ++i) {
      auto m = socket->read_type("game_over");
      ASSERT_TRUE(m) << "game_over " << i;
      const auto game =
          api_.expect("GET", "/api/v1/games/" + (*m)["game_id"].get<std::string>(), td_);
      EXPECT_EQ((*m)["version"], game["version"]) << *m;
      EXPECT_EQ((*m)["result"], game["result"]) << *m;
      EXPECT_EQ((*m)["termination"], "default") << *m;
      EXPECT_TRUE(game["white"]["username"] == testing::kBlack ||
                  game["black"]["username"] == testing::kBlack)
          << game;
    }
  }
}

}  // namespace
}  // namespace corrchess
