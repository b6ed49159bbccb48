// A cipher keyed once and driven block-stream by block-stream, and the prepare step built on it
// (input-size checks, the timed operation, the round trip against a one-shot operation), for
// libraries whose cipher API is "set key and IV, then update" (Mbed TLS, wolfSSL).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/buffers.h"
#include "backends/common/kat_target.h"
#include "backends/common/timing_inputs.h"

namespace cryptobench::backends {

/// One keyed cipher in one direction. Update() carries the mode's state (chained IV, keystream
/// position) from one call to the next.
class KeyedCipher {
 public:
  virtual ~KeyedCipher() = default;
  /// Transforms `len` bytes of `in` into `out` (`len` bytes; no padding). False with *error set
  /// on failure.
  virtual bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) = 0;
  /// Ends the message; no output is expected (no padding). The default has nothing to end.
  virtual bool Finish(std::string* /*error*/) { return true; }
};

/// Makes `alg` keyed with `key` and `iv` for one direction; nullptr with *error set on failure.
using KeyedCipherFactory = std::function<std::unique_ptr<KeyedCipher>(
    const AlgorithmInfo& alg, bool decrypt, std::span<const uint8_t> key,
    std::span<const uint8_t> iv, std::string* error)>;

/// Encrypts (or decrypts) `input` in one message with a fresh cipher from `make` into *output
/// (input.size() bytes). Returns "" or the failure.
std::string KeyedCipherOneShot(const KeyedCipherFactory& make, const AlgorithmInfo& alg,
                               bool decrypt, const Bytes& key, const Bytes& iv, const Bytes& input,
                               Bytes* output);

/// "" if the unpadded cipher `alg` can be timed on `input_len`-byte inputs, else why not (one
/// line): "input size 0 is out of range"; "<alg> needs whole <block_len>-byte blocks; input size
/// <input_len> is not" (the modes of NeedsWholeBlocks, catalog.h); "XTS needs at least one
/// <block_len>-byte block per data unit". Sizes in bytes.
std::string CipherInputSizeProblem(const AlgorithmInfo& alg, size_t input_len);

/// The byte-pattern seeds (PatternBytes) of the key, IV and plaintext a prepared cipher uses.
struct CipherSeeds {
  uint8_t key = 0;
  uint8_t iv = 0;
  uint8_t plaintext = 0;
};

/// Backend::Prepare() for the encrypt or decrypt operation (`op`, which the caller has checked)
/// of a cipher from `make` on `input_len`-byte inputs: refuses the sizes CipherInputSizeProblem
/// names (kLibraryError with its text); then the first timed operation, from a
/// fresh key and IV, must round-trip through KeyedCipherOneShot in the other direction (output
/// first byte flipped by CorruptIfTesting; kCheckFailed naming the algorithm and size otherwise).
std::unique_ptr<PreparedOperation> PrepareKeyedCipher(const KeyedCipherFactory& make,
                                                      const AlgorithmInfo& alg, Operation op,
                                                      size_t input_len, CipherSeeds seeds,
                                                      PrepareFailure* failure, std::string* error);

/// The cipher entries of a library's tables: KatTarget::Cipher for its OneShotFunctions
/// (function_kat_target.h) and Backend::Prepare for its KindPreparers (library_backend.h).
struct CipherEntries {
  std::string (*cipher)(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                        const Bytes& input, Bytes* output);
  std::unique_ptr<PreparedOperation> (*prepare)(const AlgorithmInfo& alg, Operation op,
                                                size_t input_len, PrepareFailure* failure,
                                                std::string* error);
};

/// CipherEntries for a library whose ciphers one factory `Make` binds (a function with
/// KeyedCipherFactory's parameters and result): cipher is KeyedCipherOneShot, prepare
/// PrepareKeyedCipher with the timing seeds kKeySeed, kIvSeed and kPlaintextSeed
/// (timing_inputs.h) for kEncrypt and kDecrypt, and for any other operation
/// `NoSuchOperation(alg, op, failure, error)` (a function with prepare's parameters and result:
/// the library's own message).
template <auto Make, auto NoSuchOperation>
CipherEntries BindKeyedCipher() {
  return {
      .cipher =
          [](const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
             const Bytes& input, Bytes* output) {
            return KeyedCipherOneShot(Make, alg, decrypt, key, iv, input, output);
          },
      .prepare =
          [](const AlgorithmInfo& alg, Operation op, size_t input_len, PrepareFailure* failure,
             std::string* error) {
            if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
              return NoSuchOperation(alg, op, failure, error);
            }
            return PrepareKeyedCipher(Make, alg, op, input_len, {kKeySeed, kIvSeed, kPlaintextSeed},
                                      failure, error);
          },
  };
}

}  // namespace cryptobench::backends
