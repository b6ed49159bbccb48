// Byte buffers and small helpers shared by the OpenSSL backend's algorithm families.
#include "backends/common/buffers.h"

#include <algorithm>
#include <cstring>
#include <new>

#include "core/hex.h"

namespace cryptobench::backends {

AlignedBuffer::AlignedBuffer(size_t len)
    : bytes_(static_cast<uint8_t*>(
          ::operator new[](std::max<size_t>(len, 1), std::align_val_t{kAlignment}))),
      len_(len) {
  std::memset(bytes_.get(), 0, std::max<size_t>(len, 1));
}

void AlignedBuffer::Deleter::operator()(uint8_t* p) const {
  ::operator delete[](p, std::align_val_t{kAlignment});
}

void FillPattern(std::span<uint8_t> out, uint8_t seed) {
  // A 32-bit linear congruential sequence (Numerical Recipes constants): cheap, deterministic,
  // and not periodic over a block, unlike a counter pattern.
  uint32_t state = 0x9e3779b9u ^ seed;
  for (uint8_t& byte : out) {
    state = state * 1664525u + 1013904223u;
    byte = static_cast<uint8_t>(state >> 24);
  }
}

std::vector<uint8_t> PatternBytes(size_t len, uint8_t seed) {
  std::vector<uint8_t> bytes(len);
  FillPattern(bytes, seed);
  return bytes;
}

namespace {
thread_local bool corrupt_outputs = false;
}  // namespace

ScopedCorruptOutputs::ScopedCorruptOutputs(bool corrupt) : previous_(corrupt_outputs) {
  corrupt_outputs = corrupt;
}

ScopedCorruptOutputs::~ScopedCorruptOutputs() { corrupt_outputs = previous_; }

bool CorruptOutputsForTesting() { return corrupt_outputs; }

void CorruptIfTesting(std::span<uint8_t> out) {
  if (corrupt_outputs && !out.empty()) {
    out[0] ^= 0x01;
  }
}

std::string CompareBytes(std::string_view what, std::span<const uint8_t> actual,
                         std::span<const uint8_t> expected) {
  if (actual.size() != expected.size()) {
    return std::string(what) + " has " + std::to_string(actual.size()) + " bytes, expected " +
           std::to_string(expected.size());
  }
  auto [a, e] = std::mismatch(actual.begin(), actual.end(), expected.begin());
  if (a == actual.end()) {
    return "";
  }
  const size_t offset = static_cast<size_t>(a - actual.begin());
  // Show up to 16 bytes from the first difference: enough to recognise, short enough for a line.
  const size_t shown = std::min<size_t>(16, actual.size() - offset);
  return std::string(what) + " differs at byte " + std::to_string(offset) + ": got " +
         HexEncode(actual.subspan(offset, shown)) + ", expected " +
         HexEncode(expected.subspan(offset, shown));
}

std::unique_ptr<PreparedOperation> PrepareFailed(PrepareFailure kind, std::string message,
                                                 PrepareFailure* failure, std::string* error) {
  if (failure != nullptr) {
    *failure = kind;
  }
  if (error != nullptr) {
    *error = std::move(message);
  }
  return nullptr;
}

std::unique_ptr<PreparedOperation> PrepareCheckFailed(const AlgorithmInfo& alg, size_t input_len,
                                                      std::string_view what,
                                                      PrepareFailure* failure, std::string* error) {
  return PrepareFailed(
      PrepareFailure::kCheckFailed,
      std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + std::string(what),
      failure, error);
}

std::unique_ptr<PreparedOperation> PrepareNoSuchOperation(const AlgorithmInfo& alg, Operation op,
                                                          PrepareFailure* failure,
                                                          std::string* error) {
  return PrepareNoSuchOperationIn({}, alg, op, failure, error);
}

std::unique_ptr<PreparedOperation> PrepareNoSuchOperationIn(std::string_view library,
                                                            const AlgorithmInfo& alg, Operation op,
                                                            PrepareFailure* failure,
                                                            std::string* error) {
  std::string message =
      std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation";
  if (!library.empty()) {
    message += " in " + std::string(library);
  }
  return PrepareFailed(PrepareFailure::kLibraryError, std::move(message), failure, error);
}

std::unique_ptr<PreparedOperation> PrepareOffersNo(std::string_view library,
                                                   const AlgorithmInfo& alg, Operation op,
                                                   PrepareFailure* failure, std::string* error) {
  return PrepareFailed(PrepareFailure::kLibraryError,
                       std::string(library) + " offers no " + std::string(OperationName(op)) +
                           " for " + std::string(alg.name),
                       failure, error);
}

bool CheckCipherRoundTrip(const AlgorithmInfo& alg, bool encrypt, size_t input_len,
                          std::span<const uint8_t> plaintext, const std::vector<uint8_t>& out,
                          const DecryptOneShot& decrypt, PrepareFailure* failure,
                          std::string* error) {
  std::string mismatch;
  if (!encrypt) {
    mismatch = CompareBytes("decrypted text", out, plaintext);
  } else if (CompareBytes("ciphertext", out, plaintext).empty()) {
    mismatch = "ciphertext equals the plaintext";
  } else {
    std::vector<uint8_t> recovered;
    if (std::string message = decrypt(out, &recovered); !message.empty()) {
      PrepareFailed(PrepareFailure::kLibraryError, std::move(message), failure, error);
      return false;
    }
    mismatch = CompareBytes("decryption of the timed ciphertext", recovered, plaintext);
  }
  if (mismatch.empty()) {
    return true;
  }
  PrepareFailed(
      PrepareFailure::kCheckFailed,
      std::string(alg.name) + " round trip at " + std::to_string(input_len) + " bytes: " + mismatch,
      failure, error);
  return false;
}

const uint8_t* NonNullData(std::span<const uint8_t> bytes) {
  static const uint8_t kEmpty = 0;
  return bytes.empty() ? &kEmpty : bytes.data();
}

}  // namespace cryptobench::backends
