// The ratings repository against real PostgreSQL: a list round-trips with its entries and
// games; versions of a period stack up and the highest is current; published rows can never
// be changed or removed (the schema refuses); a version published twice is a conflict.
#include <gtest/gtest.h>

#include <memory>
#include <pqxx/pqxx>

#include "db/ratings.h"
#include "db/users.h"
#include "tests/support/repository_test.h"

namespace corrchess {
namespace {

using game::CivilDate;

class RatingsRepository : public testing::RepositoryTest {
 protected:
  RatingsRepository() : RepositoryTest({"alpha", "beta"}) {}

  model::RatingList list(int version) const {
    model::RatingList l;
    l.pool = "standard";
    l.period = "2030-01";
    l.period_kind = "month";
    l.first_day = CivilDate{2030, 1, 1};
    l.end_day = CivilDate{2030, 2, 1};
    l.starts_at = game::utc_midnight(l.first_day);
    l.ends_at = game::utc_midnight(l.end_day);
    l.version = version;
    l.published_at = l.ends_at;
    if (version > 1) l.reason = "corrected";
    return l;
  }

  std::vector<model::RatingEntry> entries(double top) const {
    model::RatingEntry a{ids_[0], "", 1, top, 150, 0.06, 1, 1, true};
    model::RatingEntry b{ids_[1], "", 2, 3000 - top, 150, 0.06, 1, 1, true};
    return {a, b};
  }
};

TEST_F(RatingsRepository, VersionsStackUpAndPublishedRowsNeverChange) {
  {
    pqxx::work tx(*conn_);
    ASSERT_TRUE(db::insert_rating_list(tx, list(1), std::nullopt, entries(1600), {}));
    ASSERT_TRUE(db::insert_rating_list(tx, list(2), ids_[0], entries(1550), {}));
    EXPECT_EQ(db::insert_rating_list(tx, list(2), ids_[0], entries(1500), {}).error().code,
              ErrorCode::kConflict);
    tx.commit();
  }
  pqxx::work tx(*conn_);
  auto current = db::find_rating_list(tx, "standard", "2030-01", std::nullopt);
  ASSERT_TRUE(current);
  EXPECT_EQ(current->version, 2);
  EXPECT_EQ(current->latest_version, 2);
  EXPECT_EQ(current->published_by, "alpha");
  EXPECT_EQ(current->reason, "corrected");
  EXPECT_EQ(current->first_day, (CivilDate{2030, 1, 1}));
  const auto rows = db::rating_entries(tx, current->id);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].username, "alpha");
  EXPECT_EQ(rows[0].rating, 1550);
  auto old = db::find_rating_list(tx, "standard", "2030-01", 1);
  ASSERT_TRUE(old);
  EXPECT_EQ(old->latest_version, 2);
  EXPECT_EQ(db::rating_entries(tx, old->id)[0].rating, 1600);
  EXPECT_EQ(db::all_rating_lists(tx, std::nullopt).size(), 2u);
  EXPECT_EQ(db::rating_history(tx, ids_[1]).size(), 1u) << "current versions only";
  EXPECT_EQ(db::current_ratings(tx, "standard", {ids_[1]}).at(ids_[1]).rating, 1450);
  tx.commit();

  for (const char* change :
       {"UPDATE rating_list_entries SET rating = 2000", "DELETE FROM rating_list_entries",
        "UPDATE rating_lists SET reason = 'x'", "DELETE FROM rating_lists"}) {
    pqxx::work attempt(*conn_);
    EXPECT_THROW(attempt.exec(change), pqxx::sql_error) << change;
  }
}

}  // namespace
}  // namespace corrchess
