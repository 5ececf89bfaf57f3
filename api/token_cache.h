// The signed-in users of recent bearer tokens and session cookies, remembered by token hash
// so that a request needs no database round trip (and no transaction of its own) to know
// who sent it: a move is then one transaction, the command's.
//
// Correctness rests on invalidation, not on expiry: every change that ends a sign-in or
// changes what a User carries (logout, revocation, password change or reset, role change,
// profile change) sends a note on the events channel in the transaction that makes it
// ({"revoke": ...} or {"user_changed": ...}, db/users.h), and every instance's LISTEN
// connection hands it to forget_from_note() within milliseconds of the commit. While that
// connection is down the cache answers nothing (every request reads the database), and when
// it comes back the cache starts empty, since notes may have been missed meanwhile. An entry
// also lapses after `max_age` and at its token's expiry, whichever is first.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "app/handles.h"
#include "model/users.h"

namespace corrchess::api {

class TokenCache {
 public:
  using Clock = std::chrono::steady_clock;

  // Serves authenticate() for requests on `pool` from construction to destruction (one
  // cache per pool). `listening` says whether the LISTEN connection is up now.
  TokenCache(const app::Database& pool, std::function<bool()> listening,
             Clock::duration max_age = std::chrono::seconds(30));
  ~TokenCache();
  TokenCache(const TokenCache&) = delete;
  TokenCache& operator=(const TokenCache&) = delete;

  // The cache serving `pool`, or null.
  static TokenCache* for_pool(const app::Database& pool);

  // The user of a token by its hash, when remembered and still valid.
  std::optional<model::User> find(const std::string& token_hash);
  // What lookups had seen invalidated so far; pass it to remember() with what a database
  // read that started after this call returned.
  std::uint64_t generation() const;
  // Remembers a token read from the database when no invalidation happened since
  // `generation` (otherwise the read may predate it and is dropped).
  void remember(const std::string& token_hash, const model::User& user,
                std::int64_t expires_in_seconds, std::uint64_t generation);

  // A note from the events channel: forgets the users a {"revoke"} or {"user_changed"} note
  // names (other notes are ignored).
  void forget_from_note(const std::string& payload);
  // Forgets everything (the LISTEN connection was re-established: notes may be lost).
  void clear();
  // Forgets every token of `user_id`.
  void forget_user(std::int64_t user_id);

  std::uint64_t hits() const;
  std::uint64_t misses() const;

 private:
  struct Entry {
    model::User user;
    Clock::time_point valid_until;
  };

  const app::Database& pool_;
  std::function<bool()> listening_;
  Clock::duration max_age_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
  std::uint64_t generation_ = 0;
  std::uint64_t hits_ = 0;
  std::uint64_t misses_ = 0;
};

// After a change that ends sign-ins of `user_id` or changes what its User carries has
// committed: forgets the user in the cache serving `pool` at once, so the same instance
// never answers from the old entry (other instances forget on the note).
void forget_signed_in(const app::Database& pool, std::int64_t user_id);

}  // namespace corrchess::api
