// Helpers shared by the wolfSSL backend (wolfssl_util.h).
#include "backends/wolfssl/wolfssl_util.h"

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/error-crypt.h>

namespace cryptobench::backends::wolfssl {

std::string WolfError(std::string_view call, int ret) {
  const char* description = wc_GetErrorString(ret);
  return std::string(call) + " failed: " + std::to_string(ret) + " (" +
         (description != nullptr ? description : "unknown error") + ")";
}

Rng::Rng() {
  if (const int ret = wc_InitRng(&rng_); ret != 0) {
    error_ = WolfError("wc_InitRng", ret);
  }
}

Rng::~Rng() {
  if (error_.empty()) {
    wc_FreeRng(&rng_);
  }
}

}  // namespace cryptobench::backends::wolfssl
