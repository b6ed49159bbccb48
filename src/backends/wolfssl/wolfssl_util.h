// Helpers shared by the wolfSSL backend's algorithm families: error text, size conversion and
// wolfCrypt's random number generator.
#pragma once

// wolfSSL's build options precede its other headers: its structures' layout depends on them.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/random.h>

namespace cryptobench::backends::wolfssl {

/// "CALL failed: N (wolfCrypt's description)" for a negative wolfCrypt return code `ret`.
std::string WolfError(std::string_view call, int ret);

/// wolfCrypt takes lengths as word32; every size here is at most 64 MiB (the --bytes limit).
inline uint32_t Len32(size_t len) { return static_cast<uint32_t>(len); }

/// wolfCrypt's Hash_DRBG (wc_InitRng: NIST SP 800-90A, seeded from the operating system), for
/// RSA blinding, ECDSA nonces and ECC side-channel countermeasures. One per prepared operation.
class Rng {
 public:
  Rng();
  ~Rng();
  Rng(const Rng&) = delete;
  Rng& operator=(const Rng&) = delete;

  /// "" if wc_InitRng succeeded, else the failure.
  const std::string& error() const { return error_; }
  WC_RNG* get() { return &rng_; }

 private:
  WC_RNG rng_;
  std::string error_;
};

}  // namespace cryptobench::backends::wolfssl
