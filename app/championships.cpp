#include "app/championships.h"

#include <algorithm>

#include "app/competition_items.h"
#include "app/entry_rules.h"
#include "app/event_crosstable.h"
#include "app/events.h"
#include "app/game_start.h"
#include "app/notifications.h"
#include "app/ratings.h"
#include "app/roles.h"
#include "app/section_start.h"
#include "core/competition/stages.h"
#include "core/text.h"
#include "db/championships.h"
#include "db/event_messages.h"
#include "db/events.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

using game::Timestamp;

constexpr int kMaxStages = 5;

// At least how many players a stage sends on from `players` entrants.
int qualifying(int players, const model::StageSettings& stage) {
  const int sections = competition::stage_section_count(players, stage.section_size);
  return std::min(players, stage.rule.per_section * sections + stage.rule.best_runners_up);
}

Result<void> check_stages(const model::ChampionshipSettings& s, int players) {
  const int count = static_cast<int>(s.stages.size());
  if (count < 2 || count > kMaxStages) {
    return fail(ErrorCode::kValidationError,
                "a championship has 2.." + std::to_string(kMaxStages) + " stages");
  }
  if (players < 2) return fail(ErrorCode::kValidationError, "a championship needs 2 players");
  int entrants = players;
  for (int i = 0; i < count; ++i) {
    const auto& st = s.stages[static_cast<std::size_t>(i)];
    const std::string which = "stage " + std::to_string(i + 1);
    if (st.name.empty() || st.name.size() > 100) {
      return fail(ErrorCode::kValidationError, which + ": a name of 1..100 bytes is needed");
    }
    if (st.section_size < 2 || st.section_size > 32) {
      return fail(ErrorCode::kValidationError, which + ": section_size must be 2..32");
    }
    if (i + 1 == count) {
      if (st.rule.per_section != 0 || st.rule.best_runners_up != 0) {
        return fail(ErrorCode::kValidationError,
                    which +
                        ": the last stage qualifies nobody: leave out per_section and "
                        "best_runners_up");
      }
      break;
    }
    if (auto ok = competition::validate(st.rule); !ok) {
      return fail(ErrorCode::kValidationError, which + ": " + ok.error().detail);
    }
    entrants = qualifying(entrants, st);
    if (entrants < 2) {
      return fail(ErrorCode::kValidationError, which + " would send " +
                                                   text::counted(entrants, "player", "players") +
                                                   " on: the next stage needs at least 2");
    }
  }
  return {};
}

// Composes and starts stage `stage` (1-based) of `c` with `players` (user ids in entry
// order): sections of the stage's size as equal as possible and never of one player
// (competition::compose_stage), seats by rating, compatriots spread when the championship
// asks; each section's event takes exactly its players. kConflict for fewer than 2 players.
Result<void> start_stage(const GameDeps& deps, pqxx::work& tx, const model::StoredChampionship& c,
                         int stage, const std::vector<std::int64_t>& players, Timestamp now) {
  const auto& s = c.settings;
  const auto& st = s.stages[static_cast<std::size_t>(stage - 1)];
  if (players.size() < 2) {
    return fail(ErrorCode::kConflict,
                "the " + st.name + " cannot start with " +
                    text::counted(static_cast<long long>(players.size()), "player", "players") +
                    ": a stage needs at least 2");
  }
  const auto ratings = whole_ratings(tx, model::rating_pool_of(s.terms.variant), players);
  std::vector<competition::Entrant> entrants;
  for (std::size_t i = 0; i < players.size(); ++i) {
    competition::Entrant e{static_cast<std::int64_t>(i), players[i], now, std::nullopt, ""};
    if (auto it = ratings.find(players[i]); it != ratings.end()) e.rating = it->second;
    if (s.country_spread) e.country = db::profile_settings(tx, players[i]).country.value_or("");
    entrants.push_back(std::move(e));
  }
  TRY_LET(sections, competition::compose_stage(entrants, st.section_size));
  int number = 0;
  for (const auto& section : *sections) {
    ++number;
    auto e =
        section_event(s.terms, s.name + " - " + st.name + " - section " + std::to_string(number),
                      static_cast<int>(section.size()), now);
    e.initial_fen = s.initial_fen;  // thematic
    std::vector<std::int64_t> seated;
    for (auto k : section) seated.push_back(players[k]);
    TRY_LET(event_id, create_started_section(deps, tx, e, s.terms.rated, seated, now));
    db::insert_stage_section(tx, c.id, stage, number, *event_id);
  }
  db::set_stage_status(tx, c.id, stage, "running", now);
  return {};
}

// The qualifiers of a finished stage, computed from its sections' crosstables, stored and
// told; their user ids in rank order.
Result<std::vector<std::int64_t>> close_stage(pqxx::work& tx, const model::StoredChampionship& c,
                                              int stage, Timestamp now) {
  const auto& st = c.settings.stages[static_cast<std::size_t>(stage - 1)];
  std::vector<game::Crosstable> tables;
  std::vector<std::vector<model::EventPlayer>> seats;
  for (const auto& section : db::stage_sections(tx, c.id)) {
    if (section.stage != stage) continue;
    auto players = db::event_players(tx, section.event_id);
    TRY_LET(table, section_crosstable(players, db::event_games(tx, section.event_id)));
    tables.push_back(std::move(*table));
    seats.push_back(std::move(players));
  }
  db::set_stage_status(tx, c.id, stage, "finished", now);
  std::vector<std::int64_t> out;
  if (stage == static_cast<int>(c.stages.size())) return out;
  int rank = 0;
  for (const auto& q : competition::qualifiers(tables, st.rule)) {
    const auto& row = tables[q.section].rows[q.row];
    const auto& players = seats[q.section];
    const auto player = std::ranges::find_if(players, [&](const model::EventPlayer& p) {
      return p.user.username == row.id && p.status != "replaced";
    });
    if (player == players.end()) continue;
    model::StageQualifier stored{stage,
                                 ++rank,
                                 player->user.id,
                                 player->user.username,
                                 static_cast<int>(q.section) + 1,
                                 q.place,
                                 q.score_halves,
                                 q.games,
                                 q.runner_up};
    db::insert_stage_qualifier(tx, c.id, stored);
    db::notify_qualified(tx, player->user.id,
                         {c.id, c.settings.name, stage, st.name, q.place, q.runner_up}, now);
    notify::CompetitionNews news;
    news.what = notify::CompetitionNews::What::kQualified;
    news.series = c.settings.name;
    news.stage = st.name;
    news.place = q.place;
    news.runner_up = q.runner_up;
    queue_competition_mail(tx, player->user.id, news, "/championships/" + std::to_string(c.id),
                           now);
    out.push_back(player->user.id);
  }
  return out;
}

// The qualifiers of stage `stage`, in rank order.
std::vector<std::int64_t> qualified_from(pqxx::work& tx, std::int64_t id, int stage) {
  std::vector<std::int64_t> out;
  for (const auto& q : db::stage_qualifiers(tx, id)) {
    if (q.stage == stage) out.push_back(q.user_id);
  }
  return out;
}

// The first pending stage, if any.
std::optional<int> pending_stage(const model::StoredChampionship& c) {
  for (const auto& st : c.stages) {
    if (st.status == "pending") return st.number;
  }
  return std::nullopt;
}

// Closes the stages of championship `id` whose games are all over (qualifiers stored and
// told); closing the last stage finishes the championship.
Result<ChampionshipRun> finish_stages(const GameDeps& deps, pqxx::work& tx, std::int64_t id) {
  ChampionshipRun run;
  TRY_LET(c, db::load_championship(tx, id, true));
  if (c->status != "running") return run;
  const auto now = deps.clock.now(tx);
  for (const auto& st : c->stages) {
    if (st.status != "running" || !db::stage_over(tx, id, st.number)) continue;
    TRY(close_stage(tx, *c, st.number, now));
    ++run.stages_finished;
    if (st.number == static_cast<int>(c->stages.size())) {
      db::finish_championship(tx, id, now);
      ++run.championships_finished;
      return run;
    }
  }
  return run;
}

// Starts the next stage of championship `id` from the qualifiers of the one before, when the
// championship advances by itself and no stage is running.
Result<ChampionshipRun> start_pending_stage(const GameDeps& deps, pqxx::work& tx, std::int64_t id) {
  ChampionshipRun run;
  TRY_LET(c, db::load_championship(tx, id, true));
  if (c->status != "running" || !c->settings.auto_advance) return run;
  const bool running = std::ranges::any_of(
      c->stages, [](const model::StoredStage& st) { return st.status == "running"; });
  const auto next = pending_stage(*c);
  if (running || !next) return run;
  TRY(start_stage(deps, tx, *c, *next, qualified_from(tx, id, *next - 1), deps.clock.now(tx)));
  ++run.stages_started;
  return run;
}

// Runs one item of the starter on championship `id` (of `items`' kind) in a transaction of its
// own and adds what it did to `total`; a failure is rolled back, logged as `what`, counted and
// waits out its retry delay (app/competition_items.h).
template <class Step>
void run_championship_item(GameDeps& deps, StarterItems& items, std::int64_t id,
                           const std::string& what, Step step, ChampionshipRun& total) {
  if (items.deferred(id)) return;
  const auto run = items.run(deps, id, "championship " + std::to_string(id) + ": " + what,
                             [&](pqxx::work& tx) { return step(deps, tx, id); });
  if (!run) {
    ++total.failed;
    return;
  }
  total.stages_finished += run->stages_finished;
  total.stages_started += run->stages_started;
  total.championships_finished += run->championships_finished;
}

}  // namespace

Result<std::int64_t> create_championship(GameDeps& deps, const model::User& director,
                                         ChampionshipCreation request) {
  TRY(require_director(director));
  auto& s = request.settings;
  TRY(check_stages(s, static_cast<int>(request.players.size())));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
    const auto now = deps.clock.now(tx);
    // The games must be possible: time control numbers, the thematic position (legal, not
    // over, not dead).
    auto probe = section_event(s.terms, s.name, 2, now);
    TRY(check_section_games(deps, probe, s.opening, now));
    s.initial_fen = probe.initial_fen;
    TRY_LET(users, resolve_players(tx, request.players));
    std::vector<std::int64_t> players;
    std::vector<std::string> names;
    for (const auto& u : *users) {
      players.push_back(u.id);
      names.push_back(u.username);
    }
    TRY_LET(id, db::insert_championship(tx, s, director.id, now));
    TRY_LET(c, db::load_championship(tx, *id, true));
    TRY(start_stage(deps, tx, *c, 1, players, now));
    db::write_audit(
        tx, {now, director.id, "championship_created", std::nullopt, std::nullopt, std::nullopt, "",
             model::Fields{{"championship_id", *id}, {"name", s.name}, {"players", names}}});
    return *id;
  });
}

Result<ChampionshipView> read_championship(GameDeps& deps, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<ChampionshipView> {
    TRY_LET(c, db::load_championship(tx, id, false));
    ChampionshipView v{std::move(*c), db::stage_sections(tx, id), db::stage_qualifiers(tx, id),
                       std::nullopt};
    const int last = static_cast<int>(v.championship.stages.size());
    std::vector<model::StageSection> final_sections;
    for (const auto& s : v.sections) {
      if (s.stage == last) final_sections.push_back(s);
    }
    if (v.championship.status == "finished" && final_sections.size() == 1) {
      const auto event_id = final_sections[0].event_id;
      TRY_LET(table,
              section_crosstable(db::event_players(tx, event_id), db::event_games(tx, event_id)));
      if (!table->rows.empty() && table->rows[0].place == 1 && table->rows[0].place_last == 1) {
        v.champion = table->rows[0].id;
      }
    }
    return v;
  });
}

Result<std::vector<model::StoredChampionship>> list_championships(GameDeps& deps) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) {
    return Result<std::vector<model::StoredChampionship>>(db::list_championships(tx));
  });
}

Result<void> start_next_stage(GameDeps& deps, const model::User& director, std::int64_t id) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(c, db::load_championship(tx, id, true));
    const auto now = deps.clock.now(tx);
    for (const auto& st : c->stages) {
      if (st.status == "running" && !db::stage_over(tx, id, st.number)) {
        return fail(ErrorCode::kConflict, "the " + st.settings.name + " is still in play");
      }
    }
    const auto next = pending_stage(*c);
    if (!next) return fail(ErrorCode::kConflict, "the championship has no stage left to start");
    for (const auto& st : c->stages) {
      if (st.status == "running") TRY(close_stage(tx, *c, st.number, now));
    }
    TRY(start_stage(deps, tx, *c, *next, qualified_from(tx, id, *next - 1), now));
    db::write_audit(
        tx, {now, director.id, "stage_started", std::nullopt, std::nullopt, std::nullopt, "",
             model::Fields{{"championship_id", id}, {"stage", std::int64_t{*next}}}});
    return {};
  });
}

Result<ChampionshipRun> run_championships(GameDeps& deps, StarterRun mode) {
  ChampionshipRun total;
  TRY_LET(closes, StarterItems::read(deps, "stage_close", mode));
  TRY_LET(finished, db::in_transaction(deps.pool, [&](pqxx::work& tx) {
            return Result<std::vector<std::int64_t>>(db::championships_with_finished_stage(tx));
          }));
  for (const auto id : *finished) {
    run_championship_item(deps, *closes, id, "closing its finished stage", finish_stages, total);
  }
  TRY_LET(starts, StarterItems::read(deps, "stage_start", mode));
  TRY_LET(waiting, db::in_transaction(deps.pool, [&](pqxx::work& tx) {
            return Result<std::vector<std::int64_t>>(db::championships_to_advance(tx));
          }));
  for (const auto id : *waiting) {
    run_championship_item(deps, *starts, id, "starting its next stage", start_pending_stage, total);
  }
  return total;
}

}  // namespace corrchess::app
