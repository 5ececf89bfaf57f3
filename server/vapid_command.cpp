// corrchess-server vapid-keys: makes a fresh VAPID key pair for Web Push and prints the
// environment lines that configure it (docs/operations.md "Web Push"): the private key as
// base64url of its 32 raw bytes, a subject to edit, and the public key as a comment (the
// server derives it; browsers get it from GET /api/v1/push/key). Needs no database.
#include <cstdio>

#include "delivery/push_crypto.h"
#include "delivery/web_push.h"
#include "server/app.h"

namespace corrchess::server {

int run_vapid_keys() {
  const auto pair = delivery::new_p256_key_pair();
  if (!pair) {
    std::fprintf(stderr, "corrchess-server vapid-keys: %s\n", pair.error().detail.c_str());
    return 1;
  }
  std::printf(
      "# Web Push (VAPID) keys made by corrchess-server vapid-keys; keep the private key secret.\n"
      "# Public key (GET /api/v1/push/key): %s\n"
      "CORRCHESS_VAPID_PRIVATE_KEY=%s\n"
      "CORRCHESS_VAPID_SUBJECT=mailto:admin@example.org\n",
      delivery::base64url_encode(pair->public_key).c_str(),
      delivery::base64url_encode(pair->private_key).c_str());
  return 0;
}

}  // namespace corrchess::server
