// Key agreement of the wolfSSL backend, through wolfCrypt's native API: ECDH on P-256
// (wc_ecc_shared_secret) and X25519 (wc_curve25519_shared_secret_ex).
#pragma once

#include <memory>
#include <string>

#include "algorithms/kat.h"
#include "backends/backend.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers the key agreement `alg` and loads its timing key.
bool KeyAgreementSupported(const AlgorithmInfo& alg);

/// KatTarget::Derive: big-endian x-coordinate (ECDH) or little-endian u-coordinate (X25519).
std::string DeriveKat(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret);

/// Backend::Prepare for key agreement: one shared-secret computation per operation with the
/// timing key and the OpenSSL backend's second key. Checked: both sides derive the same secret.
std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const AlgorithmInfo& alg, Operation op,
                                                       PrepareFailure* failure, std::string* error);

}  // namespace cryptobench::backends::wolfssl
