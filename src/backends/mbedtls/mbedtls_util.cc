// Helpers shared by the Mbed TLS backend (mbedtls_util.h).
#include "backends/mbedtls/mbedtls_util.h"

#include <cstdint>
#include <cstdio>
#include <span>

#include <mbedtls/error.h>

#include "backends/openssl/buffers.h"

namespace cryptobench::backends::mbedtls {
namespace {

// Entropy callback of DeterministicRng: a different fixed pattern on every call.
int PatternEntropy(void* calls, unsigned char* out, size_t len) {
  unsigned& count = *static_cast<unsigned*>(calls);
  openssl::FillPattern(std::span<uint8_t>(out, len), static_cast<uint8_t>(0x60 + count++));
  return 0;
}

}  // namespace

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
