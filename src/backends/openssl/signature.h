// Signatures: RSA PKCS#1 v1.5 and ECDSA over a SHA-256 digest (EVP_PKEY_sign/verify), Ed25519
// over a message (one-shot EVP_DigestSign/Verify).
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/backend.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends::openssl {

/// True if the timing key loads and a signing context can be set up with it.
bool SignatureSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// Prepares sign or verify with the timing key (pkey_keys.h) on a fixed 32-byte input: a
/// SHA-256 digest for RSA (PKCS#1 v1.5 padding, signature md SHA-256) and ECDSA, a message for
/// Ed25519. One operation is one EVP_PKEY_sign / EVP_PKEY_verify (EVP_DigestSign /
/// EVP_DigestVerify for Ed25519) on a context set up once. Checks that a fresh verify context
/// accepts the signature (sign), or that the timed verify accepts a fresh signature (verify).
std::unique_ptr<PreparedOperation> PrepareSignature(const LibcryptoPtr& lib,
                                                    const AlgorithmInfo& alg, Operation op,
                                                    PrepareFailure* failure, std::string* error);

/// KatTarget::Verify: verifies `vector.output` over `vector.input` (with `tamper`, over the input
/// with its first byte flipped, or one byte appended when it is empty) with `vector.public_key`.
/// RSA and ECDSA vectors give a digest (input_is_digest: its length names the hash) or a message
/// (hashed with SHA-384 for P-384, else SHA-256); ECDSA signatures are r||s. *valid is the
/// library's answer. Returns "" or the failing call.
std::string VerifyOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                          bool tamper, bool* valid);

/// KatTarget::Sign: signs `vector.input` with `vector.private_key` (formats as KatPrivateKey
/// takes them). ECDSA signatures come back as r||s (randomised: OpenSSL 3.0 has no RFC 6979).
/// Returns "" or the failing call.
std::string SignOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                        std::vector<uint8_t>* signature);

/// KatTarget::SignRoundTrip: sign-then-verify with the timing key, plus the flipped-bit
/// negative check (SignatureRoundTripWith, common/signature_adapter.h). Returns "" if it passed.
std::string SignatureRoundTrip(const LibcryptoPtr& lib, const AlgorithmInfo& alg);

}  // namespace cryptobench::backends::openssl
