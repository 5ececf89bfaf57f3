// A real HTTP receiver for webhooks (tests/support/webhook_receiver.py, Python's http.server
// as a child process): it verifies each request's signature by the documented algorithm
// with the secret it is given, can answer 500 to the next n requests, and records them.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>

#include <nlohmann/json.hpp>

namespace corrchess::testing {

class WebhookReceiver {
 public:
  WebhookReceiver();  // started() tells whether it listens
  ~WebhookReceiver();
  WebhookReceiver(const WebhookReceiver&) = delete;
  WebhookReceiver& operator=(const WebhookReceiver&) = delete;

  bool started() const { return port_ != 0; }
  // http://127.0.0.1:<port>/hook
  std::string url() const;
  // The whsec_ secret signatures are checked with.
  void set_secret(const std::string& secret) const;
  // The next `n` requests are answered 500.
  void fail_next(int n) const;
  // [{path, id, timestamp, signature, verified, status, body}] in arrival order.
  nlohmann::json requests() const;
  nlohmann::json wait_for(std::size_t count,
                          std::chrono::milliseconds limit = std::chrono::seconds(20)) const;

 private:
  std::string dir_;
  pid_t pid_ = -1;
  unsigned short port_ = 0;
};

}  // namespace corrchess::testing
