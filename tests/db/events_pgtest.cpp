// The events repository against real PostgreSQL: events, players, section games and
// adjudication claims round-trip unchanged; the schema's constraints refuse bad rows.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <pqxx/pqxx>
#include <string>

#include "core/game/game.h"
#include "db/events.h"
#include "db/games.h"
#include "db/leave.h"
#include "db/migrations.h"
#include "db/users.h"
#include "tests/support/repository_test.h"

namespace corrchess {
namespace {

using game::Timestamp;

const Timestamp kNow = game::utc_instant(game::CivilDate{2030, 1, 1}, 0);

class EventsRepository : public testing::RepositoryTest {
 protected:
  EventsRepository() : RepositoryTest({"alpha", "beta", "gamma", "delta"}) {}

  static model::EventSettings settings() {
    model::EventSettings s;
    s.name = "Championship";
    s.variant = game::Variant::kChess960;
    s.allow_518 = true;
    s.time_control = game::IccfStandard{10, 50, 20};
    s.leave_days_per_year = 30;
    s.rules.no_draw_before_move = 25;
    s.rules.ten_moves_rule = false;
    s.rules.silence_rule = false;
    s.rules.messages_allowed = false;
    s.double_round = true;
    s.visibility = model::Visibility::kDelayed;
    s.delay_moves = 4;
    s.open_for_entry = true;
    s.max_players = 12;
    s.start_at = kNow + game::days(7);
    s.end_at = kNow + game::days(700);
    return s;
  }

  // A game of the event between users i and j.
  std::int64_t insert_game(pqxx::work& tx, std::int64_t event_id, int i, int j) {
    game::GameSetup setup;
    setup.start_at = kNow;
    auto g = game::Game::replay(game::GameFacts{setup, {}, {}, {}}, game::GameContext{}, kNow);
    EXPECT_TRUE(g.has_value());
    return db::insert_game(tx, users_[i].id, users_[j].id, event_id, setup, g->state());
  }

  // True when the statement is refused by the database (a constraint), rolled back.
  bool refused(const std::string& sql) {
    pqxx::work tx(*conn_);
    try {
      tx.exec(sql);
    } catch (const pqxx::sql_error&) {
      return true;
    }
    return false;
  }
};

TEST_F(EventsRepository, EventPlayersGamesAndClaimsRoundTrip) {
  pqxx::work tx(*conn_);
  const auto id = db::insert_event(tx, settings(), users_[0].id, kNow);
  auto loaded = db::load_event(tx, id, true);
  ASSERT_TRUE(loaded.has_value()) << loaded.error().detail;
  EXPECT_EQ(loaded->settings, settings());
  EXPECT_EQ(loaded->status, "registration");
  EXPECT_FALSE(loaded->started());
  EXPECT_EQ(loaded->created_at, kNow);
  EXPECT_EQ(loaded->created_by, users_[0].id);
  EXPECT_EQ(loaded->adjudication_at(), kNow + game::days(700));
  EXPECT_EQ(db::load_event(tx, id + 1, false).error().code, ErrorCode::kNotFound);

  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(db::add_event_player(tx, id, users_[i].id, db::next_seat(tx, id), kNow));
  }
  EXPECT_EQ(db::add_event_player(tx, id, users_[1].id, 9, kNow).error().code, ErrorCode::kConflict);
  auto players = db::event_players(tx, id);
  ASSERT_EQ(players.size(), 3u);
  EXPECT_EQ(players[2].user.username, "gamma");
  EXPECT_EQ(players[2].seat, 3);
  EXPECT_EQ(players[2].status, "active");

  db::mark_event_started(tx, id, 137, kNow + game::days(7));
  const auto g1 = insert_game(tx, id, 0, 1);
  const auto g2 = insert_game(tx, id, 2, 0);
  db::insert_event_game(tx, id, g1, 1, 1, 1, 2);
  db::insert_event_game(tx, id, g2, 2, 1, 3, 1);
  loaded = db::load_event(tx, id, false);
  EXPECT_TRUE(loaded->started());
  EXPECT_EQ(loaded->settings.start_position, 137);
  EXPECT_EQ(loaded->started_at, kNow + game::days(7));
  auto games = db::event_games(tx, id);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].game_id, g2);
  EXPECT_EQ(games[1].white, "gamma");
  EXPECT_EQ(games[1].white_seat, 3);
  EXPECT_EQ(games[1].status, "ongoing");
  EXPECT_EQ(db::event_game_round(tx, g2), (std::pair{2, 1}));
  EXPECT_EQ(db::unfinished_games_of(tx, id, users_[0].id), (std::vector{g1, g2}));

  // Replacement keeps the seat; withdrawal keeps the row.
  ASSERT_TRUE(db::replace_event_player(tx, id, users_[2].id, users_[3].id, "illness", kNow));
  db::withdraw_event_player(tx, id, users_[1].id, "silent", kNow);
  players = db::event_players(tx, id);
  ASSERT_EQ(players.size(), 4u);
  EXPECT_EQ(players[1].status, "withdrawn");
  EXPECT_EQ(players[1].reason, "silent");
  EXPECT_EQ(players[1].left_at, kNow);
  EXPECT_EQ(players[2].seat, 3);
  EXPECT_EQ(players[3].seat, 3);
  EXPECT_EQ(players[2].status == "replaced" ? players[2].replaced_by : players[3].replaced_by,
            "delta");

  model::AdjudicationClaim claim{g1, game::Color::kWhite, users_[0].id, "win", "1. Qxh7+!", kNow};
  db::save_adjudication_claim(tx, claim);
  claim.claim = "draw";  // refiled: replaces the first
  claim.analysis = "";
  db::save_adjudication_claim(tx, claim);
  db::save_adjudication_claim(
      tx, {g1, game::Color::kBlack, users_[1].id, "draw", "fortress", kNow + 60});
  auto claims = db::adjudication_claims(tx, id);
  ASSERT_EQ(claims.size(), 2u);
  EXPECT_EQ(claims[0].side, game::Color::kWhite);
  EXPECT_EQ(claims[0].claim, "draw");
  EXPECT_EQ(claims[1].analysis, "fortress");
  EXPECT_EQ(claims[1].filed_at, kNow + 60);
  EXPECT_EQ(db::adjudication_claims(tx, id, g2).size(), 0u);

  const auto visibility = db::event_visibility(tx, id);
  EXPECT_EQ(visibility.mode, model::Visibility::kDelayed);
  EXPECT_EQ(visibility.delay_moves, 4);
  EXPECT_EQ(db::event_adjudication_at(tx, id), kNow + game::days(700));
}

TEST_F(EventsRepository, TimeForfeitLossesAndLeaveRoundTrip) {
  pqxx::work tx(*conn_);
  const auto id = db::insert_event(tx, settings(), std::nullopt, kNow);
  const auto g = insert_game(tx, id, 0, 1);
  tx.exec_params(
      "UPDATE games SET status = 'finished', result = '0-1', termination = 'time_forfeit', "
      "finished_at = to_timestamp($2) WHERE id = $1",
      g, (kNow + 5).unix_seconds());
  EXPECT_EQ(db::time_forfeit_losses(tx, users_[0].id), std::vector<Timestamp>{kNow + 5});
  EXPECT_TRUE(db::time_forfeit_losses(tx, users_[1].id).empty());  // the winner

  game::LeavePeriod period{{2030, 2, 1}, {2030, 2, 3}, true, "surgery", std::nullopt};
  const auto leave = db::insert_leave(tx, users_[0].id, id, period, "pending", kNow);
  auto stored = db::load_leave(tx, leave, true);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->period, period);
  EXPECT_EQ(stored->status, "pending");
  EXPECT_EQ(stored->event_id, id);
  db::decide_leave(tx, leave, "approved", users_[3].id, "granted", kNow + 10);
  period.last_day = {2030, 2, 2};
  period.ended_at = kNow + game::days(32);
  db::end_leave(tx, leave, period);
  stored = db::load_leave(tx, leave, false);
  EXPECT_EQ(stored->period, period);
  EXPECT_EQ(stored->decided_by, "delta");
  EXPECT_EQ(stored->decision_reason, "granted");
  EXPECT_EQ(db::leave_periods_of(tx, users_[0].id, id, {"approved"}).size(), 1u);
  EXPECT_TRUE(db::leave_periods_of(tx, users_[0].id, std::nullopt, {"approved"}).empty());
  // The game sees its player's ended leave.
  auto loaded = db::load_game(tx, g, false);
  ASSERT_TRUE(loaded.has_value());
  ASSERT_EQ(loaded->leave[0].size(), 1u);
  EXPECT_EQ(loaded->leave[0][0].ended_at, kNow + game::days(32));
}

// Migration 0041: an event cancelled before a cancellation took its leave with it (the old
// code marked the event alone) has its approved periods and pending requests cancelled; its
// rejected ones, and the leave of events not cancelled, stay as they were. Run again, it
// changes nothing.
TEST_F(EventsRepository, Migration0041CancelsTheLeaveThatEarlierCancellationsLeft) {
  const auto migrations = db::load_migrations(db::default_migrations_dir());
  ASSERT_TRUE(migrations.has_value());
  const db::Migration* fix = nullptr;
  for (const auto& m : *migrations) {
    if (m.version == 41) fix = &m;
  }
  ASSERT_NE(fix, nullptr);
  EXPECT_EQ(fix->name, "cancelled_events_leave");

  pqxx::work tx(*conn_);
  const auto cancelled = db::insert_event(tx, settings(), std::nullopt, kNow);
  const auto running = db::insert_event(tx, settings(), std::nullopt, kNow);
  // A special request (with its reason) or a period from the allowance (no reason).
  const auto leave = [&](std::int64_t event, const std::string& reason, const std::string& status) {
    return db::insert_leave(
        tx, users_[0].id, event,
        game::LeavePeriod{{2030, 2, 1}, {2030, 2, 3}, !reason.empty(), reason, std::nullopt},
        status, kNow);
  };
  const auto approved = leave(cancelled, "", "approved");
  const auto asked = leave(cancelled, "surgery", "pending");
  const auto rejected = leave(cancelled, "a wedding", "rejected");
  const auto kept = leave(running, "", "approved");
  const auto kept_asked = leave(running, "surgery", "pending");
  db::mark_event_cancelled(tx, cancelled, "too few players", kNow + 1);  // as before the fix
  const auto status = [&](std::int64_t id) {
    const auto stored = db::load_leave(tx, id, false);
    EXPECT_TRUE(stored.has_value());
    return stored ? stored->status : std::string();
  };
  ASSERT_EQ(status(approved), "approved");

  for (int run = 0; run < 2; ++run) {
    SCOPED_TRACE("run " + std::to_string(run + 1));
    tx.exec(fix->sql);
    EXPECT_EQ(status(approved), "cancelled");
    EXPECT_EQ(status(asked), "cancelled");
    EXPECT_EQ(status(rejected), "rejected");
    EXPECT_EQ(status(kept), "approved");
    EXPECT_EQ(status(kept_asked), "pending");
  }
  // What it leaves is what a cancellation leaves now: nothing more to cancel.
  EXPECT_EQ(db::cancel_event_leave(tx, cancelled), 0);
}

TEST_F(EventsRepository, ConstraintsRefuseBadRows) {
  {
    pqxx::work tx(*conn_);
    const auto id = db::insert_event(tx, settings(), std::nullopt, kNow);
    ASSERT_EQ(id, 1);
    ASSERT_TRUE(db::add_event_player(tx, id, users_[0].id, 1, kNow));
    const auto g = insert_game(tx, id, 0, 1);
    ASSERT_EQ(g, 1);
    tx.commit();
  }
  const std::string event =
      "INSERT INTO events (name, time_control, start_at, created_at, variant, visibility, "
      "delay_moves, start_position, end_at) VALUES ";
  const std::string ok_tail = "'{\"type\":\"iccf\"}', now(), now(), ";
  EXPECT_FALSE(refused(event + "('ok', " + ok_tail + "'standard', 'live', 0, NULL, NULL)"));
  EXPECT_TRUE(refused(event + "('', " + ok_tail + "'standard', 'live', 0, NULL, NULL)"));
  EXPECT_TRUE(refused(event + "('x', " + ok_tail + "'crazyhouse', 'live', 0, NULL, NULL)"));
  EXPECT_TRUE(refused(event + "('x', " + ok_tail + "'standard', 'live', 0, 5, NULL)"));
  EXPECT_TRUE(refused(event + "('x', " + ok_tail + "'chess960', 'live', 0, 960, NULL)"));
  EXPECT_TRUE(refused(event + "('x', " + ok_tail + "'standard', 'sometimes', 0, NULL, NULL)"));
  EXPECT_TRUE(refused(event + "('x', " + ok_tail + "'standard', 'delayed', 0, NULL, NULL)"));
  EXPECT_TRUE(refused(event + "('x', " + ok_tail + "'standard', 'live', 3, NULL, NULL)"));
  EXPECT_TRUE(refused(event + "('x', " + ok_tail +
                      "'standard', 'live', 0, NULL, now() - interval '1 day')"));
  EXPECT_TRUE(refused(
      event + "('x', '{\"type\":\"blitz\"}', now(), now(), 'standard', 'live', 0, NULL, NULL)"));
  EXPECT_TRUE(refused("UPDATE events SET status = 'running' WHERE id = 1"));  // no started_at
  EXPECT_TRUE(refused("UPDATE events SET status = 'finished', started_at = now() WHERE id = 1"));
  EXPECT_TRUE(refused(  // a Chess960 section runs with its position
      "UPDATE events SET status = 'running', started_at = now(), start_position = NULL WHERE id = "
      "1"));

  // Players: one row per user and event, one occupant per seat, known statuses.
  const std::string player =
      "INSERT INTO event_players (event_id, user_id, seat, joined_at) VALUES ";
  EXPECT_TRUE(refused(player + "(1, " + std::to_string(users_[0].id) + ", 2, now())"));
  EXPECT_TRUE(refused(player + "(1, " + std::to_string(users_[1].id) + ", 1, now())"));
  EXPECT_TRUE(refused(player + "(1, " + std::to_string(users_[1].id) + ", 0, now())"));
  EXPECT_TRUE(refused(player + "(99, " + std::to_string(users_[1].id) + ", 2, now())"));
  EXPECT_TRUE(refused("UPDATE event_players SET status = 'gone', left_at = now(), reason = 'x'"));
  EXPECT_TRUE(refused("UPDATE event_players SET status = 'withdrawn'"));  // no left_at, reason
  EXPECT_TRUE(
      refused("UPDATE event_players SET status = 'replaced', left_at = now(), reason = 'x'"));

  // Section games and adjudication claims.
  EXPECT_TRUE(refused(
      "INSERT INTO event_games (game_id, event_id, round, board, white_seat, black_seat) VALUES "
      "(1, 1, 1, 1, 2, 2)"));
  EXPECT_TRUE(refused(
      "INSERT INTO event_games (game_id, event_id, round, board, white_seat, black_seat) VALUES "
      "(1, 1, 0, 1, 1, 2)"));
  const std::string claim =
      "INSERT INTO adjudication_claims (game_id, side, user_id, claim, analysis, filed_at) VALUES ";
  const auto uid = std::to_string(users_[0].id);
  EXPECT_FALSE(refused(claim + "(1, 'white', " + uid + ", 'draw', '', now())"));
  EXPECT_TRUE(refused(claim + "(1, 'white', " + uid + ", 'win', '', now())"));  // no analysis
  EXPECT_TRUE(refused(claim + "(1, 'white', " + uid + ", 'loss', 'x', now())"));
  EXPECT_TRUE(refused(claim + "(1, 'red', " + uid + ", 'draw', 'x', now())"));
  EXPECT_TRUE(refused(claim + "(2, 'white', " + uid + ", 'draw', 'x', now())"));  // no game 2
  {
    pqxx::work tx(*conn_);
    tx.exec(claim + "(1, 'white', " + uid + ", 'draw', '', now())");
    tx.commit();
  }
  EXPECT_TRUE(refused(claim + "(1, 'white', " + uid + ", 'win', 'x', now())"));  // one per side

  // Games, leave and audit rows name real events.
  EXPECT_TRUE(refused("UPDATE games SET event_id = 42 WHERE id = 1"));
  EXPECT_TRUE(
      refused("INSERT INTO leave_periods (user_id, event_id, start_date, end_date) VALUES (" + uid +
              ", 42, '2030-02-01', '2030-02-02')"));
  EXPECT_TRUE(refused("INSERT INTO audit_log (action, event_id) VALUES ('x', 42)"));
  EXPECT_FALSE(refused("INSERT INTO audit_log (action, event_id) VALUES ('x', 1)"));
}

}  // namespace
}  // namespace corrchess
