// The request bodies of the event routes (api/events.cpp), each decoded and validated once
// by the request pipeline (api/pipeline.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "api/http.h"
#include "api/pipeline.h"
#include "app/event_changes.h"
#include "app/events.h"
#include "core/error.h"

namespace corrchess::api {

// POST /admin/events: the event as far as it can be checked without the database and the
// server's now (app::create_event checks the rest).
Result<app::EventCreation> parse_event_creation(const nlohmann::json& body);
using NewEventBody = ParsedBody<parse_event_creation>;

// PATCH /admin/events/{id}: {name?, start_at?, end_at?, open_for_entry?, max_players?, rated?,
// min_rating?, max_rating?, reason?}; null removes end_at, max_players, min_rating or
// max_rating. Any other member is refused, so a misspelt one is not silently ignored.
Result<app::EventChange> parse_event_change(const nlohmann::json& body);
using EventChangeBody = ParsedBody<parse_event_change>;

// POST /admin/events/{id}/cancel: {reason}.
struct CancelEventBody {
  std::string reason;
  static Result<CancelEventBody> from_json(const nlohmann::json& body, const Request& request);
};

// POST /admin/events/{id}/players: {username}.
struct EventPlayerBody {
  std::string username;
  static Result<EventPlayerBody> from_json(const nlohmann::json& body, const Request& request);
};

// POST /admin/events/{id}/withdraw: {username, reason}.
struct WithdrawBody {
  std::string username;
  std::string reason;
  static Result<WithdrawBody> from_json(const nlohmann::json& body, const Request& request);
};

// POST /admin/events/{id}/replace: {username, replacement, reason}.
struct ReplaceBody {
  std::string username;
  std::string replacement;
  std::string reason;
  static Result<ReplaceBody> from_json(const nlohmann::json& body, const Request& request);
};

// POST /events/{id}/adjudication-claims: {game_id (string or integer), claim, analysis?}.
struct ClaimFilingBody {
  std::int64_t game_id = 0;
  std::string claim;
  std::optional<std::string> analysis;
  static Result<ClaimFilingBody> from_json(const nlohmann::json& body, const Request& request);
};

}  // namespace corrchess::api
