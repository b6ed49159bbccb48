// Ciphers of the wolfSSL backend (wolfssl_cipher.h).
#include "backends/wolfssl/wolfssl_cipher.h"

#include <cstring>
#include <span>
#include <utility>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha.h>
#include <wolfssl/wolfcrypt/des3.h>

#include "backends/common/buffers.h"
#include "backends/common/keyed_cipher.h"
#include "backends/wolfssl/wolfssl_util.h"

namespace cryptobench::backends::wolfssl {
namespace {

// AES-CBC, AES-CTR and AES-ECB on one Aes context.
class AesCipher : public KeyedCipher {
 public:
  AesCipher(Mode mode, bool decrypt) : mode_(mode), decrypt_(decrypt) {}
  ~AesCipher() override {
    if (initialised_) {
      wc_AesFree(&aes_);
    }
  }
  AesCipher(const AesCipher&) = delete;
  AesCipher& operator=(const AesCipher&) = delete;

  bool Init(std::span<const uint8_t> key, std::span<const uint8_t> iv, std::string* error) {
    if (int ret = wc_AesInit(&aes_, nullptr, INVALID_DEVID); ret != 0) {
      *error = WolfError("wc_AesInit", ret);
      return false;
    }
    initialised_ = true;
    // CTR encrypts its counter blocks in both directions, so it always takes the encryption key.
    const int dir = decrypt_ && mode_ != Mode::kCtr ? AES_DECRYPTION : AES_ENCRYPTION;
    if (int ret = wc_AesSetKey(&aes_, NonNullData(key), Len32(key.size()),
                               iv.empty() ? nullptr : iv.data(), dir);
        ret != 0) {
      *error = WolfError("wc_AesSetKey", ret);
      return false;
    }
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    const uint32_t len32 = Len32(len);
    int ret = 0;
    const char* call = "";
    switch (mode_) {
      case Mode::kCbc:
        call = decrypt_ ? "wc_AesCbcDecrypt" : "wc_AesCbcEncrypt";
        ret = decrypt_ ? wc_AesCbcDecrypt(&aes_, out, in, len32)
                       : wc_AesCbcEncrypt(&aes_, out, in, len32);
        break;
      case Mode::kCtr:
        call = "wc_AesCtrEncrypt";
        ret = wc_AesCtrEncrypt(&aes_, out, in, len32);
        break;
      case Mode::kEcb:
        call = decrypt_ ? "wc_AesEcbDecrypt" : "wc_AesEcbEncrypt";
        ret = decrypt_ ? wc_AesEcbDecrypt(&aes_, out, in, len32)
                       : wc_AesEcbEncrypt(&aes_, out, in, len32);
        break;
      default:
        *error = "not an AES-CBC/CTR/ECB context";
        return false;
    }
    if (ret != 0) {
      *error = WolfError(call, ret);
      return false;
    }
    return true;
  }

 private:
  Mode mode_;
  bool decrypt_;
  Aes aes_;
  bool initialised_ = false;
};

// AES-XTS: the IV is the tweak of every data unit (IEEE 1619), passed with each call.
class XtsCipher : public KeyedCipher {
 public:
  explicit XtsCipher(bool decrypt) : decrypt_(decrypt) {}
  ~XtsCipher() override {
    if (keyed_) {
      wc_AesXtsFree(&xts_);
    }
  }
  XtsCipher(const XtsCipher&) = delete;
  XtsCipher& operator=(const XtsCipher&) = delete;

  bool Init(std::span<const uint8_t> key, std::span<const uint8_t> iv, std::string* error) {
    tweak_.assign(iv.begin(), iv.end());
    if (int ret =
            wc_AesXtsSetKey(&xts_, NonNullData(key), Len32(key.size()),
                            decrypt_ ? AES_DECRYPTION : AES_ENCRYPTION, nullptr, INVALID_DEVID);
        ret != 0) {
      *error = WolfError("wc_AesXtsSetKey", ret);
      return false;
    }
    keyed_ = true;
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    const int ret =
        decrypt_
            ? wc_AesXtsDecrypt(&xts_, out, in, Len32(len), tweak_.data(), Len32(tweak_.size()))
            : wc_AesXtsEncrypt(&xts_, out, in, Len32(len), tweak_.data(), Len32(tweak_.size()));
    if (ret != 0) {
      *error = WolfError(decrypt_ ? "wc_AesXtsDecrypt" : "wc_AesXtsEncrypt", ret);
      return false;
    }
    return true;
  }

 private:
  bool decrypt_;
  XtsAes xts_;
  Bytes tweak_;
  bool keyed_ = false;
};

class Des3Cipher : public KeyedCipher {
 public:
  explicit Des3Cipher(bool decrypt) : decrypt_(decrypt) {}
  ~Des3Cipher() override {
    if (initialised_) {
      wc_Des3Free(&des_);
    }
  }
  Des3Cipher(const Des3Cipher&) = delete;
  Des3Cipher& operator=(const Des3Cipher&) = delete;

  bool Init(std::span<const uint8_t> key, std::span<const uint8_t> iv, std::string* error) {
    if (key.size() != DES3_KEY_SIZE || iv.size() != DES_BLOCK_SIZE) {
      *error = "3DES needs a 24-byte key and an 8-byte IV";
      return false;
    }
    if (int ret = wc_Des3Init(&des_, nullptr, INVALID_DEVID); ret != 0) {
      *error = WolfError("wc_Des3Init", ret);
      return false;
    }
    initialised_ = true;
    if (int ret = wc_Des3_SetKey(&des_, key.data(), iv.data(),
                                 decrypt_ ? DES_DECRYPTION : DES_ENCRYPTION);
        ret != 0) {
      *error = WolfError("wc_Des3_SetKey", ret);
      return false;
    }
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    const int ret = decrypt_ ? wc_Des3_CbcDecrypt(&des_, out, in, Len32(len))
                             : wc_Des3_CbcEncrypt(&des_, out, in, Len32(len));
    if (ret != 0) {
      *error = WolfError(decrypt_ ? "wc_Des3_CbcDecrypt" : "wc_Des3_CbcEncrypt", ret);
      return false;
    }
    return true;
  }

 private:
  bool decrypt_;
  Des3 des_;
  bool initialised_ = false;
};

class ChaCha20Cipher : public SplitIvChaCha20 {
 public:
  bool Start(std::span<const uint8_t> key, const ChaCha20CounterNonce& start,
             std::string* error) override {
    if (int ret = wc_Chacha_SetKey(&ctx_, key.data(), Len32(key.size())); ret != 0) {
      *error = WolfError("wc_Chacha_SetKey", ret);
      return false;
    }
    if (int ret = wc_Chacha_SetIV(&ctx_, start.nonce.data(), start.counter); ret != 0) {
      *error = WolfError("wc_Chacha_SetIV", ret);
      return false;
    }
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    if (int ret = wc_Chacha_Process(&ctx_, out, in, Len32(len)); ret != 0) {
      *error = WolfError("wc_Chacha_Process", ret);
      return false;
    }
    return true;
  }

 private:
  ChaCha ctx_ = {};
};

std::unique_ptr<KeyedCipher> NewKeyedCipher(const AlgorithmInfo& alg, bool decrypt,
                                            std::span<const uint8_t> key,
                                            std::span<const uint8_t> iv, std::string* error) {
  const Mode mode = ModeOf(alg);
  if (!Compiled(mode) || alg.kind != AlgorithmKind::kCipher) {
    *error = "wolfSSL has no cipher " + std::string(alg.name);
    return nullptr;
  }
  auto init = [&](auto cipher) -> std::unique_ptr<KeyedCipher> {
    if (!cipher->Init(key, iv, error)) {
      return nullptr;
    }
    return cipher;
  };
  switch (mode) {
    case Mode::kXts:
      return init(std::make_unique<XtsCipher>(decrypt));
    case Mode::kDes3Cbc:
      return init(std::make_unique<Des3Cipher>(decrypt));
    case Mode::kChaCha20:
      return init(std::make_unique<ChaCha20Cipher>());
    default:
      return init(std::make_unique<AesCipher>(mode, decrypt));
  }
}

}  // namespace

bool CipherSupported(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kCipher && Compiled(ModeOf(alg));
}

CipherEntries CipherBinding() { return BindKeyedCipher<&NewKeyedCipher, &NoSuchOperation>(); }

std::string BuildImplementation(const AlgorithmInfo& alg) {
  if (alg.kind == AlgorithmKind::kSignature || alg.kind == AlgorithmKind::kKeyAgreement) {
    return "";
  }
  if (alg.primitive == AlgorithmPrimitive::kAes) {
#ifdef WOLFSSL_AESNI
    return "aesni (compiled in)";
#else
    return "C";
#endif
  }
#ifdef USE_INTEL_SPEEDUP
  return "";  // AVX1/AVX2 or C, chosen by CPUID at run time and not reported
#else
  return "C";
#endif
}

}  // namespace cryptobench::backends::wolfssl
