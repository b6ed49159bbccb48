// Hashes and MACs of the Mbed TLS backend (mbedtls_hash_mac.h).
#include "backends/mbedtls/mbedtls_hash_mac.h"

#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <mbedtls/cipher.h>
#include <mbedtls/cmac.h>
#include <mbedtls/md.h>
#include <mbedtls/poly1305.h>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/mbedtls/mbedtls_util.h"

namespace cryptobench::backends::mbedtls {
namespace {

struct MdType {
  std::string_view name;
  mbedtls_md_type_t type;
};

// Hashes, and the hash inside each HMAC.
constexpr MdType kMdTypes[] = {
    {"MD5", MBEDTLS_MD_MD5},
    {"SHA-1", MBEDTLS_MD_SHA1},
    {"SHA-224", MBEDTLS_MD_SHA224},
    {"SHA-256", MBEDTLS_MD_SHA256},
    {"SHA-384", MBEDTLS_MD_SHA384},
    {"SHA-512", MBEDTLS_MD_SHA512},
    {"HMAC-SHA256", MBEDTLS_MD_SHA256},
};

const mbedtls_md_info_t* MdInfoFor(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kHash && alg.kind != AlgorithmKind::kMac) {
    return nullptr;
  }
  for (const MdType& entry : kMdTypes) {
    if (entry.name == alg.name) {
      return mbedtls_md_info_from_type(entry.type);
    }
  }
  return nullptr;
}

// Hashes `pieces` in order with a streaming context (the cross-check of mbedtls_md).
std::string StreamingDigest(const mbedtls_md_info_t* info,
                            std::initializer_list<std::span<const uint8_t>> pieces, Bytes* out) {
  mbedtls_md_context_t ctx;
  mbedtls_md_init(&ctx);
  std::string error;
  int ret = mbedtls_md_setup(&ctx, info, 0);
  if (ret != 0) {
    error = MbedError("mbedtls_md_setup", ret);
  } else if (ret = mbedtls_md_starts(&ctx); ret != 0) {
    error = MbedError("mbedtls_md_starts", ret);
  }
  for (std::span<const uint8_t> piece : pieces) {
    if (error.empty()) {
      if (ret = mbedtls_md_update(&ctx, NonNullData(piece), piece.size()); ret != 0) {
        error = MbedError("mbedtls_md_update", ret);
      }
    }
  }
  out->assign(mbedtls_md_get_size(info), 0);
  if (error.empty()) {
    if (ret = mbedtls_md_finish(&ctx, out->data()); ret != 0) {
      error = MbedError("mbedtls_md_finish", ret);
    }
  }
  mbedtls_md_free(&ctx);
  return error;
}

// The reference of the hash prepare step: a streaming context fed the message in two pieces.
std::string HashInTwoPieces(const AlgorithmInfo& alg, const Bytes& message, Bytes* out) {
  const mbedtls_md_info_t* info = MdInfoFor(alg);
  if (info == nullptr) {
    return std::string(kNotOffered);
  }
  const std::span<const uint8_t> whole(message);
  return StreamingDigest(info, {whole.first(message.size() / 2), whole.subspan(message.size() / 2)},
                         out);
}

enum class MacFamily { kNone, kHmac, kCmac, kPoly1305 };

MacFamily MacFamilyOf(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kMac) {
    return MacFamily::kNone;
  }
  if (alg.name == "HMAC-SHA256") {
    return MacFamily::kHmac;
  }
  if (alg.name == "CMAC-AES-128") {
    return MacFamily::kCmac;
  }
  if (alg.name == "Poly1305") {
    return MacFamily::kPoly1305;
  }
  return MacFamily::kNone;
}

// A hash engine (hash_mac_adapter.h): one mbedtls_md call per message.
class HashEngine {
 public:
  explicit HashEngine(const mbedtls_md_info_t* info) : info_(info) {}

  size_t output_len() const { return mbedtls_md_get_size(info_); }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    if (int ret = mbedtls_md(info_, in, len, out); ret != 0) {
      *error = MbedError("mbedtls_md", ret);
      return false;
    }
    return true;
  }

 private:
  const mbedtls_md_info_t* info_;
};

std::unique_ptr<HashEngine> NewHashEngine(const AlgorithmInfo& alg,
                                          std::span<const uint8_t> /*key*/, std::string* error) {
  const mbedtls_md_info_t* info = MdInfoFor(alg);
  if (info == nullptr || alg.kind != AlgorithmKind::kHash) {
    *error = "Mbed TLS has no hash " + std::string(alg.name);
    return nullptr;
  }
  return std::make_unique<HashEngine>(info);
}

// A MAC engine (hash_mac_adapter.h). HMAC is keyed once (mbedtls_md_hmac_starts) and
// mbedtls_md_hmac_reset restarts it with that key; CMAC-AES likewise (mbedtls_cipher_cmac_starts,
// mbedtls_cipher_cmac_reset); Poly1305 is a one-time MAC, its key going in with every message, as
// in the OpenSSL backend.
class MacEngine {
 public:
  explicit MacEngine(MacFamily family) : family_(family) {
    mbedtls_md_init(&md_);
    mbedtls_cipher_init(&cipher_);
  }
  ~MacEngine() {
    mbedtls_md_free(&md_);
    mbedtls_cipher_free(&cipher_);
  }
  MacEngine(const MacEngine&) = delete;
  MacEngine& operator=(const MacEngine&) = delete;

  bool InitHmac(const mbedtls_md_info_t* info, std::span<const uint8_t> key, std::string* error) {
    tag_len_ = mbedtls_md_get_size(info);
    if (int ret = mbedtls_md_setup(&md_, info, 1); ret != 0) {
      *error = MbedError("mbedtls_md_setup", ret);
      return false;
    }
    if (int ret = mbedtls_md_hmac_starts(&md_, NonNullData(key), key.size()); ret != 0) {
      *error = MbedError("mbedtls_md_hmac_starts", ret);
      return false;
    }
    return true;
  }

  bool InitCmac(std::span<const uint8_t> key, std::string* error) {
    const mbedtls_cipher_info_t* info = mbedtls_cipher_info_from_type(MBEDTLS_CIPHER_AES_128_ECB);
    if (info == nullptr) {
      *error = "Mbed TLS has no AES-128-ECB for CMAC";
      return false;
    }
    if (int ret = mbedtls_cipher_setup(&cipher_, info); ret != 0) {
      *error = MbedError("mbedtls_cipher_setup", ret);
      return false;
    }
    if (int ret = mbedtls_cipher_cmac_starts(&cipher_, NonNullData(key), key.size() * 8);
        ret != 0) {
      *error = MbedError("mbedtls_cipher_cmac_starts", ret);
      return false;
    }
    return true;
  }

  void InitPoly1305(std::span<const uint8_t> key) { key_.assign(key.begin(), key.end()); }

  size_t output_len() const { return tag_len_; }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    switch (family_) {
      case MacFamily::kHmac:
        return ComputeHmac(in, len, out, error);
      case MacFamily::kCmac:
        return ComputeCmac(in, len, out, error);
      case MacFamily::kPoly1305:
        if (int ret = mbedtls_poly1305_mac(key_.data(), in, len, out); ret != 0) {
          *error = MbedError("mbedtls_poly1305_mac", ret);
          return false;
        }
        return true;
      case MacFamily::kNone:
        break;
    }
    return false;
  }

 private:
  bool ComputeHmac(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    if (int ret = mbedtls_md_hmac_reset(&md_); ret != 0) {
      *error = MbedError("mbedtls_md_hmac_reset", ret);
      return false;
    }
    if (int ret = mbedtls_md_hmac_update(&md_, in, len); ret != 0) {
      *error = MbedError("mbedtls_md_hmac_update", ret);
      return false;
    }
    if (int ret = mbedtls_md_hmac_finish(&md_, out); ret != 0) {
      *error = MbedError("mbedtls_md_hmac_finish", ret);
      return false;
    }
    return true;
  }

  bool ComputeCmac(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    if (int ret = mbedtls_cipher_cmac_reset(&cipher_); ret != 0) {
      *error = MbedError("mbedtls_cipher_cmac_reset", ret);
      return false;
    }
    if (int ret = mbedtls_cipher_cmac_update(&cipher_, in, len); ret != 0) {
      *error = MbedError("mbedtls_cipher_cmac_update", ret);
      return false;
    }
    if (int ret = mbedtls_cipher_cmac_finish(&cipher_, out); ret != 0) {
      *error = MbedError("mbedtls_cipher_cmac_finish", ret);
      return false;
    }
    return true;
  }

  MacFamily family_;
  size_t tag_len_ = 16;  // CMAC-AES and Poly1305; HMAC sets its hash's size
  mbedtls_md_context_t md_;
  mbedtls_cipher_context_t cipher_;
  Bytes key_;  // Poly1305's one-time key
};

std::unique_ptr<MacEngine> NewMacEngine(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                        std::string* error) {
  const MacFamily family = MacFamilyOf(alg);
  auto mac = std::make_unique<MacEngine>(family);
  switch (family) {
    case MacFamily::kHmac: {
      const mbedtls_md_info_t* info = MdInfoFor(alg);
      if (info == nullptr) {
        *error = "Mbed TLS has no SHA-256 for HMAC";
        return nullptr;
      }
      return mac->InitHmac(info, key, error) ? std::move(mac) : nullptr;
    }
    case MacFamily::kCmac:
      if (key.size() != 16) {
        *error = "CMAC-AES-128 needs a 16-byte key, got " + std::to_string(key.size());
        return nullptr;
      }
      return mac->InitCmac(key, error) ? std::move(mac) : nullptr;
    case MacFamily::kPoly1305:
      if (key.size() != 32) {
        *error = "Poly1305 needs a 32-byte key, got " + std::to_string(key.size());
        return nullptr;
      }
      mac->InitPoly1305(key);
      return mac;
    case MacFamily::kNone:
      break;
  }
  *error = "Mbed TLS backend has no MAC " + std::string(alg.name);
  return nullptr;
}

}  // namespace

bool HashMacSupported(const AlgorithmInfo& alg) {
  switch (alg.kind) {
    case AlgorithmKind::kHash:
      return MdInfoFor(alg) != nullptr;
    case AlgorithmKind::kMac: {
      std::string ignored;
      return NewMacEngine(alg, PatternBytes(alg.key_len, kKeySeed), &ignored) != nullptr;
    }
    default:
      return false;
  }
}

HashMacEntries HashBinding() {
  return BindHash<HashEngine, &NewHashEngine, &HashInTwoPieces, &NoSuchOperation>();
}

HashMacEntries MacBinding() { return BindMac<MacEngine, &NewMacEngine, &NoSuchOperation>(); }

}  // namespace cryptobench::backends::mbedtls
