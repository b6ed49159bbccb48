// AEADs of the wolfSSL backend, through wolfCrypt's native API: wc_AesGcm*, wc_AesCcm* and
// wc_ChaCha20Poly1305_*.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers the AEAD `alg` (decided by wolfssl/options.h).
bool AeadSupported(const AlgorithmInfo& alg);

/// KatTarget::Seal: wc_AesGcmEncrypt, wc_AesCcmEncrypt or wc_ChaCha20Poly1305_Encrypt.
std::string SealOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                        Bytes* tag);

/// KatTarget::Open; a rejected tag sets *authentic false and is not an error.
std::string OpenOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                        Bytes* plaintext, bool* authentic);

/// Backend::Prepare for AEADs: seal with a fresh nonce (a counter in its last 8 bytes) per
/// operation, or open one fixed sealed message, with 13 bytes of AAD (as the OpenSSL backend).
/// AES-GCM and AES-CCM reuse a keyed context; wolfCrypt's ChaCha20-Poly1305 call takes the key
/// with every message (ChaCha20 has no key schedule). Checked: open accepts the tag and returns
/// the plaintext.
std::unique_ptr<PreparedOperation> PrepareAead(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error);

}  // namespace cryptobench::backends::wolfssl
