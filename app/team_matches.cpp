#include "app/team_matches.h"

#include <algorithm>

#include "app/game_start.h"
#include "app/roles.h"
#include "app/team_match_reads.h"
#include "db/events.h"
#include "db/server_clock.h"
#include "db/team_matches.h"
#include "db/teams.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

using game::Timestamp;

const model::TeamMatchPlayer* player_on(const std::vector<model::TeamMatchPlayer>& players,
                                        int board, bool side_a) {
  for (const auto& p : players) {
    if (p.board == board && p.side_a == side_a) return &p;
  }
  return nullptr;
}

bool board_started(const std::vector<model::TeamMatchGame>& games, int board) {
  return std::ranges::any_of(games,
                             [&](const model::TeamMatchGame& g) { return g.board == board; });
}

// The setup of a match's games starting at `now` (or the match's start_at, if later).
game::GameSetup match_setup(const model::TeamMatchSettings& s, Timestamp now) {
  game::GameSetup setup;
  setup.variant = s.games.variant;
  setup.time_control = s.games.time_control;
  setup.rules = s.games.rules;
  setup.start_at = s.start_at && *s.start_at > now ? *s.start_at : now;
  return setup;
}

// Creates the games of `board` (1-based), both players nominated, colours by the match rules.
Result<void> start_board(const GameDeps& deps, pqxx::work& tx, const model::StoredTeamMatch& m,
                         const std::vector<model::TeamMatchPlayer>& players, int board,
                         Timestamp now) {
  const auto* a = player_on(players, board, true);
  const auto* b = player_on(players, board, false);
  if (!a || !b) return fail(ErrorCode::kInternal, "board without both players");
  auto setup = match_setup(m.settings, now);
  if (setup.variant == game::Variant::kChess960) {
    setup.start_position = random_chess960_position(false);
  }
  game::GameContext rules;
  rules.zone = deps.zone;
  rules.oracles = deps.oracles;
  TRY_LET(prepared, prepare_game(std::move(setup), rules, now));
  for (int n = 0; n < m.settings.match.games_per_board; ++n) {
    const bool a_white =
        competition::team_a_color(m.settings.match, board - 1, n) == chess::Color::kWhite;
    const auto white = a_white ? a->person.id : b->person.id;
    const auto black = a_white ? b->person.id : a->person.id;
    const auto game_id = start_game(tx, white, black, std::nullopt, *prepared, now);
    db::insert_team_match_game(tx, m.id, board, n, game_id, a_white);
  }
  return {};
}

}  // namespace

Result<void> team_named_in_body(pqxx::work& tx, std::int64_t team_id) {
  if (db::load_team(tx, team_id, false)) return {};
  return fail(ErrorCode::kValidationError, "no team " + std::to_string(team_id));
}

Result<std::int64_t> create_team_match(GameDeps& deps, const model::User& director,
                                       model::TeamMatchSettings settings) {
  TRY(require_director(director));
  TRY(competition::validate(settings.match));
  if (settings.name.empty() || settings.name.size() > 200) {
    return fail(ErrorCode::kValidationError, "a match's name has 1..200 bytes");
  }
  if (settings.team_a == settings.team_b) {
    return fail(ErrorCode::kValidationError, "a team cannot play itself");
  }
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
    const auto now = deps.clock.now(tx);
    TRY(team_named_in_body(tx, settings.team_a));
    TRY(team_named_in_body(tx, settings.team_b));
    auto setup = match_setup(settings, now);
    if (setup.variant == game::Variant::kChess960) setup.start_position = 518;
    TRY(game::validate_setup(setup));
    const auto id = db::insert_team_match(tx, settings, director.id, now);
    db::write_audit(
        tx, {now, director.id, "team_match_created", std::nullopt, std::nullopt, std::nullopt, "",
             model::Fields{{"team_match_id", id},
                           {"name", settings.name},
                           {"team_a", settings.team_a},
                           {"team_b", settings.team_b},
                           {"boards", std::int64_t{settings.match.boards}}}});
    return id;
  });
}

Result<NominationDone> nominate_team_player(GameDeps& deps, const model::User& caller,
                                            std::int64_t match_id, const Nomination& n) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<NominationDone> {
    TRY_LET(m, db::load_team_match(tx, match_id, true));
    const auto& s = m->settings;
    // Whether the team plays the match comes first: a team that does not (or no team at all)
    // is a bad request whoever sends it, not a matter of whose captain the caller is.
    if (n.team_id != s.team_a && n.team_id != s.team_b) {
      return fail(ErrorCode::kValidationError,
                  "team " + std::to_string(n.team_id) + " does not play this match");
    }
    if (!is_director(caller) && !db::is_team_captain(tx, n.team_id, caller.id)) {
      return fail(ErrorCode::kForbidden,
                  "this needs a captain of the team or a tournament director");
    }
    const bool side_a = n.team_id == s.team_a;
    if (n.board < 1 || n.board > s.match.boards) {
      return fail(ErrorCode::kValidationError,
                  "board must be 1.." + std::to_string(s.match.boards));
    }
    const auto games = db::team_match_games(tx, match_id);
    if (board_started(games, n.board)) {
      return fail(ErrorCode::kConflict, "board " + std::to_string(n.board) +
                                            " has started: its player can no longer be "
                                            "substituted");
    }
    auto user = db::find_user(tx, n.username);
    if (!user) return fail(ErrorCode::kValidationError, "no user '" + n.username + "'");
    TRY_LET(team, db::load_team(tx, n.team_id, false));
    if (!db::is_team_member(tx, n.team_id, user->id)) {
      return fail(ErrorCode::kValidationError,
                  n.username + " is not a member of " + team->settings.name);
    }
    auto players = db::team_match_players(tx, match_id);
    const auto* current = player_on(players, n.board, side_a);
    if (current && current->person.id == user->id) return NominationDone{false, false};
    for (const auto& p : players) {
      if (p.person.id == user->id) {
        return fail(ErrorCode::kValidationError, n.username + " already plays board " +
                                                     std::to_string(p.board) + " of this match");
      }
    }
    const auto now = deps.clock.now(tx);
    NominationDone done{current != nullptr, false};
    db::set_team_match_player(tx, match_id, n.board, side_a, user->id);
    db::write_audit(
        tx, {now, caller.id, done.substituted ? "team_board_substituted" : "team_board_nominated",
             std::nullopt, std::nullopt, user->id, "",
             model::Fields{{"team_match_id", match_id},
                           {"team_id", n.team_id},
                           {"board", std::int64_t{n.board}},
                           {"replaced", current ? current->person.username : std::string()}}});
    if (m->status == "playing" && player_on(players, n.board, !side_a)) {
      players = db::team_match_players(tx, match_id);
      TRY(start_board(deps, tx, *m, players, n.board, now));
      done.board_started = true;
    }
    return done;
  });
}

Result<void> start_team_match(GameDeps& deps, const model::User& director, std::int64_t match_id) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(m, db::load_team_match(tx, match_id, true));
    if (m->status != "nominating") {
      return fail(ErrorCode::kConflict, "the match has already started");
    }
    const auto players = db::team_match_players(tx, match_id);
    const auto now = deps.clock.now(tx);
    int started = 0;
    for (int board = 1; board <= m->settings.match.boards; ++board) {
      if (!player_on(players, board, true) || !player_on(players, board, false)) continue;
      TRY(start_board(deps, tx, *m, players, board, now));
      ++started;
    }
    if (started == 0) {
      return fail(ErrorCode::kConflict,
                  "no board has both players yet: nominate them before the start");
    }
    db::mark_team_match_started(tx, match_id, now);
    db::write_audit(
        tx,
        {now, director.id, "team_match_started", std::nullopt, std::nullopt, std::nullopt, "",
         model::Fields{{"team_match_id", match_id}, {"boards_started", std::int64_t{started}}}});
    return {};
  });
}

Result<TeamMatchView> read_team_match(GameDeps& deps, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<TeamMatchView> {
    TRY_LET(m, db::load_team_match(tx, id, false));
    return team_match_view(tx, std::move(*m));
  });
}

Result<std::vector<TeamMatchView>> list_team_matches(GameDeps& deps) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::vector<TeamMatchView>> {
    std::vector<TeamMatchView> out;
    for (auto& m : db::list_team_matches(tx, std::nullopt)) {
      TRY_LET(view, team_match_view(tx, std::move(m)));
      out.push_back(std::move(*view));
    }
    return out;
  });
}

}  // namespace corrchess::app
