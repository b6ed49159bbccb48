// AEADs of the wolfSSL backend, through wolfCrypt's native API: wc_AesGcm*, wc_AesCcm* and
// wc_ChaCha20Poly1305_*.
#pragma once

#include "backends/backend.h"
#include "backends/common/aead_adapter.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers the AEAD `alg` (decided by wolfssl/options.h).
bool AeadSupported(const AlgorithmInfo& alg);

/// The AEAD entries (BindAead, aead_adapter.h). seal: KatTarget::Seal through
/// wc_AesGcmEncrypt, wc_AesCcmEncrypt or wc_ChaCha20Poly1305_Encrypt. open: KatTarget::Open; a
/// rejected tag sets *authentic false and is not an error. prepare: Backend::Prepare for AEADs:
/// seal with a fresh nonce (a counter in its last 8 bytes) per operation, or open one fixed
/// sealed message, with 13 bytes of AAD (as the OpenSSL backend). AES-GCM and AES-CCM reuse a
/// keyed context; wolfCrypt's ChaCha20-Poly1305 call takes the key with every message (ChaCha20
/// has no key schedule). Checked: open accepts the tag and returns the plaintext. An operation
/// other than encrypt and decrypt: NoSuchOperation (wolfssl_util.h).
AeadEntries AeadBinding();

}  // namespace cryptobench::backends::wolfssl
