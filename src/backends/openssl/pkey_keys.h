// Public-key material for the OpenSSL backend (the families: common/pk_family.h): the keys
// used for timing, and keys built from the raw values of KAT vectors.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "algorithms/catalog.h"
#include "backends/common/pk_family.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends::openssl {

/// The key `alg` is timed with: RSA, ECDSA and ECDH keys from TimingPrivateKeyPem(alg.name)
/// (algorithms/kat.h); Ed25519 and X25519 from the private key of the algorithm's first KAT
/// vector (RFC 8032 7.1 / RFC 7748 6.1), or a fixed byte pattern if the table has none (any 32
/// bytes are a valid key for both). Null with *error set on failure.
Owned<EVP_PKEY> TimingKey(const Libcrypto& lib, const AlgorithmInfo& alg, std::string* error);

/// A second private key of the same type as TimingKey, for key agreement: the peer whose public
/// half the timed derive uses: PeerPrivateScalar (common/key_agreement_adapter.h), an X25519
/// scalar (RFC 7748 5 clamps any 32 bytes) or an EC scalar whose top bit is clear, hence below
/// the group order of P-256/P-384.
Owned<EVP_PKEY> SecondKey(const Libcrypto& lib, const AlgorithmInfo& alg, std::string* error);

/// A public key from a KAT vector's public_key field (formats in algorithms/kat.h): DER
/// RSAPublicKey, an uncompressed EC point, or raw Ed25519/X25519 bytes.
Owned<EVP_PKEY> KatPublicKey(const Libcrypto& lib, const AlgorithmInfo& alg,
                             std::span<const uint8_t> public_key, std::string* error);

/// A private key from a KAT vector's private_key field: DER RSAPrivateKey (PKCS#1), a
/// big-endian EC scalar of the curve's size, or raw Ed25519/X25519 bytes.
Owned<EVP_PKEY> KatPrivateKey(const Libcrypto& lib, const AlgorithmInfo& alg,
                              std::span<const uint8_t> private_key, std::string* error);

/// Parses a PEM private key (PKCS#8 or traditional) held in memory.
Owned<EVP_PKEY> PemPrivateKey(const Libcrypto& lib, std::string_view pem, std::string* error);

}  // namespace cryptobench::backends::openssl
