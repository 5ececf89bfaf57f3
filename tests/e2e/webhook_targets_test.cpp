// Where a webhook may go (delivery/webhook.h), over real sockets on this machine only: the
// server's own interface addresses are refused like private ones (an address the test adds
// to a veth interface of its own, outside every private range, once reached a listener of
// the host); IPv6 literals can be delivered to (a broken CURLOPT_RESOLVE entry once failed
// them all); IPv6 forms that embed a private IPv4 address are refused by that address; every
// spelling of a private IPv4 address is; redirects are not followed; the environment's proxy
// (which would connect wherever it resolves the name) is not used.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "delivery/webhook.h"

namespace corrchess {
namespace {

// A one-thread HTTP listener on `address` (IPv4 or IPv6 text) and a free port: answers 200 to
// every request and counts them.
class Listener {
 public:
  explicit Listener(const std::string& address, std::string answer =
                                                    "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n"
                                                    "Connection: close\r\n\r\n")
      : answer_(std::move(answer)) {
    const bool v6 = address.find(':') != std::string::npos;
    fd_ = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_storage storage{};
    socklen_t size = 0;
    if (v6) {
      auto* a = reinterpret_cast<sockaddr_in6*>(&storage);
      a->sin6_family = AF_INET6;
      inet_pton(AF_INET6, address.c_str(), &a->sin6_addr);
      size = sizeof *a;
    } else {
      auto* a = reinterpret_cast<sockaddr_in*>(&storage);
      a->sin_family = AF_INET;
      inet_pton(AF_INET, address.c_str(), &a->sin_addr);
      size = sizeof *a;
    }
    if (bind(fd_, reinterpret_cast<sockaddr*>(&storage), size) != 0 || listen(fd_, 8) != 0) {
      close(fd_);
      fd_ = -1;
      return;
    }
    getsockname(fd_, reinterpret_cast<sockaddr*>(&storage), &size);
    port_ = ntohs(v6 ? reinterpret_cast<sockaddr_in6*>(&storage)->sin6_port
                     : reinterpret_cast<sockaddr_in*>(&storage)->sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~Listener() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    if (fd_ >= 0) close(fd_);
  }
  bool listening() const { return fd_ >= 0; }
  int port() const { return port_; }
  int requests() const { return requests_.load(); }

 private:
  void serve() {
    while (!stop_) {
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, 50) <= 0) continue;
      const int client = accept(fd_, nullptr, nullptr);
      if (client < 0) continue;
      std::string got;
      char buf[4096];
      pollfd c{client, POLLIN, 0};
      while (got.find("\r\n\r\n") == std::string::npos && poll(&c, 1, 2000) > 0) {
        const auto n = read(client, buf, sizeof buf);
        if (n <= 0) break;
        got.append(buf, static_cast<std::size_t>(n));
      }
      if (got.starts_with("POST ")) ++requests_;
      [[maybe_unused]] const auto written = write(client, answer_.data(), answer_.size());
      close(client);
    }
  }

  std::string answer_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> requests_{0};
  std::thread thread_;
};

Result<long> post(const std::string& url, bool allow_private) {
  delivery::WebhookSettings settings;
  settings.allow_private = allow_private;
  settings.timeout_seconds = 5;
  return delivery::post_webhook(
      settings, {url, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_1", "{\"type\":\"test\"}", 1});
}

// A veth pair of the test's own with an address from TEST-NET-2 (198.51.100.0/24, in no
// private range) on one end: an address of this machine's own interfaces.
class OwnAddress : public ::testing::Test {
 protected:
  void SetUp() override {
    const int id = static_cast<int>(getpid() % 10000);
    name_ = "ccw" + std::to_string(id);
    address_ = "198.51.100." + std::to_string(id % 250 + 1);
    const std::string add = "ip link add " + name_ + " type veth peer name " + name_ + "p" +
                            " 2>/dev/null && ip addr add " + address_ + "/32 dev " + name_ +
                            " && ip link set " + name_ + " up";
    if (std::system(add.c_str()) != 0) {
      GTEST_SKIP() << "cannot create a veth interface here (needs CAP_NET_ADMIN)";
    }
    created_ = true;
  }
  void TearDown() override {
    if (created_) [[maybe_unused]]
      const int rc = std::system(("ip link del " + name_).c_str());
  }
  std::string name_, address_;
  bool created_ = false;
};

TEST_F(OwnAddress, AnAddressOfTheServersOwnInterfacesIsRefused) {
  Listener listener(address_);
  ASSERT_TRUE(listener.listening());
  const std::string url = "http://" + address_ + ":" + std::to_string(listener.port()) + "/hook";
  // Reachable: with private targets allowed (as the tests' receivers need) it is delivered.
  const auto allowed = post(url, true);
  ASSERT_TRUE(allowed) << allowed.error().detail;
  EXPECT_EQ(*allowed, 200);
  EXPECT_EQ(listener.requests(), 1);
  // By default it is refused before any connection, as never deliverable.
  const auto refused = post(url, false);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kValidationError);
  EXPECT_NE(refused.error().detail.find("this server's own interfaces"), std::string::npos)
      << refused.error().detail;
  EXPECT_EQ(listener.requests(), 1) << "nothing more reached the listener";
}

TEST(WebhookTargets, AnIpv6LiteralIsDelivered) {
  Listener listener("::1");
  if (!listener.listening()) GTEST_SKIP() << "no IPv6 loopback on this machine";
  const auto sent = post("http://[::1]:" + std::to_string(listener.port()) + "/hook", true);
  ASSERT_TRUE(sent) << sent.error().detail;
  EXPECT_EQ(*sent, 200);
  EXPECT_EQ(listener.requests(), 1);
}

TEST(WebhookTargets, Ipv6FormsOfPrivateIpv4AddressesAreRefused) {
  for (const char* host : {"[::127.0.0.1]", "[::ffff:127.0.0.1]", "[64:ff9b::7f00:1]",
                           "[64:ff9b::a00:1]", "[64:ff9b:1::1]", "[2002:7f00:1::]", "[::1]", "[::]",
                           "[fd00::1]", "[fe80::1]", "127.0.0.1", "10.1.2.3"}) {
    const auto r = post(std::string("http://") + host + ":9/hook", false);
    ASSERT_FALSE(r) << host;
    EXPECT_EQ(r.error().code, ErrorCode::kValidationError) << host << ": " << r.error().detail;
    EXPECT_NE(r.error().detail.find("private"), std::string::npos) << host;
  }
}

// Every spelling of a loopback, private, link-local or unspecified address is refused: IPv4
// in decimal, octal, hexadecimal and short forms (libcurl and the resolver read them as
// 127.0.0.1), a zone on a link-local IPv6 address, and names that resolve to loopback.
TEST(WebhookTargets, EverySpellingOfAPrivateAddressIsRefused) {
  for (const char* host : {"127.1",
                           "0x7f000001",
                           "2130706433",
                           "017700000001",
                           "0177.0.0.1",
                           "0x7f.1",
                           "0",
                           "0.0.0.0",
                           "localhost",
                           "[::ffff:7f00:1]",
                           "[0:0:0:0:0:ffff:127.0.0.1]",
                           "[fe80::1%25eth0]",
                           "169.254.169.254",
                           "100.64.0.1",
                           "192.168.0.1",
                           "172.16.0.1",
                           "224.0.0.1",
                           "192.0.0.8",
                           "198.18.0.1",
                           "198.19.255.254",
                           "[::ffff:0:127.0.0.1]",
                           "[::ffff:0:a00:1]"}) {
    const auto r = post(std::string("http://") + host + ":9/hook", false);
    ASSERT_FALSE(r) << host;
    EXPECT_EQ(r.error().code, ErrorCode::kValidationError) << host << ": " << r.error().detail;
    EXPECT_NE(r.error().detail.find("private"), std::string::npos)
        << host << ": " << r.error().detail;
  }
}

// A redirect is an answer, not a new target: a receiver answering 302 towards a private
// address gets no second request there (a redirect from an allowed target to a private one
// cannot reach it).
TEST(WebhookTargets, ARedirectIsNotFollowed) {
  Listener inside("127.0.0.1");
  ASSERT_TRUE(inside.listening());
  Listener redirector(
      "127.0.0.1",
      "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:" + std::to_string(inside.port()) +
          "/internal\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  ASSERT_TRUE(redirector.listening());
  const auto sent = post("http://127.0.0.1:" + std::to_string(redirector.port()) + "/hook", true);
  ASSERT_TRUE(sent) << sent.error().detail;
  EXPECT_EQ(*sent, 302);
  EXPECT_EQ(redirector.requests(), 1);
  EXPECT_EQ(inside.requests(), 0);
}

// The proxy settings of the server's environment (http_proxy, https_proxy, ALL_PROXY) are not
// used: through a proxy the connection would go wherever the proxy resolves the name (no
// check of the address connected to, DNS rebinding in between), and a proxy on a private
// address would have every delivery refused. The request goes to the checked address itself.
TEST(WebhookTargets, TheEnvironmentsProxyIsNotUsed) {
  Listener proxy("127.0.0.1");
  Listener target("127.0.0.1");
  ASSERT_TRUE(proxy.listening());
  ASSERT_TRUE(target.listening());
  const std::string proxy_url = "http://127.0.0.1:" + std::to_string(proxy.port());
  // A proxy for every scheme and no exceptions; the variables as they were afterwards.
  std::vector<std::pair<std::string, std::optional<std::string>>> saved;
  for (const char* name : {"http_proxy", "HTTPS_PROXY", "ALL_PROXY", "no_proxy", "NO_PROXY"}) {
    const char* value = std::getenv(name);
    saved.emplace_back(name, value ? std::optional<std::string>(value) : std::nullopt);
  }
  for (const char* name : {"http_proxy", "HTTPS_PROXY", "ALL_PROXY"}) {
    setenv(name, proxy_url.c_str(), 1);
  }
  unsetenv("no_proxy");
  unsetenv("NO_PROXY");
  const auto sent = post("http://127.0.0.1:" + std::to_string(target.port()) + "/hook", true);
  for (const auto& [name, value] : saved) {
    if (value) {
      setenv(name.c_str(), value->c_str(), 1);
    } else {
      unsetenv(name.c_str());
    }
  }
  ASSERT_TRUE(sent) << sent.error().detail;
  EXPECT_EQ(*sent, 200);
  EXPECT_EQ(target.requests(), 1);
  EXPECT_EQ(proxy.requests(), 0) << "the request went through the environment's proxy";
}

}  // namespace
}  // namespace corrchess
