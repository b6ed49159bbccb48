// Key agreement (X25519, ECDH on P-256) through EVP_PKEY_derive.
#pragma once

#include <memory>
#include <string>
#include <vector>

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
                                                       PrepareFailure* failure, std::string* error);

/// KatTarget::Derive: the shared secret of `vector.private_key` with the peer
/// `vector.public_key` (formats in algorithms/kat.h). Returns "" or the failing call.
std::string DeriveOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                          std::vector<uint8_t>* secret);

}  // namespace cryptobench::backends::openssl
