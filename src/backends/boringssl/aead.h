// BoringSSL AEADs through its own EVP_AEAD API (include/openssl/aead.h), which is what
// `bssl speed` times: AES-128/256-GCM and ChaCha20-Poly1305; also XChaCha20-Poly1305.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/boringssl/libcrypto.h"

namespace cryptobench::backends::boringssl {

/// True for AES-128-GCM, AES-256-GCM, ChaCha20-Poly1305 and, where the library exports
/// EVP_aead_xchacha20_poly1305 (an optional entry of libcrypto.h), XChaCha20-Poly1305. AES-128-CCM
/// is false: BoringSSL's only CCM AEADs are the Bluetooth profiles (13-byte nonce, 4- or 8-byte
/// tag).
bool AeadSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// Prepares seal (kEncrypt) or open (kDecrypt) of one `input_len`-byte message per operation,
/// the same unit OpenSSL's backend times: the key schedule is set once (EVP_AEAD_CTX_new); a
/// seal is one EVP_AEAD_CTX_seal with a new nonce (a counter in its last 8 bytes), 13 bytes of
/// AAD and a 16-byte tag appended; an open is one EVP_AEAD_CTX_open of a fixed sealed message,
/// which must verify. Checks at this size that open accepts what seal produced.
std::unique_ptr<PreparedOperation> PrepareAead(const LibPtr& lib, const AlgorithmInfo& alg,
                                               Operation op, size_t input_len,
                                               PrepareFailure* failure, std::string* error);

/// KatTarget::Seal: a fresh EVP_AEAD_CTX with `tag_len`; splits the ciphertext||tag output.
std::string AeadSeal(const Libcrypto& lib, const AlgorithmInfo& alg, const Bytes& key,
                     const Bytes& nonce, const Bytes& aad, const Bytes& plaintext, size_t tag_len,
                     Bytes* ciphertext, Bytes* tag);

/// KatTarget::Open: a rejected tag sets *authentic = false and is not an error.
std::string AeadOpen(const Libcrypto& lib, const AlgorithmInfo& alg, const Bytes& key,
                     const Bytes& nonce, const Bytes& aad, const Bytes& ciphertext,
                     const Bytes& tag, Bytes* plaintext, bool* authentic);

}  // namespace cryptobench::backends::boringssl
