#include "delivery/webhook.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <sodium.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string_view>

namespace corrchess::delivery {

namespace {

std::string to_base64(const unsigned char* bytes, std::size_t size) {
  std::string out(sodium_base64_encoded_len(size, sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), bytes, size, sodium_base64_VARIANT_ORIGINAL);
  out.resize(out.find('\0'));
  return out;
}

struct UrlParts {
  std::string scheme;
  std::string host;
  std::string port;
  std::string url;  // the URL as libcurl will call it (scheme in lower case)
};

Result<UrlParts> parse(const std::string& url) {
  const auto bad = [&] {
    return fail(ErrorCode::kValidationError, "url must be an absolute http or https URL");
  };
  if (url.size() > 2000) return bad();
  // libcurl also reads "https:/host/path" and "https:host" (no "//" after the scheme) as a
  // host; such text does not say plainly which host it means, so it is refused.
  const auto colon = url.find(':');
  if (colon == std::string::npos || url.compare(colon + 1, 2, "//") != 0) return bad();
  // Nor is an empty authority ("https:///host/path", "https://?x"): libcurl takes the first
  // path segment for the host there too.
  const auto authority = colon + 3;
  if (authority >= url.size() ||
      std::string_view("/?#").find(url[authority]) != std::string_view::npos) {
    return bad();
  }
  std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> u(curl_url(), curl_url_cleanup);
  if (!u || curl_url_set(u.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK) return bad();
  UrlParts parts;
  for (auto [part, target] :
       {std::pair{CURLUPART_SCHEME, &parts.scheme}, std::pair{CURLUPART_HOST, &parts.host},
        std::pair{CURLUPART_PORT, &parts.port}, std::pair{CURLUPART_URL, &parts.url}}) {
    char* value = nullptr;
    const auto flags = part == CURLUPART_PORT ? CURLU_DEFAULT_PORT : 0;
    if (curl_url_get(u.get(), part, &value, flags) != CURLUE_OK) return bad();
    *target = value;
    curl_free(value);
  }
  char* user = nullptr;
  if (curl_url_get(u.get(), CURLUPART_USER, &user, 0) == CURLUE_OK) {
    curl_free(user);
    return fail(ErrorCode::kValidationError, "url must not carry user information");
  }
  if (parts.scheme != "http" && parts.scheme != "https") return bad();
  if (parts.url.size() > 2000) return bad();
  if (parts.host.size() > 2 && parts.host.front() == '[') {
    parts.host = parts.host.substr(1, parts.host.size() - 2);
  }
  return parts;
}

bool is_private_v4(std::uint32_t a) {
  const auto in = [&](std::uint32_t net, int bits) {
    return (a >> (32 - bits)) == (net >> (32 - bits));
  };
  // 0/8, 10/8, 127/8, 169.254/16, 172.16/12, 192.168/16, CGNAT 100.64/10, multicast and
  // reserved 224/3, and the special-purpose blocks no public receiver lives in: IETF protocol
  // assignments 192.0.0/24 (RFC 6890) and the benchmarking network 198.18/15 (RFC 2544).
  return in(0x00000000, 8) || in(0x0A000000, 8) || in(0x7F000000, 8) || in(0xA9FE0000, 16) ||
         in(0xAC100000, 12) || in(0xC0A80000, 16) || in(0x64400000, 10) || in(0xE0000000, 3) ||
         in(0xC0000000, 24) || in(0xC6120000, 15);
}

std::uint32_t v4_at(const unsigned char* b) {
  return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) |
         std::uint32_t{b[3]};
}

// Loopback, private (RFC 1918, unique local), link-local, unspecified, CGNAT, multicast. An
// IPv6 address that carries an IPv4 address (IPv4-compatible ::a.b.c.d, IPv4-mapped
// ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d (RFC 2765), NAT64 64:ff9b::a.b.c.d, 6to4
// 2002:aabb:ccdd::) is judged by that IPv4 address, since that is where it leads; the local-use
// NAT64 prefix 64:ff9b:1::/48 is refused whole (its embedding depends on the operator's prefix
// length).
bool is_private(const sockaddr* sa) {
  if (sa->sa_family == AF_INET) {
    return is_private_v4(ntohl(reinterpret_cast<const sockaddr_in*>(sa)->sin_addr.s_addr));
  }
  if (sa->sa_family == AF_INET6) {
    const auto& b = reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr.s6_addr;
    static const unsigned char kCompatible[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    static const unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
    static const unsigned char kTranslated[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 0};
    static const unsigned char kNat64[12] = {0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0};
    static const unsigned char kLocalNat64[6] = {0, 0x64, 0xFF, 0x9B, 0, 1};
    if (std::equal(kCompatible, kCompatible + 12, b) || std::equal(kMapped, kMapped + 12, b) ||
        std::equal(kTranslated, kTranslated + 12, b) || std::equal(kNat64, kNat64 + 12, b)) {
      return is_private_v4(v4_at(b + 12));  // :: and ::1 fall in 0.0.0.0/8
    }
    if (std::equal(kLocalNat64, kLocalNat64 + 6, b)) return true;
    if (b[0] == 0x20 && b[1] == 0x02) return is_private_v4(v4_at(b + 2));  // 6to4
    if ((b[0] & 0xFE) == 0xFC) return true;                                // fc00::/7
    if (b[0] == 0xFE && (b[1] & 0xC0) == 0x80) return true;                // fe80::/10
    return b[0] == 0xFF;                                                   // multicast
  }
  return true;
}

// Whether `sa` is an address of one of this machine's own interfaces (whatever its range: a
// public address of the host reaches the host's own services just as loopback does).
bool is_own_address(const sockaddr* sa) {
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return true;  // unknown: refuse rather than guess
  std::unique_ptr<ifaddrs, decltype(&freeifaddrs)> owned(list, freeifaddrs);
  for (const ifaddrs* i = list; i != nullptr; i = i->ifa_next) {
    const sockaddr* own = i->ifa_addr;
    if (own == nullptr || own->sa_family != sa->sa_family) continue;
    if (sa->sa_family == AF_INET && reinterpret_cast<const sockaddr_in*>(own)->sin_addr.s_addr ==
                                        reinterpret_cast<const sockaddr_in*>(sa)->sin_addr.s_addr) {
      return true;
    }
    if (sa->sa_family == AF_INET6 &&
        std::memcmp(&reinterpret_cast<const sockaddr_in6*>(own)->sin6_addr,
                    &reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr, 16) == 0) {
      return true;
    }
  }
  return false;
}

// Why a webhook may not go to `sa`, if it may not.
std::optional<std::string> refusal(const sockaddr* sa, bool allow_private) {
  if (allow_private) return std::nullopt;
  if (is_private(sa)) {
    return "a private, loopback or link-local address (CORRCHESS_WEBHOOK_ALLOW_PRIVATE=1 allows "
           "it)";
  }
  if (is_own_address(sa)) {
    return "an address of this server's own interfaces (CORRCHESS_WEBHOOK_ALLOW_PRIVATE=1 "
           "allows it)";
  }
  return std::nullopt;
}

std::string address_text(const sockaddr* sa) {
  char text[INET6_ADDRSTRLEN] = {};
  const void* addr =
      sa->sa_family == AF_INET
          ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(sa)->sin_addr)
          : static_cast<const void*>(&reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr);
  inet_ntop(sa->sa_family, addr, text, sizeof text);
  return text;
}

// The address to connect to: the first one the name resolves to, all of them checked.
Result<std::string> resolve(const UrlParts& parts, bool allow_private) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(parts.host.c_str(), parts.port.c_str(), &hints, &found) != 0 || !found) {
    return fail(ErrorCode::kInternal, "cannot resolve " + parts.host);
  }
  std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> list(found, freeaddrinfo);
  std::string first;
  for (const addrinfo* a = found; a != nullptr; a = a->ai_next) {
    if (const auto why = refusal(a->ai_addr, allow_private)) {
      return fail(ErrorCode::kValidationError, "refused: " + parts.host + " is " + *why);
    }
    if (first.empty()) {
      const auto text = address_text(a->ai_addr);
      first = a->ai_family == AF_INET6 ? "[" + text + "]" : text;
    }
  }
  return first;
}

// libcurl's socket for a connection: opened only to an address the rules allow, checked
// once more on the very address libcurl connects to (nothing between the check and the
// connection can change it).
struct SocketGuard {
  bool allow_private = false;
  std::string refused;  // why the connection was refused, if it was
};

curl_socket_t open_checked_socket(void* user, curlsocktype, curl_sockaddr* address) {
  auto* guard = static_cast<SocketGuard*>(user);
  if (const auto why = refusal(&address->addr, guard->allow_private)) {
    guard->refused = address_text(&address->addr) + " is " + *why;
    return CURL_SOCKET_BAD;
  }
  return socket(address->family, address->socktype, address->protocol);
}

size_t discard(char*, size_t size, size_t count, void*) { return size * count; }

}  // namespace

std::string new_webhook_secret() {
  unsigned char raw[24];
  randombytes_buf(raw, sizeof raw);
  return "whsec_" + to_base64(raw, sizeof raw);
}

Result<std::string> webhook_signature(std::string_view secret, std::string_view id,
                                      std::int64_t timestamp, std::string_view body) {
  if (!secret.starts_with("whsec_")) {
    return fail(ErrorCode::kValidationError, "webhook secret must start with whsec_");
  }
  secret.remove_prefix(6);
  unsigned char key[64];
  std::size_t key_size = 0;
  if (sodium_base642bin(key, sizeof key, secret.data(), secret.size(), nullptr, &key_size, nullptr,
                        sodium_base64_VARIANT_ORIGINAL) != 0 ||
      key_size == 0) {
    return fail(ErrorCode::kValidationError, "webhook secret is not base64");
  }
  const std::string text =
      std::string(id) + "." + std::to_string(timestamp) + "." + std::string(body);
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, key, key_size);
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(text.data()),
                                text.size());
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_final(&state, mac);
  return "v1," + to_base64(mac, sizeof mac);
}

Result<std::string> normalize_webhook_url(const std::string& url) {
  TRY_LET(parts, parse(url));
  return std::move(parts->url);
}

Result<long> post_webhook(const WebhookSettings& settings, const WebhookRequest& request) {
  TRY_LET(signature,
          webhook_signature(request.secret, request.id, request.timestamp, request.body));
  return post_guarded(settings, request.url,
                      {"Content-Type: application/json", "webhook-id: " + request.id,
                       "webhook-timestamp: " + std::to_string(request.timestamp),
                       "webhook-signature: " + *signature, "User-Agent: corrchess-webhooks"},
                      request.body);
}

Result<long> post_guarded(const WebhookSettings& settings, const std::string& url,
                          const std::vector<std::string>& header_lines, std::string_view body) {
  TRY_LET(parts, parse(url));
  TRY_LET(address, resolve(*parts, settings.allow_private));
  static const bool initialised = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  if (!initialised) return fail(ErrorCode::kInternal, "libcurl could not be initialised");
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return fail(ErrorCode::kInternal, "libcurl handle unavailable");
  CURL* c = curl.get();
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> headers(nullptr, curl_slist_free_all);
  for (const std::string& h : header_lines) {
    auto* next = curl_slist_append(headers.get(), h.c_str());
    if (next == nullptr) return fail(ErrorCode::kInternal, "out of memory");
    (void)headers.release();
    headers.reset(next);
  }
  // Connect to the address that was checked, whatever the name resolves to by then. A host
  // given as an address literal is not resolved by libcurl at all (and an IPv6 literal would
  // need brackets in the entry): only names are pinned.
  unsigned char scratch[sizeof(in6_addr)];
  const bool literal = inet_pton(AF_INET, parts->host.c_str(), scratch) == 1 ||
                       inet_pton(AF_INET6, parts->host.c_str(), scratch) == 1;
  const std::string pin = parts->host + ":" + parts->port + ":" + *address;
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> resolve_list(
      literal ? nullptr : curl_slist_append(nullptr, pin.c_str()), curl_slist_free_all);
  SocketGuard guard{settings.allow_private, {}};
  char error[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
  if (resolve_list) curl_easy_setopt(c, CURLOPT_RESOLVE, resolve_list.get());
  curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, open_checked_socket);
  curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, &guard);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.data());
  curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  // No proxy, whatever the environment says (http_proxy, https_proxy, ALL_PROXY): through
  // one the connection would go wherever the proxy resolves the name, not to the address
  // checked above, and the socket check would judge the proxy's address instead.
  curl_easy_setopt(c, CURLOPT_PROXY, "");
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_TIMEOUT, settings.timeout_seconds);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, std::min(settings.timeout_seconds, 5L));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard);
  const CURLcode rc = curl_easy_perform(c);
  if (!guard.refused.empty()) {
    return fail(ErrorCode::kValidationError, "refused: " + guard.refused);
  }
  if (rc != CURLE_OK) {
    return fail(ErrorCode::kInternal, error[0] != '\0' ? error : curl_easy_strerror(rc));
  }
  long status = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  return status;
}

}  // namespace corrchess::delivery
