// The records of db/webhooks.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace corrchess::model {

struct Webhook {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::optional<std::int64_t> event_id;
  std::string url;
  std::string secret;
  std::string created_at;  // RFC 3339
};

}  // namespace corrchess::model
