// Unauthenticated ciphers through gnutls_cipher_* (gnutls/crypto.h): AES-CBC, AES-XTS,
// 3DES-CBC and ChaCha20.
#include <cstring>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/common/keyed_cipher.h"
#include "backends/gnutls/gnutls_internal.h"

namespace cryptobench::backends::gnutls {
namespace {

struct CipherDeleter {
  void operator()(gnutls_cipher_hd_t h) const { gnutls_cipher_deinit(h); }
};
using CipherHandle = std::unique_ptr<std::remove_pointer_t<gnutls_cipher_hd_t>, CipherDeleter>;

bool IsXts(const AlgorithmInfo& alg) { return alg.mode == AlgorithmMode::kXts; }

// Key and IV lengths must be GnuTLS's for the cipher ("" if they are).
std::string CheckLengths(gnutls_cipher_algorithm_t id, size_t key_len, size_t iv_len) {
  const size_t want_key = gnutls_cipher_get_key_size(id);
  const size_t want_iv = gnutls_cipher_get_iv_size(id);
  if (key_len != want_key) {
    return "key is " + std::to_string(key_len) + " bytes, GnuTLS needs " + std::to_string(want_key);
  }
  if (iv_len != want_iv) {
    return "IV is " + std::to_string(iv_len) + " bytes, GnuTLS needs " + std::to_string(want_iv);
  }
  return "";
}

CipherHandle NewCipher(gnutls_cipher_algorithm_t id, std::span<const uint8_t> key,
                       std::span<const uint8_t> iv, std::string* error) {
  gnutls_cipher_hd_t handle = nullptr;
  const gnutls_datum_t key_datum = Datum(key);
  const gnutls_datum_t iv_datum = Datum(iv);
  if (const int rc = gnutls_cipher_init(&handle, id, &key_datum, iv.empty() ? nullptr : &iv_datum);
      rc < 0) {
    *error = CallError("gnutls_cipher_init", rc);
    return nullptr;
  }
  return CipherHandle(handle);
}

// One cipher call over `len` bytes on a keyed handle.
int CipherCall(gnutls_cipher_hd_t handle, bool decrypt, const uint8_t* in, size_t len,
               uint8_t* out) {
  return decrypt ? gnutls_cipher_decrypt2(handle, in, len, out, len)
                 : gnutls_cipher_encrypt2(handle, in, len, out, len);
}

// The timed cipher operation: one encrypt (or decrypt) call over the input on a long-lived
// handle; CBC and ChaCha20 continue their stream. XTS sets its tweak first, so every call is
// a fresh data unit (as the OpenSSL backend does).
class CipherOperation : public TimedCipherBuffers {
 public:
  CipherOperation(CipherHandle handle, bool decrypt, bool reset_iv, std::vector<uint8_t> iv,
                  AlignedBuffer in)
      : TimedCipherBuffers(std::move(in)),
        handle_(std::move(handle)),
        decrypt_(decrypt),
        reset_iv_(reset_iv),
        iv_(std::move(iv)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (reset_iv_) {
        gnutls_cipher_set_iv(handle_.get(), iv_.data(), iv_.size());
      }
      if (const int rc = CipherCall(handle_.get(), decrypt_, in_.data(), in_.size(), out_.data());
          rc < 0) {
        error_ = CallError(decrypt_ ? "gnutls_cipher_decrypt2" : "gnutls_cipher_encrypt2", rc);
        return false;
      }
    }
    return true;
  }

 private:
  CipherHandle handle_;
  bool decrypt_;
  bool reset_iv_;
  std::vector<uint8_t> iv_;
};

}  // namespace

bool CipherSupported(const AlgorithmInfo& alg) {
  const gnutls_cipher_algorithm_t id = IdsFor(alg).cipher;
  std::string ignored;
  return alg.kind == AlgorithmKind::kCipher && id != GNUTLS_CIPHER_UNKNOWN &&
         NewCipher(id, PatternBytes(gnutls_cipher_get_key_size(id), kKeySeed),
                   PatternBytes(gnutls_cipher_get_iv_size(id), kIvSeed), &ignored) != nullptr;
}

namespace {

std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output) {
  const gnutls_cipher_algorithm_t id = IdsFor(alg).cipher;
  if (alg.kind != AlgorithmKind::kCipher || id == GNUTLS_CIPHER_UNKNOWN) {
    return kNotOffered;
  }
  if (std::string bad = CheckLengths(id, key.size(), iv.size()); !bad.empty()) {
    return bad;
  }
  std::string error;
  CipherHandle handle = NewCipher(id, key, iv, &error);
  if (!handle) {
    return error;
  }
  output->assign(input.size(), 0);
  if (const int rc = CipherCall(handle.get(), decrypt, input.data(), input.size(), output->data());
      rc < 0) {
    return CallError(decrypt ? "gnutls_cipher_decrypt2" : "gnutls_cipher_encrypt2", rc);
  }
  return "";
}

}  // namespace

std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, PrepareFailure* failure,
                                                 std::string* error) {
  const gnutls_cipher_algorithm_t id = IdsFor(alg).cipher;
  if (alg.kind != AlgorithmKind::kCipher || id == GNUTLS_CIPHER_UNKNOWN ||
      (op != Operation::kEncrypt && op != Operation::kDecrypt)) {
    return PrepareOffersNo("GnuTLS", alg, op, failure, error);
  }
  const bool decrypt = op == Operation::kDecrypt;
  // CBC needs whole blocks (no padding); XTS at least one block per data unit; ChaCha20 is a
  // stream cipher.
  const bool cbc = alg.mode == AlgorithmMode::kCbc;
  FunctionKatTarget target({.cipher = &CipherOneShot});
  return PrepareCipherRoundTrip(
      target, alg, decrypt, input_len, {cbc, IsXts(alg), gnutls_cipher_get_iv_size(id)},
      [&](const Bytes& key, const Bytes& iv, AlignedBuffer input,
          std::string* message) -> std::unique_ptr<CipherOperation> {
        CipherHandle handle = NewCipher(id, key, iv, message);
        return handle ? std::make_unique<CipherOperation>(std::move(handle), decrypt, IsXts(alg),
                                                          iv, std::move(input))
                      : nullptr;
      },
      failure, error);
}

OneShotFunctions CipherOneShots() { return {.cipher = &CipherOneShot}; }

}  // namespace cryptobench::backends::gnutls
