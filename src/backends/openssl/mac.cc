// Message authentication codes through EVP_MAC (3.x) or HMAC_* / CMAC_* (1.1.1).
#include "backends/openssl/mac.h"

#include <climits>
#include <cstring>
#include <span>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/common/libcrypto_mac.h"
#include "backends/common/timing_inputs.h"

namespace cryptobench::backends::openssl {
namespace {

enum class MacFamily { kNone, kHmac, kCmac, kPoly1305 };

MacFamily MacFamilyOf(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kMac) {
    return MacFamily::kNone;
  }
  if (alg.mode == AlgorithmMode::kHmac) {
    return MacFamily::kHmac;
  }
  if (alg.mode == AlgorithmMode::kCmac) {
    return MacFamily::kCmac;
  }
  if (alg.primitive == AlgorithmPrimitive::kPoly1305) {
    return MacFamily::kPoly1305;
  }
  return MacFamily::kNone;
}

// 3.x EVP_MAC. EVP_MAC_init with a null key restarts with the key already set (HMAC and CMAC
// providers, providers/implementations/macs/*.c); Poly1305 gets its one-time key every time.
class EvpMacContext : public LibcryptoMac {
 public:
  EvpMacContext(LibcryptoPtr lib, Owned<EVP_MAC> mac, Owned<EVP_MAC_CTX> ctx,
                std::vector<uint8_t> key, bool rekey_each_message)
      : lib_(std::move(lib)),
        mac_(std::move(mac)),
        ctx_(std::move(ctx)),
        key_(std::move(key)),
        rekey_(rekey_each_message) {}

  bool Compute(const uint8_t* in, size_t in_len, uint8_t* out, size_t* out_len,
               std::string* error) override {
    const Libcrypto& lib = *lib_;
    const int ok = rekey_ ? lib.EVP_MAC_init(ctx_.get(), key_.data(), key_.size(), nullptr)
                          : lib.EVP_MAC_init(ctx_.get(), nullptr, 0, nullptr);
    if (ok != 1) {
      *error = LibError(lib, "EVP_MAC_init");
      return false;
    }
    if (lib.EVP_MAC_update(ctx_.get(), in, in_len) != 1) {
      *error = LibError(lib, "EVP_MAC_update");
      return false;
    }
    if (lib.EVP_MAC_final(ctx_.get(), out, out_len, kLibcryptoMaxTagLen) != 1) {
      *error = LibError(lib, "EVP_MAC_final");
      return false;
    }
    return true;
  }

 private:
  LibcryptoPtr lib_;
  Owned<EVP_MAC> mac_;
  Owned<EVP_MAC_CTX> ctx_;
  std::vector<uint8_t> key_;
  bool rekey_;
};

// 1.1.1 CMAC_CTX: CMAC_Init with all-null arguments restarts with the same key.
class LegacyCmacContext : public LibcryptoMac {
 public:
  LegacyCmacContext(LibcryptoPtr lib, Owned<EVP_CIPHER> cipher, Owned<CMAC_CTX> ctx)
      : lib_(std::move(lib)), cipher_(std::move(cipher)), ctx_(std::move(ctx)) {}

  bool Compute(const uint8_t* in, size_t in_len, uint8_t* out, size_t* out_len,
               std::string* error) override {
    const Libcrypto& lib = *lib_;
    if (lib.CMAC_Init(ctx_.get(), nullptr, 0, nullptr, nullptr) != 1) {
      *error = LibError(lib, "CMAC_Init");
      return false;
    }
    if (lib.CMAC_Update(ctx_.get(), in, in_len) != 1) {
      *error = LibError(lib, "CMAC_Update");
      return false;
    }
    if (lib.CMAC_Final(ctx_.get(), out, out_len) != 1) {
      *error = LibError(lib, "CMAC_Final");
      return false;
    }
    return true;
  }

 private:
  LibcryptoPtr lib_;
  Owned<EVP_CIPHER> cipher_;
  Owned<CMAC_CTX> ctx_;
};

bool HasEvpMac(const Libcrypto& lib) {
  return lib.EVP_MAC_fetch && lib.EVP_MAC_free && lib.EVP_MAC_CTX_new && lib.EVP_MAC_CTX_free &&
         lib.EVP_MAC_init && lib.EVP_MAC_update && lib.EVP_MAC_final;
}

std::unique_ptr<LibcryptoMac> NewEvpMac(const LibcryptoPtr& lib_ptr, const AlgorithmInfo& alg,
                                        MacFamily family, std::span<const uint8_t> key,
                                        std::string* error) {
  const Libcrypto& lib = *lib_ptr;
  const char* mac_name = family == MacFamily::kHmac   ? "HMAC"
                         : family == MacFamily::kCmac ? "CMAC"
                                                      : "POLY1305";
  Owned<EVP_MAC> mac = Own(lib.EVP_MAC_fetch(nullptr, mac_name, nullptr), lib.EVP_MAC_free);
  if (!mac) {
    *error = LibError(lib, std::string("EVP_MAC_fetch(") + mac_name + ")");
    return nullptr;
  }
  Owned<EVP_MAC_CTX> ctx = Own(lib.EVP_MAC_CTX_new(mac.get()), lib.EVP_MAC_CTX_free);
  if (!ctx) {
    *error = LibError(lib, "EVP_MAC_CTX_new");
    return nullptr;
  }
  // OSSL_MAC_PARAM_DIGEST "digest" / OSSL_MAC_PARAM_CIPHER "cipher" (core_names.h): which hash
  // or block cipher the MAC is built on.
  std::string underlying(alg.openssl_name);
  OsslParam params[2] = {};
  if (family != MacFamily::kPoly1305) {
    params[0] = {family == MacFamily::kHmac ? "digest" : "cipher", kOsslParamUtf8String,
                 underlying.data(), underlying.size(), kOsslParamUnmodified};
  }
  if (lib.EVP_MAC_init(ctx.get(), NonNullData(key), key.size(), params) != 1) {
    *error = LibError(lib, "EVP_MAC_init");
    return nullptr;
  }
  return std::make_unique<EvpMacContext>(lib_ptr, std::move(mac), std::move(ctx),
                                         std::vector<uint8_t>(key.begin(), key.end()),
                                         family == MacFamily::kPoly1305);
}

std::unique_ptr<LibcryptoMac> NewLegacyMac(const LibcryptoPtr& lib_ptr, const AlgorithmInfo& alg,
                                           MacFamily family, std::span<const uint8_t> key,
                                           std::string* error) {
  const Libcrypto& lib = *lib_ptr;
  if (family == MacFamily::kHmac && lib.HMAC_CTX_new && lib.HMAC_CTX_free && lib.HMAC_Init_ex &&
      lib.HMAC_Update && lib.HMAC_Final) {
    Owned<EVP_MD> md = FetchDigest(lib, alg.openssl_name);
    Owned<HMAC_CTX> ctx = Own(lib.HMAC_CTX_new(), lib.HMAC_CTX_free);
    if (!md || !ctx || key.size() > static_cast<size_t>(INT_MAX) ||
        lib.HMAC_Init_ex(ctx.get(), NonNullData(key), static_cast<int>(key.size()), md.get(),
                         nullptr) != 1) {
      *error = LibError(lib, "HMAC_Init_ex");
      return nullptr;
    }
    // 1.1.1: HMAC_Init_ex with all-null arguments restarts with the same key and digest.
    return std::make_unique<LibcryptoHmac<LibcryptoPtr, Owned<HMAC_CTX>>>(
        lib_ptr, std::shared_ptr<const EVP_MD>(md.release(), md.get_deleter()), std::move(ctx));
  }
  if (family == MacFamily::kCmac && lib.CMAC_CTX_new && lib.CMAC_CTX_free && lib.CMAC_Init &&
      lib.CMAC_Update && lib.CMAC_Final) {
    Owned<EVP_CIPHER> cipher = FetchCipher(lib, alg.openssl_name);
    Owned<CMAC_CTX> ctx = Own(lib.CMAC_CTX_new(), lib.CMAC_CTX_free);
    if (!cipher || !ctx ||
        lib.CMAC_Init(ctx.get(), key.data(), key.size(), cipher.get(), nullptr) != 1) {
      *error = LibError(lib, "CMAC_Init");
      return nullptr;
    }
    return std::make_unique<LegacyCmacContext>(lib_ptr, std::move(cipher), std::move(ctx));
  }
  *error = "the library has no API for " + std::string(alg.name) +
           (family == MacFamily::kPoly1305 ? " (Poly1305 needs EVP_MAC, OpenSSL 3.0+)" : "");
  return nullptr;
}

// A keyed MAC context: EVP_MAC where the library has it, else the 1.1.1 calls.
std::unique_ptr<LibcryptoMac> NewMac(const LibcryptoPtr& lib, const AlgorithmInfo& alg,
                                     std::span<const uint8_t> key, std::string* error) {
  const MacFamily family = MacFamilyOf(alg);
  if (family == MacFamily::kNone) {
    *error = std::string(alg.name) + " is not a MAC";
    return nullptr;
  }
  // CMAC reads exactly the cipher's key length; a shorter key would be over-read.
  if (family == MacFamily::kCmac && key.size() != alg.key_len) {
    *error = "key is " + std::to_string(key.size()) + " bytes, " + std::string(alg.name) +
             " needs " + std::to_string(alg.key_len);
    return nullptr;
  }
  return HasEvpMac(*lib) ? NewEvpMac(lib, alg, family, key, error)
                         : NewLegacyMac(lib, alg, family, key, error);
}

}  // namespace

bool MacSupported(const LibcryptoPtr& lib, const AlgorithmInfo& alg) {
  return MacUnsupportedReason(lib, alg).empty();
}

std::string MacUnsupportedReason(const LibcryptoPtr& lib, const AlgorithmInfo& alg) {
  std::string reason;
  const std::vector<uint8_t> key = PatternBytes(alg.key_len, kKeySeed);
  if (NewMac(lib, alg, key, &reason) != nullptr) {
    reason.clear();
  }
  lib->ERR_clear_error();
  return reason;
}

std::unique_ptr<PreparedOperation> PrepareMac(const LibcryptoPtr& lib, const AlgorithmInfo& alg,
                                              Operation op, size_t input_len,
                                              PrepareFailure* failure, std::string* error) {
  return PrepareLibcryptoMac(&NewMac, lib, alg, op, input_len, failure, error, "tag");
}

std::string MacOneShot(const LibcryptoPtr& lib, const AlgorithmInfo& alg,
                       std::span<const uint8_t> key, std::span<const uint8_t> message,
                       std::vector<uint8_t>* tag) {
  std::string error =
      LibcryptoMacOneShot(&NewMac, lib, alg, key, Bytes(message.begin(), message.end()), tag);
  if (!error.empty()) {
    lib->ERR_clear_error();
  }
  return error;
}

}  // namespace cryptobench::backends::openssl
