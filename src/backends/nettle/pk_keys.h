// Keys for the Nettle backend's public-key algorithms: the PKCS#8 PEM timing keys (taken apart
// by backends/common/der_reader.h, the RSAPrivateKey inside read by Hogweed), owning wrappers
// of Hogweed's key structs, and the random generator RSA blinding and ECDSA nonces draw from.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nettle/dsa.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/rsa.h>
#include <nettle/yarrow.h>

#include "algorithms/catalog.h"

namespace cryptobench::backends::nettle {

/// A GMP integer, cleared when it goes out of scope.
struct Mpz {
  Mpz() { mpz_init(value); }
  ~Mpz() { mpz_clear(value); }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
  mpz_t value;
};

/// An RSA key pair (rsa.h); only `pub` is meaningful for a public key.
struct RsaKey {
  RsaKey() {
    rsa_public_key_init(&pub);
    rsa_private_key_init(&priv);
  }
  ~RsaKey() {
    rsa_public_key_clear(&pub);
    rsa_private_key_clear(&priv);
  }
  RsaKey(const RsaKey&) = delete;
  RsaKey& operator=(const RsaKey&) = delete;
  rsa_public_key pub;
  rsa_private_key priv;
};

/// An EC key on one curve (ecc.h): the private scalar (when known) and the public point.
struct EcKey {
  explicit EcKey(const ecc_curve* ec) : curve(ec) {
    ecc_scalar_init(&scalar, ec);
    ecc_point_init(&point, ec);
  }
  ~EcKey() {
    ecc_scalar_clear(&scalar);
    ecc_point_clear(&point);
  }
  EcKey(const EcKey&) = delete;
  EcKey& operator=(const EcKey&) = delete;
  const ecc_curve* curve;
  ecc_scalar scalar;
  ecc_point point;
};

/// The NIST curve of an ECDSA or ECDH algorithm (P-256 or P-384); null for others.
const ecc_curve* CurveOf(const AlgorithmInfo& alg);

/// Bytes of a field element or scalar of `curve` (32 for P-256, 48 for P-384).
size_t CurveBytes(const ecc_curve* curve);

/// Parses the PKCS#8 PEM timing key of an RSA algorithm (RFC 5208 PrivateKeyInfo around an
/// RFC 8017 RSAPrivateKey). "" or what failed.
std::string ReadRsaTimingKey(std::string_view pem, RsaKey* key);

/// Parses the PKCS#8 PEM timing key of an EC algorithm (RFC 5915 ECPrivateKey inside) into
/// `key`'s scalar and computes its public point; the key's curve OID must be `key->curve`'s.
/// "" or what failed.
std::string ReadEcTimingKey(std::string_view pem, EcKey* key);

/// Sets `key` from a big-endian scalar and computes the public point. "" or what failed.
std::string SetEcScalar(std::span<const uint8_t> scalar, EcKey* key);

/// Sets `key`'s public point from 04||X||Y (SEC 1 2.3.3). "" or why it is not on the curve.
std::string SetEcPoint(std::span<const uint8_t> point, EcKey* key);

/// Writes `value` big-endian into exactly `width` bytes (left-padded with zeros).
std::vector<uint8_t> MpzBytes(const mpz_t value, size_t width);

/// Nettle's random-function signature over the shared Yarrow-256 generator (seeded once from
/// getrandom): RSA blinding and ECDSA nonces. Pass RandomContext() as its context.
void RandomBytes(void* context, size_t length, uint8_t* dst);
void* RandomContext();

}  // namespace cryptobench::backends::nettle
