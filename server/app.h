// Composition root: wires configuration, database, API and transport together.
#pragma once

namespace corrchess::server {

// Runs the server until SIGINT/SIGTERM; returns the process exit code.
int run_serve();
// Applies pending migrations and returns the process exit code.
int run_migrate();

}  // namespace corrchess::server
