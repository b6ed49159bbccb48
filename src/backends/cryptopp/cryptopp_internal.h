// Internal interface between the Crypto++ backend's files: one group of functions per algorithm
// family (cryptopp_cipher.cc, cryptopp_aead.cc, cryptopp_hash_mac.cc, cryptopp_pubkey.cc), called
// by the Backend and KatTarget in cryptopp_backend.cc. Only these .cc files include Crypto++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/backend.h"
#include "backends/common/guarded.h"
#include "backends/common/kat_target.h"

namespace cryptobench::backends::cryptopp {

/// The CPU features Crypto++ detected at start and uses, from its Has*() queries (cpu.h), e.g.
/// "sse2 ssse3 sse4.1 sse4.2 aesni clmul sha avx avx2" (cryptopp_backend.cc).
std::string CpuFeatures();

// Ciphers (cryptopp_cipher.cc): CBC_Mode, CTR_Mode, ECB_Mode and XTS_Mode over AES (CBC_Mode
// over DES_EDE3 for 3DES and over SM4 for SM4-CBC), ChaChaTLS (RFC 8439 ChaCha20).

/// True if `alg` is a cipher this backend offers.
bool CipherSupported(const AlgorithmInfo& alg);
/// AlgorithmProvider() of the cipher object, e.g. "AESNI".
std::string CipherImplementation(const AlgorithmInfo& alg);
/// KatTarget::Cipher: one fresh object, the whole input in one call.
std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output);
/// Backend::Prepare for ciphers (what is timed: docs/methodology.md section 1).
std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, PrepareFailure* failure,
                                                 std::string* error);

// AEADs (cryptopp_aead.cc): GCM<AES>, CCM<AES>, ChaCha20Poly1305 (RFC 8439), XChaCha20Poly1305.

/// True if `alg` is an AEAD this backend offers.
bool AeadSupported(const AlgorithmInfo& alg);
/// The provider(s) doing the work, as for CipherImplementation.
std::string AeadImplementation(const AlgorithmInfo& alg);
/// KatTarget::Seal and KatTarget::Open (kat_target.h): one message on a fresh object; the tag
/// length is given (Seal) or that of `tag` (Open). A rejected tag sets *authentic = false.
std::string AeadSeal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                     const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                     Bytes* tag);
std::string AeadOpen(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                     const Bytes& aad, const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                     bool* authentic);
/// Backend::Prepare for AEADs: one message per iteration (new nonce, 13-byte AAD, tag).
std::unique_ptr<PreparedOperation> PrepareAead(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error);

// Hashes and MACs (cryptopp_hash_mac.cc): HashTransformation, MessageAuthenticationCode.

/// True if `alg` is a hash (MAC) this backend offers.
bool HashSupported(const AlgorithmInfo& alg);
bool MacSupported(const AlgorithmInfo& alg);
/// The provider doing the work (HMAC: its hash; CMAC: its block cipher).
std::string HashMacImplementation(const AlgorithmInfo& alg);
/// KatTarget::Hash and KatTarget::Mac: the whole message on a fresh object.
std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest);
std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag);
/// Backend::Prepare for hashes and MACs: one digest (tag) of the input per iteration.
std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error);
std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Operation op,
                                              size_t input_len, PrepareFailure* failure,
                                              std::string* error);

// Public key (cryptopp_pubkey.cc): PK_Signer / PK_Verifier, x25519 and ECDH<ECP> agreement.

/// True if `alg` is a public-key algorithm this backend offers and its timing key loads.
bool PublicKeySupported(const AlgorithmInfo& alg);
/// KatTarget::Verify, Sign, SignRoundTrip and Derive (kat_target.h). A tampered empty message
/// becomes a one-byte message.
std::string VerifyVector(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                         bool* valid);
std::string SignVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature);
std::string SignRoundTrip(const AlgorithmInfo& alg);
std::string DeriveVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret);
/// Backend::Prepare for signatures (sign or verify a 32-byte input) and key agreement (derive).
std::unique_ptr<PreparedOperation> PreparePublicKey(const AlgorithmInfo& alg, Operation op,
                                                    PrepareFailure* failure, std::string* error);

}  // namespace cryptobench::backends::cryptopp
