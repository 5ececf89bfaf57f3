// A fixed-size pool of libpqxx connections. Connections are opened lazily and a
// connection that broke (server restart, network) is dropped and reopened on next use.
#pragma once

#include <condition_variable>
#include <cstddef>
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
    Lease(Pool* pool, std::unique_ptr<pqxx::connection> conn)
        : pool_(pool), conn_(std::move(conn)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    pqxx::connection& operator*() { return *conn_; }
    pqxx::connection* operator->() { return conn_.get(); }

   private:
    Pool* pool_;
    std::unique_ptr<pqxx::connection> conn_;
  };

  // Blocks until a connection is free; opens one if needed (throws pqxx::broken_connection
  // when the database cannot be reached).
  Lease acquire();

  // Closes every idle connection (after one broke, the others to the same server are
  // likely dead too: the database restarted).
  void discard_idle();

  const std::string& url() const { return url_; }
  std::size_t size() const { return size_; }
  // Connections currently lent out, and callers waiting for one (for /metrics).
  std::size_t in_use() const;
  std::size_t waiting() const;

 private:
  void release(std::unique_ptr<pqxx::connection> conn);

  std::string url_;
  std::size_t size_;
  mutable std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<pqxx::connection>> idle_;
  std::size_t in_use_ = 0;
  std::size_t waiting_ = 0;
};

}  // namespace corrchess::db
