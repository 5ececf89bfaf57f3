// Use cases of app/game_talk.cpp without HTTP: only a game's players write to each other,
// only after its end, not past a block or rules without messages, a few messages a minute
// and a day; the thread is for the players and directors; a note is its author's alone.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/blocks.h"
#include "app/game_talk.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class GameTalkUseCases : public testing::UseCaseTest {
 protected:
  GameTalkUseCases() : UseCaseTest({"ann", "ben", "cid"}) {}
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(UseCaseTest::SetUp());
    director_ = player("td", "td");
  }
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }
  const model::User& cid() const { return users_[2]; }

  // A game ann - ben that ben resigned.
  std::int64_t finished_game(bool messages_allowed = true) {
    auto deps = game_deps();
    app::SingleGameRequest request{ann().username, ben().username, {}, std::nullopt, std::nullopt};
    request.setup.time_control = game::IccfStandard{};
    request.setup.rules.messages_allowed = messages_allowed;
    auto made = app::create_single_game(deps, director_, request);
    EXPECT_TRUE(made) << (made ? "" : made.error().detail);
    if (!made) return 0;
    EXPECT_TRUE(app::resign(deps, ben(), made->stored.id));
    return made->stored.id;
  }
  std::optional<ErrorCode> write(const model::User& user, std::int64_t game,
                                 const std::string& text, std::string* retry = nullptr) {
    auto deps = talk_deps();
    auto posted = app::post_game_message(deps, user, game, text);
    if (posted) {
      EXPECT_EQ(posted->text, text);
      return std::nullopt;
    }
    if (retry != nullptr && !posted.error().members.empty()) {
      *retry = posted.error().members.front().value;
    }
    return posted.error().code;
  }

  model::User director_;
};

TEST_F(GameTalkUseCases, OnlyThePlayersWriteAndOnlyAfterTheEnd) {
  const auto running = single_game(director_, ann(), ben());
  EXPECT_EQ(write(ann(), running, "good luck"), ErrorCode::kConflict) << "moves carry messages";
  EXPECT_EQ(write(cid(), running, "hello"), ErrorCode::kForbidden);
  const auto game = finished_game();
  EXPECT_EQ(write(cid(), game, "well played"), ErrorCode::kForbidden);
  EXPECT_EQ(write(director_, game, "well played"), ErrorCode::kForbidden)
      << "directors read, players write";
  EXPECT_EQ(write(ann(), game, ""), ErrorCode::kValidationError);
  EXPECT_EQ(write(ann(), game, "thanks for the game"), std::nullopt);
  EXPECT_EQ(write(ben(), game, "you too"), std::nullopt);

  auto deps = talk_deps();
  for (const model::User* reader : std::vector<const model::User*>{&ann(), &ben(), &director_}) {
    const auto thread = app::game_messages(deps, *reader, game);
    ASSERT_TRUE(thread) << reader->username;
    ASSERT_EQ(thread->size(), 2u) << reader->username;
    EXPECT_EQ(thread->front().author, "ann");
    EXPECT_EQ(thread->back().text, "you too");
  }
  EXPECT_EQ(app::game_messages(deps, cid(), game).error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::game_messages(deps, ann(), game + running + 1).error().code, ErrorCode::kNotFound);
}

TEST_F(GameTalkUseCases, ABlockAndRulesWithoutMessagesSilenceTheThread) {
  const auto game = finished_game();
  auto blocks = block_deps();
  ASSERT_TRUE(app::block_user(blocks, ann(), "ben"));
  EXPECT_EQ(write(ben(), game, "but"), ErrorCode::kForbidden);
  EXPECT_EQ(write(ann(), game, "goodbye"), std::nullopt) << "the blocker may still write";
  const auto silent = finished_game(false);
  EXPECT_EQ(write(ann(), silent, "thanks"), ErrorCode::kForbidden);
  auto deps = talk_deps();
  EXPECT_EQ(app::game_messages(deps, ann(), game).value().size(), 1u);
  EXPECT_TRUE(app::game_messages(deps, ann(), silent).value().empty());
}

TEST_F(GameTalkUseCases, AnAuthorWritesThreeMessagesAMinuteAndThirtyADayToAGame) {
  const auto game = finished_game();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(write(ann(), game, "m" + std::to_string(i)), std::nullopt);
  std::string retry;
  EXPECT_EQ(write(ann(), game, "one more", &retry), ErrorCode::kRateLimited);
  EXPECT_EQ(retry, "60");
  EXPECT_EQ(write(ben(), game, "my own limit"), std::nullopt) << "per author";
  ASSERT_TRUE(clock_->advance(20));
  EXPECT_EQ(write(ann(), game, "one more", &retry), ErrorCode::kRateLimited);
  EXPECT_EQ(retry, "40");
  ASSERT_TRUE(clock_->advance(40));
  // Three a minute up to thirty in all.
  for (int i = 3; i < 30; ++i) {
    if (i % 3 == 0 && i > 3) {
      ASSERT_TRUE(clock_->advance(60));
    }
    EXPECT_EQ(write(ann(), game, "m" + std::to_string(i)), std::nullopt) << i;
  }
  ASSERT_TRUE(clock_->advance(60));
  EXPECT_EQ(write(ann(), game, "the 31st", &retry), ErrorCode::kRateLimited);
  // The first of the day was written 10 minutes ago (20 + 40 s, then nine waits of a minute).
  EXPECT_EQ(retry, std::to_string(game::days(1) - 10 * 60));
  auto deps = talk_deps();
  EXPECT_EQ(app::game_messages(deps, ann(), game).value().size(), 31u) << "30 of ann's, 1 of ben's";
}

TEST_F(GameTalkUseCases, ANoteIsReadAndWrittenByItsAuthorOnly) {
  const auto game = single_game(director_, ann(), ben());
  auto deps = talk_deps();
  auto saved = app::save_own_note(deps, ann(), game, "play c4 next");
  ASSERT_TRUE(saved && *saved);
  EXPECT_EQ((*saved)->text, "play c4 next");
  EXPECT_FALSE(app::own_note(deps, ben(), game).value()) << "the opponent has none";
  EXPECT_EQ(app::own_note(deps, cid(), game).error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::save_own_note(deps, cid(), game, "spy").error().code, ErrorCode::kForbidden);
  EXPECT_EQ(app::own_note(deps, ann(), game + 1).error().code, ErrorCode::kNotFound);
  // Too long: refused, the note stays.
  EXPECT_EQ(app::save_own_note(deps, ann(), game, std::string(game::kMaxNoteLength + 1, 'x'))
                .error()
                .code,
            ErrorCode::kValidationError);
  EXPECT_EQ(app::own_note(deps, ann(), game).value()->text, "play c4 next");
  // An empty text deletes it.
  ASSERT_TRUE(app::save_own_note(deps, ann(), game, ""));
  EXPECT_FALSE(app::own_note(deps, ann(), game).value());
}

}  // namespace
}  // namespace corrchess
