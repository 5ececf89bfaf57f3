#include "api/auth.h"

#include <sodium.h>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace corrchess::api {

namespace {

void ensure_sodium() {
  static const bool ok = sodium_init() >= 0;
  if (!ok) throw std::runtime_error("libsodium failed to initialise");
}

std::string to_hex(const unsigned char* data, std::size_t size) {
  std::string out(size * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), data, size);
  out.pop_back();
  return out;
}

// Argon2id takes 64 MiB per hash: at most as many at once as there are cores, so a flood
// of registrations or logins waits instead of taking the memory of the machine.
class HashSlots {
 public:
  HashSlots() : free_(std::max(1u, std::thread::hardware_concurrency())) {}
  void acquire() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return free_ > 0; });
    --free_;
  }
  void release() {
    {
      std::lock_guard lock(mutex_);
      ++free_;
    }
    cv_.notify_one();
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  unsigned free_;
};

HashSlots& hash_slots() {
  static HashSlots slots;
  return slots;
}

struct HashSlot {
  HashSlot() { hash_slots().acquire(); }
  ~HashSlot() { hash_slots().release(); }
  HashSlot(const HashSlot&) = delete;
  HashSlot& operator=(const HashSlot&) = delete;
};

}  // namespace

std::string hash_password(const std::string& password) {
  ensure_sodium();
  const HashSlot slot;
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
    throw std::runtime_error("out of memory while hashing a password");
  }
  return out;
}

bool verify_password(const std::string& password, const std::string& hash) {
  ensure_sodium();
  const HashSlot slot;
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

void verify_against_nobody(const std::string& password) {
  static const std::string nobody = [] {
    unsigned char raw[32];
    ensure_sodium();
    randombytes_buf(raw, sizeof raw);
    return hash_password(to_hex(raw, sizeof raw));
  }();
  (void)verify_password(password, nobody);
}

Token new_token() {
  ensure_sodium();
  unsigned char raw[32];
  randombytes_buf(raw, sizeof raw);
  char b64[sodium_base64_ENCODED_LEN(sizeof raw, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
  sodium_bin2base64(b64, sizeof b64, raw, sizeof raw, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  Token t;
  t.secret = b64;
  t.hash = token_hash(t.secret);
  return t;
}

std::string token_hash(const std::string& secret) {
  ensure_sodium();
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  return to_hex(digest, sizeof digest);
}

std::optional<std::string> bearer_token(const Request& request, bool allow_query) {
  if (auto header = request.header("authorization")) {
    constexpr std::string_view kPrefix = "Bearer ";
    if (header->size() > kPrefix.size() &&
        std::string_view(*header).substr(0, kPrefix.size()) == kPrefix) {
      return header->substr(kPrefix.size());
    }
    return std::nullopt;
  }
  if (allow_query) {
    if (auto it = request.query.find("token"); it != request.query.end()) return it->second;
  }
  return std::nullopt;
}

std::optional<std::string> session_cookie(const Request& request) {
  const auto header = request.header("cookie");
  if (!header) return std::nullopt;
  std::string_view rest = *header;
  while (!rest.empty()) {
    const auto semi = rest.find(';');
    std::string_view pair = rest.substr(0, semi);
    rest = semi == std::string_view::npos ? std::string_view{} : rest.substr(semi + 1);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    const auto eq = pair.find('=');
    if (eq == std::string_view::npos || pair.substr(0, eq) != kSessionCookie) continue;
    auto value = pair.substr(eq + 1);
    while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
    if (!value.empty()) return std::string(value);
  }
  return std::nullopt;
}

std::optional<Credential> request_credential(const Request& request, bool allow_query) {
  if (request.header("authorization")) {
    if (auto token = bearer_token(request)) return Credential{*token, false};
    return std::nullopt;  // some other scheme: never fall back to the cookie
  }
  if (allow_query) {
    if (auto it = request.query.find("token"); it != request.query.end()) {
      return Credential{it->second, false};
    }
  }
  if (auto cookie = session_cookie(request)) return Credential{*cookie, true};
  return std::nullopt;
}

std::string session_cookie_header(const std::string& secret, std::int64_t max_age_seconds,
                                  bool secure) {
  std::string cookie = std::string(kSessionCookie) + "=" + secret +
                       "; Path=/; Max-Age=" + std::to_string(max_age_seconds) +
                       "; HttpOnly; SameSite=Lax";
  if (secure) cookie += "; Secure";
  return cookie;
}

std::string csrf_token(const std::string& secret) { return token_hash("corrchess-csrf:" + secret); }

bool same_origin(const Request& request) {
  const auto origin = request.header("origin");
  if (!origin) return false;
  auto host = request.header("x-forwarded-host");
  if (!host) host = request.header("host");
  if (!host || host->empty()) return false;
  const auto scheme_end = origin->find("://");
  if (scheme_end == std::string::npos) return false;
  const std::string scheme = origin->substr(0, scheme_end);
  if (scheme != "http" && scheme != "https") return false;
  return origin->substr(scheme_end + 3) == *host;
}

Result<void> check_csrf(const Request& request) {
  if (request.method == "GET" || request.method == "HEAD" || request.method == "OPTIONS") return {};
  if (request.header("authorization")) return {};
  const bool foreign = request.header("origin") && !same_origin(request);
  // Logging in and registering do not act as the cookie's session (which may be stale), but
  // another site must not sign the browser in to an account of its choosing.
  if (request.path == "/api/v1/auth/login" || request.path == "/api/v1/auth/register") {
    if (foreign) return fail(ErrorCode::kForbidden, "cross-site login refused");
    return {};
  }
  // The pages behind mailed links (address confirmation, password reset, unsubscribe) post
  // back the link's own single-purpose token and never act as the cookie's session, so a
  // browser that is signed in as well must not be refused for lacking the session's token.
  if (request.path == "/api/v1/auth/verify-email" ||
      request.path == "/api/v1/auth/password-reset/confirm" ||
      request.path == "/api/v1/notifications/unsubscribe") {
    return {};
  }
  const auto cookie = session_cookie(request);
  if (!cookie) return {};
  if (foreign) {
    return fail(ErrorCode::kForbidden, "cross-site request refused (Origin is another site)");
  }
  const auto sent = request.header("x-csrf-token");
  const auto expected = csrf_token(*cookie);
  if (!sent || sent->size() != expected.size() ||
      sodium_memcmp(sent->data(), expected.data(), expected.size()) != 0) {
    return fail(ErrorCode::kForbidden,
                "missing or wrong X-CSRF-Token for a request signed in by the session cookie");
  }
  return {};
}

}  // namespace corrchess::api
