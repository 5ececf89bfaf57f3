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
  Fields in(body);
  const auto settings = in.take(parse_rule_settings(body));
  app::ChallengeRequest r;
  r.setup.variant = settings.variant;
  r.setup.start_position = settings.start_position;
  r.setup.time_control = settings.time_control;
  r.setup.rules = settings.rules;
  r.opponent = in.optional_string("opponent", 64);
  if (auto color = in.take(optional_keyword(body, "color", game::parse_challenge_color))) {
    r.color = *color;
  }
  if (auto rated = in.optional_bool("rated")) r.rated = *rated;
  if (auto min_games =
          in.take(optional_int_in(body, "min_finished_games", 0, kMaxMinFinishedGames))) {
    r.min_finished_games = *min_games;
  }
  const auto range = in.take(parse_rating_range(body));
  r.min_rating = range.min_rating;
  r.max_rating = range.max_rating;
  r.message = in.optional_string("message", kMaxMessageBytes, Text::kMultiline);
  r.expires_at = in.take(optional_instant(body, "expires_at"));
  return in.finish(ChallengeBody{r});
}

// POST /challenges/{id}/decline: {reason?}.
using DeclineBody = OptionalReasonBody<kMaxMessageBytes>;
json list_json(const std::vector<app::ChallengeView>& views) {
  json out = json::array();
  for (const auto& v : views) out.push_back(model::challenge_json(v.stored, v.status));
  return out;
}

Result<Response> render(const Result<app::ChallengeView>& view, int status = 200) {
  if (!view) return std::unexpected(view.error());
  return json_response(status, model::challenge_json(view->stored, view->status));
}

}  // namespace

void add_challenge_routes(Router& router, app::ChallengeDeps& challenges, GameServiceDeps& games) {
  Routes routes(router, challenges.pool, "challenges");
  routes.add(
      {"POST", "/api/v1/challenges", kUser,
       Doc("Challenge a player, or anyone (open challenge)", 201,
           "the challenge {id, challenger, opponent, status, color, variant, time_control, rated, "
           "created_at, expires_at, message?, ...}; 409 too_many_challenges or too_many_games at "
           "the server's limits")
           .in(with_rule_settings(
                   {{"opponent", "string", false, "username; absent: open to anyone"},
                    {"color", "string", false, "white, black or random (default)"},
                    {"rated", "boolean", false, "default true"},
                    {"min_finished_games", "integer", false,
                     "open challenges only: the acceptor's finished games"},
                    {"min_rating", "integer", false,
                     "open challenges only: 0..4000, the acceptor's lowest rating"},
                    {"max_rating", "integer", false,
                     "open challenges only: 0..4000, the acceptor's highest rating"},
                    {"message", "string", false, "at most 1000 characters"},
                    {"expires_at", "string", false, "RFC 3339; default 14 days from now"}},
                   "absent: drawn at random when accepted"),
               {{"opponent", "bob"},
                {"time_control", time_control_example()},
                {"color", "random"}})},
      BodyHandler<ChallengeBody>([&challenges](const Call& c, ChallengeBody&& b) {
        return render(app::create_challenge(challenges, c.caller(), b.challenge), 201);
      }));
  routes.add(
      {"GET", "/api/v1/challenges", kUser,
       Doc("The caller's open challenges", 200,
           "{incoming: [Challenge], outgoing: [Challenge], open: [Challenge]} (open: others' "
           "open challenges), oldest first")},
      [&challenges](const Call& c) -> Result<Response> {
        TRY_LET(lists, app::list_challenges(challenges, c.caller()));
        return json_response(200, {{"incoming", list_json(lists->incoming)},
                                   {"outgoing", list_json(lists->outgoing)},
                                   {"open", list_json(lists->open)}});
      });
  routes.add({"GET", "/api/v1/challenges/{id}", kUser, kChallenge,
              Doc("A challenge", 200,
                  "the challenge (its players, directors, and anyone for an open challenge)")},
             [&challenges](const Call& c) {
               return render(app::get_challenge(challenges, c.caller(), c.id));
             });
  routes.add({"POST", "/api/v1/challenges/{id}/accept", kUser, kChallenge,
              Doc("Accept: the game is created and starts at once", 201,
                  "{challenge, game}; 409 challenge_closed when no longer open")},
             [&challenges, &games](const Call& c) -> Result<Response> {
               TRY_LET(accepted, app::accept_challenge(challenges, c.caller(), c.id));
               TRY_LET(shown, app::view_game(games, c.caller(), accepted->game_id));
               return json_response(
                   201, {{"challenge", model::challenge_json(accepted->challenge.stored,
                                                             accepted->challenge.status)},
                         {"game", game_json(*shown)}});
             });
  routes.add(
      {"POST", "/api/v1/challenges/{id}/decline", kUser, kChallenge,
       Doc("Decline a challenge addressed to the caller", 200, "the challenge")
           .in({{"reason", "string", false, ""}}, {{"reason", "too many games at the moment"}})},
      BodyHandler<DeclineBody>([&challenges](const Call& c, DeclineBody&& b) {
        return render(app::decline_challenge(challenges, c.caller(), c.id, b.reason));
      }));
  routes.add({"POST", "/api/v1/challenges/{id}/cancel", kUser, kChallenge,
              Doc("Cancel the caller's challenge", 200, "the challenge")},
             [&challenges](const Call& c) {
               return render(app::cancel_challenge(challenges, c.caller(), c.id));
             });
  routes.add({"POST", "/api/v1/games/{id}/rematch", Access::kPlayer, IdKind::kGame,
              Doc("Challenge the opponent of a finished game again, colours swapped", 201,
                  "the challenge")},
             [&challenges](const Call& c) {
               return render(app::rematch(challenges, c.caller(), c.id), 201);
             });
}

}  // namespace corrchess::api
