// BoringSSL signatures: RSA PKCS#1 v1.5 and ECDSA over a SHA-256 digest (EVP_PKEY_sign/verify),
// Ed25519 over a message (one-shot EVP_DigestSign/EVP_DigestVerify).
#pragma once

#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/backend.h"
#include "backends/boringssl/libcrypto.h"

namespace cryptobench::backends::boringssl {

/// True if the timing key loads and a signing context can be set up with it.
bool SignatureSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// Prepares sign or verify with the timing key on a fixed 32-byte input, the operation OpenSSL's
/// backend times: one EVP_PKEY_sign / EVP_PKEY_verify (RSA with PKCS#1 v1.5 padding and
/// signature digest SHA-256, ECDSA) or one EVP_DigestSign / EVP_DigestVerify (Ed25519) on a
/// context set up once. Checks that a separate verify context accepts the signature.
std::unique_ptr<PreparedOperation> PrepareSignature(const LibPtr& lib, const AlgorithmInfo& alg,
                                                    Operation op, PrepareFailure* failure,
                                                    std::string* error);

/// KatTarget::Verify: the vector's signature (r||s converted to DER for ECDSA) over its input,
/// or, with `tamper`, over the input with its first byte flipped.
std::string VerifyKat(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                      bool tamper, bool* valid);

/// KatTarget::Sign: RSA and Ed25519 signatures are deterministic and returned as the library
/// made them; ECDSA is kNotOffered (BoringSSL draws its nonce at random, no RFC 6979).
std::string SignKat(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                    Bytes* signature);

/// KatTarget::SignRoundTrip with the timing key (SignatureRoundTripWith,
/// common/signature_adapter.h).
std::string SignRoundTrip(const LibPtr& lib, const AlgorithmInfo& alg);

}  // namespace cryptobench::backends::boringssl
