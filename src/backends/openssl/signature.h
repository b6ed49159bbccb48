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
                                                    bool corrupt, PrepareFailure* failure,
                                                    std::string* error);

/// Runs one KAT vector: the published signature must verify under the published public key and
/// must not once one bit is flipped; with a private key, a deterministic signature must be
/// reproduced exactly, a randomised one must verify. Returns "" if it passed.
std::string RunSignatureVector(const Libcrypto& lib, const AlgorithmInfo& alg,
                               const KatVector& vector, bool corrupt);

/// Sign-then-verify with the timing key, plus the flipped-bit negative check. Returns "" if it
/// passed.
std::string SignatureRoundTrip(const Libcrypto& lib, const AlgorithmInfo& alg, bool corrupt);

}  // namespace cryptobench::backends::openssl
