#include "app/credentials.h"

#include <sodium.h>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace corrchess::app {

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

unsigned cores() { return std::max(1u, std::thread::hardware_concurrency()); }

// Argon2id takes 64 MiB per hash: at most `capacity` at once (by default as many as there
// are cores), so a flood of registrations or logins waits instead of taking the memory of
// the machine.
class HashSlots {
 public:
  HashSlots() : capacity_(cores()), free_(static_cast<long>(capacity_)) {}
  // Slots in use stay taken: `free_` follows the change of capacity and may go below zero
  // until they are released.
  void resize(unsigned capacity) {
    {
      std::lock_guard lock(mutex_);
      free_ += static_cast<long>(capacity) - static_cast<long>(capacity_);
      capacity_ = capacity;
    }
    cv_.notify_all();
  }
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
  unsigned capacity_;
  long free_;
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

void set_max_concurrent_hashes(unsigned n) { hash_slots().resize(n == 0 ? cores() : n); }

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

}  // namespace corrchess::app
