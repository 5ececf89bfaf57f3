#include "tests/support/private_cluster.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace corrchess::testing {

namespace {

std::string find_bindir() {
  for (const char* dir :
       {"/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/17/bin"}) {
    if (std::filesystem::exists(std::string(dir) + "/initdb")) return dir;
  }
  return "";
}

// PostgreSQL refuses to run as root: as root, commands run as the postgres user.
std::string as_owner(const std::string& command) {
  if (::geteuid() == 0) return "runuser -u postgres -- " + command;
  return command;
}

}  // namespace

PrivateCluster::PrivateCluster() : PrivateCluster(std::vector<std::string>{}) {}

PrivateCluster::PrivateCluster(const std::vector<std::string>& settings) : bindir_(find_bindir()) {
  if (bindir_.empty()) return;
  char pattern[] = "/tmp/corrchess-private-pg.XXXXXX";
  if (::mkdtemp(pattern) == nullptr) return;
  dir_ = pattern;
  if (::geteuid() == 0) {
    if (std::system(("chown postgres:postgres " + dir_).c_str()) != 0) return;
  }
  std::filesystem::permissions(dir_, std::filesystem::perms::owner_all);
  const std::string initdb = as_owner(bindir_ + "/initdb -D " + dir_ +
                                      "/data -U postgres --auth=trust --encoding=UTF8 "
                                      "--locale=C.UTF-8 --no-instructions > " +
                                      dir_ + "/initdb.log 2>&1");
  if (std::system(initdb.c_str()) != 0) return;
  if (!settings.empty()) {
    std::ofstream conf(dir_ + "/data/postgresql.conf", std::ios::app);
    for (const auto& line : settings) conf << line << "\n";
    if (!conf) return;
  }
  started_ = start();
}

PrivateCluster::PrivateCluster(StandbyOf standby) : bindir_(find_bindir()) {
  if (bindir_.empty() || standby.primary.dir_.empty()) return;
  char pattern[] = "/tmp/corrchess-private-pg.XXXXXX";
  if (::mkdtemp(pattern) == nullptr) return;
  dir_ = pattern;
  if (::geteuid() == 0) {
    if (std::system(("chown postgres:postgres " + dir_).c_str()) != 0) return;
  }
  std::filesystem::permissions(dir_, std::filesystem::perms::owner_all);
  const std::string backup =
      as_owner(bindir_ + "/pg_basebackup -h " + standby.primary.dir_ + " -p 5432 -U postgres -D " +
               dir_ + "/data -R -X stream -c fast > " + dir_ + "/basebackup.log 2>&1");
  if (std::system(backup.c_str()) != 0) return;
  started_ = start();
}

PrivateCluster::~PrivateCluster() {
  if (dir_.empty()) return;
  pg_ctl("-m immediate stop");
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::string PrivateCluster::url() const {
  return "host=" + dir_ + " port=5432 user=postgres dbname=postgres";
}

bool PrivateCluster::pg_ctl(const std::string& args) const {
  const std::string command =
      as_owner(bindir_ + "/pg_ctl -D " + dir_ + "/data -l " + dir_ + "/postgres.log -w -t 60 " +
               "-o \"-c listen_addresses='' -k " + dir_ + " -p 5432 -c fsync=off\" " + args +
               " > /dev/null 2>&1");
  return std::system(command.c_str()) == 0;
}

bool PrivateCluster::stop() { return pg_ctl("-m fast stop"); }
bool PrivateCluster::start() { return pg_ctl("start"); }
bool PrivateCluster::restart() { return pg_ctl("-m fast restart"); }

}  // namespace corrchess::testing
