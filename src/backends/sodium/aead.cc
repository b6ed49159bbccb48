// Timed AEADs through libsodium: ChaCha20-Poly1305 (IETF), XChaCha20-Poly1305 and AES-256-GCM.
#include <sodium.h>

#include <cstring>
#include <span>
#include <vector>

#include "backends/sodium/symmetric.h"
#include "backends/sodium/symmetric_internal.h"

namespace cryptobench::backends::sodium {
namespace {

// Writes `counter` big-endian into the last 8 bytes of `nonce` (as the OpenSSL backend does).
void SetNonceCounter(std::span<uint8_t> nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

// One AEAD keyed once: the detached calls, or AES-256-GCM's precomputed state.
class AeadKey {
 public:
  AeadKey(Primitive primitive, std::vector<uint8_t> key)
      : functions_(AeadFunctionsFor(primitive)), key_(std::move(key)) {
    if (primitive == Primitive::kAes256Gcm) {
      gcm_ = std::make_unique<crypto_aead_aes256gcm_state>();
      crypto_aead_aes256gcm_beforenm(gcm_.get(), key_.data());
    }
  }
  ~AeadKey() {
    sodium_memzero(key_.data(), key_.size());
    if (gcm_) {
      sodium_memzero(gcm_.get(), sizeof *gcm_);
    }
  }

  bool Seal(const uint8_t* nonce, std::span<const uint8_t> aad, std::span<const uint8_t> in,
            uint8_t* out, uint8_t* tag) const {
    unsigned long long tag_len = 0;
    if (gcm_) {
      return crypto_aead_aes256gcm_encrypt_detached_afternm(
                 out, tag, &tag_len, DataOrEmpty(in), Len(in.size()), aad.data(), Len(aad.size()),
                 nullptr, nonce, gcm_.get()) == 0;
    }
    return functions_->encrypt(out, tag, &tag_len, DataOrEmpty(in), Len(in.size()), aad.data(),
                               Len(aad.size()), nullptr, nonce, key_.data()) == 0;
  }

  /// False when the tag does not verify (libsodium's only failure of these calls).
  bool Open(const uint8_t* nonce, std::span<const uint8_t> aad, std::span<const uint8_t> in,
            const uint8_t* tag, uint8_t* out) const {
    if (gcm_) {
      return crypto_aead_aes256gcm_decrypt_detached_afternm(
                 out, nullptr, DataOrEmpty(in), Len(in.size()), tag, aad.data(), Len(aad.size()),
                 nonce, gcm_.get()) == 0;
    }
    return functions_->decrypt(out, nullptr, DataOrEmpty(in), Len(in.size()), tag, aad.data(),
                               Len(aad.size()), nonce, key_.data()) == 0;
  }

  size_t nonce_len() const { return functions_->nonce_len; }
  size_t tag_len() const { return functions_->tag_len; }

 private:
  const AeadFunctions* functions_;
  std::vector<uint8_t> key_;
  std::unique_ptr<crypto_aead_aes256gcm_state> gcm_;  // 16-byte aligned by its own type
};

class AeadOperation : public PreparedOperation {
 public:
  AeadOperation(std::unique_ptr<AeadKey> key, bool seal, std::vector<uint8_t> nonce,
                std::vector<uint8_t> aad, AlignedBuffer in, std::vector<uint8_t> tag)
      : key_(std::move(key)),
        seal_(seal),
        nonce_(std::move(nonce)),
        aad_(std::move(aad)),
        in_(std::move(in)),
        out_(in_.size()),
        tag_(std::move(tag)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (seal_) {
        SetNonceCounter(nonce_, ++counter_);
        if (!key_->Seal(nonce_.data(), aad_, in_.span(), out_.data(), tag_.data())) {
          error_ = "encrypt_detached failed";
          return false;
        }
      } else if (!key_->Open(nonce_.data(), aad_, in_.span(), tag_.data(), out_.data())) {
        error_ = "decrypt_detached rejected the tag";
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span(); }
  const std::vector<uint8_t>& tag() const { return tag_; }
  const std::vector<uint8_t>& nonce() const { return nonce_; }

 private:
  std::unique_ptr<AeadKey> key_;
  bool seal_;
  std::vector<uint8_t> nonce_;
  std::vector<uint8_t> aad_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  std::vector<uint8_t> tag_;  // seal: the latest tag; open: the expected tag
  uint64_t counter_ = 0;
};

}  // namespace

std::unique_ptr<PreparedOperation> PrepareAead(const AlgorithmInfo& alg, Primitive primitive,
                                               Operation op, size_t input_len,
                                               PrepareFailure* failure, std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return WrongOperation(alg, op, failure, error);
  }
  const AeadFunctions* functions = AeadFunctionsFor(primitive);
  if (functions == nullptr ||
      (primitive == Primitive::kAes256Gcm && crypto_aead_aes256gcm_is_available() == 0)) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         std::string(alg.name) + " is not available in libsodium on this CPU",
                         failure, error);
  }
  const std::vector<uint8_t> key = PatternBytes(functions->key_len, kKeySeed);
  const std::vector<uint8_t> nonce = PatternBytes(functions->nonce_len, kNonceSeed);
  const std::vector<uint8_t> aad = PatternBytes(kTimedAadLen, kAadSeed);
  AlignedBuffer plaintext(input_len);
  FillPattern(plaintext.span(), kPlaintextSeed);
  const AeadKey checker(primitive, key);
  auto timed_key = std::make_unique<AeadKey>(primitive, key);

  std::vector<uint8_t> ciphertext(input_len);
  std::vector<uint8_t> tag(functions->tag_len);
  std::vector<uint8_t> message_nonce = nonce;
  std::unique_ptr<AeadOperation> prepared;
  if (op == Operation::kEncrypt) {
    AlignedBuffer in(input_len);
    std::memcpy(in.data(), plaintext.data(), input_len);
    prepared =
        std::make_unique<AeadOperation>(std::move(timed_key), true, nonce, aad, std::move(in), tag);
    if (!prepared->Run(1)) {
      return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
    }
    std::memcpy(ciphertext.data(), prepared->output().data(), input_len);
    tag = prepared->tag();
    message_nonce = prepared->nonce();
  } else if (!checker.Seal(nonce.data(), aad, plaintext.span(), ciphertext.data(), tag.data())) {
    return PrepareFailed(PrepareFailure::kLibraryError, "encrypt_detached failed", failure, error);
  }
  CorruptIfTesting(input_len > 0 ? std::span<uint8_t>(ciphertext) : std::span(tag));

  std::vector<uint8_t> opened(input_len);
  if (op == Operation::kEncrypt) {
    if (!checker.Open(message_nonce.data(), aad, ciphertext, tag.data(), opened.data())) {
      return PrepareCheckFailed(alg, input_len, "open rejected the tag of the timed seal", failure,
                                error);
    }
  } else {
    AlignedBuffer sealed(input_len);
    std::memcpy(sealed.data(), ciphertext.data(), input_len);
    prepared = std::make_unique<AeadOperation>(std::move(timed_key), false, nonce, aad,
                                               std::move(sealed), tag);
    if (!prepared->Run(1)) {
      return PrepareCheckFailed(alg, input_len, "timed open rejected the tag", failure, error);
    }
    std::memcpy(opened.data(), prepared->output().data(), input_len);
  }
  if (std::string diff = CompareBytes("opened plaintext", opened, plaintext.span());
      !diff.empty()) {
    return PrepareCheckFailed(alg, input_len, diff, failure, error);
  }
  return prepared;
}

}  // namespace cryptobench::backends::sodium
