// The algorithm catalogue: canonical names, aliases as people type them, and the
// parameters a backend needs to set up each algorithm.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench {

/// What kind of primitive an algorithm is; decides what is timed (docs/methodology.md).
enum class AlgorithmKind {
  kCipher,        ///< unauthenticated symmetric cipher (block cipher mode or stream cipher)
  kAead,          ///< authenticated encryption with associated data
  kHash,          ///< message digest
  kMac,           ///< message authentication code (keyed)
  kSignature,     ///< public-key signature: sign and verify operations
  kKeyAgreement,  ///< public-key key agreement: derive operation
};

/// One timed operation. Symmetric kinds have one or two; public-key kinds one or two.
enum class Operation { kEncrypt, kDecrypt, kHash, kMac, kSign, kVerify, kDerive };

/// Lower-case name of an operation as used in JSON and tables: "encrypt", "sign", ...
std::string_view OperationName(Operation op);
/// Parses OperationName() output; returns false for an unknown name.
bool ParseOperation(std::string_view name, Operation* out);
/// Lower-case name of a kind as used in JSON: "cipher", "aead", "hash", "mac", "signature",
/// "key_agreement".
std::string_view KindName(AlgorithmKind kind);

/// A catalogue entry. All byte lengths are in bytes.
struct AlgorithmInfo {
  std::string_view name;  ///< canonical display name, e.g. "AES-128-CBC", "RSA-2048"
  AlgorithmKind kind;
  std::string_view openssl_name;  ///< name for EVP_get_cipherbyname / EVP_get_digestbyname /
                                  ///< EVP_MAC_fetch / key type, e.g. "AES-128-CBC", "SHA256";
                                  ///< empty when OpenSSL lacks the algorithm (XChaCha20-Poly1305)
  std::string_view speed_name;    ///< row name in `openssl speed` 3.x output, e.g. "AES-128-CBC",
                                  ///< "sha256", "rsa 2048 bits", "ecdsa (nistp256)"
  std::vector<std::string_view> aliases;  ///< other accepted spellings (matched case-insensitively,
                                          ///< ignoring '-', '_', ' ', '/' and '.')
  size_t key_len = 0;    ///< symmetric key length; for RSA the modulus size in bits / 8
  size_t iv_len = 0;     ///< IV or nonce length used when timing (0 if none)
  size_t tag_len = 0;    ///< AEAD tag or MAC output length
  size_t block_len = 0;  ///< primitive block size (AES: 16, ChaCha20: 64 keystream, SHA-256: 64)
  bool default_suite = false;  ///< part of the suite run when no names are given
};

/// The whole catalogue in display order (ciphers, AEADs, hashes, MACs, public key).
std::span<const AlgorithmInfo> Catalog();

/// Finds an algorithm by canonical name or alias, case-insensitively; nullptr if unknown.
const AlgorithmInfo* FindAlgorithm(std::string_view name);

/// Up to `max_results` catalogue names closest to an unknown `name` (edit distance on the
/// normalised spelling), best first, for "did you mean" messages.
std::vector<std::string> SuggestAlgorithms(std::string_view name, size_t max_results = 3);

/// The default suite, in catalogue order.
std::vector<const AlgorithmInfo*> DefaultSuite();

/// The operations timed for an algorithm: encrypt (or decrypt when `decrypt` is set) for
/// ciphers and AEADs; hash; mac; sign then verify; derive.
std::vector<Operation> TimedOperations(const AlgorithmInfo& alg, bool decrypt);

/// True for kinds measured in bytes/s at each input size (cipher, AEAD, hash, MAC); false for
/// public-key kinds, which are measured in ops/s on a fixed 32-byte input.
bool IsSymmetric(AlgorithmKind kind);

/// Input length of one public-key operation: a 32-byte SHA-256 digest (RSA, ECDSA) or a 32-byte
/// message (Ed25519); for key agreement the shared-secret derivation takes no input.
inline constexpr size_t kPublicKeyInputLen = 32;

/// Default input sizes for symmetric algorithms, in bytes (as openssl speed's, plus 16 KiB).
inline constexpr size_t kDefaultInputSizes[] = {16, 64, 256, 1024, 8192, 16384};

}  // namespace cryptobench
