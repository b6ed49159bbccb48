// A cipher keyed once and driven block-stream by block-stream, and the prepare step built on it
// (input-size checks, the timed operation, the round trip against a one-shot operation), for
// libraries whose cipher API is "set key and IV, then update" (Mbed TLS, wolfSSL).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/buffers.h"
#include "backends/common/function_kat_target.h"
#include "backends/common/guarded.h"
#include "backends/common/kat_target.h"
#include "backends/common/library_backend.h"
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

/// The 16-byte ChaCha20 IV as OpenSSL takes it (and the KAT vectors give it) taken apart: the
/// 32-bit little-endian initial block counter of its first 4 bytes, then the 12-byte nonce
/// (RFC 8439 2.3), for a library whose ChaCha20 takes the two separately.
struct ChaCha20CounterNonce {
  uint32_t counter = 0;
  std::span<const uint8_t> nonce;  // a view into the IV
};

/// Splits `iv` into *out; false with *error "ChaCha20 needs a 32-byte key and a 16-byte
/// counter||nonce IV" unless `key` has 32 bytes and `iv` 16.
bool SplitChaCha20Iv(std::span<const uint8_t> key, std::span<const uint8_t> iv,
                     ChaCha20CounterNonce* out, std::string* error);

/// A ChaCha20 KeyedCipher of a library that keys it, then starts it at a block counter and
/// nonce (Mbed TLS, wolfSSL): Init() takes OpenSSL's IV apart (SplitChaCha20Iv) and the library
/// supplies Start().
class SplitIvChaCha20 : public KeyedCipher {
 public:
  /// SplitChaCha20Iv, then Start(); false with *error set by either.
  bool Init(std::span<const uint8_t> key, std::span<const uint8_t> iv, std::string* error) {
    ChaCha20CounterNonce start;
    return SplitChaCha20Iv(key, iv, &start, error) && Start(key, start, error);
  }

 protected:
  /// Keys the cipher with the 32-byte `key` and starts it at `start`; false with *error set (the
  /// failing call) on failure.
  virtual bool Start(std::span<const uint8_t> key, const ChaCha20CounterNonce& start,
                     std::string* error) = 0;
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

/// CipherInputSizeProblem without its first case: a 0-byte input is no problem here (a one-shot
/// KAT operation may take one).
std::string CipherLengthProblem(const AlgorithmInfo& alg, size_t input_len);

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

/// PrepareKeyedCipher(Make, ...) with the timing seeds kKeySeed, kIvSeed and kPlaintextSeed
/// (timing_inputs.h) as a plain function (the Prepare of BindKeyedCipher's prepare entry): the
/// same parameters, result and failures.
template <auto Make>
std::unique_ptr<PreparedOperation> PrepareKeyedCipherBound(const AlgorithmInfo& alg, Operation op,
                                                           size_t input_len,
                                                           PrepareFailure* failure,
                                                           std::string* error) {
  return PrepareKeyedCipher(Make, alg, op, input_len, {kKeySeed, kIvSeed, kPlaintextSeed}, failure,
                            error);
}

/// "" if a cipher prepare step can time `alg` on `input_len`-byte inputs, else "<alg> cannot
/// encrypt <input_len> bytes: it needs whole <block_len>-byte blocks" (`whole_blocks`: a mode
/// without padding, e.g. CBC; sizes not a multiple of the block) or "...: it needs at least one
/// <block_len>-byte block" (size 0, or below one block when `xts`). Sizes in bytes. The wording
/// of the libgcrypt, GnuTLS and Nettle backends (CipherInputSizeProblem is the keyed cipher's).
std::string CipherBlocksProblem(const AlgorithmInfo& alg, size_t input_len, bool whole_blocks,
                                bool xts);

/// The buffers of a library's own timed cipher operation (PrepareTimedCipher's `make_timed`):
/// the fixed input each call transforms, and the latest call's output (as long), which output()
/// copies for the round-trip check. The library adds its context and Run().
class TimedCipherBuffers : public PreparedOperation {
 public:
  /// The latest call's output.
  Bytes output() const { return Bytes(out_.data(), out_.data() + out_.size()); }

 protected:
  explicit TimedCipherBuffers(AlignedBuffer in) : in_(std::move(in)), out_(in_.size()) {}

  AlignedBuffer in_;
  AlignedBuffer out_;
};

/// What the prepare step of PrepareCipherRoundTrip needs to know of a library's cipher: the
/// arguments of CipherBlocksProblem and the IV length in bytes.
struct CipherShape {
  bool whole_blocks = false;
  bool xts = false;
  size_t iv_len = 0;
};

/// Backend::Prepare() for the encrypt (`decrypt` false) or decrypt operation of the cipher `alg`,
/// which the caller has checked the library offers, for a library with its own timed operation
/// on `input_len`-byte inputs, which the caller has checked the cipher takes: with the kKeySeed
/// key, an `iv_len`-byte kIvSeed IV and the kMessageSeed plaintext (or, decrypting, its
/// ciphertext from target.Cipher), the timed operation `make_timed(key, iv, std::move(input),
/// &message)` (nullptr with message set on failure), a PreparedOperation with `Bytes output()
/// const` (the latest call's output), whose first Run(1), from the key and IV of a fresh
/// context, must round-trip through target.Cipher (CheckCipherRoundTrip, buffers.h; the
/// output's first byte flipped by CorruptIfTesting). Failures: kLibraryError with the
/// one-shot's, make_timed's or Run()'s error; kCheckFailed from CheckCipherRoundTrip.
template <typename MakeTimed>
std::unique_ptr<PreparedOperation> PrepareTimedCipher(KatTarget& target, const AlgorithmInfo& alg,
                                                      bool decrypt, size_t input_len, size_t iv_len,
                                                      const MakeTimed& make_timed,
                                                      PrepareFailure* failure, std::string* error) {
  // XTS keys are two AES keys that must differ (IEEE 1619 5.1): the pattern never repeats.
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes iv = PatternBytes(iv_len, kIvSeed);
  const Bytes plaintext = PatternBytes(input_len, kMessageSeed);
  std::string message;
  AlignedBuffer input(input_len);
  if (decrypt) {
    Bytes ciphertext;
    if (message = target.Cipher(alg, false, key, iv, plaintext, &ciphertext); !message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    std::memcpy(input.data(), ciphertext.data(), input_len);
  } else {
    std::memcpy(input.data(), plaintext.data(), input_len);
  }
  auto prepared = make_timed(key, iv, std::move(input), &message);
  if (!prepared) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  if (!prepared->Run(1)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  // The first timed call starts from the same key and IV as a fresh context.
  Bytes out = prepared->output();
  CorruptIfTesting(out);
  if (!CheckCipherRoundTrip(
          alg, !decrypt, input_len, plaintext, out,
          [&](const Bytes& in, Bytes* back) { return target.Cipher(alg, true, key, iv, in, back); },
          failure, error)) {
    return nullptr;
  }
  return prepared;
}

/// PrepareTimedCipher (the same contract) for a library (libgcrypt, GnuTLS, Nettle) whose
/// refusal of an input size is CipherBlocksProblem's for `shape` (kLibraryError with its text),
/// with a `shape.iv_len`-byte IV.
template <typename MakeTimed>
std::unique_ptr<PreparedOperation> PrepareCipherRoundTrip(
    KatTarget& target, const AlgorithmInfo& alg, bool decrypt, size_t input_len, CipherShape shape,
    const MakeTimed& make_timed, PrepareFailure* failure, std::string* error) {
  if (std::string problem = CipherBlocksProblem(alg, input_len, shape.whole_blocks, shape.xts);
      !problem.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(problem), failure, error);
  }
  return PrepareTimedCipher(target, alg, decrypt, input_len, shape.iv_len, make_timed, failure,
                            error);
}

/// The timed operation of a cipher whose library reports errors by throwing (Botan, Crypto++):
/// one `keyed->Process(in, out, len)` over the whole input per iteration, continuing the stream
/// from one call to the next, inside one Guarded(`what`) per Run(). A Keyed with
/// `static constexpr bool kInPlace = true` works in place: `in` and `out` are then the same
/// buffer, and each iteration transforms the previous one's output (the same cost).
template <typename Keyed>
class TimedThrowingCipher final : public PreparedOperation {
 public:
  TimedThrowingCipher(std::unique_ptr<Keyed> keyed, AlignedBuffer in, std::string what)
      : keyed_(std::move(keyed)),
        in_(std::move(in)),
        out_(Keyed::kInPlace ? 0 : in_.size()),
        what_(std::move(what)) {}

  bool Run(uint64_t iterations) override {
    error_ = Guarded(what_, [&] {
      uint8_t* out = Keyed::kInPlace ? in_.data() : out_.data();
      for (uint64_t i = 0; i < iterations; ++i) {
        keyed_->Process(in_.data(), out, in_.size());
      }
      return std::string();
    });
    return error_.empty();
  }

  /// The latest iteration's output (input-sized).
  Bytes output() const {
    const AlignedBuffer& out = Keyed::kInPlace ? in_ : out_;
    return Bytes(out.data(), out.data() + out.size());
  }

 private:
  std::unique_ptr<Keyed> keyed_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  std::string what_;
};

/// KatTarget::Cipher for a library that reports errors by throwing: `length_problem` (the
/// library's refusal of input.size(), one line) if non-empty; else a fresh `Keyed(alg, decrypt,
/// key, iv)` transforms the whole input with one Process(in, out, len) into *output, inside
/// Guarded("<library> <alg name>").
template <typename Keyed>
std::string ThrowingCipherOneShot(std::string_view library, const AlgorithmInfo& alg, bool decrypt,
                                  const Bytes& key, const Bytes& iv, const Bytes& input,
                                  Bytes* output, std::string length_problem) {
  if (!length_problem.empty()) {
    return length_problem;
  }
  return Guarded(std::string(library) + " " + std::string(alg.name), [&] {
    Keyed keyed(alg, decrypt, key, iv);
    output->assign(input.size(), 0);
    keyed.Process(NonNullData(input), output->data(), input.size());
    return std::string();
  });
}

/// Backend::Prepare() of the cipher `alg` for a library that reports errors by throwing (Botan,
/// Crypto++): an operation other than kEncrypt and kDecrypt is PrepareNoSuchOperation's failure,
/// a non-empty `size_problem` (the library's refusal of `input_len`, one line) a kLibraryError
/// with that text; otherwise PrepareTimedCipher with the one-shot `cipher` (KatTarget::Cipher's
/// parameters and result), an alg.iv_len-byte IV and the timed operation
/// TimedThrowingCipher<Keyed>(std::make_unique<Keyed>(alg, decrypt, key, iv), input,
/// "<library> cipher") made inside Guarded("<library> <alg name>"), so that a throwing
/// constructor is a kLibraryError with that prefix.
template <typename Keyed>
std::unique_ptr<PreparedOperation> PrepareThrowingCipher(
    std::string (*cipher)(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output),
    std::string_view library, const AlgorithmInfo& alg, Operation op, size_t input_len,
    std::string size_problem, PrepareFailure* failure, std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  if (!size_problem.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(size_problem), failure, error);
  }
  const bool decrypt = op == Operation::kDecrypt;
  FunctionKatTarget one_shot({.cipher = cipher});
  return PrepareTimedCipher(
      one_shot, alg, decrypt, input_len, alg.iv_len,
      [&](const Bytes& key, const Bytes& iv, AlignedBuffer input, std::string* message) {
        std::unique_ptr<TimedThrowingCipher<Keyed>> timed;
        *message = Guarded(std::string(library) + " " + std::string(alg.name), [&] {
          timed = std::make_unique<TimedThrowingCipher<Keyed>>(
              std::make_unique<Keyed>(alg, decrypt, key, iv), std::move(input),
              std::string(library) + " cipher");
          return std::string();
        });
        return timed;
      },
      failure, error);
}

/// The cipher entries of a library's tables: KatTarget::Cipher for its OneShotFunctions
/// (function_kat_target.h) and Backend::Prepare for its KindPreparers (library_backend.h).
struct CipherEntries {
  std::string (*cipher)(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                        const Bytes& input, Bytes* output);
  std::unique_ptr<PreparedOperation> (*prepare)(const AlgorithmInfo& alg, Operation op,
                                                size_t input_len, PrepareFailure* failure,
                                                std::string* error);

  /// The library's cipher bindings (library_backend.h): these entries with its support check
  /// and implementation query (null: none).
  LibraryBindings Bindings(KindChecks::Check supported,
                           KindImplementations::Query implementation = nullptr) const {
    return {.checks = {.cipher = supported},
            .implementations = {.cipher = implementation},
            .preparers = {.cipher = prepare},
            .one_shot = {.cipher = cipher}};
  }
};

/// CipherEntries for a library whose ciphers one factory `Make` binds (a function with
/// KeyedCipherFactory's parameters and result): cipher is KeyedCipherOneShot, prepare
/// PrepareKeyedCipher with the timing seeds kKeySeed, kIvSeed and kPlaintextSeed
/// (timing_inputs.h) for kEncrypt and kDecrypt, and for any other operation
/// `NoSuchOperation(alg, op, failure, error)` (a function with prepare's parameters and result:
/// the library's own message; PrepareEncryptOrDecrypt, buffers.h).
template <auto Make, auto NoSuchOperation>
CipherEntries BindKeyedCipher() {
  return {
      .cipher =
          [](const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
             const Bytes& input, Bytes* output) {
            return KeyedCipherOneShot(Make, alg, decrypt, key, iv, input, output);
          },
      .prepare = &PrepareEncryptOrDecrypt<&PrepareKeyedCipherBound<Make>, NoSuchOperation>,
  };
}

}  // namespace cryptobench::backends
