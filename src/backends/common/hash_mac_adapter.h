// The hash and MAC adapter (issue 18): the timed loop, the KAT one-shots and the prepare step
// (inputs, the check against a reference, the corruption seam, error mapping) written once for
// every library. A library binds its hashes and MACs with an engine type and a factory;
// everything else is here.
//
// An Engine computes whole messages, one after another, with:
//
//   size_t output_len() const;
//     Bytes of the digest or tag.
//   bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error);
//     The digest (hash) or tag (MAC, under the engine's key) of the `len` bytes at `in`, written
//     to `out` (output_len() bytes); the engine is then ready for the next message (a MAC
//     restarts with its key, or sets a one-time key such as Poly1305's again). False with
//     *error set (the failing call) on failure.
//
// An Engine whose library reports the length it wrote (OpenSSL-style final calls) may instead
// make output_len() the room it needs and also have
//
//   size_t produced_len() const;
//     The bytes the latest Compute() wrote (at most output_len()).
//
// and the adapter then checks and returns that many bytes, so a wrong length still shows.
//
// An Engine whose library reports errors by throwing (Botan, Crypto++) also has
//
//   template <typename Body> static std::string Guarded(Body&& body);
//     Runs body() (which returns "" or an error) and returns its result, or one line naming a
//     caught exception.
//
// and the timed loop then runs inside one Guarded() call (once per Run(), not per message), as
// do the one-shots and the prepare step. The adapter calls Compute() directly on the concrete
// type (a template, no virtual call), so the timed loop is one Compute() per iteration.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/buffers.h"
#include "backends/common/function_kat_target.h"
#include "backends/common/kat_target.h"
#include "backends/common/library_backend.h"
#include "backends/common/timing_inputs.h"

namespace cryptobench::backends {

/// The factory an adapter function takes (`make`): a function of this type, or a callable with
/// its parameters and result. It makes an Engine for the hash or MAC `alg`, keyed with `key`
/// (a MAC; empty for a hash); nullptr with *error set (one line: the failing call, or that the
/// library has no such algorithm) on failure.
template <typename Engine>
using HashMacEngineFactory = std::unique_ptr<Engine> (*)(const AlgorithmInfo& alg,
                                                         std::span<const uint8_t> key,
                                                         std::string* error);

/// True if Engine has a static Guarded() (see the file comment).
template <typename Engine>
inline constexpr bool kEngineIsGuarded =
    requires { Engine::Guarded([] { return std::string(); }); };

/// True if Engine has produced_len() (see the file comment).
template <typename Engine>
inline constexpr bool kEngineReportsLength = requires(const Engine& engine) {
  { engine.produced_len() } -> std::convertible_to<size_t>;
};

/// The first bytes of `out` that `engine`'s latest Compute() wrote: all of them, or
/// produced_len() where the Engine has it.
template <typename Engine>
std::span<const uint8_t> ProducedBytes(const Engine& engine, std::span<const uint8_t> out) {
  if constexpr (kEngineReportsLength<Engine>) {
    return out.first(std::min(engine.produced_len(), out.size()));
  } else {
    return out;
  }
}

/// Runs body() inside Engine::Guarded when the Engine has one (see the file comment), else
/// directly. body() returns "" or an error.
template <typename Engine, typename Body>
std::string GuardedFor(Body&& body) {
  if constexpr (kEngineIsGuarded<Engine>) {
    return Engine::Guarded(std::forward<Body>(body));
  } else {
    return body();
  }
}

/// Runs the timed loop `loop` (returning false with *error set at its first failure) inside one
/// Engine::Guarded call when the Engine has one, so an exception also ends it with *error set;
/// directly otherwise. The Run() of the adapters' timed operations.
template <typename Engine, typename Loop>
bool RunGuarded(Loop&& loop, std::string* error) {
  if constexpr (kEngineIsGuarded<Engine>) {
    *error = Engine::Guarded([&] { return loop() ? std::string() : *error; });
    return error->empty();
  } else {
    return loop();
  }
}

/// The prepare step of the adapters: `body(&result)` runs inside GuardedFor<Engine> and returns
/// "" (having set `result`, or reported a check failure through PrepareFailed) or the library's
/// error, which becomes PrepareFailed with kLibraryError. Returns `result`.
template <typename Engine, typename Body>
std::unique_ptr<PreparedOperation> PrepareGuarded(Body&& body, PrepareFailure* failure,
                                                  std::string* error) {
  std::unique_ptr<PreparedOperation> result;
  std::string message = GuardedFor<Engine>([&] { return body(&result); });
  if (!message.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(message), failure, error);
  }
  return result;
}

/// The timed hash or MAC operation: one Compute() of the fixed message per iteration on one
/// Engine.
template <typename Engine>
class TimedHashMac final : public PreparedOperation {
 public:
  TimedHashMac(std::unique_ptr<Engine> engine, AlignedBuffer in)
      : engine_(std::move(engine)), in_(std::move(in)), out_(engine_->output_len()) {}

  bool Run(uint64_t iterations) override {
    return RunGuarded<Engine>([&] { return Loop(iterations); }, &error_);
  }

  /// The latest message's digest or tag.
  std::span<const uint8_t> output() const { return ProducedBytes(*engine_, out_.span()); }

 private:
  // The timed loop: one Compute() per iteration; false with error_ set at the first failure.
  bool Loop(uint64_t iterations) {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (!engine_->Compute(in_.data(), in_.size(), out_.data(), &error_)) {
        return false;
      }
    }
    return true;
  }

  std::unique_ptr<Engine> engine_;
  AlignedBuffer in_;
  AlignedBuffer out_;
};

/// KatTarget::Hash (empty `key`) or KatTarget::Mac: `message` through a fresh Engine from
/// `make`; *out gets output_len() bytes. Returns "" or the factory's or Compute()'s error.
template <typename Engine, typename Make>
std::string HashMacOneShot(const Make& make, const AlgorithmInfo& alg, std::span<const uint8_t> key,
                           const Bytes& message, Bytes* out) {
  return GuardedFor<Engine>([&] {
    std::string error;
    std::unique_ptr<Engine> engine = make(alg, key, &error);
    if (!engine) {
      return error;
    }
    Bytes result(engine->output_len());
    if (!engine->Compute(NonNullData(message), message.size(), result.data(), &error)) {
      return error;
    }
    result.resize(ProducedBytes(*engine, result).size());
    *out = std::move(result);
    return std::string();
  });
}

/// The check of PrepareHashMacWith: CorruptIfTesting on a copy of `out`, then "" if it equals
/// `expected` and has alg.tag_len bytes; else PrepareFailed with kCheckFailed and "<alg name> at
/// <input_len> bytes: <digest|tag> differs ..." (CompareBytes) or "...: <length_noun> is N
/// bytes, expected M" (OpenSSL's digest and MAC steps name the length "digest" and "tag"),
/// returning false. Lengths in bytes.
bool CheckHashMacOutput(const AlgorithmInfo& alg, size_t input_len, std::span<const uint8_t> out,
                        const Bytes& expected, PrepareFailure* failure, std::string* error,
                        std::string_view length_noun = "output");

/// Backend::Prepare() for the hash or MAC `alg` (whose operation, kHash or kMac, the caller has
/// checked) on `input_len`-byte messages of the kMessageSeed pattern, a MAC keyed with
/// alg.key_len bytes of the kKeySeed pattern (timing_inputs.h). The timed operation (an Engine
/// from `make`) runs twice, the second proving that the engine restarts cleanly; its output
/// must then equal what `reference(key, message, &expected)` computes (returning "" or an
/// error; for a MAC usually a fresh engine's, MacReference) and be alg.tag_len bytes long
/// (CheckHashMacOutput, which applies the corruption seam and names a wrong length
/// `length_noun`). Failures: kLibraryError with the factory's, Run()'s or the reference's error;
/// kCheckFailed from CheckHashMacOutput.
template <typename Engine, typename Make, typename Reference>
std::unique_ptr<PreparedOperation> PrepareHashMacWith(const Make& make, const Reference& reference,
                                                      const AlgorithmInfo& alg, size_t input_len,
                                                      PrepareFailure* failure, std::string* error,
                                                      std::string_view length_noun = "output") {
  const Bytes key = alg.kind == AlgorithmKind::kMac ? PatternBytes(alg.key_len, kKeySeed) : Bytes();
  auto body = [&](std::unique_ptr<PreparedOperation>* result) {
    std::string text;
    std::unique_ptr<Engine> engine = make(alg, key, &text);
    if (!engine) {
      return text;
    }
    AlignedBuffer in(input_len);
    FillPattern(in.span(), kMessageSeed);
    const Bytes input(in.data(), in.data() + input_len);
    auto prepared = std::make_unique<TimedHashMac<Engine>>(std::move(engine), std::move(in));
    // Two runs: the second proves the engine restarts cleanly.
    if (!prepared->Run(2)) {
      return prepared->error();
    }
    Bytes expected;
    if (text = reference(key, input, &expected); !text.empty()) {
      return text;
    }
    if (CheckHashMacOutput(alg, input_len, prepared->output(), expected, failure, error,
                           length_noun)) {
      *result = std::move(prepared);
    }
    return std::string();
  };
  return PrepareGuarded<Engine>(body, failure, error);
}

/// PrepareHashMacWith for a library whose hashes and MACs one Engine type and factory `make`
/// bind, each checked against the library's digest or tag by another route:
/// `hash_reference(alg, message, &digest)` for a hash (alg.kind kHash),
/// `mac_reference(alg, key, message, &tag)` for a MAC (KatTarget::Hash's and ::Mac's parameters
/// and result).
template <typename Engine, typename Make, typename HashReference, typename MacReference>
std::unique_ptr<PreparedOperation> PrepareHashOrMacWith(
    const Make& make, const HashReference& hash_reference, const MacReference& mac_reference,
    const AlgorithmInfo& alg, size_t input_len, PrepareFailure* failure, std::string* error) {
  auto reference = [&](const Bytes& key, const Bytes& message, Bytes* out) {
    return alg.kind == AlgorithmKind::kHash ? hash_reference(alg, message, out)
                                            : mac_reference(alg, key, message, out);
  };
  return PrepareHashMacWith<Engine>(make, reference, alg, input_len, failure, error);
}

/// The usual MAC reference of PrepareHashMacWith: the tag of a freshly keyed Engine from `make`
/// (HashMacOneShot). Holds a copy of `make` and a reference to `alg`.
template <typename Engine, typename Make>
auto MacReference(Make make, const AlgorithmInfo& alg) {
  return [make, &alg](const Bytes& key, const Bytes& message, Bytes* out) {
    return HashMacOneShot<Engine>(make, alg, key, message, out);
  };
}

/// PrepareHashMacWith for a MAC checked against MacReference: the tag of a freshly keyed Engine.
template <typename Engine, typename Make>
std::unique_ptr<PreparedOperation> PrepareMacWith(const Make& make, const AlgorithmInfo& alg,
                                                  size_t input_len, PrepareFailure* failure,
                                                  std::string* error) {
  return PrepareHashMacWith<Engine>(make, MacReference<Engine>(make, alg), alg, input_len, failure,
                                    error);
}

/// The hash and MAC entries of a library's tables: KatTarget::Hash and KatTarget::Mac for its
/// OneShotFunctions (function_kat_target.h) and Backend::Prepare for the hash and MAC entries of
/// its KindPreparers (library_backend.h). A null entry: not given by this binding (BindHash
/// gives only the hash entries, BindMac only the MAC ones).
struct HashMacEntries {
  decltype(OneShotFunctions::hash) hash = nullptr;
  decltype(OneShotFunctions::mac) mac = nullptr;
  std::unique_ptr<PreparedOperation> (*prepare_hash)(const AlgorithmInfo& alg, Operation op,
                                                     size_t input_len, PrepareFailure* failure,
                                                     std::string* error) = nullptr;
  decltype(prepare_hash) prepare_mac = nullptr;

  /// The one-shot entries (hash and mac) for a library's OneShotFunctions.
  OneShotFunctions OneShots() const { return {.hash = hash, .mac = mac}; }

  /// The library's hash and MAC bindings (library_backend.h): these entries with its support
  /// checks and one implementation query for both kinds (null: none).
  LibraryBindings Bindings(KindChecks::Check hash_supported, KindChecks::Check mac_supported,
                           KindImplementations::Query implementation = nullptr) const {
    return {.checks = {.hash = hash_supported, .mac = mac_supported},
            .implementations = {.hash = implementation, .mac = implementation},
            .preparers = {.hash = prepare_hash, .mac = prepare_mac},
            .one_shot = OneShots()};
  }
};

/// The hash entries (hash, prepare_hash; mac and prepare_mac null) for a library whose hashes
/// one Engine type binds, with the factory `Make` (HashMacEngineFactory<Engine>): hash is
/// HashMacOneShot; prepare_hash is PrepareHashMacWith checked against `HashReference(alg,
/// message, &digest)` (a function returning "" or an error: the library's digest by another
/// route). An operation other than kHash is `NoSuchOperation(alg, op, failure, error)`'s failure
/// (a function with prepare_hash's parameters and result: the library's own message, by default
/// PrepareNoSuchOperation, buffers.h). Results and failures are those functions'.
template <typename Engine, HashMacEngineFactory<Engine> Make, auto HashReference,
          auto NoSuchOperation = &PrepareNoSuchOperation>
HashMacEntries BindHash() {
  return {
      .hash = [](const AlgorithmInfo& alg, const Bytes& message,
                 Bytes* digest) { return HashMacOneShot<Engine>(Make, alg, {}, message, digest); },
      .prepare_hash =
          [](const AlgorithmInfo& alg, Operation op, size_t input_len, PrepareFailure* failure,
             std::string* error) {
            if (op != Operation::kHash) {
              return NoSuchOperation(alg, op, failure, error);
            }
            auto reference = [&alg](const Bytes& /*key*/, const Bytes& message, Bytes* out) {
              return HashReference(alg, message, out);
            };
            return PrepareHashMacWith<Engine>(Make, reference, alg, input_len, failure, error);
          },
  };
}

/// The MAC entries (mac, prepare_mac; hash and prepare_hash null) for a library whose MACs one
/// Engine type binds, with the factory `Make` (HashMacEngineFactory<Engine>): mac is
/// HashMacOneShot, prepare_mac PrepareMacWith (a freshly keyed engine's tag). An operation other
/// than kMac is `NoSuchOperation`'s failure (as in BindHash).
template <typename Engine, HashMacEngineFactory<Engine> Make,
          auto NoSuchOperation = &PrepareNoSuchOperation>
HashMacEntries BindMac() {
  return {
      .mac = [](const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                Bytes* tag) { return HashMacOneShot<Engine>(Make, alg, key, message, tag); },
      .prepare_mac =
          [](const AlgorithmInfo& alg, Operation op, size_t input_len, PrepareFailure* failure,
             std::string* error) {
            if (op != Operation::kMac) {
              return NoSuchOperation(alg, op, failure, error);
            }
            return PrepareMacWith<Engine>(Make, alg, input_len, failure, error);
          },
  };
}

/// HashMacEntries for a library whose hashes and MACs one Engine type binds: the hash entries of
/// BindHash<Engine, MakeHash, HashReference, NoSuchOperation> and the MAC entries of
/// BindMac<Engine, MakeMac, NoSuchOperation>.
template <typename Engine, HashMacEngineFactory<Engine> MakeHash,
          HashMacEngineFactory<Engine> MakeMac, auto HashReference,
          auto NoSuchOperation = &PrepareNoSuchOperation>
HashMacEntries BindHashMac() {
  HashMacEntries entries = BindHash<Engine, MakeHash, HashReference, NoSuchOperation>();
  const HashMacEntries mac = BindMac<Engine, MakeMac, NoSuchOperation>();
  entries.mac = mac.mac;
  entries.prepare_mac = mac.prepare_mac;
  return entries;
}

}  // namespace cryptobench::backends
