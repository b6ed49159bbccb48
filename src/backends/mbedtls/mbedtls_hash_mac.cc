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
#include "backends/mbedtls/mbedtls_util.h"

namespace cryptobench::backends::mbedtls {
namespace {

// Room for any digest or tag here (MBEDTLS_MD_MAX_SIZE is 64: SHA-512).
constexpr size_t kMaxOutputLen = 64;

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

// One keyed MAC; Compute() produces the tag of one message.
class KeyedMac {
 public:
  virtual ~KeyedMac() = default;
  /// Writes tag_len() bytes to `out`.
  virtual bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) = 0;
  virtual size_t tag_len() const = 0;
};

// HMAC: keyed once (mbedtls_md_hmac_starts); mbedtls_md_hmac_reset restarts with that key.
class HmacMac : public KeyedMac {
 public:
  HmacMac() { mbedtls_md_init(&ctx_); }
  ~HmacMac() override { mbedtls_md_free(&ctx_); }
  HmacMac(const HmacMac&) = delete;
  HmacMac& operator=(const HmacMac&) = delete;

  bool Init(const mbedtls_md_info_t* info, std::span<const uint8_t> key, std::string* error) {
    tag_len_ = mbedtls_md_get_size(info);
    if (int ret = mbedtls_md_setup(&ctx_, info, 1); ret != 0) {
      *error = MbedError("mbedtls_md_setup", ret);
      return false;
    }
    if (int ret = mbedtls_md_hmac_starts(&ctx_, NonNullData(key), key.size()); ret != 0) {
      *error = MbedError("mbedtls_md_hmac_starts", ret);
      return false;
    }
    return true;
  }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    if (int ret = mbedtls_md_hmac_reset(&ctx_); ret != 0) {
      *error = MbedError("mbedtls_md_hmac_reset", ret);
      return false;
    }
    if (int ret = mbedtls_md_hmac_update(&ctx_, in, len); ret != 0) {
      *error = MbedError("mbedtls_md_hmac_update", ret);
      return false;
    }
    if (int ret = mbedtls_md_hmac_finish(&ctx_, out); ret != 0) {
      *error = MbedError("mbedtls_md_hmac_finish", ret);
      return false;
    }
    return true;
  }

  size_t tag_len() const override { return tag_len_; }

 private:
  mbedtls_md_context_t ctx_;
  size_t tag_len_ = 0;
};

// CMAC-AES: keyed once (mbedtls_cipher_cmac_starts); mbedtls_cipher_cmac_reset restarts.
class CmacMac : public KeyedMac {
 public:
  CmacMac() { mbedtls_cipher_init(&ctx_); }
  ~CmacMac() override { mbedtls_cipher_free(&ctx_); }
  CmacMac(const CmacMac&) = delete;
  CmacMac& operator=(const CmacMac&) = delete;

  bool Init(std::span<const uint8_t> key, std::string* error) {
    const mbedtls_cipher_info_t* info = mbedtls_cipher_info_from_type(MBEDTLS_CIPHER_AES_128_ECB);
    if (info == nullptr) {
      *error = "Mbed TLS has no AES-128-ECB for CMAC";
      return false;
    }
    if (int ret = mbedtls_cipher_setup(&ctx_, info); ret != 0) {
      *error = MbedError("mbedtls_cipher_setup", ret);
      return false;
    }
    if (int ret = mbedtls_cipher_cmac_starts(&ctx_, NonNullData(key), key.size() * 8); ret != 0) {
      *error = MbedError("mbedtls_cipher_cmac_starts", ret);
      return false;
    }
    return true;
  }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    if (int ret = mbedtls_cipher_cmac_reset(&ctx_); ret != 0) {
      *error = MbedError("mbedtls_cipher_cmac_reset", ret);
      return false;
    }
    if (int ret = mbedtls_cipher_cmac_update(&ctx_, in, len); ret != 0) {
      *error = MbedError("mbedtls_cipher_cmac_update", ret);
      return false;
    }
    if (int ret = mbedtls_cipher_cmac_finish(&ctx_, out); ret != 0) {
      *error = MbedError("mbedtls_cipher_cmac_finish", ret);
      return false;
    }
    return true;
  }

  size_t tag_len() const override { return 16; }

 private:
  mbedtls_cipher_context_t ctx_;
};

// Poly1305 is a one-time MAC: its key goes in with every message, as in the OpenSSL backend.
class Poly1305Mac : public KeyedMac {
 public:
  explicit Poly1305Mac(std::span<const uint8_t> key) : key_(key.begin(), key.end()) {}

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    if (int ret = mbedtls_poly1305_mac(key_.data(), in, len, out); ret != 0) {
      *error = MbedError("mbedtls_poly1305_mac", ret);
      return false;
    }
    return true;
  }

  size_t tag_len() const override { return 16; }

 private:
  Bytes key_;
};

std::unique_ptr<KeyedMac> NewKeyedMac(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                      std::string* error) {
  switch (MacFamilyOf(alg)) {
    case MacFamily::kHmac: {
      const mbedtls_md_info_t* info = MdInfoFor(alg);
      auto mac = std::make_unique<HmacMac>();
      if (info == nullptr) {
        *error = "Mbed TLS has no SHA-256 for HMAC";
        return nullptr;
      }
      return mac->Init(info, key, error) ? std::move(mac) : nullptr;
    }
    case MacFamily::kCmac: {
      if (key.size() != 16) {
        *error = "CMAC-AES-128 needs a 16-byte key, got " + std::to_string(key.size());
        return nullptr;
      }
      auto mac = std::make_unique<CmacMac>();
      return mac->Init(key, error) ? std::move(mac) : nullptr;
    }
    case MacFamily::kPoly1305:
      if (key.size() != 32) {
        *error = "Poly1305 needs a 32-byte key, got " + std::to_string(key.size());
        return nullptr;
      }
      return std::make_unique<Poly1305Mac>(key);
    case MacFamily::kNone:
      break;
  }
  *error = "Mbed TLS backend has no MAC " + std::string(alg.name);
  return nullptr;
}

// Times one digest or one MAC per operation over a fixed message.
class HashMacOperation : public PreparedOperation {
 public:
  // Exactly one of `md` (hash) and `mac` is set.
  HashMacOperation(const mbedtls_md_info_t* md, std::unique_ptr<KeyedMac> mac, AlignedBuffer in)
      : md_(md), mac_(std::move(mac)), in_(std::move(in)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (mac_) {
        if (!mac_->Compute(in_.data(), in_.size(), out_.data(), &error_)) {
          return false;
        }
      } else if (int ret = mbedtls_md(md_, in_.data(), in_.size(), out_.data()); ret != 0) {
        error_ = MbedError("mbedtls_md", ret);
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const {
    return out_.span().first(mac_ ? mac_->tag_len() : mbedtls_md_get_size(md_));
  }

 private:
  const mbedtls_md_info_t* md_;
  std::unique_ptr<KeyedMac> mac_;
  AlignedBuffer in_;
  AlignedBuffer out_{kMaxOutputLen};
};

std::unique_ptr<PreparedOperation> CheckOutput(std::unique_ptr<HashMacOperation> prepared,
                                               const AlgorithmInfo& alg, size_t input_len,
                                               const Bytes& reference, PrepareFailure* failure,
                                               std::string* error) {
  Bytes out(prepared->output().begin(), prepared->output().end());
  CorruptIfTesting(out);
  std::string diff =
      CompareBytes(alg.kind == AlgorithmKind::kHash ? "digest" : "tag", out, reference);
  if (diff.empty() && out.size() != alg.tag_len) {
    diff = "output is " + std::to_string(out.size()) + " bytes, expected " +
           std::to_string(alg.tag_len);
  }
  if (!diff.empty()) {
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + diff, failure,
        error);
  }
  return prepared;
}

}  // namespace

bool HashMacSupported(const AlgorithmInfo& alg) {
  switch (alg.kind) {
    case AlgorithmKind::kHash:
      return MdInfoFor(alg) != nullptr;
    case AlgorithmKind::kMac: {
      std::string ignored;
      return NewKeyedMac(alg, PatternBytes(alg.key_len, kKeySeed), &ignored) != nullptr;
    }
    default:
      return false;
  }
}

std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  const mbedtls_md_info_t* info = MdInfoFor(alg);
  if (info == nullptr || alg.kind != AlgorithmKind::kHash) {
    return "Mbed TLS has no hash " + std::string(alg.name);
  }
  Bytes out(mbedtls_md_get_size(info));
  if (int ret = mbedtls_md(info, NonNullData(message), message.size(), out.data()); ret != 0) {
    return MbedError("mbedtls_md", ret);
  }
  *digest = std::move(out);
  return "";
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

std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error) {
  const mbedtls_md_info_t* info = MdInfoFor(alg);
  if (op != Operation::kHash || info == nullptr || alg.kind != AlgorithmKind::kHash) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         std::string(alg.name) + " has no " + std::string(OperationName(op)) +
                             " operation in Mbed TLS",
                         failure, error);
  }
  const Bytes message = PatternBytes(input_len, kMessageSeed);
  Bytes reference;
  const std::span<const uint8_t> whole(message);
  if (std::string text = StreamingDigest(
          info, {whole.first(input_len / 2), whole.subspan(input_len / 2)}, &reference);
      !text.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, text, failure, error);
  }
  AlignedBuffer in(input_len);
  FillPattern(in.span(), kMessageSeed);
  auto prepared = std::make_unique<HashMacOperation>(info, nullptr, std::move(in));
  if (!prepared->Run(2)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  return CheckOutput(std::move(prepared), alg, input_len, reference, failure, error);
}

std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Operation op,
                                              size_t input_len, PrepareFailure* failure,
                                              std::string* error) {
  if (op != Operation::kMac) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation", failure,
        error);
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
  auto prepared = std::make_unique<HashMacOperation>(nullptr, std::move(mac), std::move(in));
  // Two runs: the second proves the restart with the stored key.
  if (!prepared->Run(2)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  return CheckOutput(std::move(prepared), alg, input_len, reference, failure, error);
}

}  // namespace cryptobench::backends::mbedtls
