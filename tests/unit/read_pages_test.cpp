// The pieces of the paged and kept reads that need no database: the paging parameters every
// long list reads (api/paging.h) and the JSON form of the director's evidence, which the
// adjudication queue shows and stores (model/evidence_codec.h), read back into the same values.
#include <gtest/gtest.h>

#include <string>

#include "api/paging.h"
#include "model/evidence_codec.h"

namespace corrchess {
namespace {

api::Request with_query(std::map<std::string, std::string> query) {
  api::Request r;
  r.method = "GET";
  r.path = "/api/v1/events";
  r.query = std::move(query);
  return r;
}

TEST(PagingQuery, LimitAndCursorWithinTheirRangesAndShapes) {
  auto none = api::page_query(with_query({}), 500, 1);
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->limit);
  EXPECT_TRUE(none->after.empty());

  auto page = api::page_query(with_query({{"limit", "500"}, {"cursor", "42"}}), 500, 1);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->limit, 500);
  EXPECT_EQ(page->after, std::vector<std::int64_t>{42});
  auto pair = api::page_query(with_query({{"cursor", "1751234567.42"}}), 200, 2);
  ASSERT_TRUE(pair);
  EXPECT_EQ(pair->after, (std::vector<std::int64_t>{1751234567, 42}));

  for (const char* limit : {"0", "-1", "501", "abc", "5.5", "", " 5", "1e3", "9999999999"}) {
    auto bad = api::page_query(with_query({{"limit", limit}}), 500, 1);
    ASSERT_FALSE(bad) << limit;
    EXPECT_EQ(bad.error().code, ErrorCode::kValidationError) << limit;
  }
  for (const char* cursor : {"", "x", "-4", "1.2", "1.", ".1", "12345678901234567890", "1 "}) {
    auto bad = api::page_query(with_query({{"cursor", cursor}}), 500, 1);
    ASSERT_FALSE(bad) << cursor;
    EXPECT_EQ(bad.error().code, ErrorCode::kValidationError) << cursor;
  }
  EXPECT_FALSE(api::page_query(with_query({{"cursor", "7"}}), 200, 2)) << "a cursor of one number";
  EXPECT_FALSE(api::page_query(with_query({{"cursor", "7.8.9"}}), 200, 2));

  EXPECT_EQ(api::next_cursor_json({}), nullptr);
  EXPECT_EQ(api::next_cursor_json({42}), "42");
  EXPECT_EQ(api::next_cursor_json({1751234567, 42}), "1751234567.42");
}

TEST(EvidenceCodec, TheQueuesFormReadsBackIntoTheSameEvidenceAndLine) {
  game::PositionEvidence e;
  e.men = 5;
  e.to_move = game::Color::kBlack;
  e.tablebase = game::TablebaseStatus::kProbed;
  e.wdl = game::Wdl::kCursedWin;
  e.dtz = -17;
  e.can_win = {chess::Winnability::kUnwinnable, chess::Winnability::kUndetermined};
  e.repetitions = 2;
  e.repeated_at = {53, 57};
  e.halfmove_clock = 9;
  e.fifty_moves_claimable = true;
  e.suggestion =
      game::SuggestedDecision{game::GameResult::kBlackWins, "tablebase", "the table says so"};
  EXPECT_EQ(model::evidence_from_json(model::evidence_json(e)).value(), e);
  const game::PositionEvidence plain;
  EXPECT_EQ(model::evidence_from_json(model::evidence_json(plain)).value(), plain);

  game::LineCheck line;
  line.given = true;
  line.moves = {"Qh3+"};
  line.text = "1. Qh3+";
  line.illegal_move = "Qxc3";
  line.detail = "no queen reaches c3";
  line.repetitions = 1;
  EXPECT_EQ(model::line_from_json(model::line_json(line)).value(), line);
  line.legal = true;
  line.illegal_move.reset();
  line.detail.clear();
  line.ends = "checkmate";
  EXPECT_EQ(model::line_from_json(model::line_json(line)).value(), line);

  auto broken = model::evidence_json(e);
  broken["tablebase"]["status"] = "maybe";
  EXPECT_EQ(model::evidence_from_json(broken).error().code, ErrorCode::kValidationError);
  broken = model::evidence_json(e);
  broken.erase("dead_position");
  EXPECT_FALSE(model::evidence_from_json(broken));
  EXPECT_FALSE(model::line_from_json(nlohmann::json::array()));
}

}  // namespace
}  // namespace corrchess
