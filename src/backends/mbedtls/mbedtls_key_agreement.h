// Key agreement of the Mbed TLS backend: ECDH on P-256 and X25519 through
// mbedtls_ecdh_compute_shared.
#pragma once

#include <memory>
#include <string>

#include "algorithms/kat.h"
#include "backends/backend.h"

namespace cryptobench::backends::mbedtls {

/// True if this Mbed TLS build has the curve of the key agreement `alg`.
bool KeyAgreementSupported(const AlgorithmInfo& alg);

/// KatTarget::Derive: the shared secret, big-endian x-coordinate (ECDH) or little-endian
/// u-coordinate (X25519, RFC 7748 5).
std::string DeriveKat(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret);

/// Backend::Prepare for key agreement: one mbedtls_ecdh_compute_shared plus its encoding per
/// operation, with the timing key and the OpenSSL backend's second key. Checked: both sides
/// derive the same secret.
std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const AlgorithmInfo& alg, Operation op,
                                                       PrepareFailure* failure, std::string* error);

}  // namespace cryptobench::backends::mbedtls
