#include "api/xfcc.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <variant>

#include "api/xfcc_wsdl.h"
#include "core/game/time_control.h"
#include "db/transaction.h"

namespace corrchess::api {

namespace {

using game::Color;
using nlohmann::json;

constexpr const char* kPath = "/xfcc/XfccBasic.asmx";
// Finished games stay in GetMyGames this long, so the client sees how they ended.
constexpr game::Seconds kFinishedShownFor = game::days(30);
constexpr int kMaxActiveGames = 1000;
constexpr int kMaxFinishedGames = 50;

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

xfcc::GameResult game_result(const game::GameState& s) {
  using R = xfcc::GameResult;
  switch (s.status) {
    case game::GameStatus::kNotStarted:
    case game::GameStatus::kOngoing: return R::kOngoing;
    case game::GameStatus::kAdjudicationPending: return R::kAdjudicationPending;
    case game::GameStatus::kAnnulled: return R::kCancelled;
    case game::GameStatus::kFinished: break;
  }
  if (!s.result) return R::kOngoing;
  const auto t = s.termination.value_or(game::Termination::kCheckmate);
  switch (*s.result) {
    case game::GameResult::kDoubleDefault: return R::kBothDefaulted;
    case game::GameResult::kWhiteWins:
      if (t == game::Termination::kAdjudication) return R::kWhiteWinAdjudicated;
      return t == game::Termination::kDefault ? R::kBlackDefaulted : R::kWhiteWins;
    case game::GameResult::kBlackWins:
      if (t == game::Termination::kAdjudication) return R::kBlackWinAdjudicated;
      return t == game::Termination::kDefault ? R::kWhiteDefaulted : R::kBlackWins;
    case game::GameResult::kDraw:
      return t == game::Termination::kAdjudication ? R::kDrawAdjudicated : R::kDraw;
  }
  return R::kOngoing;
}

xfcc::Game xfcc_game(const Applied& shown, const std::optional<std::string>& event_name,
                     const std::string& base_url) {
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
  g.result = game_result(s);
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
  g.time_control = game::pgn_time_control(setup.time_control);
  // Scid knows standard chess only: a Chess960 game says so and gives its start position.
  const bool chess960 = setup.variant == game::Variant::kChess960;
  g.setup = chess960 || s.initial.fen() != chess::Position::startpos().fen();
  if (g.setup) g.fen = s.initial.fen();
  if (chess960) g.variant = "chess960";
  return g;
}

// ---- the move ----

using Trees = std::array<game::ConditionalTree, 2>;

// Both players' conditional trees as stored (the one of the side to move stays empty), for
// the replies an accepted move or a claim's intended move may trigger.
Trees conditional_trees(const db::StoredGame& g, const game::Game& game) {
  Trees trees;
  for (Color c : {Color::kWhite, Color::kBlack}) {
    const auto& lines = g.conditional[chess::index(c)];
    if (lines.empty() || game.state().to_move == c) continue;
    if (auto tree = game::ConditionalTree::build(game.state().position, c, lines)) {
      trees[chess::index(c)] = std::move(*tree);
    }
  }
  return trees;
}

// The movecount precondition: when `side` is to move, `movecount` must be the number of the
// move it plays (kStaleGame otherwise). When it is not to move, the command itself says why.
Result<void> check_movecount(const game::GameState& s, Color side, int movecount) {
  if (s.status != game::GameStatus::kOngoing || s.to_move != side) return {};
  const int expected = 2 * (movecount - s.initial.fullmove_number()) + chess::index(side) -
                       chess::index(s.initial.side_to_move());
  if (expected == s.ply) return {};
  const int number =
      (s.ply + chess::index(s.initial.side_to_move())) / 2 + s.initial.fullmove_number();
  return fail(ErrorCode::kStaleGame, "movecount " + std::to_string(movecount) +
                                         " is not the move to play (" + std::to_string(number) +
                                         ")");
}

Result<std::optional<game::Outcome>> stored(Result<game::Outcome> outcome) {
  if (!outcome) return std::unexpected(outcome.error());
  return std::optional<game::Outcome>{std::move(*outcome)};
}

// A claim with the intended move: threefold when that is correct, else fifty moves when that
// is, else the threefold claim as the rules treat an incorrect one (it stands as a draw
// offer and the intended move is played).
Result<game::Outcome> claim_draw(const db::StoredGame& g, const game::Game& game, Color side,
                                 const std::string& move) {
  game::ClaimRequest request;
  if (!move.empty()) request.move = move;
  request.type = game::ClaimType::kThreefold;
  auto threefold = game::claim(game, side, request, conditional_trees(g, game));
  if (!threefold || threefold->upheld) return threefold;
  request.type = game::ClaimType::kFiftyMoves;
  auto fifty = game::claim(game, side, request, conditional_trees(g, game));
  if (fifty && fifty->upheld) return fifty;
  return threefold;
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
  auto user = check_credentials(games.pool, accounts, credentials.username, credentials.password,
                                request.remote, wait);
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
                                              const db::User& user, const std::string& base_url) {
  // Which games (with their event names), then each as the user sees it now.
  auto listed = db::in_transaction(deps.pool, [&](pqxx::work& tx) {
    std::vector<db::GameListEntry> out;
    db::GameListFilter active;
    active.status = "active";
    std::optional<db::GameListCursor> after;
    do {
      auto page = db::list_games(tx, user.id, active, after, 200);
      out.insert(out.end(), page.games.begin(), page.games.end());
      after = page.next;
    } while (after && out.size() < kMaxActiveGames);
    db::GameListFilter finished;
    finished.status = "finished";
    auto page = db::list_games(tx, user.id, finished, std::nullopt, kMaxFinishedGames);
    out.insert(out.end(), page.games.begin(), page.games.end());
    return Result<std::vector<db::GameListEntry>>(std::move(out));
  });
  if (!listed) return std::unexpected(listed.error());
  std::vector<xfcc::Game> games;
  for (const auto& entry : *listed) {
    auto shown = view_game(deps, user, entry.id);
    if (!shown) return std::unexpected(shown.error());
    const auto& s = shown->state;
    if (game::is_over(s.status) && s.finished_at && s.now - *s.finished_at > kFinishedShownFor) {
      continue;
    }
    auto g = xfcc_game(*shown, entry.event_name, base_url);
    if (game::is_over(s.status)) {
      // A word after the end (with a resignation, an acceptance, or later) comes last.
      auto thread = app::game_messages(talk, user, entry.id);
      if (!thread) return std::unexpected(thread.error());
      if (!thread->empty() && !thread->back().ply && thread->back().author != user.username) {
        g.message = thread->back().text;
      }
    }
    games.push_back(std::move(g));
  }
  std::ranges::sort(games, {}, &xfcc::Game::id);
  return games;
}

xfcc::MoveResult xfcc_make_a_move(GameServiceDeps& deps, app::TalkDeps& talk, const db::User& user,
                                  const xfcc::MakeAMove& request) {
  using xfcc::Action;
  if (request.game_id <= 0) return xfcc::MoveResult::kInvalidGameId;
  // Scid fills myMove and movecount with the last move on the board when resigning or
  // accepting a draw: both are ignored then.
  const Action action = request.resign        ? Action::kResign
                        : request.accept_draw ? Action::kAcceptDraw
                        : request.claim_draw  ? Action::kClaimDraw
                                              : Action::kMove;
  bool lost_on_time = false;
  auto applied = run_game_command(
      deps, user, request.game_id, true,
      [&](db::StoredGame& g, const game::Game& game, std::optional<Color> side, pqxx::work&,
          json&) -> Result<std::optional<game::Outcome>> {
        const auto& s = game.state();
        const auto won =
            *side == Color::kWhite ? game::GameResult::kBlackWins : game::GameResult::kWhiteWins;
        // Out of time: the flag fell, or 40 days passed without a move (silence, §4.6).
        lost_on_time = (s.termination == game::Termination::kTimeForfeit ||
                        s.termination == game::Termination::kSilence) &&
                       s.result == won;
        switch (action) {
          case Action::kResign: return stored(game::resign(game, *side));
          case Action::kAcceptDraw: return stored(game::accept_draw(game, *side));
          case Action::kClaimDraw:
          case Action::kMove: break;
        }
        if (auto ok = check_movecount(s, *side, request.movecount); !ok) {
          return std::unexpected(ok.error());
        }
        if (action == Action::kClaimDraw)
          return stored(claim_draw(g, game, *side, request.my_move));
        game::MoveRequest move{request.my_move, request.offer_draw, std::nullopt, false};
        if (!request.my_message.empty()) move.message = request.my_message;
        // Submit and accept in one step: the client already confirmed the move.
        auto pending = game::submit_move(game, *side, move);
        if (!pending) return std::unexpected(pending.error());
        return stored(
            game::accept_move(game, *side, *pending, pending->uci, conditional_trees(g, game)));
      });
  if (!applied) return xfcc::move_result_for(applied.error().code, action, lost_on_time);
  if (action == Action::kMove) {
    deps.metrics.add("corrchess_moves_accepted_total", 1, "Moves accepted.");
  }
  const bool ended = action == Action::kResign || action == Action::kAcceptDraw;
  if (ended && !request.my_message.empty()) {
    if (auto posted = app::post_game_message(talk, user, request.game_id, request.my_message);
        !posted) {
      db::log_database_error("xfcc: the message after game " + std::to_string(request.game_id) +
                             " ended was not posted: " + posted.error().detail);
    }
  }
  return xfcc::MoveResult::kSuccess;
}

void add_xfcc_routes(Router& router, GameServiceDeps& games, app::TalkDeps& talk,
                     AccountOptions accounts) {
  router.add("GET", kPath, [](const Request& r, const PathParams&) {
    if (!wants_wsdl(r)) {
      return text_response(
          200, "text/plain; charset=utf-8",
          "Xfcc (XfccBasic) web service of corrchess: POST SOAP 1.1 requests "
          "here; the WSDL is at ?WSDL, the guide is the section Xfcc of /docs/api.md.\n");
    }
    return soap(200, xfcc::wsdl(base_url(r) + kPath));
  });
  router.add("POST", kPath, [&games, &talk, accounts](const Request& r, const PathParams&) {
    return handle_post(games, talk, accounts, r);
  });
}

}  // namespace corrchess::api
