#include "app/credentials.h"

#include <sodium.h>

#include <algorithm>
#include <atomic>
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
// are cores), so a flood of registrations or logins cannot take the memory of the machine;
// and at most `max_waiting` more wait, so it cannot take every request thread either.
class HashSlots {
 public:
  HashSlots() : capacity_(cores()), max_waiting_(capacity_), free_(static_cast<long>(capacity_)) {}
  // Slots in use stay taken: `free_` follows the change of capacity and may go below zero
  // until they are released.
  void resize(unsigned capacity, unsigned max_waiting) {
    {
      std::lock_guard lock(mutex_);
      free_ += static_cast<long>(capacity) - static_cast<long>(capacity_);
      capacity_ = capacity;
      max_waiting_ = max_waiting;
    }
    cv_.notify_all();
  }
  // Takes a slot, waiting for one while all are taken; when `may_refuse` and `max_waiting`
  // callers wait already, takes none and answers false at once.
  bool acquire(bool may_refuse) {
    std::unique_lock lock(mutex_);
    if (free_ <= 0) {
      if (may_refuse && waiting_ >= max_waiting_) return false;
      ++waiting_;
      cv_.wait(lock, [this] { return free_ > 0; });
      --waiting_;
    }
    --free_;
    return true;
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
  unsigned max_waiting_;
  long free_;
  unsigned waiting_ = 0;
};

HashSlots& hash_slots() {
  static HashSlots slots;
  return slots;
}

// A slot of HashSlots while it lives (none when refused: `taken` is false).
struct HashSlot {
  explicit HashSlot(bool may_refuse) : taken(hash_slots().acquire(may_refuse)) {}
  ~HashSlot() {
    if (taken) hash_slots().release();
  }
  HashSlot(const HashSlot&) = delete;
  HashSlot& operator=(const HashSlot&) = delete;
  const bool taken;
};

Error busy() {
  return Error{ErrorCode::kUnavailable,
               "the server is busy checking passwords; try again in a moment"};
}

std::atomic<std::uint64_t> computations{0};
std::atomic<HashCost> hash_cost{HashCost::kInteractive};

std::string hash_now(const std::string& password) {
  computations.fetch_add(1, std::memory_order_relaxed);
  char out[crypto_pwhash_STRBYTES];
  const bool minimum = hash_cost.load(std::memory_order_relaxed) == HashCost::kMinimum;
  const auto ops = minimum ? crypto_pwhash_OPSLIMIT_MIN : crypto_pwhash_OPSLIMIT_INTERACTIVE;
  const auto mem = minimum ? crypto_pwhash_MEMLIMIT_MIN : crypto_pwhash_MEMLIMIT_INTERACTIVE;
  if (crypto_pwhash_str(out, password.data(), password.size(), ops, mem) != 0) {
    throw std::runtime_error("out of memory while hashing a password");
  }
  return out;
}

}  // namespace

void set_hash_cost(HashCost cost) { hash_cost.store(cost, std::memory_order_relaxed); }

void set_hash_limits(unsigned running, unsigned waiting) {
  if (running == 0) running = cores();
  hash_slots().resize(running, waiting == 0 ? running : waiting);
}

Result<std::string> hash_password(const std::string& password) {
  ensure_sodium();
  const HashSlot slot(true);
  if (!slot.taken) return std::unexpected(busy());
  return hash_now(password);
}

Result<bool> verify_password(const std::string& password, const std::string& hash) {
  ensure_sodium();
  const HashSlot slot(true);
  if (!slot.taken) return std::unexpected(busy());
  computations.fetch_add(1, std::memory_order_relaxed);
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

std::uint64_t password_hash_computations() { return computations.load(std::memory_order_relaxed); }

Result<void> verify_against_nobody(const std::string& password) {
  static const std::string nobody = [] {
    unsigned char raw[32];
    ensure_sodium();
    randombytes_buf(raw, sizeof raw);
    const HashSlot slot(false);  // once per process: waits rather than fail
    return hash_now(to_hex(raw, sizeof raw));
  }();
  TRY_LET(checked, verify_password(password, nobody));
  return {};
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
