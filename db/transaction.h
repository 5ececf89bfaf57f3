// Runs database work in a transaction on a pooled connection, retrying on
// serialization failures, deadlocks and broken connections (which libpqxx reports as
// exceptions). A database that stays unreachable becomes ErrorCode::kUnavailable (503 with
// Retry-After: nothing was committed, the client may try again); other database errors
// become ErrorCode::kInternal with the text kept for the log, never for the client.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <type_traits>

#include <pqxx/pqxx>

#include "core/error.h"
#include "db/error_log.h"
#include "db/pool.h"

namespace corrchess::db {

constexpr int kMaxAttempts = 5;
// What a client is told to wait when the database cannot be reached (Retry-After).
constexpr int kUnavailableRetrySeconds = 5;

// The error of a database that could not be reached in kMaxAttempts.
inline Error database_unavailable() {
  return Error{ErrorCode::kUnavailable, "the database is unavailable; try again shortly"}.with_json(
      "retry_after_seconds", std::to_string(kUnavailableRetrySeconds));
}

// Runs fn(pqxx::work&) and commits; fn returns Result<T>. A failed Result rolls back.
template <class Fn>
auto in_transaction(Pool& pool, Fn&& fn) -> decltype(fn(std::declval<pqxx::work&>())) {
  using R = decltype(fn(std::declval<pqxx::work&>()));
  for (int attempt = 1;; ++attempt) {
    try {
      auto conn = pool.acquire();
      pqxx::work tx(*conn);
      R result = fn(tx);
      if (result.has_value()) tx.commit();
      return result;
    } catch (const pqxx::transaction_rollback& e) {  // serialization failure, deadlock
      if (attempt >= kMaxAttempts) {
        return std::unexpected(
            Error{ErrorCode::kConflict, "the game changed concurrently; try again"});
      }
    } catch (const pqxx::broken_connection& e) {
      pool.discard_idle();
      if (attempt >= kMaxAttempts) {
        log_database_error(e.what());
        return std::unexpected(database_unavailable());
      }
      // The database may be restarting: back off a little before reconnecting.
      std::this_thread::sleep_for(std::chrono::milliseconds(100 * attempt));
    } catch (const pqxx::in_doubt_error& e) {
      log_database_error(e.what());
      return std::unexpected(Error{ErrorCode::kInternal, "database commit state unknown"});
    } catch (const pqxx::sql_error& e) {
      // Class 08 (connection exception) and 57P (the server is shutting down or restarting):
      // nothing was committed, so the work is retried on a fresh connection.
      const std::string state = e.sqlstate();
      if (state.starts_with("08") || state.starts_with("57P")) {
        pool.discard_idle();
        if (attempt < kMaxAttempts) {
          std::this_thread::sleep_for(std::chrono::milliseconds(100 * attempt));
          continue;
        }
        log_database_error(e.what());
        return std::unexpected(database_unavailable());
      }
      log_database_error(std::string(e.what()) + " [query: " + e.query() + "]");
      return std::unexpected(Error{ErrorCode::kInternal, "database error"});
    }
  }
}

}  // namespace corrchess::db
