// The repositories behind the paged and kept reads of issue 40 ("a million games") against
// real PostgreSQL: a rating list read a page at a time by rank with its total, ranks kept
// unique; the players' current ratings from the latest list of their pool only; the users of
// a section read in one statement; the adjudication queue's stored evidence read back as it
// was written, and dropped once its game no longer waits.
#include <gtest/gtest.h>

#include <pqxx/pqxx>

#include "core/game/game.h"
#include "db/adjudication_evidence.h"
#include "db/games.h"
#include "db/ratings.h"
#include "db/users.h"
#include "tests/support/repository_test.h"

namespace corrchess {
namespace {

class ReadPagesRepository : public testing::RepositoryTest {
 protected:
  ReadPagesRepository() : RepositoryTest({"ann", "bob", "cid", "dan", "eve"}) {}

  // A published list of `pool` for the month starting `first_day` with the players `who`
  // (indexes into ids_) ranked in that order, rated 2000, 1990, ...; its id.
  std::int64_t publish(pqxx::work& tx, const std::string& pool, game::CivilDate first_day,
                       const std::vector<int>& who) {
    model::RatingList l;
    l.pool = pool;
    l.period = std::to_string(first_day.year) + "-0" + std::to_string(first_day.month);
    l.period_kind = "month";
    l.first_day = first_day;
    l.end_day = game::CivilDate{first_day.year, first_day.month + 1, 1};
    l.starts_at = game::utc_midnight(l.first_day);
    l.ends_at = game::utc_midnight(l.end_day);
    l.version = 1;
    l.published_at = l.ends_at;
    std::vector<model::RatingEntry> entries;
    for (std::size_t i = 0; i < who.size(); ++i) {
      const int rank = static_cast<int>(i) + 1;
      entries.push_back(
          {ids_[who[i]], "", rank, 2000.0 - 10 * static_cast<double>(i), 100, 0.06, 1, 1, false});
    }
    auto id = db::insert_rating_list(tx, l, std::nullopt, entries, {});
    EXPECT_TRUE(id.has_value());
    return id.value_or(0);
  }

  // A game of ann against bob stored as the server stores a new one; its id.
  std::int64_t new_game() {
    game::GameSetup setup;
    setup.start_at = game::utc_instant(game::CivilDate{2030, 1, 1}, 9);
    setup.initial_fen = game::initial_position(setup)->fen();
    auto g = game::Game::replay(game::GameFacts{setup, {}, {}, {}}, {}, setup.start_at);
    pqxx::work tx(*conn_);
    const auto id = db::insert_game(tx, ids_[0], ids_[1], std::nullopt, setup, g->state());
    tx.commit();
    return id;
  }
};

TEST_F(ReadPagesRepository, RatingEntriesComePageByPageInRankOrderWithTheirTotal) {
  pqxx::work tx(*conn_);
  const auto id = publish(tx, "standard", {2030, 1, 1}, {3, 0, 4, 1, 2});  // dan ann eve bob cid
  const auto empty = publish(tx, "standard", {2030, 2, 1}, {});
  EXPECT_EQ(db::rating_entry_count(tx, id), 5);
  EXPECT_EQ(db::rating_entry_count(tx, empty), 0);
  EXPECT_TRUE(db::rating_entries(tx, empty).empty());

  const auto whole = db::rating_entries(tx, id);
  ASSERT_EQ(whole.size(), 5u);
  std::vector<std::string> names;
  std::int64_t after = 0;
  for (int page = 0; page < 3; ++page) {
    const auto entries = db::rating_entries(tx, id, after, 2);
    ASSERT_EQ(entries.size(), page < 2 ? 2u : 1u) << "page " << page;
    for (const auto& e : entries) {
      EXPECT_EQ(e.rank, static_cast<int>(names.size()) + 1);
      EXPECT_EQ(e.rating, whole[names.size()].rating);
      names.push_back(e.username);
    }
    after = entries.back().rank;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"dan", "ann", "eve", "bob", "cid"}));
  EXPECT_TRUE(db::rating_entries(tx, id, 5, 2).empty());
  EXPECT_EQ(db::rating_entries(tx, id, 3).size(), 2u) << "no limit: to the end";
  tx.commit();

  // Two entries of a list never share a rank (migration 0034), so a rank is a page's cursor.
  pqxx::work twice(*conn_);
  const auto first_place = [&](std::int64_t user) {
    twice.exec_params(
        "INSERT INTO rating_list_entries (list_id, user_id, rank, rating, deviation, volatility, "
        "games_in_period, total_games, provisional) VALUES ($1, $2, 1, 1500, 100, 0.06, 0, 0, "
        "true)",
        empty, user);
  };
  first_place(ids_[0]);
  EXPECT_THROW(first_place(ids_[1]), pqxx::unique_violation);
}

TEST_F(ReadPagesRepository, CurrentRatingsAreThePlayersLinesInTheLatestListOfThePool) {
  pqxx::work tx(*conn_);
  publish(tx, "standard", {2030, 1, 1}, {0, 1});                      // ann, bob
  publish(tx, "chess960", {2030, 1, 1}, {1, 2});                      // bob, cid: another pool
  const auto latest = publish(tx, "standard", {2030, 2, 1}, {2, 0});  // cid, ann
  publish(tx, "chess960", {2030, 2, 1}, {0, 3});  // a later list of the other pool
  const auto found = db::current_ratings(tx, "standard", {ids_[0], ids_[1], ids_[2], ids_[3]});
  ASSERT_EQ(found.size(), 2u) << "bob is not in the latest list, dan in none of the pool";
  EXPECT_EQ(found.at(ids_[2]).rank, 1);
  EXPECT_EQ(found.at(ids_[2]).username, "cid");
  EXPECT_EQ(found.at(ids_[0]).rank, 2);
  EXPECT_EQ(found.at(ids_[0]).rating, 1990);
  EXPECT_EQ(db::rating_entries(tx, latest)[1].user_id, ids_[0]);
  EXPECT_TRUE(db::current_ratings(tx, "standard", {}).empty());
  const auto chess960 = db::current_ratings(tx, "chess960", {ids_[0], ids_[1], ids_[3]});
  ASSERT_EQ(chess960.size(), 2u);
  EXPECT_EQ(chess960.at(ids_[3]).rank, 2);
}

TEST_F(ReadPagesRepository, UsersByIdInOneStatement) {
  pqxx::work tx(*conn_);
  const auto found = db::find_users_by_id(tx, {ids_[4], ids_[1], 999999, ids_[4]});
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found.at(ids_[4]).username, "eve");
  EXPECT_EQ(found.at(ids_[1]).display_name, "bob");
  EXPECT_TRUE(db::find_users_by_id(tx, {}).empty());
}

TEST_F(ReadPagesRepository, StoredEvidenceReadsBackAsWrittenUntilItsGameIsDecided) {
  const auto waiting = new_game();
  const auto other = new_game();
  db::StoredEvidence e;
  e.game_id = waiting;
  e.ply = 61;
  e.computed_by = "0.1.0+gabc";
  e.evidence.men = 5;
  e.evidence.to_move = game::Color::kBlack;
  e.evidence.tablebase = game::TablebaseStatus::kProbed;
  e.evidence.wdl = game::Wdl::kBlessedLoss;
  e.evidence.dtz = -17;
  e.evidence.can_win = {chess::Winnability::kWinnable, chess::Winnability::kUndetermined};
  e.evidence.repetitions = 2;
  e.evidence.repeated_at = {53, 57};
  e.evidence.halfmove_clock = 9;
  e.evidence.threefold_claimable = false;
  e.evidence.fifty_moves_claimable = true;
  e.evidence.suggestion =
      game::SuggestedDecision{game::GameResult::kWhiteWins, "tablebase", "the table says so"};
  game::LineCheck legal;
  legal.given = true;
  legal.legal = true;
  legal.moves = {"Qh3+", "Kc2"};
  legal.text = "1. Qh3+ Kc2";
  legal.ends = "checkmate";
  legal.repetitions = 1;
  game::LineCheck illegal;
  illegal.given = true;
  illegal.illegal_move = "Qxc3";
  illegal.detail = "no queen can reach c3";
  e.lines = {{game::Color::kWhite, "1. Qh3+ Kc2 wins", legal},
             {game::Color::kBlack, "1. Qxc3 holds", illegal},
             {game::Color::kBlack, "prose only", game::LineCheck{}}};
  db::StoredEvidence plain;
  plain.game_id = other;
  plain.computed_by = "0.1.0";
  {
    pqxx::work tx(*conn_);
    db::save_adjudication_evidence(tx, e);
    db::save_adjudication_evidence(tx, plain);
    tx.commit();
  }
  {
    pqxx::work tx(*conn_);
    const auto read = db::adjudication_evidence(tx, {waiting, other, 999999});
    ASSERT_EQ(read.size(), 2u);
    EXPECT_EQ(read.at(waiting), e);
    EXPECT_EQ(read.at(other), plain);
    EXPECT_TRUE(db::adjudication_evidence(tx, {}).empty());
    // Stored again: replaced.
    e.ply = 62;
    e.lines.pop_back();
    db::save_adjudication_evidence(tx, e);
    EXPECT_EQ(db::adjudication_evidence(tx, {waiting}).at(waiting), e);
    // A row that does not read back (another version's form) is left out, to be computed again.
    tx.exec_params(
        "UPDATE adjudication_evidence SET evidence = evidence - 'dead_position' WHERE "
        "game_id = $1",
        other);
    EXPECT_FALSE(db::adjudication_evidence(tx, {other}).contains(other));
    tx.commit();
  }
  // Only the rows of games still waiting for adjudication stay.
  testing::exec_committed(*conn_, "UPDATE games SET status = 'adjudication_pending' WHERE id = " +
                                      std::to_string(waiting));
  pqxx::work tx(*conn_);
  EXPECT_EQ(db::drop_evidence_of_decided_games(tx), 1);
  EXPECT_TRUE(db::adjudication_evidence(tx, {waiting}).contains(waiting));
  EXPECT_EQ(db::drop_evidence_of_decided_games(tx), 0);
}

}  // namespace
}  // namespace corrchess
