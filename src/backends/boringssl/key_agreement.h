// BoringSSL key agreement (X25519, ECDH on P-256) through EVP_PKEY_derive.
#pragma once

#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/backend.h"
#include "backends/boringssl/libcrypto.h"

namespace cryptobench::backends::boringssl {

/// True if the timing key and the peer key load and a derive context can be set up.
bool KeyAgreementSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// Prepares derive as OpenSSL's backend times it: EVP_PKEY_derive_init and
/// EVP_PKEY_derive_set_peer once (timing key, SecondKey() as the peer), one EVP_PKEY_derive per
/// operation. Checks that the other side derives the same secret.
std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const LibPtr& lib, const AlgorithmInfo& alg,
                                                       Operation op, PrepareFailure* failure,
                                                       std::string* error);

/// KatTarget::Derive: the secret of the vector's private key and peer public key.
std::string DeriveKat(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                      Bytes* secret);

}  // namespace cryptobench::backends::boringssl
