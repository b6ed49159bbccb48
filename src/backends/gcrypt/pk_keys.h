// Keys for the libgcrypt backend's public-key algorithms as libgcrypt S-expressions, built from
// the PKCS#8 PEM timing keys and the KAT vectors' raw keys, and the EC point arithmetic
// (gcry_mpi_ec_*) that ECDH and public-key derivation need.
#pragma once

#include <gcrypt.h>

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "backends/gcrypt/gcrypt_internal.h"

namespace cryptobench::backends::gcrypt {

/// libgcrypt's name of the NIST curve of an ECDSA or ECDH algorithm ("NIST P-256",
/// "NIST P-384"); null for others.
const char* CurveNameOf(const AlgorithmInfo& alg);

/// Bytes of a field element of the named curve (32 for P-256, 48 for P-384).
size_t CurveBytes(const char* curve);

/// A private and a public key (S-expressions, gcry_pk_*).
struct KeyPair {
  Sexp private_key;
  Sexp public_key;
};

/// The RSA timing key (PKCS#8 PEM around an RFC 8017 RSAPrivateKey) as libgcrypt keys; libgcrypt
/// wants p < q and u = p^-1 mod q, so the primes are ordered and u computed. "" or what failed.
std::string RsaTimingKey(std::string_view pem, KeyPair* keys);

/// The private scalar of an EC timing key (PKCS#8 PEM around an RFC 5915 ECPrivateKey) on
/// `curve`. "" or what failed (another curve, malformed DER).
std::string EcTimingScalar(std::string_view pem, const char* curve, Bytes* scalar);

/// The public point 04||X||Y of a big-endian `scalar` on `curve`. "" or what failed.
std::string EcPublicPoint(const char* curve, std::span<const uint8_t> scalar, Bytes* point);

/// An RSA public key from DER RSAPublicKey (RFC 8017 A.1.1). "" or what failed.
std::string RsaPublicKey(std::span<const uint8_t> der, Sexp* key);

/// ECDSA keys on `curve` from a public point (and, when not empty, the private scalar).
std::string EcdsaKeys(const char* curve, std::span<const uint8_t> point,
                      std::span<const uint8_t> scalar, KeyPair* keys);

/// Ed25519 keys from the raw 32-byte public key (and, when not empty, the 32-byte seed).
std::string Ed25519Keys(std::span<const uint8_t> public_key, std::span<const uint8_t> seed,
                        KeyPair* keys);

/// One side of an ECDH exchange on a NIST curve (SEC 1 3.3.1): our scalar and the peer's
/// point, set up once; Derive() multiplies and writes the x-coordinate.
class EcdhSide {
 public:
  ~EcdhSide();
  EcdhSide(const EcdhSide&) = delete;
  EcdhSide& operator=(const EcdhSide&) = delete;

  /// Sets up `scalar` (big-endian) against `peer_point` (04||X||Y) on `curve`; null with
  /// *error set if the point is not on the curve.
  static std::unique_ptr<EcdhSide> Create(const char* curve, std::span<const uint8_t> scalar,
                                          std::span<const uint8_t> peer_point, std::string* error);

  /// Writes the shared secret (the x-coordinate, CurveBytes() long) to `out`; false if the
  /// product is the point at infinity.
  bool Derive(uint8_t* out);
  size_t secret_len() const { return width_; }

 private:
  EcdhSide() = default;
  gcry_ctx_t ctx_ = nullptr;
  gcry_mpi_t scalar_ = nullptr;
  gcry_mpi_point_t peer_ = nullptr;
  gcry_mpi_point_t product_ = nullptr;
  gcry_mpi_t x_ = nullptr;
  size_t width_ = 0;
};

}  // namespace cryptobench::backends::gcrypt
