// AEADs: AES-GCM (gcm.h), AES-128-CCM (ccm.h, the one-call message functions) and
// ChaCha20-Poly1305 (chacha-poly1305.h).
#include <cstring>
#include <vector>

#include <nettle/ccm.h>
#include <nettle/chacha-poly1305.h>
#include <nettle/gcm.h>
#include <nettle/memops.h>

#include "backends/common/buffers.h"
#include "backends/nettle/nettle_internal.h"

namespace cryptobench::backends::nettle {
namespace {

enum class AeadKind { kNone, kGcm128, kGcm256, kCcm128, kChaChaPoly };

AeadKind KindOf(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kAead) {
    return AeadKind::kNone;
  }
  if (alg.name == "AES-128-GCM") {
    return AeadKind::kGcm128;
  }
  if (alg.name == "AES-256-GCM") {
    return AeadKind::kGcm256;
  }
  if (alg.name == "AES-128-CCM") {
    return AeadKind::kCcm128;
  }
  return alg.name == "ChaCha20-Poly1305" ? AeadKind::kChaChaPoly : AeadKind::kNone;
}

// A keyed AEAD. Seal and Open each process one whole message: nonce, AAD, data, tag.
class AeadEngine {
 public:
  explicit AeadEngine(AeadKind kind) : kind_(kind) {}

  // "" or why the key was refused.
  std::string SetKey(std::span<const uint8_t> key) {
    const size_t want = kind_ == AeadKind::kGcm256 || kind_ == AeadKind::kChaChaPoly ? 32 : 16;
    if (key.size() != want) {
      return "key is " + std::to_string(key.size()) + " bytes, Nettle needs " +
             std::to_string(want);
    }
    switch (kind_) {
      case AeadKind::kGcm128:
        gcm_aes128_set_key(&gcm128_, key.data());
        break;
      case AeadKind::kGcm256:
        gcm_aes256_set_key(&gcm256_, key.data());
        break;
      case AeadKind::kCcm128:
        ccm_aes128_set_key(&ccm128_, key.data());
        break;
      case AeadKind::kChaChaPoly:
        chacha_poly1305_set_key(&chacha_poly_, key.data());
        break;
      case AeadKind::kNone:
        return "not a Nettle AEAD";
    }
    return "";
  }

  // "" if Nettle takes this nonce and tag length (bytes) for the mode.
  std::string CheckShape(size_t nonce_len, size_t tag_len) const {
    bool ok = tag_len >= 4 && tag_len <= 16;
    if (kind_ == AeadKind::kCcm128) {
      // SP 800-38C A.1: nonce 7..13 bytes, even tag 4..16 bytes.
      ok = ok && tag_len % 2 == 0 && nonce_len >= 7 && nonce_len <= 13;
    } else if (kind_ == AeadKind::kChaChaPoly) {
      ok = ok && nonce_len == CHACHA_POLY1305_NONCE_SIZE;
    } else {
      ok = ok && nonce_len > 0;
    }
    return ok ? ""
              : "nonce of " + std::to_string(nonce_len) + " bytes with a tag of " +
                    std::to_string(tag_len) + " bytes is not valid for this mode";
  }

  // Writes len bytes of ciphertext then tag_len bytes of tag to `out`.
  void Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, size_t tag_len, uint8_t* out) {
    switch (kind_) {
      case AeadKind::kGcm128:
        gcm_aes128_set_iv(&gcm128_, nonce.size(), nonce.data());
        gcm_aes128_update(&gcm128_, aad.size(), aad.data());
        gcm_aes128_encrypt(&gcm128_, len, out, in);
        gcm_aes128_digest(&gcm128_, tag_len, out + len);
        return;
      case AeadKind::kGcm256:
        gcm_aes256_set_iv(&gcm256_, nonce.size(), nonce.data());
        gcm_aes256_update(&gcm256_, aad.size(), aad.data());
        gcm_aes256_encrypt(&gcm256_, len, out, in);
        gcm_aes256_digest(&gcm256_, tag_len, out + len);
        return;
      case AeadKind::kCcm128:
        ccm_aes128_encrypt_message(&ccm128_, nonce.size(), nonce.data(), aad.size(), aad.data(),
                                   tag_len, len + tag_len, out, in);
        return;
      case AeadKind::kChaChaPoly:
        chacha_poly1305_set_nonce(&chacha_poly_, nonce.data());
        chacha_poly1305_update(&chacha_poly_, aad.size(), aad.data());
        chacha_poly1305_encrypt(&chacha_poly_, len, out, in);
        chacha_poly1305_digest(&chacha_poly_, tag_len, out + len);
        return;
      case AeadKind::kNone:
        return;
    }
  }

  // Opens len bytes of ciphertext followed by tag_len bytes of tag into `out`; false if the
  // tag does not verify (compared in constant time, memops.h).
  bool Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, size_t tag_len, uint8_t* out) {
    uint8_t tag[16];
    switch (kind_) {
      case AeadKind::kGcm128:
        gcm_aes128_set_iv(&gcm128_, nonce.size(), nonce.data());
        gcm_aes128_update(&gcm128_, aad.size(), aad.data());
        gcm_aes128_decrypt(&gcm128_, len, out, in);
        gcm_aes128_digest(&gcm128_, tag_len, tag);
        break;
      case AeadKind::kGcm256:
        gcm_aes256_set_iv(&gcm256_, nonce.size(), nonce.data());
        gcm_aes256_update(&gcm256_, aad.size(), aad.data());
        gcm_aes256_decrypt(&gcm256_, len, out, in);
        gcm_aes256_digest(&gcm256_, tag_len, tag);
        break;
      case AeadKind::kCcm128:
        return ccm_aes128_decrypt_message(&ccm128_, nonce.size(), nonce.data(), aad.size(),
                                          aad.data(), tag_len, len, out, in) == 1;
      case AeadKind::kChaChaPoly:
        chacha_poly1305_set_nonce(&chacha_poly_, nonce.data());
        chacha_poly1305_update(&chacha_poly_, aad.size(), aad.data());
        chacha_poly1305_decrypt(&chacha_poly_, len, out, in);
        chacha_poly1305_digest(&chacha_poly_, tag_len, tag);
        break;
      case AeadKind::kNone:
        return false;
    }
    return memeql_sec(tag, in + len, tag_len) == 1;
  }

 private:
  AeadKind kind_;
  gcm_aes128_ctx gcm128_{};
  gcm_aes256_ctx gcm256_{};
  ccm_aes128_ctx ccm128_{};
  chacha_poly1305_ctx chacha_poly_{};
};

// Writes `counter` big-endian into the last (up to 8) bytes of `nonce`.
void SetNonceCounter(std::span<uint8_t> nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

// The timed operation: seal one message with a fresh nonce, or open one fixed sealed message
// (whose tag must verify).
class AeadOperation : public PreparedOperation {
 public:
  AeadOperation(std::unique_ptr<AeadEngine> engine, bool seal, Bytes nonce, Bytes aad,
                size_t tag_len, size_t message_len, AlignedBuffer in)
      : engine_(std::move(engine)),
        seal_(seal),
        nonce_(std::move(nonce)),
        aad_(std::move(aad)),
        tag_len_(tag_len),
        message_len_(message_len),
        in_(std::move(in)),
        out_(message_len + tag_len) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (seal_) {
        SetNonceCounter(nonce_, ++counter_);
        engine_->Seal(nonce_, aad_, in_.data(), message_len_, tag_len_, out_.data());
      } else if (!engine_->Open(nonce_, aad_, in_.data(), message_len_, tag_len_, out_.data())) {
        error_ = "the tag did not verify";
        return false;
      }
    }
    return true;
  }

  /// Seal: ciphertext || tag; open: the plaintext.
  Bytes output() const {
    return Bytes(out_.data(), out_.data() + message_len_ + (seal_ ? tag_len_ : 0));
  }
  const Bytes& nonce() const { return nonce_; }

 private:
  std::unique_ptr<AeadEngine> engine_;
  bool seal_;
  Bytes nonce_;
  Bytes aad_;
  size_t tag_len_;
  size_t message_len_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  uint64_t counter_ = 0;
};

std::unique_ptr<AeadEngine> NewEngine(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                      size_t nonce_len, size_t tag_len, std::string* error) {
  auto engine = std::make_unique<AeadEngine>(KindOf(alg));
  *error = engine->SetKey(key);
  if (error->empty()) {
    *error = engine->CheckShape(nonce_len, tag_len);
  }
  return error->empty() ? std::move(engine) : nullptr;
}

}  // namespace

bool AeadSupported(const AlgorithmInfo& alg) { return KindOf(alg) != AeadKind::kNone; }

std::string NettleTarget::Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                               const Bytes& aad, const Bytes& plaintext, size_t tag_len,
                               Bytes* ciphertext, Bytes* tag) {
  if (!AeadSupported(alg)) {
    return kNotOffered;
  }
  std::string error;
  auto engine = NewEngine(alg, key, nonce.size(), tag_len, &error);
  if (!engine) {
    return error;
  }
  Bytes out(plaintext.size() + tag_len);
  engine->Seal(nonce, aad, plaintext.data(), plaintext.size(), tag_len, out.data());
  ciphertext->assign(out.begin(), out.begin() + static_cast<long>(plaintext.size()));
  tag->assign(out.begin() + static_cast<long>(plaintext.size()), out.end());
  return "";
}

std::string NettleTarget::Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                               const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                               Bytes* plaintext, bool* authentic) {
  if (!AeadSupported(alg)) {
    return kNotOffered;
  }
  std::string error;
  auto engine = NewEngine(alg, key, nonce.size(), tag.size(), &error);
  if (!engine) {
    return error;
  }
  Bytes sealed = ciphertext;
  sealed.insert(sealed.end(), tag.begin(), tag.end());
  plaintext->assign(ciphertext.size(), 0);
  *authentic =
      engine->Open(nonce, aad, sealed.data(), ciphertext.size(), tag.size(), plaintext->data());
  return "";
}

std::unique_ptr<PreparedOperation> PrepareAead(NettleTarget& target, const AlgorithmInfo& alg,
                                               Operation op, size_t input_len,
                                               PrepareFailure* failure, std::string* error) {
  if (!AeadSupported(alg) || (op != Operation::kEncrypt && op != Operation::kDecrypt)) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        "Nettle offers no " + std::string(OperationName(op)) + " for " + std::string(alg.name),
        failure, error);
  }
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes aad = PatternBytes(kTimedAadLen, kAadSeed);
  const Bytes plaintext = PatternBytes(input_len, kMessageSeed);
  const Bytes nonce = PatternBytes(alg.iv_len, kIvSeed);
  std::string message;
  auto engine = NewEngine(alg, key, alg.iv_len, alg.tag_len, &message);
  if (!engine) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  auto check_failed = [&](const std::string& what) {
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + what, failure,
        error);
  };
  const auto tag_offset = static_cast<long>(input_len);
  if (op == Operation::kEncrypt) {
    AlignedBuffer input(input_len);
    std::memcpy(input.data(), plaintext.data(), input_len);
    auto prepared = std::make_unique<AeadOperation>(std::move(engine), true, nonce, aad,
                                                    alg.tag_len, input_len, std::move(input));
    prepared->Run(1);
    Bytes sealed = prepared->output();
    CorruptIfTesting(sealed);
    Bytes opened;
    bool authentic = false;
    if (message = target.Open(
            alg, key, prepared->nonce(), aad, Bytes(sealed.begin(), sealed.begin() + tag_offset),
            Bytes(sealed.begin() + tag_offset, sealed.end()), &opened, &authentic);
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
  ciphertext.insert(ciphertext.end(), tag.begin(), tag.end());
  CorruptIfTesting(ciphertext);
  AlignedBuffer input(ciphertext.size());
  std::memcpy(input.data(), ciphertext.data(), ciphertext.size());
  auto prepared = std::make_unique<AeadOperation>(std::move(engine), false, nonce, aad, alg.tag_len,
                                                  input_len, std::move(input));
  if (!prepared->Run(1)) {
    return check_failed("timed open rejected the tag (" + prepared->error() + ")");
  }
  if (std::string diff = CompareBytes("opened plaintext", prepared->output(), plaintext);
      !diff.empty()) {
    return check_failed(diff);
  }
  return prepared;
}

}  // namespace cryptobench::backends::nettle
