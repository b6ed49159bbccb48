// BoringSSL AEADs through EVP_AEAD (aead.h).
#include "backends/boringssl/aead.h"

#include <cstring>
#include <span>

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

// Writes `counter` big-endian into the last (up to 8) bytes of `nonce`.
void SetNonceCounter(std::span<uint8_t> nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

class AeadOperation : public PreparedOperation {
 public:
  // seal: `in` is the plaintext; open: ciphertext||tag sealed under `nonce`.
  AeadOperation(LibPtr lib, Owned<EVP_AEAD_CTX> ctx, bool seal, std::vector<uint8_t> nonce,
                std::vector<uint8_t> aad, AlignedBuffer in)
      : lib_(std::move(lib)),
        ctx_(std::move(ctx)),
        seal_(seal),
        nonce_(std::move(nonce)),
        aad_(std::move(aad)),
        in_(std::move(in)),
        out_(in_.size() + kMaxTagLen) {}

  bool Run(uint64_t iterations) override {
    const Libcrypto& lib = *lib_;
    for (uint64_t i = 0; i < iterations; ++i) {
      if (seal_) {
        SetNonceCounter(nonce_, ++counter_);
        if (lib.EVP_AEAD_CTX_seal(ctx_.get(), out_.data(), &out_len_, out_.size(), nonce_.data(),
                                  nonce_.size(), in_.data(), in_.size(), aad_.data(),
                                  aad_.size()) != 1) {
          error_ = LibError(lib, "EVP_AEAD_CTX_seal");
          return false;
        }
      } else if (lib.EVP_AEAD_CTX_open(ctx_.get(), out_.data(), &out_len_, out_.size(),
                                       nonce_.data(), nonce_.size(), in_.data(), in_.size(),
                                       aad_.data(), aad_.size()) != 1) {
        error_ = LibError(lib, "EVP_AEAD_CTX_open") + " (tag did not verify)";
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span().first(out_len_); }
  const std::vector<uint8_t>& nonce() const { return nonce_; }

 private:
  LibPtr lib_;
  Owned<EVP_AEAD_CTX> ctx_;
  bool seal_;
  std::vector<uint8_t> nonce_;
  std::vector<uint8_t> aad_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  size_t out_len_ = 0;
  uint64_t counter_ = 0;
};

}  // namespace

bool AeadSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kAead && FindAead(lib, alg) != nullptr;
}

std::unique_ptr<PreparedOperation> PrepareAead(const LibPtr& lib, const AlgorithmInfo& alg,
                                               Operation op, size_t input_len,
                                               PrepareFailure* failure, std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation", failure,
        error);
  }
  if (alg.tag_len > kMaxTagLen) {
    return PrepareFailed(PrepareFailure::kLibraryError, "tag longer than 16 bytes", failure, error);
  }
  const std::vector<uint8_t> key = PatternBytes(alg.key_len, kKeySeed);
  const std::vector<uint8_t> aad = PatternBytes(kTimedAadLen, kAadSeed);
  const std::vector<uint8_t> plaintext = PatternBytes(input_len, kPlaintextSeed);
  std::string message;
  auto check_failed = [&](const std::string& text) {
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + text, failure,
        error);
  };
  Owned<EVP_AEAD_CTX> timed_ctx = NewContext(*lib, alg, key, alg.tag_len, &message);
  Owned<EVP_AEAD_CTX> check_ctx = timed_ctx ? NewContext(*lib, alg, key, alg.tag_len, &message)
                                            : Owned<EVP_AEAD_CTX>(nullptr, lib->EVP_AEAD_CTX_free);
  if (!check_ctx) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  std::vector<uint8_t> nonce = PatternBytes(alg.iv_len, kNonceSeed);
  std::vector<uint8_t> sealed(input_len + kMaxTagLen);
  size_t sealed_len = 0;
  std::unique_ptr<AeadOperation> prepared;
  if (op == Operation::kEncrypt) {
    AlignedBuffer in(input_len);
    std::memcpy(in.data(), plaintext.data(), input_len);
    prepared =
        std::make_unique<AeadOperation>(lib, std::move(timed_ctx), true, nonce, aad, std::move(in));
    if (!prepared->Run(1)) {
      return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
    }
    sealed.assign(prepared->output().begin(), prepared->output().end());
    nonce = prepared->nonce();
  } else {
    if (lib->EVP_AEAD_CTX_seal(check_ctx.get(), sealed.data(), &sealed_len, sealed.size(),
                               nonce.data(), nonce.size(), NonNullData(plaintext), input_len,
                               aad.data(), aad.size()) != 1) {
      return PrepareFailed(PrepareFailure::kLibraryError, LibError(*lib, "EVP_AEAD_CTX_seal"),
                           failure, error);
    }
    sealed.resize(sealed_len);
  }
  // Corrupt the ciphertext (or, for an empty message, the tag): open must then reject it.
  CorruptIfTesting(sealed);
  std::vector<uint8_t> opened(sealed.size());
  size_t opened_len = 0;
  if (op == Operation::kEncrypt) {
    if (lib->EVP_AEAD_CTX_open(check_ctx.get(), opened.data(), &opened_len, opened.size(),
                               nonce.data(), nonce.size(), sealed.data(), sealed.size(), aad.data(),
                               aad.size()) != 1) {
      lib->ERR_clear_error();
      return check_failed("open rejected the tag of the timed seal");
    }
    opened.resize(opened_len);
  } else {
    AlignedBuffer in(sealed.size());
    std::memcpy(in.data(), sealed.data(), sealed.size());
    prepared = std::make_unique<AeadOperation>(lib, std::move(timed_ctx), false, nonce, aad,
                                               std::move(in));
    if (!prepared->Run(1)) {
      return check_failed("timed open rejected the tag (" + prepared->error() + ")");
    }
    opened.assign(prepared->output().begin(), prepared->output().end());
  }
  if (std::string diff = CompareBytes("opened plaintext", opened, plaintext); !diff.empty()) {
    return check_failed(diff);
  }
  return prepared;
}

std::string AeadSeal(const Libcrypto& lib, const AlgorithmInfo& alg, const Bytes& key,
                     const Bytes& nonce, const Bytes& aad, const Bytes& plaintext, size_t tag_len,
                     Bytes* ciphertext, Bytes* tag) {
  std::string error;
  Owned<EVP_AEAD_CTX> ctx = NewContext(lib, alg, key, tag_len, &error);
  if (!ctx) {
    return error;
  }
  Bytes out(plaintext.size() + kMaxTagLen);
  size_t out_len = 0;
  if (lib.EVP_AEAD_CTX_seal(ctx.get(), out.data(), &out_len, out.size(), NonNullData(nonce),
                            nonce.size(), NonNullData(plaintext), plaintext.size(),
                            NonNullData(aad), aad.size()) != 1) {
    return LibError(lib, "EVP_AEAD_CTX_seal");
  }
  if (out_len != plaintext.size() + tag_len) {
    return "EVP_AEAD_CTX_seal wrote " + std::to_string(out_len) + " bytes, expected " +
           std::to_string(plaintext.size() + tag_len);
  }
  ciphertext->assign(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(plaintext.size()));
  tag->assign(out.begin() + static_cast<std::ptrdiff_t>(plaintext.size()),
              out.begin() + static_cast<std::ptrdiff_t>(out_len));
  return "";
}

std::string AeadOpen(const Libcrypto& lib, const AlgorithmInfo& alg, const Bytes& key,
                     const Bytes& nonce, const Bytes& aad, const Bytes& ciphertext,
                     const Bytes& tag, Bytes* plaintext, bool* authentic) {
  std::string error;
  Owned<EVP_AEAD_CTX> ctx = NewContext(lib, alg, key, tag.size(), &error);
  if (!ctx) {
    return error;
  }
  Bytes in(ciphertext);
  in.insert(in.end(), tag.begin(), tag.end());
  plaintext->assign(in.size(), 0);
  size_t out_len = 0;
  *authentic = lib.EVP_AEAD_CTX_open(ctx.get(), plaintext->data(), &out_len, plaintext->size(),
                                     NonNullData(nonce), nonce.size(), in.data(), in.size(),
                                     NonNullData(aad), aad.size()) == 1;
  lib.ERR_clear_error();  // a rejected tag queues BAD_DECRYPT
  plaintext->resize(*authentic ? out_len : 0);
  return "";
}

}  // namespace cryptobench::backends::boringssl
