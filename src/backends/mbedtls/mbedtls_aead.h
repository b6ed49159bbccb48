// AEADs of the Mbed TLS backend: AES-GCM, AES-CCM and ChaCha20-Poly1305 through Mbed TLS's
// generic cipher layer (mbedtls_cipher_auth_encrypt_ext / mbedtls_cipher_auth_decrypt_ext).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends::mbedtls {

/// True if this Mbed TLS build offers the AEAD `alg`.
bool AeadSupported(const AlgorithmInfo& alg);

/// KatTarget::Seal through mbedtls_cipher_auth_encrypt_ext.
std::string SealOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                        Bytes* tag);

/// KatTarget::Open through mbedtls_cipher_auth_decrypt_ext; a rejected tag sets *authentic
/// false and is not an error.
std::string OpenOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                        Bytes* plaintext, bool* authentic);

/// Backend::Prepare for AEADs: seal with a fresh nonce (a counter in its last 8 bytes) per
/// operation, or open one fixed sealed message, with 13 bytes of AAD (as the OpenSSL backend)
/// on a keyed, reused context. Checked: open accepts the tag and returns the plaintext.
std::unique_ptr<PreparedOperation> PrepareAead(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error);

}  // namespace cryptobench::backends::mbedtls
