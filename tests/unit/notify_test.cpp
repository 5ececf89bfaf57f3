// Notification decisions (core/notify): who is told what about a change, when reminders
// fall due and that they are keyed so they are written once, preferences and retry timing;
// and the words of the messages (core/notify/compose).
#include "core/notify/notify.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>

#include "core/notify/compose.h"
#include "tests/support/game_table.h"

namespace corrchess::notify {
namespace {

using game::Color;
using game::test::black_offered_a_draw;
using game::test::kStart;
using game::test::Table;

// Accepts `move` for the side to move in `t` and returns the notices of that change.
std::vector<Notice> notices_of_move(Table& t, std::string_view move, bool offer = false) {
  const auto before = t.state();
  t.now += 3600;
  const auto g = t.game();
  auto pending = game::submit_move(g, g.state().to_move, game::test::req(std::string(move), offer));
  EXPECT_TRUE(pending.has_value());
  auto o = game::accept_move(g, g.state().to_move, *pending, move, t.trees);
  EXPECT_TRUE(o.has_value());
  t.apply(*o);
  return game_notices(before, o->moves, o->events, o->game.state());
}

// Expects `a` and `b` to tell the end of the game, one to each player.
void expect_the_end_to_both(const Notice& a, const Notice& b) {
  EXPECT_EQ(a.kind, Kind::kGameOver);
  EXPECT_EQ(b.kind, Kind::kGameOver);
  EXPECT_NE(a.to, b.to);
}

TEST(GameNotices, AMoveTellsTheOpponentOnly) {
  Table t;
  const auto n = notices_of_move(t, "e4");
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].kind, Kind::kOpponentMoved);
  EXPECT_EQ(n[0].to, Color::kBlack);
  EXPECT_EQ(n[0].ply, 1);
  const auto m = notices_of_move(t, "e5");
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].to, Color::kWhite);
  EXPECT_EQ(m[0].ply, 2);
}

TEST(GameNotices, MateTellsTheMoveAndTheEndToBoth) {
  Table t;
  t.play_all({"f3", "e5", "g4"});
  const auto n = notices_of_move(t, "Qh4#");
  ASSERT_EQ(n.size(), 3u);
  EXPECT_EQ(n[0].kind, Kind::kOpponentMoved);
  EXPECT_EQ(n[0].to, Color::kWhite);
  expect_the_end_to_both(n[1], n[2]);
}

TEST(GameNotices, AFlagFallTheSchedulerStoresMailsTheEndToBoth) {
  // The sweep compares with a replay at its own instant, which already shows the loss: the
  // stored flag fall must still be told (it was once silently dropped from the mails).
  Table t;
  t.play("e4");
  t.now += 60 * 86400;
  const auto g = t.game();
  ASSERT_TRUE(game::is_over(g.state().status));
  const auto fall = game::decide_flag_fall(g);
  ASSERT_TRUE(fall.has_value());
  auto facts = t.facts;
  facts.events.push_back(*fall);
  const auto after = game::Game::replay(facts, t.context, t.now);
  ASSERT_TRUE(after.has_value());
  const auto n = game_notices(g.state(), {}, {*fall}, after->state());
  ASSERT_EQ(n.size(), 2u);
  expect_the_end_to_both(n[0], n[1]);
}

TEST(GameNotices, DeclinedOfferTellsTheOfferer) {
  Table t = black_offered_a_draw();
  const auto before = t.state();
  auto o = game::decline_draw(t.game(), Color::kWhite);
  ASSERT_TRUE(o.has_value()) << o.error().detail;
  const auto n = game_notices(before, o->moves, o->events, o->game.state());
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].kind, Kind::kDrawDeclined);
  EXPECT_EQ(n[0].to, Color::kBlack);
}

TEST(GameNotices, ResignationEndsTheGameForBoth) {
  Table t;
  t.play("e4");
  const auto before = t.state();
  auto o = game::resign(t.game(), Color::kBlack);
  ASSERT_TRUE(o.has_value());
  const auto n = game_notices(before, o->moves, o->events, o->game.state());
  ASSERT_EQ(n.size(), 2u);
  expect_the_end_to_both(n[0], n[1]);
}

TEST(GameNotices, DirectorsClockDecisionsTellBothWithTheReason) {
  Table t;
  t.play("e4");
  const auto before = t.state();
  auto o = game::suspend_game(t.game(), "server move", "td");
  ASSERT_TRUE(o.has_value()) << o.error().detail;
  const auto n = game_notices(before, o->moves, o->events, o->game.state());
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0].kind, Kind::kDirectorDecision);
  EXPECT_NE(n[0].to, n[1].to);
  const GameInfo info{5, "Anna", "Ben", "https://x/games/5", kStart};
  const auto m =
      compose_game_notice(n[0], info, o->game.state(), o->events, {"Anna", game::TimeZone::utc()});
  EXPECT_NE(m.subject.find("the director suspended the clocks"), std::string::npos) << m.subject;
  EXPECT_NE(m.text.find("Reason: server move"), std::string::npos) << m.text;
  // While suspended no reminder is due.
  EXPECT_TRUE(reminders_after(5, t.facts.setup, o->game.state(), t.now, {3600}).empty());
}

TEST(Reminders, DeadlineRemindersAtTheOffsetsStrictlyAfterNow) {
  Table t("", game::DaysPerMove{10, std::nullopt});
  t.play("e4");
  const auto s = t.state();
  ASSERT_TRUE(s.clock_of(Color::kBlack).deadline);
  const auto deadline = *s.clock_of(Color::kBlack).deadline;
  EXPECT_EQ(deadline, t.now + game::days(10));
  const std::vector<game::Seconds> offsets(std::begin(kDefaultReminderOffsets),
                                           std::end(kDefaultReminderOffsets));
  auto r = reminders_after(7, t.facts.setup, s, t.now, offsets);
  std::vector<game::Timestamp> deadline_dues;
  for (const auto& x : r) {
    EXPECT_EQ(x.to, Color::kBlack);
    if (x.kind == Kind::kDeadlineReminder) deadline_dues.push_back(x.due);
  }
  ASSERT_EQ(deadline_dues.size(), 4u);
  EXPECT_EQ(deadline_dues[0], deadline - game::days(7));
  EXPECT_EQ(deadline_dues[3], deadline - 8 * 3600);
  // Nine and a half days later only the 8-hour reminder is still ahead.
  auto late = reminders_after(7, t.facts.setup, s, t.now + game::days(9) + 12 * 3600, offsets);
  ASSERT_EQ(late.size(), 1u);
  EXPECT_EQ(late[0].before, 8 * 3600);
  // The same state gives the same keys (written once); another ply gives others.
  EXPECT_EQ(r.back().dedupe_key, late[0].dedupe_key);
  EXPECT_EQ(r.back().dedupe_key.rfind("deadline:7:black:1:", 0), 0u);
}

TEST(Reminders, SilenceRemindersAt14_28_35DaysTheLastCopiedToTheDirector) {
  Table t("", game::IccfStandard{});
  t.play("e4");
  const auto s = t.state();
  auto r = reminders_after(3, t.facts.setup, s, t.now, {});
  ASSERT_EQ(r.size(), 3u);
  const auto moved_at = s.moves.back().at;
  EXPECT_EQ(r[0].due, moved_at + game::days(14));
  EXPECT_EQ(r[1].due, moved_at + game::days(28));
  EXPECT_EQ(r[2].due, moved_at + game::days(35));
  EXPECT_FALSE(r[1].copy_director);
  EXPECT_TRUE(r[2].copy_director);
  EXPECT_EQ(r[2].silent_days, 35);
  // Without the silence rule, none.
  auto setup = t.facts.setup;
  setup.rules.silence_rule = false;
  EXPECT_TRUE(reminders_after(3, setup, s, t.now, {}).empty());
}

TEST(Reminders, NoneOnceTheGameIsOver) {
  Table t;
  t.play_all({"f3", "e5", "g4", "Qh4#"});
  EXPECT_TRUE(reminders_after(1, t.facts.setup, t.state(), t.now, {3600}).empty());
}

TEST(Preferences, DefaultsWantEverythingAndOffsetsAreChecked) {
  Preferences p;
  EXPECT_TRUE(wants(p, Kind::kOpponentMoved, Channel::kEmail));
  p.disabled.emplace_back(Kind::kOpponentMoved, Channel::kEmail);
  EXPECT_FALSE(wants(p, Kind::kOpponentMoved, Channel::kEmail));
  EXPECT_TRUE(wants(p, Kind::kOpponentMoved, Channel::kWebhook));
  auto ok = checked_reminder_offsets({3600, 86400});
  ASSERT_TRUE(ok);
  EXPECT_EQ((*ok)[0], 86400);
  EXPECT_FALSE(checked_reminder_offsets({60}));
  EXPECT_FALSE(checked_reminder_offsets({3600, 3600}));
  for (const auto k : kAllKinds) EXPECT_EQ(parse_kind(to_string(k)), k);
  // The preferences offer every kind the docs name (three were once missing).
  EXPECT_EQ(std::size(kAllKinds), 12u);
  EXPECT_EQ(parse_kind("competition"), Kind::kCompetition);
  EXPECT_EQ(parse_kind("opponent_leave"), Kind::kOpponentLeave);
  EXPECT_NE(std::find(std::begin(kAllKinds), std::end(kAllKinds), Kind::kDirectorDecision),
            std::end(kAllKinds));
}

TEST(Digest, NextLocalHourAndWhatWaitsForIt) {
  auto berlin = game::TimeZone::named("Europe/Berlin");
  ASSERT_TRUE(berlin);
  // 09:00 UTC is 10:00 in Berlin in winter: 08:00 Berlin is tomorrow, 07:00 UTC.
  const auto now = game::utc_instant({2030, 1, 7}, 9);
  EXPECT_EQ(next_digest_at(now, *berlin, 8), game::utc_instant({2030, 1, 8}, 7));
  EXPECT_EQ(next_digest_at(now, *berlin, 11), game::utc_instant({2030, 1, 7}, 10));
  // Exactly at the hour: the next day's.
  EXPECT_EQ(next_digest_at(game::utc_instant({2030, 1, 7}, 10), *berlin, 11),
            game::utc_instant({2030, 1, 8}, 10));
  // Summer time: 08:00 Berlin is 06:00 UTC.
  EXPECT_EQ(next_digest_at(game::utc_instant({2030, 7, 1}, 12), *berlin, 8),
            game::utc_instant({2030, 7, 2}, 6));
  EXPECT_TRUE(digested(Kind::kOpponentMoved));
  EXPECT_FALSE(digested(Kind::kDeadlineReminder));
  EXPECT_FALSE(digested(Kind::kGameOver));
}

// The digest comes at the hour the player's clock shows, also on the days the clocks change
// (the hour is not counted from local midnight) and in zones half an hour off UTC.
TEST(Digest, AtTheLocalHourOnDaylightSavingDaysAndHalfHourZones) {
  auto berlin = game::TimeZone::named("Europe/Berlin");
  auto new_york = game::TimeZone::named("America/New_York");
  auto kolkata = game::TimeZone::named("Asia/Kolkata");
  ASSERT_TRUE(berlin && new_york && kolkata);
  // 2030-03-31: Berlin goes from 02:00 CET to 03:00 CEST; 08:00 CEST is 06:00 UTC.
  EXPECT_EQ(next_digest_at(game::utc_instant({2030, 3, 30}, 9), *berlin, 8),
            game::utc_instant({2030, 3, 31}, 6));
  // 2030-10-27: back from 03:00 CEST to 02:00 CET; 08:00 CET is 07:00 UTC.
  EXPECT_EQ(next_digest_at(game::utc_instant({2030, 10, 26}, 9), *berlin, 8),
            game::utc_instant({2030, 10, 27}, 7));
  // The hour skipped in spring: the first instant after the gap (03:00 CEST, 01:00 UTC).
  EXPECT_EQ(next_digest_at(game::utc_instant({2030, 3, 30}, 9), *berlin, 2),
            game::utc_instant({2030, 3, 31}, 1));
  // The hour that comes twice in autumn: the first time (02:00 CEST, 00:00 UTC).
  EXPECT_EQ(next_digest_at(game::utc_instant({2030, 10, 26}, 9), *berlin, 2),
            game::utc_instant({2030, 10, 27}, 0));
  // Hours before the change keep their offset: 01:00 CET on the spring day is 00:00 UTC.
  EXPECT_EQ(next_digest_at(game::utc_instant({2030, 3, 30}, 9), *berlin, 1),
            game::utc_instant({2030, 3, 31}, 0));
  // 2030-03-10: New York goes from 02:00 EST to 03:00 EDT; 08:00 EDT is 12:00 UTC.
  EXPECT_EQ(next_digest_at(game::utc_instant({2030, 3, 9}, 18), *new_york, 8),
            game::utc_instant({2030, 3, 10}, 12));
  // 2030-11-03: back to EST; 08:00 EST is 13:00 UTC.
  EXPECT_EQ(next_digest_at(game::utc_instant({2030, 11, 2}, 18), *new_york, 8),
            game::utc_instant({2030, 11, 3}, 13));
  // Kolkata is UTC+05:30: 08:00 there is 02:30 UTC.
  EXPECT_EQ(next_digest_at(game::utc_instant({2030, 1, 7}, 9), *kolkata, 8),
            game::utc_instant({2030, 1, 8}, 2, 30));
}

TEST(Retry, ExponentialCappedWithBoundedJitter) {
  RetryPolicy p{10, 100, 1000};
  EXPECT_EQ(retry_delay(p, 1, 0.0), 10);
  EXPECT_EQ(retry_delay(p, 2, 0.0), 20);
  EXPECT_EQ(retry_delay(p, 3, 0.0), 40);
  EXPECT_EQ(retry_delay(p, 9, 0.0), 100);
  EXPECT_EQ(retry_delay(p, 9, 0.999), 124);
  EXPECT_EQ(retry_delay(p, 1000, 0.5), 112);
}

TEST(Compose, MoveMailHasTheMoveMessageDiagramAndLocalDeadline) {
  Table t("", game::DaysPerMove{3, std::nullopt});
  t.play("e4");
  const auto before = t.state();
  t.now += 3600;
  const auto g = t.game();
  auto pending = game::submit_move(g, Color::kBlack, game::test::req("e5", true, "Bonjour <3"));
  ASSERT_TRUE(pending);
  auto o = game::accept_move(g, Color::kBlack, *pending, "e5", t.trees);
  ASSERT_TRUE(o);
  const auto after = o->game.state();
  const auto notices = game_notices(before, o->moves, o->events, after);
  ASSERT_EQ(notices.size(), 1u);
  auto berlin = game::TimeZone::named("Europe/Berlin");
  ASSERT_TRUE(berlin);
  const GameInfo info{12, "Anna", "Björn", "https://chess.example/games/12", kStart};
  const auto m = compose_game_notice(notices[0], info, after, o->events, {"Anna", *berlin});
  EXPECT_NE(m.subject.find("Björn played 1... e5"), std::string::npos) << m.subject;
  EXPECT_NE(m.text.find("Björn offers a draw."), std::string::npos);
  EXPECT_NE(m.text.find("Bonjour <3"), std::string::npos);
  EXPECT_NE(m.html.find("Bonjour &lt;3"), std::string::npos);
  EXPECT_NE(m.text.find("4  . . . . P . . ."), std::string::npos) << m.text;
  // kStart is 12:00 UTC in January; two hours of moves, then 3 days: 15:00 in Berlin.
  EXPECT_NE(m.text.find("Your deadline: 2026-01-08 15:00 Europe/Berlin."), std::string::npos)
      << m.text;
  EXPECT_NE(m.text.find("https://chess.example/games/12"), std::string::npos);
  EXPECT_FALSE(m.attach_pgn);
}

TEST(Compose, AGameNotStartedYetSaysWhenItStarts) {
  Table t;
  t.facts.setup.start_at = kStart + game::days(2);
  const auto s = t.state();
  ASSERT_EQ(s.status, game::GameStatus::kNotStarted);
  const GameInfo info{9, "Anna", "Ben", "https://x/games/9", t.facts.setup.start_at};
  const auto m = compose_game_notice({Kind::kGameStarted, Color::kBlack, 0, 0}, info, s, {},
                                     {"Ben", game::TimeZone::utc()});
  EXPECT_NE(m.subject.find("a new game"), std::string::npos) << m.subject;
  EXPECT_NE(m.text.find("starts at 2026-01-07 12:00 UTC. You play black."), std::string::npos)
      << m.text;
}

TEST(Compose, DiagramFromBlacksSide) {
  const auto d = text_diagram("4k3/8/8/8/8/8/8/4K2R w K - 0 1", Color::kBlack);
  EXPECT_EQ(d.substr(0, 19), "1  R . . K . . . .\n");
  EXPECT_NE(d.find("   h g f e d c b a"), std::string::npos);
}

TEST(Compose, LocalTimeFollowsSummerTime) {
  auto london = game::TimeZone::named("Europe/London");
  ASSERT_TRUE(london);
  EXPECT_EQ(format_local(game::utc_instant({2030, 7, 1}, 10), *london),
            "2030-07-01 11:00 Europe/London");
  EXPECT_EQ(format_local(game::utc_instant({2030, 1, 1}, 10), *london),
            "2030-01-01 10:00 Europe/London");
}

TEST(Compose, CompetitionNewsSaysWhatHappenedAndWhere) {
  auto berlin = game::TimeZone::named("Europe/Berlin");
  ASSERT_TRUE(berlin);
  const Reader reader{"Wilma", *berlin};
  CompetitionNews news;
  news.series = "Open class";
  news.section = 4;
  news.url = "https://chess.example.org/events/12";
  auto started = compose_competition_news(news, reader);
  EXPECT_EQ(started.subject, "Open class, section 4 has started");
  EXPECT_NE(started.text.find("https://chess.example.org/events/12"), std::string::npos);
  news.what = CompetitionNews::What::kPromotionCredit;
  news.place = 1;
  news.expires_at = game::utc_instant({2031, 1, 7}, 9);
  auto credit = compose_competition_news(news, reader);
  EXPECT_EQ(credit.subject, "A promotion credit from Open class");
  EXPECT_NE(credit.text.find("Your place 1 in Open class, section 4"), std::string::npos)
      << credit.text;
  EXPECT_NE(credit.text.find("until 2031-01-07 10:00 Europe/Berlin"), std::string::npos)
      << credit.text;
  news.what = CompetitionNews::What::kEntryExpired;
  news.reason = "no section started within the series' maximum wait (30 days)";
  auto expired = compose_competition_news(news, reader);
  EXPECT_EQ(expired.subject, "Your entry in Open class has expired");
  EXPECT_NE(expired.text.find("(30 days)"), std::string::npos) << expired.text;
  EXPECT_NE(expired.html.find("<p>Your entry in Open class has expired"), std::string::npos)
      << expired.html;
}

// An event's moved dates: the start only while it has not started, the end of play (or none),
// in the reader's zone and language, with the director's reason when there is one.
TEST(Compose, EventDatesAndCancellationInTheReadersZoneAndLanguage) {
  auto berlin = game::TimeZone::named("Europe/Berlin");
  ASSERT_TRUE(berlin);
  CompetitionNews news;
  news.what = CompetitionNews::What::kEventDatesChanged;
  news.series = "Autumn 2031 A";
  news.start_at = game::utc_instant({2031, 10, 1}, 0);
  news.end_at = game::utc_instant({2033, 7, 1}, 12);
  news.reason = "the postal strike";
  news.url = "https://chess.example.org/events/12";
  const auto en = compose_competition_news(news, Reader{"Wilma", *berlin});
  EXPECT_EQ(en.subject, "New dates for Autumn 2031 A");
  EXPECT_EQ(en.text,
            "Hello Wilma,\n\nA tournament director changed the dates of Autumn 2031 A:\n\n"
            "Start: 2031-10-01 02:00 Europe/Berlin\nEnd of play: 2033-07-01 14:00 "
            "Europe/Berlin\n\nReason: the postal strike\n\nSee the event: "
            "https://chess.example.org/events/12\n");
  // Started: no start line; no end date; no reason.
  news.start_at.reset();
  news.end_at.reset();
  news.reason.clear();
  const auto de = compose_competition_news(news, Reader{"Wilma", *berlin, Lang::kDe});
  EXPECT_EQ(de.subject, "Neue Termine für Autumn 2031 A");
  EXPECT_EQ(de.text.find("Beginn"), std::string::npos) << de.text;
  EXPECT_NE(de.text.find("Spielende: keines\n"), std::string::npos) << de.text;
  EXPECT_EQ(de.text.find("Grund"), std::string::npos) << de.text;

  news.what = CompetitionNews::What::kEventCancelled;
  news.reason = "too few entries";
  const auto es = compose_competition_news(news, Reader{"Wilma", *berlin, Lang::kEs});
  EXPECT_EQ(es.subject, "Autumn 2031 A se ha cancelado");
  EXPECT_NE(es.text.find("Motivo: too few entries"), std::string::npos) << es.text;
  EXPECT_NE(es.html.find("<a href=\"https://chess.example.org/events/12\">Ver el torneo</a>"),
            std::string::npos)
      << es.html;
}

}  // namespace
}  // namespace corrchess::notify
