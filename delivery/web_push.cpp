#include "delivery/web_push.h"

#include <curl/curl.h>
#include <sodium.h>

#include <cctype>
#include <chrono>
#include <memory>
#include <vector>

namespace corrchess::delivery {

namespace {

constexpr int kUrlSafe = sodium_base64_VARIANT_URLSAFE_NO_PADDING;

std::string url_part(CURLU* u, CURLUPart part) {
  char* value = nullptr;
  if (curl_url_get(u, part, &value, 0) != CURLUE_OK) return {};
  std::string out(value);
  curl_free(value);
  return out;
}

}  // namespace

std::string base64url_encode(std::string_view bytes) {
  std::string out(sodium_base64_encoded_len(bytes.size(), kUrlSafe), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()),
                    bytes.size(), kUrlSafe);
  out.resize(out.find('\0'));
  return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
  std::string out(text.size() * 3 / 4 + 1, '\0');
  std::size_t size = 0;
  const char* end = nullptr;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(),
                        text.size(), nullptr, &size, &end, kUrlSafe) != 0 ||
      end != text.data() + text.size()) {
    return std::nullopt;
  }
  out.resize(size);
  return out;
}

bool valid_vapid_subject(std::string_view subject) {
  std::string_view rest;
  if (subject.starts_with("mailto:")) {
    rest = subject.substr(7);
  } else if (subject.starts_with("https://")) {
    rest = subject.substr(8);
  } else {
    return false;
  }
  if (rest.empty() || subject.size() > 200) return false;
  for (const char c : rest) {
    if (c <= ' ' || c >= 0x7F || c == '"' || c == '\\') return false;
  }
  return true;
}

Result<std::string> normalize_push_endpoint(const std::string& endpoint) {
  TRY_LET(url, normalize_webhook_url(endpoint));
  if (url->starts_with("https://")) return std::move(*url);
  std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> u(curl_url(), curl_url_cleanup);
  if (!u || curl_url_set(u.get(), CURLUPART_URL, url->c_str(), 0) != CURLUE_OK) {
    return fail(ErrorCode::kValidationError, "endpoint must be an https URL");
  }
  // Host names are case-insensitive: LOCALHOST is localhost.
  auto host = url_part(u.get(), CURLUPART_HOST);
  for (char& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const bool loopback =
      host == "localhost" || host == "[::1]" ||
      (host.starts_with("127.") && host.find_first_not_of("0123456789.") == std::string::npos);
  if (!loopback) {
    return fail(ErrorCode::kValidationError,
                "endpoint must be an https URL (plain http only to a loopback host)");
  }
  return std::move(*url);
}

std::optional<std::string> url_origin(const std::string& url) {
  std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> u(curl_url(), curl_url_cleanup);
  if (!u || curl_url_set(u.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK) {
    return std::nullopt;
  }
  const auto scheme = url_part(u.get(), CURLUPART_SCHEME);
  // libcurl keeps the host as written; an origin has it in lower case (RFC 6454 section 6.1).
  auto host = url_part(u.get(), CURLUPART_HOST);
  for (char& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if ((scheme != "http" && scheme != "https") || host.empty()) return std::nullopt;
  // CURLUPART_PORT is empty unless the URL names a port; a default one is left out.
  auto port = url_part(u.get(), CURLUPART_PORT);
  if ((scheme == "https" && port == "443") || (scheme == "http" && port == "80")) port.clear();
  return scheme + "://" + host + (port.empty() ? "" : ":" + port);
}

std::string vapid_claims(std::string_view audience, std::int64_t expires,
                         std::string_view subject) {
  // The audience is an origin and the subject a checked contact: neither needs escaping.
  return R"({"aud":")" + std::string(audience) + R"(","exp":)" + std::to_string(expires) +
         R"(,"sub":")" + std::string(subject) + R"("})";
}

Result<std::string> vapid_token(const VapidIdentity& identity, std::string_view audience,
                                std::int64_t expires) {
  const std::string signing_input =
      base64url_encode(R"({"typ":"JWT","alg":"ES256"})") + "." +
      base64url_encode(vapid_claims(audience, expires, identity.subject));
  TRY_LET(signature, es256_sign(identity.key, signing_input));
  return signing_input + "." + base64url_encode(*signature);
}

std::string vapid_authorization(std::string_view token, std::string_view public_key) {
  return "vapid t=" + std::string(token) + ", k=" + base64url_encode(public_key);
}

Result<long> send_push(const WebhookSettings& settings, const VapidIdentity& identity,
                       const PushRequest& request) {
  const auto audience = url_origin(request.endpoint);
  if (!audience) return fail(ErrorCode::kValidationError, "the endpoint is not an http(s) URL");
  TRY_LET(body, encrypt_push_message(request.payload, request.p256dh, request.auth));
  const std::int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  TRY_LET(token, vapid_token(identity, *audience, now + kVapidLifetimeSeconds));
  std::vector<std::string> headers{
      "Content-Type: application/octet-stream",
      "Content-Encoding: aes128gcm",
      "TTL: " + std::to_string(kPushTtlSeconds),
      "Urgency: " + (request.urgency.empty() ? std::string("normal") : request.urgency),
      "Authorization: " + vapid_authorization(*token, identity.key.public_key),
      "User-Agent: corrchess-push"};
  if (!request.topic.empty()) headers.push_back("Topic: " + request.topic);
  return post_guarded(settings, request.endpoint, headers, *body);
}

}  // namespace corrchess::delivery
