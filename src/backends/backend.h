// The interface every crypto library backend implements. A backend lives inside a worker
// process; the parent never loads a crypto library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "algorithms/catalog.h"
#include "backends/common/kat_target.h"
#include "results/model.h"

namespace cryptobench::backends {

/// A catalogue entry a backend binds no call for, and why (issue 18): every entry is either
/// bound by a backend (Supports() can be true) or declared absent in the backend's table, so a
/// new entry nobody bound fails backend_conformance_test.cc instead of silently reading as
/// "unsupported".
struct DeclaredAbsence {
  std::string_view algorithm;  ///< catalogue name, e.g. "SHA3-256"
  std::string_view reason;     ///< one line, e.g. "not in Mbed TLS 2.x (no SHA-3 module)"
};

/// A keyed, ready-to-run operation for one (algorithm, operation, input size): contexts, keys
/// and buffers are set up, so Run() does only the timed work (docs/methodology.md).
class PreparedOperation {
 public:
  virtual ~PreparedOperation() = default;
  /// Performs `iterations` operations back to back. Returns false if the library reported an
  /// error; error() then names the failing call.
  virtual bool Run(uint64_t iterations) = 0;
  const std::string& error() const { return error_; }

 protected:
  std::string error_;
};

/// Why Prepare() failed.
enum class PrepareFailure {
  kNone,
  kCheckFailed,   ///< a correctness check failed (decrypt did not invert encrypt, verify
                  ///< rejected a fresh signature, AEAD open rejected its own tag): "FAILED KAT"
  kLibraryError,  ///< the library refused to set up the operation
};

/// A crypto library loaded in this (worker) process.
class Backend {
 public:
  virtual ~Backend() = default;

  /// Identity of the loaded library: path actually loaded, version strings, capability vector.
  virtual results::LibraryInfo Identity() const = 0;

  /// True if the library provides `alg` (e.g. a 1.1.1 build lacks EVP_MAC, a FIPS-only
  /// provider lacks ChaCha20). Never fails: unknown means false.
  virtual bool Supports(const AlgorithmInfo& alg) = 0;

  /// Why Supports(alg) is false, in one line, where the backend can say more than "not provided
  /// by this library" (e.g. "libsodium's AES-256-GCM needs AES-NI and PCLMULQDQ ..."); "" when
  /// it cannot, or when the algorithm is supported.
  virtual std::string UnsupportedReason(const AlgorithmInfo& alg) {
    (void)alg;
    return "";
  }

  /// Runs every KAT vector of `alg` (algorithms/kat.h) against the library, plus a
  /// sign-then-verify round trip for signatures. status "passed" or "failed" (detail says
  /// which vector and what differed); "not_run" if the algorithm has no vector.
  virtual results::KatResult RunKat(const AlgorithmInfo& alg) = 0;

  /// Prepares `op` of `alg` on `input_len`-byte inputs and checks at this size that decryption
  /// inverts encryption (ciphers, AEADs: open must verify the tag) or that verify accepts the
  /// signature (signatures). Returns nullptr on failure, with *failure and *error set.
  virtual std::unique_ptr<PreparedOperation> Prepare(const AlgorithmInfo& alg, Operation op,
                                                     size_t input_len, PrepareFailure* failure,
                                                     std::string* error) = 0;

  /// The backend's one-shot operations: RunKat passes them to RunKatVectors (kat_target.h),
  /// and the cross-backend test compares them byte for byte between libraries. nullptr if
  /// the backend has none.
  virtual KatTarget* OneShot() { return nullptr; }

  /// The implementation the library chose for `alg`, where it tells: Botan's provider,
  /// Crypto++'s AlgorithmProvider(), the kernel's driver from /proc/crypto. "" if it does not.
  virtual std::string Implementation(const AlgorithmInfo& alg) {
    (void)alg;
    return "";
  }

  /// Test-only: when set, the backend corrupts one byte of every output it checks (KATs and
  /// round trips), so tests can prove that a wrong result yields "FAILED KAT".
  void SetCorruptOutputsForTesting(bool corrupt) { corrupt_outputs_for_testing_ = corrupt; }

 protected:
  bool corrupt_outputs_for_testing_ = false;
};

}  // namespace cryptobench::backends
