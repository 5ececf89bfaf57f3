#include "api/challenges.h"

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/problem.h"
#include "api/ratings.h"
#include "api/rule_settings.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

// Bytes a challenge message may take in a request (the character limit is checked after).
constexpr std::size_t kMaxMessageBytes = 4 * app::kMaxChallengeMessageChars;
constexpr int kMaxMinFinishedGames = 100000;

Result<app::ChallengeRequest> parse_challenge(const Request& request) {
  auto body = json_object_body(request);
  if (!body) return std::unexpected(body.error());
  if (body->contains("start_at")) {
    return fail(ErrorCode::kValidationError,
                "field 'start_at' is not for challenges: the game starts when it is accepted");
  }
  auto settings = parse_rule_settings(*body);
  if (!settings) return std::unexpected(settings.error());
  app::ChallengeRequest r;
  r.setup.variant = settings->variant;
  r.setup.start_position = settings->start_position;
  r.setup.time_control = settings->time_control;
  r.setup.rules = settings->rules;
  auto opponent = optional_string(*body, "opponent", 64);
  if (!opponent) return std::unexpected(opponent.error());
  r.opponent = *opponent;
  auto color = optional_keyword(*body, "color", game::parse_challenge_color);
  if (!color) return std::unexpected(color.error());
  if (*color) r.color = **color;
  auto rated = optional_bool(*body, "rated");
  if (!rated) return std::unexpected(rated.error());
  if (*rated) r.rated = **rated;
  auto min_games = optional_int_in(*body, "min_finished_games", 0, kMaxMinFinishedGames);
  if (!min_games) return std::unexpected(min_games.error());
  if (*min_games) r.min_finished_games = **min_games;
  auto range = parse_rating_range(*body);
  if (!range) return std::unexpected(range.error());
  r.min_rating = range->min_rating;
  r.max_rating = range->max_rating;
  auto message = optional_string(*body, "message", kMaxMessageBytes, Text::kMultiline);
  if (!message) return std::unexpected(message.error());
  r.message = *message;
  auto expires_at = optional_instant(*body, "expires_at");
  if (!expires_at) return std::unexpected(expires_at.error());
  r.expires_at = *expires_at;
  return r;
}

json list_json(const std::vector<app::ChallengeView>& views) {
  json out = json::array();
  for (const auto& v : views) out.push_back(db::challenge_json(v.stored, v.status));
  return out;
}

Response render(const Result<app::ChallengeView>& view, int status = 200) {
  if (!view) return problem_response(view.error());
  return json_response(status, db::challenge_json(view->stored, view->status));
}

}  // namespace

void add_challenge_routes(Router& router, app::ChallengeDeps& challenges, GameServiceDeps& games) {
  auto& pool = challenges.pool;
  router.add("POST", "/api/v1/challenges",
             with_user_id(pool, "challenge",
                          [&challenges](const Request& r, const db::User& u, std::int64_t) {
                            auto request = parse_challenge(r);
                            if (!request) return problem_response(request.error());
                            return render(app::create_challenge(challenges, u, *request), 201);
                          }));
  router.add("GET", "/api/v1/challenges",
             with_user_id(pool, "challenge",
                          [&challenges](const Request&, const db::User& u, std::int64_t) {
                            auto lists = app::list_challenges(challenges, u);
                            if (!lists) return problem_response(lists.error());
                            return json_response(200, {{"incoming", list_json(lists->incoming)},
                                                       {"outgoing", list_json(lists->outgoing)},
                                                       {"open", list_json(lists->open)}});
                          }));
  router.add("GET", "/api/v1/challenges/{id}",
             with_user_id(pool, "challenge",
                          [&challenges](const Request&, const db::User& u, std::int64_t id) {
                            return render(app::get_challenge(challenges, u, id));
                          }));
  router.add(
      "POST", "/api/v1/challenges/{id}/accept",
      with_user_id(pool, "challenge",
                   [&challenges, &games](const Request&, const db::User& u, std::int64_t id) {
                     auto accepted = app::accept_challenge(challenges, u, id);
                     if (!accepted) return problem_response(accepted.error());
                     auto shown = app::view_game(games, u, accepted->game_id);
                     if (!shown) return problem_response(shown.error());
                     return json_response(
                         201, {{"challenge", db::challenge_json(accepted->challenge.stored,
                                                                accepted->challenge.status)},
                               {"game", game_json(*shown)}});
                   }));
  router.add("POST", "/api/v1/challenges/{id}/decline",
             with_user_id(pool, "challenge",
                          [&challenges](const Request& r, const db::User& u, std::int64_t id) {
                            auto body = json_object_body(r, true);
                            if (!body) return problem_response(body.error());
                            auto reason = optional_string(*body, "reason", kMaxMessageBytes,
                                                          Text::kMultiline);
                            if (!reason) return problem_response(reason.error());
                            return render(app::decline_challenge(challenges, u, id, *reason));
                          }));
  router.add("POST", "/api/v1/challenges/{id}/cancel",
             with_user_id(pool, "challenge",
                          [&challenges](const Request&, const db::User& u, std::int64_t id) {
                            return render(app::cancel_challenge(challenges, u, id));
                          }));
  router.add(
      "POST", "/api/v1/games/{id}/rematch",
      with_user_id(pool, "game", [&challenges](const Request&, const db::User& u, std::int64_t id) {
        return render(app::rematch(challenges, u, id), 201);
      }));
}

}  // namespace corrchess::api
