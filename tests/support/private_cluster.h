// A PostgreSQL cluster of a test's own (initdb + pg_ctl under a temp dir, Unix socket only),
// for tests that stop and restart the database: the shared cluster of scripts/test must
// stay up for the other tests.
#pragma once

#include <string>
#include <vector>

namespace corrchess::testing {

class PrivateCluster {
 public:
  PrivateCluster();
  // With these lines added to its postgresql.conf before the first start (e.g.
  // "shared_preload_libraries = 'auto_explain'").
  explicit PrivateCluster(const std::vector<std::string>& settings);
  // A streaming standby of `primary` (pg_basebackup -R from it, then started): read-only,
  // replaying what the primary writes (tests of replica reads).
  struct StandbyOf {
    const PrivateCluster& primary;
  };
  explicit PrivateCluster(StandbyOf standby);
  ~PrivateCluster();  // stops the cluster and removes its directory
  PrivateCluster(const PrivateCluster&) = delete;
  PrivateCluster& operator=(const PrivateCluster&) = delete;

  bool started() const { return started_; }
  // libpq connection string of the cluster's `postgres` database.
  std::string url() const;
  bool stop();
  bool start();
  // pg_ctl restart -m fast: every connection is dropped.
  bool restart();
  // The server's log (pg_ctl -l): what it wrote since it was first started.
  std::string log_file() const { return dir_ + "/postgres.log"; }

 private:
  bool pg_ctl(const std::string& args) const;

  std::string dir_;
  std::string bindir_;
  bool started_ = false;
};

}  // namespace corrchess::testing
