#include "db/series.h"

#include <nlohmann/json.hpp>

#include "db/codec.h"
#include "db/rows.h"

namespace corrchess::db {

namespace {

using game::Timestamp;

// id, name, the section terms (columns 2..13), then the series' own.
const std::string kSeriesColumns =
    std::string("id, name, ") + kSectionTermsColumns +
    ", opening, initial_fen, "
    "section_size, min_section_size, max_wait_seconds, country_spread, min_rating, max_rating, "
    "unrated_allowed, credit_from_series, min_finished_games, promote_max_place, "
    "promote_min_percent, credit_valid_days, status, created_by, "
    "extract(epoch FROM created_at)::bigint";
static_assert(kSectionTermsColumnCount == 12, "the series' own columns start at 14");

Result<StoredSeries> series_from_row(const pqxx::row& row) {
  StoredSeries out;
  out.id = row[0].as<std::int64_t>();
  auto& s = out.settings;
  s.name = row[1].as<std::string>();
  TRY_LET(terms, section_terms_from_row(row, 2));
  s.terms = *terms;
  s.opening = optional_text(row[14]);
  s.initial_fen = optional_text(row[15]).value_or("");
  s.sections.section_size = row[16].as<int>();
  s.sections.min_section_size = row[17].as<int>();
  s.sections.max_wait = row[18].as<std::int64_t>();
  s.country_spread = row[19].as<bool>();
  s.gate.min_rating = optional_int(row[20]);
  s.gate.max_rating = optional_int(row[21]);
  s.gate.unrated_allowed = row[22].as<bool>();
  s.gate.credit_from_series = optional_id(row[23]);
  s.min_finished_games = row[24].as<int>();
  s.promotion.max_place = optional_int(row[25]);
  s.promotion.min_score_percent = optional_int(row[26]);
  s.credit_valid_days = row[27].as<int>();
  out.status = row[28].as<std::string>();
  out.created_by = optional_id(row[29]);
  out.created_at = Timestamp(row[30].as<std::int64_t>());
  return out;
}

constexpr const char* kSeriesEntrySelect =
    "SELECT e.id, e.series_id, s.name, e.user_id, u.username, u.display_name, "
    "coalesce(u.country, ''), extract(epoch FROM e.entered_at)::bigint, e.admission, e.status, "
    "e.event_id, extract(epoch FROM e.closed_at)::bigint, e.reason "
    "FROM series_entries e JOIN series s ON s.id = e.series_id JOIN users u ON u.id = e.user_id ";

SeriesEntry series_entry_from_row(const pqxx::row& row) {
  SeriesEntry e;
  e.id = row[0].as<std::int64_t>();
  e.series_id = row[1].as<std::int64_t>();
  e.series_name = row[2].as<std::string>();
  e.user_id = row[3].as<std::int64_t>();
  e.username = row[4].as<std::string>();
  e.display_name = row[5].as<std::string>();
  e.country = row[6].as<std::string>();
  e.entered_at = Timestamp(row[7].as<std::int64_t>());
  e.admission = row[8].as<std::string>();
  e.status = row[9].as<std::string>();
  e.event_id = optional_id(row[10]);
  e.closed_at = optional_instant(row[11]);
  e.reason = optional_text(row[12]);
  return e;
}

std::vector<SeriesEntry> series_entries_of(const pqxx::result& rows) {
  std::vector<SeriesEntry> out;
  out.reserve(static_cast<std::size_t>(rows.size()));
  for (const auto& row : rows) out.push_back(series_entry_from_row(row));
  return out;
}

constexpr const char* kSeriesSectionSelect =
    "SELECT ss.series_id, ss.number, ss.event_id, ev.name, "
    "extract(epoch FROM ss.started_at)::bigint, extract(epoch FROM ss.closed_at)::bigint, "
    "(SELECT count(*)::int FROM event_players p WHERE p.event_id = ss.event_id AND "
    " p.status <> 'replaced') FROM series_sections ss JOIN events ev ON ev.id = ss.event_id ";

SeriesSection series_section_from_row(const pqxx::row& row) {
  SeriesSection s;
  s.series_id = row[0].as<std::int64_t>();
  s.number = row[1].as<int>();
  s.event_id = row[2].as<std::int64_t>();
  s.event_name = row[3].as<std::string>();
  s.started_at = Timestamp(row[4].as<std::int64_t>());
  s.closed_at = optional_instant(row[5]);
  s.players = row[6].as<int>();
  return s;
}

constexpr const char* kPromotionCreditSelect =
    "SELECT c.id, c.user_id, u.username, c.series_id, s.name, c.event_id, c.place, "
    "c.score_halves, c.games, extract(epoch FROM c.earned_at)::bigint, "
    "extract(epoch FROM c.expires_at)::bigint, extract(epoch FROM c.used_at)::bigint, "
    "c.used_by_entry FROM promotion_credits c JOIN users u ON u.id = c.user_id "
    "JOIN series s ON s.id = c.series_id ";

PromotionCredit promotion_credit_from_row(const pqxx::row& row) {
  PromotionCredit c;
  c.id = row[0].as<std::int64_t>();
  c.user_id = row[1].as<std::int64_t>();
  c.username = row[2].as<std::string>();
  c.series_id = row[3].as<std::int64_t>();
  c.series_name = row[4].as<std::string>();
  c.event_id = row[5].as<std::int64_t>();
  c.place = row[6].as<int>();
  c.score_halves = row[7].as<int>();
  c.games = row[8].as<int>();
  c.earned_at = Timestamp(row[9].as<std::int64_t>());
  c.expires_at = Timestamp(row[10].as<std::int64_t>());
  c.used_at = optional_instant(row[11]);
  c.used_by_entry = optional_id(row[12]);
  return c;
}

std::vector<PromotionCredit> promotion_credits_of(const pqxx::result& rows) {
  std::vector<PromotionCredit> out;
  for (const auto& row : rows) out.push_back(promotion_credit_from_row(row));
  return out;
}

std::optional<std::string> series_text_or_null(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return text;
}

}  // namespace

Result<std::int64_t> insert_series(pqxx::work& tx, const SeriesSettings& s,
                                   std::optional<std::int64_t> created_by, Timestamp now) {
  const auto rows = tx.exec_params(
      "INSERT INTO series (name, variant, allow_518, time_control, leave_days_per_year, "
      "draw_min_moves, ten_moves_rule, silence_rule, messages_allowed, double_round, rated, "
      "opening, initial_fen, section_size, min_section_size, max_wait_seconds, country_spread, "
      "min_rating, max_rating, unrated_allowed, credit_from_series, min_finished_games, "
      "promote_max_place, promote_min_percent, credit_valid_days, created_by, created_at, "
      "section_days, auto_adjudicate) "
      "VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, "
      "$17, $18, $19, $20, $21, $22, $23, $24, $25, $26, to_timestamp($27), $28, $29) "
      "ON CONFLICT DO NOTHING RETURNING id",
      s.name, std::string(game::to_string(s.terms.variant)), s.terms.allow_518,
      time_control_json(s.terms.time_control).dump(), s.terms.leave_days_per_year,
      s.terms.rules.no_draw_before_move, s.terms.rules.ten_moves_rule, s.terms.rules.silence_rule,
      s.terms.rules.messages_allowed, s.terms.double_round, s.terms.rated, s.opening,
      series_text_or_null(s.initial_fen), s.sections.section_size, s.sections.min_section_size,
      s.sections.max_wait, s.country_spread, s.gate.min_rating, s.gate.max_rating,
      s.gate.unrated_allowed, s.gate.credit_from_series, s.min_finished_games,
      s.promotion.max_place, s.promotion.min_score_percent, s.credit_valid_days, created_by,
      now.unix_seconds(), s.terms.section_days, s.terms.auto_adjudicate);
  if (rows.empty()) {
    return fail(ErrorCode::kConflict, "a series named '" + s.name + "' exists already");
  }
  return rows[0][0].as<std::int64_t>();
}

Result<StoredSeries> load_series(pqxx::work& tx, std::int64_t id, bool lock) {
  const auto rows = tx.exec_params(
      "SELECT " + kSeriesColumns + " FROM series WHERE id = $1" + (lock ? " FOR UPDATE" : ""), id);
  if (rows.empty()) return fail(ErrorCode::kNotFound, "no series " + std::to_string(id));
  return series_from_row(rows[0]);
}

std::vector<StoredSeries> list_series(pqxx::work& tx) {
  std::vector<StoredSeries> out;
  for (const auto& row : tx.exec("SELECT " + kSeriesColumns + " FROM series ORDER BY id")) {
    if (auto s = series_from_row(row)) out.push_back(std::move(*s));
  }
  return out;
}

std::map<std::int64_t, SeriesCounts> series_counts(pqxx::work& tx) {
  std::map<std::int64_t, SeriesCounts> out;
  for (const auto& row : tx.exec(
           "SELECT s.id, (SELECT count(*)::int FROM series_entries e WHERE e.series_id = s.id AND "
           "e.status = 'waiting'), (SELECT count(*)::int FROM series_sections ss WHERE "
           "ss.series_id = s.id) FROM series s")) {
    out[row[0].as<std::int64_t>()] = {row[1].as<int>(), row[2].as<int>()};
  }
  return out;
}

void set_series_status(pqxx::work& tx, std::int64_t id, const std::string& status) {
  tx.exec_params("UPDATE series SET status = $2 WHERE id = $1", id, status);
}

std::vector<std::int64_t> series_with_waiting(pqxx::work& tx) {
  return ids_of(
      tx.exec("SELECT s.id FROM series s WHERE s.status = 'open' AND EXISTS (SELECT 1 FROM "
              "series_entries e WHERE e.series_id = s.id AND e.status = 'waiting') ORDER BY s.id"));
}

std::optional<Timestamp> next_entry_deadline(pqxx::work& tx) {
  return optional_instant(
      tx.exec1("SELECT min(extract(epoch FROM e.entered_at)::bigint + s.max_wait_seconds) FROM "
               "series_entries e JOIN series s ON s.id = e.series_id WHERE e.status = 'waiting' "
               "AND s.status = 'open' AND s.max_wait_seconds > 0")[0]);
}

Result<SeriesEntry> insert_entry(pqxx::work& tx, std::int64_t series_id, std::int64_t user_id,
                                 const std::string& admission, Timestamp now) {
  const auto rows = tx.exec_params(
      "INSERT INTO series_entries (series_id, user_id, entered_at, admission) VALUES ($1, $2, "
      "to_timestamp($3), $4) ON CONFLICT DO NOTHING RETURNING id",
      series_id, user_id, now.unix_seconds(), admission);
  if (rows.empty()) {
    return fail(ErrorCode::kConflict, "you are already on this series' waiting list");
  }
  return find_entry(tx, series_id, rows[0][0].as<std::int64_t>());
}

std::vector<SeriesEntry> waiting_entries(pqxx::work& tx, std::int64_t series_id) {
  return series_entries_of(tx.exec_params(std::string(kSeriesEntrySelect) +
                                              "WHERE e.series_id = $1 AND e.status = 'waiting' "
                                              "ORDER BY e.entered_at, e.id",
                                          series_id));
}

std::optional<SeriesEntry> waiting_entry_of(pqxx::work& tx, std::int64_t series_id,
                                            std::int64_t user_id) {
  const auto rows =
      tx.exec_params(std::string(kSeriesEntrySelect) +
                         "WHERE e.series_id = $1 AND e.user_id = $2 AND e.status = 'waiting'",
                     series_id, user_id);
  if (rows.empty()) return std::nullopt;
  return series_entry_from_row(rows[0]);
}

Result<SeriesEntry> find_entry(pqxx::work& tx, std::int64_t series_id, std::int64_t entry_id) {
  const auto rows =
      tx.exec_params(std::string(kSeriesEntrySelect) + "WHERE e.series_id = $1 AND e.id = $2",
                     series_id, entry_id);
  if (rows.empty()) {
    return fail(ErrorCode::kNotFound,
                "no entry " + std::to_string(entry_id) + " in series " + std::to_string(series_id));
  }
  return series_entry_from_row(rows[0]);
}

std::vector<SeriesEntry> entries_of_user(pqxx::work& tx, std::int64_t user_id, int limit) {
  return series_entries_of(tx.exec_params(
      std::string(kSeriesEntrySelect) + "WHERE e.user_id = $1 ORDER BY e.id DESC LIMIT $2", user_id,
      limit));
}

bool close_entry(pqxx::work& tx, std::int64_t entry_id, const EntryClosing& closing,
                 Timestamp now) {
  return tx.exec_params(
               "UPDATE series_entries SET status = $2, event_id = $3, reason = $4, "
               "removed_by = $5, closed_at = to_timestamp($6) WHERE id = $1 AND "
               "status = 'waiting'",
               entry_id, closing.status, closing.event_id, closing.reason, closing.removed_by,
               now.unix_seconds())
             .affected_rows() == 1;
}

bool plays_in_series(pqxx::work& tx, std::int64_t series_id, std::int64_t user_id) {
  return tx
      .exec_params1(
          "SELECT EXISTS (SELECT 1 FROM series_sections ss JOIN event_players ep ON "
          "ep.event_id = ss.event_id WHERE ss.series_id = $1 AND ep.user_id = $2 AND "
          "ep.status = 'active' AND EXISTS (SELECT 1 FROM games g WHERE g.event_id = "
          "ss.event_id AND g.status IN ('not_started', 'ongoing', 'adjudication_pending')))",
          series_id, user_id)[0]
      .as<bool>();
}

int next_section_number(pqxx::work& tx, std::int64_t series_id) {
  return tx
      .exec_params1("SELECT coalesce(max(number), 0) + 1 FROM series_sections WHERE series_id = $1",
                    series_id)[0]
      .as<int>();
}

void insert_section(pqxx::work& tx, std::int64_t series_id, int number, std::int64_t event_id,
                    Timestamp now) {
  tx.exec_params(
      "INSERT INTO series_sections (series_id, number, event_id, started_at) VALUES ($1, $2, $3, "
      "to_timestamp($4))",
      series_id, number, event_id, now.unix_seconds());
}

std::vector<SeriesSection> series_sections(pqxx::work& tx, std::int64_t series_id) {
  std::vector<SeriesSection> out;
  for (const auto& row : tx.exec_params(
           std::string(kSeriesSectionSelect) + "WHERE ss.series_id = $1 ORDER BY ss.number",
           series_id)) {
    out.push_back(series_section_from_row(row));
  }
  return out;
}

std::vector<SeriesSection> finished_open_sections(pqxx::work& tx, int limit, std::string_view kind,
                                                  std::optional<game::Timestamp> ready_at) {
  std::vector<SeriesSection> out;
  std::optional<std::int64_t> ready;
  if (ready_at) ready = ready_at->unix_seconds();
  for (const auto& row : tx.exec_params(
           std::string(kSeriesSectionSelect) +
               "LEFT JOIN starter_failures f ON f.kind = $2 AND f.item_id = ss.event_id "
               "WHERE ss.closed_at IS NULL AND NOT EXISTS (SELECT 1 FROM games g WHERE "
               "g.event_id = ss.event_id AND g.status IN ('not_started', 'ongoing', "
               "'adjudication_pending')) AND ($3::bigint IS NULL OR f.retry_at IS NULL OR "
               "f.retry_at <= to_timestamp($3)) ORDER BY coalesce(f.failures, 0), ss.started_at, "
               "ss.series_id, ss.number LIMIT $1",
           limit, std::string(kind), ready)) {
    out.push_back(series_section_from_row(row));
  }
  return out;
}

bool close_section(pqxx::work& tx, std::int64_t series_id, int number, Timestamp now) {
  return tx.exec_params(
               "UPDATE series_sections SET closed_at = to_timestamp($3) WHERE series_id = $1 "
               "AND number = $2 AND closed_at IS NULL",
               series_id, number, now.unix_seconds())
             .affected_rows() == 1;
}

void insert_credit(pqxx::work& tx, const PromotionCredit& c) {
  tx.exec_params(
      "INSERT INTO promotion_credits (user_id, series_id, event_id, place, score_halves, games, "
      "earned_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7), "
      "to_timestamp($8)) ON CONFLICT DO NOTHING",
      c.user_id, c.series_id, c.event_id, c.place, c.score_halves, c.games,
      c.earned_at.unix_seconds(), c.expires_at.unix_seconds());
}

std::optional<PromotionCredit> usable_credit(pqxx::work& tx, std::int64_t user_id,
                                             std::int64_t series_id, Timestamp now) {
  const auto rows = tx.exec_params(
      std::string(kPromotionCreditSelect) +
          "WHERE c.user_id = $1 AND c.series_id = $2 AND c.used_at IS NULL AND "
          "c.expires_at > to_timestamp($3) ORDER BY c.expires_at, c.id LIMIT 1 FOR UPDATE OF c",
      user_id, series_id, now.unix_seconds());
  if (rows.empty()) return std::nullopt;
  return promotion_credit_from_row(rows[0]);
}

void use_credit(pqxx::work& tx, std::int64_t credit_id, std::int64_t entry_id, Timestamp now) {
  tx.exec_params(
      "UPDATE promotion_credits SET used_at = to_timestamp($3), used_by_entry = $2 WHERE id = $1",
      credit_id, entry_id, now.unix_seconds());
}

void release_credit(pqxx::work& tx, std::int64_t entry_id) {
  tx.exec_params(
      "UPDATE promotion_credits SET used_at = NULL, used_by_entry = NULL WHERE used_by_entry = $1",
      entry_id);
}

std::vector<PromotionCredit> credits_of_user(pqxx::work& tx, std::int64_t user_id) {
  return promotion_credits_of(
      tx.exec_params(std::string(kPromotionCreditSelect) +
                         "WHERE c.user_id = $1 ORDER BY c.earned_at DESC, c.id DESC",
                     user_id));
}

std::vector<PromotionCredit> credits_of_event(pqxx::work& tx, std::int64_t event_id) {
  return promotion_credits_of(tx.exec_params(
      std::string(kPromotionCreditSelect) + "WHERE c.event_id = $1 ORDER BY c.place, c.id",
      event_id));
}

}  // namespace corrchess::db
