// Web Push (delivery/push_crypto, delivery/web_push): the aes128gcm encryption of RFC 8291
// Appendix A byte for byte, the VAPID token of RFC 8292 section 2.4 (its header and claims,
// and its signature checked with OpenSSL, as our own), base64url and the token's audience.
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

#include <gtest/gtest.h>

#include "delivery/push_crypto.h"
#include "delivery/web_push.h"

namespace corrchess::delivery {
namespace {

// RFC 8291 Appendix A.
constexpr const char* kPlaintext = "When I grow up, I want to be a watermelon";
constexpr const char* kSenderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
constexpr const char* kSenderPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
constexpr const char* kReceiverPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
constexpr const char* kReceiverPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
constexpr const char* kSalt = "DGv6ra1nlYgDCS1FRnbzlw";
constexpr const char* kAuthSecret = "BTBZMqHH6r4Tts7J_aSIgg";
constexpr const char* kBody =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWA"
    "mS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_"
    "Qulcy4a-fN";

// RFC 8292 section 2.4 and 3.2.
constexpr const char* kRfcToken =
    "eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJhdWQiOiJodHRwczovL3B1c2guZXhhbXBsZS5uZXQiLCJleHAiOjE0"
    "NTM1MjM3NjgsInN1YiI6Im1haWx0bzpwdXNoQGV4YW1wbGUuY29tIn0.i3CYb7t4xfxCDquptFOepC9GAu_"
    "HLGkMlMuCGSK2rpiUfnK9ojFwDXb1JrErtmysazNjjvW2L9OkSSHzvoD1oA";
constexpr const char* kRfcKey =
    "BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs";

std::string decoded(std::string_view text) {
  auto bytes = base64url_decode(text);
  EXPECT_TRUE(bytes.has_value()) << text;
  return bytes.value_or("");
}

// Whether `signature` (JOSE r || s) is an ES256 signature of `data` by `public_key`, checked
// by OpenSSL on its own (DER) terms.
bool es256_verifies(const std::string& public_key, const std::string& data,
                    const std::string& signature) {
  if (signature.size() != 64) return false;
  OSSL_PARAM_BLD* bld = OSSL_PARAM_BLD_new();
  OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0);
  OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, public_key.data(),
                                   public_key.size());
  OSSL_PARAM* params = OSSL_PARAM_BLD_to_param(bld);
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr);
  EVP_PKEY* key = nullptr;
  EVP_PKEY_fromdata_init(ctx);
  EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_PUBLIC_KEY, params);
  const auto* raw = reinterpret_cast<const unsigned char*>(signature.data());
  ECDSA_SIG* sig = ECDSA_SIG_new();
  ECDSA_SIG_set0(sig, BN_bin2bn(raw, 32, nullptr), BN_bin2bn(raw + 32, 32, nullptr));
  unsigned char* der = nullptr;
  const int der_size = i2d_ECDSA_SIG(sig, &der);
  EVP_MD_CTX* md = EVP_MD_CTX_new();
  const bool ok =
      key != nullptr && EVP_DigestVerifyInit(md, nullptr, EVP_sha256(), nullptr, key) == 1 &&
      EVP_DigestVerify(md, der, static_cast<std::size_t>(der_size),
                       reinterpret_cast<const unsigned char*>(data.data()), data.size()) == 1;
  EVP_MD_CTX_free(md);
  OPENSSL_free(der);
  ECDSA_SIG_free(sig);
  EVP_PKEY_free(key);
  EVP_PKEY_CTX_free(ctx);
  OSSL_PARAM_free(params);
  OSSL_PARAM_BLD_free(bld);
  return ok;
}

TEST(WebPushEncryption, Rfc8291AppendixAByteForByte) {
  const std::string receiver = decoded(kReceiverPublic);
  const std::string auth = decoded(kAuthSecret);
  const std::string salt = decoded(kSalt);
  const std::string sender = decoded(kSenderPrivate);
  const auto body =
      encrypt_push_message(PushEncryptionInput{kPlaintext, receiver, auth, salt, sender});
  ASSERT_TRUE(body.has_value()) << body.error().detail;
  EXPECT_EQ(base64url_encode(*body), kBody);
  // The header: salt, rs 4096, idlen 65, the sender's public key.
  EXPECT_EQ(body->substr(0, 16), salt);
  EXPECT_EQ(body->substr(16, 5), std::string("\x00\x00\x10\x00\x41", 5));
  EXPECT_EQ(body->substr(21, 65), decoded(kSenderPublic));
  EXPECT_EQ(body->size(), 21 + 65 + std::string(kPlaintext).size() + 1 + 16);
}

TEST(WebPushEncryption, PublicKeysOfTheRfcPrivateKeys) {
  const auto sender = p256_key_pair(decoded(kSenderPrivate));
  ASSERT_TRUE(sender.has_value());
  EXPECT_EQ(base64url_encode(sender->public_key), kSenderPublic);
  const auto receiver = p256_key_pair(decoded(kReceiverPrivate));
  ASSERT_TRUE(receiver.has_value());
  EXPECT_EQ(base64url_encode(receiver->public_key), kReceiverPublic);
  EXPECT_FALSE(p256_key_pair(std::string(32, '\0')));    // zero
  EXPECT_FALSE(p256_key_pair(std::string(32, '\xff')));  // beyond the group order
  EXPECT_FALSE(p256_key_pair("short"));
}

TEST(WebPushEncryption, RefusesBadKeysAndOversizedMessages) {
  const std::string receiver = decoded(kReceiverPublic);
  const std::string auth = decoded(kAuthSecret);
  const std::string salt = decoded(kSalt);
  const std::string sender = decoded(kSenderPrivate);
  std::string off_curve = receiver;
  off_curve[40] ^= 1;
  EXPECT_FALSE(valid_p256_public_key(off_curve));
  EXPECT_TRUE(valid_p256_public_key(receiver));
  EXPECT_FALSE(encrypt_push_message(PushEncryptionInput{"x", off_curve, auth, salt, sender}));
  EXPECT_FALSE(encrypt_push_message(PushEncryptionInput{"x", receiver, "short", salt, sender}));
  const std::string big(4096 - 17 + 1, 'x');
  EXPECT_FALSE(encrypt_push_message(PushEncryptionInput{big, receiver, auth, salt, sender}));
  EXPECT_TRUE(encrypt_push_message(
      PushEncryptionInput{std::string_view(big).substr(1), receiver, auth, salt, sender}));
}

TEST(WebPushEncryption, FreshSaltAndKeyEachTime) {
  const std::string receiver = decoded(kReceiverPublic);
  const std::string auth = decoded(kAuthSecret);
  const auto a = encrypt_push_message(kPlaintext, receiver, auth);
  const auto b = encrypt_push_message(kPlaintext, receiver, auth);
  ASSERT_TRUE(a.has_value());
  ASSERT_TRUE(b.has_value());
  EXPECT_NE(a->substr(0, 16), b->substr(0, 16));
  EXPECT_NE(a->substr(21, 65), b->substr(21, 65));
  EXPECT_EQ(a->size(), b->size());
}

TEST(WebPushVapid, TokenOfTheRfc8292Example) {
  const std::string rfc(kRfcToken);
  const auto first = rfc.find('.');
  const auto second = rfc.find('.', first + 1);
  // Header and claims as RFC 8292 section 2.4 writes them, byte for byte.
  EXPECT_EQ(decoded(rfc.substr(0, first)), R"({"typ":"JWT","alg":"ES256"})");
  EXPECT_EQ(vapid_claims("https://push.example.net", 1453523768, "mailto:push@example.com"),
            decoded(rfc.substr(first + 1, second - first - 1)));
  // The RFC's signature verifies with the RFC's key (the JOSE r || s reading is right).
  EXPECT_TRUE(
      es256_verifies(decoded(kRfcKey), rfc.substr(0, second), decoded(rfc.substr(second + 1))));

  // Ours for the same claims: the same signing input, a signature the public key verifies.
  const auto key = new_p256_key_pair();
  ASSERT_TRUE(key.has_value());
  const VapidIdentity identity{*key, "mailto:push@example.com"};
  const auto token = vapid_token(identity, "https://push.example.net", 1453523768);
  ASSERT_TRUE(token.has_value());
  const auto dot = token->rfind('.');
  EXPECT_EQ(token->substr(0, dot), rfc.substr(0, second));
  const auto signature = decoded(token->substr(dot + 1));
  EXPECT_EQ(signature.size(), 64u);
  EXPECT_TRUE(es256_verifies(key->public_key, token->substr(0, dot), signature));
  EXPECT_FALSE(es256_verifies(decoded(kRfcKey), token->substr(0, dot), signature));

  EXPECT_EQ(vapid_authorization("t.o.k", decoded(kRfcKey)),
            std::string("vapid t=t.o.k, k=") + kRfcKey);
}

TEST(WebPushVapid, AudienceIsTheOriginOfTheEndpoint) {
  EXPECT_EQ(url_origin("https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV"),
            "https://push.example.net");
  EXPECT_EQ(url_origin("https://fcm.googleapis.com:443/fcm/send/abc"),
            "https://fcm.googleapis.com");
  EXPECT_EQ(url_origin("http://127.0.0.1:8123/push/1?x=y"), "http://127.0.0.1:8123");
  EXPECT_EQ(url_origin("HTTPS://Push.Example.NET/a"), "https://push.example.net");
  EXPECT_FALSE(url_origin("ftp://example.org/x"));
  EXPECT_FALSE(url_origin("not a url"));
}

TEST(WebPushVapid, EndpointsAreHttpsOrLoopbackHttp) {
  EXPECT_EQ(normalize_push_endpoint("https://fcm.googleapis.com/fcm/send/abc:def"),
            "https://fcm.googleapis.com/fcm/send/abc:def");
  EXPECT_EQ(normalize_push_endpoint("HTTPS://updates.push.services.mozilla.com/wpush/v2/x"),
            "https://updates.push.services.mozilla.com/wpush/v2/x");
  EXPECT_TRUE(normalize_push_endpoint("http://127.0.0.1:8123/push/1"));
  EXPECT_TRUE(normalize_push_endpoint("http://localhost:8123/push/1"));
  EXPECT_TRUE(normalize_push_endpoint("http://[::1]:8123/push/1"));
  // Host names are case-insensitive; an endpoint without a host is no endpoint.
  EXPECT_TRUE(normalize_push_endpoint("http://LOCALHOST:8123/push/1"));
  EXPECT_FALSE(normalize_push_endpoint("https:///push.example.net/1"));
  EXPECT_FALSE(normalize_push_endpoint("http://push.example.net/push/1"));
  EXPECT_FALSE(normalize_push_endpoint("http://127.0.0.1.example.net/push/1"));
  EXPECT_FALSE(normalize_push_endpoint("http://10.0.0.1/push/1"));
  EXPECT_FALSE(normalize_push_endpoint("ftp://push.example.net/1"));
  EXPECT_FALSE(normalize_push_endpoint("https://user:pw@push.example.net/1"));
  EXPECT_FALSE(normalize_push_endpoint("push.example.net/1"));
}

TEST(WebPushVapid, SubjectsAreMailtoOrHttps) {
  EXPECT_TRUE(valid_vapid_subject("mailto:ops@example.org"));
  EXPECT_TRUE(valid_vapid_subject("https://chess.example.org/contact"));
  EXPECT_FALSE(valid_vapid_subject("ops@example.org"));
  EXPECT_FALSE(valid_vapid_subject("mailto:"));
  EXPECT_FALSE(valid_vapid_subject("mailto:a\"b@example.org"));
  EXPECT_FALSE(valid_vapid_subject("mailto:a b@example.org"));
  EXPECT_FALSE(valid_vapid_subject("http://example.org"));
}

TEST(WebPushVapid, Base64UrlWithoutPadding) {
  EXPECT_EQ(base64url_encode(std::string("\xfb\xff\xfe", 3)), "-__-");
  EXPECT_EQ(base64url_encode("ab"), "YWI");
  EXPECT_EQ(base64url_decode("YWI"), "ab");
  EXPECT_EQ(base64url_decode("-__-"), std::string("\xfb\xff\xfe", 3));
  EXPECT_FALSE(base64url_decode("YWI="));
  EXPECT_FALSE(base64url_decode("+//+"));
  EXPECT_FALSE(base64url_decode("YW I"));
  EXPECT_EQ(base64url_decode(""), "");
}

}  // namespace
}  // namespace corrchess::delivery
