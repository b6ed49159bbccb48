// Known-answer test (KAT) vectors from published sources. Every vector cites its source
// (document and section) beside it; backends run them before anything is timed.
#pragma once

#include <span>
#include <string_view>

namespace cryptobench {

/// One known-answer test vector. Fields are hex strings (empty when unused); which fields are
/// used depends on the algorithm's kind:
///  - cipher: key, iv, input (plaintext), output (ciphertext)
///  - aead:   key, iv (nonce), aad, input (plaintext), output (ciphertext without the tag), tag.
///    The nonce and tag lengths are those of `iv` and `tag` (AES-CCM vectors use 8- and 12-byte
///    nonces with 6- and 8-byte tags, unlike the timing defaults).
///  - hash:   input (message), output (digest)
///  - mac:    key, input (message), output (tag)
///  - signature: public_key, private_key (if the source publishes a usable one), input (the
///    message, or the 32-byte digest for RSA/ECDSA when `input_is_digest`), output (signature).
///    Formats: RSA public_key = DER RSAPublicKey (PKCS#1); ECDSA public_key = uncompressed
///    point 04||X||Y, private_key = big-endian scalar, output = r||s (fixed width); Ed25519 =
///    raw 32-byte keys, 64-byte signature. When a private_key is given but `deterministic` is
///    false (ECDSA), signing cannot reproduce `output`: verify it, then round-trip sign/verify.
///  - key_agreement: private_key (raw scalar, or big-endian EC scalar), public_key (peer's:
///    raw u-coordinate for X25519, uncompressed point for ECDH), output (shared secret).
struct KatVector {
  std::string_view algorithm{};  ///< canonical catalogue name, e.g. "AES-128-CBC"
  std::string_view source{};     ///< e.g. "NIST SP 800-38A, F.2.1 (CBC-AES128.Encrypt)"
  std::string_view key{};
  std::string_view iv{};
  std::string_view aad{};
  std::string_view input{};
  std::string_view output{};
  std::string_view tag{};
  std::string_view public_key{};
  std::string_view private_key{};
  bool input_is_digest = false;  ///< signature: `input` is already the hash to sign/verify
  bool deterministic = true;     ///< signature: signing `input` with private_key must give `output`
};

/// All vectors for `algorithm` (canonical name); empty if none.
std::span<const KatVector> KatVectorsFor(std::string_view algorithm);

/// Every vector, for tests that check the table itself.
std::span<const KatVector> AllKatVectors();

}  // namespace cryptobench

namespace cryptobench {

/// PKCS#8 PEM private key used to *time* a signature or key-agreement algorithm (RSA-2048/3072/
/// 4096, ECDSA-P256/P384, ECDH-P256). These keys were generated for cryptobench with
/// `openssl genpkey` and are public test material: timing needs a full CRT key, and generating
/// RSA-4096 keys per run would take seconds. Empty for algorithms keyed from raw bytes
/// (Ed25519, X25519 use their RFC vectors' keys).
std::string_view TimingPrivateKeyPem(std::string_view algorithm);

}  // namespace cryptobench
