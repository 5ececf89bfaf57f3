// corrchess-server: the HTTP/WebSocket service (default) and its maintenance commands.
//   corrchess-server            serve (migrations run first unless CORRCHESS_AUTO_MIGRATE=0)
//   corrchess-server migrate    apply pending migrations and exit
#include <cstdio>
#include <string>
#include <string_view>

#include "server/app.h"

int main(int argc, char** argv) {
  std::string_view command = argc > 1 ? argv[1] : "serve";
  if (command == "--help" || command == "-h" || command == "help") {
    std::puts(
        "usage: corrchess-server [serve|migrate]\n"
        "  serve    start the HTTP/WebSocket server (default)\n"
        "  migrate  apply pending database migrations and exit\n"
        "configuration comes from the environment: see README.md");
    return 0;
  }
  if (command == "serve") return corrchess::server::run_serve();
  if (command == "migrate") return corrchess::server::run_migrate();
  std::fprintf(stderr, "corrchess-server: unknown command '%s' (try --help)\n", argv[1]);
  return 2;
}
