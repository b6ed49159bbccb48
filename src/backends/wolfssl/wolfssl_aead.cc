// AEADs of the wolfSSL backend (wolfssl_aead.h).
#include "backends/wolfssl/wolfssl_aead.h"

#include <span>
#include <string>
#include <utility>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/error-crypt.h>

#include "backends/common/aead_adapter.h"
#include "backends/common/buffers.h"
#include "backends/wolfssl/wolfssl_util.h"

namespace cryptobench::backends::wolfssl {
namespace {

// The AEAD adapter's engine (common/aead_adapter.h): GCM and CCM keep an Aes context;
// ChaCha20-Poly1305 keeps the key, which wolfCrypt's one-call API takes with every message.
class KeyedAead {
 public:
  explicit KeyedAead(Mode mode) : mode_(mode) {}
  ~KeyedAead() {
    if (initialised_) {
      wc_AesFree(&aes_);
    }
  }
  KeyedAead(const KeyedAead&) = delete;
  KeyedAead& operator=(const KeyedAead&) = delete;

  bool Init(std::span<const uint8_t> key, std::string* error) {
    if (mode_ == Mode::kChaChaPoly) {
      if (key.size() != CHACHA20_POLY1305_AEAD_KEYSIZE) {
        *error = "ChaCha20-Poly1305 needs a 32-byte key";
        return false;
      }
      key_.assign(key.begin(), key.end());
      return true;
    }
    if (int ret = wc_AesInit(&aes_, nullptr, INVALID_DEVID); ret != 0) {
      *error = WolfError("wc_AesInit", ret);
      return false;
    }
    initialised_ = true;
    const int ret = mode_ == Mode::kGcm
                        ? wc_AesGcmSetKey(&aes_, NonNullData(key), Len32(key.size()))
                        : wc_AesCcmSetKey(&aes_, NonNullData(key), Len32(key.size()));
    if (ret != 0) {
      *error = WolfError(mode_ == Mode::kGcm ? "wc_AesGcmSetKey" : "wc_AesCcmSetKey", ret);
      return false;
    }
    return true;
  }

  // The tag goes right after the ciphertext, at out + len.
  bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, uint8_t* out, size_t tag_len, std::string* error) {
    uint8_t* tag = out + len;
    int ret = 0;
    if (mode_ != Mode::kChaChaPoly) {
      // GCM and CCM: the same parameters.
      auto* encrypt = mode_ == Mode::kGcm ? &wc_AesGcmEncrypt : &wc_AesCcmEncrypt;
      ret = encrypt(&aes_, out, in, Len32(len), nonce.data(), Len32(nonce.size()), tag,
                    Len32(tag_len), NonNullData(aad), Len32(aad.size()));
    } else if (!ChaChaPolySizes(nonce, tag_len, error)) {
      return false;
    } else {
      ret = wc_ChaCha20Poly1305_Encrypt(key_.data(), nonce.data(), NonNullData(aad),
                                        Len32(aad.size()), in, Len32(len), out, tag);
    }
    if (ret != 0) {
      *error = WolfError(SealCall(), ret);
      return false;
    }
    return true;
  }

  // The tag follows the ciphertext, at in + len.
  AeadOpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad,
                      const uint8_t* in, size_t len, size_t tag_len, uint8_t* out,
                      std::string* error) {
    const uint8_t* tag = in + len;
    int ret = 0;
    if (mode_ != Mode::kChaChaPoly) {
      auto* decrypt = mode_ == Mode::kGcm ? &wc_AesGcmDecrypt : &wc_AesCcmDecrypt;
      ret = decrypt(&aes_, out, in, Len32(len), nonce.data(), Len32(nonce.size()), tag,
                    Len32(tag_len), NonNullData(aad), Len32(aad.size()));
    } else if (!ChaChaPolySizes(nonce, tag_len, error)) {
      return AeadOpenResult::kError;
    } else {
      ret = wc_ChaCha20Poly1305_Decrypt(key_.data(), nonce.data(), NonNullData(aad),
                                        Len32(aad.size()), in, Len32(len), tag, out);
    }
    if (ret == 0) {
      return AeadOpenResult::kAccepted;
    }
    *error = WolfError(OpenCall(), ret);
    return ret == AES_GCM_AUTH_E || ret == AES_CCM_AUTH_E || ret == MAC_CMP_FAILED_E
               ? AeadOpenResult::kRejected
               : AeadOpenResult::kError;
  }

 private:
  // wolfCrypt's ChaCha20-Poly1305 takes only 12-byte nonces and 16-byte tags (RFC 8439 2.8);
  // false with *error set for any other size.
  static bool ChaChaPolySizes(std::span<const uint8_t> nonce, size_t tag_len, std::string* error) {
    if (nonce.size() != CHACHA20_POLY1305_AEAD_IV_SIZE ||
        tag_len != CHACHA20_POLY1305_AEAD_AUTHTAG_SIZE) {
      *error = "ChaCha20-Poly1305 needs a 12-byte nonce and a 16-byte tag";
      return false;
    }
    return true;
  }

  const char* SealCall() const {
    return mode_ == Mode::kGcm   ? "wc_AesGcmEncrypt"
           : mode_ == Mode::kCcm ? "wc_AesCcmEncrypt"
                                 : "wc_ChaCha20Poly1305_Encrypt";
  }
  const char* OpenCall() const {
    return mode_ == Mode::kGcm   ? "wc_AesGcmDecrypt"
           : mode_ == Mode::kCcm ? "wc_AesCcmDecrypt"
                                 : "wc_ChaCha20Poly1305_Decrypt";
  }

  Mode mode_;
  Aes aes_;
  bool initialised_ = false;
  Bytes key_;
};

// The binding: catalogue entry -> wolfCrypt's mode (ModeOf, wolfssl_util.h), if compiled in.
std::unique_ptr<KeyedAead> NewKeyedAead(const AlgorithmInfo& alg, bool /*decrypt*/,
                                        std::span<const uint8_t> key,
                                        std::span<const uint8_t> /*nonce*/, size_t /*tag_len*/,
                                        std::string* error) {
  const Mode mode = ModeOf(alg);
  if (alg.kind != AlgorithmKind::kAead || !Compiled(mode)) {
    *error = "wolfSSL has no AEAD " + std::string(alg.name);
    return nullptr;
  }
  auto aead = std::make_unique<KeyedAead>(mode);
  return aead->Init(key, error) ? std::move(aead) : nullptr;
}

}  // namespace

bool AeadSupported(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kAead && Compiled(ModeOf(alg));
}

AeadEntries AeadBinding() { return BindAead<KeyedAead, &NewKeyedAead, &NoSuchOperation>(); }

}  // namespace cryptobench::backends::wolfssl
