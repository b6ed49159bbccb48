// The AEAD adapter (issue 18): the timed loop, the KAT one-shots and the prepare step (inputs,
// round trip, corruption seam, error mapping) written once for every library whose AEAD API is
// "key once, then seal or open whole messages" (Mbed TLS, wolfSSL, Nettle, GnuTLS). A library
// binds its AEADs with one engine type and one factory; everything else is here.
//
// An Engine is a keyed AEAD for one direction, nonce and AAD coming with every message, with:
//
//   bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
//             size_t len, uint8_t* out, size_t tag_len, std::string* error);
//     Seals `len` bytes at `in`: writes the `len`-byte ciphertext and then the `tag_len`-byte tag
//     at `out`. False with *error set (the failing call) on failure.
//   AeadOpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad,
//                       const uint8_t* in, size_t len, size_t tag_len, uint8_t* out,
//                       std::string* error);
//     Opens the `len`-byte ciphertext at `in`, followed by its `tag_len`-byte tag, writing `len`
//     bytes of plaintext at `out` (which has room for len + tag_len + 1 bytes). kRejected when the
//     tag does not verify, kError on any other failure; *error set in both cases.
//
// An Engine whose library reports errors by throwing (Crypto++) also has
//
//   template <typename Body> static std::string Guarded(Body&& body);
//     Runs body() (which returns "" or an error) and returns its result, or one line naming a
//     caught exception.
//
// and the timed loop then runs inside one Guarded() call (once per Run(), not per message).
// The adapter calls them directly on the concrete type (templates, no virtual call), so the timed
// loop is the one each library had: one Seal or Open per iteration, plus the nonce counter.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/buffers.h"
#include "backends/common/function_kat_target.h"
#include "backends/common/guarded.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/common/kat_target.h"
#include "backends/common/library_backend.h"
#include "backends/common/timing_inputs.h"

namespace cryptobench::backends {

/// What an Engine's Open() found (see the file comment).
enum class AeadOpenResult { kAccepted, kRejected, kError };

/// The factory an adapter function takes (`make`): a function of this type, or a callable with
/// its parameters and result (a lambda holding the library's function table: BoringSSL). It makes
/// an Engine keyed with `key` for sealing (`decrypt` false) or opening messages of `alg`
/// with nonces of the length of `nonce` (the first message's nonce, for libraries that key with
/// one: Crypto++) and `tag_len`-byte tags; nullptr with *error set (one line: the failing call,
/// or that the library has no such AEAD) on failure.
template <typename Engine>
using AeadEngineFactory = std::unique_ptr<Engine> (*)(const AlgorithmInfo& alg, bool decrypt,
                                                      std::span<const uint8_t> key,
                                                      std::span<const uint8_t> nonce,
                                                      size_t tag_len, std::string* error);

/// The check after a seal call `call` that reports its output length: true if `out_len` is
/// `expected` (ciphertext and tag), else false with *error "<call> wrote <out_len> bytes,
/// expected <expected>".
inline bool SealWroteAll(const char* call, size_t out_len, size_t expected, std::string* error) {
  if (out_len != expected) {
    *error = std::string(call) + " wrote " + std::to_string(out_len) + " bytes, expected " +
             std::to_string(expected);
    return false;
  }
  return true;
}

/// Writes `counter` big-endian into the last (up to 8) bytes of `nonce`: a fresh nonce per timed
/// sealed message, as the OpenSSL backend does.
inline void SetNonceCounter(std::span<uint8_t> nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

/// The timed AEAD operation: seal `len` bytes with a fresh nonce (a counter in its last 8 bytes)
/// per message, or open one fixed sealed message (ciphertext || tag) whose tag must verify, with
/// the same AAD every time, on one keyed Engine.
template <typename Engine>
class TimedAead final : public PreparedOperation {
 public:
  /// seal: `in` holds the `len`-byte plaintext; open: the `len`-byte ciphertext and its tag.
  TimedAead(std::unique_ptr<Engine> engine, bool seal, Bytes nonce, Bytes aad, AlignedBuffer in,
            size_t len, size_t tag_len)
      : engine_(std::move(engine)),
        seal_(seal),
        nonce_(std::move(nonce)),
        aad_(std::move(aad)),
        in_(std::move(in)),
        len_(len),
        tag_len_(tag_len),
        out_(len + tag_len + 1) {}

  bool Run(uint64_t iterations) override {
    return RunGuarded<Engine>([&] { return Loop(iterations); }, &error_);
  }

  /// The latest message's ciphertext (seal) or plaintext (open): `len` bytes.
  std::span<const uint8_t> text() const { return out_.span().first(len_); }
  /// The latest message's tag (seal only).
  std::span<const uint8_t> tag() const { return out_.span().subspan(len_, tag_len_); }
  /// The nonce of the latest message.
  const Bytes& nonce() const { return nonce_; }
  /// True if the latest Run() failed because the tag did not verify.
  bool tag_rejected() const { return tag_rejected_; }

 private:
  // The timed loop: one Seal or Open per iteration; false with error_ set at the first failure.
  bool Loop(uint64_t iterations) {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (seal_) {
        SetNonceCounter(nonce_, ++counter_);
        if (!engine_->Seal(nonce_, aad_, in_.data(), len_, out_.data(), tag_len_, &error_)) {
          return false;
        }
      } else {
        const AeadOpenResult result =
            engine_->Open(nonce_, aad_, in_.data(), len_, tag_len_, out_.data(), &error_);
        if (result != AeadOpenResult::kAccepted) {
          tag_rejected_ = result == AeadOpenResult::kRejected;
          return false;
        }
      }
    }
    return true;
  }

  std::unique_ptr<Engine> engine_;
  bool seal_;
  Bytes nonce_;
  Bytes aad_;
  AlignedBuffer in_;
  size_t len_;
  size_t tag_len_;
  AlignedBuffer out_;
  uint64_t counter_ = 0;
  bool tag_rejected_ = false;
};

/// KatTarget::Seal through an Engine from `make`: *ciphertext gets plaintext.size() bytes, *tag
/// `tag_len`. Returns "" or the factory's or Seal()'s error.
template <typename Engine, typename Make>
std::string AeadSealOneShot(const Make& make, const AlgorithmInfo& alg, const Bytes& key,
                            const Bytes& nonce, const Bytes& aad, const Bytes& plaintext,
                            size_t tag_len, Bytes* ciphertext, Bytes* tag) {
  std::string error;
  std::unique_ptr<Engine> engine = make(alg, false, key, nonce, tag_len, &error);
  if (!engine) {
    return error;
  }
  Bytes out(plaintext.size() + tag_len + 1);
  if (!engine->Seal(nonce, aad, NonNullData(plaintext), plaintext.size(), out.data(), tag_len,
                    &error)) {
    return error;
  }
  const auto tag_at = out.begin() + static_cast<std::ptrdiff_t>(plaintext.size());
  ciphertext->assign(out.begin(), tag_at);
  tag->assign(tag_at, tag_at + static_cast<std::ptrdiff_t>(tag_len));
  return "";
}

/// KatTarget::Open through an Engine from `make`; a rejected tag sets *authentic false and is
/// not an error. Returns "" or the factory's or Open()'s error.
template <typename Engine, typename Make>
std::string AeadOpenOneShot(const Make& make, const AlgorithmInfo& alg, const Bytes& key,
                            const Bytes& nonce, const Bytes& aad, const Bytes& ciphertext,
                            const Bytes& tag, Bytes* plaintext, bool* authentic) {
  *authentic = false;
  std::string error;
  std::unique_ptr<Engine> engine = make(alg, true, key, nonce, tag.size(), &error);
  if (!engine) {
    return error;
  }
  Bytes sealed = ciphertext;
  sealed.insert(sealed.end(), tag.begin(), tag.end());
  Bytes out(sealed.size() + 1);
  switch (engine->Open(nonce, aad, NonNullData(sealed), ciphertext.size(), tag.size(), out.data(),
                       &error)) {
    case AeadOpenResult::kAccepted:
      out.resize(ciphertext.size());
      *plaintext = std::move(out);
      *authentic = true;
      return "";
    case AeadOpenResult::kRejected:
      return "";
    case AeadOpenResult::kError:
      break;
  }
  return error;
}

/// PrepareFailed (buffers.h) with kCheckFailed and "<alg name> at <input_len> bytes: <what>": a
/// failed check of PrepareAeadWith.
std::unique_ptr<PreparedOperation> AeadCheckFailed(const AlgorithmInfo& alg, size_t input_len,
                                                   const std::string& what, PrepareFailure* failure,
                                                   std::string* error);

/// Backend::Prepare() for the encrypt (seal) or decrypt (open) operation `op` of the AEAD `alg`,
/// which the caller has checked the library offers, on `input_len`-byte messages with
/// kTimedAadLen bytes of AAD (timing_inputs.h). Seal: the first timed message, from a fresh
/// engine, must open (AeadOpenOneShot) to the plaintext. Open: a message sealed by
/// AeadSealOneShot must open in the timed operation to the plaintext. The checked message's
/// first byte (ciphertext, or tag when empty) is flipped while the test seam is on
/// (CorruptIfTesting). Failures: kLibraryError with the library's error; kCheckFailed with
/// "<alg> at <input_len> bytes: open rejected the tag of the timed seal", "...: timed open
/// rejected the tag (<error>)" or "...: opened plaintext differs ..." (CompareBytes).
template <typename Engine, typename Make>
std::unique_ptr<PreparedOperation> PrepareAeadWith(const Make& make, const AlgorithmInfo& alg,
                                                   Operation op, size_t input_len,
                                                   PrepareFailure* failure, std::string* error) {
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes nonce = PatternBytes(alg.iv_len, kNonceSeed);
  const Bytes aad = PatternBytes(kTimedAadLen, kAadSeed);
  const Bytes plaintext = PatternBytes(input_len, kPlaintextSeed);
  auto library_error = [&](std::string text) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(text), failure, error);
  };
  auto check_failed = [&](const std::string& what) {
    return AeadCheckFailed(alg, input_len, what, failure, error);
  };
  const bool seal = op == Operation::kEncrypt;
  std::string message;
  std::unique_ptr<Engine> engine = make(alg, !seal, key, nonce, alg.tag_len, &message);
  if (!engine) {
    return library_error(message);
  }

  if (seal) {
    AlignedBuffer in(input_len);
    std::memcpy(in.data(), plaintext.data(), input_len);
    auto prepared = std::make_unique<TimedAead<Engine>>(std::move(engine), true, nonce, aad,
                                                        std::move(in), input_len, alg.tag_len);
    if (!prepared->Run(1)) {
      return library_error(prepared->error());
    }
    Bytes ciphertext(prepared->text().begin(), prepared->text().end());
    Bytes tag(prepared->tag().begin(), prepared->tag().end());
    CorruptIfTesting(input_len == 0 ? std::span<uint8_t>(tag) : std::span<uint8_t>(ciphertext));
    Bytes opened;
    bool authentic = false;
    if (message = AeadOpenOneShot<Engine>(make, alg, key, prepared->nonce(), aad, ciphertext, tag,
                                          &opened, &authentic);
        !message.empty()) {
      return library_error(message);
    }
    if (!authentic) {
      return check_failed("open rejected the tag of the timed seal");
    }
    if (std::string diff = CompareBytes("opened plaintext", opened, plaintext); !diff.empty()) {
      return check_failed(diff);
    }
    return prepared;
  }

  Bytes ciphertext;
  Bytes tag;
  if (message = AeadSealOneShot<Engine>(make, alg, key, nonce, aad, plaintext, alg.tag_len,
                                        &ciphertext, &tag);
      !message.empty()) {
    return library_error(message);
  }
  CorruptIfTesting(input_len == 0 ? std::span<uint8_t>(tag) : std::span<uint8_t>(ciphertext));
  AlignedBuffer sealed(input_len + tag.size());
  std::memcpy(sealed.data(), ciphertext.data(), input_len);
  std::memcpy(sealed.data() + input_len, tag.data(), tag.size());
  auto prepared = std::make_unique<TimedAead<Engine>>(std::move(engine), false, nonce, aad,
                                                      std::move(sealed), input_len, alg.tag_len);
  if (!prepared->Run(1)) {
    return prepared->tag_rejected()
               ? check_failed("timed open rejected the tag (" + prepared->error() + ")")
               : library_error(prepared->error());
  }
  if (std::string diff = CompareBytes("opened plaintext", prepared->text(), plaintext);
      !diff.empty()) {
    return check_failed(diff);
  }
  return prepared;
}

/// PrepareAeadWith<Engine>(Make, ...) as a plain function (the Prepare of BindAead's prepare
/// entry): the same parameters, result and failures.
template <typename Engine, AeadEngineFactory<Engine> Make>
std::unique_ptr<PreparedOperation> PrepareAeadBound(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error) {
  return PrepareAeadWith<Engine>(Make, alg, op, input_len, failure, error);
}

/// The AEAD entries of a library's tables: KatTarget::Seal and Open for its OneShotFunctions
/// (function_kat_target.h) and Backend::Prepare for its KindPreparers (library_backend.h).
struct AeadEntries {
  std::string (*seal)(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                      const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                      Bytes* tag);
  std::string (*open)(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                      const Bytes& aad, const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                      bool* authentic);
  std::unique_ptr<PreparedOperation> (*prepare)(const AlgorithmInfo& alg, Operation op,
                                                size_t input_len, PrepareFailure* failure,
                                                std::string* error);

  /// The one-shot entries (seal and open) for a library's OneShotFunctions.
  OneShotFunctions OneShots() const { return {.seal = seal, .open = open}; }

  /// The library's AEAD bindings (library_backend.h): these entries with its support check and
  /// implementation query (null: none).
  LibraryBindings Bindings(KindChecks::Check supported,
                           KindImplementations::Query implementation = nullptr) const {
    return {.checks = {.aead = supported},
            .implementations = {.aead = implementation},
            .preparers = {.aead = prepare},
            .one_shot = OneShots()};
  }
};

/// True if the AEAD binding with predicate `Bound` (BindAead) covers `alg`: Bound(alg), or always
/// when there is no predicate (nullptr).
template <auto Bound>
bool AeadBound(const AlgorithmInfo& alg) {
  if constexpr (std::is_null_pointer_v<decltype(Bound)>) {
    return true;
  } else {
    return Bound(alg);
  }
}

/// BindAead's guard (`Guard`) for a library that does not throw: the entries run as they are.
struct UnguardedAead {
  template <typename Body>
  static std::string OneShot(const AlgorithmInfo& /*alg*/, std::string_view /*what*/, Body&& body) {
    return body();
  }
  template <typename Body>
  static std::unique_ptr<PreparedOperation> Prepare(const AlgorithmInfo& /*alg*/, Body&& body,
                                                    PrepareFailure* /*failure*/,
                                                    std::string* /*error*/) {
    return body();
  }
};

/// BindAead's guard for a library that reports errors by throwing (Crypto++): the one-shots run
/// inside Guarded("<Library> <alg name> seal" or "... open"), the prepare step inside
/// Guarded("<Library> <alg name>"), an exception there being a kLibraryError with that line.
template <GuardLabel Library>
struct GuardedAead {
  template <typename Body>
  static std::string OneShot(const AlgorithmInfo& alg, std::string_view what, Body&& body) {
    return Guarded(
        std::string(Library.text) + " " + std::string(alg.name) + " " + std::string(what),
        std::forward<Body>(body));
  }
  template <typename Body>
  static std::unique_ptr<PreparedOperation> Prepare(const AlgorithmInfo& alg, Body&& body,
                                                    PrepareFailure* failure, std::string* error) {
    std::unique_ptr<PreparedOperation> prepared;
    if (std::string message = Guarded(std::string(Library.text) + " " + std::string(alg.name),
                                      [&] {
                                        prepared = body();
                                        return std::string();
                                      });
        !message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    return prepared;
  }
};

/// AeadEntries for a library whose AEADs one Engine type and one factory `Make` bind (a function
/// of type AeadEngineFactory<Engine>): seal is AeadSealOneShot, open AeadOpenOneShot (a rejected
/// tag sets *authentic false and is not an error), prepare PrepareAeadWith for kEncrypt and
/// kDecrypt, and for any other operation `NoSuchOperation(alg, op, failure, error)` (a function
/// with prepare's parameters and result: the library's own message; PrepareEncryptOrDecrypt,
/// buffers.h). With a predicate `Bound` (a function of the AlgorithmInfo, true for the entries
/// the binding covers), seal and open return kNotOffered and prepare NoSuchOperation's failure
/// for an entry it does not cover. `Guard` (UnguardedAead, GuardedAead) wraps each entry's work
/// after that check.
template <typename Engine, AeadEngineFactory<Engine> Make, auto NoSuchOperation,
          auto Bound = nullptr, typename Guard = UnguardedAead>
AeadEntries BindAead() {
  return {
      .seal =
          [](const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
             const Bytes& plaintext, size_t tag_len, Bytes* ciphertext, Bytes* tag) {
            if (!AeadBound<Bound>(alg)) {
              return std::string(kNotOffered);
            }
            return Guard::OneShot(alg, "seal", [&] {
              return AeadSealOneShot<Engine>(Make, alg, key, nonce, aad, plaintext, tag_len,
                                             ciphertext, tag);
            });
          },
      .open =
          [](const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
             const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext, bool* authentic) {
            if (!AeadBound<Bound>(alg)) {
              return std::string(kNotOffered);
            }
            *authentic = false;
            return Guard::OneShot(alg, "open", [&] {
              return AeadOpenOneShot<Engine>(Make, alg, key, nonce, aad, ciphertext, tag, plaintext,
                                             authentic);
            });
          },
      .prepare =
          [](const AlgorithmInfo& alg, Operation op, size_t input_len, PrepareFailure* failure,
             std::string* error) {
            if (!AeadBound<Bound>(alg)) {
              return NoSuchOperation(alg, op, failure, error);
            }
            return Guard::Prepare(
                alg,
                [&] {
                  return PrepareEncryptOrDecrypt<&PrepareAeadBound<Engine, Make>, NoSuchOperation>(
                      alg, op, input_len, failure, error);
                },
                failure, error);
          },
  };
}

}  // namespace cryptobench::backends
