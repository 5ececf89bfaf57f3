// A fixed-size pool of libpqxx connections. Connections are opened lazily and a
// connection that broke (server restart, network) is dropped and reopened on next use. After a
// failure that condemns the server they point at (a broken connection, a read-only node: the
// primary failed over), flush() closes every idle connection and every lent one as it comes
// back, so the next transactions connect again, to whatever node is the primary now.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <pqxx/connection>

namespace corrchess::db {

class Pool {
 public:
  Pool(std::string url, std::size_t size);
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  // A borrowed connection, returned to the pool when destroyed.
  class Lease {
   public:
    Lease(Pool* pool, std::unique_ptr<pqxx::connection> conn, std::uint64_t generation)
        : pool_(pool), conn_(std::move(conn)), generation_(generation) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    pqxx::connection& operator*() { return *conn_; }
    pqxx::connection* operator->() { return conn_.get(); }

   private:
    Pool* pool_;
    std::unique_ptr<pqxx::connection> conn_;
    std::uint64_t generation_;  // the pool's generation when the connection was opened
  };

  // Blocks until a connection is free; opens one if needed (throws pqxx::broken_connection
  // when the database cannot be reached).
  Lease acquire();

  // Makes this the pool of a streaming replica (CORRCHESS_REPLICA_DATABASE_URL) for reads that
  // may be slightly stale: while the replica cannot be reached, is not streaming from its
  // primary, or replays more than `max_lag` behind, acquire() lends a connection of `primary`
  // instead. The replica is checked at most once a second (on a connection of its own), and
  // again at once after a connection to it broke.
  void fall_back_to(Pool& primary, std::chrono::milliseconds max_lag);
  // Connections lent from the replica, and lent from the primary instead.
  std::uint64_t replica_reads() const { return replica_reads_.load(); }
  std::uint64_t fallback_reads() const { return fallback_reads_.load(); }

  // Closes every idle connection and every lent one when it is returned (after one broke, or
  // answered that the node is read-only, the others to the same server are likely dead or
  // demoted too: the database restarted or failed over).
  void flush();

  const std::string& url() const { return url_; }
  std::size_t size() const { return size_; }
  // Connections currently lent out, and callers waiting for one (for /metrics).
  std::size_t in_use() const;
  std::size_t waiting() const;
  // Connections opened so far (the first ones and every reconnection), and flushes.
  std::uint64_t connections_opened() const { return opened_.load(); }
  std::uint64_t flushes() const { return flushes_.load(); }
  // What db::in_transaction answered when the database failed it (for /metrics): the database
  // stayed unreachable (503 unavailable), a connection was lost during COMMIT (503
  // commit_outcome_unknown), a node refused a write as read-only (a demoted primary).
  enum class Failure { kUnavailable, kCommitOutcomeUnknown, kReadOnly };
  void count(Failure failure) { failures_[static_cast<int>(failure)].fetch_add(1); }
  std::uint64_t failures(Failure failure) const {
    return failures_[static_cast<int>(failure)].load();
  }

 private:
  void release(std::unique_ptr<pqxx::connection> conn, std::uint64_t generation);
  // Whether the replica may serve reads now (see fall_back_to).
  bool replica_usable();

  std::string url_;
  std::size_t size_;
  mutable std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<pqxx::connection>> idle_;
  std::size_t in_use_ = 0;
  std::size_t waiting_ = 0;
  std::uint64_t generation_ = 0;  // flushes so far; connections of older ones are closed
  std::atomic<std::uint64_t> opened_{0};
  std::atomic<std::uint64_t> flushes_{0};
  std::atomic<std::uint64_t> failures_[3] = {};
  // Replica pools only (fall_back_to).
  Pool* primary_ = nullptr;
  std::chrono::milliseconds max_lag_{0};
  std::mutex probe_mutex_;  // one check at a time; the others use the last answer
  std::unique_ptr<pqxx::connection> probe_;
  std::chrono::steady_clock::time_point next_probe_{};
  std::atomic<bool> usable_{false};
  std::atomic<bool> recheck_{true};
  std::atomic<std::uint64_t> replica_reads_{0};
  std::atomic<std::uint64_t> fallback_reads_{0};
};

}  // namespace corrchess::db
