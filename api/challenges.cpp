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

// POST /challenges: the rule settings (without start_at) and the challenge's own fields.
struct ChallengeBody {
  app::ChallengeRequest challenge;
  static Result<ChallengeBody> from_json(const json& body, const Request&);
};

Result<ChallengeBody> ChallengeBody::from_json(const json& body, const Request&) {
  if (body.contains("start_at")) {
    return fail(ErrorCode::kValidationError,
                "field 'start_at' is not for challenges: the game starts when it is accepted");
  }
  auto settings = parse_rule_settings(body);
  if (!settings) return std::unexpected(settings.error());
  app::ChallengeRequest r;
  r.setup.variant = settings->variant;
  r.setup.start_position = settings->start_position;
  r.setup.time_control = settings->time_control;
  r.setup.rules = settings->rules;
  auto opponent = optional_string(body, "opponent", 64);
  if (!opponent) return std::unexpected(opponent.error());
  r.opponent = *opponent;
  auto color = optional_keyword(body, "color", game::parse_challenge_color);
  if (!color) return std::unexpected(color.error());
  if (*color) r.color = **color;
  auto rated = optional_bool(body, "rated");
  if (!rated) return std::unexpected(rated.error());
  if (*rated) r.rated = **rated;
  auto min_games = optional_int_in(body, "min_finished_games", 0, kMaxMinFinishedGames);
  if (!min_games) return std::unexpected(min_games.error());
  if (*min_games) r.min_finished_games = **min_games;
  auto range = parse_rating_range(body);
  if (!range) return std::unexpected(range.error());
  r.min_rating = range->min_rating;
  r.max_rating = range->max_rating;
  auto message = optional_string(body, "message", kMaxMessageBytes, Text::kMultiline);
  if (!message) return std::unexpected(message.error());
  r.message = *message;
  auto expires_at = optional_instant(body, "expires_at");
  if (!expires_at) return std::unexpected(expires_at.error());
  r.expires_at = *expires_at;
  return ChallengeBody{r};
}

// POST /challenges/{id}/decline: {reason?}.
struct DeclineBody {
  static constexpr bool kEmptyBody = true;
  std::optional<std::string> reason;

  static Result<DeclineBody> from_json(const json& body, const Request&) {
    auto reason = optional_string(body, "reason", kMaxMessageBytes, Text::kMultiline);
    if (!reason) return std::unexpected(reason.error());
    return DeclineBody{*reason};
  }
};

json list_json(const std::vector<app::ChallengeView>& views) {
  json out = json::array();
  for (const auto& v : views) out.push_back(db::challenge_json(v.stored, v.status));
  return out;
}

Result<Response> render(const Result<app::ChallengeView>& view, int status = 200) {
  if (!view) return std::unexpected(view.error());
  return json_response(status, db::challenge_json(view->stored, view->status));
}

}  // namespace

void add_challenge_routes(Router& router, app::ChallengeDeps& challenges, GameServiceDeps& games) {
  Routes routes(router, challenges.pool);
  constexpr auto kUser = Access::kUser;
  constexpr auto kChallenge = IdKind::kChallenge;
  routes.add({"POST", "/api/v1/challenges", kUser},
             BodyHandler<ChallengeBody>([&challenges](const Call& c, ChallengeBody&& b) {
               return render(app::create_challenge(challenges, c.caller(), b.challenge), 201);
             }));
  routes.add({"GET", "/api/v1/challenges", kUser},
             [&challenges](const Call& c) -> Result<Response> {
               auto lists = app::list_challenges(challenges, c.caller());
               if (!lists) return std::unexpected(lists.error());
               return json_response(200, {{"incoming", list_json(lists->incoming)},
                                          {"outgoing", list_json(lists->outgoing)},
                                          {"open", list_json(lists->open)}});
             });
  routes.add({"GET", "/api/v1/challenges/{id}", kUser, kChallenge}, [&challenges](const Call& c) {
    return render(app::get_challenge(challenges, c.caller(), c.id));
  });
  routes.add({"POST", "/api/v1/challenges/{id}/accept", kUser, kChallenge},
             [&challenges, &games](const Call& c) -> Result<Response> {
               auto accepted = app::accept_challenge(challenges, c.caller(), c.id);
               if (!accepted) return std::unexpected(accepted.error());
               auto shown = app::view_game(games, c.caller(), accepted->game_id);
               if (!shown) return std::unexpected(shown.error());
               return json_response(201,
                                    {{"challenge", db::challenge_json(accepted->challenge.stored,
                                                                      accepted->challenge.status)},
                                     {"game", game_json(*shown)}});
             });
  routes.add({"POST", "/api/v1/challenges/{id}/decline", kUser, kChallenge},
             BodyHandler<DeclineBody>([&challenges](const Call& c, DeclineBody&& b) {
               return render(app::decline_challenge(challenges, c.caller(), c.id, b.reason));
             }));
  routes.add({"POST", "/api/v1/challenges/{id}/cancel", kUser, kChallenge},
             [&challenges](const Call& c) {
               return render(app::cancel_challenge(challenges, c.caller(), c.id));
             });
  routes.add({"POST", "/api/v1/games/{id}/rematch", Access::kPlayer, IdKind::kGame},
             [&challenges](const Call& c) {
               return render(app::rematch(challenges, c.caller(), c.id), 201);
             });
}

}  // namespace corrchess::api
