// Composition root: wires configuration, database, API and transport together.
#pragma once

namespace corrchess::server {

// Runs the server until SIGINT/SIGTERM; returns the process exit code.
int run_serve();
// Applies pending migrations and returns the process exit code.
int run_migrate();
// `corrchess-server admin ...` (argv after "admin"): account maintenance from the shell;
// returns the process exit code (0 done, 1 failed, 2 usage error).
int run_admin(int argc, char** argv);
// `corrchess-server verify`: replays every game and prints each difference from what is
// stored; returns 0 when there is none, 1 otherwise.
int run_verify();
// corrchess-server vapid-keys: prints a fresh VAPID key pair as environment lines.
int run_vapid_keys();

}  // namespace corrchess::server
