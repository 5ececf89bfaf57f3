// Runs database work in a transaction on a pooled connection, retrying on
// serialization failures, deadlocks and broken connections (which libpqxx reports as
// exceptions). A database that stays unreachable, or whose node refuses writes as read-only
// (a demoted primary, a standby: the cluster is failing over), becomes ErrorCode::kUnavailable
// (503 with Retry-After: nothing was committed, the client may try again). A connection lost
// while COMMIT was in flight becomes ErrorCode::kCommitOutcomeUnknown (503 with Retry-After:
// the work may or may not be stored, the client re-reads before trying again). Other database
// errors become ErrorCode::kInternal with the text kept for the log, never for the client.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <string_view>
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

// The error of a transaction whose COMMIT was sent but never answered.
inline Error commit_outcome_unknown() {
  return Error{ErrorCode::kCommitOutcomeUnknown,
               "the database connection was lost while storing this; it may or may not have "
               "been stored: read the current state before trying again"}
      .with_json("retry_after_seconds", "1");
}

// Whether a database error says the connection's node cannot take the work now, so that
// nothing was committed and it is retried on a fresh connection: class 08 (connection
// exception), 57P (the server is shutting down or restarting) and 25006
// (read_only_sql_transaction: the node is a standby or a demoted primary).
inline bool is_retryable_on_another_connection(const std::string& sqlstate) {
  return sqlstate.starts_with("08") || sqlstate.starts_with("57P") || sqlstate == "25006";
}

// The first line of a database error's text without libpq's "ERROR:" prefix, with its
// SQLSTATE: "duplicate key value violates unique constraint \"k\" (SQLSTATE 23505)".
inline std::string database_message(std::string_view what, const std::string& sqlstate) {
  what = what.substr(0, what.find('\n'));
  if (what.starts_with("ERROR:")) what.remove_prefix(6);
  while (!what.empty() && what.front() == ' ') what.remove_prefix(1);
  std::string text(what);
  if (!sqlstate.empty()) text += " (SQLSTATE " + sqlstate + ")";
  return text;
}

// Runs fn(pqxx::work&) and commits; fn returns Result<T>. A failed Result rolls back.
template <class Fn>
auto in_transaction(Pool& pool, Fn&& fn) -> decltype(fn(std::declval<pqxx::work&>())) {
  using R = decltype(fn(std::declval<pqxx::work&>()));
  const auto give_up = [&pool](const std::string& text) {
    log_database_error(text);
    pool.count(Pool::Failure::kUnavailable);
    return std::unexpected(database_unavailable());
  };
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
      pool.flush();
      if (attempt >= kMaxAttempts) return give_up(e.what());
      // The database may be restarting: back off a little before reconnecting.
      std::this_thread::sleep_for(std::chrono::milliseconds(100 * attempt));
    } catch (const pqxx::in_doubt_error& e) {
      pool.flush();
      log_database_error(e.what());
      pool.count(Pool::Failure::kCommitOutcomeUnknown);
      return std::unexpected(commit_outcome_unknown());
    } catch (const pqxx::sql_error& e) {
      const std::string state = e.sqlstate();
      if (is_retryable_on_another_connection(state)) {
        if (state == "25006") pool.count(Pool::Failure::kReadOnly);
        pool.flush();
        if (attempt < kMaxAttempts) {
          std::this_thread::sleep_for(std::chrono::milliseconds(100 * attempt));
          continue;
        }
        return give_up(e.what());
      }
      log_database_error(std::string(e.what()) + " [query: " + e.query() + "]");
      return std::unexpected(
          Error{ErrorCode::kInternal, "database error", {}, database_message(e.what(), state)});
    }
  }
}

}  // namespace corrchess::db
