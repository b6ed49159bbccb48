// Signatures of the Mbed TLS backend: RSA PKCS#1 v1.5 and ECDSA (P-256, P-384) through
// mbedtls_pk_sign/verify on a SHA-256 digest. Mbed TLS 2.x has no Ed25519.
#pragma once

#include <memory>
#include <string>

#include "algorithms/kat.h"
#include "backends/backend.h"
#include "backends/common/signature_adapter.h"

namespace cryptobench::backends::mbedtls {

/// True if this Mbed TLS build offers the signature `alg` and parses its timing key.
bool SignatureSupported(const AlgorithmInfo& alg);

/// The signature entries (BindSignature, signature_adapter.h). verify: KatTarget::Verify, RSA
/// from a DER RSAPublicKey, ECDSA from an uncompressed point and r||s. No sign: RSA and ECDSA
/// vectors are not reproducible by signing (KatVector::deterministic), and Mbed TLS 2.x has no
/// Ed25519. sign_round_trip: KatTarget::SignRoundTrip with the timing key (algorithms/kat.h
/// TimingPrivateKeyPem); kNotOffered for what is not RSA or ECDSA. prepare: Backend::Prepare for
/// signatures: one mbedtls_pk_sign or mbedtls_pk_verify of a 32-byte SHA-256 digest per operation
/// with the parsed timing key (ECDSA signs with RFC 6979 nonces, as Debian's build enables
/// MBEDTLS_ECDSA_DETERMINISTIC). Checked: verify accepts the signature.
SignatureEntries SignatureBinding();

}  // namespace cryptobench::backends::mbedtls
