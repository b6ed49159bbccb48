// The key-agreement adapter (issue 18): the timed derive loop and the prepare step (both sides
// of a fixed exchange, the check that they agree, the corruption seam, error mapping) written
// once for every library. A library binds X25519 and ECDH with an engine type and a factory of
// the two sides, and the KAT one-shot over published vectors (KatTarget::Derive) with a second
// factory that makes one side from a vector's keys (whose formats are the library's own);
// BindKeyAgreement gives both entries of the backend's tables.
//
// An Engine is one side of an exchange, set up once (our private key and the peer's public
// key), with:
//
//   size_t secret_len() const;
//     Bytes of the shared secret.
//   bool Derive(uint8_t* out, std::string* error);
//     Writes the shared secret (secret_len() bytes) to `out`. False with *error set (the
//     failing call) on failure.
//
// An Engine whose library reports errors by throwing has a static Guarded(), as in
// hash_mac_adapter.h. The adapter calls Derive() on the Engine type it is given (a template; an
// Engine that is an abstract base still makes one virtual call per derive).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/buffers.h"
#include "backends/common/function_kat_target.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/common/kat_target.h"
#include "backends/common/library_backend.h"
#include "core/hex.h"

namespace cryptobench::backends {

/// An Engine base for a library that binds several key agreements behind one virtual Derive()
/// (one derived class per curve family): the Engine contract of the file comment.
class KeyAgreementEngine {
 public:
  virtual ~KeyAgreementEngine() = default;
  virtual size_t secret_len() const = 0;
  virtual bool Derive(uint8_t* out, std::string* error) = 0;
};

/// The private scalar of the other side of a timed exchange: alg.key_len bytes of the
/// kSecondKeySeed pattern (timing_inputs.h) with the top bit cleared and the lowest bit set, so
/// it is below the P-256 and P-384 group orders and not zero (X25519 clamps any 32 bytes,
/// RFC 7748 section 5).
Bytes PeerPrivateScalar(const AlgorithmInfo& alg);

/// The factory the adapter takes (`make_sides`): a function of this type, or a callable with its
/// parameters and result. It sets *ours to the side timed (the timing private key of `alg` with
/// the public key of PeerPrivateScalar(alg)) and *theirs to the other side (PeerPrivateScalar
/// with our public key), and returns "" or one line (the failing call).
template <typename Engine>
using KeyAgreementSidesFactory = std::string (*)(const AlgorithmInfo& alg,
                                                 std::unique_ptr<Engine>* ours,
                                                 std::unique_ptr<Engine>* theirs);

/// True if `make_sides` (KeyAgreementSidesFactory) sets up both sides of `alg`'s timed exchange:
/// the support check of a library whose keys load at run time.
template <typename Engine, typename MakeSides>
bool KeyAgreementSidesLoad(const MakeSides& make_sides, const AlgorithmInfo& alg) {
  std::unique_ptr<Engine> ours;
  std::unique_ptr<Engine> theirs;
  return GuardedFor<Engine>([&] { return make_sides(alg, &ours, &theirs); }).empty();
}

/// The timed key agreement: one Derive() per iteration on one Engine.
template <typename Engine>
class TimedKeyAgreement final : public PreparedOperation {
 public:
  explicit TimedKeyAgreement(std::unique_ptr<Engine> engine)
      : engine_(std::move(engine)), secret_(engine_->secret_len()) {}

  bool Run(uint64_t iterations) override {
    return RunGuarded<Engine>(
        [&] {
          for (uint64_t i = 0; i < iterations; ++i) {
            if (!engine_->Derive(secret_.data(), &error_)) {
              return false;
            }
          }
          return true;
        },
        &error_);
  }

  /// The latest shared secret.
  std::span<const uint8_t> secret() const { return secret_.span(); }

 private:
  std::unique_ptr<Engine> engine_;
  AlignedBuffer secret_;
};

/// Backend::Prepare() for the key agreement `alg`, `op` kDerive (any other op: the failure of
/// PrepareNoSuchOperation, buffers.h): the two sides from `make_sides`; the other side derives
/// once, the timed side runs once, and its secret (through CorruptIfTesting) must equal the
/// other side's, else kCheckFailed "<alg> derive: the two sides disagree: <CompareBytes>".
/// Other failures: kLibraryError with the factory's or Derive()'s error.
template <typename Engine, typename MakeSides>
std::unique_ptr<PreparedOperation> PrepareKeyAgreementWith(const MakeSides& make_sides,
                                                           const AlgorithmInfo& alg, Operation op,
                                                           PrepareFailure* failure,
                                                           std::string* error) {
  if (op != Operation::kDerive) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  auto body = [&](std::unique_ptr<PreparedOperation>* result) {
    std::unique_ptr<Engine> ours;
    std::unique_ptr<Engine> theirs;
    if (std::string text = make_sides(alg, &ours, &theirs); !text.empty()) {
      return text;
    }
    Bytes other_side(theirs->secret_len());
    if (std::string text; !theirs->Derive(other_side.data(), &text)) {
      return text;
    }
    auto prepared = std::make_unique<TimedKeyAgreement<Engine>>(std::move(ours));
    if (!prepared->Run(1)) {
      return prepared->error();
    }
    Bytes secret(prepared->secret().begin(), prepared->secret().end());
    CorruptIfTesting(secret);
    if (std::string diff = CompareBytes("shared secret", secret, other_side); !diff.empty()) {
      PrepareFailed(PrepareFailure::kCheckFailed,
                    std::string(alg.name) + " derive: the two sides disagree: " + diff, failure,
                    error);
    } else {
      *result = std::move(prepared);
    }
    return std::string();
  };
  return PrepareGuarded<Engine>(body, failure, error);
}

/// The KAT factory the binding takes (`make`): a function of this type, or a callable with its
/// parameters and result. It makes the side of `alg` holding `private_key` with the peer's
/// `peer_public` (both as a KatVector publishes them: algorithms/kat.h), or nullptr with *error
/// set (one line: the failing call, or which key the library rejected).
template <typename Engine>
using KeyAgreementVectorFactory = std::unique_ptr<Engine> (*)(const AlgorithmInfo& alg,
                                                              const Bytes& private_key,
                                                              const Bytes& peer_public,
                                                              std::string* error);

/// KatTarget::Derive through `make` (KeyAgreementVectorFactory): the side of `vector`'s private
/// key and public key derives once; *secret is set to its secret_len() bytes on success (left
/// alone on failure). "" or the factory's or Derive()'s error (or Engine::Guarded's line).
template <typename Engine, typename Make>
std::string DeriveVectorWith(const Make& make, const AlgorithmInfo& alg, const KatVector& vector,
                             Bytes* secret) {
  return GuardedFor<Engine>([&]() -> std::string {
    std::string error;
    std::unique_ptr<Engine> side =
        make(alg, HexDecode(vector.private_key), HexDecode(vector.public_key), &error);
    if (!side) {
      return error;
    }
    Bytes out(side->secret_len());
    if (!side->Derive(out.data(), &error)) {
      return error;
    }
    *secret = std::move(out);
    return std::string();
  });
}

/// The key-agreement entries of a library's tables: KatTarget::Derive for its OneShotFunctions
/// (function_kat_target.h) and Backend::Prepare for its KindPreparers (library_backend.h).
struct KeyAgreementEntries {
  decltype(OneShotFunctions::derive) derive;
  std::unique_ptr<PreparedOperation> (*prepare)(const AlgorithmInfo& alg, Operation op,
                                                PrepareFailure* failure, std::string* error);

  /// True if the binding covers `alg` and both sides of its timed exchange load
  /// (KeyAgreementSidesLoad): the support check of a library whose keys load at run time.
  bool (*supported)(const AlgorithmInfo& alg) = nullptr;

  /// The one-shot entry (derive) for a library's OneShotFunctions.
  OneShotFunctions OneShots() const { return {.derive = derive}; }

  /// The library's key-agreement bindings (library_backend.h): these entries, no implementation
  /// query.
  LibraryBindings Bindings() const {
    return {.checks = {.key_agreement = supported},
            .preparers = {.key_agreement = prepare},
            .one_shot = OneShots()};
  }
};

/// KeyAgreementEntries for a library whose key agreements one Engine type binds, with the
/// factories `MakeSides` (KeyAgreementSidesFactory<Engine>) and `MakeFromVector`
/// (KeyAgreementVectorFactory<Engine>) and the predicate `Bound` (a function of the
/// AlgorithmInfo, true for the entries the binding covers): derive is DeriveVectorWith (kNotOffered
/// for an entry Bound rejects), prepare PrepareKeyAgreementWith (reached only for what the
/// backend's Supports() accepted), supported Bound and KeyAgreementSidesLoad.
template <typename Engine, auto MakeSides, auto MakeFromVector, auto Bound>
KeyAgreementEntries BindKeyAgreement() {
  return {
      .derive =
          [](const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) {
            if (!Bound(alg)) {
              return std::string(kNotOffered);
            }
            return DeriveVectorWith<Engine>(MakeFromVector, alg, vector, secret);
          },
      .prepare =
          [](const AlgorithmInfo& alg, Operation op, PrepareFailure* failure, std::string* error) {
            return PrepareKeyAgreementWith<Engine>(MakeSides, alg, op, failure, error);
          },
      .supported =
          [](const AlgorithmInfo& alg) {
            return Bound(alg) && KeyAgreementSidesLoad<Engine>(MakeSides, alg);
          },
  };
}

}  // namespace cryptobench::backends
