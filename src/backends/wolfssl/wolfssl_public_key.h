// Public-key algorithms of the wolfSSL backend, through wolfCrypt's native API: RSA PKCS#1 v1.5
// (wc_RsaSSL_Sign/Verify of a DER DigestInfo of the SHA-256 digest), ECDSA P-256/P-384
// (wc_ecc_sign_hash/verify_hash), Ed25519 (wc_ed25519_sign_msg/verify_msg), ECDH on P-256
// (wc_ecc_shared_secret) and X25519 (wc_curve25519_shared_secret_ex).
#pragma once

#include <memory>
#include <string>

#include "algorithms/kat.h"
#include "backends/backend.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers `alg` (a signature or key agreement) and loads its key.
bool PublicKeySupported(const AlgorithmInfo& alg);

/// KatTarget::Verify: RSA from a DER RSAPublicKey, ECDSA from an uncompressed point and r||s,
/// Ed25519 from the raw public key. A tampered empty message becomes one zero byte.
std::string VerifyKat(const AlgorithmInfo& alg, const KatVector& vector, bool tamper, bool* valid);

/// KatTarget::Sign: Ed25519 only (RSA and ECDSA vectors are not reproducible by signing).
std::string SignKat(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature);

/// KatTarget::SignRoundTrip with the timing key.
std::string SignRoundTripCheck(const AlgorithmInfo& alg, bool corrupt);

/// KatTarget::Derive: big-endian x-coordinate (ECDH) or little-endian u-coordinate (X25519).
std::string DeriveKat(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret);

/// Backend::Prepare for signatures: one sign or verify of a 32-byte SHA-256 digest (RSA, ECDSA,
/// with the PKCS#8 timing key) or of a 32-byte message (Ed25519, RFC 8032 key) per operation.
/// Checked: verify accepts the signature.
std::unique_ptr<PreparedOperation> PrepareSignature(const AlgorithmInfo& alg, Operation op,
                                                    bool corrupt, PrepareFailure* failure,
                                                    std::string* error);

/// Backend::Prepare for key agreement: one shared-secret computation per operation with the
/// timing key and the OpenSSL backend's second key. Checked: both sides derive the same secret.
std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const AlgorithmInfo& alg, Operation op,
                                                       bool corrupt, PrepareFailure* failure,
                                                       std::string* error);

}  // namespace cryptobench::backends::wolfssl
