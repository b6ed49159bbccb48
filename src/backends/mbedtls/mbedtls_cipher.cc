// Ciphers of the Mbed TLS backend (mbedtls_cipher.h).
#include "backends/mbedtls/mbedtls_cipher.h"

#include <algorithm>
#include <cstring>
#include <span>
#include <utility>

#include <mbedtls/aesni.h>
#include <mbedtls/chacha20.h>
#include <mbedtls/cipher.h>

#include "backends/common/buffers.h"
#include "backends/common/keyed_cipher.h"
#include "backends/mbedtls/mbedtls_util.h"

namespace cryptobench::backends::mbedtls {
namespace {

bool IsChaCha20(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kCipher && alg.name == "ChaCha20";
}

class GenericCipher : public KeyedCipher {
 public:
  GenericCipher() { mbedtls_cipher_init(&ctx_); }
  ~GenericCipher() override { mbedtls_cipher_free(&ctx_); }
  GenericCipher(const GenericCipher&) = delete;
  GenericCipher& operator=(const GenericCipher&) = delete;

  bool Init(const mbedtls_cipher_info_t* info, bool decrypt, std::span<const uint8_t> key,
            std::span<const uint8_t> iv, std::string* error) {
    if (*error = SetupCipher(&ctx_, info, decrypt, key); !error->empty()) {
      return false;
    }
    const mbedtls_cipher_mode_t mode = mbedtls_cipher_get_cipher_mode(&ctx_);
    if (mode == MBEDTLS_MODE_CBC) {
      if (int ret = mbedtls_cipher_set_padding_mode(&ctx_, MBEDTLS_PADDING_NONE); ret != 0) {
        *error = MbedError("mbedtls_cipher_set_padding_mode", ret);
        return false;
      }
    }
    if (!iv.empty()) {
      if (int ret = mbedtls_cipher_set_iv(&ctx_, iv.data(), iv.size()); ret != 0) {
        *error = MbedError("mbedtls_cipher_set_iv", ret);
        return false;
      }
    }
    if (int ret = mbedtls_cipher_reset(&ctx_); ret != 0) {
      *error = MbedError("mbedtls_cipher_reset", ret);
      return false;
    }
    // The generic layer takes ECB input one block per call (cipher.c).
    step_ = mode == MBEDTLS_MODE_ECB ? mbedtls_cipher_get_block_size(&ctx_) : 0;
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    const size_t step = step_ == 0 ? len : step_;
    for (size_t done = 0; done < len; done += step) {
      const size_t chunk = std::min(step, len - done);
      size_t out_len = 0;
      if (int ret = mbedtls_cipher_update(&ctx_, in + done, chunk, out + done, &out_len);
          ret != 0) {
        *error = MbedError("mbedtls_cipher_update", ret);
        return false;
      }
      if (out_len != chunk) {
        *error = "mbedtls_cipher_update returned " + std::to_string(out_len) + " of " +
                 std::to_string(chunk) + " bytes";
        return false;
      }
    }
    return true;
  }

  bool Finish(std::string* error) override {
    uint8_t tail[MBEDTLS_MAX_BLOCK_LENGTH];
    size_t tail_len = 0;
    if (int ret = mbedtls_cipher_finish(&ctx_, tail, &tail_len); ret != 0) {
      *error = MbedError("mbedtls_cipher_finish", ret);
      return false;
    }
    if (tail_len != 0) {
      *error = "mbedtls_cipher_finish returned " + std::to_string(tail_len) + " unexpected bytes";
      return false;
    }
    return true;
  }

 private:
  mbedtls_cipher_context_t ctx_;
  size_t step_ = 0;  // bytes per update call; 0: the whole input
};

// ChaCha20 through its own API: the generic layer always starts at block counter 0, but the
// 16-byte IV (OpenSSL's form, which the KAT vectors use) carries a counter.
class ChaCha20Cipher : public SplitIvChaCha20 {
 public:
  ChaCha20Cipher() { mbedtls_chacha20_init(&ctx_); }
  ~ChaCha20Cipher() override { mbedtls_chacha20_free(&ctx_); }
  ChaCha20Cipher(const ChaCha20Cipher&) = delete;
  ChaCha20Cipher& operator=(const ChaCha20Cipher&) = delete;

  bool Start(std::span<const uint8_t> key, const ChaCha20CounterNonce& start,
             std::string* error) override {
    if (int ret = mbedtls_chacha20_setkey(&ctx_, key.data()); ret != 0) {
      *error = MbedError("mbedtls_chacha20_setkey", ret);
      return false;
    }
    if (int ret = mbedtls_chacha20_starts(&ctx_, start.nonce.data(), start.counter); ret != 0) {
      *error = MbedError("mbedtls_chacha20_starts", ret);
      return false;
    }
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    if (int ret = mbedtls_chacha20_update(&ctx_, len, in, out); ret != 0) {
      *error = MbedError("mbedtls_chacha20_update", ret);
      return false;
    }
    return true;
  }

  bool Finish(std::string*) override { return true; }

 private:
  mbedtls_chacha20_context ctx_;
};

std::unique_ptr<KeyedCipher> NewKeyedCipher(const AlgorithmInfo& alg, bool decrypt,
                                            std::span<const uint8_t> key,
                                            std::span<const uint8_t> iv, std::string* error) {
  if (IsChaCha20(alg)) {
    auto cipher = std::make_unique<ChaCha20Cipher>();
    return cipher->Init(key, iv, error) ? std::move(cipher) : nullptr;
  }
  const mbedtls_cipher_info_t* info = CipherInfoFor(alg);
  if (info == nullptr || alg.kind != AlgorithmKind::kCipher) {
    *error = "Mbed TLS has no cipher " + std::string(alg.name);
    return nullptr;
  }
  auto cipher = std::make_unique<GenericCipher>();
  return cipher->Init(info, decrypt, key, iv, error) ? std::move(cipher) : nullptr;
}

}  // namespace

bool CipherSupported(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kCipher && (IsChaCha20(alg) || CipherInfoFor(alg) != nullptr);
}

CipherEntries CipherBinding() { return BindKeyedCipher<&NewKeyedCipher, &NoSuchOperation>(); }

std::string AesImplementation(const AlgorithmInfo& alg) {
  if (alg.primitive != AlgorithmPrimitive::kAes) {
    return "";
  }
#if defined(MBEDTLS_AESNI_C) && defined(MBEDTLS_HAVE_X86_64)
  if (mbedtls_aesni_has_support(MBEDTLS_AESNI_AES) == 0) {
    return "software";
  }
  if (alg.mode == AlgorithmMode::kGcm) {
    return mbedtls_aesni_has_support(MBEDTLS_AESNI_CLMUL) != 0 ? "aesni, pclmulqdq GHASH"
                                                               : "aesni, software GHASH";
  }
  return "aesni";
#else
  return "";  // built without the run-time AES-NI probe: Mbed TLS does not tell
#endif
}

}  // namespace cryptobench::backends::mbedtls
