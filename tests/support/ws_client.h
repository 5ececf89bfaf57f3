// A small WebSocket client for end-to-end tests: connects to a server on 127.0.0.1,
// reads JSON messages with a timeout, sends JSON messages.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace corrchess::testing {

class WsClient {
 public:
  // Connects and performs the upgrade on `target` (e.g. "/api/v1/ws?token=...").
  // receive_buffer_bytes > 0 shrinks the socket's receive buffer (to play a slow client).
  WsClient(unsigned short port, const std::string& target,
           const std::map<std::string, std::string>& headers = {}, int receive_buffer_bytes = 0);
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  bool connected() const;

  // The next message, or nullopt after `timeout` (or when the socket closed).
  std::optional<nlohmann::json> read(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Reads until a message with "type" == type arrives (others are skipped), or nullopt.
  std::optional<nlohmann::json> read_type(
      const std::string& type, std::chrono::milliseconds timeout = std::chrono::seconds(10));
  void send(const nlohmann::json& message);
  // True once the server closed the connection (a read observed the end).
  bool closed() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A WebSocket on /api/v1/ws of the holder of `token`, past its greeting (live messages reach
// it from then on); adds a test failure (and still returns the client) when it does not
// connect or is not greeted.
std::unique_ptr<WsClient> open_greeted(unsigned short port, const std::string& token);

}  // namespace corrchess::testing
