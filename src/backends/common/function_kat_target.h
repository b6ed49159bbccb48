// A KatTarget assembled from free functions, for backends whose one-shot operations are plain
// functions of their family files (the adapters' Bind* entries, a library's own KAT functions): one
// table instead of a class forwarding each KatTarget method.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/common/kat_target.h"

namespace cryptobench::backends {

/// One function per KatTarget operation, with that method's parameters and contract
/// (kat_target.h). A null entry: the operation is not offered (kNotOffered).
struct OneShotFunctions {
  std::string (*cipher)(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                        const Bytes& input, Bytes* output) = nullptr;
  std::string (*seal)(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                      const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                      Bytes* tag) = nullptr;
  std::string (*open)(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                      const Bytes& aad, const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                      bool* authentic) = nullptr;
  std::string (*hash)(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) = nullptr;
  std::string (*mac)(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                     Bytes* tag) = nullptr;
  std::string (*verify)(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                        bool* valid) = nullptr;
  std::string (*sign)(const AlgorithmInfo& alg, const KatVector& vector,
                      Bytes* signature) = nullptr;
  std::string (*sign_round_trip)(const AlgorithmInfo& alg) = nullptr;
  std::string (*derive)(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) = nullptr;
};

/// One table of the entries of `parts` (each family file's, e.g. {.hash = ..., .mac = ...}): for
/// each operation, the first part's non-null entry, or null where no part has one.
OneShotFunctions MergeOneShots(std::initializer_list<OneShotFunctions> parts);

/// KatTarget calling the OneShotFunctions it was made with.
class FunctionKatTarget : public KatTarget {
 public:
  explicit FunctionKatTarget(const OneShotFunctions& functions) : functions_(functions) {}

  std::string Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                     const Bytes& input, Bytes* output) override;
  std::string Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& plaintext, size_t tag_len, Bytes* ciphertext, Bytes* tag) override;
  std::string Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                   bool* authentic) override;
  std::string Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) override;
  std::string Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                  Bytes* tag) override;
  std::string Verify(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                     bool* valid) override;
  std::string Sign(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) override;
  std::string SignRoundTrip(const AlgorithmInfo& alg) override;
  std::string Derive(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) override;

 private:
  OneShotFunctions functions_;
};

}  // namespace cryptobench::backends
