// A real SMTP server for the notification tests: Debian's aiosmtpd (python3-aiosmtpd) run
// as a child process on a port of its own, storing every message it accepts in a Maildir,
// read back with Python's email parser (tests/support/mailbox_json.py). It can be stopped
// and started again on the same port (a mail server that is down for a while).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>

#include <nlohmann/json.hpp>

namespace corrchess::testing {

class SmtpSink {
 public:
  // Picks a free port and starts the server (started() tells whether it listens).
  SmtpSink();
  ~SmtpSink();
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  bool start();  // on the same port and Maildir; true once it accepts connections
  void stop();
  bool started() const { return pid_ > 0; }
  unsigned short port() const { return port_; }
  // smtp://127.0.0.1:<port> for CORRCHESS_SMTP_URL.
  std::string url() const;

  // Forgets every message received so far (empties the Maildir).
  void clear();
  // Every message received so far (see mailbox_json.py for the members).
  nlohmann::json messages() const;
  // Waits (bounded) until at least `count` messages arrived; the messages.
  nlohmann::json wait_for(std::size_t count,
                          std::chrono::milliseconds limit = std::chrono::seconds(20)) const;

 private:
  std::string dir_;
  unsigned short port_ = 0;
  pid_t pid_ = -1;
};

}  // namespace corrchess::testing
