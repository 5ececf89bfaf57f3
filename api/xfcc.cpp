#include "api/xfcc.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <variant>

#include "api/pipeline.h"
#include "api/xfcc_wsdl.h"
#include "app/server_status.h"
#include "core/game/time_control.h"

namespace corrchess::api {

namespace {

using game::Color;
using nlohmann::json;

constexpr const char* kPath = "/xfcc/XfccBasic.asmx";
// Finished games stay in GetMyGames this long, so the client sees how they ended.
constexpr int kFinishedShownForDays = 30;

// ---- the games ----

// The game's moves as PGN movetext without a result ("1. e4 e5 2. Nf3"); the numbering
// starts from the initial position's move number and side.
std::string movetext(const game::GameState& s) {
  std::string out;
  int number = s.initial.fullmove_number();
  Color side = s.initial.side_to_move();
  for (const auto& m : s.moves) {
    if (!out.empty()) out += ' ';
    if (side == Color::kWhite) {
      out += std::to_string(number) + ". ";
    } else if (out.empty()) {
      out += std::to_string(number) + "... ";
    }
    out += m.san;
    if (side == Color::kBlack) ++number;
    side = side == Color::kWhite ? Color::kBlack : Color::kWhite;
  }
  return out;
}

xfcc::Game xfcc_game(const app::MyGame& mine, const std::string& base_url) {
  const auto& shown = mine.game;
  const auto& event_name = mine.event_name;
  const auto& s = shown.state;
  const auto& setup = shown.stored.facts.setup;
  const Color me = shown.viewer.value_or(Color::kWhite);
  const Color them = me == Color::kWhite ? Color::kBlack : Color::kWhite;
  xfcc::Game g;
  g.id = shown.stored.id;
  g.white = shown.stored.white.display_name;
  g.black = shown.stored.black.display_name;
  g.event = event_name.value_or("corrchess game " + std::to_string(shown.stored.id));
  g.site = "corrchess";
  g.my_turn = s.status == game::GameStatus::kOngoing && s.to_move == me;
  g.has_white = me == Color::kWhite;
  g.player = xfcc::clock_left(s.clock_of(me).remaining);
  g.opponent = xfcc::clock_left(s.clock_of(them).remaining);
  g.moves = movetext(s);
  g.draw_offered = s.draw_offer.has_value() && s.draw_offer->by == them;
  g.result = xfcc::game_result(s.status, s.result, s.termination);
  if (!s.moves.empty() && s.moves.back().side == them && s.moves.back().message) {
    g.message = *s.moves.back().message;
  }
  if (const auto& clock = s.clock_of(me); g.my_turn && clock.deadline) {
    g.server_info = "Your move is due by " + game::format_rfc3339(*clock.deadline);
  } else if (!s.end_reason.empty()) {
    g.server_info = s.end_reason;
  }
  g.game_link = base_url + "/api/v1/games/" + std::to_string(shown.stored.id);
  const auto date = game::utc_date(setup.start_at);
  char text[16];
  std::snprintf(text, sizeof text, "%04d.%02d.%02d", date.year, date.month, date.day);
  g.event_date = text;
  g.white_elo = mine.white.rating;
  g.black_elo = mine.black.rating;
  g.time_control = game::pgn_time_control(setup.time_control);
  g.round = mine.round;
  g.white_country = mine.white.country;
  g.black_country = mine.black.country;
  // Scid knows standard chess only: a Chess960 game says so and gives its start position.
  const bool chess960 = setup.variant == game::Variant::kChess960;
  g.setup = chess960 || s.initial.fen() != chess::Position::startpos().fen();
  if (g.setup) g.fen = s.initial.fen();
  if (chess960) g.variant = "chess960";
  return g;
}

// ---- the move ----

// Whether `user` lost game `id` on time (a flag fall or a 40-day silence, rules.md §4.6): the
// reason a refused move is answered LostOnTime.
bool lost_on_time(GameServiceDeps& deps, const model::User& user, std::int64_t id) {
  auto shown = app::view_game(deps, user, id);
  if (!shown || !shown->viewer) return false;
  const auto& s = shown->state;
  const auto won =
      *shown->viewer == Color::kWhite ? game::GameResult::kBlackWins : game::GameResult::kWhiteWins;
  return (s.termination == game::Termination::kTimeForfeit ||
          s.termination == game::Termination::kSilence) &&
         s.result == won;
}

// A use case's success as nothing, or its error.
template <class T>
Result<void> ok_or_error(const Result<T>& result) {
  if (!result) return std::unexpected(result.error());
  return {};
}

// ---- HTTP ----

Response soap(int status, std::string body) {
  return text_response(status, std::string(xfcc::kContentType), std::move(body));
}

Response fault(xfcc::Fault f) { return soap(500, xfcc::encode_fault(f)); }

// "http://host[:port]" as the client reached the server (https behind a proxy that says so).
std::string base_url(const Request& request) {
  std::string host = request.header("host").value_or("");
  const bool plain = !host.empty() && std::ranges::all_of(host, [](unsigned char c) {
    return std::isalnum(c) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']';
  });
  if (!plain) host = "localhost";
  const bool https = request.header("x-forwarded-proto").value_or("") == "https";
  return (https ? "https://" : "http://") + host;
}

bool wants_wsdl(const Request& request) {
  return std::ranges::any_of(request.query, [](const auto& entry) {
    std::string key = entry.first;
    std::ranges::transform(key, key.begin(), [](unsigned char c) { return std::tolower(c); });
    return key == "wsdl";
  });
}

// XML or SOAP media types, or none; JSON and forms are not read as SOAP.
bool xml_media_type(const Request& request) {
  auto type = request.header("content-type");
  if (!type) return true;
  std::string media = type->substr(0, type->find(';'));
  std::erase_if(media, [](char c) { return c == ' ' || c == '\t'; });
  std::ranges::transform(media, media.begin(), [](unsigned char c) { return std::tolower(c); });
  return media.empty() || media == "text/xml" || media == "application/xml" ||
         media == "application/soap+xml";
}

Response handle_post(GameServiceDeps& games, app::TalkDeps& talk, const AccountOptions& accounts,
                     const Request& request) {
  if (!xml_media_type(request)) {
    Response r = fault({xfcc::Fault::Code::kClient, "Xfcc requests are SOAP: send text/xml"});
    r.status = 415;
    return r;
  }
  auto operation = xfcc::decode_request(request.body);
  if (!operation) return fault(operation.error());
  const auto& credentials = std::visit(
      [](const auto& op) -> const xfcc::Credentials& { return op.credentials; }, *operation);
  std::int64_t wait = 0;
  auto user = app::check_credentials(games.pool, accounts, credentials.username,
                                     credentials.password, request.remote, wait);
  const bool get_games = std::holds_alternative<xfcc::GetMyGames>(*operation);
  if (!user && user.error().code == ErrorCode::kRateLimited) {
    Response r = fault({xfcc::Fault::Code::kClient,
                        "AuthenticationFailed: too many failed sign-ins; try again in " +
                            std::to_string(wait) + " s"});
    r.headers.emplace_back("Retry-After", std::to_string(wait));
    return r;
  }
  if (!user && user.error().code == ErrorCode::kUnauthorized) {
    if (!get_games) {
      return soap(200, xfcc::encode_move_result(xfcc::MoveResult::kAuthenticationFailed));
    }
    // Scid alerts its user when a fault names AuthenticationFailed.
    return fault(
        {xfcc::Fault::Code::kClient, "AuthenticationFailed: invalid username or password"});
  }
  if (!user) return fault({xfcc::Fault::Code::kServer, "ServerError: " + user.error().detail});
  if (get_games) {
    auto list = xfcc_my_games(games, talk, *user, base_url(request));
    if (!list) return fault({xfcc::Fault::Code::kServer, "ServerError: " + list.error().detail});
    return soap(200, xfcc::encode_games(*list));
  }
  const auto result = xfcc_make_a_move(games, talk, *user, std::get<xfcc::MakeAMove>(*operation));
  return soap(200, xfcc::encode_move_result(result));
}

}  // namespace

Result<std::vector<xfcc::Game>> xfcc_my_games(GameServiceDeps& deps, app::TalkDeps& talk,
                                              const model::User& user,
                                              const std::string& base_url) {
  TRY_LET(mine, app::my_games(deps, user, kFinishedShownForDays));
  std::vector<xfcc::Game> games;
  for (const auto& entry : *mine) {
    const auto& shown = entry.game;
    auto g = xfcc_game(entry, base_url);
    if (game::is_over(shown.state.status)) {
      // A word after the end (with a resignation, an acceptance, or later) comes last.
      TRY_LET(thread, app::game_messages(talk, user, shown.stored.id));
      if (!thread->empty() && !thread->back().ply && thread->back().author != user.username) {
        g.message = thread->back().text;
      }
    }
    games.push_back(std::move(g));
  }
  return games;
}

xfcc::MoveResult xfcc_make_a_move(GameServiceDeps& deps, app::TalkDeps& talk,
                                  const model::User& user, const xfcc::MakeAMove& request) {
  using xfcc::Action;
  if (request.game_id <= 0) return xfcc::MoveResult::kInvalidGameId;
  // Scid fills myMove and movecount with the last move on the board when resigning or
  // accepting a draw: both are ignored then.
  const Action action = request.resign        ? Action::kResign
                        : request.accept_draw ? Action::kAcceptDraw
                        : request.claim_draw  ? Action::kClaimDraw
                                              : Action::kMove;
  // Scid sends the full-move number of the move it plays; it is checked only for moves and
  // claims, and only while the user is to move (NotYourTurn comes first).
  app::Precondition expect;
  expect.new_moves_only = true;  // MakeAMove answers with a result code only
  if (action == Action::kMove || action == Action::kClaimDraw)
    expect.move_number = request.movecount;
  Result<void> done;
  switch (action) {
    case Action::kResign: done = ok_or_error(app::resign(deps, user, request.game_id)); break;
    case Action::kAcceptDraw:
      done = ok_or_error(app::accept_draw(deps, user, request.game_id));
      break;
    case Action::kClaimDraw:
      done = ok_or_error(app::claim_draw(deps, user, request.game_id, request.my_move, expect));
      break;
    case Action::kMove: {
      // Submit and accept in one step: the client already confirmed the move.
      game::MoveRequest move{request.my_move, request.offer_draw, std::nullopt, false};
      if (!request.my_message.empty()) move.message = request.my_message;
      done = ok_or_error(app::play_move(deps, user, request.game_id, move, expect));
      break;
    }
  }
  if (!done) {
    const auto code = done.error().code;
    return xfcc::move_result_for(
        code, action, code == ErrorCode::kGameOver && lost_on_time(deps, user, request.game_id));
  }
  if (action == Action::kMove) {
    deps.metrics.add("corrchess_moves_accepted_total", 1, "Moves accepted.");
  }
  const bool ended = action == Action::kResign || action == Action::kAcceptDraw;
  if (ended && !request.my_message.empty()) {
    if (auto posted = app::post_game_message(talk, user, request.game_id, request.my_message);
        !posted) {
      app::log_internal_error("xfcc: the message after game " + std::to_string(request.game_id) +
                              " ended was not posted: " + posted.error().detail);
    }
  }
  return xfcc::MoveResult::kSuccess;
}

bool is_xfcc_path(std::string_view path) { return path == kPath; }

Response xfcc_refusal(const Error& error) {
  return fault({xfcc::Fault::Code::kClient, error.detail});
}

void add_xfcc_routes(Router& router, GameServiceDeps& games, app::TalkDeps& talk,
                     AccountOptions accounts) {
  // Public routes: the credentials travel in the SOAP body, and every answer (faults
  // included) is a SOAP envelope, never problem+json.
  Routes routes(router, games.pool, "xfcc");
  routes.add(
      {"GET", kPath, Access::kNone,
       Doc("Xfcc for desktop clients: with ?WSDL the WSDL of the SOAP service, else a short note",
           200, "WSDL (XML)")
           .q({{"WSDL", "string", false, "present (any value): answer the WSDL"}})
           .as("text/xml; charset=utf-8")
           .soap_route()},
      [](const Call& c) -> Result<Response> {
        if (!wants_wsdl(c.request)) {
          return text_response(
              200, "text/plain; charset=utf-8",
              "Xfcc (XfccBasic) web service of corrchess: POST SOAP 1.1 requests "
              "here; the WSDL is at ?WSDL, the guide is the section Xfcc of /docs/api.md.\n");
        }
        return soap(200, xfcc::wsdl(base_url(c.request) + kPath));
      });
  routes.add({"POST", kPath, Access::kNone,
              Doc("Xfcc SOAP 1.1 operations GetMyGames and MakeAMove (username and password in the "
                  "body, throttled like logins)",
                  200, "SOAP envelope; a SOAP fault with status 500")
                  .as("text/xml; charset=utf-8")
                  .soap_route()},
             [&games, &talk, accounts](const Call& c) -> Result<Response> {
               return handle_post(games, talk, accounts, c.request);
             });
}

}  // namespace corrchess::api
