// Key agreement of the Mbed TLS backend: ECDH on P-256 and X25519 through
// mbedtls_ecdh_compute_shared.
#pragma once

#include "algorithms/catalog.h"
#include "backends/common/key_agreement_adapter.h"

namespace cryptobench::backends::mbedtls {

/// True if this Mbed TLS build has the curve of the key agreement `alg`.
bool KeyAgreementSupported(const AlgorithmInfo& alg);

/// The key-agreement entries (BindKeyAgreement, key_agreement_adapter.h): derive gives the
/// shared secret, big-endian x-coordinate (ECDH) or little-endian u-coordinate (X25519, RFC 7748
/// 5); prepare times one mbedtls_ecdh_compute_shared plus its encoding per operation, with the
/// timing key and the OpenSSL backend's second key, checked as both sides deriving the same
/// secret.
KeyAgreementEntries KeyAgreementBinding();

}  // namespace cryptobench::backends::mbedtls
