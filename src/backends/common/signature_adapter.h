// The signature adapter (issue 18): the timed sign and verify loops, the prepare step (the
// 32-byte input, the check that the other direction agrees, the corruption seam, error mapping)
// and the timing-key round trip of the KAT, written once for every library. A library binds its
// signatures with an engine type and a factory; the KAT one-shots over published vectors
// (KatTarget::Verify and Sign), whose key formats are the library's own, stay with the library.
//
// An Engine holds one timing key pair, set up to sign and to verify, with:
//
//   bool Sign(std::span<const uint8_t> tbs, std::string* error);
//     Signs `tbs` (a SHA-256 digest for RSA and ECDSA, the message for Ed25519) and keeps the
//     signature in the engine until the next Sign(). False with *error set (the failing call)
//     on failure.
//   std::span<const uint8_t> signature() const;
//     The latest Sign()'s signature, in the library's own encoding (the adapter only passes it
//     back to Verify()).
//   bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
//               std::string* error);
//     True if `signature` is valid over `tbs`; false with *error set (one line: the failing
//     call, or that the library rejected the signature) otherwise.
//
// An Engine whose library reports errors by throwing (Botan, Crypto++) also has a static
// Guarded(), as in hash_mac_adapter.h, and every step here then runs inside one Guarded() call
// (the timed loop once per Run(), not per operation). The adapter calls Sign() and Verify()
// directly on the concrete type (a template, no virtual call), so the timed loop is one Sign()
// or one Verify() per iteration.
#pragma once

#include <algorithm>
#include <cstdint>
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
#include "backends/common/hash_mac_adapter.h"
#include "backends/common/kat_target.h"
#include "backends/common/library_backend.h"
#include "backends/common/timing_inputs.h"

namespace cryptobench::backends {

/// The signature an Engine keeps (the contract's signature()), for an Engine whose library
/// returns each signature as a byte string (libgcrypt, GnuTLS, Nettle): Sign() sets sig_.
class KeptSignature {
 public:
  std::span<const uint8_t> signature() const { return sig_; }

 protected:
  Bytes sig_;
};

/// The same for an Engine whose library signs into room the caller gives (Mbed TLS, wolfSSL):
/// Sign() writes at most sig_.size() bytes (the room, fixed at construction) and sets sig_len_.
class SignatureRoom {
 public:
  std::span<const uint8_t> signature() const { return sig_.span().first(sig_len_); }

 protected:
  /// Room for `max_len`-byte signatures.
  explicit SignatureRoom(size_t max_len) : sig_(max_len) {}

  AlignedBuffer sig_;
  size_t sig_len_ = 0;
};

/// The factory the adapter functions take (`make`): a function of this type, or a callable with
/// its parameters and result. It makes an Engine holding the timing key pair of the signature
/// `alg` (TimingPrivateKeyPem, algorithms/kat.h; or a published key pair where the library takes
/// no PKCS#8 key); nullptr with *error set (one line: the failing call, or that the library has
/// no such algorithm) on failure.
template <typename Engine>
using SignatureEngineFactory = std::unique_ptr<Engine> (*)(const AlgorithmInfo& alg,
                                                           std::string* error);

/// The timed sign or verify operation: one Sign() of the fixed 32-byte input (kSignInputSeed
/// pattern, kPublicKeyInputLen bytes) per iteration, or one Verify() of a fixed signature over
/// it, on one Engine.
template <typename Engine>
class TimedSignature final : public PreparedOperation {
 public:
  /// Signs (`sign`) or verifies `signature` (ignored when signing) over `tbs`.
  TimedSignature(std::unique_ptr<Engine> engine, bool sign, const AlignedBuffer& tbs,
                 std::span<const uint8_t> signature)
      : engine_(std::move(engine)), sign_(sign), tbs_(tbs.size()), sig_(signature.size()) {
    std::copy(tbs.span().begin(), tbs.span().end(), tbs_.data());
    std::copy(signature.begin(), signature.end(), sig_.data());
  }

  bool Run(uint64_t iterations) override {
    return RunGuarded<Engine>([&] { return Loop(iterations); }, &error_);
  }

  /// The latest signature (signing).
  std::span<const uint8_t> signature() const { return engine_->signature(); }

 private:
  // The timed loop: one Sign() or Verify() per iteration; false with error_ set at the first
  // failure.
  bool Loop(uint64_t iterations) {
    if (sign_) {
      for (uint64_t i = 0; i < iterations; ++i) {
        if (!engine_->Sign(tbs_.span(), &error_)) {
          return false;
        }
      }
    } else {
      for (uint64_t i = 0; i < iterations; ++i) {
        if (!engine_->Verify(tbs_.span(), sig_.span(), &error_)) {
          return false;
        }
      }
    }
    return true;
  }

  std::unique_ptr<Engine> engine_;
  bool sign_;
  AlignedBuffer tbs_;
  AlignedBuffer sig_;
};

/// The check failure of PrepareSignatureWith: PrepareFailed with kCheckFailed and
/// "<alg name> <op>: <what>", returning nullptr.
std::unique_ptr<PreparedOperation> SignatureCheckFailed(const AlgorithmInfo& alg, Operation op,
                                                        std::string_view what,
                                                        PrepareFailure* failure,
                                                        std::string* error);

/// Backend::Prepare() for the signature `alg`, `op` kSign or kVerify (any other op: the
/// failure of PrepareNoSuchOperation, buffers.h), with two Engines from `make`: the timed one
/// and a separate checker.
/// - kSign: the timed Sign() runs once; its signature (through CorruptIfTesting) must pass the
///   checker's Verify(), else kCheckFailed "<alg> sign: verify rejected the timed signature".
/// - kVerify: the checker signs; its signature (through CorruptIfTesting) is the one the timed
///   Verify() checks; its first run must accept it, else kCheckFailed "<alg> verify: the timed
///   verify rejected a fresh signature (<Verify()'s error>)".
/// Other failures: kLibraryError with the factory's or Sign()'s error.
template <typename Engine, typename Make>
std::unique_ptr<PreparedOperation> PrepareSignatureWith(const Make& make, const AlgorithmInfo& alg,
                                                        Operation op, PrepareFailure* failure,
                                                        std::string* error) {
  if (op != Operation::kSign && op != Operation::kVerify) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  const bool sign = op == Operation::kSign;
  auto body = [&](std::unique_ptr<PreparedOperation>* result) {
    std::string text;
    std::unique_ptr<Engine> timed_engine = make(alg, &text);
    if (!timed_engine) {
      return text;
    }
    std::unique_ptr<Engine> checker = make(alg, &text);
    if (!checker) {
      return text;
    }
    AlignedBuffer tbs(kPublicKeyInputLen);
    FillPattern(tbs.span(), kSignInputSeed);
    if (sign) {
      auto prepared = std::make_unique<TimedSignature<Engine>>(std::move(timed_engine), true, tbs,
                                                               std::span<const uint8_t>());
      if (!prepared->Run(1)) {
        return prepared->error();
      }
      Bytes signature(prepared->signature().begin(), prepared->signature().end());
      CorruptIfTesting(signature);
      if (!checker->Verify(tbs.span(), signature, &text)) {
        SignatureCheckFailed(alg, op, "verify rejected the timed signature", failure, error);
      } else {
        *result = std::move(prepared);
      }
      return std::string();
    }
    if (!checker->Sign(tbs.span(), &text)) {
      return text;
    }
    Bytes signature(checker->signature().begin(), checker->signature().end());
    CorruptIfTesting(signature);
    auto prepared =
        std::make_unique<TimedSignature<Engine>>(std::move(timed_engine), false, tbs, signature);
    if (!prepared->Run(1)) {
      SignatureCheckFailed(
          alg, op, "the timed verify rejected a fresh signature (" + prepared->error() + ")",
          failure, error);
    } else {
      *result = std::move(prepared);
    }
    return std::string();
  };
  return PrepareGuarded<Engine>(body, failure, error);
}

/// KatTarget::SignRoundTrip for the signature `alg`: an Engine from `make` signs the 32-byte
/// timing input; a second Engine must accept that signature (through CorruptIfTesting) and
/// reject it with the low bit of its last byte flipped. Returns "" if both hold, else one of
/// "timing key: <factory's error>", "timing-key round trip: <Sign()'s error>",
/// "timing-key round trip: verify rejected a fresh signature (<Verify()'s error>)",
/// "timing-key round trip: the signature is empty",
/// "timing-key round trip: a signature with one bit flipped verified" (or Engine::Guarded's
/// line for an exception).
template <typename Engine, typename Make>
std::string SignatureRoundTripWith(const Make& make, const AlgorithmInfo& alg) {
  return GuardedFor<Engine>([&]() -> std::string {
    std::string error;
    std::unique_ptr<Engine> signer = make(alg, &error);
    std::unique_ptr<Engine> verifier = signer ? make(alg, &error) : nullptr;
    if (!verifier) {
      return "timing key: " + error;
    }
    const Bytes tbs = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
    if (!signer->Sign(tbs, &error)) {
      return "timing-key round trip: " + error;
    }
    Bytes signature(signer->signature().begin(), signer->signature().end());
    Bytes checked = signature;
    CorruptIfTesting(checked);
    if (!verifier->Verify(tbs, checked, &error)) {
      return "timing-key round trip: verify rejected a fresh signature (" + error + ")";
    }
    if (signature.empty()) {
      return "timing-key round trip: the signature is empty";
    }
    signature.back() ^= 0x01;
    if (verifier->Verify(tbs, signature, &error)) {
      return "timing-key round trip: a signature with one bit flipped verified";
    }
    return "";
  });
}

/// The signature entries of a library's tables: KatTarget::SignRoundTrip for its OneShotFunctions
/// (function_kat_target.h) and Backend::Prepare for its KindPreparers (library_backend.h).
struct SignatureEntries {
  std::string (*sign_round_trip)(const AlgorithmInfo& alg);
  std::unique_ptr<PreparedOperation> (*prepare)(const AlgorithmInfo& alg, Operation op,
                                                PrepareFailure* failure, std::string* error);
  /// The library's KatTarget::Verify and KatTarget::Sign for its OneShotFunctions; null where
  /// the binding gives none.
  decltype(OneShotFunctions::verify) verify = nullptr;
  decltype(OneShotFunctions::sign) sign = nullptr;

  /// True if the binding covers `alg` and the Engine's factory makes its timing key pair
  /// (BindSignature): the support check of a library whose keys load at run time.
  bool (*keys_load)(const AlgorithmInfo& alg) = nullptr;

  /// The one-shot entries (verify, sign, sign_round_trip) for a library's OneShotFunctions.
  OneShotFunctions OneShots() const {
    return {.verify = verify, .sign = sign, .sign_round_trip = sign_round_trip};
  }

  /// The library's signature bindings (library_backend.h): these entries with its support
  /// check (by default keys_load) and no implementation query.
  LibraryBindings Bindings(KindChecks::Check supported = nullptr) const {
    return {.checks = {.signature = supported != nullptr ? supported : keys_load},
            .preparers = {.signature = prepare},
            .one_shot = OneShots()};
  }
};

/// SignatureEntries for a library whose signatures one Engine type binds, with its static
/// `Engine::Make` (a SignatureEngineFactory<Engine>) as the factory: sign_round_trip is
/// SignatureRoundTripWith, prepare PrepareSignatureWith (their results and failures), keys_load
/// true where Engine::Make makes the timing key pair (an exception: false). With a
/// predicate `Bound` (a function of the AlgorithmInfo, true for the entries the binding covers),
/// sign_round_trip returns kNotOffered for an entry it does not cover (prepare is reached only
/// for what the backend's Supports() accepted) and keys_load false. `Verify` and `Sign` (the
/// library's KAT functions, or nullptr) become verify and sign.
template <typename Engine, auto Bound = nullptr, auto Verify = nullptr, auto Sign = nullptr>
SignatureEntries BindSignature() {
  return {
      .sign_round_trip =
          [](const AlgorithmInfo& alg) {
            if constexpr (!std::is_null_pointer_v<decltype(Bound)>) {
              if (!Bound(alg)) {
                return std::string(kNotOffered);
              }
            }
            return SignatureRoundTripWith<Engine>(&Engine::Make, alg);
          },
      .prepare =
          [](const AlgorithmInfo& alg, Operation op, PrepareFailure* failure, std::string* error) {
            return PrepareSignatureWith<Engine>(&Engine::Make, alg, op, failure, error);
          },
      .verify = Verify,
      .sign = Sign,
      .keys_load =
          [](const AlgorithmInfo& alg) {
            if constexpr (!std::is_null_pointer_v<decltype(Bound)>) {
              if (!Bound(alg)) {
                return false;
              }
            }
            std::string error;
            return GuardedFor<Engine>(
                       [&] { return Engine::Make(alg, &error) != nullptr ? std::string() : error; })
                .empty();
          },
  };
}

/// The bytes a KatTarget::Verify checks a published signature over: `vector.input` decoded,
/// and with `tamper` a different message: its first byte's low bit flipped, or one zero byte
/// where the input is empty (RFC 8032's first Ed25519 vector signs the empty message).
Bytes KatSignedInput(const KatVector& vector, bool tamper);

}  // namespace cryptobench::backends
