#include "api/ratings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "api/accounts.h"
#include "api/csv.h"
#include "api/json_body.h"
#include "api/paging.h"
#include "api/rule_settings.h"
#include "app/titles.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxReasonLength = 2000;

json list_json(const model::RatingList& l) {
  return {{"pool", l.pool},
          {"period", l.period},
          {"period_kind", l.period_kind},
          {"first_day", game::format_date(l.first_day)},
          {"last_day", game::format_date(game::add_days(l.end_day, -1))},
          {"starts_at", game::format_rfc3339(l.starts_at)},
          {"ends_at", game::format_rfc3339(l.ends_at)},
          {"version", l.version},
          {"current", l.version == l.latest_version},
          {"latest_version", l.latest_version},
          {"published_at", game::format_rfc3339(l.published_at)},
          {"published_by", l.published_by ? json(*l.published_by) : json()},
          {"reason", l.reason ? json(*l.reason) : json()},
          {"settings", l.settings}};
}

json entry_json(const model::RatingEntry& e) {
  return {{"rank", e.rank},
          {"username", e.username},
          {"rating", e.rating},
          {"deviation", e.deviation},
          {"volatility", e.volatility},
          {"games_in_period", e.games_in_period},
          {"total_games", e.total_games},
          {"provisional", e.provisional}};
}

// The pool of the query (?pool=), "standard" by default.
std::string pool_of(const Request& request) {
  auto it = request.query.find("pool");
  return it == request.query.end() ? "standard" : it->second;
}

// Whether the caller asked for CSV (?format=csv, or Accept preferring text/csv); kValidationError
// for another format.
Result<bool> wants_csv(const Request& request) {
  if (auto it = request.query.find("format"); it != request.query.end()) {
    if (it->second == "csv") return true;
    if (it->second == "json") return false;
    return fail(ErrorCode::kValidationError, "format is json or csv");
  }
  // Accept: CSV when it names text/csv with a weight above zero and not below that of JSON
  // (when it names JSON too).
  const auto csv = request.accept_weight("text/csv");
  if (!csv || *csv <= 0) return false;
  const auto json = request.accept_weight("application/json");
  return !json || *json <= *csv;
}

std::string csv_number(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string list_csv(const app::RatingListView& view) {
  std::string out =
      "rank,username,rating,deviation,volatility,games_in_period,total_games,provisional\r\n";
  for (const auto& e : view.entries) {
    out += std::to_string(e.rank) + "," + csv_text(e.username) + "," + csv_number(e.rating, 2) +
           "," + csv_number(e.deviation, 2) + "," + csv_number(e.volatility, 6) + "," +
           std::to_string(e.games_in_period) + "," + std::to_string(e.total_games) + "," +
           (e.provisional ? "true" : "false") + "\r\n";
  }
  return out;
}

Result<Response> lists(app::RatingDeps& deps, const Request& request) {
  std::optional<std::string> pool;
  if (auto it = request.query.find("pool"); it != request.query.end()) pool = it->second;
  TRY_LET(found, app::rating_lists(deps, pool));
  json out = json::array();
  for (const auto& l : *found) out.push_back(list_json(l));
  return json_response(200, {{"lists", out}});
}

Result<Response> one_list(app::RatingDeps& deps, const Request& request,
                          const std::string& period) {
  TRY_LET(csv, wants_csv(request));
  TRY_LET(version, query_int(request, "version", 1, 1000000));
  // The cursor: the rank of the page's last entry.
  TRY_LET(page, page_query(request, app::kMaxRatingEntriesPerPage, 1));
  if (*csv && (page->limit || !page->after.empty())) {
    return fail(ErrorCode::kValidationError,
                "limit and cursor page the JSON list; the CSV is always the whole list");
  }
  app::RatingEntryPage entries{page->after.empty() ? 0 : page->after[0], page->limit};
  TRY_LET(view, app::rating_list(deps, pool_of(request), period, *version, entries));
  if (*csv) {
    auto response = text_response(200, "text/csv; charset=utf-8", list_csv(*view));
    response.headers.emplace_back(
        "Content-Disposition", "attachment; filename=\"ratings-" + view->list.pool + "-" +
                                   view->list.period + "-v" + std::to_string(view->list.version) +
                                   ".csv\"");
    return response;
  }
  json body = list_json(view->list);
  json listed = json::array();
  for (const auto& e : view->entries) listed.push_back(entry_json(e));
  body["entries"] = listed;
  body["total"] = view->total;
  std::vector<std::int64_t> next;
  if (view->next_after) next.push_back(*view->next_after);
  body["next_cursor"] = next_cursor_json(next);
  return json_response(200, body);
}

std::vector<FieldDoc> one_list_query_doc() {
  std::vector<FieldDoc> out{
      {"pool", "string", false, "standard (default) or chess960"},
      {"version", "integer", false, "a superseded version (default: the current one)"},
      {"format", "string", false, "json (default) or csv"}};
  std::ranges::move(page_query_doc("1..1000; default: every entry"), std::back_inserter(out));
  return out;
}

Result<Response> history(app::RatingDeps& deps, const std::string& username) {
  TRY_LET(found, app::rating_history(deps, username));
  json pools = json::object();
  for (const auto& pool : app::rating_pools()) {
    pools[pool] = {{"current", nullptr}, {"history", json::array()}};
  }
  for (const auto& row : found->rows) {
    json point = entry_json(row.entry);
    point.erase("username");
    point["period"] = row.list.period;
    point["first_day"] = game::format_date(row.list.first_day);
    point["version"] = row.list.version;
    pools[row.list.pool]["history"].push_back(point);
    pools[row.list.pool]["current"] = point;
  }
  return json_response(200, {{"username", found->username}, {"pools", pools}});
}

// POST /admin/ratings/lists/{period}/recompute: {pool?, reason}.
struct RecomputeBody {
  std::optional<std::string> pool;
  std::string reason;

  static Result<RecomputeBody> from_json(const json& body, const Request&) {
    Fields in(body);
    auto pool = in.optional_string("pool", 16);
    auto reason = in.nonblank_text("reason", kMaxReasonLength);
    return in.finish(RecomputeBody{pool, reason});
  }
};

Result<Response> recompute(app::RatingDeps& deps, const Call& call, const RecomputeBody& body) {
  TRY_LET(lists, app::recompute_rating_period(deps, call.caller(), body.pool.value_or("standard"),
                                              call.params.at("period"), body.reason));
  json out = json::array();
  for (const auto& l : *lists) out.push_back(list_json(l));
  return json_response(201, {{"lists", out}});
}

// A number field of one imported entry: none when absent; validation_error naming the entry
// and field when it is not a number.
Result<std::optional<double>> imported_number(const json& entry, const char* field,
                                              std::size_t index) {
  if (!entry.contains(field) || entry[field].is_null()) return std::optional<double>{};
  if (!entry[field].is_number()) {
    return fail(ErrorCode::kValidationError,
                "ratings[" + std::to_string(index) + "]." + field + " must be a number");
  }
  return std::optional<double>{entry[field].get<double>()};
}

Result<app::ImportedRating> imported_rating(const json& entry, std::size_t index) {
  const auto where = "ratings[" + std::to_string(index) + "]";
  if (!entry.is_object()) return fail(ErrorCode::kValidationError, where + " must be an object");
  TRY_LET(username, required_string(entry, "username", 64));
  TRY_LET(rating, imported_number(entry, "rating", index));
  if (!*rating) return fail(ErrorCode::kValidationError, where + ".rating is required");
  TRY_LET(deviation, imported_number(entry, "deviation", index));
  TRY_LET(games, optional_int(entry, "games"));  // its range: app::import_ratings
  app::ImportedRating out;
  out.username = std::move(*username);
  out.rating = **rating;
  out.deviation = *deviation;
  if (*games) out.games = static_cast<int>(std::clamp<std::int64_t>(**games, -1, 100001));
  return out;
}

// POST /admin/users/{username}/ladies-titles: {eligible, reason}.
struct LadiesBody {
  bool eligible = false;
  std::string reason;
  static Result<LadiesBody> from_json(const json& body, const Request&) {
    Fields in(body);
    const bool eligible = in.required_bool("eligible");
    return in.finish(LadiesBody{eligible, in.nonblank_text("reason", 1000)});
  }
};

// POST /admin/ratings/import: {pool?, reason, ratings: [{username, rating, deviation?, games?}]}.
struct ImportBody {
  std::optional<std::string> pool;
  std::string reason;
  std::vector<app::ImportedRating> ratings;

  static Result<ImportBody> from_json(const json& body, const Request&) {
    Fields in(body);
    auto pool = in.optional_string("pool", 16);
    auto reason = in.nonblank_text("reason", kMaxReasonLength);
    if (!in.ok()) return in.error();
    if (!body.contains("ratings") || !body["ratings"].is_array()) {
      return fail(ErrorCode::kValidationError, "ratings must be an array of {username, rating}");
    }
    std::vector<app::ImportedRating> ratings;
    const auto& list = body["ratings"];
    for (std::size_t i = 0; i < list.size(); ++i) {
      TRY_LET(rating, imported_rating(list[i], i));
      ratings.push_back(std::move(*rating));
    }
    return ImportBody{pool, reason, std::move(ratings)};
  }
};

Result<Response> import(app::RatingDeps& deps, const Call& call, const ImportBody& body) {
  TRY_LET(list, app::import_ratings(deps, call.caller(), body.pool.value_or("standard"),
                                    body.ratings, body.reason));
  return json_response(201, list_json(*list));
}

json preview_side_json(const app::RatingPreviewSide& s) {
  return {{"rating", s.rating.rating},
          {"deviation", s.rating.deviation},
          {"rated_before", s.current.has_value()},
          {"provisional", s.current ? s.current->provisional : true},
          {"expected_score", s.expected_score},
          {"change",
           {{"win", s.after_win - s.rating.rating},
            {"draw", s.after_draw - s.rating.rating},
            {"loss", s.after_loss - s.rating.rating}}}};
}

Result<Response> preview(app::RatingDeps& deps, GameServiceDeps& games, const model::User& user,
                         std::int64_t id) {
  TRY_LET(shown, app::view_game(games, user, id));
  const auto& g = shown->stored;
  TRY_LET(p, app::rating_preview(deps, g.id, g.facts.setup.variant, g.white.id, g.black.id));
  return json_response(200, {{"pool", p->pool},
                             {"rated", p->rated},
                             {"white", preview_side_json(p->white)},
                             {"black", preview_side_json(p->black)}});
}

}  // namespace

Result<model::RatingRange> parse_rating_range(const json& body) {
  Fields in(body);
  model::RatingRange range;
  range.min_rating = in.take(optional_int_in(body, "min_rating", 0, 4000));
  range.max_rating = in.take(optional_int_in(body, "max_rating", 0, 4000));
  if (!in.ok()) return in.error();
  if (range.min_rating && range.max_rating && *range.min_rating > *range.max_rating) {
    return fail(ErrorCode::kValidationError, "min_rating must not exceed max_rating");
  }
  return range;
}

Result<model::EventRatingTerms> parse_event_rating_terms(const json& body) {
  Fields in(body);
  model::EventRatingTerms terms;
  terms.rated = in.optional_bool("rated").value_or(true);
  const auto range = in.take(parse_rating_range(body));
  terms.min_rating = range.min_rating;
  terms.max_rating = range.max_rating;
  auto seeding = in.optional_string("seeding", 16);
  if (!in.ok()) return in.error();
  const bool listed =
      body.contains("players") && body["players"].is_array() && !body["players"].empty();
  terms.seeding = seeding.value_or(listed ? "entry" : "rating");
  if (terms.seeding != "entry" && terms.seeding != "rating") {
    return fail(ErrorCode::kValidationError, "seeding is entry or rating");
  }
  return terms;
}

json event_rating_terms_json(const model::EventRatingTerms& terms) {
  return {{"rated", terms.rated},
          {"min_rating", terms.min_rating ? json(*terms.min_rating) : json()},
          {"max_rating", terms.max_rating ? json(*terms.max_rating) : json()},
          {"seeding", terms.seeding}};
}

json rating_value(const std::map<std::int64_t, model::RatingEntry>& ratings, std::int64_t user_id) {
  const auto it = ratings.find(user_id);
  if (it == ratings.end()) return nullptr;
  return std::lround(it->second.rating);
}

void add_rating_routes(Router& router, app::RatingDeps& deps, GameServiceDeps& games) {
  Routes routes(router, deps.pool, "ratings");
  routes.add(
      {"GET", "/api/v1/games/{id}/rating-preview", kUser, IdKind::kGame,
       Doc("Expected score and rating changes of a game", 200,
           "{pool, rated, white: {rating, deviation, rated_before, provisional, expected_score, "
           "change: {win, draw, loss}}, black: {...}}; for whoever may see the game")},
      [&deps, &games](const Call& c) { return preview(deps, games, c.caller(), c.id); });
  routes.add(
      {"GET", "/api/v1/ratings/lists", kUser,
       Doc("The published rating lists", 200,
           "{lists: [{pool, period, period_kind, first_day, last_day, starts_at, ends_at, version, "
           "current, latest_version, published_at, published_by, reason, settings}]}; every "
           "version, newest period first")
           .q({{"pool", "string", false, "standard or chess960 (default: both)"}})},
      [&deps](const Call& c) { return lists(deps, c.request); });
  routes.add(
      {"GET", "/api/v1/ratings/lists/{period}", kUser,
       Doc("One period's rating list", 200,
           "the list as in the index with entries: [{rank, username, rating, deviation, "
           "volatility, games_in_period, total_games, provisional}], total (entries in the whole "
           "list) and next_cursor; without limit every entry from the cursor on (the whole list "
           "without one); CSV (always the whole list) with Accept: text/csv or format=csv")
           .q(one_list_query_doc())},
      [&deps](const Call& c) { return one_list(deps, c.request, c.params.at("period")); });
  routes.add(
      {"GET", "/api/v1/users/{username}/ratings", kUser,
       Doc("A player's rating history", 200,
           "{username, pools: {standard: {current, history: [{period, first_day, version, rank, "
           "rating, deviation, volatility, games_in_period, total_games, provisional}]}, "
           "chess960: {...}}}; current is null before the player's first list")},
      [&deps](const Call& c) { return history(deps, c.params.at("username")); });
  routes.add(
      {"POST", "/api/v1/admin/ratings/lists/{period}/recompute", Access::kDirector,
       Doc("Recompute a period after a result correction", 201,
           "{lists: [...]}: the new versions of the period's list and of every later one; the "
           "old versions stay, and each new one is audited (rating_list_recomputed)")
           .in({{"pool", "string", false, "standard (default) or chess960"},
                {"reason", "string", true, "non-empty"}},
               {{"reason", "result of game 12 corrected"}})},
      BodyHandler<RecomputeBody>(
          [&deps](const Call& c, RecomputeBody&& b) { return recompute(deps, c, b); }));
  routes.add(
      {"POST", "/api/v1/admin/ratings/import", Access::kDirector,
       Doc("Import players' ratings (e.g. the federation's list)", 201,
           "the new list as in the index: a new version of the pool's latest list (or its first "
           "list, for the period containing today) with every entry of that list and the "
           "imported ratings; audited (ratings_imported)")
           .in({{"pool", "string", false, "standard (default) or chess960"},
                {"reason", "string", true, "non-empty, at most 500 characters"},
                {"ratings", "array", true,
                 "1..5000 of {username, rating (0..4000), deviation? (1..350, default 50), "
                 "games? (rated games behind it; default: not provisional)}"}},
               {{"reason", "ICCF rating list 2026/4"},
                {"ratings", json::array({{{"username", "ann"}, {"rating", 2401}}})}})},
      BodyHandler<ImportBody>(
          [&deps](const Call& c, ImportBody&& b) { return import(deps, c, b); }));
  routes.add({"POST", "/api/v1/admin/users/{username}/ladies-titles", Access::kDirector,
              Doc("Whether a player may earn ladies' titles (LGM, LIM)", 200,
                  "{username, ladies_titles}; audited (ladies_titles_changed)")
                  .in({{"eligible", "boolean", true, ""}, {"reason", "string", true, "non-empty"}},
                      {{"eligible", true}, {"reason", "confirmed by the federation"}})},
             BodyHandler<LadiesBody>([&games](const Call& c, LadiesBody&& b) -> Result<Response> {
               const auto& username = c.params.at("username");
               TRY_LET(eligible,
                       app::set_ladies_titles(games, c.caller(), username, b.eligible, b.reason));
               return json_response(200, {{"username", username}, {"ladies_titles", *eligible}});
             }));
}

}  // namespace corrchess::api
