// AEADs through gnutls_aead_cipher_* (gnutls/crypto.h): AES-GCM, AES-CCM and
// ChaCha20-Poly1305.
#include <string>
#include <utility>

#include "backends/common/aead_adapter.h"
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

// The AEAD adapter's engine (common/aead_adapter.h): one keyed gnutls_aead_cipher_hd_t; GnuTLS
// writes the tag after the ciphertext and reads it from there.
class AeadEngine {
 public:
  explicit AeadEngine(AeadHandle handle) : handle_(std::move(handle)) {}

  bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, uint8_t* out, size_t tag_len, std::string* error) {
    size_t out_len = len + tag_len;
    if (const int rc =
            gnutls_aead_cipher_encrypt(handle_.get(), nonce.data(), nonce.size(), NonNullData(aad),
                                       aad.size(), tag_len, in, len, out, &out_len);
        rc < 0) {
      *error = CallError("gnutls_aead_cipher_encrypt", rc);
      return false;
    }
    return SealWroteAll("gnutls_aead_cipher_encrypt", out_len, len + tag_len, error);
  }

  AeadOpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad,
                      const uint8_t* in, size_t len, size_t tag_len, uint8_t* out,
                      std::string* error) {
    size_t out_len = len + tag_len;
    const int rc =
        gnutls_aead_cipher_decrypt(handle_.get(), nonce.data(), nonce.size(), NonNullData(aad),
                                   aad.size(), tag_len, in, len + tag_len, out, &out_len);
    if (rc >= 0) {
      return AeadOpenResult::kAccepted;
    }
    *error = CallError("gnutls_aead_cipher_decrypt", rc);
    return rc == GNUTLS_E_DECRYPTION_FAILED ? AeadOpenResult::kRejected : AeadOpenResult::kError;
  }

 private:
  AeadHandle handle_;
};

// The binding: catalogue entry -> GnuTLS's cipher id (IdsFor, gnutls_internal.h).
std::unique_ptr<AeadEngine> NewEngine(const AlgorithmInfo& alg, bool /*decrypt*/,
                                      std::span<const uint8_t> key,
                                      std::span<const uint8_t> /*nonce*/, size_t /*tag_len*/,
                                      std::string* error) {
  AeadHandle handle = NewAead(IdsFor(alg).cipher, key, error);
  return handle ? std::make_unique<AeadEngine>(std::move(handle)) : nullptr;
}

}  // namespace

bool AeadSupported(const AlgorithmInfo& alg) {
  const gnutls_cipher_algorithm_t id = IdsFor(alg).cipher;
  std::string ignored;
  return alg.kind == AlgorithmKind::kAead && id != GNUTLS_CIPHER_UNKNOWN &&
         NewAead(id, PatternBytes(alg.key_len, kKeySeed), &ignored) != nullptr;
}

namespace {

bool Bound(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kAead && IdsFor(alg).cipher != GNUTLS_CIPHER_UNKNOWN;
}

std::unique_ptr<PreparedOperation> NoSuchAead(const AlgorithmInfo& alg, Operation op,
                                              PrepareFailure* failure, std::string* error) {
  return PrepareOffersNo("GnuTLS", alg, op, failure, error);
}

}  // namespace

AeadEntries AeadBinding() { return BindAead<AeadEngine, &NewEngine, &NoSuchAead, &Bound>(); }

}  // namespace cryptobench::backends::gnutls
