// Hashes and MACs of the wolfSSL backend (wolfssl_hash_mac.h).
#include "backends/wolfssl/wolfssl_hash_mac.h"

#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/blake2.h>
#include <wolfssl/wolfcrypt/cmac.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/hmac.h>
#include <wolfssl/wolfcrypt/poly1305.h>

#include "backends/openssl/buffers.h"
#include "backends/wolfssl/wolfssl_util.h"

namespace cryptobench::backends::wolfssl {
namespace {

using openssl::AlignedBuffer;
using openssl::CompareBytes;
using openssl::CorruptIfTesting;
using openssl::FillPattern;
using openssl::NonNullData;
using openssl::PatternBytes;
using openssl::PrepareFailed;

constexpr uint8_t kKeySeed = 1;
constexpr uint8_t kMessageSeed = 3;
// Room for any digest or tag here (SHA-512, BLAKE2b-512: 64 bytes).
constexpr size_t kMaxOutputLen = 64;

struct HashType {
  std::string_view name;
  enum wc_HashType type;
};

// Hashes through the generic wc_Hash* calls (wolfCrypt's BLAKE2b is not among them).
constexpr HashType kHashTypes[] = {
    {"MD5", WC_HASH_TYPE_MD5},           {"SHA-1", WC_HASH_TYPE_SHA},
    {"SHA-224", WC_HASH_TYPE_SHA224},    {"SHA-256", WC_HASH_TYPE_SHA256},
    {"SHA-384", WC_HASH_TYPE_SHA384},    {"SHA-512", WC_HASH_TYPE_SHA512},
    {"SHA3-256", WC_HASH_TYPE_SHA3_256},
};

bool IsBlake2b512(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kHash && alg.name == "BLAKE2b-512";
}

// The generic hash type of `alg`; WC_HASH_TYPE_NONE if none (or not in this build).
enum wc_HashType HashTypeOf(const AlgorithmInfo& alg) {
  if (alg.kind == AlgorithmKind::kHash) {
    for (const HashType& entry : kHashTypes) {
      if (entry.name == alg.name && wc_HashGetDigestSize(entry.type) > 0) {
        return entry.type;
      }
    }
  }
  return WC_HASH_TYPE_NONE;
}

// One hash context; Digest() hashes one message and leaves the context ready for the next.
class HashContext {
 public:
  explicit HashContext(const AlgorithmInfo& alg) : type_(HashTypeOf(alg)) {}
  ~HashContext() {
    if (initialised_) {
      wc_HashFree(&hash_, type_);
    }
  }
  HashContext(const HashContext&) = delete;
  HashContext& operator=(const HashContext&) = delete;

  bool Init(const AlgorithmInfo& alg, std::string* error) {
    if (blake2b_) {
      return true;
    }
    if (type_ == WC_HASH_TYPE_NONE) {
      *error = "wolfSSL has no hash " + std::string(alg.name);
      return false;
    }
    if (int ret = wc_HashInit(&hash_, type_); ret != 0) {
      *error = WolfError("wc_HashInit", ret);
      return false;
    }
    initialised_ = true;
    return true;
  }

  size_t digest_len() const {
    return blake2b_ ? 64 : static_cast<size_t>(wc_HashGetDigestSize(type_));
  }

  // Hashes `pieces` in order into `out` (digest_len() bytes).
  bool Digest(std::initializer_list<std::span<const uint8_t>> pieces, uint8_t* out,
              std::string* error) {
    if (blake2b_) {
      if (int ret = wc_InitBlake2b(&blake2b_state_, 64); ret != 0) {
        *error = WolfError("wc_InitBlake2b", ret);
        return false;
      }
      for (std::span<const uint8_t> piece : pieces) {
        if (int ret = wc_Blake2bUpdate(&blake2b_state_, NonNullData(piece), Len32(piece.size()));
            ret != 0) {
          *error = WolfError("wc_Blake2bUpdate", ret);
          return false;
        }
      }
      if (int ret = wc_Blake2bFinal(&blake2b_state_, out, 64); ret != 0) {
        *error = WolfError("wc_Blake2bFinal", ret);
        return false;
      }
      return true;
    }
    for (std::span<const uint8_t> piece : pieces) {
      if (int ret = wc_HashUpdate(&hash_, type_, NonNullData(piece), Len32(piece.size()));
          ret != 0) {
        *error = WolfError("wc_HashUpdate", ret);
        return false;
      }
    }
    // wc_HashFinal also re-initialises the context (wolfCrypt's SHA-1/2/3 and MD5 Final).
    if (int ret = wc_HashFinal(&hash_, type_, out); ret != 0) {
      *error = WolfError("wc_HashFinal", ret);
      return false;
    }
    return true;
  }

  void set_blake2b() { blake2b_ = true; }

 private:
  enum wc_HashType type_;
  wc_HashAlg hash_;
  bool initialised_ = false;
  bool blake2b_ = false;
  Blake2b blake2b_state_;
};

std::unique_ptr<HashContext> NewHash(const AlgorithmInfo& alg, std::string* error) {
  auto hash = std::make_unique<HashContext>(alg);
  if (IsBlake2b512(alg)) {
#ifdef HAVE_BLAKE2B
    hash->set_blake2b();
#else
    *error = "wolfSSL was built without BLAKE2b";
    return nullptr;
#endif
  }
  return hash->Init(alg, error) ? std::move(hash) : nullptr;
}

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

// Times one digest or one MAC per operation over a fixed message.
class HashMacOperation : public PreparedOperation {
 public:
  // Exactly one of `hash` and `mac` is set.
  HashMacOperation(std::unique_ptr<HashContext> hash, std::unique_ptr<KeyedMac> mac,
                   AlignedBuffer in)
      : hash_(std::move(hash)), mac_(std::move(mac)), in_(std::move(in)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (mac_ ? !mac_->Compute(in_.data(), in_.size(), out_.data(), &error_)
               : !hash_->Digest({in_.span()}, out_.data(), &error_)) {
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const {
    return out_.span().first(mac_ ? mac_->tag_len() : hash_->digest_len());
  }

 private:
  std::unique_ptr<HashContext> hash_;
  std::unique_ptr<KeyedMac> mac_;
  AlignedBuffer in_;
  AlignedBuffer out_{kMaxOutputLen};
};

std::unique_ptr<PreparedOperation> CheckOutput(std::unique_ptr<HashMacOperation> prepared,
                                               const AlgorithmInfo& alg, size_t input_len,
                                               const Bytes& reference, bool corrupt,
                                               PrepareFailure* failure, std::string* error) {
  Bytes out(prepared->output().begin(), prepared->output().end());
  CorruptIfTesting(corrupt, out);
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
  std::string ignored;
  switch (alg.kind) {
    case AlgorithmKind::kHash:
      return NewHash(alg, &ignored) != nullptr;
    case AlgorithmKind::kMac:
      return NewKeyedMac(alg, PatternBytes(alg.key_len, kKeySeed), &ignored) != nullptr;
    default:
      return false;
  }
}

std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  std::string error;
  std::unique_ptr<HashContext> hash = NewHash(alg, &error);
  if (!hash) {
    return error;
  }
  Bytes out(hash->digest_len());
  if (!hash->Digest({message}, out.data(), &error)) {
    return error;
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
                                               size_t input_len, bool corrupt,
                                               PrepareFailure* failure, std::string* error) {
  if (op != Operation::kHash) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation", failure,
        error);
  }
  std::string text;
  std::unique_ptr<HashContext> reference_hash = NewHash(alg, &text);
  std::unique_ptr<HashContext> timed_hash = reference_hash ? NewHash(alg, &text) : nullptr;
  if (!timed_hash) {
    return PrepareFailed(PrepareFailure::kLibraryError, text, failure, error);
  }
  const Bytes message = PatternBytes(input_len, kMessageSeed);
  const std::span<const uint8_t> whole(message);
  Bytes reference(reference_hash->digest_len());
  if (!reference_hash->Digest({whole.first(input_len / 2), whole.subspan(input_len / 2)},
                              reference.data(), &text)) {
    return PrepareFailed(PrepareFailure::kLibraryError, text, failure, error);
  }
  AlignedBuffer in(input_len);
  FillPattern(in.span(), kMessageSeed);
  auto prepared = std::make_unique<HashMacOperation>(std::move(timed_hash), nullptr, std::move(in));
  // Two runs: the second proves the context re-initialises cleanly.
  if (!prepared->Run(2)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  return CheckOutput(std::move(prepared), alg, input_len, reference, corrupt, failure, error);
}

std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Operation op,
                                              size_t input_len, bool corrupt,
                                              PrepareFailure* failure, std::string* error) {
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
  return CheckOutput(std::move(prepared), alg, input_len, reference, corrupt, failure, error);
}

}  // namespace cryptobench::backends::wolfssl
