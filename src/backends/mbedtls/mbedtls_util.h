// Helpers shared by the Mbed TLS backend's algorithm families: the deterministic inputs, error
// text, the generic cipher layer's table, and a random number generator for the operations that
// need one (RSA blinding, ECDSA, ECDH).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include <mbedtls/cipher.h>
#include <mbedtls/ctr_drbg.h>

#include "backends/backend.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::mbedtls {

/// The generic cipher layer's description of `alg` (AES modes, DES-EDE3-CBC, AES-GCM, AES-CCM,
/// ChaCha20-Poly1305); nullptr for other algorithms or when this build lacks the mode.
const mbedtls_cipher_info_t* CipherInfoFor(const AlgorithmInfo& alg);

/// Readies `ctx` (initialised, not yet set up) for `info` keyed with `key` in one direction
/// (mbedtls_cipher_setup, then mbedtls_cipher_setkey): "" or the failing call (MbedError).
std::string SetupCipher(mbedtls_cipher_context_t* ctx, const mbedtls_cipher_info_t* info,
                        bool decrypt, std::span<const uint8_t> key);

/// Backend::Prepare's failure for an operation `alg` does not have: PrepareNoSuchOperationIn
/// (buffers.h) with this library's name.
std::unique_ptr<PreparedOperation> NoSuchOperation(const AlgorithmInfo& alg, Operation op,
                                                   PrepareFailure* failure, std::string* error);

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
