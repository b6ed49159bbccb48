// AEADs of the wolfSSL backend (wolfssl_aead.h).
#include "backends/wolfssl/wolfssl_aead.h"

#include <cstring>
#include <span>
#include <utility>
#include <vector>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/error-crypt.h>

#include "backends/common/buffers.h"
#include "backends/wolfssl/wolfssl_util.h"

namespace cryptobench::backends::wolfssl {
namespace {

enum class OpenResult { kAccepted, kRejected, kError };

// One keyed AEAD (GCM and CCM keep an Aes context; ChaCha20-Poly1305 keeps the key, which
// wolfCrypt's one-call API takes with every message). Nonce and AAD come per message.
class KeyedAead {
 public:
  explicit KeyedAead(Mode mode) : mode_(mode) {}
  ~KeyedAead() {
    if (initialised_) {
      wc_AesFree(&aes_);
    }
  }
  KeyedAead(const KeyedAead&) = delete;
  KeyedAead& operator=(const KeyedAead&) = delete;

  bool Init(std::span<const uint8_t> key, std::string* error) {
    if (mode_ == Mode::kChaChaPoly) {
      if (key.size() != CHACHA20_POLY1305_AEAD_KEYSIZE) {
        *error = "ChaCha20-Poly1305 needs a 32-byte key";
        return false;
      }
      key_.assign(key.begin(), key.end());
      return true;
    }
    if (int ret = wc_AesInit(&aes_, nullptr, INVALID_DEVID); ret != 0) {
      *error = WolfError("wc_AesInit", ret);
      return false;
    }
    initialised_ = true;
    const int ret = mode_ == Mode::kGcm
                        ? wc_AesGcmSetKey(&aes_, NonNullData(key), Len32(key.size()))
                        : wc_AesCcmSetKey(&aes_, NonNullData(key), Len32(key.size()));
    if (ret != 0) {
      *error = WolfError(mode_ == Mode::kGcm ? "wc_AesGcmSetKey" : "wc_AesCcmSetKey", ret);
      return false;
    }
    return true;
  }

  bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, uint8_t* out, std::span<uint8_t> tag, std::string* error) {
    int ret = 0;
    switch (mode_) {
      case Mode::kGcm:
        ret = wc_AesGcmEncrypt(&aes_, out, in, Len32(len), nonce.data(), Len32(nonce.size()),
                               tag.data(), Len32(tag.size()), NonNullData(aad), Len32(aad.size()));
        break;
      case Mode::kCcm:
        ret = wc_AesCcmEncrypt(&aes_, out, in, Len32(len), nonce.data(), Len32(nonce.size()),
                               tag.data(), Len32(tag.size()), NonNullData(aad), Len32(aad.size()));
        break;
      default:
        if (nonce.size() != CHACHA20_POLY1305_AEAD_IV_SIZE ||
            tag.size() != CHACHA20_POLY1305_AEAD_AUTHTAG_SIZE) {
          *error = "ChaCha20-Poly1305 needs a 12-byte nonce and a 16-byte tag";
          return false;
        }
        ret = wc_ChaCha20Poly1305_Encrypt(key_.data(), nonce.data(), NonNullData(aad),
                                          Len32(aad.size()), in, Len32(len), out, tag.data());
        break;
    }
    if (ret != 0) {
      *error = WolfError(SealCall(), ret);
      return false;
    }
    return true;
  }

  OpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
                  size_t len, std::span<const uint8_t> tag, uint8_t* out, std::string* error) {
    int ret = 0;
    switch (mode_) {
      case Mode::kGcm:
        ret = wc_AesGcmDecrypt(&aes_, out, in, Len32(len), nonce.data(), Len32(nonce.size()),
                               tag.data(), Len32(tag.size()), NonNullData(aad), Len32(aad.size()));
        break;
      case Mode::kCcm:
        ret = wc_AesCcmDecrypt(&aes_, out, in, Len32(len), nonce.data(), Len32(nonce.size()),
                               tag.data(), Len32(tag.size()), NonNullData(aad), Len32(aad.size()));
        break;
      default:
        if (nonce.size() != CHACHA20_POLY1305_AEAD_IV_SIZE ||
            tag.size() != CHACHA20_POLY1305_AEAD_AUTHTAG_SIZE) {
          *error = "ChaCha20-Poly1305 needs a 12-byte nonce and a 16-byte tag";
          return OpenResult::kError;
        }
        ret = wc_ChaCha20Poly1305_Decrypt(key_.data(), nonce.data(), NonNullData(aad),
                                          Len32(aad.size()), in, Len32(len), tag.data(), out);
        break;
    }
    if (ret == 0) {
      return OpenResult::kAccepted;
    }
    *error = WolfError(OpenCall(), ret);
    return ret == AES_GCM_AUTH_E || ret == AES_CCM_AUTH_E || ret == MAC_CMP_FAILED_E
               ? OpenResult::kRejected
               : OpenResult::kError;
  }

 private:
  const char* SealCall() const {
    return mode_ == Mode::kGcm   ? "wc_AesGcmEncrypt"
           : mode_ == Mode::kCcm ? "wc_AesCcmEncrypt"
                                 : "wc_ChaCha20Poly1305_Encrypt";
  }
  const char* OpenCall() const {
    return mode_ == Mode::kGcm   ? "wc_AesGcmDecrypt"
           : mode_ == Mode::kCcm ? "wc_AesCcmDecrypt"
                                 : "wc_ChaCha20Poly1305_Decrypt";
  }

  Mode mode_;
  Aes aes_;
  bool initialised_ = false;
  Bytes key_;
};

std::unique_ptr<KeyedAead> NewKeyedAead(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                        std::string* error) {
  const Mode mode = ModeOf(alg);
  if (alg.kind != AlgorithmKind::kAead || !Compiled(mode)) {
    *error = "wolfSSL has no AEAD " + std::string(alg.name);
    return nullptr;
  }
  auto aead = std::make_unique<KeyedAead>(mode);
  return aead->Init(key, error) ? std::move(aead) : nullptr;
}

// Writes `counter` big-endian into the last (up to 8) bytes of `nonce`, as the OpenSSL backend.
void SetNonceCounter(std::span<uint8_t> nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

class AeadOperation : public PreparedOperation {
 public:
  // seal: `in` is the plaintext; open: `in` is the ciphertext and `tag` its tag.
  AeadOperation(std::unique_ptr<KeyedAead> aead, bool seal, std::vector<uint8_t> nonce,
                std::vector<uint8_t> aad, AlignedBuffer in, Bytes tag)
      : aead_(std::move(aead)),
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
        if (!aead_->Seal(nonce_, aad_, in_.data(), in_.size(), out_.data(), tag_, &error_)) {
          return false;
        }
      } else {
        const OpenResult result =
            aead_->Open(nonce_, aad_, in_.data(), in_.size(), tag_, out_.data(), &error_);
        if (result != OpenResult::kAccepted) {
          tag_rejected_ = result == OpenResult::kRejected;
          return false;
        }
      }
    }
    return true;
  }

  /// seal: the latest ciphertext; open: the plaintext.
  std::span<const uint8_t> output() const { return out_.span(); }
  /// seal: the latest tag; open: the expected tag.
  const Bytes& tag() const { return tag_; }
  const std::vector<uint8_t>& nonce() const { return nonce_; }
  bool tag_rejected() const { return tag_rejected_; }

 private:
  std::unique_ptr<KeyedAead> aead_;
  bool seal_;
  std::vector<uint8_t> nonce_;
  std::vector<uint8_t> aad_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  Bytes tag_;
  uint64_t counter_ = 0;
  bool tag_rejected_ = false;
};

}  // namespace

bool AeadSupported(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kAead && Compiled(ModeOf(alg));
}

std::string SealOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                        Bytes* tag) {
  std::string error;
  std::unique_ptr<KeyedAead> aead = NewKeyedAead(alg, key, &error);
  if (!aead) {
    return error;
  }
  Bytes out(plaintext.size() + 1);
  Bytes out_tag(tag_len);
  if (!aead->Seal(nonce, aad, NonNullData(plaintext), plaintext.size(), out.data(), out_tag,
                  &error)) {
    return error;
  }
  out.resize(plaintext.size());
  *ciphertext = std::move(out);
  *tag = std::move(out_tag);
  return "";
}

std::string OpenOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                        Bytes* plaintext, bool* authentic) {
  std::string error;
  std::unique_ptr<KeyedAead> aead = NewKeyedAead(alg, key, &error);
  if (!aead) {
    return error;
  }
  Bytes out(ciphertext.size() + 1);
  switch (
      aead->Open(nonce, aad, NonNullData(ciphertext), ciphertext.size(), tag, out.data(), &error)) {
    case OpenResult::kAccepted:
      out.resize(ciphertext.size());
      *plaintext = std::move(out);
      *authentic = true;
      return "";
    case OpenResult::kRejected:
      *authentic = false;
      return "";
    case OpenResult::kError:
      break;
  }
  return error;
}

std::unique_ptr<PreparedOperation> PrepareAead(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return NoSuchOperation(alg, op, failure, error);
  }
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes aad = PatternBytes(kTimedAadLen, kAadSeed);
  const Bytes plaintext = PatternBytes(input_len, kPlaintextSeed);
  auto library_error = [&](std::string text) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(text), failure, error);
  };
  auto check_failed = [&](const std::string& text) {
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + text, failure,
        error);
  };
  std::string message;
  std::unique_ptr<KeyedAead> aead = NewKeyedAead(alg, key, &message);
  if (!aead) {
    return library_error(message);
  }

  if (op == Operation::kEncrypt) {
    AlignedBuffer in(input_len);
    std::memcpy(in.data(), plaintext.data(), input_len);
    auto prepared =
        std::make_unique<AeadOperation>(std::move(aead), true, PatternBytes(alg.iv_len, kIvSeed),
                                        aad, std::move(in), Bytes(alg.tag_len));
    if (!prepared->Run(1)) {
      return library_error(prepared->error());
    }
    Bytes ciphertext(prepared->output().begin(), prepared->output().end());
    Bytes tag = prepared->tag();
    CorruptIfTesting(input_len == 0 ? std::span<uint8_t>(tag) : std::span<uint8_t>(ciphertext));
    Bytes opened;
    bool authentic = false;
    if (message =
            OpenOneShot(alg, key, prepared->nonce(), aad, ciphertext, tag, &opened, &authentic);
        !message.empty()) {
      return library_error(message);
    }
    if (!authentic) {
      return check_failed("open rejected the tag of the timed seal");
    }
    if (std::string diff = CompareBytes("opened plaintext", opened, plaintext); !diff.empty()) {
      return check_failed(diff);
    }
    return prepared;
  }

  const Bytes nonce = PatternBytes(alg.iv_len, kIvSeed);
  Bytes ciphertext;
  Bytes tag;
  if (message = SealOneShot(alg, key, nonce, aad, plaintext, alg.tag_len, &ciphertext, &tag);
      !message.empty()) {
    return library_error(message);
  }
  CorruptIfTesting(input_len == 0 ? std::span<uint8_t>(tag) : std::span<uint8_t>(ciphertext));
  AlignedBuffer sealed(input_len);
  std::memcpy(sealed.data(), ciphertext.data(), input_len);
  auto prepared = std::make_unique<AeadOperation>(std::move(aead), false, nonce, aad,
                                                  std::move(sealed), std::move(tag));
  if (!prepared->Run(1)) {
    return prepared->tag_rejected()
               ? check_failed("timed open rejected the tag (" + prepared->error() + ")")
               : library_error(prepared->error());
  }
  const Bytes opened(prepared->output().begin(), prepared->output().end());
  if (std::string diff = CompareBytes("opened plaintext", opened, plaintext); !diff.empty()) {
    return check_failed(diff);
  }
  return prepared;
}

}  // namespace cryptobench::backends::wolfssl
