#include "app/series.h"

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
#include "core/text.h"
#include "db/event_messages.h"
#include "db/events.h"
#include "db/series.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

using game::Timestamp;

// Sections closed per run (the rest wait for the next run).
constexpr int kCloseBatch = 20;

std::string admission_name(competition::Admission a) {
  switch (a) {
    case competition::Admission::kByRating: return "rating";
    case competition::Admission::kUnrated: return "unrated";
    case competition::Admission::kByCredit: return "credit";
  }
  return "rating";
}

// The player's current rating in the series' pool, rounded (none: not rated yet).
std::optional<int> rating_of(pqxx::work& tx, const model::SeriesSettings& s, std::int64_t user_id) {
  const auto ratings = whole_ratings(tx, model::rating_pool_of(s.terms.variant), {user_id});
  const auto it = ratings.find(user_id);
  if (it == ratings.end()) return std::nullopt;
  return it->second;
}

// Tells `users` of a change of their series entries or sections: a live message (and the
// webhooks), and a mail to those who want `competition` mails.
void tell_series_players(pqxx::work& tx, const std::vector<std::int64_t>& users,
                         const model::SeriesMessage& m, Timestamp now) {
  db::notify_series(tx, users, m, now);
  using What = notify::CompetitionNews::What;
  notify::CompetitionNews news;
  news.what = m.type == "series_section_started" ? What::kSectionStarted
              : m.type == "series_entry_expired" ? What::kEntryExpired
              : m.type == "series_entry_removed" ? What::kEntryRemoved
                                                 : What::kPromotionCredit;
  news.series = m.series_name;
  news.section = m.section.value_or(0);
  news.place = m.place.value_or(0);
  news.expires_at = m.expires_at.value_or(now);
  news.reason = m.reason.value_or("");
  const auto link = m.event_id ? "/events/" + std::to_string(*m.event_id)
                               : "/series/" + std::to_string(m.series_id);
  for (const auto user : users) queue_competition_mail(tx, user, news, link, now);
}

Result<void> check_settings(GameDeps& deps, pqxx::work& tx, model::SeriesSettings& s,
                            Timestamp now) {
  TRY(competition::validate(s.sections));
  TRY(competition::validate(s.promotion));
  if (s.gate.min_rating && s.gate.max_rating && *s.gate.min_rating > *s.gate.max_rating) {
    return fail(ErrorCode::kValidationError, "min_rating must not be above max_rating");
  }
  if (s.gate.credit_from_series && !db::load_series(tx, *s.gate.credit_from_series, false)) {
    return fail(ErrorCode::kValidationError,
                "credit_from_series: no series " + std::to_string(*s.gate.credit_from_series));
  }
  // The games of a section must be possible: time control numbers, the thematic position
  // (legal, not over, not dead).
  model::EventSettings event = section_event(s.terms, s.name, s.sections.section_size, now);
  TRY(check_section_games(deps, event, s.opening, now));
  s.initial_fen = event.initial_fen;
  return {};
}

// Creates and starts one section of `series` with `players` (entries in seat order).
Result<void> start_series_section(const GameDeps& deps, pqxx::work& tx,
                                  const model::StoredSeries& series,
                                  const std::vector<const model::SeriesEntry*>& players,
                                  Timestamp now) {
  const int number = db::next_section_number(tx, series.id);
  auto settings = section_event(series.settings.terms,
                                series.settings.name + " - section " + std::to_string(number),
                                static_cast<int>(players.size()), now);
  settings.initial_fen = series.settings.initial_fen;  // thematic
  std::vector<std::int64_t> users;
  for (const auto* entry : players) users.push_back(entry->user_id);
  TRY_LET(event_id,
          create_started_section(deps, tx, settings, series.settings.terms.rated, users, now));
  db::insert_section(tx, series.id, number, *event_id, now);
  for (const auto* entry : players) {
    if (!db::close_entry(tx, entry->id, {"started", *event_id, std::nullopt, std::nullopt}, now)) {
      return fail(ErrorCode::kConflict, "entry " + std::to_string(entry->id) + " stopped waiting");
    }
  }
  tell_series_players(tx, users,
                      {"series_section_started", series.id, series.settings.name, std::nullopt,
                       *event_id, number, std::nullopt, std::nullopt, std::nullopt},
                      now);
  return {};
}

Result<SeriesRun> take_series_turn(const GameDeps& deps, pqxx::work& tx, std::int64_t id) {
  SeriesRun run;
  TRY_LET(series, db::load_series(tx, id, true));
  if (series->status != "open") return run;
  const auto& s = series->settings;
  const auto now = deps.clock.now(tx);
  const auto waiting = db::waiting_entries(tx, id);
  if (waiting.empty()) return run;
  std::vector<std::int64_t> ids;
  for (const auto& e : waiting) ids.push_back(e.user_id);
  const auto ratings = whole_ratings(tx, model::rating_pool_of(s.terms.variant), ids);
  std::vector<competition::Entrant> entrants;
  for (const auto& e : waiting) {
    competition::Entrant x{e.id, e.user_id, e.entered_at, std::nullopt, e.country};
    if (auto it = ratings.find(e.user_id); it != ratings.end()) x.rating = it->second;
    entrants.push_back(std::move(x));
  }

  // Turns until none starts a section: full sections (and a smaller one at the end).
  std::vector<std::size_t> remaining(entrants.size());
  for (std::size_t i = 0; i < remaining.size(); ++i) remaining[i] = i;
  std::vector<std::vector<std::size_t>> sections;  // indices into entrants
  std::vector<std::size_t> expired;
  while (true) {
    std::vector<competition::Entrant> left;
    for (auto i : remaining) left.push_back(entrants[i]);
    const auto turn = competition::take_turn(left, s.sections, now);
    if (turn.section.empty()) {
      for (auto k : turn.expired) expired.push_back(remaining[k]);
      break;
    }
    std::vector<std::size_t> section;
    for (auto k : turn.section) section.push_back(remaining[k]);
    std::vector<std::size_t> rest;
    for (std::size_t k = 0; k < remaining.size(); ++k) {
      if (std::ranges::find(turn.section, k) == turn.section.end()) rest.push_back(remaining[k]);
    }
    sections.push_back(std::move(section));
    remaining = std::move(rest);
  }

  // Seats: the compatriot spread over the full sections started together, else by rating.
  const auto full = static_cast<std::size_t>(std::ranges::count_if(sections, [&](const auto& x) {
    return static_cast<int>(x.size()) == s.sections.section_size;
  }));
  std::vector<std::vector<std::size_t>> seated;
  if (s.country_spread && full >= 2) {
    std::vector<std::size_t> pooled;
    std::vector<competition::Entrant> group;
    for (std::size_t k = 0; k < full; ++k) {
      for (auto i : sections[k]) {
        pooled.push_back(i);
        group.push_back(entrants[i]);
      }
    }
    TRY_LET(composed, competition::compose_sections(group, static_cast<int>(full)));
    for (const auto& c : *composed) {
      std::vector<std::size_t> out;
      for (auto k : c) out.push_back(pooled[k]);
      seated.push_back(std::move(out));
    }
    for (std::size_t k = full; k < sections.size(); ++k) seated.push_back(sections[k]);
  } else {
    seated = sections;
  }
  for (std::size_t k = 0; k < seated.size(); ++k) {
    auto& section = seated[k];
    if (!(s.country_spread && k < full && full >= 2)) {
      std::vector<competition::Entrant> group;
      for (auto i : section) group.push_back(entrants[i]);
      std::vector<std::size_t> ordered;
      for (auto j : competition::seat_order(group)) ordered.push_back(section[j]);
      section = std::move(ordered);
    }
    std::vector<const model::SeriesEntry*> players;
    for (auto i : section) players.push_back(&waiting[i]);
    TRY(start_series_section(deps, tx, *series, players, now));
    ++run.sections_started;
  }

  for (auto i : expired) {
    const auto& e = waiting[i];
    const auto days = s.sections.max_wait / game::kSecondsPerDay;
    const std::string reason = "no section started within the series' maximum wait (" +
                               text::counted(days, "day", "days") + ")";
    if (!db::close_entry(tx, e.id, {"expired", std::nullopt, reason, std::nullopt}, now)) continue;
    db::release_credit(tx, e.id);
    tell_series_players(tx, {e.user_id},
                        {"series_entry_expired", id, s.name, e.id, std::nullopt, std::nullopt,
                         std::nullopt, std::nullopt, reason},
                        now);
    ++run.entries_expired;
  }
  return run;
}

// Closes a finished section and hands out its promotion credits.
Result<int> close_finished_section(const GameDeps& deps, pqxx::work& tx,
                                   const model::SeriesSection& section) {
  TRY_LET(series, db::load_series(tx, section.series_id, true));
  const auto now = deps.clock.now(tx);
  if (!db::close_section(tx, section.series_id, section.number, now)) return 0;
  const auto& rule = series->settings.promotion;
  if (!rule.max_place && !rule.min_score_percent) return 0;
  const auto players = db::event_players(tx, section.event_id);
  const auto games = db::event_games(tx, section.event_id);
  TRY_LET(table, section_crosstable(players, games));
  int credits = 0;
  for (auto row : competition::promoted(*table, rule)) {
    const auto& r = table->rows[row];
    const auto player = std::ranges::find_if(players, [&](const model::EventPlayer& p) {
      return p.user.username == r.id && p.status != "replaced";
    });
    if (player == players.end()) continue;
    model::PromotionCredit c;
    c.user_id = player->user.id;
    c.series_id = series->id;
    c.event_id = section.event_id;
    c.place = r.place;
    c.score_halves = r.score_halves;
    c.games = r.games;
    c.earned_at = now;
    c.expires_at = now + game::days(series->settings.credit_valid_days);
    db::insert_credit(tx, c);
    tell_series_players(tx, {c.user_id},
                        {"promotion_credit", series->id, series->settings.name, std::nullopt,
                         section.event_id, section.number, r.place, c.expires_at, std::nullopt},
                        now);
    ++credits;
  }
  return credits;
}

}  // namespace

Result<std::int64_t> create_series(GameDeps& deps, const model::User& director,
                                   model::SeriesSettings settings) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
    const auto now = deps.clock.now(tx);
    auto s = settings;
    TRY(check_settings(deps, tx, s, now));
    TRY_LET(id, db::insert_series(tx, s, director.id, now));
    db::write_audit(
        tx, {now, director.id, "series_created", std::nullopt, std::nullopt, std::nullopt, "",
             model::Fields{{"series_id", *id},
                           {"name", s.name},
                           {"section_size", std::int64_t{s.sections.section_size}}}});
    return *id;
  });
}

Result<std::vector<SeriesSummary>> list_series(GameDeps& deps) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::vector<SeriesSummary>> {
    std::vector<SeriesSummary> out;
    auto counts = db::series_counts(tx);
    for (auto& s : db::list_series(tx)) {
      const auto& n = counts[s.id];
      out.push_back({std::move(s), n.waiting, n.sections});
    }
    return out;
  });
}

Result<SeriesView> read_series(GameDeps& deps, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<SeriesView> {
    TRY_LET(series, db::load_series(tx, id, false));
    return SeriesView{std::move(*series), db::waiting_entries(tx, id), db::series_sections(tx, id),
                      deps.clock.now(tx)};
  });
}

Result<model::SeriesEntry> join_series(GameDeps& deps, const model::User& user, std::int64_t id,
                                       std::optional<Timestamp>& barred_until) {
  TRY(settle_due_games(deps, {user.id, std::nullopt}));
  TRY_LET(entry, db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<model::SeriesEntry> {
            TRY_LET(series, db::load_series(tx, id, true));
            const auto& s = series->settings;
            if (db::waiting_entry_of(tx, id, user.id)) {
              return fail(ErrorCode::kConflict, "you are already on this series' waiting list");
            }
            if (db::plays_in_series(tx, id, user.id)) {
              return fail(
                  ErrorCode::kConflict,
                  "you play in a section of this series that is not over: enter again when it is");
            }
            const auto now = deps.clock.now(tx);
            TRY(check_entry_bar(tx, user, now, barred_until));
            if (s.min_finished_games > 0) {
              const auto finished = db::player_record(tx, user.id).finished;
              if (finished < s.min_finished_games) {
                return fail(
                    ErrorCode::kConflict,
                    "this series asks for " +
                        text::counted(s.min_finished_games, "finished game", "finished games") +
                        "; you have " + std::to_string(finished));
              }
            }
            std::optional<model::PromotionCredit> credit;
            if (s.gate.credit_from_series) {
              credit = db::usable_credit(tx, user.id, *s.gate.credit_from_series, now);
            }
            TRY_LET(admission,
                    competition::admit(s.gate, rating_of(tx, s, user.id), credit.has_value()));
            TRY_LET(entry, db::insert_entry(tx, id, user.id, admission_name(*admission), now));
            if (*admission == competition::Admission::kByCredit)
              db::use_credit(tx, credit->id, entry->id, now);
            return *entry;
          }));
  // The starter's turn: a full list starts its section now. A failure leaves the entry
  // waiting for the next run (the scheduler runs the starter too).
  if (auto run = run_series_turn(deps, id); !run) return *entry;
  return db::in_transaction(deps.pool,
                            [&](pqxx::work& tx) { return db::find_entry(tx, id, entry->id); });
}

Result<void> leave_series(GameDeps& deps, const model::User& user, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY(db::load_series(tx, id, true));
    const auto entry = db::waiting_entry_of(tx, id, user.id);
    if (!entry) return fail(ErrorCode::kConflict, "you are not on this series' waiting list");
    const auto now = deps.clock.now(tx);
    db::close_entry(tx, entry->id, {"left", std::nullopt, std::nullopt, std::nullopt}, now);
    db::release_credit(tx, entry->id);
    return {};
  });
}

Result<void> remove_series_entry(GameDeps& deps, const model::User& director, std::int64_t id,
                                 std::int64_t entry_id, const std::string& reason) {
  TRY(require_director(director));
  if (reason.find_first_not_of(" \t\r\n") == std::string::npos) {
    return fail(ErrorCode::kValidationError, "field 'reason' must not be empty");
  }
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(series, db::load_series(tx, id, true));
    TRY_LET(entry, db::find_entry(tx, id, entry_id));
    const auto now = deps.clock.now(tx);
    if (!db::close_entry(tx, entry_id, {"removed", std::nullopt, reason, director.id}, now)) {
      return fail(ErrorCode::kConflict,
                  "entry " + std::to_string(entry_id) + " is " + entry->status + ", not waiting");
    }
    db::release_credit(tx, entry_id);
    db::write_audit(
        tx, {now, director.id, "series_entry_removed", std::nullopt, std::nullopt, entry->user_id,
             reason, model::Fields{{"series_id", id}, {"entry_id", entry_id}}});
    tell_series_players(tx, {entry->user_id},
                        {"series_entry_removed", id, series->settings.name, entry_id, std::nullopt,
                         std::nullopt, std::nullopt, std::nullopt, reason},
                        now);
    return {};
  });
}

Result<void> set_series_open(GameDeps& deps, const model::User& director, std::int64_t id,
                             bool open, const std::string& reason) {
  TRY(require_director(director));
  TRY(db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(series, db::load_series(tx, id, true));
    const std::string status = open ? "open" : "paused";
    if (series->status == status) {
      return fail(ErrorCode::kConflict, "the series is " + status + " already");
    }
    db::set_series_status(tx, id, status);
    db::write_audit(
        tx, {deps.clock.now(tx), director.id, open ? "series_opened" : "series_paused",
             std::nullopt, std::nullopt, std::nullopt, reason, model::Fields{{"series_id", id}}});
    return {};
  }));
  if (open) {
    if (auto run = run_series_turn(deps, id); !run) return std::unexpected(run.error());
  }
  return {};
}

Result<SeriesRun> run_series_turn(GameDeps& deps, std::int64_t id) {
  return db::in_transaction(deps.pool,
                            [&](pqxx::work& tx) { return take_series_turn(deps, tx, id); });
}

Result<SeriesRun> run_series(GameDeps& deps, StarterRun mode) {
  SeriesRun total;
  TRY_LET(turns, StarterItems::read(deps, "series_turn", mode));
  TRY_LET(ids, db::in_transaction(deps.pool, [&](pqxx::work& tx) {
            return Result<std::vector<std::int64_t>>(db::series_with_waiting(tx));
          }));
  for (const auto id : *ids) {
    if (turns->deferred(id)) continue;
    const auto run = turns->run(deps, id, "series " + std::to_string(id) + ": its turn",
                                [&](pqxx::work& tx) { return take_series_turn(deps, tx, id); });
    if (!run) {
      ++total.failed;
      continue;
    }
    total.sections_started += run->sections_started;
    total.entries_expired += run->entries_expired;
  }
  TRY_LET(closes, StarterItems::read(deps, "series_section", mode));
  TRY_LET(finished, db::in_transaction(deps.pool, [&](pqxx::work& tx) {
            return Result<std::vector<model::SeriesSection>>(
                db::finished_open_sections(tx, kCloseBatch, "series_section", closes->ready_at()));
          }));
  for (const auto& section : *finished) {
    const auto credits = closes->run(
        deps, section.event_id,
        "series " + std::to_string(section.series_id) + ": closing section " +
            std::to_string(section.number) + " (event " + std::to_string(section.event_id) + ")",
        [&](pqxx::work& tx) { return close_finished_section(deps, tx, section); });
    if (!credits) {
      ++total.failed;
      continue;
    }
    ++total.sections_closed;
    total.credits += *credits;
  }
  return total;
}

Result<std::optional<Timestamp>> next_series_deadline(GameDeps& deps) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) {
    return Result<std::optional<Timestamp>>(db::next_entry_deadline(tx));
  });
}

Result<PlayerSeries> player_series(GameDeps& deps, std::int64_t user_id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<PlayerSeries> {
    return PlayerSeries{db::entries_of_user(tx, user_id, 200), db::credits_of_user(tx, user_id),
                        deps.clock.now(tx)};
  });
}

}  // namespace corrchess::app
