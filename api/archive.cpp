#include "api/archive.h"

#include <memory>
#include <optional>

#include "api/game_json.h"
#include "api/pipeline.h"
#include "app/archive.h"
#include "core/chess/pgn.h"

namespace corrchess::api {

namespace {

// Games read per page: what one piece of the answer holds at most.
constexpr int kArchivePage = 50;

enum class ArchiveFormat { kPgn, kNdjson };

// `format=` first; else ndjson when the Accept header names it with a weight above zero and
// above that of PGN (when it names PGN too); else PGN, the default.
ArchiveFormat format_of(const Request& request) {
  if (auto it = request.query.find("format"); it != request.query.end()) {
    return it->second == "ndjson" ? ArchiveFormat::kNdjson : ArchiveFormat::kPgn;
  }
  const auto ndjson = request.accept_weight("application/x-ndjson");
  if (!ndjson || *ndjson <= 0) return ArchiveFormat::kPgn;
  const auto pgn = request.accept_weight("application/x-chess-pgn");
  return pgn && *pgn >= *ndjson ? ArchiveFormat::kPgn : ArchiveFormat::kNdjson;
}

// An instant: RFC 3339, or a date (its 00:00 UTC).
Result<game::Timestamp> parse_instant(const std::string& name, const std::string& text) {
  if (auto date = game::parse_date(text)) return game::utc_midnight(*date);
  auto instant = game::parse_rfc3339(text);
  if (!instant) {
    return fail(ErrorCode::kValidationError,
                name + " must be a date (2025-01-31) or an RFC 3339 instant");
  }
  return *instant;
}

Result<std::optional<bool>> parse_flag(const Request& request, const std::string& name) {
  auto it = request.query.find(name);
  if (it == request.query.end()) return std::optional<bool>();
  if (it->second == "true") return std::optional<bool>(true);
  if (it->second == "false") return std::optional<bool>(false);
  return fail(ErrorCode::kValidationError, name + " must be true or false");
}

Result<app::ArchiveRequest> parse_archive_query(const Call& c) {
  app::ArchiveRequest q;
  q.username = c.params.at("username");
  const auto param = [&](const char* name) -> std::optional<std::string> {
    auto it = c.request.query.find(name);
    if (it == c.request.query.end()) return std::nullopt;
    return it->second;
  };
  auto& f = q.filter;
  if (auto since = param("since")) {
    TRY_LET(t, parse_instant("since", *since));
    f.since = *t;
  }
  if (auto until = param("until")) {
    TRY_LET(t, parse_instant("until", *until));
    f.until = *t;
  }
  q.opponent = param("opponent");
  if (auto color = param("color")) {
    if (*color != "white" && *color != "black") {
      return fail(ErrorCode::kValidationError, "color must be white or black");
    }
    f.color = *color == "white" ? game::Color::kWhite : game::Color::kBlack;
  }
  if (auto result = param("result")) {
    if (*result == "win")
      f.result = model::ArchiveResult::kWin;
    else if (*result == "loss")
      f.result = model::ArchiveResult::kLoss;
    else if (*result == "draw")
      f.result = model::ArchiveResult::kDraw;
    else
      return fail(ErrorCode::kValidationError, "result must be win, loss or draw");
  }
  if (auto event = param("event")) {
    auto id = parse_id(*event, "event");
    if (!id) return fail(ErrorCode::kValidationError, "event must be an event id");
    f.event_id = *id;
  }
  TRY_LET(rated, parse_flag(c.request, "rated"));
  f.rated = *rated;
  TRY_LET(ongoing, parse_flag(c.request, "ongoing"));
  f.ongoing = *ongoing;
  if (auto format = param("format"); format && *format != "pgn" && *format != "ndjson") {
    return fail(ErrorCode::kValidationError, "format must be pgn or ndjson");
  }
  return q;
}

// One page of games as text in the answer's format.
Result<std::string> render_page(const std::vector<app::GameView>& page, ArchiveFormat format,
                                const app::PlayerTitles& titles) {
  std::string text;
  for (const auto& shown : page) {
    if (format == ArchiveFormat::kNdjson) {
      text += game_json_text(shown);
      text += '\n';
      continue;
    }
    TRY_LET(pgn, game_pgn(shown, titles));
    pgn->set_tag("GameId", std::to_string(shown.stored.id));
    TRY_LET(written, chess::write_pgn(*pgn));
    text += *written;
    text += '\n';
  }
  return text;
}

// The export's pieces: each call reads pages until one has a game the caller may see.
struct ArchiveStream {
  GameServiceDeps& deps;
  model::User caller;  // a copy: the stream outlives the request's handler
  app::ArchiveExport archive;
  ArchiveFormat format;

  Result<std::optional<std::string>> next() {
    while (!archive.done) {
      TRY_LET(page, app::next_archive_page(deps, caller, archive, kArchivePage));
      if (page->empty()) continue;
      app::PlayerTitles titles;
      if (format == ArchiveFormat::kPgn) {
        std::vector<std::int64_t> players;
        for (const auto& g : *page) {
          players.push_back(g.stored.white.id);
          players.push_back(g.stored.black.id);
        }
        TRY_LET(found, app::player_titles(deps, players));
        titles = std::move(*found);
      }
      TRY_LET(text, render_page(*page, format, titles));
      return std::optional<std::string>(std::move(*text));
    }
    return std::optional<std::string>();
  }
};

Result<Response> export_games(GameServiceDeps& deps, const Call& c) {
  TRY_LET(query, parse_archive_query(c));
  TRY_LET(archive, app::open_archive(deps, *query));
  const auto format = format_of(c.request);
  auto stream =
      std::make_shared<ArchiveStream>(ArchiveStream{deps, c.caller(), std::move(*archive), format});
  Response r;
  r.status = 200;
  if (format == ArchiveFormat::kNdjson) {
    r.content_type = "application/x-ndjson";
  } else {
    r.content_type = "application/x-chess-pgn";
    r.headers.emplace_back("Content-Disposition",
                           "attachment; filename=\"" + stream->archive.player.username + ".pgn\"");
  }
  r.headers.emplace_back("Vary", "Accept");
  r.stream = [stream] { return stream->next(); };
  return r;
}

}  // namespace

void add_archive_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "games");
  routes.add(
      {"GET", "/api/v1/users/{username}/games", Access::kUser,
       Doc("Every game of a player the caller may see, streamed as PGN or ndjson", 200,
           "PGN (Accept: application/x-chess-pgn, the default) or one game JSON per line "
           "(Accept: application/x-ndjson), oldest first, sent in chunks as they are read; "
           "games hidden by an event's visibility are left out")
           .q({{"since", "string", false, "games started at or after (date or RFC 3339)"},
               {"until", "string", false, "games started before (date or RFC 3339)"},
               {"opponent", "string", false, "only the games against this username"},
               {"color", "string", false, "white or black: the player's colour"},
               {"result", "string", false, "win, loss or draw: the player's result (finished)"},
               {"event", "string", false, "only the games of this event"},
               {"rated", "boolean", false, "true: rated games only; false: unrated only"},
               {"ongoing", "boolean", false, "true: games not over; false: games over"},
               {"format", "string", false, "pgn or ndjson, instead of the Accept header"}})
           .as("application/x-chess-pgn")},
      [&deps](const Call& c) { return export_games(deps, c); });
}

}  // namespace corrchess::api
