// The cryptography of Web Push, on OpenSSL's EVP interfaces (no primitive written here):
// P-256 keys as raw bytes, the RFC 8291 "aes128gcm" message encryption (ECDH with the
// browser's key, HKDF-SHA256 keyed with its auth secret, AES-128-GCM, one record with the
// padding delimiter 0x02) and the ES256 signature of a VAPID token (RFC 8292) in the JOSE
// form r || s. Byte strings are std::string. What is sent and how is delivery/web_push.h.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/error.h"

namespace corrchess::delivery {

inline constexpr std::size_t kP256PrivateKeySize = 32;
inline constexpr std::size_t kP256PublicKeySize = 65;  // uncompressed point 0x04 || x || y
inline constexpr std::size_t kPushAuthSecretSize = 16;
inline constexpr std::size_t kPushSaltSize = 16;
inline constexpr std::size_t kPushRecordSize = 4096;

// A P-256 key pair: the private scalar (32 bytes) and the uncompressed public point.
struct P256KeyPair {
  std::string private_key;
  std::string public_key;
};

// The key pair of a private scalar; kValidationError unless it is 32 bytes in [1, n - 1].
Result<P256KeyPair> p256_key_pair(std::string_view private_key);
// A fresh random key pair.
Result<P256KeyPair> new_p256_key_pair();
// Whether `public_key` is an uncompressed point on P-256.
bool valid_p256_public_key(std::string_view public_key);

// What one encryption takes: the browser's public key and auth secret (from its
// subscription), and the sender's fresh salt and ephemeral key pair.
struct PushEncryptionInput {
  std::string_view plaintext;
  std::string_view receiver_public_key;  // p256dh, 65 bytes
  std::string_view auth_secret;          // auth, 16 bytes
  std::string_view salt;                 // 16 bytes
  std::string_view sender_private_key;   // 32 bytes
};

// The aes128gcm body (RFC 8188 header salt || rs || idlen || keyid, then one record) of
// RFC 8291 section 3: deterministic for given input. kValidationError for bad key sizes or a
// plaintext that does not fit one record of kPushRecordSize.
Result<std::string> encrypt_push_message(const PushEncryptionInput& input);
// The same with a random salt and a fresh sender key pair (what is sent).
Result<std::string> encrypt_push_message(std::string_view plaintext,
                                         std::string_view receiver_public_key,
                                         std::string_view auth_secret);

// The ES256 signature of `data` (ECDSA P-256 over SHA-256) as the 64 bytes r || s that JWS
// uses (RFC 7518 section 3.4).
Result<std::string> es256_sign(const P256KeyPair& key, std::string_view data);

}  // namespace corrchess::delivery
