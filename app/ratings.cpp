#include "app/ratings.h"

#include <algorithm>
#include <cmath>

#include "app/entry_rules.h"
#include "app/game_store.h"
#include "app/game_view.h"
#include "app/roles.h"
#include "core/game/facts.h"
#include "db/events.h"
#include "db/game_schedule.h"
#include "db/ratings.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"
#include "model/codec.h"

namespace corrchess::app {

namespace {

model::RatedGameRule rule_for(const RatingDeps& deps, const std::string& pool) {
  return {pool, deps.settings.rate_default_wins};
}

// The settings a list was computed with, stored with it.
model::Fields settings_fields(const RatingSettings& s) {
  return {{"tau", s.glicko.tau},
          {"period", std::string(rating::to_string(s.period))},
          {"provisional_games", std::int64_t{s.glicko.provisional_games}},
          {"provisional_deviation", s.glicko.provisional_deviation},
          {"rate_default_wins", s.rate_default_wins}};
}

// Ranks a list's entries by rating (ties: the lower user id first).
void rank_entries(std::vector<model::RatingEntry>& entries) {
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    return a.rating != b.rating ? a.rating > b.rating : a.user_id < b.user_id;
  });
  for (std::size_t i = 0; i < entries.size(); ++i) entries[i].rank = static_cast<int>(i) + 1;
}

// The entries after a period: the players of `before` and of `games` rated by Glicko-2,
// ranked by rating (ties: the lower user id first).
std::vector<model::RatingEntry> compute_entries(const std::vector<model::RatingEntry>& before,
                                                const std::vector<model::ListedGame>& games,
                                                const rating::Glicko2Settings& settings) {
  std::vector<rating::PlayerRating> players;
  for (const auto& e : before) {
    players.push_back({e.user_id, {e.rating, e.deviation, e.volatility}, e.total_games});
  }
  std::vector<rating::RatedGame> rated;
  for (const auto& g : games) rated.push_back({g.white_id, g.black_id, g.white_score});
  std::vector<model::RatingEntry> out;
  for (const auto& r : rating::rate_period(players, rated, settings)) {
    model::RatingEntry e;
    e.user_id = r.player;
    e.rating = r.rating.rating;
    e.deviation = r.rating.deviation;
    e.volatility = r.rating.volatility;
    e.games_in_period = r.games_in_period;
    e.total_games = r.total_games;
    e.provisional = r.provisional;
    out.push_back(e);
  }
  rank_entries(out);
  return out;
}

// The pool's next period to publish (after its latest list, or holding its earliest rated
// game outside every list); nullopt when there is nothing to rate yet.
std::optional<rating::Period> next_period(pqxx::work& tx, const RatingDeps& deps,
                                          const std::string& pool) {
  const auto kind = deps.settings.period;
  if (auto last = db::latest_rating_list(tx, pool)) {
    // Starts where the last list ended even if the period setting changed since.
    return rating::Period{last->end_day, rating::period_containing(last->end_day, kind).end};
  }
  const auto earliest = db::earliest_unlisted_game(tx, rule_for(deps, pool));
  if (!earliest) return std::nullopt;
  return rating::period_containing(deps.zone.local_date(*earliest), kind);
}

// Publishes the pool's next period when it has ended; whether a list was published.
Result<bool> publish_next(RatingDeps& deps, const std::string& pool) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<bool> {
    db::lock_rating_pool(tx, pool);
    const auto now = deps.clock.now(tx);
    auto period = next_period(tx, deps, pool);
    if (period && deps.zone.start_of_day(period->end) <= now) {
      // A game belongs to the period in which it finished, whether or not the sweep has
      // stored its flag fall yet: before a period is rated, the decisions already due are
      // stored, as the sweep would store them. (With no period yet nothing is published; a
      // first game the sweep stores later still falls in the period of its deadline, since
      // its flag-fall fact is stamped at that instant.)
      const GameDeps games{deps.pool, deps.clock, deps.zone, deps.oracles};
      TRY(settle_due_games(games, tx, model::GameScope{}));
      period = next_period(tx, deps, pool);
    }
    if (!period) return false;
    model::RatingList list;
    list.pool = pool;
    list.period = rating::period_key(*period, deps.settings.period);
    list.period_kind = rating::to_string(deps.settings.period);
    list.first_day = period->first;
    list.end_day = period->end;
    list.starts_at = deps.zone.start_of_day(period->first);
    list.ends_at = deps.zone.start_of_day(period->end);
    if (list.ends_at > now) return false;
    list.version = 1;
    list.published_at = now;
    list.settings = model::fields_json(settings_fields(deps.settings));
    const auto last = db::latest_rating_list(tx, pool);
    const auto before = last ? db::rating_entries(tx, last->id) : std::vector<model::RatingEntry>{};
    const auto games = db::unlisted_rated_games(tx, rule_for(deps, pool), list.ends_at);
    const auto entries = compute_entries(before, games, deps.settings.glicko);
    TRY_LET(id, db::insert_rating_list(tx, list, std::nullopt, entries, games));
    return true;
  });
}

Result<void> check_pool(const std::string& pool) {
  const auto& pools = rating_pools();
  if (std::find(pools.begin(), pools.end(), pool) == pools.end()) {
    return fail(ErrorCode::kValidationError, "the rating pool is standard or chess960");
  }
  return {};
}

Result<void> check_period(const std::string& period) {
  if (!rating::looks_like_period_key(period)) {
    return fail(ErrorCode::kValidationError,
                "a rating period is written 2026-11 (month), 2026-W48 (week) or 2026-11-25 (day)");
  }
  return {};
}

}  // namespace

const std::vector<std::string>& rating_pools() {
  static const std::vector<std::string> pools{"standard", "chess960"};
  return pools;
}

Result<int> publish_due_rating_lists(RatingDeps& deps) {
  int published = 0;
  for (const auto& pool : rating_pools()) {
    while (true) {
      TRY_LET(done, publish_next(deps, pool));
      if (!*done) break;
      ++published;
    }
  }
  return published;
}

Result<std::optional<game::Timestamp>> next_rating_publication(RatingDeps& deps) {
  return db::in_transaction(deps.pool,
                            [&](pqxx::work& tx) -> Result<std::optional<game::Timestamp>> {
                              std::optional<game::Timestamp> soonest;
                              for (const auto& pool : rating_pools()) {
                                const auto period = next_period(tx, deps, pool);
                                if (!period) continue;
                                const auto due = deps.zone.start_of_day(period->end);
                                if (!soonest || due < *soonest) soonest = due;
                              }
                              return soonest;
                            });
}

Result<std::vector<model::RatingList>> rating_lists(RatingDeps& deps,
                                                    const std::optional<std::string>& pool) {
  if (pool) {
    TRY(check_pool(*pool));
  }
  return db::in_transaction(deps.replica != nullptr ? *deps.replica : deps.pool,
                            [&](pqxx::work& tx) -> Result<std::vector<model::RatingList>> {
                              return db::all_rating_lists(tx, pool);
                            });
}

Result<RatingListView> rating_list(RatingDeps& deps, const std::string& pool,
                                   const std::string& period, std::optional<int> version,
                                   const RatingEntryPage& page) {
  TRY(check_pool(pool));
  TRY(check_period(period));
  if (page.limit && (*page.limit < 1 || *page.limit > kMaxRatingEntriesPerPage)) {
    return fail(ErrorCode::kValidationError,
                "limit must be 1.." + std::to_string(kMaxRatingEntriesPerPage));
  }
  if (page.after_rank < 0) return fail(ErrorCode::kValidationError, "cursor must be a rank");
  return db::in_transaction(
      deps.replica != nullptr ? *deps.replica : deps.pool,
      [&](pqxx::work& tx) -> Result<RatingListView> {
        TRY_LET(list, db::find_rating_list(tx, pool, period, version));
        RatingListView view{*list, {}, 0, std::nullopt};
        // One entry more than the page tells whether another page follows.
        const auto more = page.limit ? std::optional<int>(*page.limit + 1) : std::nullopt;
        view.entries = db::rating_entries(tx, list->id, page.after_rank, more);
        if (page.limit && static_cast<int>(view.entries.size()) > *page.limit) {
          view.entries.pop_back();
          view.next_after = view.entries.back().rank;
        }
        view.total = page.after_rank == 0 && !page.limit ? static_cast<int>(view.entries.size())
                                                         : db::rating_entry_count(tx, list->id);
        return view;
      });
}

Result<RatingHistory> rating_history(RatingDeps& deps, const std::string& username) {
  return db::in_transaction(
      deps.replica != nullptr ? *deps.replica : deps.pool,
      [&](pqxx::work& tx) -> Result<RatingHistory> {
        auto user = db::find_user(tx, username);
        if (!user) return fail(ErrorCode::kNotFound, "no user '" + username + "'");
        return RatingHistory{user->username, db::rating_history(tx, user->id)};
      });
}

Result<std::vector<model::RatingList>> recompute_rating_period(RatingDeps& deps,
                                                               const model::User& director,
                                                               const std::string& pool,
                                                               const std::string& period,
                                                               const std::string& reason) {
  if (!is_director(director)) {
    return fail(ErrorCode::kForbidden, "only a tournament director recomputes ratings");
  }
  TRY(check_pool(pool));
  TRY(check_period(period));
  return db::in_transaction(
      deps.pool, [&](pqxx::work& tx) -> Result<std::vector<model::RatingList>> {
        db::lock_rating_pool(tx, pool);
        TRY_LET(target, db::find_rating_list(tx, pool, period, std::nullopt));
        const auto now = deps.clock.now(tx);
        const auto previous = db::rating_list_before(tx, pool, target->first_day);
        auto before =
            previous ? db::rating_entries(tx, previous->id) : std::vector<model::RatingEntry>{};
        std::vector<model::RatingList> out;
        for (auto list : db::rating_lists_from(tx, pool, target->first_day)) {
          const auto games = db::relisted_games(tx, list.id, rule_for(deps, pool));
          auto entries = compute_entries(before, games, deps.settings.glicko);
          const int superseded = list.version;
          list.version = list.latest_version + 1;
          list.latest_version = list.version;
          list.published_at = now;
          list.published_by = director.username;
          list.reason = reason;
          list.settings = model::fields_json(settings_fields(deps.settings));
          TRY_LET(id, db::insert_rating_list(tx, list, director.id, entries, games));
          list.id = *id;
          db::write_audit(tx, model::AuditEntry{now,
                                                director.id,
                                                "rating_list_recomputed",
                                                std::nullopt,
                                                std::nullopt,
                                                std::nullopt,
                                                reason,
                                                {{"pool", pool},
                                                 {"period", list.period},
                                                 {"version", list.version},
                                                 {"supersedes_version", superseded},
                                                 {"games", static_cast<std::int64_t>(games.size())},
                                                 {"requested_period", period}}});
          out.push_back(std::move(list));
          before = std::move(entries);
        }
        return out;
      });
}

namespace {

Result<void> check_imported(const std::vector<ImportedRating>& ratings, const std::string& reason) {
  if (reason.empty() || game::utf8_characters(reason) > 500) {
    return fail(ErrorCode::kValidationError, "reason: 1 to 500 characters");
  }
  if (ratings.empty() || ratings.size() > 5000) {
    return fail(ErrorCode::kValidationError, "ratings: 1 to 5000 players");
  }
  for (const auto& r : ratings) {
    const auto who = " ('" + r.username + "')";
    if (!(r.rating >= 0 && r.rating <= 4000)) {
      return fail(ErrorCode::kValidationError, "rating: 0 to 4000" + who);
    }
    if (r.deviation && !(*r.deviation >= 1 && *r.deviation <= 350)) {
      return fail(ErrorCode::kValidationError, "deviation: 1 to 350" + who);
    }
    if (r.games && (*r.games < 0 || *r.games > 100000)) {
      return fail(ErrorCode::kValidationError, "games: 0 to 100000" + who);
    }
  }
  return {};
}

}  // namespace

Result<model::RatingList> import_ratings(RatingDeps& deps, const model::User& director,
                                         const std::string& pool,
                                         const std::vector<ImportedRating>& ratings,
                                         const std::string& reason) {
  if (!is_director(director)) {
    return fail(ErrorCode::kForbidden, "only a tournament director imports ratings");
  }
  TRY(check_pool(pool));
  TRY(check_imported(ratings, reason));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<model::RatingList> {
    db::lock_rating_pool(tx, pool);
    std::vector<std::string> names;
    for (const auto& r : ratings) names.push_back(r.username);
    TRY_LET(users, resolve_players(tx, names));
    const auto now = deps.clock.now(tx);
    const auto& glicko = deps.settings.glicko;
    model::RatingList list;
    std::vector<model::RatingEntry> entries;
    std::vector<model::ListedGame> games;
    if (auto latest = db::latest_rating_list(tx, pool)) {
      list = *latest;
      list.version = latest->latest_version + 1;
      entries = db::rating_entries(tx, latest->id);
      games = db::relisted_games(tx, latest->id, rule_for(deps, pool));
    } else {
      const auto period =
          rating::period_containing(deps.zone.local_date(now), deps.settings.period);
      list.pool = pool;
      list.period = rating::period_key(period, deps.settings.period);
      list.period_kind = rating::to_string(deps.settings.period);
      list.first_day = period.first;
      list.end_day = period.end;
      list.starts_at = deps.zone.start_of_day(period.first);
      list.ends_at = deps.zone.start_of_day(period.end);
      list.version = 1;
    }
    for (std::size_t i = 0; i < users->size(); ++i) {
      const auto& user = (*users)[i];
      const auto& r = ratings[i];
      auto it = std::ranges::find(entries, user.id, &model::RatingEntry::user_id);
      if (it == entries.end()) {
        entries.push_back({});
        it = std::prev(entries.end());
        it->user_id = user.id;
        it->volatility = glicko.initial_volatility;
      }
      it->rating = r.rating;
      it->deviation = r.deviation.value_or(50.0);
      it->total_games = std::max(it->total_games, r.games.value_or(glicko.provisional_games));
      it->games_in_period = std::min(it->games_in_period, it->total_games);
      it->provisional = rating::is_provisional(it->deviation, it->total_games, glicko);
    }
    rank_entries(entries);
    list.latest_version = list.version;
    list.published_at = now;
    list.published_by = director.username;
    list.reason = reason;
    auto settings = settings_fields(deps.settings);
    settings.push_back({"imported", static_cast<std::int64_t>(ratings.size())});
    list.settings = model::fields_json(settings);
    TRY_LET(id, db::insert_rating_list(tx, list, director.id, entries, games));
    list.id = *id;
    db::write_audit(tx,
                    model::AuditEntry{now,
                                      director.id,
                                      "ratings_imported",
                                      std::nullopt,
                                      std::nullopt,
                                      std::nullopt,
                                      reason,
                                      {{"pool", pool},
                                       {"period", list.period},
                                       {"version", list.version},
                                       {"players", static_cast<std::int64_t>(ratings.size())}}});
    return list;
  });
}

Result<std::map<std::int64_t, model::RatingEntry>> current_ratings(
    Database& pool, const std::string& rating_pool, const std::vector<std::int64_t>& user_ids) {
  return db::in_transaction(
      pool, [&](pqxx::work& tx) -> Result<std::map<std::int64_t, model::RatingEntry>> {
        return db::current_ratings(tx, rating_pool, user_ids);
      });
}

Result<RatingPreview> rating_preview(RatingDeps& deps, std::int64_t game_id, game::Variant variant,
                                     std::int64_t white_id, std::int64_t black_id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<RatingPreview> {
    RatingPreview out;
    out.pool = model::rating_pool_of(variant);
    out.rated = db::game_is_rated(tx, game_id);
    const auto current = db::current_ratings(tx, out.pool, {white_id, black_id});
    const auto& g = deps.settings.glicko;
    for (auto [side, id] : {std::pair{&out.white, white_id}, std::pair{&out.black, black_id}}) {
      side->rating = {g.initial_rating, g.initial_deviation, g.initial_volatility};
      if (auto it = current.find(id); it != current.end()) {
        side->current = it->second;
        side->rating = {it->second.rating, it->second.deviation, it->second.volatility};
      }
    }
    for (auto [side, opponent] :
         {std::pair{&out.white, &out.black}, std::pair{&out.black, &out.white}}) {
      side->expected_score = rating::expected_score(side->rating, opponent->rating);
      side->after_win = rating::rate(side->rating, {{opponent->rating, 1}}, g).rating;
      side->after_draw = rating::rate(side->rating, {{opponent->rating, 0.5}}, g).rating;
      side->after_loss = rating::rate(side->rating, {{opponent->rating, 0}}, g).rating;
    }
    return out;
  });
}

}  // namespace corrchess::app
