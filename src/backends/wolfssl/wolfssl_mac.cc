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
#include "backends/wolfssl/wolfssl_util.h"

namespace cryptobench::backends::wolfssl {
namespace {

// Room for any tag here (HMAC-SHA256: 32 bytes).
constexpr size_t kMaxTagLen = 32;

// One keyed MAC; Compute() produces the tag of one message.
class KeyedMac {
 public:
  virtual ~KeyedMac() = default;
  /// Writes tag_len() bytes to `out`.
  virtual bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) = 0;
  virtual size_t tag_len() const = 0;
};

// HMAC-SHA256: keyed once; wc_HmacFinal leaves the key for the next message.
class HmacMac : public KeyedMac {
 public:
  ~HmacMac() override {
    if (initialised_) {
      wc_HmacFree(&hmac_);
    }
  }

  bool Init(std::span<const uint8_t> key, std::string* error) {
    if (int ret = wc_HmacInit(&hmac_, nullptr, INVALID_DEVID); ret != 0) {
      *error = WolfError("wc_HmacInit", ret);
      return false;
    }
    initialised_ = true;
    if (int ret = wc_HmacSetKey(&hmac_, WC_SHA256, NonNullData(key), Len32(key.size())); ret != 0) {
      *error = WolfError("wc_HmacSetKey", ret);
      return false;
    }
    return true;
  }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
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

  size_t tag_len() const override { return WC_SHA256_DIGEST_SIZE; }

 private:
  Hmac hmac_;
  bool initialised_ = false;
};

// CMAC-AES: wc_CmacFinal wipes its context and wolfCrypt 5.5 has no restart with a kept key, so
// each message starts from a copy of the keyed state (Cmac is a plain C struct: AES key
// schedule, subkeys, running block), the counterpart of OpenSSL's CMAC_Init with a null key.
class CmacMac : public KeyedMac {
 public:
  ~CmacMac() override {
    if (initialised_) {
      wc_AesFree(&keyed_.aes);
    }
  }

  bool Init(std::span<const uint8_t> key, std::string* error) {
    if (int ret = wc_InitCmac(&keyed_, NonNullData(key), Len32(key.size()), WC_CMAC_AES, nullptr);
        ret != 0) {
      *error = WolfError("wc_InitCmac", ret);
      return false;
    }
    initialised_ = true;
    return true;
  }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    working_ = keyed_;
    if (int ret = wc_CmacUpdate(&working_, in, Len32(len)); ret != 0) {
      *error = WolfError("wc_CmacUpdate", ret);
      return false;
    }
    word32 out_len = AES_BLOCK_SIZE;
    if (int ret = wc_CmacFinal(&working_, out, &out_len); ret != 0) {
      *error = WolfError("wc_CmacFinal", ret);
      return false;
    }
    return true;
  }

  size_t tag_len() const override { return AES_BLOCK_SIZE; }

 private:
  Cmac keyed_;
  Cmac working_;
  bool initialised_ = false;
};

// Poly1305 is a one-time MAC: its key goes in with every message, as in the OpenSSL backend.
class Poly1305Mac : public KeyedMac {
 public:
  explicit Poly1305Mac(std::span<const uint8_t> key) : key_(key.begin(), key.end()) {}

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
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

  size_t tag_len() const override { return 16; }

 private:
  Bytes key_;
  Poly1305 poly_;
};

std::unique_ptr<KeyedMac> NewKeyedMac(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                      std::string* error) {
  if (alg.kind == AlgorithmKind::kMac) {
    if (alg.name == "HMAC-SHA256") {
      auto mac = std::make_unique<HmacMac>();
      return mac->Init(key, error) ? std::move(mac) : nullptr;
    }
#ifdef WOLFSSL_CMAC
    if (alg.name == "CMAC-AES-128") {
      if (key.size() != 16) {
        *error = "CMAC-AES-128 needs a 16-byte key, got " + std::to_string(key.size());
        return nullptr;
      }
      auto mac = std::make_unique<CmacMac>();
      return mac->Init(key, error) ? std::move(mac) : nullptr;
    }
#endif
#ifdef HAVE_POLY1305
    if (alg.name == "Poly1305") {
      if (key.size() != 32) {
        *error = "Poly1305 needs a 32-byte key, got " + std::to_string(key.size());
        return nullptr;
      }
      return std::make_unique<Poly1305Mac>(key);
    }
#endif
  }
  *error = "wolfSSL backend has no MAC " + std::string(alg.name);
  return nullptr;
}

// Times one MAC per operation over a fixed message.
class MacOperation : public PreparedOperation {
 public:
  MacOperation(std::unique_ptr<KeyedMac> mac, AlignedBuffer in)
      : mac_(std::move(mac)), in_(std::move(in)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (!mac_->Compute(in_.data(), in_.size(), out_.data(), &error_)) {
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span().first(mac_->tag_len()); }

 private:
  std::unique_ptr<KeyedMac> mac_;
  AlignedBuffer in_;
  AlignedBuffer out_{kMaxTagLen};
};

}  // namespace

bool MacSupported(const AlgorithmInfo& alg) {
  std::string ignored;
  return alg.kind == AlgorithmKind::kMac &&
         NewKeyedMac(alg, PatternBytes(alg.key_len, kKeySeed), &ignored) != nullptr;
}

std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag) {
  std::string error;
  std::unique_ptr<KeyedMac> mac = NewKeyedMac(alg, key, &error);
  if (!mac) {
    return error;
  }
  Bytes out(mac->tag_len());
  if (!mac->Compute(NonNullData(message), message.size(), out.data(), &error)) {
    return error;
  }
  *tag = std::move(out);
  return "";
}

std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Operation op,
                                              size_t input_len, PrepareFailure* failure,
                                              std::string* error) {
  if (op != Operation::kMac) {
    return NoSuchOperation(alg, op, failure, error);
  }
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes message = PatternBytes(input_len, kMessageSeed);
  Bytes reference;
  if (std::string text = MacOneShot(alg, key, message, &reference); !text.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, text, failure, error);
  }
  std::string text;
  std::unique_ptr<KeyedMac> mac = NewKeyedMac(alg, key, &text);
  if (!mac) {
    return PrepareFailed(PrepareFailure::kLibraryError, text, failure, error);
  }
  AlignedBuffer in(input_len);
  FillPattern(in.span(), kMessageSeed);
  auto prepared = std::make_unique<MacOperation>(std::move(mac), std::move(in));
  // Two runs: the second proves the restart with the stored key.
  if (!prepared->Run(2)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  const Bytes out(prepared->output().begin(), prepared->output().end());
  if (std::string diff = CompareDigest(alg, out, reference); !diff.empty()) {
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + diff, failure,
        error);
  }
  return prepared;
}

}  // namespace cryptobench::backends::wolfssl
