// Ciphers and AEADs of the wolfSSL backend, through wolfCrypt's native API: wc_Aes* (CBC, CTR,
// ECB, XTS, GCM, CCM), wc_Des3_*, wc_Chacha_* and wc_ChaCha20Poly1305_*.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers `alg`, a cipher or AEAD (decided by wolfssl/options.h).
bool SymmetricSupported(const AlgorithmInfo& alg);

/// KatTarget::Cipher: a freshly keyed context, one call over `input`. `iv` for ChaCha20 is the
/// 16-byte OpenSSL form: 32-bit little-endian block counter, then the 96-bit nonce.
std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output);

/// KatTarget::Seal: wc_AesGcmEncrypt, wc_AesCcmEncrypt or wc_ChaCha20Poly1305_Encrypt.
std::string SealOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                        Bytes* tag);

/// KatTarget::Open; a rejected tag sets *authentic false and is not an error.
std::string OpenOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                        Bytes* plaintext, bool* authentic);

/// Backend::Prepare for ciphers: one call over `input_len` bytes per operation on a keyed,
/// reused context (CBC chains its IV, CTR and ChaCha20 continue the keystream, XTS starts a new
/// data unit with the same tweak on every call). Checked: decryption inverts encryption.
std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, bool corrupt,
                                                 PrepareFailure* failure, std::string* error);

/// Backend::Prepare for AEADs: seal with a fresh nonce (a counter in its last 8 bytes) per
/// operation, or open one fixed sealed message, with 13 bytes of AAD (as the OpenSSL backend).
/// AES-GCM and AES-CCM reuse a keyed context; wolfCrypt's ChaCha20-Poly1305 call takes the key
/// with every message (ChaCha20 has no key schedule). Checked: open accepts the tag and returns
/// the plaintext.
std::unique_ptr<PreparedOperation> PrepareAead(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, bool corrupt,
                                               PrepareFailure* failure, std::string* error);

/// The code wolfSSL runs for `alg`, a fact of the build (wolfssl/options.h, the header the
/// library was built with) since wolfCrypt does not report it: AES algorithms "aesni (compiled
/// in)" with WOLFSSL_AESNI, else "C"; other symmetric algorithms "C" without USE_INTEL_SPEEDUP
/// (wolfCrypt's x86-64 assembly for ChaCha20, Poly1305 and SHA-2), else "" (chosen at run time
/// by CPUID, unreported); "" for public-key algorithms.
std::string BuildImplementation(const AlgorithmInfo& alg);

}  // namespace cryptobench::backends::wolfssl
