// Key agreement of the wolfSSL backend, through wolfCrypt's native API: ECDH on P-256
// (wc_ecc_shared_secret) and X25519 (wc_curve25519_shared_secret_ex).
#pragma once

#include "algorithms/catalog.h"
#include "backends/common/key_agreement_adapter.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers the key agreement `alg` and loads its timing key.
bool KeyAgreementSupported(const AlgorithmInfo& alg);

/// The key-agreement entries (BindKeyAgreement, key_agreement_adapter.h): derive gives the
/// big-endian x-coordinate (ECDH) or little-endian u-coordinate (X25519); prepare times one
/// shared-secret computation per operation with the timing key and the OpenSSL backend's second
/// key, checked as both sides deriving the same secret.
KeyAgreementEntries KeyAgreementBinding();

}  // namespace cryptobench::backends::wolfssl
