// Ciphers and AEADs of the Mbed TLS backend: Mbed TLS's generic cipher layer (mbedtls_cipher_*)
// for AES (CBC, CTR, ECB, XTS, GCM, CCM), 3DES-CBC and ChaCha20-Poly1305, and its ChaCha20 API
// for plain ChaCha20.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends::mbedtls {

/// True if this Mbed TLS build offers `alg`, a cipher or AEAD, through the calls used here.
bool SymmetricSupported(const AlgorithmInfo& alg);

/// KatTarget::Cipher: one fresh keyed context, one update over `input` (ECB: one update per
/// 16-byte block, all the generic layer accepts), then finish. `iv` for ChaCha20 is the 16-byte
/// OpenSSL form: 32-bit little-endian block counter, then the 96-bit nonce.
std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output);

/// KatTarget::Seal through mbedtls_cipher_auth_encrypt_ext.
std::string SealOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                        Bytes* tag);

/// KatTarget::Open through mbedtls_cipher_auth_decrypt_ext; a rejected tag sets *authentic
/// false and is not an error.
std::string OpenOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                        Bytes* plaintext, bool* authentic);

/// Backend::Prepare for ciphers: one update of `input_len` bytes per operation on a keyed,
/// reused context (CBC chains its IV, CTR and ChaCha20 continue the keystream, XTS starts a new
/// data unit with the same tweak on every call). Checked: decryption inverts encryption.
std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, bool corrupt,
                                                 PrepareFailure* failure, std::string* error);

/// Backend::Prepare for AEADs: seal with a fresh nonce (a counter in its last 8 bytes) per
/// operation, or open one fixed sealed message, with 13 bytes of AAD (as the OpenSSL backend)
/// on a keyed, reused context. Checked: open accepts the tag and returns the plaintext.
std::unique_ptr<PreparedOperation> PrepareAead(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, bool corrupt,
                                               PrepareFailure* failure, std::string* error);

/// The AES code Mbed TLS picks at run time (mbedtls_aesni_has_support, aesni.h): "aesni" or
/// "software", and for GCM whether GHASH uses PCLMULQDQ; "" for algorithms without AES.
std::string AesImplementation(const AlgorithmInfo& alg);

}  // namespace cryptobench::backends::mbedtls
