// Which of a player's live messages reach their own webhooks, on a real database: the webhook
// trigger filters by the kind of each message's type (notification_kind_of, migrations 0023
// and 0038). A player who switched `competition` webhooks off gets none of the competition
// news (series, championship and event messages) and still gets other kinds; a player who
// did not gets them all. championship_qualified had no kind before migration 0038, so it
// reached webhooks switched off.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "core/notify/notify.h"
#include "db/event_messages.h"
#include "db/live_events.h"
#include "db/notification_prefs.h"
#include "db/webhooks.h"
#include "tests/support/repository_test.h"

namespace corrchess {
namespace {

class WebhookKinds : public testing::RepositoryTest {
 protected:
  WebhookKinds() : RepositoryTest({"alpha", "beta"}) {}

  // The types of the webhook deliveries queued for `user`, in order.
  std::vector<std::string> queued(std::int64_t user) {
    pqxx::work tx(*conn_);
    std::vector<std::string> out;
    for (const auto& row : tx.exec_params(
             "SELECT kind FROM notification_outbox WHERE channel = 'webhook' AND user_id = $1 "
             "ORDER BY id",
             user)) {
      out.push_back(row[0].as<std::string>());
    }
    return out;
  }
};

TEST_F(WebhookKinds, CompetitionNewsFollowsTheCompetitionSwitch) {
  {
    pqxx::work tx(*conn_);
    for (const auto id : ids_) {
      db::insert_webhook(tx, id, std::nullopt, "https://hooks.example/" + std::to_string(id),
                         "whsec_test");
    }
    db::disable_notification(tx, ids_[0], notify::Kind::kCompetition, notify::Channel::kWebhook);
    tx.commit();
  }
  const game::Timestamp now(1'900'000'000);
  {
    pqxx::work tx(*conn_);
    db::notify_series(tx, ids_,
                      {"series_section_started", 3, "Open class", std::nullopt, 12, 1, std::nullopt,
                       std::nullopt, std::nullopt},
                      now);
    for (const auto id : ids_) {
      db::notify_qualified(tx, id, {5, "World Championship", 1, "Semi-final", 1, false}, now);
    }
    db::notify_event_news(tx, ids_, {"event_dates_changed", 12, "Autumn", "", now, std::nullopt},
                          now);
    db::notify_event_news(tx, ids_, {"event_cancelled", 14, "Spring", "too few", now, std::nullopt},
                          now);
    db::notify_users(tx, ids_, nlohmann::json::array({{{"type", "game_started"}}}));
    tx.commit();
  }
  EXPECT_EQ(queued(ids_[0]), std::vector<std::string>{"game_started"});
  EXPECT_EQ(queued(ids_[1]),
            (std::vector<std::string>{"series_section_started", "championship_qualified",
                                      "event_dates_changed", "event_cancelled", "game_started"}));
}

}  // namespace
}  // namespace corrchess
