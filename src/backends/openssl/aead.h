// AEADs (AES-GCM, AES-CCM, ChaCha20-Poly1305) through EVP_Cipher* and the EVP_CTRL_AEAD_* ctrls.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/backend.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends::openssl {

/// Bytes of associated data per timed message: a TLS 1.2 record header, as `openssl speed -aead`
/// uses (apps/speed.c, 13-byte AAD).
inline constexpr size_t kTimedAadLen = 13;

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
                                               Operation op, size_t input_len, bool corrupt,
                                               PrepareFailure* failure, std::string* error);

/// Runs one KAT vector (key, iv = nonce, aad, input, output = ciphertext, tag): seal and compare,
/// open and compare, and open with a flipped tag, which must be rejected. Returns "" if passed.
std::string RunAeadVector(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                          bool corrupt);

}  // namespace cryptobench::backends::openssl
