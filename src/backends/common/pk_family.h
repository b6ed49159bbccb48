// The public-key families of the catalogue as the backends that pick keys and calls by family
// tell them apart (OpenSSL, BoringSSL, Mbed TLS, wolfSSL).
#pragma once

#include "algorithms/catalog.h"

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

/// True for the key-agreement families (kX25519, kEcdh).
inline bool IsKeyAgreementFamily(PkFamily family) {
  return family == PkFamily::kX25519 || family == PkFamily::kEcdh;
}

}  // namespace cryptobench::backends
