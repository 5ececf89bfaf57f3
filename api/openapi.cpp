#include "api/openapi.h"

#include <cctype>
#include <set>

#include "api/problem.h"
#include "api/rule_settings.h"
#include "core/error.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

constexpr Access kNone = Access::kNone;
constexpr Access kUser = Access::kUser;
constexpr Access kPlayer = Access::kPlayer;
constexpr Access kDirector = Access::kDirector;
constexpr Access kAdmin = Access::kAdmin;

// One table entry: the route line, then optional body / query / content type.
struct Doc : RouteDoc {
  Doc(std::string m, std::string p, Access a, std::string s, int st, std::string resp,
      std::string sch = "") {
    method = std::move(m);
    path = std::move(p);
    access = a;
    summary = std::move(s);
    status = st;
    response = std::move(resp);
    schema = std::move(sch);
  }
  Doc&& in(std::vector<FieldDoc> fields, json ex) && {
    body = std::move(fields);
    example = std::move(ex);
    return std::move(*this);
  }
  Doc&& q(std::vector<FieldDoc> params) && {
    query = std::move(params);
    return std::move(*this);
  }
  Doc&& as(std::string type) && {
    content_type = std::move(type);
    return std::move(*this);
  }
  Doc&& ws() && {
    websocket = true;
    return std::move(*this);
  }
  Doc&& streamed() && {
    stream = true;
    return std::move(*this);
  }
  Doc&& soap_route() && {
    soap = true;
    return std::move(*this);
  }
  Doc&& manual() && {
    manual_clock_only = true;
    return std::move(*this);
  }
};

// The optional precondition of game writes (also If-Match: "<version>").
const char* const kPlyPrecondition =
    "plies the client saw; 409 stale_game (with the current game) when the game has moved on";

const json kTimeControlExample = {{"type", "iccf"}, {"moves", 10}, {"days", 50}};

// A route's own body fields followed by the rule settings POST /admin/games and
// /admin/events share (api/rule_settings.h, one parser with one set of bounds).
std::vector<FieldDoc> with_rule_settings(std::vector<FieldDoc> fields,
                                         const std::string& start_position_default) {
  const auto range = [](int lo, int hi) { return std::to_string(lo) + ".." + std::to_string(hi); };
  const FieldDoc shared[] = {
      {"time_control", "object", true, "see TimeControl"},
      {"variant", "string", false, "standard or chess960"},
      {"start_position", "integer", false,
       "Chess960 only, " + range(kMinStartPosition, kMaxStartPosition) + "; " +
           start_position_default},
      {"start_at", "string", false, "RFC 3339; default now"},
      {"draw_min_moves", "integer", false,
       range(0, kMaxDrawMinMoves) + ": no agreed draw before this move; default 0 (no limit)"},
      {"ten_moves_rule", "boolean", false, "default true"},
      {"silence_rule", "boolean", false, "default true"},
      {"messages_allowed", "boolean", false, "default true"}};
  fields.insert(fields.end(), std::begin(shared), std::end(shared));
  return fields;
}

// Every route of the server. Keep in step with the registrations (the unit test
// OpenApi.DocumentMatchesTheRegisteredRoutes fails otherwise).
std::vector<RouteDoc> build_table() {
  std::vector<RouteDoc> t;
  auto add = [&t](RouteDoc d) { t.push_back(std::move(d)); };

  // Operations.
  add(Doc("GET", "/", kNone, "The first page: what this server is, its version, links", 200,
          "HTML page")
          .as("text/html; charset=utf-8"));
  for (const char* doc : {"rules", "api", "operations", "ratings"}) {
    add(Doc("GET", std::string("/docs/") + doc + ".md", kNone,
            std::string("Documentation: ") + doc + ".md", 200, "Markdown text")
            .as("text/markdown; charset=utf-8"));
  }
  add(Doc("GET", "/healthz", kNone, "Liveness", 200,
          "{status: ok, version} while the process runs"));
  add(Doc("GET", "/readyz", kNone, "Readiness", 200,
          "{status: ready} when the database is reachable and migrated, else 503"));
  add(Doc("GET", "/metrics", kNone,
          "Prometheus metrics (with CORRCHESS_METRICS_TOKEN set: only with that bearer token)", 200,
          "Prometheus text format")
          .as("text/plain; version=0.0.4"));
  add(Doc("GET", "/api/v1/openapi.json", kNone, "This document", 200, "OpenAPI 3.1 document"));
  add(Doc("GET", "/xfcc/XfccBasic.asmx", kNone,
          "Xfcc for desktop clients: with ?WSDL the WSDL of the SOAP service, else a short note",
          200, "WSDL (XML)")
          .q({{"WSDL", "string", false, "present (any value): answer the WSDL"}})
          .as("text/xml; charset=utf-8")
          .soap_route());
  add(Doc("POST", "/xfcc/XfccBasic.asmx", kNone,
          "Xfcc SOAP 1.1 operations GetMyGames and MakeAMove (username and password in the "
          "body, throttled like logins)",
          200, "SOAP envelope; a SOAP fault with status 500")
          .as("text/xml; charset=utf-8")
          .soap_route());
  add(Doc("GET", "/api/v1/ws", kUser, "Live events (WebSocket upgrade)", 101,
          "switching protocols; then {type: hello, user, seq}, the messages numbered above "
          "`since` that are still kept (or {type: resync, seq} when some are gone), then one "
          "JSON message {type, seq, game_id, at, ...} per event; send {subscribe: game_id} to "
          "follow another game. The token may also come as the `token` query parameter")
          .q({{"token", "string", false, "bearer token, instead of the Authorization header"},
              {"since", "integer", false,
               "the seq of the last message the client saw: resume after it"}})
          .ws());
  add(Doc("GET", "/api/v1/stream", kUser, "Live events as newline-delimited JSON", 200,
          "the messages of GET /api/v1/ws (hello, replay after `since`, live), one JSON object "
          "per line, empty lines as keep-alive; the response stays open")
          .q({{"token", "string", false, "bearer token, instead of the Authorization header"},
              {"since", "integer", false,
               "the seq of the last message the client saw: resume after it"}})
          .as("application/x-ndjson")
          .streamed());

  // Accounts.
  add(Doc("POST", "/api/v1/auth/register", kNone, "Register an account", 201, "the user", "User")
          .in({{"username", "string", true, "[A-Za-z0-9_.-]{2,32}"},
               {"password", "string", true, "at least 8 characters"},
               {"display_name", "string", false, ""},
               {"email", "string", false, ""}},
              {{"username", "newcomer"}, {"password", "correct-horse-battery"}}));
  add(Doc("POST", "/api/v1/auth/login", kNone, "Log in", 200,
          "{token, expires_at, user}; with cookie: {expires_at, user, csrf_token} and the "
          "session in an HttpOnly cookie")
          .in({{"username", "string", true, ""},
               {"password", "string", true, ""},
               {"cookie", "boolean", false,
                "sign the browser in with a session cookie instead of returning a token"}},
              {{"username", "alice"}, {"password", "correct-horse-battery"}}));
  add(Doc("POST", "/api/v1/auth/logout", kUser, "Revoke the caller's token (or all of them)", 204,
          "no content; a session cookie is cleared")
          .in({{"everywhere", "boolean", false, "end every sign-in of the user"}}, json::object()));
  add(Doc("POST", "/api/v1/me/password", kUser, "Change one's password", 204,
          "no content; every other sign-in of the user ends")
          .in({{"current_password", "string", true, ""},
               {"new_password", "string", true, "at least 8 characters"}},
              {{"current_password", "correct-horse-battery"},
               {"new_password", "correct-horse-battery-2"}}));
  add(Doc("GET", "/api/v1/me", kUser, "The caller, with leave balances per event and year", 200,
          "the user plus leave: [{event_id, year, allowance_days, used_days, special_days, "
          "remaining_days}]",
          "User"));
  add(Doc("PATCH", "/api/v1/me", kUser, "Change one's own profile", 200,
          "the user with email, country, time_zone, language")
          .in({{"display_name", "string", false, "1..64 characters"},
               {"email", "string", false, "null clears it"},
               {"country", "string", false, "ISO 3166-1 alpha-2, e.g. DE; null clears it"},
               {"time_zone", "string", false, "IANA name for display, e.g. Europe/Berlin"},
               {"language", "string", false, "BCP 47 tag, e.g. en or pt-BR"}},
              {{"country", "NL"}, {"time_zone", "Europe/Amsterdam"}}));
  // Account mails.
  add(Doc("POST", "/api/v1/auth/password-reset", kNone,
          "Mail a single-use link to choose a new password (valid one hour)", 202,
          "{status}: the same answer whether or not the account exists or has an address")
          .in({{"username", "string", true, ""}}, {{"username", "alice"}}));
  add(Doc("GET", "/api/v1/auth/password-reset/confirm", kNone,
          "The page behind a password-reset link: a form that posts the new password", 200,
          "HTML page")
          .q({{"token", "string", true, "the token of the mailed link"}})
          .as("text/html; charset=utf-8"));
  add(Doc("POST", "/api/v1/auth/password-reset/confirm", kNone,
          "Set a new password with a mailed token; every session of the account ends", 200,
          "{status} (an HTML page for a form post); 400 validation_error for a used, expired or "
          "unknown token or a password shorter than 8 characters")
          .in({{"token", "string", true, "the token of the mailed link"},
               {"password", "string", true, "at least 8 characters"}},
              {{"token", "the-token-of-the-mail"}, {"password", "a-new-long-password"}}));
  add(Doc("POST", "/api/v1/me/email/verification", kUser,
          "Mail a link that confirms one's address (valid 7 days)", 202,
          "{status}; 400 validation_error without an address, 409 conflict when the server "
          "sends no mail"));
  add(Doc("GET", "/api/v1/auth/verify-email", kNone,
          "The page behind an address-confirmation link: a button that posts it", 200, "HTML page")
          .q({{"token", "string", true, "the token of the mailed link"}})
          .as("text/html; charset=utf-8"));
  add(Doc("POST", "/api/v1/auth/verify-email", kNone,
          "Confirm an address with a mailed token (once)", 200,
          "{status} (an HTML page for a form post); 400 validation_error for a used, expired or "
          "unknown token, or when the address changed since")
          .q({{"token", "string", false, "the token (or in the body)"}}));
  // Notifications.
  add(Doc("GET", "/api/v1/me/notifications", kUser, "One's notification preferences", 200,
          "{channels: {email: {kind: bool}, webhook: {...}}, reminder_hours_before, digest_hour, "
          "time_zone, email} (time_zone and email come from PATCH /me)"));
  add(Doc("PUT", "/api/v1/me/notifications", kUser, "Replace one's notification preferences", 200,
          "the stored preferences, as GET")
          .in({{"channels", "object", false,
                "{email|webhook: {kind: bool}}; kinds not given are on"},
               {"reminder_hours_before", "array", false,
                "whole hours 1..1440, at most 8, distinct; default [168, 72, 24, 8]"},
               {"digest_hour", "integer", false, "0..23 local hour, or null"}},
              {{"channels", {{"email", {{"opponent_moved", false}}}}},
               {"reminder_hours_before", {72, 24}}}));
  add(Doc("GET", "/api/v1/notifications/unsubscribe", kNone,
          "The page behind a mail's unsubscribe link: a form that posts it", 200, "HTML page")
          .q({{"token", "string", true, "the signed token of the mail's List-Unsubscribe link"}})
          .as("text/html; charset=utf-8"));
  add(Doc("POST", "/api/v1/notifications/unsubscribe", kNone,
          "One-click unsubscribe (RFC 8058): switch the mail's kind off by email", 200,
          "HTML page; 400 validation_error for a token this server did not sign")
          .q({{"token", "string", true, "the signed token of the mail's List-Unsubscribe link"}})
          .as("text/html; charset=utf-8"));
  add(Doc("GET", "/api/v1/me/webhooks", kUser, "The webhooks one created", 200,
          "{webhooks: [{id, url, event_id, created_at}]}"));
  add(Doc("POST", "/api/v1/me/webhooks", kUser,
          "Subscribe a URL to one's live messages (or, for directors, an event's games)", 201,
          "{id, url, event_id, created_at, secret}: the whsec_ secret is shown only here")
          .in({{"url", "string", true, "absolute http(s) URL, at most 2000 bytes"},
               {"event_id", "string", false, "directors: the event whose games are sent"}},
              {{"url", "https://hooks.example.org/corrchess"}}));
  add(Doc("DELETE", "/api/v1/me/webhooks/{id}", kUser, "Delete one's webhook", 204, "no content"));
  add(Doc("GET", "/api/v1/me/webhooks/{id}/deliveries", kUser,
          "The deliveries of one's webhook, newest first", 200,
          "{deliveries: [{id, channel, kind, user_id, game_id, status, due_at, attempts, "
          "last_error, finished_at}]}")
          .q({{"limit", "integer", false, "1..500, default 100"}}));
  add(Doc("POST", "/api/v1/me/webhooks/{id}/deliveries/{delivery}/redeliver", kUser,
          "Send a delivery of one's webhook again (same webhook-id)", 202, "{status: queued}"));
  add(Doc("GET", "/api/v1/admin/notifications/failed", kAdmin,
          "Deliveries given up after retrying, newest first", 200,
          "{deliveries: [{id, channel, kind, user_id, game_id, status, due_at, attempts, "
          "last_error, finished_at}]}")
          .q({{"limit", "integer", false, "1..500, default 100"}}));
  add(Doc("GET", "/api/v1/users", kUser, "Find players by the start of their username", 200,
          "{users: [{username, display_name}]} in username order")
          .q({{"prefix", "string", true, "1..32 characters, case-insensitive"},
              {"limit", "integer", false, "1..50, default 20"}}));
  add(Doc("GET", "/api/v1/users/{username}", kUser, "A player's public profile", 200,
          "{username, display_name, country, created_at, games: {played, current, wins, draws, "
          "losses}, on_leave}"));
  add(Doc("GET", "/api/v1/users/{username}/ratings", kUser, "A player's rating history", 200,
          "{username, pools: {standard: {current, history: [{period, first_day, version, rank, "
          "rating, deviation, volatility, games_in_period, total_games, provisional}]}, "
          "chess960: {...}}}; current is null before the player's first list"));
  // Ratings (docs/ratings.md).
  add(Doc("GET", "/api/v1/games/{id}/rating-preview", kUser,
          "Expected score and rating changes of a game", 200,
          "{pool, rated, white: {rating, deviation, rated_before, provisional, expected_score, "
          "change: {win, draw, loss}}, black: {...}}; for whoever may see the game"));
  add(Doc("GET", "/api/v1/ratings/lists", kUser, "The published rating lists", 200,
          "{lists: [{pool, period, period_kind, first_day, last_day, starts_at, ends_at, version, "
          "current, latest_version, published_at, published_by, reason, settings}]}; every "
          "version, newest period first")
          .q({{"pool", "string", false, "standard or chess960 (default: both)"}}));
  add(Doc("GET", "/api/v1/ratings/lists/{period}", kUser, "One period's rating list", 200,
          "the list as in the index with entries: [{rank, username, rating, deviation, "
          "volatility, games_in_period, total_games, provisional}]; CSV with Accept: text/csv "
          "or format=csv")
          .q({{"pool", "string", false, "standard (default) or chess960"},
              {"version", "integer", false, "a superseded version (default: the current one)"},
              {"format", "string", false, "json (default) or csv"}}));
  add(Doc("POST", "/api/v1/admin/ratings/lists/{period}/recompute", kDirector,
          "Recompute a period after a result correction", 201,
          "{lists: [...]}: the new versions of the period's list and of every later one; the "
          "old versions stay, and each new one is audited (rating_list_recomputed)")
          .in({{"pool", "string", false, "standard (default) or chess960"},
               {"reason", "string", true, "non-empty"}},
              {{"reason", "result of game 12 corrected"}}));
  add(Doc("PATCH", "/api/v1/admin/users/{username}", kAdmin, "Change a user's role", 200,
          "the user", "User")
          .in({{"role", "string", true, "player, td or admin"}}, {{"role", "player"}}));

  // Games (players).
  add(Doc("GET", "/api/v1/games", kUser, "The caller's games, one page at a time", 200,
          "{games: [{id, white, black, my_color, opponent, status, to_move, my_turn, variant, "
          "ply, my_deadline, last_move: {san, at}, draw_offer_by, draw_offered_to_me, "
          "my_pending_move, event: {id, name}, result?, termination?}], next_cursor, counts: "
          "{to_move, ongoing, finished}}; newest first, or by the caller's deadline with "
          "to_move=me")
          .q({{"status", "string", false, "active, finished or all (default)"},
              {"to_move", "string", false, "me: only games where the caller is to move"},
              {"event", "string", false, "only the games of this event"},
              {"opponent", "string", false, "only the games against this username"},
              {"variant", "string", false, "standard or chess960"},
              {"limit", "integer", false, "1..200, default 50"},
              {"cursor", "string", false, "next_cursor of the page before"}}));
  add(Doc("GET", "/api/v1/games/{id}", kUser, "A game", 200, "the game", "Game"));
  add(Doc("GET", "/api/v1/games/{id}/pgn", kUser, "A game as PGN", 200, "PGN text")
          .as("application/x-chess-pgn"));
  add(Doc("GET", "/api/v1/games/{id}/board.svg", kUser, "The current position as a picture", 200,
          "SVG picture, last move highlighted")
          .q({{"orientation", "string", false, "white (default) or black at the bottom"},
              {"flip", "string", false, "1/true: turn the board around"}})
          .as("image/svg+xml"));
  add(Doc("POST", "/api/v1/games/{id}/moves", kPlayer, "Submit a move (private, replaceable)", 200,
          "{pending: {move, fen_after, offer_draw, submitted_at, ply, message?}}")
          .in({{"move", "string", true, "SAN, UCI or ICCF numeric"},
               {"offer_draw", "boolean", false, ""},
               {"message", "string", false, "to the opponent"},
               {"use_40_plus_days", "boolean", false, "lifts the silence rule for this move"},
               {"ply", "integer", false, kPlyPrecondition}},
              {{"move", "e4"}}));
  add(Doc("DELETE", "/api/v1/games/{id}/moves/pending", kPlayer, "Cancel the pending move", 204,
          "no content"));
  add(Doc("POST", "/api/v1/games/{id}/moves/accept", kPlayer, "Accept the pending move", 200,
          "the game after the move and any conditional replies", "Game")
          .in({{"move", "string", true, "must denote the pending move"},
               {"ply", "integer", false, kPlyPrecondition}},
              {{"move", "e4"}}));
  add(Doc("POST", "/api/v1/games/{id}/draw/accept", kPlayer, "Accept the standing draw offer", 200,
          "the game", "Game"));
  add(Doc("POST", "/api/v1/games/{id}/draw/decline", kPlayer, "Decline the standing draw offer",
          200, "the game", "Game"));
  add(Doc("POST", "/api/v1/games/{id}/resign", kPlayer, "Resign", 200, "the game", "Game"));
  add(Doc("POST", "/api/v1/games/{id}/claims", kPlayer, "Claim a draw or a tablebase result", 200,
          "{upheld, reason, game}")
          .in({{"type", "string", true, "threefold, fifty_moves or tablebase"},
               {"move", "string", false, "intended move"},
               {"expect", "string", false, "win or draw (tablebase claims)"},
               {"ply", "integer", false, kPlyPrecondition}},
              {{"type", "threefold"}}));
  add(Doc("POST", "/api/v1/games/{id}/clock/refill", kPlayer, "Triple Block manual refill", 200,
          "the game", "Game")
          .in({{"seconds", "integer", false, "default: as much as allowed"}}, json::object()));
  add(Doc("PUT", "/api/v1/games/{id}/conditional", kPlayer, "Store conditional lines", 200,
          "{lines}")
          .in({{"lines", "string[][]", true, "each starts with the opponent's next move"}},
              {{"lines", json::array({json::array({"e5", "Nf3"})})}}));
  add(Doc("GET", "/api/v1/games/{id}/conditional", kPlayer, "The caller's conditional lines", 200,
          "{lines}"));
  add(Doc("DELETE", "/api/v1/games/{id}/conditional", kPlayer, "Drop the caller's lines", 204,
          "no content"));

  // Challenges (api/challenges.cpp, app/challenges.cpp).
  add(Doc("POST", "/api/v1/challenges", kUser, "Challenge a player, or anyone (open challenge)",
          201,
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
              {{"opponent", "bob"}, {"time_control", kTimeControlExample}, {"color", "random"}}));
  add(Doc("GET", "/api/v1/challenges", kUser, "The caller's open challenges", 200,
          "{incoming: [Challenge], outgoing: [Challenge], open: [Challenge]} (open: others' "
          "open challenges), oldest first"));
  add(Doc("GET", "/api/v1/challenges/{id}", kUser, "A challenge", 200,
          "the challenge (its players, directors, and anyone for an open challenge)"));
  add(Doc("POST", "/api/v1/challenges/{id}/accept", kUser,
          "Accept: the game is created and starts at once", 201,
          "{challenge, game}; 409 challenge_closed when no longer open"));
  add(Doc("POST", "/api/v1/challenges/{id}/decline", kUser,
          "Decline a challenge addressed to the caller", 200, "the challenge")
          .in({{"reason", "string", false, ""}}, {{"reason", "too many games at the moment"}}));
  add(Doc("POST", "/api/v1/challenges/{id}/cancel", kUser, "Cancel the caller's challenge", 200,
          "the challenge"));
  add(Doc("POST", "/api/v1/games/{id}/rematch", kPlayer,
          "Challenge the opponent of a finished game again, colours swapped", 201,
          "the challenge"));

  // Messages and notes (api/game_talk.cpp).
  add(Doc("GET", "/api/v1/games/{id}/messages", kPlayer,
          "The game's messages (players and directors)", 200,
          "{messages: [{ply, author, text, at}]}: those carried by moves (ply set), then those "
          "written after the end (ply null)"));
  add(Doc("POST", "/api/v1/games/{id}/messages", kPlayer,
          "Write to the opponent after the game ended", 201,
          "the message; 409 while the game runs (messages then travel with moves)")
          .in({{"text", "string", true, "1..2000 characters"}},
              {{"text", "Thanks for the game!"}}));
  add(Doc("GET", "/api/v1/games/{id}/note", kUser, "The caller's private note on a game", 200,
          "{text, updated_at} (text empty when there is none)"));
  add(Doc("PUT", "/api/v1/games/{id}/note", kUser, "Replace the caller's private note", 200,
          "{text, updated_at}; an empty text deletes the note")
          .in({{"text", "string", true, "at most 10000 characters"}},
              {{"text", "Consider 23...Rxe4 next"}}));

  // Leave (api/leave.cpp).
  add(Doc("GET", "/api/v1/me/leave", kUser, "The caller's leave periods and balances", 200,
          "{periods: [LeavePeriod], balances: [{event_id, year, allowance_days, used_days, "
          "special_days, remaining_days}]}"));
  add(Doc("POST", "/api/v1/me/leave", kUser, "Take leave (future whole days, server zone)", 201,
          "the period {id, user, event_id, start_date, end_date, days, special, status, ...}")
          .in({{"event_id", "string", false, "the event; null or absent: games outside events"},
               {"start_date", "string", true, "YYYY-MM-DD, tomorrow or later"},
               {"end_date", "string", true, "YYYY-MM-DD"}},
              {{"event_id", "1"}, {"start_date", "2030-07-01"}, {"end_date", "2030-07-14"}}));
  add(Doc("DELETE", "/api/v1/me/leave/{id}", kUser,
          "Cancel the days not yet started (a running period ends today)", 204, "no content"));
  add(Doc("POST", "/api/v1/me/leave/special", kUser,
          "Ask the director for special leave beyond the allowance", 201,
          "the request (status pending)")
          .in({{"event_id", "string", false, "null or absent: games outside events"},
               {"start_date", "string", true, "YYYY-MM-DD"},
               {"end_date", "string", true, "YYYY-MM-DD"},
               {"reason", "string", true, "why"}},
              {{"event_id", "1"},
               {"start_date", "2030-07-01"},
               {"end_date", "2030-08-31"},
               {"reason", "surgery"}}));

  // Events (api/events.cpp).
  add(Doc("GET", "/api/v1/events", kUser, "Events, newest first", 200,
          "{events: [{id, name, status, variant, time_control, open_for_entry, start_at, end_at, "
          "players}]}")
          .q({{"status", "string", false, "registration, running, finished or all (default)"}}));
  add(Doc("GET", "/api/v1/events/{id}", kUser, "An event", 200,
          "{id, name, status, settings, players, games (with adjudication state), crosstable}"));
  add(Doc("GET", "/api/v1/events/{id}/crosstable", kUser, "The crosstable", 200,
          "{rows: [{seed, player, score, wins, sb, place, place_text, results: {opponent: "
          "marker}}], legend}; format=text or html for the readable renders")
          .q({{"format", "string", false, "json (default), text or html"}}));
  add(Doc("GET", "/api/v1/events/{id}/pgn", kUser, "Every game of the event in one PGN file", 200,
          "PGN text (games hidden by the event's visibility are left out)")
          .as("application/x-chess-pgn"));
  add(Doc("POST", "/api/v1/events/{id}/join", kUser, "Enter an event open for entry", 201,
          "the event; 409 conflict with barred_until after a time-forfeit loss"));
  add(Doc("DELETE", "/api/v1/events/{id}/join", kUser, "Take back an entry before the start", 204,
          "no content"));
  add(Doc("POST", "/api/v1/events/{id}/adjudication-claims", kUser,
          "File an adjudication claim (within 14 days of the end date)", 201,
          "{game_id, side, claim, analysis, filed_at, claims_due}")
          .in({{"game_id", "string", true, "an adjudication-pending game the caller plays"},
               {"claim", "string", true, "win or draw"},
               {"analysis", "string", false, "required for a win claim"}},
              {{"game_id", "7"}, {"claim", "win"}, {"analysis", "1. Rxf7! wins"}}));
  add(Doc("POST", "/api/v1/admin/events", kDirector, "Create an event", 201, "the event")
          .in(with_rule_settings(
                  {{"name", "string", true, ""},
                   {"allow_518", "boolean", false, "may the draw give the standard array"},
                   {"leave_days_per_year", "integer", false, "0..366; default 45"},
                   {"double_round", "boolean", false, ""},
                   {"visibility", "string", false, "live (default), delayed or after_end"},
                   {"delay_moves", "integer", false, "plies hidden when delayed"},
                   {"open_for_entry", "boolean", false, "players may join until the start"},
                   {"max_players", "integer", false, "2..100"},
                   {"end_at", "string", false, "RFC 3339; adjudication date (not Triple Block)"},
                   {"players", "string[]", false, "usernames, in seed order"},
                   {"rated", "boolean", false, "default true: the games count for ratings"},
                   {"min_rating", "integer", false, "0..4000: lowest rating for self-entry"},
                   {"max_rating", "integer", false, "0..4000: highest rating for self-entry"},
                   {"seeding", "string", false,
                    "entry or rating; default entry with players, rating without"}},
                  "default: drawn at start"),
              {{"name", "Championship 1"},
               {"time_control", kTimeControlExample},
               {"players", {"alice", "bob", "carol"}}}));
  add(Doc("POST", "/api/v1/admin/events/{id}/players", kDirector,
          "Enter a player (before the start)", 200, "the event")
          .in({{"username", "string", true, ""}}, {{"username", "dave"}}));
  add(Doc("POST", "/api/v1/admin/events/{id}/start", kDirector,
          "Start: every game of the section at once (Berger colours)", 200,
          "the event with its games"));
  add(Doc("POST", "/api/v1/admin/events/{id}/withdraw", kDirector,
          "Withdraw a player: their unfinished games are lost by default", 200, "the event")
          .in({{"username", "string", true, ""}, {"reason", "string", true, "non-empty"}},
              {{"username", "carol"}, {"reason", "no longer replying"}}));
  add(Doc("POST", "/api/v1/admin/events/{id}/replace", kDirector,
          "Replace a player: the replacement takes over the seat and unfinished games", 200,
          "the event")
          .in({{"username", "string", true, ""},
               {"replacement", "string", true, "a user not in the event"},
               {"reason", "string", true, "non-empty"}},
              {{"username", "carol"}, {"replacement", "dave"}, {"reason", "illness"}}));
  add(Doc("GET", "/api/v1/admin/adjudications", kDirector,
          "Event games awaiting adjudication across all events, the longest waiting first", 200,
          "{adjudications: [{game_id, event: {id, name}, round, board, white, black, ply, "
          "age_seconds, pending_since, claims_due, window_open, claims: {white, black}}]}"));
  add(Doc("GET", "/api/v1/admin/leave", kDirector, "Special leave requests waiting for a decision",
          200, "{requests: [LeavePeriod]}"));
  add(Doc("POST", "/api/v1/admin/leave/{id}/approve", kDirector,
          "Grant special leave (before its first day)", 200, "the period")
          .in({{"reason", "string", false, ""}}, json::object()));
  add(Doc("POST", "/api/v1/admin/leave/{id}/reject", kDirector, "Refuse special leave", 200,
          "the period")
          .in({{"reason", "string", false, ""}}, {{"reason", "not covered by the rules"}}));

  // Tournament directors.
  add(Doc("POST", "/api/v1/admin/games", kDirector, "Create a single game", 201, "the game", "Game")
          .in(with_rule_settings({{"white", "string", true, "username"},
                                  {"black", "string", true, "username"},
                                  {"initial_fen", "string", false, ""}},
                                 "default 518 (the standard array)"),
              {{"white", "alice"}, {"black", "bob"}, {"time_control", kTimeControlExample}}));
  add(Doc("POST", "/api/v1/admin/games/{id}/result", kDirector,
          "Set a result: adjudicate, default, double default (0-0 by default)", 200, "the game",
          "Game")
          .in({{"result", "string", true, "1-0, 0-1, 1/2-1/2 or 0-0"},
               {"termination", "string", true, "must fit the result; not annulled"},
               {"reason", "string", true, "non-empty"}},
              {{"result", "1-0"}, {"termination", "adjudication"}, {"reason", "clear win"}}));
  add(Doc("POST", "/api/v1/admin/games/{id}/annul", kDirector, "Annul a game", 200, "the game",
          "Game")
          .in({{"reason", "string", true, "non-empty"}}, {{"reason", "irregular pairing"}}));
  add(Doc("POST", "/api/v1/admin/games/{id}/clock", kDirector, "Set or adjust a clock", 200,
          "the game", "Game")
          .in({{"side", "string", true, "white or black"},
               {"remaining_seconds", "integer", false, "set the remaining time (>= 0)"},
               {"adjust_seconds", "integer", false, "add (or with < 0 take) time"},
               {"bank_seconds", "integer", false, "set the bank (>= 0; controls with a bank)"},
               {"reason", "string", true, "non-empty; give exactly one value field"}},
              {{"side", "white"}, {"adjust_seconds", 86400}, {"reason", "postal delay"}}));
  add(Doc("POST", "/api/v1/admin/games/{id}/suspend", kDirector, "Stop both clocks", 200,
          "the game", "Game")
          .in({{"reason", "string", true, "non-empty"}}, {{"reason", "appeal pending"}}));
  add(Doc("POST", "/api/v1/admin/games/{id}/resume", kDirector, "Restart the clocks", 200,
          "the game", "Game")
          .in({{"reason", "string", true, "non-empty"}}, {{"reason", "appeal decided"}}));
  add(Doc("GET", "/api/v1/admin/audit", kDirector, "Audit records, newest first", 200,
          "{records: [AuditRecord]}")
          .q({{"game_id", "string", false, "only this game"},
              {"event_id", "string", false, "only this event"},
              {"user", "string", false, "username: records by or about this user"},
              {"limit", "integer", false, "1..1000, default 100"}}));
  add(Doc("POST", "/api/v1/admin/clock", kDirector, "Move the manual test clock forward", 200,
          "{now, manual}")
          .in({{"advance_seconds", "integer", false, "> 0"},
               {"now", "string", false, "RFC 3339, not before the current instant"}},
              {{"advance_seconds", 1}})
          .manual());
  add(Doc("GET", "/api/v1/admin/clock", kDirector, "The manual test clock", 200, "{now, manual}")
          .manual());
  return t;
}

json schema_of(const std::string& type) {
  if (type == "string[]") return {{"type", "array"}, {"items", {{"type", "string"}}}};
  if (type == "string[][]") {
    return {{"type", "array"}, {"items", {{"type", "array"}, {"items", {{"type", "string"}}}}}};
  }
  return {{"type", type}};
}

json ref(const std::string& name) { return {{"$ref", "#/components/schemas/" + name}}; }

json problem_content() { return {{"application/problem+json", {{"schema", ref("Problem")}}}}; }

json components() {
  json codes = json::array();
  json statuses = json::object();
  for (int i = 0; i <= static_cast<int>(ErrorCode::kInternal); ++i) {
    const auto code = static_cast<ErrorCode>(i);
    const std::string name{error_code_name(code)};
    codes.push_back(name);
    statuses[name] = http_status(code);
  }
  json schemas;
  schemas["Problem"] = {
      {"type", "object"},
      {"description",
       "RFC 9457 problem details (application/problem+json). `code` is stable; its HTTP status "
       "is listed in x-status-by-code."},
      {"required", {"type", "title", "status", "detail", "code"}},
      {"properties",
       {{"type", {{"type", "string"}, {"format", "uri"}}},
        {"title", {{"type", "string"}}},
        {"status", {{"type", "integer"}}},
        {"detail", {{"type", "string"}}},
        {"code", {{"type", "string"}, {"enum", codes}}}}},
      {"x-status-by-code", statuses}};
  schemas["User"] = {{"type", "object"},
                     {"properties",
                      {{"id", {{"type", "string"}}},
                       {"username", {{"type", "string"}}},
                       {"display_name", {{"type", "string"}}},
                       {"role", {{"type", "string"}, {"enum", {"player", "td", "admin"}}}},
                       {"created_at", {{"type", "string"}, {"format", "date-time"}}}}}};
  schemas["Clock"] = {{"type", "object"},
                      {"properties",
                       {{"remaining_seconds", {{"type", "integer"}}},
                        {"running", {{"type", "boolean"}}},
                        {"deadline", {{"type", "string"}, {"format", "date-time"}}},
                        {"bank_seconds", {{"type", "integer"}}},
                        {"on_leave", {{"type", "boolean"}}}}}};
  schemas["Move"] = {{"type", "object"},
                     {"properties",
                      {{"ply", {{"type", "integer"}}},
                       {"san", {{"type", "string"}}},
                       {"uci", {{"type", "string"}}},
                       {"numeric", {{"type", "string"}}},
                       {"fen_after", {{"type", "string"}}},
                       {"at", {{"type", "string"}, {"format", "date-time"}}},
                       {"elapsed_seconds", {{"type", "integer"}}},
                       {"offer_draw", {{"type", "boolean"}}},
                       {"message", {{"type", "string"}}}}}};
  schemas["TimeControl"] = {
      {"type", "object"},
      {"description",
       "{type: iccf, moves, days, doubling_after_days?} | {type: fischer, initial_days, "
       "increment_days, max_days?} | {type: per_move, days, bank_days?} | {type: triple_block, "
       "increment_days, bank_days, sudden_death_protection?}"},
      {"required", {"type"}},
      {"properties",
       {{"type", {{"type", "string"}, {"enum", {"iccf", "fischer", "per_move", "triple_block"}}}}}},
      {"example", kTimeControlExample}};
  schemas["Game"] = {
      {"type", "object"},
      {"properties",
       {{"id", {{"type", "string"}}},
        {"event_id", {{"type", "string"}}},
        {"variant", {{"type", "string"}, {"enum", {"standard", "chess960"}}}},
        {"start_position", {{"type", "integer"}}},
        {"white", ref("User")},
        {"black", ref("User")},
        {"status",
         {{"type", "string"},
          {"enum", {"not_started", "ongoing", "adjudication_pending", "finished", "annulled"}}}},
        {"result", {{"type", "string"}, {"enum", {"1-0", "0-1", "1/2-1/2", "0-0"}}}},
        {"termination", {{"type", "string"}}},
        {"end_reason", {{"type", "string"}}},
        {"initial_fen", {{"type", "string"}}},
        {"fen", {{"type", "string"}}},
        {"to_move", {{"type", "string"}, {"enum", {"white", "black"}}}},
        {"ply", {{"type", "integer"}}},
        {"moves", {{"type", "array"}, {"items", ref("Move")}}},
        {"moves_from",
         {{"type", "integer"},
          {"description",
           "answers to `Prefer: return=minimal` only: `moves` holds the plies after this many"}}},
        {"clocks",
         {{"type", "object"}, {"properties", {{"white", ref("Clock")}, {"black", ref("Clock")}}}}},
        {"time_control", ref("TimeControl")},
        {"draw_offer", {{"type", "object"}}},
        {"pending_move", {{"type", "object"}, {"description", "only ever shown to its owner"}}},
        {"legal_moves", {{"type", "array"}, {"items", {{"type", "string"}}}}},
        {"claimable", {{"type", "object"}}},
        {"version", {{"type", "integer"}}}}}};
  schemas["AuditRecord"] = {{"type", "object"},
                            {"properties",
                             {{"at", {{"type", "string"}, {"format", "date-time"}}},
                              {"actor", {{"type", {"string", "null"}}}},
                              {"action", {{"type", "string"}}},
                              {"target", {{"type", {"string", "null"}}}},
                              {"reason", {{"type", {"string", "null"}}}},
                              {"detail", {{"type", "object"}}},
                              {"game_id", {{"type", "string"}}},
                              {"event_id", {{"type", "string"}}}}}};
  return {{"schemas", schemas},
          {"securitySchemes", {{"bearer", {{"type", "http"}, {"scheme", "bearer"}}}}}};
}

json operation(const RouteDoc& d) {
  json op = {{"summary", d.summary}, {"x-auth", to_string(d.access)}};
  if (d.websocket) op["x-websocket"] = true;
  if (d.stream) op["x-stream"] = true;
  if (d.soap) op["x-soap"] = true;
  op["operationId"] = d.method + " " + d.path;
  json params = json::array();
  for (std::size_t pos = d.path.find('{'); pos != std::string::npos;
       pos = d.path.find('{', pos + 1)) {
    const auto end = d.path.find('}', pos);
    params.push_back({{"name", d.path.substr(pos + 1, end - pos - 1)},
                      {"in", "path"},
                      {"required", true},
                      {"schema", {{"type", "string"}}}});
  }
  for (const auto& q : d.query) {
    params.push_back({{"name", q.name},
                      {"in", "query"},
                      {"required", q.required},
                      {"description", q.description},
                      {"schema", schema_of(q.type)}});
  }
  if (!params.empty()) op["parameters"] = params;
  if (!d.body.empty()) {
    json props = json::object();
    json required = json::array();
    for (const auto& f : d.body) {
      json s = schema_of(f.type);
      if (f.name == "time_control") s = ref("TimeControl");
      if (!f.description.empty()) s["description"] = f.description;
      props[f.name] = s;
      if (f.required) required.push_back(f.name);
    }
    json schema = {{"type", "object"}, {"properties", props}};
    if (!required.empty()) schema["required"] = required;
    json media = {{"schema", schema}};
    if (!d.example.is_null()) media["example"] = d.example;
    op["requestBody"] = {{"required", !required.empty()},
                         {"content", {{"application/json", media}}}};
  }
  json ok = {{"description", d.response}};
  if (d.status != 204 && d.status != 101) {
    json media = json::object();
    if (!d.schema.empty()) media["schema"] = ref(d.schema);
    ok["content"] = {{d.content_type, media}};
  }
  json responses = {{std::to_string(d.status), ok}};
  if (d.access != Access::kNone) {
    op["security"] = json::array({{{"bearer", json::array()}}});
    responses["401"] = {{"description", "no valid bearer token (unauthorized)"},
                        {"content", problem_content()}};
  }
  if (d.access == Access::kPlayer || d.access == Access::kDirector || d.access == Access::kAdmin) {
    responses["403"] = {{"description", "the caller may not do this (forbidden)"},
                        {"content", problem_content()}};
  }
  responses["default"] = {{"description", "an error: see Problem for the stable codes"},
                          {"content", problem_content()}};
  op["responses"] = responses;
  return op;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

const std::vector<RouteDoc>& documented_routes() {
  static const std::vector<RouteDoc> table = build_table();
  return table;
}

json openapi_document(const std::vector<std::pair<std::string, std::string>>& registered) {
  const std::set<std::pair<std::string, std::string>> present(registered.begin(), registered.end());
  json paths = json::object();
  for (const auto& d : documented_routes()) {
    if (d.manual_clock_only && !present.contains({d.method, d.path})) continue;
    paths[d.path][lower(d.method)] = operation(d);
  }
  return {{"openapi", "3.1.0"},
          {"info",
           {{"title", "corrchess"},
            {"version", "1"},
            {"description",
             "Correspondence chess under the ICCF rules. Bodies are JSON; errors are "
             "application/problem+json with a stable `code`. Unknown paths answer 404 not_found, "
             "wrong methods 405 method_not_allowed with Allow, bodies over 1 MiB 413 "
             "payload_too_large. Each operation's x-auth says who may call it: none, user (signed "
             "in), player (plays in the game), director (td or admin), admin."}}},
          {"servers", json::array({{{"url", "/"}}})},
          {"paths", paths},
          {"components", components()}};
}

void add_openapi_routes(Router& router) {
  router.add("GET", "/api/v1/openapi.json", [&router](const Request&, const PathParams&) {
    return json_response(200, openapi_document(router.routes()));
  });
}

}  // namespace corrchess::api
