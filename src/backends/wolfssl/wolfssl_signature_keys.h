// Signature keys of the wolfSSL backend: RSA PKCS#1 v1.5, ECDSA and Ed25519 keys that sign and
// verify through wolfCrypt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "algorithms/catalog.h"
#include "backends/common/kat_target.h"
#include "backends/wolfssl/wolfssl_util.h"

namespace cryptobench::backends::wolfssl {

/// A key that signs and verifies: RSA PKCS#1 v1.5 and ECDSA over a digest (its length names
/// the SHA-2 hash), Ed25519 over a message.
class SignatureKey {
 public:
  virtual ~SignatureKey() = default;
  /// Signs `tbs` into `sig`; *sig_len: room on entry, signature length on return.
  virtual bool Sign(std::span<const uint8_t> tbs, uint8_t* sig, size_t* sig_len,
                    std::string* error) = 0;
  /// True if `sig` verifies over `tbs`; false with *error saying why if not.
  virtual bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> sig,
                      std::string* error) = 0;
  virtual size_t max_signature_len() = 0;

 protected:
  Rng rng_;
};

/// The timing key of signature `alg` (`private_key`; RSA and ECDSA from the PKCS#8 PEM, Ed25519
/// from RFC 8032's first key), or a KAT vector's `public_key` (RSA: DER RSAPublicKey, ECDSA:
/// uncompressed point, Ed25519: raw). nullptr with *error on failure.
std::unique_ptr<SignatureKey> LoadSignatureKey(const AlgorithmInfo& alg, bool private_key,
                                               const Bytes& public_key, std::string* error);

/// An Ed25519 key from a raw 32-byte private key (RFC 8032 5.1.5), its public key derived.
std::unique_ptr<SignatureKey> LoadEd25519PrivateKey(const Bytes& raw, std::string* error);

}  // namespace cryptobench::backends::wolfssl
