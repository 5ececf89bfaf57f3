// A real HTTP receiver for webhooks (tests/support/webhook_receiver.py, Python's http.server
// as a child process), for one subscriber (url()) or for many at once, as the load and fault
// tests want (url(name): subscriber `name` posts to /hook/NAME). It verifies each request's
// signature by the documented algorithm (Standard Webhooks) with the secret it is given for
// that path, can answer 500 to the next n requests or to the first arrival of every n-th
// delivery id, and records every request before it answers it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>

#include <nlohmann/json.hpp>

namespace corrchess::testing {

class WebhookReceiver {
 public:
  // Listens on a port of its own (started() tells whether it does). With `fail_every` n > 0,
  // the first arrival of every n-th delivery id (by a hash of the id) is answered 500.
  explicit WebhookReceiver(int fail_every = 0);
  ~WebhookReceiver();
  WebhookReceiver(const WebhookReceiver&) = delete;
  WebhookReceiver& operator=(const WebhookReceiver&) = delete;

  bool started() const { return port_ != 0; }
  // http://127.0.0.1:<port>/hook
  std::string url() const;
  // http://127.0.0.1:<port>/hook/<name>: where subscriber `name` registers its webhook.
  std::string url(const std::string& name) const;
  // The whsec_ secret signatures to url() are checked with; it may change between requests.
  void set_secret(const std::string& secret) const;
  // The whsec_ secret the server gave `name`'s webhook; set before anything is sent to it.
  void set_secret(const std::string& name, const std::string& secret) const;
  // The next `n` requests are answered 500.
  void fail_next(int n) const;
  // [{path, name, id, timestamp, signature, verified, status, body}] in arrival order
  // (`name` is empty for url()).
  nlohmann::json requests() const;
  // requests() once at least `count` have arrived, or when `limit` has passed.
  nlohmann::json wait_for(std::size_t count,
                          std::chrono::milliseconds limit = std::chrono::seconds(20)) const;

 private:
  // Writes `text` to the file `name` of the receiver's folder in one step (a rename), so
  // the receiver never reads half of it.
  void write(const std::string& name, const std::string& text) const;

  std::string dir_;
  pid_t pid_ = -1;
  unsigned short port_ = 0;
};

}  // namespace corrchess::testing
