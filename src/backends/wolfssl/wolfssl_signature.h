// Signatures of the wolfSSL backend, through wolfCrypt's native API: RSA PKCS#1 v1.5
// (wc_RsaSSL_Sign/Verify of a DER DigestInfo of the SHA-256 digest), ECDSA P-256/P-384
// (wc_ecc_sign_hash/verify_hash) and Ed25519 (wc_ed25519_sign_msg/verify_msg).
#pragma once

#include <memory>
#include <string>

#include "algorithms/kat.h"
#include "backends/backend.h"
#include "backends/common/signature_adapter.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers the signature `alg` and loads its timing key.
bool SignatureSupported(const AlgorithmInfo& alg);

/// The signature entries (BindSignature, signature_adapter.h). verify: KatTarget::Verify, RSA
/// from a DER RSAPublicKey, ECDSA from an uncompressed point and r||s, Ed25519 from the raw
/// public key; a tampered empty message becomes one zero byte. sign: KatTarget::Sign, Ed25519
/// only (RSA and ECDSA vectors are not reproducible by signing). sign_round_trip:
/// KatTarget::SignRoundTrip with the timing key. prepare: Backend::Prepare for signatures: one
/// sign or verify of a 32-byte SHA-256 digest (RSA, ECDSA, with the PKCS#8 timing key) or of a
/// 32-byte message (Ed25519, RFC 8032 key) per operation. Checked: verify accepts the signature.
SignatureEntries SignatureBinding();

}  // namespace cryptobench::backends::wolfssl
