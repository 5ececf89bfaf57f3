#include "delivery/push_crypto.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>

#include <memory>

namespace corrchess::delivery {

namespace {

template <typename T, void (*Free)(T*)>
struct Freer {
  void operator()(T* p) const { Free(p); }
};
template <typename T, void (*Free)(T*)>
using Owned = std::unique_ptr<T, Freer<T, Free>>;

using Bignum = Owned<BIGNUM, BN_free>;
using Group = Owned<EC_GROUP, EC_GROUP_free>;
using Point = Owned<EC_POINT, EC_POINT_free>;
using Pkey = Owned<EVP_PKEY, EVP_PKEY_free>;
using PkeyCtx = Owned<EVP_PKEY_CTX, EVP_PKEY_CTX_free>;
using ParamBuilder = Owned<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>;
using Params = Owned<OSSL_PARAM, OSSL_PARAM_free>;
using CipherCtx = Owned<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>;
using MdCtx = Owned<EVP_MD_CTX, EVP_MD_CTX_free>;
using Kdf = Owned<EVP_KDF, EVP_KDF_free>;
using KdfCtx = Owned<EVP_KDF_CTX, EVP_KDF_CTX_free>;
using EcdsaSig = Owned<ECDSA_SIG, ECDSA_SIG_free>;

constexpr const char* kCurve = "prime256v1";

const unsigned char* bytes(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}
unsigned char* bytes(std::string& s) { return reinterpret_cast<unsigned char*>(s.data()); }

std::unexpected<Error> crypto_error(const char* what) {
  return fail(ErrorCode::kInternal, std::string("OpenSSL: ") + what + " failed");
}

Group p256() { return Group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1)); }

// An EVP key from a group and the raw parts: the public point, and the private scalar when
// given.
Result<Pkey> evp_key(std::string_view public_key, const BIGNUM* private_key) {
  ParamBuilder bld(OSSL_PARAM_BLD_new());
  if (!bld ||
      OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, kCurve, 0) != 1 ||
      OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, public_key.data(),
                                       public_key.size()) != 1 ||
      (private_key != nullptr &&
       OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, private_key) != 1)) {
    return crypto_error("building key parameters");
  }
  Params params(OSSL_PARAM_BLD_to_param(bld.get()));
  PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  EVP_PKEY* raw = nullptr;
  if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1 ||
      EVP_PKEY_fromdata(ctx.get(), &raw,
                        private_key != nullptr ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                        params.get()) != 1) {
    return crypto_error("loading a P-256 key");
  }
  return Pkey(raw);
}

Result<Pkey> evp_key_pair(const P256KeyPair& pair) {
  Bignum scalar(
      BN_bin2bn(bytes(pair.private_key), static_cast<int>(pair.private_key.size()), nullptr));
  if (!scalar) return crypto_error("reading the private key");
  return evp_key(pair.public_key, scalar.get());
}

// ECDH: the shared secret (the x coordinate, 32 bytes) of `own` and `peer`.
Result<std::string> ecdh(EVP_PKEY* own, EVP_PKEY* peer) {
  PkeyCtx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, own, nullptr));
  std::size_t size = 0;
  if (!ctx || EVP_PKEY_derive_init(ctx.get()) != 1 ||
      EVP_PKEY_derive_set_peer(ctx.get(), peer) != 1 ||
      EVP_PKEY_derive(ctx.get(), nullptr, &size) != 1) {
    return crypto_error("ECDH");
  }
  std::string secret(size, '\0');
  if (EVP_PKEY_derive(ctx.get(), bytes(secret), &size) != 1) {
    return crypto_error("ECDH");
  }
  secret.resize(size);
  return secret;
}

// HKDF-SHA256 (RFC 5869), extract then expand, `size` bytes.
Result<std::string> hkdf(std::string_view salt, std::string_view ikm, std::string_view info,
                         std::size_t size) {
  Kdf kdf(EVP_KDF_fetch(nullptr, "HKDF", nullptr));
  KdfCtx ctx(kdf ? EVP_KDF_CTX_new(kdf.get()) : nullptr);
  if (!ctx) return crypto_error("HKDF");
  char digest[] = "SHA256";
  const OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<char*>(ikm.data()),
                                        ikm.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, const_cast<char*>(salt.data()),
                                        salt.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, const_cast<char*>(info.data()),
                                        info.size()),
      OSSL_PARAM_construct_end()};
  std::string out(size, '\0');
  if (EVP_KDF_derive(ctx.get(), bytes(out), size, params) != 1) {
    return crypto_error("HKDF");
  }
  return out;
}

// AES-128-GCM of `plaintext`: the ciphertext followed by the 16-byte tag.
Result<std::string> aes128gcm(std::string_view key, std::string_view nonce,
                              std::string_view plaintext) {
  CipherCtx ctx(EVP_CIPHER_CTX_new());
  std::string out(plaintext.size() + 16, '\0');
  int written = 0;
  int final_written = 0;
  if (!ctx || EVP_EncryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, nullptr, nullptr) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()),
                          nullptr) != 1 ||
      EVP_EncryptInit_ex(ctx.get(), nullptr, nullptr, bytes(key), bytes(nonce)) != 1 ||
      EVP_EncryptUpdate(ctx.get(), bytes(out), &written, bytes(plaintext),
                        static_cast<int>(plaintext.size())) != 1 ||
      EVP_EncryptFinal_ex(ctx.get(), bytes(out) + written, &final_written) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, 16,
                          bytes(out) + written + final_written) != 1) {
    return crypto_error("AES-128-GCM");
  }
  out.resize(static_cast<std::size_t>(written + final_written) + 16);
  return out;
}

}  // namespace

Result<P256KeyPair> p256_key_pair(std::string_view private_key) {
  if (private_key.size() != kP256PrivateKeySize) {
    return fail(ErrorCode::kValidationError, "a P-256 private key is 32 bytes");
  }
  Group group = p256();
  Bignum scalar(BN_bin2bn(bytes(private_key), static_cast<int>(private_key.size()), nullptr));
  if (!group || !scalar) return crypto_error("reading the private key");
  if (BN_is_zero(scalar.get()) || BN_cmp(scalar.get(), EC_GROUP_get0_order(group.get())) >= 0) {
    return fail(ErrorCode::kValidationError, "not a P-256 private key");
  }
  Point point(EC_POINT_new(group.get()));
  std::string public_key(kP256PublicKeySize, '\0');
  if (!point ||
      EC_POINT_mul(group.get(), point.get(), scalar.get(), nullptr, nullptr, nullptr) != 1 ||
      EC_POINT_point2oct(group.get(), point.get(), POINT_CONVERSION_UNCOMPRESSED, bytes(public_key),
                         public_key.size(), nullptr) != kP256PublicKeySize) {
    return crypto_error("computing the public key");
  }
  return P256KeyPair{std::string(private_key), std::move(public_key)};
}

Result<P256KeyPair> new_p256_key_pair() {
  Pkey key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", kCurve));
  BIGNUM* raw = nullptr;
  if (!key || EVP_PKEY_get_bn_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY, &raw) != 1) {
    return crypto_error("generating a P-256 key");
  }
  Bignum scalar(raw);
  std::string private_key(kP256PrivateKeySize, '\0');
  if (BN_bn2binpad(scalar.get(), bytes(private_key), static_cast<int>(private_key.size())) !=
      static_cast<int>(kP256PrivateKeySize)) {
    return crypto_error("writing a P-256 key");
  }
  return p256_key_pair(private_key);
}

bool valid_p256_public_key(std::string_view public_key) {
  if (public_key.size() != kP256PublicKeySize || public_key[0] != '\x04') return false;
  Group group = p256();
  Point point(group ? EC_POINT_new(group.get()) : nullptr);
  // Decoding checks that the point is on the curve.
  return point && EC_POINT_oct2point(group.get(), point.get(), bytes(public_key), public_key.size(),
                                     nullptr) == 1;
}

Result<std::string> encrypt_push_message(const PushEncryptionInput& in) {
  if (!valid_p256_public_key(in.receiver_public_key)) {
    return fail(ErrorCode::kValidationError, "p256dh must be an uncompressed P-256 point");
  }
  if (in.auth_secret.size() != kPushAuthSecretSize) {
    return fail(ErrorCode::kValidationError, "auth must be 16 bytes");
  }
  if (in.salt.size() != kPushSaltSize) {
    return fail(ErrorCode::kValidationError, "the salt must be 16 bytes");
  }
  // One record: the plaintext, the delimiter 0x02 and the 16-byte tag within rs.
  if (in.plaintext.size() + 1 + 16 > kPushRecordSize) {
    return fail(ErrorCode::kValidationError, "the message does not fit one record");
  }
  TRY_LET(sender, p256_key_pair(in.sender_private_key));
  TRY_LET(own, evp_key_pair(*sender));
  TRY_LET(peer, evp_key(in.receiver_public_key, nullptr));
  TRY_LET(shared, ecdh(own->get(), peer->get()));
  // RFC 8291 section 3.4: IKM from the shared secret keyed with the auth secret and bound to
  // both public keys; then RFC 8188's content-encryption key and nonce with the salt.
  std::string key_info = "WebPush: info";
  key_info.push_back('\0');
  key_info.append(in.receiver_public_key);
  key_info.append(sender->public_key);
  TRY_LET(ikm, hkdf(in.auth_secret, *shared, key_info, 32));
  TRY_LET(cek, hkdf(in.salt, *ikm, std::string_view("Content-Encoding: aes128gcm\0", 28), 16));
  TRY_LET(nonce, hkdf(in.salt, *ikm, std::string_view("Content-Encoding: nonce\0", 24), 12));
  std::string record(in.plaintext);
  record.push_back('\x02');  // the last (and only) record's padding delimiter
  TRY_LET(sealed, aes128gcm(*cek, *nonce, record));
  // RFC 8188 section 2.1 header: salt, record size (uint32 big-endian), key id length, key id.
  std::string body(in.salt);
  for (const int shift : {24, 16, 8, 0}) {
    body.push_back(static_cast<char>((kPushRecordSize >> shift) & 0xFF));
  }
  body.push_back(static_cast<char>(kP256PublicKeySize));
  body.append(sender->public_key);
  body.append(*sealed);
  return body;
}

Result<std::string> encrypt_push_message(std::string_view plaintext,
                                         std::string_view receiver_public_key,
                                         std::string_view auth_secret) {
  std::string salt(kPushSaltSize, '\0');
  if (RAND_bytes(bytes(salt), static_cast<int>(salt.size())) != 1) {
    return crypto_error("random salt");
  }
  TRY_LET(sender, new_p256_key_pair());
  return encrypt_push_message(
      PushEncryptionInput{plaintext, receiver_public_key, auth_secret, salt, sender->private_key});
}

Result<std::string> es256_sign(const P256KeyPair& pair, std::string_view data) {
  TRY_LET(key, evp_key_pair(pair));
  MdCtx ctx(EVP_MD_CTX_new());
  std::size_t size = 0;
  if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key->get()) != 1 ||
      EVP_DigestSign(ctx.get(), nullptr, &size, bytes(data), data.size()) != 1) {
    return crypto_error("ES256");
  }
  std::string der(size, '\0');
  if (EVP_DigestSign(ctx.get(), bytes(der), &size, bytes(data), data.size()) != 1) {
    return crypto_error("ES256");
  }
  // OpenSSL writes the DER SEQUENCE {r, s}; JWS wants both as 32-byte big-endian numbers.
  const unsigned char* p = bytes(der);
  EcdsaSig sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(size)));
  if (!sig) return crypto_error("reading the ECDSA signature");
  std::string out(64, '\0');
  if (BN_bn2binpad(ECDSA_SIG_get0_r(sig.get()), bytes(out), 32) != 32 ||
      BN_bn2binpad(ECDSA_SIG_get0_s(sig.get()), bytes(out) + 32, 32) != 32) {
    return crypto_error("writing the JOSE signature");
  }
  return out;
}

}  // namespace corrchess::delivery
