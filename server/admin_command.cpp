// corrchess-server admin create-user USERNAME [--role player|td|admin]
// The password is read from the first line of standard input (prompted for, without echo,
// when standard input is a terminal), so it never appears in a process listing or history.
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/accounts.h"
#include "db/pool.h"
#include "server/app.h"
#include "server/startup.h"

namespace corrchess::server {

namespace {

constexpr const char* kUsage =
    "usage: corrchess-server admin create-user USERNAME [--role player|td|admin]\n"
    "  creates an account (default role: admin); the password is read from the first line\n"
    "  of standard input, e.g.  echo 'a-long-password' | corrchess-server admin create-user "
    "alice\n"
    "  DATABASE_URL names the database, as for `serve`; pending migrations are applied first\n"
    "  unless CORRCHESS_AUTO_MIGRATE=0\n";

// One line from standard input, with terminal echo off while a person types it.
std::optional<std::string> read_password() {
  const bool tty = isatty(STDIN_FILENO) != 0;
  termios saved{};
  if (tty) {
    std::fputs("password: ", stderr);
    tcgetattr(STDIN_FILENO, &saved);
    termios quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  }
  std::string line;
  const bool got = static_cast<bool>(std::getline(std::cin, line));
  if (tty) {
    tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    std::fputs("\n", stderr);
  }
  if (!got) return std::nullopt;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

int create_user(int argc, char** argv) {
  std::string username;
  std::string role = "admin";
  for (int i = 0; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--role" && i + 1 < argc) {
      role = argv[++i];
    } else if (!arg.starts_with("-") && username.empty()) {
      username = arg;
    } else {
      std::fputs(kUsage, stderr);
      return 2;
    }
  }
  if (username.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  Config config;
  std::vector<model::Migration> migrations;
  if (!load_config(config) || !load_migration_files(migrations)) return 1;
  if (config.run_migrations && !apply_migrations(config, migrations)) return 1;
  auto password = read_password();
  if (!password) {
    std::fputs("corrchess-server: no password on standard input\n", stderr);
    return 1;
  }
  try {
    db::Pool pool(config.database_url, 1);
    auto created = app::create_account(pool, username, *password, role);
    if (!created) {
      std::fprintf(stderr, "corrchess-server: cannot create %s: %s\n", username.c_str(),
                   created.error().detail.c_str());
      return 1;
    }
    std::printf("created user %s (role %s)\n", created->username.c_str(), created->role.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "corrchess-server: cannot reach the database: %s\n", e.what());
    return 1;
  }
}

}  // namespace

int run_admin(int argc, char** argv) {
  if (argc >= 1 && std::string_view(argv[0]) == "create-user") {
    return create_user(argc - 1, argv + 1);
  }
  std::fputs(kUsage, stderr);
  return 2;
}

}  // namespace corrchess::server
