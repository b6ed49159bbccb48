// BoringSSL ciphers and hashes: the EVP_CIPHER / EVP_MD one-shots behind the KATs, and ChaCha20
// through BoringSSL's own CRYPTO_chacha_20 (it has no EVP_CIPHER for it).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/boringssl/libcrypto.h"

namespace cryptobench::backends::boringssl {

/// True for the ciphers BoringSSL has: AES-CBC/CTR/ECB and DES-EDE3-CBC through EVP_CIPHER
/// (EVP_get_cipherbyname), ChaCha20 through CRYPTO_chacha_20. XTS is not in BoringSSL's
/// libcrypto (only in its "decrepit" library, which Debian does not ship).
bool CipherSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// KatTarget::Cipher: one fresh EVP_CIPHER_CTX (padding off) or one CRYPTO_chacha_20 call, whose
/// 16-byte IV is OpenSSL's layout: 32-bit little-endian block counter, then the 96-bit nonce.
std::string CipherOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, bool decrypt,
                          const Bytes& key, const Bytes& iv, const Bytes& input, Bytes* output);

/// Prepares ChaCha20 encrypt or decrypt of `input_len` bytes. One operation is one
/// CRYPTO_chacha_20 call; the block counter advances by the blocks it used, so the keystream
/// continues as with OpenSSL's EVP update. BoringSSL's function keeps no partial block, so an
/// input that is not a multiple of 64 bytes discards the rest of its last keystream block (at
/// 16 bytes each operation computes a whole 64-byte block; OpenSSL's EVP computes one per four
/// 16-byte updates). Checks that the output decrypts back with a fresh call.
std::unique_ptr<PreparedOperation> PrepareChaCha20(const LibPtr& lib, const AlgorithmInfo& alg,
                                                   Operation op, size_t input_len,
                                                   PrepareFailure* failure, std::string* error);

/// True for the hashes EVP_get_digestbyname finds: MD5, SHA-1 and SHA-2 (BoringSSL has no SHA-3,
/// and of BLAKE2b only the 256-bit variant).
bool DigestSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// KatTarget::Hash through the one-shot EVP_Digest.
std::string HashOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const Bytes& message,
                        Bytes* digest);

}  // namespace cryptobench::backends::boringssl
