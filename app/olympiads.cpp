#include "app/olympiads.h"

#include <set>

#include "app/entry_rules.h"
#include "app/olympiad_seats.h"
#include "app/roles.h"
#include "app/section_start.h"
#include "app/team_match_reads.h"
#include "core/text.h"
#include "db/events.h"
#include "db/olympiads.h"
#include "db/server_clock.h"
#include "db/teams.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

Result<void> check_olympiad_shape(const OlympiadCreation& r) {
  const auto& s = r.settings;
  if (s.name.empty() || s.name.size() > 200) {
    return fail(ErrorCode::kValidationError, "an Olympiad's name has 1..200 bytes");
  }
  if (s.boards < 1 || s.boards > kMaxOlympiadBoards) {
    return fail(ErrorCode::kValidationError,
                "boards must be 1.." + std::to_string(kMaxOlympiadBoards));
  }
  const auto teams = static_cast<int>(r.teams.size());
  if (teams < 2 || teams > kMaxOlympiadSize) {
    return fail(ErrorCode::kValidationError,
                "an Olympiad has 2.." + std::to_string(kMaxOlympiadSize) + " teams");
  }
  std::set<std::int64_t> seen;
  for (const auto& t : r.teams) {
    if (!seen.insert(t.team_id).second) {
      return fail(ErrorCode::kValidationError,
                  "team " + std::to_string(t.team_id) + " is listed twice");
    }
    if (static_cast<int>(t.players.size()) != s.boards) {
      return fail(ErrorCode::kValidationError, "team " + std::to_string(t.team_id) + " needs " +
                                                   text::counted(s.boards, "player", "players") +
                                                   ", one per board");
    }
  }
  return {};
}

// The section of board `board` (1-based): an all-play-all event under the Olympiad's rules.
model::EventSettings board_section(const model::OlympiadSettings& s, int board, int teams,
                                   game::Timestamp now) {
  model::SectionTerms terms;
  terms.variant = s.games.variant;
  terms.time_control = s.games.time_control;
  terms.rules = s.games.rules;
  terms.rated = s.rated;
  return section_event(terms, s.name + " - board " + std::to_string(board), teams, now);
}

}  // namespace

Result<std::int64_t> create_olympiad(GameDeps& deps, const model::User& director,
                                     OlympiadCreation request) {
  TRY(require_director(director));
  TRY(check_olympiad_shape(request));
  const auto& s = request.settings;
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
    const auto now = deps.clock.now(tx);
    // Players: members of their team, each once in the whole Olympiad.
    std::vector<std::string> everyone;
    for (const auto& t : request.teams) {
      everyone.insert(everyone.end(), t.players.begin(), t.players.end());
    }
    TRY_LET(users, resolve_players(tx, everyone));
    const auto team_count = static_cast<int>(request.teams.size());
    for (int t = 0; t < team_count; ++t) {
      const auto& entry = request.teams[static_cast<std::size_t>(t)];
      TRY(team_named_in_body(tx, entry.team_id));
      TRY_LET(team, db::load_team(tx, entry.team_id, false));
      for (int b = 0; b < s.boards; ++b) {
        const auto& u = (*users)[static_cast<std::size_t>(t * s.boards + b)];
        if (!db::is_team_member(tx, entry.team_id, u.id)) {
          return fail(ErrorCode::kValidationError,
                      u.username + " is not a member of " + team->settings.name);
        }
      }
    }
    auto first = board_section(s, 1, team_count, now);
    TRY(check_section_games(deps, first, std::nullopt, now));
    TRY_LET(id, db::insert_olympiad(tx, s, director.id, now));
    for (int t = 0; t < team_count; ++t) {
      db::insert_olympiad_team(tx, *id, t + 1, request.teams[static_cast<std::size_t>(t)].team_id);
      for (int b = 0; b < s.boards; ++b) {
        db::insert_olympiad_player(tx, *id, t + 1, b + 1,
                                   (*users)[static_cast<std::size_t>(t * s.boards + b)].id);
      }
    }
    for (int b = 0; b < s.boards; ++b) {
      std::vector<std::int64_t> seats;
      for (int t = 0; t < team_count; ++t) {
        seats.push_back((*users)[static_cast<std::size_t>(t * s.boards + b)].id);
      }
      TRY_LET(event_id, create_started_section(deps, tx, board_section(s, b + 1, team_count, now),
                                               s.rated, seats, now));
      db::insert_olympiad_section(tx, *id, b + 1, *event_id);
    }
    db::write_audit(
        tx, {now, director.id, "olympiad_created", std::nullopt, std::nullopt, std::nullopt, "",
             model::Fields{{"olympiad_id", *id},
                           {"name", s.name},
                           {"boards", std::int64_t{s.boards}},
                           {"players", everyone}}});
    return *id;
  });
}

Result<OlympiadView> read_olympiad(GameDeps& deps, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<OlympiadView> {
    TRY_LET(o, db::load_olympiad(tx, id));
    OlympiadView v{std::move(*o),
                   db::olympiad_teams(tx, id),
                   db::olympiad_players(tx, id),
                   db::olympiad_sections(tx, id),
                   {},
                   0,
                   0};
    // Seat k of every section is the team of seed k.
    std::vector<competition::OlympiadGame> games;
    for (const auto& section : v.sections) {
      for (const auto& g : db::event_games(tx, section.event_id)) {
        competition::OlympiadGame og;
        og.board = section.board - 1;
        og.white_team = g.white_seat - 1;
        og.black_team = g.black_seat - 1;
        if (g.status == "finished") og.result = g.result;
        og.annulled = g.status == "annulled";
        ++v.games;
        if (og.result || og.annulled) ++v.games_over;
        games.push_back(og);
      }
    }
    TRY_LET(table, competition::olympiad_table(static_cast<int>(v.teams.size()), v.olympiad.boards,
                                               games));
    v.table = std::move(*table);
    return v;
  });
}

Result<void> replace_olympiad_player(pqxx::work& tx, std::int64_t event_id, int seat,
                                     const model::User& replacement) {
  const auto section = db::olympiad_board_of_event(tx, event_id);
  if (!section) return {};
  const auto [olympiad_id, board] = *section;
  for (const auto& p : db::olympiad_players(tx, olympiad_id)) {
    if (p.person.id == replacement.id) {
      return fail(ErrorCode::kValidationError, replacement.username + " already plays board " +
                                                   std::to_string(p.board) + " of this Olympiad");
    }
  }
  for (const auto& t : db::olympiad_teams(tx, olympiad_id)) {
    if (t.seed != seat) continue;
    if (!db::is_team_member(tx, t.team.id, replacement.id)) {
      return fail(ErrorCode::kValidationError,
                  replacement.username + " is not a member of " + t.team.settings.name);
    }
    db::set_olympiad_player(tx, olympiad_id, seat, board, replacement.id);
    return {};
  }
  return fail(ErrorCode::kInternal, "no team of seed " + std::to_string(seat));
}

Result<std::vector<model::StoredOlympiad>> list_olympiads(GameDeps& deps) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) {
    return Result<std::vector<model::StoredOlympiad>>(db::list_olympiads(tx));
  });
}

}  // namespace corrchess::app
