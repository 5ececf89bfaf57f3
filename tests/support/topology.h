// The scale-out topology of scripts/topology for end-to-end tests: PostgreSQL, PgBouncer in
// transaction pooling mode, three corrchess-server instances (queries through PgBouncer,
// LISTEN directly to PostgreSQL) and HAProxy in front, all under a temporary directory.
// Instances can be killed and restarted and PostgreSQL restarted, as an operator would.
// Kind::kHa is the highly available one of scripts/ha-topology instead: three PostgreSQL
// nodes under Patroni and etcd behind HAProxy (PgBouncer and the LISTEN connections reach
// the primary through it), whose primary can be killed.
#pragma once

#include <string>

#include "tests/support/api_client.h"
#include "tests/support/test_env.h"

namespace corrchess::testing {

class Topology {
 public:
  // `scripts/topology up`; the instances get the test servers' usual environment (no
  // registration or write limits, no web client, log level warn) plus `env`, which wins.
  enum class Kind { kSingle, kHa };
  explicit Topology(const ServerEnv& env, Kind kind = Kind::kSingle);
  ~Topology();  // `scripts/topology down`: stops everything and removes the directory
  Topology(const Topology&) = delete;
  Topology& operator=(const Topology&) = delete;

  bool started() const { return haproxy_port_ != 0; }
  // Where clients connect: HAProxy.
  unsigned short port() const { return haproxy_port_; }
  // libpq connection string of the corrchess database, directly (not through PgBouncer; with
  // kHa through HAProxy's port of the current primary).
  std::string database_url() const;
  // libpq connection string of PgBouncer's admin console (SHOW POOLS, SHOW STATS).
  std::string pgbouncer_admin_url() const;
  // Port of instance n (1..3) itself, bypassing HAProxy.
  unsigned short instance_port(int n) const;

  // kill -9 instance n (1..3); start it again (same port) and wait until it is ready.
  bool kill(int n) const;
  bool start(int n) const;
  // PostgreSQL stopped with `pg_ctl -m immediate` (a crash: recovery at start), started.
  bool restart_database() const;
  // kHa: kill -9 the primary's postmaster (`whole_node`: also its Patroni and its etcd
  // member); the node's number (1..3), 0 on failure. restore_node: that node's etcd member and
  // Patroni started again; true once it streams as a standby.
  int kill_primary(bool whole_node) const;
  bool restore_node(int n) const;

  // `corrchess-server verify` with the instances' environment (their clock), directly on
  // PostgreSQL: every game replayed and compared with its stored state (exit code 0 when
  // all agree; its report in `out`).
  CommandRun verify() const;

 private:
  bool run(const std::string& arguments) const;
  std::string script() const;
  std::string state(const std::string& name) const;

  Kind kind_;
  std::string dir_;
  std::string env_;  // the instances' variables, as `NAME=value` shell words
  unsigned short haproxy_port_ = 0;
};

}  // namespace corrchess::testing
