// Public-key material for the BoringSSL backend: the timing keys and keys built from the raw
// values of KAT vectors (formats in algorithms/kat.h).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "algorithms/catalog.h"
#include "backends/boringssl/libcrypto.h"
#include "backends/common/pk_family.h"

namespace cryptobench::backends::boringssl {

/// An owned EVP_PKEY, or null.
using PkeyPtr = Owned<EVP_PKEY>;

/// The key `alg` is timed with: the PKCS#8 PEM of TimingPrivateKeyPem (RSA, ECDSA, ECDH), or the
/// raw private key of the first KAT vector (Ed25519, X25519; RFC 8032 7.1 / RFC 7748 6.1). Null
/// with *error set on failure.
PkeyPtr TimingKey(const Libcrypto& lib, const AlgorithmInfo& alg, std::string* error);

/// The peer for a timed key agreement: a fixed X25519 scalar (any 32 bytes, RFC 7748 5) or a
/// fixed EC scalar with its top bit clear (below the P-256 order).
PkeyPtr SecondKey(const Libcrypto& lib, const AlgorithmInfo& alg, std::string* error);

/// A public key from a KAT vector: DER RSAPublicKey, uncompressed EC point (wrapped into a
/// SubjectPublicKeyInfo), or raw Ed25519/X25519 bytes.
PkeyPtr KatPublicKey(const Libcrypto& lib, const AlgorithmInfo& alg,
                     std::span<const uint8_t> public_key, std::string* error);

/// A private key from a KAT vector: DER RSAPrivateKey, big-endian EC scalar (wrapped into an
/// ECPrivateKey; BoringSSL computes the public point), or raw Ed25519/X25519 bytes.
PkeyPtr KatPrivateKey(const Libcrypto& lib, const AlgorithmInfo& alg,
                      std::span<const uint8_t> private_key, std::string* error);

}  // namespace cryptobench::backends::boringssl
