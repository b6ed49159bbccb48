// BoringSSL AEADs through EVP_AEAD (aead.h).
#include "backends/boringssl/aead.h"

#include <span>
#include <string>
#include <utility>

#include "backends/common/aead_adapter.h"
#include "backends/common/buffers.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::boringssl {
namespace {

constexpr size_t kMaxTagLen = 16;

const EVP_AEAD* FindAead(const Libcrypto& lib, const AlgorithmInfo& alg) {
  if (alg.name == "AES-128-GCM") {
    return lib.EVP_aead_aes_128_gcm();
  }
  if (alg.name == "AES-256-GCM") {
    return lib.EVP_aead_aes_256_gcm();
  }
  if (alg.name == "ChaCha20-Poly1305") {
    return lib.EVP_aead_chacha20_poly1305();
  }
  if (alg.name == "XChaCha20-Poly1305" && lib.EVP_aead_xchacha20_poly1305 != nullptr) {
    return lib.EVP_aead_xchacha20_poly1305();  // 24-byte nonce (aead.h)
  }
  return nullptr;
}

Owned<EVP_AEAD_CTX> NewContext(const Libcrypto& lib, const AlgorithmInfo& alg,
                               std::span<const uint8_t> key, size_t tag_len, std::string* error) {
  Owned<EVP_AEAD_CTX> ctx(nullptr, lib.EVP_AEAD_CTX_free);
  const EVP_AEAD* aead = FindAead(lib, alg);
  if (aead == nullptr) {
    *error = "BoringSSL has no EVP_AEAD for " + std::string(alg.name);
    return ctx;
  }
  ctx.reset(lib.EVP_AEAD_CTX_new(aead, key.data(), key.size(), tag_len));
  if (!ctx) {
    *error = LibError(lib, "EVP_AEAD_CTX_new");
  }
  return ctx;
}

// The AEAD adapter's engine (common/aead_adapter.h): one EVP_AEAD_CTX, which appends the tag to
// the ciphertext (seal) and reads it from there (open). Holds the library while it lives.
class AeadEngine {
 public:
  AeadEngine(LibPtr owner, const Libcrypto& lib, Owned<EVP_AEAD_CTX> ctx)
      : owner_(std::move(owner)), lib_(lib), ctx_(std::move(ctx)) {}

  // `out` has room for len + tag_len bytes.
  bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, uint8_t* out, size_t tag_len, std::string* error) {
    size_t out_len = 0;
    if (lib_.EVP_AEAD_CTX_seal(ctx_.get(), out, &out_len, len + tag_len, nonce.data(), nonce.size(),
                               in, len, NonNullData(aad), aad.size()) != 1) {
      *error = LibError(lib_, "EVP_AEAD_CTX_seal");
      return false;
    }
    if (out_len != len + tag_len) {
      *error = "EVP_AEAD_CTX_seal wrote " + std::to_string(out_len) + " bytes, expected " +
               std::to_string(len + tag_len);
      return false;
    }
    return true;
  }

  // Any failure of EVP_AEAD_CTX_open is a rejected tag (it does not say more).
  AeadOpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad,
                      const uint8_t* in, size_t len, size_t tag_len, uint8_t* out,
                      std::string* error) {
    size_t out_len = 0;
    if (lib_.EVP_AEAD_CTX_open(ctx_.get(), out, &out_len, len + tag_len, nonce.data(), nonce.size(),
                               in, len + tag_len, NonNullData(aad), aad.size()) != 1) {
      *error = LibError(lib_, "EVP_AEAD_CTX_open") + " (tag did not verify)";
      return AeadOpenResult::kRejected;
    }
    return AeadOpenResult::kAccepted;
  }

 private:
  LibPtr owner_;  // null for a one-shot engine, which lives within the caller's use of `lib_`
  const Libcrypto& lib_;
  Owned<EVP_AEAD_CTX> ctx_;
};

// The binding: catalogue entry -> BoringSSL's EVP_AEAD (FindAead), through `lib` (held by
// `owner` when set).
auto EngineFactory(LibPtr owner, const Libcrypto& lib) {
  return [owner = std::move(owner), &lib](const AlgorithmInfo& alg, bool /*decrypt*/,
                                          std::span<const uint8_t> key,
                                          std::span<const uint8_t> /*nonce*/, size_t tag_len,
                                          std::string* error) -> std::unique_ptr<AeadEngine> {
    Owned<EVP_AEAD_CTX> ctx = NewContext(lib, alg, key, tag_len, error);
    return ctx ? std::make_unique<AeadEngine>(owner, lib, std::move(ctx)) : nullptr;
  };
}

}  // namespace

bool AeadSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kAead && FindAead(lib, alg) != nullptr;
}

std::unique_ptr<PreparedOperation> PrepareAead(const LibPtr& lib, const AlgorithmInfo& alg,
                                               Operation op, size_t input_len,
                                               PrepareFailure* failure, std::string* error) {
  if (RefuseNonCipherOperation(alg, op, failure, error)) {
    return nullptr;
  }
  if (alg.tag_len > kMaxTagLen) {
    return PrepareFailed(PrepareFailure::kLibraryError, "tag longer than 16 bytes", failure, error);
  }
  return PrepareAeadWith<AeadEngine>(EngineFactory(lib, *lib), alg, op, input_len, failure, error);
}

std::string AeadSeal(const Libcrypto& lib, const AlgorithmInfo& alg, const Bytes& key,
                     const Bytes& nonce, const Bytes& aad, const Bytes& plaintext, size_t tag_len,
                     Bytes* ciphertext, Bytes* tag) {
  return AeadSealOneShot<AeadEngine>(EngineFactory(nullptr, lib), alg, key, nonce, aad, plaintext,
                                     tag_len, ciphertext, tag);
}

std::string AeadOpen(const Libcrypto& lib, const AlgorithmInfo& alg, const Bytes& key,
                     const Bytes& nonce, const Bytes& aad, const Bytes& ciphertext,
                     const Bytes& tag, Bytes* plaintext, bool* authentic) {
  return AeadOpenOneShot<AeadEngine>(EngineFactory(nullptr, lib), alg, key, nonce, aad, ciphertext,
                                     tag, plaintext, authentic);
}

}  // namespace cryptobench::backends::boringssl
