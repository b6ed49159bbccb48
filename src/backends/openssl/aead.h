// AEADs (AES-GCM, AES-CCM, ChaCha20-Poly1305) through EVP_Cipher* and the EVP_CTRL_AEAD_* ctrls.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/timing_inputs.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends::openssl {

/// True if the library provides the AEAD cipher.
bool AeadSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// Prepares seal (kEncrypt) or open (kDecrypt) of one `input_len`-byte message per operation.
/// The key schedule is set once. Seal: new nonce (a counter in its last 8 bytes), 13 bytes of
/// AAD, encrypt update, final, EVP_CTRL_AEAD_GET_TAG. Open: nonce, AAD, decrypt update, set the
/// expected tag, final, which must accept it; every open uses the same nonce, ciphertext and tag
/// (prepared by a real seal), so each operation does the full verification. CCM declares the
/// message length before the AAD and takes the expected tag before the data (its decrypt update
/// verifies). Checks at this size that open accepts what seal produced.
std::unique_ptr<PreparedOperation> PrepareAead(const LibcryptoPtr& lib, const AlgorithmInfo& alg,
                                               Operation op, size_t input_len,
                                               PrepareFailure* failure, std::string* error);

/// One-shot seal with a fresh context (KatTarget::Seal): `nonce` and `tag_len` as given, so KAT
/// vectors with other nonce and tag lengths than the timing defaults work. *ciphertext gets
/// plaintext.size() bytes, *tag tag_len bytes. Returns "" or the failing call.
std::string AeadSealOneShot(const Libcrypto& lib, const AlgorithmInfo& alg,
                            std::span<const uint8_t> key, std::span<const uint8_t> nonce,
                            std::span<const uint8_t> aad, std::span<const uint8_t> plaintext,
                            size_t tag_len, std::vector<uint8_t>* ciphertext,
                            std::vector<uint8_t>* tag);

/// One-shot open (KatTarget::Open): *authentic says whether `tag` verified (a rejected tag is
/// not an error); *plaintext is meaningful only when it did. Returns "" or the failing call.
std::string AeadOpenOneShot(const Libcrypto& lib, const AlgorithmInfo& alg,
                            std::span<const uint8_t> key, std::span<const uint8_t> nonce,
                            std::span<const uint8_t> aad, std::span<const uint8_t> ciphertext,
                            std::span<const uint8_t> tag, std::vector<uint8_t>* plaintext,
                            bool* authentic);

}  // namespace cryptobench::backends::openssl
