// Shared known-answer-test driver for every backend: a backend exposes one-shot operations
// (KatTarget) and RunKatVectors checks them against algorithms/kat.h, so every library is held
// to the same vectors and the same round-trip checks. The cross-backend test uses the same
// one-shot operations to compare libraries byte for byte.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "results/model.h"

namespace cryptobench::backends {

/// A byte string (key, IV, message, output).
using Bytes = std::vector<uint8_t>;

/// One-shot operations of a backend, used only for correctness checks (never timed). Every
/// method returns "" on success, or one line saying which library call failed. The defaults
/// return "not offered by this backend". Key and signature formats are those documented on
/// KatVector (algorithms/kat.h).
class KatTarget {
 public:
  virtual ~KatTarget() = default;

  /// Cipher: encrypts (or, with `decrypt`, decrypts) `input` under `key` and `iv` (empty for
  /// ECB) in one call; *output has input.size() bytes. No padding.
  virtual std::string Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key,
                             const Bytes& iv, const Bytes& input, Bytes* output);

  /// AEAD seal: `nonce` and `tag_len` (bytes) as given; *ciphertext has plaintext.size() bytes.
  virtual std::string Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                           const Bytes& aad, const Bytes& plaintext, size_t tag_len,
                           Bytes* ciphertext, Bytes* tag);

  /// AEAD open: *authentic says whether the tag verified (a rejected tag is not an error);
  /// *plaintext is meaningful only when it did.
  virtual std::string Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                           const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                           Bytes* plaintext, bool* authentic);

  /// Hash: *digest has alg.tag_len bytes.
  virtual std::string Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest);

  /// MAC: *tag has alg.tag_len bytes.
  virtual std::string Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                          Bytes* tag);

  /// Signature: verifies `vector.output` over `vector.input` with `vector.public_key` (with
  /// `tamper`, over the input with its first byte flipped); *valid is the library's answer.
  virtual std::string Verify(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                             bool* valid);

  /// Signature with a deterministic scheme and a published private key (RSA PKCS#1 v1.5,
  /// Ed25519, RFC 6979 ECDSA where the library offers it): signs `vector.input` with
  /// `vector.private_key`. Return "not offered by this backend" to skip the comparison.
  virtual std::string Sign(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature);

  /// Signature: signs a fresh message with the timing key and verifies it, and checks that a
  /// tampered signature is rejected. "" if both hold.
  virtual std::string SignRoundTrip(const AlgorithmInfo& alg);

  /// Key agreement: the shared secret of `vector.private_key` and peer `vector.public_key`.
  virtual std::string Derive(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret);
};

/// The first of KatVectorsFor(algorithm) that publishes a private key (the raw key pair the
/// X25519 and Ed25519 timing keys come from, as the OpenSSL backend times), or nullptr if none
/// does.
const KatVector* FirstVectorWithPrivateKey(std::string_view algorithm);

/// Message returned by KatTarget's default methods.
inline constexpr const char* kNotOffered = "not offered by this backend";

/// Runs every vector of KatVectorsFor(alg.name) against `target`: ciphers encrypt and decrypt
/// back, AEADs seal, open, and must reject a tag with one bit flipped, signatures verify (and
/// reject a tampered message) and sign where Sign() is offered, plus SignRoundTrip. While the
/// test-only seam is on (ScopedCorruptOutputs, buffers.h) one byte of every checked output is
/// flipped first (tests prove failures show).
/// status "passed", "failed" (detail: "SOURCE: what differed; ..."), or "not_run" when there
/// is no vector. Never throws: a malformed vector or a thrown exception is a failure.
results::KatResult RunKatVectors(KatTarget& target, const AlgorithmInfo& alg);

}  // namespace cryptobench::backends
