#include "app/titles.h"

#include <algorithm>
#include <map>
#include <set>

#include "app/competition_items.h"
#include "app/event_crosstable.h"
#include "app/events.h"
#include "app/roles.h"
#include "core/competition/norms.h"
#include "db/events.h"
#include "db/norms.h"
#include "db/ratings.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

// Sections whose norms one run of the starter checks at most.
constexpr int kNormChecksPerRun = 20;

// The norms of a section that is over, one record per title reached, by user.
Result<std::vector<model::NormRecord>> section_norm_records(
    const std::vector<model::EventPlayer>& players, const std::vector<model::EventGame>& games,
    const competition::NormRules& rules) {
  TRY_LET(norms, section_norms(players, games, rules));
  TRY_LET(table, section_crosstable(players, games));
  std::map<std::string, std::int64_t> ids;
  for (const auto& p : players) ids[p.user.username] = p.user.id;
  std::map<int, std::int64_t> user_of_seed;
  for (const auto& row : table->rows) user_of_seed[row.seed] = ids[row.id];
  std::vector<model::NormRecord> out;
  for (const auto& line : norms->lines) {
    if (!line.performance) continue;
    for (const auto title : line.norms) {
      model::NormRecord n;
      n.user_id = user_of_seed[line.seed];
      n.title = std::string(competition::to_string(title));
      n.games = line.games;
      n.performance = *line.performance;
      n.category = line.category;
      out.push_back(std::move(n));
    }
  }
  return out;
}

// The titles `user_id`'s stored norms earn that they do not hold yet, awarded and audited.
Result<int> award_titles(pqxx::work& tx, std::int64_t user_id, const competition::NormRules& rules,
                         game::Timestamp now) {
  std::vector<competition::HeldNorm> held;
  for (const auto& n : db::norms_of(tx, user_id)) {
    TRY_LET(title, competition::parse_title(n.title));
    held.push_back({*title, n.games, std::to_string(n.event_id)});
  }
  int awarded = 0;
  const bool ladies = db::ladies_titles(tx, user_id);
  for (const auto title : competition::titles_earned(held, rules, ladies)) {
    const auto name = std::string(competition::to_string(title));
    if (!db::award_title(tx, user_id, name, now)) continue;
    ++awarded;
    std::vector<std::string> sections;
    for (const auto& n : held) {
      if (n.title == title) sections.push_back(n.section);
    }
    db::write_audit(
        tx, model::AuditEntry{now, std::nullopt, "title_awarded", std::nullopt, std::nullopt,
                              user_id, "", model::Fields{{"title", name}, {"sections", sections}}});
  }
  return awarded;
}

// The norms check of section `event_id`, in `tx`.
Result<NormRun> check_section(GameDeps& deps, pqxx::work& tx, std::int64_t event_id) {
  const competition::NormRules& rules = deps.norm_rules;
  NormRun run;
  TRY_LET(event, db::load_event(tx, event_id, true));
  const auto upto = db::newest_norm_check(tx, event_id);
  if (!upto) return run;  // another run checked it
  run.sections_checked = 1;
  const auto players = db::event_players(tx, event_id);
  const auto games = db::event_games(tx, event_id);
  if (db::event_rating_terms(tx, event_id).rated && event_status(*event, games) == "finished") {
    TRY_LET(records, section_norm_records(players, games, rules));
    const auto now = deps.clock.now(tx);
    db::replace_norms(tx, event_id, *records, now);
    run.norms_recorded = static_cast<int>(records->size());
    std::set<std::int64_t> users;
    for (const auto& r : *records) users.insert(r.user_id);
    for (const auto user : users) {
      TRY_LET(awarded, award_titles(tx, user, rules, now));
      run.titles_awarded += *awarded;
    }
  }
  db::forget_norm_checks(tx, event_id, *upto);
  return run;
}

}  // namespace

Result<NormRun> run_norms(GameDeps& deps, StarterRun mode) {
  TRY_LET(items, StarterItems::read(deps, "norms", mode));
  TRY_LET(sections,
          db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::vector<std::int64_t>> {
            return db::sections_to_check(tx, kNormChecksPerRun, "norms", items->ready_at());
          }));
  NormRun total;
  for (const auto id : *sections) {
    const auto run =
        items->run(deps, id, "event " + std::to_string(id) + ": the check of its norms",
                   [&](pqxx::work& tx) { return check_section(deps, tx, id); });
    if (!run) {
      ++total.failed;
      continue;
    }
    total.sections_checked += run->sections_checked;
    total.norms_recorded += run->norms_recorded;
    total.titles_awarded += run->titles_awarded;
  }
  return total;
}

Result<bool> set_ladies_titles(GameDeps& deps, const model::User& director,
                               const std::string& username, bool eligible,
                               const std::string& reason) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<bool> {
    const auto user = db::find_user(tx, username);
    if (!user) return fail(ErrorCode::kNotFound, "no user '" + username + "'");
    const bool before = db::ladies_titles(tx, user->id);
    db::set_ladies_titles(tx, user->id, eligible);
    db::write_audit(
        tx, {deps.clock.now(tx), director.id, "ladies_titles_changed", std::nullopt, std::nullopt,
             user->id, reason, model::Fields{{"ladies_titles", eligible}, {"before", before}}});
    return eligible;
  });
}

Result<PlayerTitles> player_titles(GameDeps& deps, const std::vector<std::int64_t>& user_ids) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<PlayerTitles> {
    PlayerTitles best;
    std::map<std::int64_t, std::size_t> rank;  // index in kTitles of the best so far
    for (const auto& [user, name] : db::titles_of_users(tx, user_ids)) {
      const auto title = competition::parse_title(name);
      if (!title) continue;  // a title this server no longer knows
      const auto at = static_cast<std::size_t>(std::ranges::find(competition::kTitles, *title) -
                                               competition::kTitles.begin());
      if (const auto it = rank.find(user); it != rank.end() && it->second <= at) continue;
      rank[user] = at;
      best[user] = name;
    }
    return best;
  });
}

}  // namespace corrchess::app
