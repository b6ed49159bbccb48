// Internal interface between the Botan backend's files: one group of functions per algorithm
// family (botan_cipher.cc, botan_aead.cc, botan_hash_mac.cc, botan_pubkey.cc), called by the
// Backend and KatTarget in botan_backend.cc. Only these .cc files include Botan's headers.
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

namespace cryptobench::backends::botan {

/// The CPU features Botan will use (Botan::CPUID::to_string(), after BOTAN_CLEAR_CPUID), e.g.
/// "sse2 ssse3 ... aes_ni clmul" (botan_cpuid.cc).
std::string CpuFeatures();

// Ciphers (botan_cipher.cc): Cipher_Mode for CBC and XTS, StreamCipher for CTR and ChaCha20,
// BlockCipher for ECB.

/// True if `alg` is a cipher this Botan build offers.
bool CipherSupported(const AlgorithmInfo& alg);
/// Providers of the objects doing the work, e.g. "AES-128 cpu".
std::string CipherImplementation(const AlgorithmInfo& alg);
/// KatTarget::Cipher: one fresh object, the whole input in one call.
std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output);
/// Backend::Prepare for ciphers (what is timed: docs/methodology.md section 1).
std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, PrepareFailure* failure,
                                                 std::string* error);

// AEADs (botan_aead.cc): Cipher_Mode "AES-N/GCM(T)", "AES-N/CCM(T,L)", "ChaCha20Poly1305"
// (with a 24-byte nonce: XChaCha20-Poly1305).

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

// Hashes and MACs (botan_hash_mac.cc): HashFunction, MessageAuthenticationCode.

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

// Public key (botan_pubkey.cc): PK_Signer / PK_Verifier / PK_Key_Agreement.

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

}  // namespace cryptobench::backends::botan
