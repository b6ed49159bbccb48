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

/// The primitive an algorithm is built on, whatever its mode or construction: AES for
/// AES-128-GCM and CMAC-AES-128, SHA-2 for SHA-256 and HMAC-SHA256, ChaCha20 for
/// ChaCha20-Poly1305 and XChaCha20-Poly1305 (XChaCha20 is ChaCha20 behind HChaCha20).
enum class AlgorithmPrimitive {
  kAes,
  kTripleDes,  ///< DES-EDE3 (three-key Triple DES)
  kSm4,        ///< SM4, the 128-bit block cipher of GB/T 32907-2016
  kChaCha20,
  kMd5,
  kSha1,
  kSha2,  ///< SHA-224, SHA-256, SHA-384, SHA-512 (FIPS 180-4)
  kSha3,
  kBlake2b,
  kPoly1305,  ///< the one-time authenticator alone (the Poly1305 MAC entry)
  kRsa,
  kEcdsa,
  kEd25519,
  kX25519,
  kEcdh,  ///< ECDH over a NIST prime curve (the curve's size in key_bits)
};

/// How the primitive is used: the block cipher mode, the AEAD or MAC construction; kNone for a
/// primitive used alone (a hash, a stream cipher, Poly1305, a public-key algorithm).
enum class AlgorithmMode {
  kNone,
  kCbc,
  kCtr,
  kEcb,
  kXts,
  kGcm,
  kCcm,
  kPoly1305,  ///< ChaCha20-Poly1305 AEAD construction (RFC 8439 section 2.8)
  kHmac,
  kCmac,
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

/// A catalogue entry. All byte lengths are in bytes. Code outside the catalogue reads these
/// fields, never the name: `name` is for display, for lookup and as the key of a backend's
/// binding table, not something to parse.
struct AlgorithmInfo {
  std::string_view name;  ///< canonical display name, e.g. "AES-128-CBC", "RSA-2048"
  AlgorithmKind kind = AlgorithmKind::kCipher;  ///< the family: what is timed and how
  AlgorithmPrimitive primitive = AlgorithmPrimitive::kAes;
  AlgorithmMode mode = AlgorithmMode::kNone;
  /// Key size in bits as the algorithm's name states it: the AES key (128 for AES-128-XTS,
  /// whose key_len holds two keys), 192 for DES-EDE3, the HMAC, CMAC or Poly1305 key, the RSA
  /// modulus, the curve's field size (256 for P-256, Ed25519 and X25519); 0 for hashes.
  size_t key_bits = 0;
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

/// Every operation the algorithm's family has, in this order: encrypt and decrypt (ciphers,
/// AEADs), hash, mac, sign and verify (signatures), derive (key agreement).
std::vector<Operation> OperationsOf(const AlgorithmInfo& alg);

/// The operations timed for an algorithm: encrypt (or decrypt when `decrypt` is set) for
/// ciphers and AEADs; hash; mac; sign then verify; derive.
std::vector<Operation> TimedOperations(const AlgorithmInfo& alg, bool decrypt);

/// True for a block cipher mode without ciphertext stealing or a keystream (CBC, ECB): with
/// padding off, its input must be a whole number of blocks.
bool NeedsWholeBlocks(const AlgorithmInfo& alg);

/// True for kinds measured in bytes/s at each input size (cipher, AEAD, hash, MAC); false for
/// public-key kinds, which are measured in ops/s on a fixed 32-byte input.
bool IsSymmetric(AlgorithmKind kind);

/// Input length of one public-key operation: a 32-byte SHA-256 digest (RSA, ECDSA) or a 32-byte
/// message (Ed25519); for key agreement the shared-secret derivation takes no input.
inline constexpr size_t kPublicKeyInputLen = 32;

/// Default input sizes for symmetric algorithms, in bytes (as openssl speed's, plus 16 KiB).
inline constexpr size_t kDefaultInputSizes[] = {16, 64, 256, 1024, 8192, 16384};

}  // namespace cryptobench
