// AEADs: AES-GCM (gcm.h), AES-128-CCM (ccm.h, the one-call message functions) and
// ChaCha20-Poly1305 (chacha-poly1305.h).
#include <string>

#include <nettle/ccm.h>
#include <nettle/chacha-poly1305.h>
#include <nettle/gcm.h>
#include <nettle/memops.h>

#include "backends/common/aead_adapter.h"
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

// The AEAD adapter's engine (common/aead_adapter.h): a keyed Nettle AEAD. Seal and Open each
// process one whole message: nonce, AAD, data, tag.
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

  // Writes len bytes of ciphertext then tag_len bytes of tag to `out`. Nettle's calls cannot
  // fail (the shape was checked at keying), so this is always true.
  bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, uint8_t* out, size_t tag_len, std::string* /*error*/) {
    switch (kind_) {
      case AeadKind::kGcm128:
        gcm_aes128_set_iv(&gcm128_, nonce.size(), nonce.data());
        gcm_aes128_update(&gcm128_, aad.size(), aad.data());
        gcm_aes128_encrypt(&gcm128_, len, out, in);
        gcm_aes128_digest(&gcm128_, tag_len, out + len);
        break;
      case AeadKind::kGcm256:
        gcm_aes256_set_iv(&gcm256_, nonce.size(), nonce.data());
        gcm_aes256_update(&gcm256_, aad.size(), aad.data());
        gcm_aes256_encrypt(&gcm256_, len, out, in);
        gcm_aes256_digest(&gcm256_, tag_len, out + len);
        break;
      case AeadKind::kCcm128:
        ccm_aes128_encrypt_message(&ccm128_, nonce.size(), nonce.data(), aad.size(), aad.data(),
                                   tag_len, len + tag_len, out, in);
        break;
      case AeadKind::kChaChaPoly:
        chacha_poly1305_set_nonce(&chacha_poly_, nonce.data());
        chacha_poly1305_update(&chacha_poly_, aad.size(), aad.data());
        chacha_poly1305_encrypt(&chacha_poly_, len, out, in);
        chacha_poly1305_digest(&chacha_poly_, tag_len, out + len);
        break;
      case AeadKind::kNone:
        break;
    }
    return true;
  }

  // Opens len bytes of ciphertext followed by tag_len bytes of tag into `out`; kRejected if
  // the tag does not verify (compared in constant time, memops.h).
  AeadOpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad,
                      const uint8_t* in, size_t len, size_t tag_len, uint8_t* out,
                      std::string* error) {
    if (Verified(nonce, aad, in, len, tag_len, out)) {
      return AeadOpenResult::kAccepted;
    }
    *error = "the tag did not verify";
    return AeadOpenResult::kRejected;
  }

 private:
  bool Verified(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
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

  AeadKind kind_;
  gcm_aes128_ctx gcm128_{};
  gcm_aes256_ctx gcm256_{};
  ccm_aes128_ctx ccm128_{};
  chacha_poly1305_ctx chacha_poly_{};
};

// The binding: catalogue entry -> Nettle's AEAD (KindOf), with the nonce and tag shape checked.
std::unique_ptr<AeadEngine> NewEngine(const AlgorithmInfo& alg, bool /*decrypt*/,
                                      std::span<const uint8_t> key, std::span<const uint8_t> nonce,
                                      size_t tag_len, std::string* error) {
  auto engine = std::make_unique<AeadEngine>(KindOf(alg));
  *error = engine->SetKey(key);
  if (error->empty()) {
    *error = engine->CheckShape(nonce.size(), tag_len);
  }
  return error->empty() ? std::move(engine) : nullptr;
}

}  // namespace

bool AeadSupported(const AlgorithmInfo& alg) { return KindOf(alg) != AeadKind::kNone; }

namespace {

std::unique_ptr<PreparedOperation> NoSuchAead(const AlgorithmInfo& alg, Operation op,
                                              PrepareFailure* failure, std::string* error) {
  return PrepareOffersNo("Nettle", alg, op, failure, error);
}

}  // namespace

AeadEntries AeadBinding() {
  return BindAead<AeadEngine, &NewEngine, &NoSuchAead, &AeadSupported>();
}

}  // namespace cryptobench::backends::nettle
