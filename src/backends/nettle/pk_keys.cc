// Parsing of the timing keys and EC key helpers for the Nettle backend (pk_keys.h).
#include "backends/nettle/pk_keys.h"

#include <random>

#include <nettle/asn1.h>
#include <nettle/base64.h>
#include <nettle/bignum.h>

#include "core/hex.h"

namespace cryptobench::backends::nettle {
namespace {

// DER contents (no tag, no length) of the namedCurve OIDs, RFC 5480 2.1.1.1:
// secp256r1 1.2.840.10045.3.1.7, secp384r1 1.3.132.0.34.
constexpr std::string_view kP256Oid = "2a8648ce3d030107";
constexpr std::string_view kP384Oid = "2b81040022";

// The DER inside a "-----BEGIN PRIVATE KEY-----" PEM block (RFC 7468 10).
std::string PemToDer(std::string_view pem, std::vector<uint8_t>* der) {
  constexpr std::string_view kBegin = "-----BEGIN PRIVATE KEY-----";
  constexpr std::string_view kEnd = "-----END PRIVATE KEY-----";
  const size_t begin = pem.find(kBegin);
  const size_t end = pem.find(kEnd);
  if (begin == std::string_view::npos || end == std::string_view::npos || end < begin) {
    return "not a PKCS#8 PEM private key";
  }
  std::string body;
  for (char c : pem.substr(begin + kBegin.size(), end - begin - kBegin.size())) {
    if (c != '\n' && c != '\r' && c != ' ') {
      body.push_back(c);
    }
  }
  base64_decode_ctx ctx;
  base64_decode_init(&ctx);
  der->assign(BASE64_DECODE_LENGTH(body.size()), 0);
  size_t length = der->size();
  if (base64_decode_update(&ctx, &length, der->data(), body.size(), body.data()) != 1 ||
      base64_decode_final(&ctx) != 1) {
    return "PEM body is not valid base64";
  }
  der->resize(length);
  return "";
}

// PrivateKeyInfo ::= SEQUENCE { version INTEGER, privateKeyAlgorithm SEQUENCE { algorithm OID,
// parameters ANY }, privateKey OCTET STRING } (RFC 5208 5). Points *parameters (the curve OID
// for EC keys, empty otherwise) and *private_key into `der`.
std::string ParsePkcs8(std::span<const uint8_t> der, std::span<const uint8_t>* parameters,
                       std::span<const uint8_t>* private_key) {
  asn1_der_iterator outer;
  asn1_der_iterator algorithm;
  if (asn1_der_iterator_first(&outer, der.size(), der.data()) != ASN1_ITERATOR_CONSTRUCTED ||
      outer.type != ASN1_SEQUENCE ||
      asn1_der_decode_constructed_last(&outer) != ASN1_ITERATOR_PRIMITIVE ||
      outer.type != ASN1_INTEGER || asn1_der_iterator_next(&outer) != ASN1_ITERATOR_CONSTRUCTED ||
      outer.type != ASN1_SEQUENCE ||
      asn1_der_decode_constructed(&outer, &algorithm) != ASN1_ITERATOR_PRIMITIVE ||
      algorithm.type != ASN1_IDENTIFIER) {
    return "malformed PKCS#8 PrivateKeyInfo";
  }
  *parameters = {};
  if (asn1_der_iterator_next(&algorithm) == ASN1_ITERATOR_PRIMITIVE &&
      algorithm.type == ASN1_IDENTIFIER) {
    *parameters = {algorithm.data, algorithm.length};
  }
  if (asn1_der_iterator_next(&outer) != ASN1_ITERATOR_PRIMITIVE || outer.type != ASN1_OCTETSTRING) {
    return "PKCS#8 PrivateKeyInfo has no privateKey OCTET STRING";
  }
  *private_key = {outer.data, outer.length};
  return "";
}

}  // namespace

const ecc_curve* CurveOf(const AlgorithmInfo& alg) {
  if (alg.openssl_name == "prime256v1") {
    return nettle_get_secp_256r1();
  }
  if (alg.openssl_name == "secp384r1") {
    return nettle_get_secp_384r1();
  }
  return nullptr;
}

size_t CurveBytes(const ecc_curve* curve) { return (ecc_bit_size(curve) + 7) / 8; }

std::string ReadRsaTimingKey(std::string_view pem, RsaKey* key) {
  std::vector<uint8_t> der;
  std::span<const uint8_t> parameters;
  std::span<const uint8_t> private_key;
  if (std::string error = PemToDer(pem, &der); !error.empty()) {
    return error;
  }
  if (std::string error = ParsePkcs8(der, &parameters, &private_key); !error.empty()) {
    return error;
  }
  // Also prepares both halves (der2rsa.c), so the key is ready to use.
  if (rsa_keypair_from_der(&key->pub, &key->priv, 0, private_key.size(), private_key.data()) != 1) {
    return "rsa_keypair_from_der: not an RSAPrivateKey";
  }
  return "";
}

std::string ReadEcTimingKey(std::string_view pem, EcKey* key) {
  std::vector<uint8_t> der;
  std::span<const uint8_t> parameters;
  std::span<const uint8_t> private_key;
  if (std::string error = PemToDer(pem, &der); !error.empty()) {
    return error;
  }
  if (std::string error = ParsePkcs8(der, &parameters, &private_key); !error.empty()) {
    return error;
  }
  const std::string_view want_oid = key->curve == nettle_get_secp_256r1() ? kP256Oid : kP384Oid;
  if (parameters.empty() || HexEncode(parameters) != want_oid) {
    return "the timing key is on another curve";
  }
  // ECPrivateKey ::= SEQUENCE { version INTEGER (1), privateKey OCTET STRING, ... } (RFC 5915 3).
  asn1_der_iterator i;
  if (asn1_der_iterator_first(&i, private_key.size(), private_key.data()) !=
          ASN1_ITERATOR_CONSTRUCTED ||
      i.type != ASN1_SEQUENCE || asn1_der_decode_constructed_last(&i) != ASN1_ITERATOR_PRIMITIVE ||
      i.type != ASN1_INTEGER || asn1_der_iterator_next(&i) != ASN1_ITERATOR_PRIMITIVE ||
      i.type != ASN1_OCTETSTRING) {
    return "malformed ECPrivateKey";
  }
  return SetEcScalar({i.data, i.length}, key);
}

std::string SetEcScalar(std::span<const uint8_t> scalar, EcKey* key) {
  Mpz value;
  nettle_mpz_set_str_256_u(value.value, scalar.size(), scalar.data());
  if (ecc_scalar_set(&key->scalar, value.value) != 1) {
    return "the private scalar is out of range";
  }
  ecc_point_mul_g(&key->point, &key->scalar);
  return "";
}

std::string SetEcPoint(std::span<const uint8_t> point, EcKey* key) {
  const size_t width = CurveBytes(key->curve);
  if (point.size() != 1 + 2 * width || point[0] != 0x04) {
    return "public key is not an uncompressed point 04||X||Y";
  }
  Mpz x;
  Mpz y;
  nettle_mpz_set_str_256_u(x.value, width, point.data() + 1);
  nettle_mpz_set_str_256_u(y.value, width, point.data() + 1 + width);
  return ecc_point_set(&key->point, x.value, y.value) == 1 ? ""
                                                           : "the public point is not on the curve";
}

std::vector<uint8_t> MpzBytes(const mpz_t value, size_t width) {
  std::vector<uint8_t> out(width);
  nettle_mpz_get_str_256(width, out.data(), value);
  return out;
}

void* RandomContext() {
  static yarrow256_ctx* generator = [] {
    static yarrow256_ctx ctx;
    yarrow256_init(&ctx, 0, nullptr);
    // std::random_device reads the kernel's generator (getrandom) on Linux.
    std::random_device device;
    uint8_t seed[YARROW256_SEED_FILE_SIZE];
    for (uint8_t& byte : seed) {
      byte = static_cast<uint8_t>(device());
    }
    yarrow256_seed(&ctx, sizeof(seed), seed);
    return &ctx;
  }();
  return generator;
}

void RandomBytes(void* context, size_t length, uint8_t* dst) {
  yarrow256_random(static_cast<yarrow256_ctx*>(context), length, dst);
}

}  // namespace cryptobench::backends::nettle
