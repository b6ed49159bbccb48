// Ciphers and AEADs through gcry_cipher_*: AES in CBC, CTR, ECB, XTS, GCM and CCM, 3DES-CBC,
// SM4-CBC, ChaCha20 (stream mode) and ChaCha20-Poly1305 (GCRY_CIPHER_MODE_POLY1305).
#include <cstring>
#include <utility>
#include <vector>

#include "backends/common/aead_adapter.h"
#include "backends/common/buffers.h"
#include "backends/common/keyed_cipher.h"
#include "backends/gcrypt/gcrypt_internal.h"

namespace cryptobench::backends::gcrypt {
namespace {

struct CipherId {
  int algo = 0;
  int mode = 0;
};

CipherId IdOf(const AlgorithmInfo& alg) {
  struct Entry {
    std::string_view name;
    CipherId id;
  };
  static const Entry kTable[] = {
      {"AES-128-CBC", {GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CBC}},
      {"AES-192-CBC", {GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_CBC}},
      {"AES-256-CBC", {GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_CBC}},
      {"AES-128-CTR", {GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CTR}},
      {"AES-256-CTR", {GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_CTR}},
      {"AES-128-ECB", {GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_ECB}},
      {"AES-256-ECB", {GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_ECB}},
      {"AES-128-XTS", {GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_XTS}},
      {"AES-256-XTS", {GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_XTS}},
      {"DES-EDE3-CBC", {GCRY_CIPHER_3DES, GCRY_CIPHER_MODE_CBC}},
      {"SM4-CBC", {GCRY_CIPHER_SM4, GCRY_CIPHER_MODE_CBC}},
      {"ChaCha20", {GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_STREAM}},
      {"AES-128-GCM", {GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_GCM}},
      {"AES-256-GCM", {GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM}},
      {"AES-128-CCM", {GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CCM}},
      {"ChaCha20-Poly1305", {GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305}},
  };
  if (alg.kind == AlgorithmKind::kCipher || alg.kind == AlgorithmKind::kAead) {
    for (const Entry& entry : kTable) {
      if (entry.name == alg.name) {
        return entry.id;
      }
    }
  }
  return {};
}

struct CipherClose {
  void operator()(gcry_cipher_hd_t h) const { gcry_cipher_close(h); }
};
using CipherHandle = std::unique_ptr<std::remove_pointer_t<gcry_cipher_hd_t>, CipherClose>;

// A handle with the key set, and for ciphers the IV (CTR: the counter block).
CipherHandle NewHandle(CipherId id, std::span<const uint8_t> key, std::span<const uint8_t> iv,
                       std::string* error) {
  gcry_cipher_hd_t raw = nullptr;
  if (gcry_error_t err = gcry_cipher_open(&raw, id.algo, id.mode, 0); err != 0) {
    *error = CallError("gcry_cipher_open", err);
    return nullptr;
  }
  CipherHandle handle(raw);
  if (gcry_error_t err = gcry_cipher_setkey(raw, key.data(), key.size()); err != 0) {
    *error = CallError("gcry_cipher_setkey", err);
    return nullptr;
  }
  if (!iv.empty()) {
    // ChaCha20 takes the 16-byte RFC 8439 block (32-bit counter, 96-bit nonce) as its IV.
    const gcry_error_t err = id.mode == GCRY_CIPHER_MODE_CTR
                                 ? gcry_cipher_setctr(raw, iv.data(), iv.size())
                                 : gcry_cipher_setiv(raw, iv.data(), iv.size());
    if (err != 0) {
      *error = CallError(
          id.mode == GCRY_CIPHER_MODE_CTR ? "gcry_cipher_setctr" : "gcry_cipher_setiv", err);
      return nullptr;
    }
  }
  return handle;
}

gcry_error_t Crypt(gcry_cipher_hd_t h, bool decrypt, const uint8_t* in, size_t len, uint8_t* out) {
  return decrypt ? gcry_cipher_decrypt(h, out, len, in, len)
                 : gcry_cipher_encrypt(h, out, len, in, len);
}

// One AEAD message on a keyed handle up to its tag: nonce, (CCM) lengths, AAD, data. The caller
// then gets (seal) or checks (open) the tag. *call names the call that failed.
gcry_error_t AeadMessage(gcry_cipher_hd_t h, int mode, bool seal, std::span<const uint8_t> nonce,
                         std::span<const uint8_t> aad, const uint8_t* in, size_t len, uint8_t* out,
                         size_t tag_len, const char** call) {
  static const uint8_t kEmpty = 0;
  *call = "gcry_cipher_setiv";
  gcry_error_t err = gcry_cipher_setiv(h, nonce.data(), nonce.size());
  if (err == 0 && mode == GCRY_CIPHER_MODE_CCM) {
    *call = "gcry_cipher_ctl(GCRYCTL_SET_CCM_LENGTHS)";
    uint64_t lengths[3] = {len, aad.size(), tag_len};
    err = gcry_cipher_ctl(h, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof(lengths));
  }
  if (err == 0) {
    *call = "gcry_cipher_authenticate";
    err = gcry_cipher_authenticate(h, aad.empty() ? &kEmpty : aad.data(), aad.size());
  }
  if (err == 0) {
    *call = seal ? "gcry_cipher_encrypt" : "gcry_cipher_decrypt";
    uint8_t scratch = 0;  // a valid pointer for an empty message
    err = Crypt(h, !seal, len == 0 ? &kEmpty : in, len, len == 0 ? &scratch : out);
  }
  return err;
}

// The AEAD adapter's engine (common/aead_adapter.h): one keyed handle of an AEAD mode; the nonce
// is set per message.
class AeadEngine {
 public:
  AeadEngine(CipherHandle handle, int mode) : handle_(std::move(handle)), mode_(mode) {}

  bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, uint8_t* out, size_t tag_len, std::string* error) {
    const char* call = "";
    gcry_error_t err =
        AeadMessage(handle_.get(), mode_, true, nonce, aad, in, len, out, tag_len, &call);
    if (err == 0) {
      call = "gcry_cipher_gettag";
      err = gcry_cipher_gettag(handle_.get(), out + len, tag_len);
    }
    if (err != 0) {
      *error = CallError(call, err);
      return false;
    }
    return true;
  }

  // GPG_ERR_CHECKSUM from gcry_cipher_checktag: the tag does not verify.
  AeadOpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad,
                      const uint8_t* in, size_t len, size_t tag_len, uint8_t* out,
                      std::string* error) {
    const char* call = "";
    gcry_error_t err =
        AeadMessage(handle_.get(), mode_, false, nonce, aad, in, len, out, tag_len, &call);
    if (err == 0) {
      call = "gcry_cipher_checktag";
      err = gcry_cipher_checktag(handle_.get(), in + len, tag_len);
    }
    if (err == 0) {
      return AeadOpenResult::kAccepted;
    }
    *error = CallError(call, err);
    return gcry_err_code(err) == GPG_ERR_CHECKSUM ? AeadOpenResult::kRejected
                                                  : AeadOpenResult::kError;
  }

 private:
  CipherHandle handle_;
  int mode_;
};

// The binding: catalogue entry -> libgcrypt's cipher and mode (IdOf); the handle is keyed here,
// the nonce set per message.
std::unique_ptr<AeadEngine> NewAeadEngine(const AlgorithmInfo& alg, bool /*decrypt*/,
                                          std::span<const uint8_t> key,
                                          std::span<const uint8_t> /*nonce*/, size_t /*tag_len*/,
                                          std::string* error) {
  const CipherId id = IdOf(alg);
  CipherHandle handle = NewHandle(id, key, {}, error);
  return handle ? std::make_unique<AeadEngine>(std::move(handle), id.mode) : nullptr;
}

// The timed cipher operation: one encrypt (decrypt) call over the input on a long-lived handle,
// continuing the chain or stream; XTS sets its tweak first (one data unit per call).
class CipherOperation : public TimedCipherBuffers {
 public:
  CipherOperation(CipherHandle handle, CipherId id, bool decrypt, Bytes iv, AlignedBuffer in)
      : TimedCipherBuffers(std::move(in)),
        handle_(std::move(handle)),
        id_(id),
        decrypt_(decrypt),
        iv_(std::move(iv)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      gcry_error_t err = 0;
      const char* call = decrypt_ ? "gcry_cipher_decrypt" : "gcry_cipher_encrypt";
      if (id_.mode == GCRY_CIPHER_MODE_XTS) {
        err = gcry_cipher_setiv(handle_.get(), iv_.data(), iv_.size());
        call = "gcry_cipher_setiv";
      }
      if (err == 0) {
        err = Crypt(handle_.get(), decrypt_, in_.data(), in_.size(), out_.data());
      }
      if (err != 0) {
        error_ = CallError(call, err);
        return false;
      }
    }
    return true;
  }

 private:
  CipherHandle handle_;
  CipherId id_;
  bool decrypt_;
  Bytes iv_;
};

std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output);

std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, CipherId id,
                                                 bool decrypt, size_t input_len,
                                                 PrepareFailure* failure, std::string* error) {
  FunctionKatTarget target({.cipher = &CipherOneShot});
  // CBC and ECB need whole blocks (no padding); XTS at least one block per data unit.
  const bool whole_blocks = id.mode == GCRY_CIPHER_MODE_CBC || id.mode == GCRY_CIPHER_MODE_ECB;
  const bool xts = id.mode == GCRY_CIPHER_MODE_XTS;
  return PrepareCipherRoundTrip(
      target, alg, decrypt, input_len, {whole_blocks, xts, alg.iv_len},
      [&](const Bytes& key, const Bytes& iv, AlignedBuffer input,
          std::string* message) -> std::unique_ptr<CipherOperation> {
        CipherHandle handle = NewHandle(id, key, iv, message);
        return handle ? std::make_unique<CipherOperation>(std::move(handle), id, decrypt, iv,
                                                          std::move(input))
                      : nullptr;
      },
      failure, error);
}

}  // namespace

bool CipherOrAeadSupported(const AlgorithmInfo& alg) {
  const CipherId id = IdOf(alg);
  return id.algo != 0 && gcry_cipher_test_algo(id.algo) == 0;
}

namespace {

std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output) {
  const CipherId id = IdOf(alg);
  if (alg.kind != AlgorithmKind::kCipher || id.algo == 0) {
    return kNotOffered;
  }
  if (key.size() != alg.key_len || iv.size() != alg.iv_len) {
    return "key or IV length differs from " + std::string(alg.name) + "'s";
  }
  std::string error;
  CipherHandle handle = NewHandle(id, key, iv, &error);
  if (!handle) {
    return error;
  }
  output->assign(input.size(), 0);
  if (gcry_error_t err = Crypt(handle.get(), decrypt, input.data(), input.size(), output->data());
      err != 0) {
    return CallError(decrypt ? "gcry_cipher_decrypt" : "gcry_cipher_encrypt", err);
  }
  return "";
}

std::string SealOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                        Bytes* tag) {
  if (alg.kind != AlgorithmKind::kAead || IdOf(alg).algo == 0) {
    return kNotOffered;
  }
  return AeadSealOneShot<AeadEngine>(&NewAeadEngine, alg, key, nonce, aad, plaintext, tag_len,
                                     ciphertext, tag);
}

std::string OpenOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                        Bytes* plaintext, bool* authentic) {
  if (alg.kind != AlgorithmKind::kAead || IdOf(alg).algo == 0) {
    return kNotOffered;
  }
  return AeadOpenOneShot<AeadEngine>(&NewAeadEngine, alg, key, nonce, aad, ciphertext, tag,
                                     plaintext, authentic);
}

}  // namespace

std::unique_ptr<PreparedOperation> PrepareCipherOrAead(const AlgorithmInfo& alg, Operation op,
                                                       size_t input_len, PrepareFailure* failure,
                                                       std::string* error) {
  const CipherId id = IdOf(alg);
  if (id.algo == 0 || (op != Operation::kEncrypt && op != Operation::kDecrypt)) {
    return PrepareOffersNo("libgcrypt", alg, op, failure, error);
  }
  return alg.kind == AlgorithmKind::kAead
             ? PrepareAeadWith<AeadEngine>(&NewAeadEngine, alg, op, input_len, failure, error)
             : PrepareCipher(alg, id, op == Operation::kDecrypt, input_len, failure, error);
}

OneShotFunctions CipherAndAeadOneShots() {
  return {.cipher = &CipherOneShot, .seal = &SealOneShot, .open = &OpenOneShot};
}

}  // namespace cryptobench::backends::gcrypt
