// Helpers shared by the Mbed TLS backend's algorithm families: error text and a random number
// generator for the operations that need one (RSA blinding, ECDSA, ECDH).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <mbedtls/ctr_drbg.h>

namespace cryptobench::backends::mbedtls {

/// "CALL failed: -0xNNNN (Mbed TLS's description)" for a non-zero Mbed TLS return code `ret`.
std::string MbedError(std::string_view call, int ret);

/// A CTR_DRBG (NIST SP 800-90A) seeded from a fixed byte pattern instead of system entropy, so
/// runs are repeatable. Good enough for timing and for blinding; it is not a secure generator.
/// Not thread-safe: each prepared operation owns its own.
class DeterministicRng {
 public:
  DeterministicRng();
  ~DeterministicRng();
  DeterministicRng(const DeterministicRng&) = delete;
  DeterministicRng& operator=(const DeterministicRng&) = delete;

  /// "" if seeding succeeded, else the failing call.
  const std::string& error() const { return error_; }

  /// The generator in the (f_rng, p_rng) form Mbed TLS functions take.
  static int Generate(void* rng, unsigned char* out, size_t len);
  void* state() { return &drbg_; }

 private:
  mbedtls_ctr_drbg_context drbg_;
  unsigned entropy_calls_ = 0;
  std::string error_;
};

}  // namespace cryptobench::backends::mbedtls
