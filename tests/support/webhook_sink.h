// A real HTTP receiver for the webhooks of many subscribers at once, for the load and fault
// tests (tests/support/webhook_sink.py, Python's http.server as a child process): subscriber
// NAME posts to /hook/NAME and its requests are checked with its own secret (Standard
// Webhooks signature, the documented algorithm). It can answer 500 to the first arrival of
// every n-th delivery id, so that retries happen, and records every request it got.
#pragma once

#include <sys/types.h>

#include <string>

#include <nlohmann/json.hpp>

namespace corrchess::testing {

class WebhookSink {
 public:
  // Listens on a port of its own (started() tells whether it does). With `fail_every` n > 0,
  // the first arrival of every n-th delivery id (by a hash of the id) is answered 500.
  explicit WebhookSink(int fail_every = 0);
  ~WebhookSink();
  WebhookSink(const WebhookSink&) = delete;
  WebhookSink& operator=(const WebhookSink&) = delete;

  bool started() const { return port_ != 0; }
  // http://127.0.0.1:<port>/hook/<name>: where subscriber `name` registers its webhook.
  std::string url(const std::string& name) const;
  // The whsec_ secret the server gave `name`'s webhook; set before anything is sent to it.
  void set_secret(const std::string& name, const std::string& secret) const;
  // [{name, id, timestamp, verified, status, body}] in arrival order; each is recorded
  // before it is answered.
  nlohmann::json requests() const;

 private:
  std::string dir_;
  pid_t pid_ = -1;
  unsigned short port_ = 0;
};

}  // namespace corrchess::testing
