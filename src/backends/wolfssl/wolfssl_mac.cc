// MACs of the wolfSSL backend (wolfssl_mac.h).
#include "backends/wolfssl/wolfssl_mac.h"

#include <span>
#include <utility>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/cmac.h>
#include <wolfssl/wolfcrypt/hmac.h>
#include <wolfssl/wolfcrypt/poly1305.h>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/wolfssl/wolfssl_util.h"

namespace cryptobench::backends::wolfssl {
namespace {

// The MAC engine (hash_mac_adapter.h). HMAC-SHA256 is keyed once and wc_HmacFinal leaves the
// key for the next message. CMAC-AES: wc_CmacFinal wipes its context and wolfCrypt 5.5 has no
// restart with a kept key, so each message starts from a copy of the keyed state (Cmac is a plain
// C struct: AES key schedule, subkeys, running block), the counterpart of OpenSSL's CMAC_Init
// with a null key. Poly1305 is a one-time MAC: its key goes in with every message, as in the
// OpenSSL backend.
class MacEngine {
 public:
  enum class Family { kHmac, kCmac, kPoly1305 };

  explicit MacEngine(Family family) : family_(family) {}
  ~MacEngine() {
    if (hmac_initialised_) {
      wc_HmacFree(&hmac_);
    }
    if (cmac_initialised_) {
      wc_AesFree(&keyed_cmac_.aes);
    }
  }
  MacEngine(const MacEngine&) = delete;
  MacEngine& operator=(const MacEngine&) = delete;

  bool InitHmac(std::span<const uint8_t> key, std::string* error) {
    if (int ret = wc_HmacInit(&hmac_, nullptr, INVALID_DEVID); ret != 0) {
      *error = WolfError("wc_HmacInit", ret);
      return false;
    }
    hmac_initialised_ = true;
    if (int ret = wc_HmacSetKey(&hmac_, WC_SHA256, NonNullData(key), Len32(key.size())); ret != 0) {
      *error = WolfError("wc_HmacSetKey", ret);
      return false;
    }
    tag_len_ = WC_SHA256_DIGEST_SIZE;
    return true;
  }

  bool InitCmac(std::span<const uint8_t> key, std::string* error) {
    if (int ret =
            wc_InitCmac(&keyed_cmac_, NonNullData(key), Len32(key.size()), WC_CMAC_AES, nullptr);
        ret != 0) {
      *error = WolfError("wc_InitCmac", ret);
      return false;
    }
    cmac_initialised_ = true;
    tag_len_ = AES_BLOCK_SIZE;
    return true;
  }

  void InitPoly1305(std::span<const uint8_t> key) {
    key_.assign(key.begin(), key.end());
    tag_len_ = 16;
  }

  size_t output_len() const { return tag_len_; }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    switch (family_) {
      case Family::kHmac:
        return ComputeHmac(in, len, out, error);
      case Family::kCmac:
        return ComputeCmac(in, len, out, error);
      case Family::kPoly1305:
        return ComputePoly1305(in, len, out, error);
    }
    return false;
  }

 private:
  bool ComputeHmac(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    if (int ret = wc_HmacUpdate(&hmac_, in, Len32(len)); ret != 0) {
      *error = WolfError("wc_HmacUpdate", ret);
      return false;
    }
    if (int ret = wc_HmacFinal(&hmac_, out); ret != 0) {
      *error = WolfError("wc_HmacFinal", ret);
      return false;
    }
    return true;
  }

  bool ComputeCmac(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    working_cmac_ = keyed_cmac_;
    if (int ret = wc_CmacUpdate(&working_cmac_, in, Len32(len)); ret != 0) {
      *error = WolfError("wc_CmacUpdate", ret);
      return false;
    }
    word32 out_len = AES_BLOCK_SIZE;
    if (int ret = wc_CmacFinal(&working_cmac_, out, &out_len); ret != 0) {
      *error = WolfError("wc_CmacFinal", ret);
      return false;
    }
    return true;
  }

  bool ComputePoly1305(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    if (int ret = wc_Poly1305SetKey(&poly_, key_.data(), Len32(key_.size())); ret != 0) {
      *error = WolfError("wc_Poly1305SetKey", ret);
      return false;
    }
    if (int ret = wc_Poly1305Update(&poly_, in, Len32(len)); ret != 0) {
      *error = WolfError("wc_Poly1305Update", ret);
      return false;
    }
    if (int ret = wc_Poly1305Final(&poly_, out); ret != 0) {
      *error = WolfError("wc_Poly1305Final", ret);
      return false;
    }
    return true;
  }

  Family family_;
  size_t tag_len_ = 0;
  Hmac hmac_;
  bool hmac_initialised_ = false;
  Cmac keyed_cmac_;
  Cmac working_cmac_;
  bool cmac_initialised_ = false;
  Poly1305 poly_;
  Bytes key_;  // Poly1305's one-time key
};

std::unique_ptr<MacEngine> NewMacEngine(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                        std::string* error) {
  if (alg.kind == AlgorithmKind::kMac) {
    if (alg.name == "HMAC-SHA256") {
      auto mac = std::make_unique<MacEngine>(MacEngine::Family::kHmac);
      return mac->InitHmac(key, error) ? std::move(mac) : nullptr;
    }
#ifdef WOLFSSL_CMAC
    if (alg.name == "CMAC-AES-128") {
      if (key.size() != 16) {
        *error = "CMAC-AES-128 needs a 16-byte key, got " + std::to_string(key.size());
        return nullptr;
      }
      auto mac = std::make_unique<MacEngine>(MacEngine::Family::kCmac);
      return mac->InitCmac(key, error) ? std::move(mac) : nullptr;
    }
#endif
#ifdef HAVE_POLY1305
    if (alg.name == "Poly1305") {
      if (key.size() != 32) {
        *error = "Poly1305 needs a 32-byte key, got " + std::to_string(key.size());
        return nullptr;
      }
      auto mac = std::make_unique<MacEngine>(MacEngine::Family::kPoly1305);
      mac->InitPoly1305(key);
      return mac;
    }
#endif
  }
  *error = "wolfSSL backend has no MAC " + std::string(alg.name);
  return nullptr;
}

}  // namespace

bool MacSupported(const AlgorithmInfo& alg) {
  std::string ignored;
  return alg.kind == AlgorithmKind::kMac &&
         NewMacEngine(alg, PatternBytes(alg.key_len, kKeySeed), &ignored) != nullptr;
}

HashMacEntries MacBinding() { return BindMac<MacEngine, &NewMacEngine, &NoSuchOperation>(); }

}  // namespace cryptobench::backends::wolfssl
