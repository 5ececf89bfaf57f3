// What a request's path names by id (a route's {id}, api/pipeline.h): the kinds of resource
// as every floor names them. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <string_view>

namespace corrchess::model {

enum class Resource {
  kGame,
  kEvent,
  kChallenge,
  kLeave,
  kWebhook,
  kSeries,
  kCup,
  kChampionship,
  kTeam,
  kTeamMatch,
  kOlympiad,
  kPushSubscription
};

// Its name in the detail of a 404: "no leave period 12".
constexpr std::string_view to_string(Resource kind) {
  switch (kind) {
    case Resource::kGame: return "game";
    case Resource::kEvent: return "event";
    case Resource::kChallenge: return "challenge";
    case Resource::kLeave: return "leave period";
    case Resource::kWebhook: return "webhook";
    case Resource::kSeries: return "series";
    case Resource::kCup: return "cup";
    case Resource::kChampionship: return "championship";
    case Resource::kTeam: return "team";
    case Resource::kTeamMatch: return "team match";
    case Resource::kOlympiad: return "olympiad";
    case Resource::kPushSubscription: return "push subscription";
  }
  return "";
}

}  // namespace corrchess::model
