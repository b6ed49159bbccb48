// Public-key algorithms of the Mbed TLS backend: RSA PKCS#1 v1.5 and ECDSA (P-256, P-384)
// signatures through mbedtls_pk_sign/verify on a SHA-256 digest, and ECDH on P-256 and X25519
// through mbedtls_ecdh_compute_shared. Mbed TLS 2.x has no Ed25519.
#pragma once

#include <memory>
#include <string>

#include "algorithms/kat.h"
#include "backends/backend.h"

namespace cryptobench::backends::mbedtls {

/// True if this Mbed TLS build offers `alg` (a signature or key agreement) and parses its
/// timing key.
bool PublicKeySupported(const AlgorithmInfo& alg);

/// KatTarget::Verify: RSA from a DER RSAPublicKey, ECDSA from an uncompressed point and r||s.
std::string VerifyKat(const AlgorithmInfo& alg, const KatVector& vector, bool tamper, bool* valid);

/// KatTarget::SignRoundTrip with the timing key (algorithms/kat.h TimingPrivateKeyPem).
std::string SignRoundTripCheck(const AlgorithmInfo& alg, bool corrupt);

/// KatTarget::Derive: the shared secret, big-endian x-coordinate (ECDH) or little-endian
/// u-coordinate (X25519, RFC 7748 5).
std::string DeriveKat(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret);

/// Backend::Prepare for signatures: one mbedtls_pk_sign or mbedtls_pk_verify of a 32-byte
/// SHA-256 digest per operation with the parsed timing key (ECDSA signs with RFC 6979 nonces,
/// as Debian's build enables MBEDTLS_ECDSA_DETERMINISTIC). Checked: verify accepts the signature.
std::unique_ptr<PreparedOperation> PrepareSignature(const AlgorithmInfo& alg, Operation op,
                                                    bool corrupt, PrepareFailure* failure,
                                                    std::string* error);

/// Backend::Prepare for key agreement: one mbedtls_ecdh_compute_shared plus its encoding per
/// operation, with the timing key and the OpenSSL backend's second key. Checked: both sides
/// derive the same secret.
std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const AlgorithmInfo& alg, Operation op,
                                                       bool corrupt, PrepareFailure* failure,
                                                       std::string* error);

}  // namespace cryptobench::backends::mbedtls
