// corrchess-server: the HTTP/WebSocket service (default) and its maintenance commands.
//   corrchess-server            serve (migrations run first unless CORRCHESS_AUTO_MIGRATE=0)
//   corrchess-server migrate    apply pending migrations and exit
//   corrchess-server admin ...  account maintenance (create-user)
//   corrchess-server verify     replay every game and report differences from the stored state
//   corrchess-server vapid-keys print a fresh Web Push (VAPID) key pair as environment lines
//   corrchess-server --version  print the version of this build
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/version.h"
#include "server/app.h"

int main(int argc, char** argv) {
  std::string_view command = argc > 1 ? argv[1] : "serve";
  if (command == "--help" || command == "-h" || command == "help") {
    std::puts(
        "usage: corrchess-server [serve|migrate|admin|verify|vapid-keys|--version]\n"
        "  serve      start the HTTP/WebSocket server (default)\n"
        "  migrate    apply pending database migrations and exit\n"
        "  admin create-user USERNAME [--role player|td|admin]\n"
        "             create an account; the password is read from standard input\n"
        "  verify     replay every stored game and report each difference from the state\n"
        "             stored beside it (exit 0: none)\n"
        "  vapid-keys print a fresh Web Push (VAPID) key pair as the environment lines\n"
        "             CORRCHESS_VAPID_PRIVATE_KEY and CORRCHESS_VAPID_SUBJECT\n"
        "  --version  print the version of this build\n"
        "configuration comes from the environment: see docs/operations.md");
    return 0;
  }
  if (command == "--version" || command == "version") {
    std::printf("corrchess-server %.*s\n", static_cast<int>(corrchess::version().size()),
                corrchess::version().data());
    return 0;
  }
  // A database host that does not answer (a failed primary's machine) must not hold a request
  // or the LISTEN thread longer than this: libpq's connect_timeout for every connection whose
  // URL sets none (docs/operations.md, high availability).
  setenv("PGCONNECT_TIMEOUT", "5", 0);
  if (command == "serve") return corrchess::server::run_serve();
  if (command == "migrate") return corrchess::server::run_migrate();
  if (command == "verify") return corrchess::server::run_verify();
  if (command == "vapid-keys") return corrchess::server::run_vapid_keys();
  if (command == "admin") return corrchess::server::run_admin(argc - 2, argv + 2);
  std::fprintf(stderr, "corrchess-server: unknown command '%s' (try --help)\n", argv[1]);
  return 2;
}
