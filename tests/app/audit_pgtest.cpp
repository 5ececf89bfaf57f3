// Use cases of app/audit.cpp without HTTP: only directors read the audit log; it lists the
// directors' actions newest first, by game, event or user (actor or target), and no more
// than asked.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/audit.h"
#include "app/event_workflows.h"
#include "app/events.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class AuditUseCases : public testing::UseCaseTest {
 protected:
  AuditUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    director_ = player("td", "td");
    admin_ = player("root", "admin");
  }
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }

  // The actions of the records `query` lists for the director, in order.
  std::vector<std::string> actions(const app::AuditQuery& query) {
    std::vector<std::string> out;
    auto records = app::audit_log(*pool_, director_, query);
    EXPECT_TRUE(records) << (records ? "" : records.error().detail);
    for (const auto& r : records.value_or(std::vector<model::AuditRecord>{})) {
      out.push_back(r.action);
    }
    return out;
  }

  model::User director_;
  model::User admin_;
};

TEST_F(AuditUseCases, OnlyDirectorsReadTheLog) {
  const auto game = single_game(director_, ann(), ben());
  EXPECT_EQ(app::audit_log(*pool_, ann(), {}).error().code, ErrorCode::kForbidden);
  app::AuditQuery own;
  own.username = "ann";
  EXPECT_EQ(app::audit_log(*pool_, ann(), own).error().code, ErrorCode::kForbidden)
      << "not even about oneself";
  app::AuditQuery unknown;
  unknown.username = "nobody";
  EXPECT_EQ(app::audit_log(*pool_, director_, unknown).error().code, ErrorCode::kValidationError);
  const auto by_admin = app::audit_log(*pool_, admin_, {});
  ASSERT_TRUE(by_admin);
  ASSERT_EQ(by_admin->size(), 1u);
  EXPECT_EQ(by_admin->front().action, "game_created");
  EXPECT_EQ(by_admin->front().actor, "td");
  EXPECT_EQ(by_admin->front().game_id, game);
}

TEST_F(AuditUseCases, TheLogListsNewestFirstByGameEventOrUser) {
  auto deps = game_deps();
  const auto id = new_event(director_, event_creation("Audited", {"ann", "ben"}));
  ASSERT_TRUE(app::add_event_player(deps, director_, id, "cid"));
  ASSERT_TRUE(app::start_event(deps, director_, id));
  const auto game = single_game(admin_, ann(), ben());
  ASSERT_TRUE(app::annul_game(deps, director_, game, "a mistake"));

  EXPECT_EQ(actions({}), (std::vector<std::string>{"annulled", "game_created", "event_started",
                                                   "player_added", "event_created"}));
  app::AuditQuery of_event;
  of_event.event_id = id;
  EXPECT_EQ(actions(of_event),
            (std::vector<std::string>{"event_started", "player_added", "event_created"}));
  app::AuditQuery of_game;
  of_game.game_id = game;
  EXPECT_EQ(actions(of_game), (std::vector<std::string>{"annulled", "game_created"}));
  app::AuditQuery of_cid;  // the target of one action
  of_cid.username = "cid";
  EXPECT_EQ(actions(of_cid), (std::vector<std::string>{"player_added"}));
  app::AuditQuery of_admin;  // the actor of one
  of_admin.username = "root";
  EXPECT_EQ(actions(of_admin), (std::vector<std::string>{"game_created"}));
  app::AuditQuery newest;
  newest.limit = 2;
  EXPECT_EQ(actions(newest), (std::vector<std::string>{"annulled", "game_created"}));
}

}  // namespace
}  // namespace corrchess
