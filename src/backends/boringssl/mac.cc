// BoringSSL MACs (mac.h).
#include "backends/boringssl/mac.h"

#include <span>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/common/libcrypto_mac.h"
#include "backends/common/timing_inputs.h"

namespace cryptobench::backends::boringssl {
namespace {

constexpr size_t kPoly1305KeyLen = 32;
constexpr size_t kPoly1305TagLen = 16;

enum class MacFamily { kNone, kHmacSha256, kCmacAes128, kPoly1305 };

MacFamily FamilyOf(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kMac) {
    return MacFamily::kNone;
  }
  if (alg.name == "HMAC-SHA256") {
    return MacFamily::kHmacSha256;
  }
  if (alg.name == "CMAC-AES-128") {
    return MacFamily::kCmacAes128;
  }
  if (alg.name == "Poly1305") {
    return MacFamily::kPoly1305;
  }
  return MacFamily::kNone;
}

class CmacMac : public LibcryptoMac {
 public:
  CmacMac(LibPtr lib, Owned<CMAC_CTX> ctx) : lib_(std::move(lib)), ctx_(std::move(ctx)) {}

  bool Compute(const uint8_t* in, size_t in_len, uint8_t* out, size_t* out_len,
               std::string* error) override {
    const Libcrypto& lib = *lib_;
    // CMAC_Reset keeps the key and subkeys; CMAC_Init cannot restart without them.
    if (lib.CMAC_Reset(ctx_.get()) != 1 || lib.CMAC_Update(ctx_.get(), in, in_len) != 1 ||
        lib.CMAC_Final(ctx_.get(), out, out_len) != 1) {
      *error = LibError(lib, "CMAC_Reset/CMAC_Update/CMAC_Final");
      return false;
    }
    return true;
  }

 private:
  LibPtr lib_;
  Owned<CMAC_CTX> ctx_;
};

class Poly1305Mac : public LibcryptoMac {
 public:
  Poly1305Mac(LibPtr lib, std::vector<uint8_t> key) : lib_(std::move(lib)), key_(std::move(key)) {}

  bool Compute(const uint8_t* in, size_t in_len, uint8_t* out, size_t* out_len,
               std::string*) override {
    const Libcrypto& lib = *lib_;
    lib.CRYPTO_poly1305_init(&state_, key_.data());
    lib.CRYPTO_poly1305_update(&state_, in, in_len);
    lib.CRYPTO_poly1305_finish(&state_, out);
    *out_len = kPoly1305TagLen;
    return true;
  }

 private:
  LibPtr lib_;
  std::vector<uint8_t> key_;
  Poly1305State state_ = {};
};

std::unique_ptr<LibcryptoMac> NewMac(const LibPtr& lib, const AlgorithmInfo& alg,
                                     std::span<const uint8_t> key, std::string* error) {
  switch (FamilyOf(alg)) {
    case MacFamily::kHmacSha256: {
      const EVP_MD* md = lib->EVP_get_digestbyname("SHA256");
      Owned<HMAC_CTX> ctx(lib->HMAC_CTX_new(), lib->HMAC_CTX_free);
      if (md == nullptr || !ctx ||
          lib->HMAC_Init_ex(ctx.get(), NonNullData(key), key.size(), md, nullptr) != 1) {
        *error = LibError(*lib, "HMAC_Init_ex");
        return nullptr;
      }
      // A null key and digest restart with the previous ones (BoringSSL hmac.h).
      return std::make_unique<LibcryptoHmac<LibPtr, Owned<HMAC_CTX>>>(lib, nullptr, std::move(ctx));
    }
    case MacFamily::kCmacAes128: {
      const EVP_CIPHER* cipher = lib->EVP_get_cipherbyname("AES-128-CBC");
      Owned<CMAC_CTX> ctx(lib->CMAC_CTX_new(), lib->CMAC_CTX_free);
      // CMAC_Init refuses a key whose length is not the cipher's.
      if (cipher == nullptr || !ctx ||
          lib->CMAC_Init(ctx.get(), key.data(), key.size(), cipher, nullptr) != 1) {
        *error = LibError(*lib, "CMAC_Init");
        return nullptr;
      }
      return std::make_unique<CmacMac>(lib, std::move(ctx));
    }
    case MacFamily::kPoly1305:
      if (key.size() != kPoly1305KeyLen) {
        *error = "Poly1305 needs a 32-byte key, got " + std::to_string(key.size());
        return nullptr;
      }
      return std::make_unique<Poly1305Mac>(lib, std::vector<uint8_t>(key.begin(), key.end()));
    case MacFamily::kNone:
      break;
  }
  *error = "BoringSSL backend has no " + std::string(alg.name);
  return nullptr;
}

}  // namespace

bool MacSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  (void)lib;
  return FamilyOf(alg) != MacFamily::kNone;
}

std::unique_ptr<PreparedOperation> PrepareMac(const LibPtr& lib, const AlgorithmInfo& alg,
                                              Operation op, size_t input_len,
                                              PrepareFailure* failure, std::string* error) {
  return PrepareLibcryptoMac(&NewMac, lib, alg, op, input_len, failure, error, "output");
}

std::string MacOneShot(const LibPtr& lib, const AlgorithmInfo& alg, const Bytes& key,
                       const Bytes& message, Bytes* tag) {
  return LibcryptoMacOneShot(&NewMac, lib, alg, key, message, tag);
}

}  // namespace cryptobench::backends::boringssl
