// AEADs of the Mbed TLS backend (mbedtls_aead.h).
#include "backends/mbedtls/mbedtls_aead.h"

#include <span>
#include <string>
#include <utility>

#include <mbedtls/cipher.h>

#include "backends/common/aead_adapter.h"
#include "backends/common/buffers.h"
#include "backends/mbedtls/mbedtls_util.h"

namespace cryptobench::backends::mbedtls {
namespace {

// The AEAD adapter's engine (common/aead_adapter.h): one keyed context of Mbed TLS's generic
// cipher layer (GCM, CCM, ChaCha20-Poly1305), which writes the tag after the ciphertext.
class KeyedAead {
 public:
  KeyedAead() { mbedtls_cipher_init(&ctx_); }
  ~KeyedAead() { mbedtls_cipher_free(&ctx_); }
  KeyedAead(const KeyedAead&) = delete;
  KeyedAead& operator=(const KeyedAead&) = delete;

  bool Init(const AlgorithmInfo& alg, bool decrypt, std::span<const uint8_t> key,
            std::string* error) {
    const mbedtls_cipher_info_t* info = CipherInfoFor(alg);
    if (info == nullptr || alg.kind != AlgorithmKind::kAead) {
      *error = "Mbed TLS has no AEAD " + std::string(alg.name);
      return false;
    }
    if (*error = SetupCipher(&ctx_, info, decrypt, key); !error->empty()) {
      return false;
    }
    return true;
  }

  bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, uint8_t* out, size_t tag_len, std::string* error) {
    size_t out_len = 0;
    if (int ret = mbedtls_cipher_auth_encrypt_ext(&ctx_, nonce.data(), nonce.size(),
                                                  NonNullData(aad), aad.size(), in, len, out,
                                                  len + tag_len, &out_len, tag_len);
        ret != 0) {
      *error = MbedError("mbedtls_cipher_auth_encrypt_ext", ret);
      return false;
    }
    return SealWroteAll("mbedtls_cipher_auth_encrypt_ext", out_len, len + tag_len, error);
  }

  AeadOpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad,
                      const uint8_t* in, size_t len, size_t tag_len, uint8_t* out,
                      std::string* error) {
    size_t out_len = 0;
    const int ret = mbedtls_cipher_auth_decrypt_ext(&ctx_, nonce.data(), nonce.size(),
                                                    NonNullData(aad), aad.size(), in, len + tag_len,
                                                    out, len + 1, &out_len, tag_len);
    if (ret == 0) {
      return AeadOpenResult::kAccepted;
    }
    *error = MbedError("mbedtls_cipher_auth_decrypt_ext", ret);
    return ret == MBEDTLS_ERR_CIPHER_AUTH_FAILED ? AeadOpenResult::kRejected
                                                 : AeadOpenResult::kError;
  }

 private:
  mbedtls_cipher_context_t ctx_;
};

// The binding: catalogue entry -> a keyed Mbed TLS context (CipherInfoFor, mbedtls_util.h).
std::unique_ptr<KeyedAead> NewKeyedAead(const AlgorithmInfo& alg, bool decrypt,
                                        std::span<const uint8_t> key,
                                        std::span<const uint8_t> /*nonce*/, size_t /*tag_len*/,
                                        std::string* error) {
  auto aead = std::make_unique<KeyedAead>();
  return aead->Init(alg, decrypt, key, error) ? std::move(aead) : nullptr;
}

}  // namespace

bool AeadSupported(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kAead && CipherInfoFor(alg) != nullptr;
}

AeadEntries AeadBinding() { return BindAead<KeyedAead, &NewKeyedAead, &NoSuchOperation>(); }

}  // namespace cryptobench::backends::mbedtls
