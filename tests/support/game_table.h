// Test helper for the Game aggregate: a game's facts plus the players' conditional trees,
// driven through the real commands (submit, accept) at a controllable "now".
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "core/game/conditional.h"
#include "core/game/game.h"

namespace corrchess::game::test {

inline constexpr Color kWhite = Color::kWhite;
inline constexpr Color kBlack = Color::kBlack;
inline const Timestamp kStart = utc_instant(CivilDate{2026, 1, 5}, 12);

inline MoveRequest req(std::string move, bool offer_draw = false,
                       std::optional<std::string> message = std::nullopt) {
  MoveRequest r;
  r.move = std::move(move);
  r.offer_draw = offer_draw;
  r.message = std::move(message);
  return r;
}

// A game's facts plus everything its owner stores beside them, driven through the commands.
struct Table {
  GameFacts facts;
  GameContext context;
  Timestamp now = kStart;
  std::array<ConditionalTree, 2> trees;

  explicit Table(std::string fen = "", TimeControl control = FischerDays{30, 3, std::nullopt}) {
    facts.setup.initial_fen = std::move(fen);
    facts.setup.time_control = control;
    facts.setup.start_at = kStart;
  }

  Game game() const {
    auto g = Game::replay(facts, context, now);
    EXPECT_TRUE(g.has_value()) << (g ? "" : g.error().detail);
    return std::move(g).value();
  }
  const GameState state() const { return game().state(); }

  void apply(const Outcome& o) {
    facts.moves.insert(facts.moves.end(), o.moves.begin(), o.moves.end());
    facts.events.insert(facts.events.end(), o.events.begin(), o.events.end());
    if (o.conditional) trees = *o.conditional;
  }
  Result<void> apply(Result<Outcome> o) {
    if (!o) return std::unexpected(o.error());
    apply(*o);
    return {};
  }

  // Submit then accept `move` for the side to move, `hours` after the last instant.
  Result<void> try_play(std::string_view move, bool offer_draw = false, int hours = 1) {
    now += hours * kSecondsPerHour;
    const Game g = game();
    const Color side = g.state().to_move;
    auto pending = submit_move(g, side, req(std::string(move), offer_draw));
    if (!pending) return std::unexpected(pending.error());
    return apply(accept_move(g, side, *pending, move, trees));
  }
  void play(std::string_view move, bool offer_draw = false, int hours = 1) {
    auto r = try_play(move, offer_draw, hours);
    ASSERT_TRUE(r.has_value()) << move << ": " << r.error().detail;
  }
  void play_all(std::initializer_list<std::string_view> moves) {
    for (auto m : moves) play(m);
  }
};

// A standard game after 1. e4 e5 in which Black offered a draw with e5 (White has moved, so
// the offer may be accepted at once).
inline Table black_offered_a_draw() {
  Table t;
  t.play("e4");
  t.play("e5", true);
  return t;
}

}  // namespace corrchess::game::test
