// AEADs through gnutls_aead_cipher_* (gnutls/crypto.h): AES-GCM, AES-CCM and
// ChaCha20-Poly1305.
#include <cstring>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/gnutls/gnutls_internal.h"

namespace cryptobench::backends::gnutls {
namespace {

struct AeadDeleter {
  void operator()(gnutls_aead_cipher_hd_t h) const { gnutls_aead_cipher_deinit(h); }
};
using AeadHandle = std::unique_ptr<std::remove_pointer_t<gnutls_aead_cipher_hd_t>, AeadDeleter>;

AeadHandle NewAead(gnutls_cipher_algorithm_t id, std::span<const uint8_t> key, std::string* error) {
  gnutls_aead_cipher_hd_t handle = nullptr;
  const gnutls_datum_t key_datum = Datum(key);
  if (const int rc = gnutls_aead_cipher_init(&handle, id, &key_datum); rc < 0) {
    *error = CallError("gnutls_aead_cipher_init", rc);
    return nullptr;
  }
  return AeadHandle(handle);
}

// Writes `counter` big-endian into the last (up to 8) bytes of `nonce`.
void SetNonceCounter(std::span<uint8_t> nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

// The timed AEAD operation: one gnutls_aead_cipher_encrypt per message with a fresh nonce
// (nonce, AAD, plaintext in; ciphertext || tag out), or one decrypt of a fixed sealed message
// whose tag must verify.
class AeadOperation : public PreparedOperation {
 public:
  AeadOperation(AeadHandle handle, bool seal, std::vector<uint8_t> nonce, std::vector<uint8_t> aad,
                size_t tag_len, AlignedBuffer in)
      : handle_(std::move(handle)),
        seal_(seal),
        nonce_(std::move(nonce)),
        aad_(std::move(aad)),
        tag_len_(tag_len),
        in_(std::move(in)),
        out_(in_.size() + tag_len) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      size_t out_len = out_.size();
      int rc = 0;
      if (seal_) {
        SetNonceCounter(nonce_, ++counter_);
        rc = gnutls_aead_cipher_encrypt(handle_.get(), nonce_.data(), nonce_.size(), aad_.data(),
                                        aad_.size(), tag_len_, in_.data(), in_.size(), out_.data(),
                                        &out_len);
      } else {
        rc = gnutls_aead_cipher_decrypt(handle_.get(), nonce_.data(), nonce_.size(), aad_.data(),
                                        aad_.size(), tag_len_, in_.data(), in_.size(), out_.data(),
                                        &out_len);
      }
      if (rc < 0) {
        tag_rejected_ = rc == GNUTLS_E_DECRYPTION_FAILED;
        error_ = CallError(seal_ ? "gnutls_aead_cipher_encrypt" : "gnutls_aead_cipher_decrypt", rc);
        return false;
      }
      out_len_ = out_len;
    }
    return true;
  }

  /// Latest output: ciphertext || tag (seal) or plaintext (open).
  Bytes output() const { return Bytes(out_.data(), out_.data() + out_len_); }
  const std::vector<uint8_t>& nonce() const { return nonce_; }
  bool tag_rejected() const { return tag_rejected_; }

 private:
  AeadHandle handle_;
  bool seal_;
  std::vector<uint8_t> nonce_;
  std::vector<uint8_t> aad_;
  size_t tag_len_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  size_t out_len_ = 0;
  uint64_t counter_ = 0;
  bool tag_rejected_ = false;
};

}  // namespace

bool AeadSupported(const AlgorithmInfo& alg) {
  const gnutls_cipher_algorithm_t id = IdsFor(alg).cipher;
  std::string ignored;
  return alg.kind == AlgorithmKind::kAead && id != GNUTLS_CIPHER_UNKNOWN &&
         NewAead(id, PatternBytes(alg.key_len, kKeySeed), &ignored) != nullptr;
}

std::string GnutlsTarget::Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                               const Bytes& aad, const Bytes& plaintext, size_t tag_len,
                               Bytes* ciphertext, Bytes* tag) {
  const gnutls_cipher_algorithm_t id = IdsFor(alg).cipher;
  if (alg.kind != AlgorithmKind::kAead || id == GNUTLS_CIPHER_UNKNOWN) {
    return kNotOffered;
  }
  std::string error;
  AeadHandle handle = NewAead(id, key, &error);
  if (!handle) {
    return error;
  }
  Bytes out(plaintext.size() + tag_len);
  size_t out_len = out.size();
  const uint8_t empty = 0;
  if (const int rc = gnutls_aead_cipher_encrypt(
          handle.get(), nonce.data(), nonce.size(), aad.empty() ? &empty : aad.data(), aad.size(),
          tag_len, plaintext.empty() ? &empty : plaintext.data(), plaintext.size(), out.data(),
          &out_len);
      rc < 0) {
    return CallError("gnutls_aead_cipher_encrypt", rc);
  }
  if (out_len != plaintext.size() + tag_len) {
    return "gnutls_aead_cipher_encrypt wrote " + std::to_string(out_len) + " bytes, expected " +
           std::to_string(plaintext.size() + tag_len);
  }
  ciphertext->assign(out.begin(), out.begin() + static_cast<long>(plaintext.size()));
  tag->assign(out.begin() + static_cast<long>(plaintext.size()), out.end());
  return "";
}

std::string GnutlsTarget::Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                               const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                               Bytes* plaintext, bool* authentic) {
  const gnutls_cipher_algorithm_t id = IdsFor(alg).cipher;
  if (alg.kind != AlgorithmKind::kAead || id == GNUTLS_CIPHER_UNKNOWN) {
    return kNotOffered;
  }
  *authentic = false;
  std::string error;
  AeadHandle handle = NewAead(id, key, &error);
  if (!handle) {
    return error;
  }
  // GnuTLS takes the tag appended to the ciphertext.
  Bytes sealed = ciphertext;
  sealed.insert(sealed.end(), tag.begin(), tag.end());
  Bytes out(sealed.size());
  size_t out_len = out.size();
  const uint8_t empty = 0;
  const int rc = gnutls_aead_cipher_decrypt(
      handle.get(), nonce.data(), nonce.size(), aad.empty() ? &empty : aad.data(), aad.size(),
      tag.size(), sealed.data(), sealed.size(), out.data(), &out_len);
  if (rc == GNUTLS_E_DECRYPTION_FAILED) {
    return "";
  }
  if (rc < 0) {
    return CallError("gnutls_aead_cipher_decrypt", rc);
  }
  *authentic = true;
  plaintext->assign(out.begin(), out.begin() + static_cast<long>(out_len));
  return "";
}

std::unique_ptr<PreparedOperation> PrepareAead(GnutlsTarget& target, const AlgorithmInfo& alg,
                                               Operation op, size_t input_len,
                                               PrepareFailure* failure, std::string* error) {
  const gnutls_cipher_algorithm_t id = IdsFor(alg).cipher;
  if (alg.kind != AlgorithmKind::kAead || id == GNUTLS_CIPHER_UNKNOWN ||
      (op != Operation::kEncrypt && op != Operation::kDecrypt)) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        "GnuTLS offers no " + std::string(OperationName(op)) + " for " + std::string(alg.name),
        failure, error);
  }
  const bool seal = op == Operation::kEncrypt;
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes aad = PatternBytes(kTimedAadLen, kAadSeed);
  const Bytes plaintext = PatternBytes(input_len, kMessageSeed);
  Bytes nonce = PatternBytes(alg.iv_len, kIvSeed);
  std::string message;
  auto check_failed = [&](const std::string& what) {
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + what, failure,
        error);
  };
  AeadHandle handle = NewAead(id, key, &message);
  if (!handle) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  if (seal) {
    AlignedBuffer input(input_len);
    std::memcpy(input.data(), plaintext.data(), input_len);
    auto prepared = std::make_unique<AeadOperation>(std::move(handle), true, nonce, aad,
                                                    alg.tag_len, std::move(input));
    if (!prepared->Run(1)) {
      return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
    }
    Bytes sealed = prepared->output();
    CorruptIfTesting(sealed);
    const Bytes ciphertext(sealed.begin(), sealed.end() - static_cast<long>(alg.tag_len));
    const Bytes tag(sealed.end() - static_cast<long>(alg.tag_len), sealed.end());
    Bytes opened;
    bool authentic = false;
    if (message =
            target.Open(alg, key, prepared->nonce(), aad, ciphertext, tag, &opened, &authentic);
        !message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    if (!authentic) {
      return check_failed("open rejected the tag of the timed seal");
    }
    if (std::string diff = CompareBytes("opened plaintext", opened, plaintext); !diff.empty()) {
      return check_failed(diff);
    }
    return prepared;
  }
  Bytes ciphertext;
  Bytes tag;
  if (message = target.Seal(alg, key, nonce, aad, plaintext, alg.tag_len, &ciphertext, &tag);
      !message.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  Bytes sealed = ciphertext;
  sealed.insert(sealed.end(), tag.begin(), tag.end());
  CorruptIfTesting(sealed);
  AlignedBuffer input(sealed.size());
  std::memcpy(input.data(), sealed.data(), sealed.size());
  auto prepared = std::make_unique<AeadOperation>(std::move(handle), false, nonce, aad, alg.tag_len,
                                                  std::move(input));
  if (!prepared->Run(1)) {
    return prepared->tag_rejected()
               ? check_failed("timed open rejected the tag (" + prepared->error() + ")")
               : PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  if (std::string diff = CompareBytes("opened plaintext", prepared->output(), plaintext);
      !diff.empty()) {
    return check_failed(diff);
  }
  return prepared;
}

}  // namespace cryptobench::backends::gnutls
