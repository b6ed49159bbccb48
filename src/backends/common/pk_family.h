// The public-key families of the catalogue as the backends that pick keys and calls by family
// tell them apart (OpenSSL, BoringSSL, Mbed TLS, wolfSSL, Botan, Crypto++).
#pragma once

#include "algorithms/catalog.h"
#include "backends/common/kat_target.h"

namespace cryptobench::backends {

/// The public-key families of the catalogue.
enum class PkFamily { kNone, kRsa, kEcdsa, kEd25519, kX25519, kEcdh };

/// The family of a signature or key-agreement algorithm, from its catalogue primitive; kNone
/// for any other primitive.
inline PkFamily PkFamilyOf(const AlgorithmInfo& alg) {
  switch (alg.primitive) {
    case AlgorithmPrimitive::kRsa:
      return PkFamily::kRsa;
    case AlgorithmPrimitive::kEcdsa:
      return PkFamily::kEcdsa;
    case AlgorithmPrimitive::kEd25519:
      return PkFamily::kEd25519;
    case AlgorithmPrimitive::kX25519:
      return PkFamily::kX25519;
    case AlgorithmPrimitive::kEcdh:
      return PkFamily::kEcdh;
    default:
      return PkFamily::kNone;
  }
}

/// True if `alg` is a signature of one of PkFamily's families: the entries a binding by family
/// covers (BindSignature's predicate, signature_adapter.h).
inline bool IsFamilySignature(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kSignature && PkFamilyOf(alg) != PkFamily::kNone;
}

/// True if `alg` is a key agreement of one of PkFamily's families (BindKeyAgreement's
/// predicate, key_agreement_adapter.h).
inline bool IsFamilyKeyAgreement(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kKeyAgreement && PkFamilyOf(alg) != PkFamily::kNone;
}

/// The raw 32-byte private key Ed25519 and X25519 are timed with: the first KAT vector of `alg`
/// that has a private key (RFC 8032 7.1 TEST 1, RFC 7748 6.1's Alice), else the
/// kFallbackKeySeed pattern (timing_inputs.h). As every backend that takes raw keys uses.
Bytes RawTimingKey(const AlgorithmInfo& alg);

/// The family of the signature `alg` (kRsa, kEcdsa, kEd25519) for a backend that binds those
/// three; kNone for any other algorithm, and for ECDSA when `curve_known` is false (the library
/// has no name for alg's curve).
inline PkFamily SignatureFamilyOf(const AlgorithmInfo& alg, bool curve_known) {
  const PkFamily family = alg.kind == AlgorithmKind::kSignature ? PkFamilyOf(alg) : PkFamily::kNone;
  return family == PkFamily::kEcdsa && !curve_known ? PkFamily::kNone : family;
}

/// True if `FamilyOf(alg)` (a function of the AlgorithmInfo giving a PkFamily) is not kNone:
/// the predicate of a binding whose entries are the algorithms of some family (BindSignature's
/// `Bound`, signature_adapter.h).
template <auto FamilyOf>
bool HasFamily(const AlgorithmInfo& alg) {
  return FamilyOf(alg) != PkFamily::kNone;
}

}  // namespace cryptobench::backends
