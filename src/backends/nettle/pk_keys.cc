// Parsing of the timing keys and EC key helpers for the Nettle backend (pk_keys.h).
#include "backends/nettle/pk_keys.h"

#include <random>

#include <nettle/bignum.h>

#include "backends/common/der_reader.h"

namespace cryptobench::backends::nettle {

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
  std::vector<uint8_t> private_key;
  if (std::string error = Pkcs8PrivateKey(pem, &private_key); !error.empty()) {
    return error;
  }
  // Also prepares both halves (der2rsa.c), so the key is ready to use.
  if (rsa_keypair_from_der(&key->pub, &key->priv, 0, private_key.size(), private_key.data()) != 1) {
    return "rsa_keypair_from_der: not an RSAPrivateKey";
  }
  return "";
}

std::string ReadEcTimingKey(std::string_view pem, EcKey* key) {
  std::vector<uint8_t> scalar;
  const char* curve = key->curve == nettle_get_secp_256r1() ? "prime256v1" : "secp384r1";
  if (std::string error = Pkcs8EcScalar(pem, curve, &scalar); !error.empty()) {
    return error;
  }
  return SetEcScalar(scalar, key);
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
