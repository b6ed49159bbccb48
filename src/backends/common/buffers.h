// Byte buffers and small helpers shared by every backend's algorithm families: aligned timed
// buffers, the deterministic input patterns, and the tails of KAT and Prepare() checks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "backends/backend.h"

namespace cryptobench::backends {

/// A zero-initialised heap buffer aligned to 64 bytes (a cache line), so timings do not depend
/// on where the allocator happened to place the input or output. Never has a null data().
class AlignedBuffer {
 public:
  static constexpr size_t kAlignment = 64;

  AlignedBuffer() : AlignedBuffer(0) {}
  /// `len` bytes; 0 is allowed (data() still points at a valid, 1-byte allocation).
  explicit AlignedBuffer(size_t len);

  uint8_t* data() { return bytes_.get(); }
  const uint8_t* data() const { return bytes_.get(); }
  size_t size() const { return len_; }
  std::span<uint8_t> span() { return {bytes_.get(), len_}; }
  std::span<const uint8_t> span() const { return {bytes_.get(), len_}; }

 private:
  struct Deleter {
    void operator()(uint8_t* p) const;
  };
  std::unique_ptr<uint8_t[], Deleter> bytes_;
  size_t len_ = 0;
};

/// Fills `out` with a deterministic, non-repeating-per-block byte pattern derived from `seed`,
/// so every run feeds the library the same input (key, IV, plaintext, digest to sign).
void FillPattern(std::span<uint8_t> out, uint8_t seed);

/// A std::vector filled by FillPattern.
std::vector<uint8_t> PatternBytes(size_t len, uint8_t seed);

/// The test-only corruption seam, the one place that says whether checked outputs are to be
/// corrupted. While a ScopedCorruptOutputs(true) is alive on the calling thread, every KAT and
/// round-trip check corrupts what it checks (CorruptIfTesting), so tests can prove that a wrong
/// result is caught. Backend::RunKat() and Backend::Prepare() open one scope per call from
/// Backend::SetCorruptOutputsForTesting; the checks run there, once per KAT or Prepare(), never
/// inside a timed loop, so the seam costs the timed operations nothing. Scopes nest; each
/// restores the previous state when it ends.
class ScopedCorruptOutputs {
 public:
  explicit ScopedCorruptOutputs(bool corrupt);
  ~ScopedCorruptOutputs();
  ScopedCorruptOutputs(const ScopedCorruptOutputs&) = delete;
  ScopedCorruptOutputs& operator=(const ScopedCorruptOutputs&) = delete;

 private:
  bool previous_;
};

/// True while a ScopedCorruptOutputs(true) is the innermost scope on this thread.
bool CorruptOutputsForTesting();

/// When the seam is on (CorruptOutputsForTesting()), flips the low bit of the first byte of
/// `out`, so that the check that follows must fail. No-op on an empty span or when it is off.
void CorruptIfTesting(std::span<uint8_t> out);

/// Empty string if `actual` equals `expected`; otherwise "<what> differs at byte N: got ..,
/// expected .." (or names the lengths), for KAT and round-trip failure details.
std::string CompareBytes(std::string_view what, std::span<const uint8_t> actual,
                         std::span<const uint8_t> expected);

/// Sets *failure and *error and returns nullptr: the common tail of a failed Prepare().
std::unique_ptr<PreparedOperation> PrepareFailed(PrepareFailure kind, std::string message,
                                                 PrepareFailure* failure, std::string* error);

/// PrepareFailed with kCheckFailed (the "FAILED KAT" of a prepare step's check) and "<alg name>
/// at <input_len> bytes: <what>" (`what`: the mismatch, e.g. CompareBytes's line).
std::unique_ptr<PreparedOperation> PrepareCheckFailed(const AlgorithmInfo& alg, size_t input_len,
                                                      std::string_view what,
                                                      PrepareFailure* failure, std::string* error);

/// PrepareFailed with kLibraryError and "<alg name> has no <op> operation": a Prepare() asked for
/// an operation that `alg`'s kind lacks (OperationName, backend.h).
std::unique_ptr<PreparedOperation> PrepareNoSuchOperation(const AlgorithmInfo& alg, Operation op,
                                                          PrepareFailure* failure,
                                                          std::string* error);

/// PrepareNoSuchOperation naming the library: "<alg name> has no <op> operation in <library>"
/// (just PrepareNoSuchOperation's message for an empty `library`), for the bindings of a library
/// that says which library lacks the operation (Mbed TLS, wolfSSL).
std::unique_ptr<PreparedOperation> PrepareNoSuchOperationIn(std::string_view library,
                                                            const AlgorithmInfo& alg, Operation op,
                                                            PrepareFailure* failure,
                                                            std::string* error);

/// The prepare entry of a cipher or AEAD binding (BindKeyedCipher, BindAead): `Prepare(alg, op,
/// input_len, failure, error)` for kEncrypt and kDecrypt, and for any other operation
/// `NoSuchOperation(alg, op, failure, error)` (the library's own message). Both are functions
/// with this function's parameters and result; this one has no errors of its own.
template <auto Prepare, auto NoSuchOperation>
std::unique_ptr<PreparedOperation> PrepareEncryptOrDecrypt(const AlgorithmInfo& alg, Operation op,
                                                           size_t input_len,
                                                           PrepareFailure* failure,
                                                           std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return NoSuchOperation(alg, op, failure, error);
  }
  return Prepare(alg, op, input_len, failure, error);
}

/// PrepareFailed with kLibraryError and "<library> offers no <op> for <alg name>" (e.g.
/// "Nettle offers no sign for AES-128-GCM"): a Prepare() asked for an operation, or an
/// algorithm, that `library` (its name as the user reads it) does not offer.
std::unique_ptr<PreparedOperation> PrepareOffersNo(std::string_view library,
                                                   const AlgorithmInfo& alg, Operation op,
                                                   PrepareFailure* failure, std::string* error);

/// One-shot decryption of `ciphertext` with the timed operation's key and IV into *plaintext:
/// "" on success, else the library's error.
using DecryptOneShot = std::function<std::string(const std::vector<uint8_t>& ciphertext,
                                                 std::vector<uint8_t>* plaintext)>;

/// The round-trip check of a timed cipher's first output `out` (its first timed call starts
/// from the key and IV of a fresh context): decrypting, `out` must equal `plaintext`;
/// encrypting, it must differ from `plaintext` and `decrypt` must turn it back into it. True
/// when it holds; else PrepareFailed's *failure and *error: kLibraryError with the one-shot's
/// error, or kCheckFailed with "<alg> round trip at <input_len> bytes: <mismatch>".
bool CheckCipherRoundTrip(const AlgorithmInfo& alg, bool encrypt, size_t input_len,
                          std::span<const uint8_t> plaintext, const std::vector<uint8_t>& out,
                          const DecryptOneShot& decrypt, PrepareFailure* failure,
                          std::string* error);

/// A non-null pointer to `bytes` (or to a static byte when empty): some libcrypto calls treat a
/// null input pointer as "finalise" even with a zero length.
const uint8_t* NonNullData(std::span<const uint8_t> bytes);

}  // namespace cryptobench::backends
