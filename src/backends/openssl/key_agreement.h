// Key agreement (X25519, ECDH on P-256) through EVP_PKEY_derive.
#pragma once

#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/backend.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends::openssl {

/// True if the timing key and the peer key load and a derive context can be set up.
bool KeyAgreementSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// Prepares derive: EVP_PKEY_derive_init and EVP_PKEY_derive_set_peer are done once (timing key
/// with SecondKey()'s public half as the peer); one operation is one EVP_PKEY_derive. Checks
/// that the other side (SecondKey with the timing key as peer) derives the same secret.
std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const LibcryptoPtr& lib,
                                                       const AlgorithmInfo& alg, Operation op,
                                                       bool corrupt, PrepareFailure* failure,
                                                       std::string* error);

/// Runs one KAT vector (private_key, public_key = the peer's, output = shared secret).
/// Returns "" if it passed.
std::string RunKeyAgreementVector(const Libcrypto& lib, const AlgorithmInfo& alg,
                                  const KatVector& vector, bool corrupt);

}  // namespace cryptobench::backends::openssl
