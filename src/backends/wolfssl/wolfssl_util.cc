// Helpers shared by the wolfSSL backend (wolfssl_util.h).
#include "backends/wolfssl/wolfssl_util.h"

#include <utility>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/error-crypt.h>

#include "backends/common/buffers.h"

namespace cryptobench::backends::wolfssl {

Mode ModeOf(const AlgorithmInfo& alg) {
  // The binding table: catalogue entry -> wolfCrypt mode (an entry not listed is not offered).
  static constexpr std::pair<std::string_view, Mode> kModes[] = {
      {"AES-128-CBC", Mode::kCbc},
      {"AES-192-CBC", Mode::kCbc},
      {"AES-256-CBC", Mode::kCbc},
      {"AES-128-CTR", Mode::kCtr},
      {"AES-256-CTR", Mode::kCtr},
      {"AES-128-ECB", Mode::kEcb},
      {"AES-256-ECB", Mode::kEcb},
      {"AES-128-XTS", Mode::kXts},
      {"AES-256-XTS", Mode::kXts},
      {"DES-EDE3-CBC", Mode::kDes3Cbc},
      {"ChaCha20", Mode::kChaCha20},
      {"AES-128-GCM", Mode::kGcm},
      {"AES-256-GCM", Mode::kGcm},
      {"AES-128-CCM", Mode::kCcm},
      {"ChaCha20-Poly1305", Mode::kChaChaPoly},
  };
  if (alg.kind != AlgorithmKind::kCipher && alg.kind != AlgorithmKind::kAead) {
    return Mode::kNone;
  }
  for (const auto& [entry, mode] : kModes) {
    if (entry == alg.name) {
      return mode;
    }
  }
  return Mode::kNone;
}

bool Compiled(Mode mode) {
  switch (mode) {
    case Mode::kCbc:
#ifndef NO_AES_CBC
      return true;
#else
      return false;
#endif
    case Mode::kCtr:
#ifdef WOLFSSL_AES_COUNTER
      return true;
#else
      return false;
#endif
    case Mode::kEcb:
#ifdef HAVE_AES_ECB
      return true;
#else
      return false;
#endif
    case Mode::kXts:
#ifdef WOLFSSL_AES_XTS
      return true;
#else
      return false;
#endif
    case Mode::kDes3Cbc:
#ifndef NO_DES3
      return true;
#else
      return false;
#endif
    case Mode::kChaCha20:
#ifdef HAVE_CHACHA
      return true;
#else
      return false;
#endif
    case Mode::kGcm:
#ifdef HAVE_AESGCM
      return true;
#else
      return false;
#endif
    case Mode::kCcm:
#ifdef HAVE_AESCCM
      return true;
#else
      return false;
#endif
    case Mode::kChaChaPoly:
#if defined(HAVE_CHACHA) && defined(HAVE_POLY1305)
      return true;
#else
      return false;
#endif
    case Mode::kNone:
      break;
  }
  return false;
}

std::unique_ptr<PreparedOperation> NoSuchOperation(const AlgorithmInfo& alg, Operation op,
                                                   PrepareFailure* failure, std::string* error) {
  return PrepareNoSuchOperationIn("wolfSSL", alg, op, failure, error);
}

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
