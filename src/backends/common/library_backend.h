// The skeleton every library backend shares, so that each backend writes only what is specific
// to its library: which algorithms it offers and how it prepares each family. LibraryBackend
// implements Supports() (cached per algorithm, a thrown exception meaning "unsupported"),
// RunKat() (the shared KAT driver over the backend's one-shot operations), Prepare() (refuses
// what Supports() rejects, turns a thrown exception into a library error) and, from a
// LibraryBindings table, Implementation().
#pragma once

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/function_kat_target.h"
#include "backends/common/kat_target.h"
#include "results/model.h"

namespace cryptobench::backends {

/// One support check per algorithm kind, for libraries whose families follow the catalogue's
/// kinds (e.g. the cipher check of a CipherEntries::Bindings, keyed_cipher.h). Each returns true if
/// the library offers `alg` and may throw (LibraryBackend::Supports() reads that as false). A null
/// entry: the library offers no algorithm of that kind.
struct KindChecks {
  using Check = bool (*)(const AlgorithmInfo& alg);
  Check cipher = nullptr;
  Check aead = nullptr;
  Check hash = nullptr;
  Check mac = nullptr;
  Check signature = nullptr;
  Check key_agreement = nullptr;

  /// Runs the entry of `alg.kind` on `alg`; false where that entry is null.
  bool operator()(const AlgorithmInfo& alg) const;
};

/// One prepare function per algorithm kind, for libraries whose prepare step needs nothing but
/// the algorithm (e.g. the prepare entry of BindAead, aead_adapter.h); the contract of
/// LibraryBackend::PrepareOffered(). A null entry: nullptr, which Prepare() reports as not offered.
struct KindPreparers {
  using Symmetric = std::unique_ptr<PreparedOperation> (*)(const AlgorithmInfo& alg, Operation op,
                                                           size_t input_len,
                                                           PrepareFailure* failure,
                                                           std::string* error);
  /// Public-key operations take a fixed kPublicKeyInputLen input, so no size.
  using PublicKey = std::unique_ptr<PreparedOperation> (*)(const AlgorithmInfo& alg, Operation op,
                                                           PrepareFailure* failure,
                                                           std::string* error);
  Symmetric cipher = nullptr;
  Symmetric aead = nullptr;
  Symmetric hash = nullptr;
  Symmetric mac = nullptr;
  PublicKey signature = nullptr;
  PublicKey key_agreement = nullptr;

  /// Runs the entry of `alg.kind`; nullptr where that entry is null.
  std::unique_ptr<PreparedOperation> operator()(const AlgorithmInfo& alg, Operation op,
                                                size_t input_len, PrepareFailure* failure,
                                                std::string* error) const;
};

/// One implementation query per algorithm kind, for libraries that say which code path they
/// picked (Botan: the objects' provider(), Crypto++: AlgorithmProvider()): the contract of
/// Backend::Implementation() for an algorithm the library offers ("" where it does not tell).
/// A null entry: "".
struct KindImplementations {
  using Query = std::string (*)(const AlgorithmInfo& alg);
  Query cipher = nullptr;
  Query aead = nullptr;
  Query hash = nullptr;
  Query mac = nullptr;
  Query signature = nullptr;
  Query key_agreement = nullptr;

  /// The entry of `kind` (may be null).
  Query For(AlgorithmKind kind) const;
  /// Runs the entry of `alg.kind` on `alg`; "" where that entry is null.
  std::string operator()(const AlgorithmInfo& alg) const;
};

/// Everything a library binds, per algorithm kind: the support checks, the implementation
/// queries, the prepare functions and the one-shot operations. Each family file of a backend
/// returns the entries of its kinds (the rest null) and the backend merges them (MergeBindings)
/// into the one table its LibraryBackend runs on.
struct LibraryBindings {
  KindChecks checks = {};
  KindImplementations implementations = {};
  KindPreparers preparers = {};
  OneShotFunctions one_shot = {};
};

/// One LibraryBindings of `parts`: for each entry, the first part's non-null one (null where no
/// part has one).
LibraryBindings MergeBindings(std::initializer_list<LibraryBindings> parts);

/// A Backend over one crypto library. Derived classes supply Identity(), either OneShotFunctions
/// or a OneShot() override, either KindPreparers or a PrepareOffered() override, and either
/// KindChecks or an Offers() override (or all three, with KindImplementations, as one
/// LibraryBindings); everything else is here.
class LibraryBackend : public Backend {
 public:
  /// Offers(alg), asked once per algorithm name (the answer cannot change within a process:
  /// every library decides at initialisation) and then cached. An exception means false.
  bool Supports(const AlgorithmInfo& alg) final;

  /// RunKatVectors (kat_target.h) over OneShot(), inside a ScopedCorruptOutputs (buffers.h)
  /// that corrupts the checked outputs when SetCorruptOutputsForTesting is set.
  results::KatResult RunKat(const AlgorithmInfo& alg) final;

  /// PrepareOffered() for an algorithm Supports() accepts. Failures, with *failure set to
  /// kLibraryError and *error to one line:
  /// - Supports(alg) is false, or PrepareOffered() returned nullptr without saying why:
  ///   `not_offered` (constructor) followed by the algorithm's name;
  /// - PrepareOffered() threw: "preparing <name>: <what()>".
  /// A check failure reported by PrepareOffered() (kCheckFailed) passes through unchanged.
  /// `failure` and `error` may be null.
  std::unique_ptr<PreparedOperation> Prepare(const AlgorithmInfo& alg, Operation op,
                                             size_t input_len, PrepareFailure* failure,
                                             std::string* error) final;

  /// The one-shot operations RunKat() checks; never null. The default: a FunctionKatTarget over
  /// the OneShotFunctions given to the constructor.
  KatTarget* OneShot() override { return &one_shot_; }

  /// "" unless Supports(alg); then the KindImplementations given to the constructor ("" where
  /// they have no entry for alg's kind, or the entry throws: the library does not tell).
  std::string Implementation(const AlgorithmInfo& alg) override;

 protected:
  /// `not_offered` begins the error of a Prepare() the library cannot serve, e.g. "Botan offers
  /// no " (then "Botan offers no AES-128-OCB"). `checks` answer Offers(), `preparers` serve
  /// PrepareOffered() and `one_shot` OneShot() unless they are overridden.
  explicit LibraryBackend(std::string not_offered, KindChecks checks = {},
                          KindPreparers preparers = {}, OneShotFunctions one_shot = {});
  /// The same with all of a library's tables in one (LibraryBindings).
  LibraryBackend(std::string not_offered, const LibraryBindings& bindings);

  /// True if the library offers `alg`. May throw (Supports() reads that as false). The default
  /// asks the KindChecks given to the constructor.
  virtual bool Offers(const AlgorithmInfo& alg);

  /// Prepares `op` of `alg`, which Supports() accepted, on `input_len`-byte inputs (public-key
  /// operations ignore it: they take a fixed kPublicKeyInputLen input), corrupting the checked
  /// outputs while the seam is on (CorruptIfTesting, buffers.h; Prepare() sets it). Contract of
  /// Backend::Prepare(), except that `failure` and `error` are never null, and that it may throw
  /// (see Prepare()). The default runs the KindPreparers given to the constructor.
  virtual std::unique_ptr<PreparedOperation> PrepareOffered(const AlgorithmInfo& alg, Operation op,
                                                            size_t input_len,
                                                            PrepareFailure* failure,
                                                            std::string* error);

  /// Called after every call into the library made by Supports(), RunKat() and Prepare(), for
  /// libraries with a thread-local error queue that must not leak into the next call
  /// (OpenSSL's and BoringSSL's ERR_clear_error). The default does nothing.
  virtual void DiscardLibraryErrors() {}

 private:
  std::string not_offered_;
  KindChecks checks_;
  KindPreparers preparers_;
  KindImplementations implementations_;
  FunctionKatTarget one_shot_;
  std::map<std::string, bool, std::less<>> supported_;  // by algorithm name
};

}  // namespace cryptobench::backends
