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

/// True for the key-agreement families (kX25519, kEcdh).
inline bool IsKeyAgreementFamily(PkFamily family) {
  return family == PkFamily::kX25519 || family == PkFamily::kEcdh;
}

}  // namespace cryptobench::backends
