// Use cases of app/series.cpp, app/cups.cpp and app/championships.cpp without HTTP: who may
// define and direct competitions, the entry conditions a series checks, and that the
// competition starter does each step once (a second run finds nothing to do).
#include <gtest/gtest.h>

#include "app/championships.h"
#include "app/competitions.h"
#include "app/cups.h"
#include "app/series.h"
#include "db/events.h"
#include "db/norms.h"
#include "db/transaction.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class CompetitionUseCases : public testing::UseCaseTest {
 protected:
  CompetitionUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    director_ = player("director", "td");
  }
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cid() const { return users_[2]; }

  static model::SeriesSettings series_of(const std::string& name, int size) {
    model::SeriesSettings s;
    s.name = name;
    s.sections.section_size = size;
    return s;
  }

  model::User director_;
};

TEST_F(CompetitionUseCases, OnlyDirectorsDefineAndDirectCompetitions) {
  auto deps = game_deps();
  EXPECT_EQ(app::create_series(deps, ann(), series_of("Mine", 3)).error().code,
            ErrorCode::kForbidden);
  const auto id = app::create_series(deps, director_, series_of("Theirs", 3));
  ASSERT_TRUE(id) << id.error().detail;
  std::optional<game::Timestamp> barred;
  const auto entry = app::join_series(deps, ann(), *id, barred);
  ASSERT_TRUE(entry) << entry.error().detail;
  EXPECT_EQ(app::remove_series_entry(deps, ben(), *id, entry->id, "spite").error().code,
            ErrorCode::kForbidden);
  EXPECT_EQ(app::set_series_open(deps, ben(), *id, false, "").error().code, ErrorCode::kForbidden);

  app::CupCreation cup;
  cup.settings.name = "Cup";
  cup.players = {"ann", "ben"};
  EXPECT_EQ(app::create_cup(deps, ann(), cup).error().code, ErrorCode::kForbidden);

  app::ChampionshipCreation championship;
  championship.settings.name = "Championship";
  championship.settings.stages = {{"Prelims", 3, {2, 0}}, {"Final", 2, {0, 0}}};
  championship.players = {"ann", "ben", "cid"};
  EXPECT_EQ(app::create_championship(deps, ann(), championship).error().code,
            ErrorCode::kForbidden);
  const auto cid_ = app::create_championship(deps, director_, championship);
  ASSERT_TRUE(cid_) << cid_.error().detail;
  EXPECT_EQ(app::start_next_stage(deps, ann(), *cid_).error().code, ErrorCode::kForbidden);
  // The preliminaries are in play: nothing to start yet.
  EXPECT_EQ(app::start_next_stage(deps, director_, *cid_).error().code, ErrorCode::kConflict);
}

TEST_F(CompetitionUseCases, ASeriesChecksFinishedGamesAndTheWaitingList) {
  auto deps = game_deps();
  auto settings = series_of("Experienced", 3);
  settings.min_finished_games = 1;
  const auto id = app::create_series(deps, director_, settings);
  ASSERT_TRUE(id) << id.error().detail;
  std::optional<game::Timestamp> barred;
  const auto refused = app::join_series(deps, ann(), *id, barred);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kConflict);
  EXPECT_EQ(refused.error().detail, "this series asks for 1 finished game; you have 0");
  EXPECT_FALSE(barred);
  auto two = series_of("Seasoned", 3);
  two.min_finished_games = 2;
  const auto seasoned = app::create_series(deps, director_, two);
  ASSERT_TRUE(seasoned) << seasoned.error().detail;
  const auto refused_two = app::join_series(deps, ann(), *seasoned, barred);
  ASSERT_FALSE(refused_two);
  EXPECT_EQ(refused_two.error().detail, "this series asks for 2 finished games; you have 0");
  // Nothing was entered, and leaving what was never entered is a conflict.
  const auto view = app::read_series(deps, *id);
  ASSERT_TRUE(view);
  EXPECT_TRUE(view->waiting.empty());
  EXPECT_EQ(app::leave_series(deps, ann(), *id).error().code, ErrorCode::kConflict);
}

TEST_F(CompetitionUseCases, TheStarterDoesEachStepOnce) {
  auto deps = game_deps();
  const auto id = app::create_series(deps, director_, series_of("Once", 3));
  ASSERT_TRUE(id) << id.error().detail;
  ASSERT_TRUE(app::set_series_open(deps, director_, *id, false, "gathering"));
  std::optional<game::Timestamp> barred;
  for (const auto& u : {ann(), ben(), cid()}) ASSERT_TRUE(app::join_series(deps, u, *id, barred));
  // Paused: the starter leaves the full list alone.
  auto run = app::run_competitions(deps);
  ASSERT_TRUE(run) << run.error().detail;
  EXPECT_FALSE(run->any());
  // Reopened: the section starts once; the next runs find nothing.
  ASSERT_TRUE(app::set_series_open(deps, director_, *id, true, "go"));
  const auto view = app::read_series(deps, *id);
  ASSERT_TRUE(view);
  EXPECT_EQ(view->sections.size(), 1u);
  EXPECT_TRUE(view->waiting.empty());
  for (int i = 0; i < 2; ++i) {
    run = app::run_competitions(deps);
    ASSERT_TRUE(run) << run.error().detail;
    EXPECT_FALSE(run->any()) << i;
  }
  EXPECT_EQ(app::read_series(deps, *id)->sections.size(), 1u);
}

// A starter item that fails (here a championship whose finished stage cannot close: a stale
// qualifier row hits the qualifiers' key) waits before the scheduler's run tries it again, a
// minute after its first failure and two after its second, while a director's run tries it at
// once; once repaired, a success forgets its failures (app/competition_items.h).
TEST_F(CompetitionUseCases, AFailedItemWaitsBeforeTheSchedulerTriesItAgain) {
  auto deps = game_deps();
  app::ChampionshipCreation creation;
  creation.settings.name = "Broken";
  creation.settings.stages = {{"Qualifier", 2, {2, 0}}, {"Final", 2, {0, 0}}};
  creation.players = {"ann", "ben"};
  const auto id = app::create_championship(deps, director_, creation);
  ASSERT_TRUE(id) << id.error().detail;
  const auto key = std::to_string(*id);
  db_.exec(
      "INSERT INTO stage_qualifiers (championship_id, stage, rank, user_id, section, place, "
      "score_halves, games, runner_up) SELECT " +
      key + ", 1, 1, id, 1, 1, 0, 0, false FROM users WHERE username = 'ben'");
  const auto view = app::read_championship(deps, *id);
  ASSERT_TRUE(view) << view.error().detail;
  ASSERT_EQ(view->sections.size(), 1u);
  const auto games = db::in_transaction(*pool_, [&](pqxx::work& tx) {
    return Result<std::vector<model::EventGame>>(db::event_games(tx, view->sections[0].event_id));
  });
  ASSERT_TRUE(games);
  ASSERT_FALSE(games->empty());
  for (const auto& g : *games) {
    const auto resigned = app::resign(deps, g.white == "ann" ? ann() : ben(), g.game_id);
    ASSERT_TRUE(resigned) << resigned.error().detail;
  }
  // The failures in a row recorded for closing its stage, and why the last one failed.
  auto recorded = [&] {
    pqxx::connection conn(db_.url());
    pqxx::work tx(conn);
    const auto rows = tx.exec(
        "SELECT failures, last_error FROM starter_failures WHERE kind = 'stage_close' AND "
        "item_id = " +
        key);
    return rows.empty() ? std::pair<int, std::string>{0, ""}
                        : std::pair{rows[0][0].as<int>(), rows[0][1].as<std::string>()};
  };
  auto failures = [&] { return recorded().first; };
  auto failed_now = [&](app::StarterRun mode) {
    const auto run = app::run_competitions(deps, mode);
    EXPECT_TRUE(run) << run.error().detail;
    return run ? run->championships.failed : -1;
  };
  using enum app::StarterRun;
  EXPECT_EQ(failed_now(kScheduled), 1);
  EXPECT_EQ(failures(), 1);
  // Within the minute the scheduler leaves it alone; after it, it fails again and waits two.
  EXPECT_EQ(failed_now(kScheduled), 0);
  ASSERT_TRUE(clock_->advance(59).has_value());
  EXPECT_EQ(failed_now(kScheduled), 0);
  ASSERT_TRUE(clock_->advance(1).has_value());
  EXPECT_EQ(failed_now(kScheduled), 1);
  EXPECT_EQ(failures(), 2);
  ASSERT_TRUE(clock_->advance(119).has_value());
  EXPECT_EQ(failed_now(kScheduled), 0);
  // A director's run tries it at once.
  EXPECT_EQ(failed_now(kNow), 1);
  EXPECT_EQ(failures(), 3);
  // Why: what the use case saw, and the database's own message.
  EXPECT_TRUE(recorded().second.starts_with(
      "database error: duplicate key value violates unique constraint"))
      << recorded().second;
  EXPECT_TRUE(recorded().second.ends_with("(SQLSTATE 23505)")) << recorded().second;
  // Repaired, the scheduler still waits out the delay; a director's run closes the stage and
  // starts the final, and the failures are forgotten.
  db_.exec("DELETE FROM stage_qualifiers WHERE championship_id = " + key);
  EXPECT_EQ(failed_now(kScheduled), 0);
  EXPECT_EQ(app::read_championship(deps, *id)->championship.stages[0].status, "running");
  const auto run = app::run_competitions(deps, kNow);
  ASSERT_TRUE(run) << run.error().detail;
  EXPECT_EQ(run->failed(), 0);
  EXPECT_EQ(run->championships.stages_finished, 1);
  EXPECT_EQ(failures(), 0);
  const auto after = app::read_championship(deps, *id);
  ASSERT_TRUE(after);
  EXPECT_EQ(after->championship.stages[0].status, "finished");
  EXPECT_EQ(after->championship.stages[1].status, "running");
}

// The starter's bounded batch of norms checks takes the sections whose check never failed
// first, then the failed ones by failures in a row; the scheduler's selection leaves out those
// still waiting to be tried again (db::sections_to_check).
TEST_F(CompetitionUseCases, FailedNormChecksComeLastAndWaitTheirTurn) {
  const auto a = new_event(director_, event_creation("A"));
  const auto b = new_event(director_, event_creation("B"));
  const auto c = new_event(director_, event_creation("C"));
  // Changes in the order a, b, c; a failed twice (may be tried from 10:00), b once (from
  // 09:30), c never.
  for (const auto id : {a, b, c}) {
    db_.exec("INSERT INTO norm_checks (event_id) VALUES (" + std::to_string(id) + ")");
  }
  const auto failure = [](const std::string& kind, std::int64_t id, int failures,
                          const std::string& retry_at) {
    return "('" + kind + "', " + std::to_string(id) + ", 'an item', " + std::to_string(failures) +
           ", '2030-01-07T08:58Z', '" + retry_at + "', 'x')";
  };
  db_.exec(
      "INSERT INTO starter_failures (kind, item_id, item, failures, failed_at, retry_at, "
      "last_error) VALUES " +
      failure("norms", a, 2, "2030-01-07T10:00Z") + ", " +
      failure("norms", b, 1, "2030-01-07T09:30Z") + ", " +
      failure("cup", c, 5, "2030-01-07T23:00Z"));
  auto selected = [&](int limit, std::optional<game::Timestamp> ready_at) {
    return db::in_transaction(*pool_,
                              [&](pqxx::work& tx) {
                                return Result<std::vector<std::int64_t>>(
                                    db::sections_to_check(tx, limit, "norms", ready_at));
                              })
        .value_or(std::vector<std::int64_t>{});
  };
  const auto at = [](int hour, int minute) {
    return game::utc_instant(game::CivilDate{2030, 1, 7}, hour, minute);
  };
  using V = std::vector<std::int64_t>;
  EXPECT_EQ(selected(10, std::nullopt), (V{c, b, a}));  // a director's run: all, fresh first
  EXPECT_EQ(selected(2, std::nullopt), (V{c, b}));
  EXPECT_EQ(selected(10, at(9, 0)), (V{c}));
  EXPECT_EQ(selected(10, at(9, 30)), (V{c, b}));
  EXPECT_EQ(selected(10, at(10, 0)), (V{c, b, a}));
  EXPECT_EQ(selected(1, at(10, 0)), (V{c}));
}

}  // namespace
}  // namespace corrchess
