// AEADs of the Mbed TLS backend (mbedtls_aead.h).
#include "backends/mbedtls/mbedtls_aead.h"

#include <cstring>
#include <span>
#include <utility>
#include <vector>

#include <mbedtls/cipher.h>

#include "backends/common/buffers.h"
#include "backends/mbedtls/mbedtls_util.h"

namespace cryptobench::backends::mbedtls {
namespace {

enum class OpenResult { kAccepted, kRejected, kError };

// One keyed AEAD context (GCM, CCM, ChaCha20-Poly1305); nonce and AAD come per message.
class KeyedAead {
 public:
  KeyedAead() { mbedtls_cipher_init(&ctx_); }
  ~KeyedAead() { mbedtls_cipher_free(&ctx_); }
  KeyedAead(const KeyedAead&) = delete;
  KeyedAead& operator=(const KeyedAead&) = delete;

  bool Init(const AlgorithmInfo& alg, bool decrypt, std::span<const uint8_t> key,
            std::string* error) {
    const mbedtls_cipher_info_t* info = CipherInfoFor(alg);
    if (info == nullptr || alg.kind != AlgorithmKind::kAead) {
      *error = "Mbed TLS has no AEAD " + std::string(alg.name);
      return false;
    }
    if (int ret = mbedtls_cipher_setup(&ctx_, info); ret != 0) {
      *error = MbedError("mbedtls_cipher_setup", ret);
      return false;
    }
    if (int ret = mbedtls_cipher_setkey(&ctx_, NonNullData(key), static_cast<int>(key.size() * 8),
                                        decrypt ? MBEDTLS_DECRYPT : MBEDTLS_ENCRYPT);
        ret != 0) {
      *error = MbedError("mbedtls_cipher_setkey", ret);
      return false;
    }
    return true;
  }

  // `out` gets `len` bytes of ciphertext followed by the `tag_len`-byte tag.
  bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, uint8_t* out, size_t tag_len, std::string* error) {
    size_t out_len = 0;
    if (int ret = mbedtls_cipher_auth_encrypt_ext(&ctx_, nonce.data(), nonce.size(),
                                                  NonNullData(aad), aad.size(), in, len, out,
                                                  len + tag_len, &out_len, tag_len);
        ret != 0) {
      *error = MbedError("mbedtls_cipher_auth_encrypt_ext", ret);
      return false;
    }
    if (out_len != len + tag_len) {
      *error = "mbedtls_cipher_auth_encrypt_ext returned " + std::to_string(out_len) + " of " +
               std::to_string(len + tag_len) + " bytes";
      return false;
    }
    return true;
  }

  // Opens `len` bytes of ciphertext followed by its `tag_len`-byte tag, at `in`, into `out`.
  OpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
                  size_t len, size_t tag_len, uint8_t* out, std::string* error) {
    size_t out_len = 0;
    const int ret = mbedtls_cipher_auth_decrypt_ext(&ctx_, nonce.data(), nonce.size(),
                                                    NonNullData(aad), aad.size(), in, len + tag_len,
                                                    out, len + 1, &out_len, tag_len);
    if (ret == MBEDTLS_ERR_CIPHER_AUTH_FAILED) {
      *error = MbedError("mbedtls_cipher_auth_decrypt_ext", ret);
      return OpenResult::kRejected;
    }
    if (ret != 0) {
      *error = MbedError("mbedtls_cipher_auth_decrypt_ext", ret);
      return OpenResult::kError;
    }
    return OpenResult::kAccepted;
  }

 private:
  mbedtls_cipher_context_t ctx_;
};

// Writes `counter` big-endian into the last (up to 8) bytes of `nonce`, as the OpenSSL backend.
void SetNonceCounter(std::span<uint8_t> nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

class AeadOperation : public PreparedOperation {
 public:
  // seal: `in` is the plaintext; open: `in` is ciphertext||tag and `len` the ciphertext length.
  AeadOperation(std::unique_ptr<KeyedAead> aead, bool seal, std::vector<uint8_t> nonce,
                std::vector<uint8_t> aad, AlignedBuffer in, size_t len, size_t tag_len)
      : aead_(std::move(aead)),
        seal_(seal),
        nonce_(std::move(nonce)),
        aad_(std::move(aad)),
        in_(std::move(in)),
        len_(len),
        tag_len_(tag_len),
        out_(len + tag_len + 1) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (seal_) {
        SetNonceCounter(nonce_, ++counter_);
        if (!aead_->Seal(nonce_, aad_, in_.data(), len_, out_.data(), tag_len_, &error_)) {
          return false;
        }
      } else {
        const OpenResult result =
            aead_->Open(nonce_, aad_, in_.data(), len_, tag_len_, out_.data(), &error_);
        if (result != OpenResult::kAccepted) {
          tag_rejected_ = result == OpenResult::kRejected;
          return false;
        }
      }
    }
    return true;
  }

  /// seal: ciphertext||tag of the latest message; open: the plaintext (first len bytes).
  std::span<const uint8_t> output() const { return out_.span().first(len_ + tag_len_); }
  const std::vector<uint8_t>& nonce() const { return nonce_; }
  bool tag_rejected() const { return tag_rejected_; }

 private:
  std::unique_ptr<KeyedAead> aead_;
  bool seal_;
  std::vector<uint8_t> nonce_;
  std::vector<uint8_t> aad_;
  AlignedBuffer in_;
  size_t len_;
  size_t tag_len_;
  AlignedBuffer out_;
  uint64_t counter_ = 0;
  bool tag_rejected_ = false;
};

}  // namespace

bool AeadSupported(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kAead && CipherInfoFor(alg) != nullptr;
}

std::string SealOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                        Bytes* tag) {
  std::string error;
  KeyedAead aead;
  if (!aead.Init(alg, false, key, &error)) {
    return error;
  }
  Bytes out(plaintext.size() + tag_len + 1);
  if (!aead.Seal(nonce, aad, NonNullData(plaintext), plaintext.size(), out.data(), tag_len,
                 &error)) {
    return error;
  }
  ciphertext->assign(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(plaintext.size()));
  tag->assign(out.begin() + static_cast<std::ptrdiff_t>(plaintext.size()),
              out.begin() + static_cast<std::ptrdiff_t>(plaintext.size() + tag_len));
  return "";
}

std::string OpenOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                        Bytes* plaintext, bool* authentic) {
  std::string error;
  KeyedAead aead;
  if (!aead.Init(alg, true, key, &error)) {
    return error;
  }
  Bytes sealed = ciphertext;
  sealed.insert(sealed.end(), tag.begin(), tag.end());
  Bytes out(ciphertext.size() + 1);
  switch (aead.Open(nonce, aad, NonNullData(sealed), ciphertext.size(), tag.size(), out.data(),
                    &error)) {
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
  const size_t tag_len = alg.tag_len;
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
  auto aead = std::make_unique<KeyedAead>();
  if (!aead->Init(alg, op == Operation::kDecrypt, key, &message)) {
    return library_error(message);
  }

  if (op == Operation::kEncrypt) {
    AlignedBuffer in(input_len);
    std::memcpy(in.data(), plaintext.data(), input_len);
    auto prepared =
        std::make_unique<AeadOperation>(std::move(aead), true, PatternBytes(alg.iv_len, kIvSeed),
                                        aad, std::move(in), input_len, tag_len);
    if (!prepared->Run(1)) {
      return library_error(prepared->error());
    }
    const std::span<const uint8_t> sealed = prepared->output();
    Bytes ciphertext(sealed.begin(), sealed.begin() + static_cast<std::ptrdiff_t>(input_len));
    Bytes tag(sealed.begin() + static_cast<std::ptrdiff_t>(input_len), sealed.end());
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
  if (message = SealOneShot(alg, key, nonce, aad, plaintext, tag_len, &ciphertext, &tag);
      !message.empty()) {
    return library_error(message);
  }
  CorruptIfTesting(input_len == 0 ? std::span<uint8_t>(tag) : std::span<uint8_t>(ciphertext));
  AlignedBuffer sealed(input_len + tag_len);
  std::memcpy(sealed.data(), ciphertext.data(), input_len);
  std::memcpy(sealed.data() + input_len, tag.data(), tag_len);
  auto prepared = std::make_unique<AeadOperation>(std::move(aead), false, nonce, aad,
                                                  std::move(sealed), input_len, tag_len);
  if (!prepared->Run(1)) {
    return prepared->tag_rejected()
               ? check_failed("timed open rejected the tag (" + prepared->error() + ")")
               : library_error(prepared->error());
  }
  const Bytes opened(prepared->output().begin(),
                     prepared->output().begin() + static_cast<std::ptrdiff_t>(input_len));
  if (std::string diff = CompareBytes("opened plaintext", opened, plaintext); !diff.empty()) {
    return check_failed(diff);
  }
  return prepared;
}

}  // namespace cryptobench::backends::mbedtls
