#include "tests/support/topology.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tests/support/test_env.h"

namespace corrchess::testing {

std::string Topology::script() const {
  return shell_quote(source_dir() +
                     (kind_ == Kind::kHa ? "/scripts/ha-topology" : "/scripts/topology"));
}

Topology::Topology(const ServerEnv& env, Kind kind) : kind_(kind) {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern =
      std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/corrchess-topology-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    ADD_FAILURE() << "mkdtemp failed";
    return;
  }
  dir_ = pattern;
  ServerEnv all = {{"CORRCHESS_BIN_DIR", bin_dir()},
                   {"CORRCHESS_LOG_LEVEL", "warn"},
                   {"CORRCHESS_REGISTRATIONS_PER_HOUR", "1000000"},
                   {"CORRCHESS_WRITES_PER_MINUTE_PER_TOKEN", "0"},
                   {"CORRCHESS_WRITES_PER_MINUTE_PER_ADDRESS", "0"},
                   {"CORRCHESS_WEB_DIR", ""},
                   {"CORRCHESS_GAME_CACHE_CHECK", "on"}};
  all.insert(all.end(), env.begin(), env.end());
  for (const auto& [name, value] : all) env_ += " " + shell_quote(name + "=" + value);
  const std::string command =
      "env" + env_ + " " + script() + " up " + shell_quote(dir_) + " >/dev/null";
  const auto up = run_command(command);
  if (up.exit_code != 0) {
    ADD_FAILURE() << "scripts/topology up failed (logs in " << dir_ << ")";
    return;
  }
  haproxy_port_ = static_cast<unsigned short>(std::stoi(state("HAPROXY_PORT")));
}

Topology::~Topology() {
  if (dir_.empty()) return;
  if (std::getenv("CORRCHESS_KEEP_TOPOLOGY") != nullptr) {
    std::fprintf(stderr, "topology kept in %s\n", dir_.c_str());
    return;
  }
  run("down " + shell_quote(dir_));
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

std::string Topology::database_url() const {
  if (kind_ == Kind::kHa) {
    return "host=127.0.0.1 port=" + state("DB_PRIMARY_PORT") + " dbname=corrchess user=postgres";
  }
  return "host=" + dir_ + "/pg/run port=" + state("PG_PORT") + " dbname=corrchess user=postgres";
}

std::string Topology::pgbouncer_admin_url() const {
  return "host=127.0.0.1 port=" + state("PGBOUNCER_PORT") + " dbname=pgbouncer user=postgres";
}

unsigned short Topology::instance_port(int n) const {
  return static_cast<unsigned short>(std::stoi(state("INSTANCE_" + std::to_string(n) + "_PORT")));
}

bool Topology::kill(int n) const {
  return run("kill " + shell_quote(dir_) + " " + std::to_string(n));
}

bool Topology::start(int n) const {
  return run((kind_ == Kind::kHa ? "start-instance " : "start ") + shell_quote(dir_) + " " +
             std::to_string(n));
}

int Topology::kill_primary(bool whole_node) const {
  const auto killed = run_command(script() + " kill-primary " + shell_quote(dir_) +
                                  (whole_node ? " --node" : "") + " 2>/dev/null");
  if (killed.exit_code != 0 || !killed.out.starts_with("pg")) return 0;
  return std::stoi(killed.out.substr(2));
}

bool Topology::restore_node(int n) const {
  return run("restore-node " + shell_quote(dir_) + " " + std::to_string(n));
}

bool Topology::restart_database() const { return run("restart-db " + shell_quote(dir_)); }

CommandRun Topology::verify() const {
  return run_command("env" + env_ + " " + shell_quote("CORRCHESS_DATABASE_URL=" + database_url()) +
                     " " + shell_quote(bin_dir() + "/corrchess-server") + " verify 2>&1");
}

bool Topology::run(const std::string& arguments) const {
  return run_command(script() + " " + arguments + " >/dev/null").exit_code == 0;
}

std::string Topology::state(const std::string& name) const {
  std::ifstream in(dir_ + "/topology.env");
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with(name + "=")) return line.substr(name.size() + 1);
  }
  ADD_FAILURE() << name << " missing from " << dir_ << "/topology.env";
  return "0";
}

}  // namespace corrchess::testing
