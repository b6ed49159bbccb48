// Helpers shared by the Mbed TLS backend (mbedtls_util.h).
#include "backends/mbedtls/mbedtls_util.h"

#include <cstdint>
#include <cstdio>
#include <span>

#include <mbedtls/error.h>

#include "backends/common/buffers.h"

namespace cryptobench::backends::mbedtls {
namespace {

struct CipherType {
  std::string_view name;
  mbedtls_cipher_type_t type;
};

constexpr CipherType kCipherTypes[] = {
    {"AES-128-CBC", MBEDTLS_CIPHER_AES_128_CBC},
    {"AES-192-CBC", MBEDTLS_CIPHER_AES_192_CBC},
    {"AES-256-CBC", MBEDTLS_CIPHER_AES_256_CBC},
    {"AES-128-CTR", MBEDTLS_CIPHER_AES_128_CTR},
    {"AES-256-CTR", MBEDTLS_CIPHER_AES_256_CTR},
    {"AES-128-ECB", MBEDTLS_CIPHER_AES_128_ECB},
    {"AES-256-ECB", MBEDTLS_CIPHER_AES_256_ECB},
    {"AES-128-XTS", MBEDTLS_CIPHER_AES_128_XTS},
    {"AES-256-XTS", MBEDTLS_CIPHER_AES_256_XTS},
    {"DES-EDE3-CBC", MBEDTLS_CIPHER_DES_EDE3_CBC},
    {"AES-128-GCM", MBEDTLS_CIPHER_AES_128_GCM},
    {"AES-256-GCM", MBEDTLS_CIPHER_AES_256_GCM},
    {"AES-128-CCM", MBEDTLS_CIPHER_AES_128_CCM},
    {"ChaCha20-Poly1305", MBEDTLS_CIPHER_CHACHA20_POLY1305},
};

// Entropy callback of DeterministicRng: a different fixed pattern on every call.
int PatternEntropy(void* calls, unsigned char* out, size_t len) {
  unsigned& count = *static_cast<unsigned*>(calls);
  FillPattern(std::span<uint8_t>(out, len), static_cast<uint8_t>(0x60 + count++));
  return 0;
}

}  // namespace

const mbedtls_cipher_info_t* CipherInfoFor(const AlgorithmInfo& alg) {
  for (const CipherType& entry : kCipherTypes) {
    if (entry.name == alg.name) {
      return mbedtls_cipher_info_from_type(entry.type);
    }
  }
  return nullptr;
}

std::string SetupCipher(mbedtls_cipher_context_t* ctx, const mbedtls_cipher_info_t* info,
                        bool decrypt, std::span<const uint8_t> key) {
  if (int ret = mbedtls_cipher_setup(ctx, info); ret != 0) {
    return MbedError("mbedtls_cipher_setup", ret);
  }
  if (int ret = mbedtls_cipher_setkey(ctx, NonNullData(key), static_cast<int>(key.size() * 8),
                                      decrypt ? MBEDTLS_DECRYPT : MBEDTLS_ENCRYPT);
      ret != 0) {
    return MbedError("mbedtls_cipher_setkey", ret);
  }
  return "";
}

std::unique_ptr<PreparedOperation> NoSuchOperation(const AlgorithmInfo& alg, Operation op,
                                                   PrepareFailure* failure, std::string* error) {
  return PrepareNoSuchOperationIn("Mbed TLS", alg, op, failure, error);
}

std::string MbedError(std::string_view call, int ret) {
  char description[160] = {};
  mbedtls_strerror(ret, description, sizeof(description));
  char code[24];
  std::snprintf(code, sizeof(code), "%s0x%04x", ret < 0 ? "-" : "",
                static_cast<unsigned>(ret < 0 ? -ret : ret));
  return std::string(call) + " failed: " + code + " (" + description + ")";
}

DeterministicRng::DeterministicRng() {
  mbedtls_ctr_drbg_init(&drbg_);
  static constexpr unsigned char kPersonalisation[] = "cryptobench timing";
  if (const int ret = mbedtls_ctr_drbg_seed(&drbg_, &PatternEntropy, &entropy_calls_,
                                            kPersonalisation, sizeof(kPersonalisation) - 1);
      ret != 0) {
    error_ = MbedError("mbedtls_ctr_drbg_seed", ret);
  }
}

DeterministicRng::~DeterministicRng() { mbedtls_ctr_drbg_free(&drbg_); }

int DeterministicRng::Generate(void* rng, unsigned char* out, size_t len) {
  return mbedtls_ctr_drbg_random(rng, out, len);
}

}  // namespace cryptobench::backends::mbedtls
