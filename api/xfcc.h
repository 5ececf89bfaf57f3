// Xfcc, the SOAP web service of correspondence-chess desktop clients (docs/api.md "Xfcc"):
// POST /xfcc/XfccBasic.asmx (GetMyGames, MakeAMove; dispatched on the body's element name,
// since Scid sends no SOAPAction) and GET /xfcc/XfccBasic.asmx?WSDL. The XML is read and
// written by api/xfcc_codec; this adapter authenticates the username and password of each
// request (throttled like POST /auth/login) and runs every action through the same game
// commands and transaction as the REST API, so conditional replies, live events and the
// movecount precondition behave the same.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "api/accounts.h"
#include "api/games.h"
#include "api/router.h"
#include "api/xfcc_codec.h"
#include "app/game_talk.h"

namespace corrchess::api {

// Whether `path` (without its query) is the Xfcc service's.
bool is_xfcc_path(std::string_view path);
// The SOAP fault (status 500, Client) that answers a request to the service refused before it
// reached a route (a body over the server's limit, CORRCHESS_MAX_BODY_BYTES): Xfcc clients
// read faults, not problem+json.
Response xfcc_refusal(const Error& error);

// Registers the two routes. `games` and `talk` must outlive the router.
void add_xfcc_routes(Router& router, GameServiceDeps& games, app::TalkDeps& talk,
                     AccountOptions accounts);

// The user's games as Xfcc shows them: every game not over yet and those finished in the
// last 30 days, with links under `base_url` ("http://host:port"). `message` is what the
// opponent wrote with their last move, or after the end of a finished game.
Result<std::vector<xfcc::Game>> xfcc_my_games(GameServiceDeps& deps, app::TalkDeps& talk,
                                              const model::User& user, const std::string& base_url);

// One MakeAMove by `user`: resign, accept the standing draw offer, claim a draw (threefold
// or fifty moves, myMove the intended move) or play myMove (submitted and accepted at once,
// with the draw offer and message), in that order of precedence; one game command in one
// transaction. A message sent with a resignation or draw acceptance is posted to the game's
// thread afterwards. The answer is the Xfcc result code.
xfcc::MoveResult xfcc_make_a_move(GameServiceDeps& deps, app::TalkDeps& talk,
                                  const model::User& user, const xfcc::MakeAMove& request);

}  // namespace corrchess::api
