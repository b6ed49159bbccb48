// Helpers shared by the libsodium backend's timed symmetric operations (symmetric.cc, aead.cc).
// Private to src/backends/sodium/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/buffers.h"

namespace cryptobench::backends::sodium {

/// Seeds of the byte patterns, as the OpenSSL backend's (cipher.cc, aead.cc, mac.cc).
inline constexpr uint8_t kKeySeed = 1;
inline constexpr uint8_t kNonceSeed = 2;
inline constexpr uint8_t kPlaintextSeed = 3;
inline constexpr uint8_t kAadSeed = 4;
/// AAD per timed AEAD message: a TLS 1.2 record header, as openssl::kTimedAadLen (aead.h).
inline constexpr size_t kTimedAadLen = 13;

/// `len` as libsodium's length type.
inline unsigned long long Len(size_t len) { return static_cast<unsigned long long>(len); }

/// Prepare() failure for an operation `alg` does not have (kLibraryError).
inline std::unique_ptr<PreparedOperation> WrongOperation(const AlgorithmInfo& alg, Operation op,
                                                         PrepareFailure* failure,
                                                         std::string* error) {
  return PrepareFailed(
      PrepareFailure::kLibraryError,
      std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation", failure,
      error);
}

/// Prepare() failure of a correctness check at `input_len` bytes (kCheckFailed: "FAILED KAT").
inline std::unique_ptr<PreparedOperation> CheckFailed(const AlgorithmInfo& alg, size_t input_len,
                                                      const std::string& what,
                                                      PrepareFailure* failure, std::string* error) {
  return PrepareFailed(
      PrepareFailure::kCheckFailed,
      std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + what, failure,
      error);
}

}  // namespace cryptobench::backends::sodium
