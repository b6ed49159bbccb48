// Ciphers and AEADs through gcry_cipher_*: AES in CBC, CTR, ECB, XTS, GCM and CCM, 3DES-CBC,
// SM4-CBC, ChaCha20 (stream mode) and ChaCha20-Poly1305 (GCRY_CIPHER_MODE_POLY1305).
#include <cstring>
#include <vector>

#include "backends/common/buffers.h"
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

// One AEAD message on a keyed handle: nonce, (CCM) lengths, AAD, data, tag. Seal writes the
// tag; open checks it (GPG_ERR_CHECKSUM when it does not verify).
gcry_error_t AeadMessage(gcry_cipher_hd_t h, int mode, bool seal, std::span<const uint8_t> nonce,
                         std::span<const uint8_t> aad, const uint8_t* in, size_t len, uint8_t* out,
                         uint8_t* tag, size_t tag_len, const char** call) {
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
  if (err == 0) {
    *call = seal ? "gcry_cipher_gettag" : "gcry_cipher_checktag";
    err = seal ? gcry_cipher_gettag(h, tag, tag_len) : gcry_cipher_checktag(h, tag, tag_len);
  }
  return err;
}

// Writes `counter` big-endian into the last (up to 8) bytes of `nonce`.
void SetNonceCounter(std::span<uint8_t> nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

// The timed operation. Cipher: one encrypt (decrypt) call over the input on a long-lived
// handle, continuing the chain or stream; XTS sets its tweak first (one data unit per call).
// AEAD: one message, sealed with a fresh nonce, or one fixed sealed message opened.
class CipherOperation : public PreparedOperation {
 public:
  CipherOperation(CipherHandle handle, CipherId id, bool aead, bool decrypt, Bytes iv, Bytes aad,
                  size_t tag_len, AlignedBuffer in, Bytes tag)
      : handle_(std::move(handle)),
        id_(id),
        aead_(aead),
        decrypt_(decrypt),
        iv_(std::move(iv)),
        aad_(std::move(aad)),
        in_(std::move(in)),
        out_(in_.size()),
        tag_(tag.empty() ? Bytes(tag_len) : std::move(tag)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      gcry_error_t err = 0;
      const char* call = decrypt_ ? "gcry_cipher_decrypt" : "gcry_cipher_encrypt";
      if (aead_) {
        if (!decrypt_) {
          SetNonceCounter(iv_, ++counter_);
        }
        err = AeadMessage(handle_.get(), id_.mode, !decrypt_, iv_, aad_, in_.data(), in_.size(),
                          out_.data(), tag_.data(), tag_.size(), &call);
        tag_rejected_ = gcry_err_code(err) == GPG_ERR_CHECKSUM;
      } else {
        if (id_.mode == GCRY_CIPHER_MODE_XTS) {
          err = gcry_cipher_setiv(handle_.get(), iv_.data(), iv_.size());
          call = "gcry_cipher_setiv";
        }
        if (err == 0) {
          err = Crypt(handle_.get(), decrypt_, in_.data(), in_.size(), out_.data());
        }
      }
      if (err != 0) {
        error_ = CallError(call, err);
        return false;
      }
    }
    return true;
  }

  Bytes output() const { return Bytes(out_.data(), out_.data() + out_.size()); }
  const Bytes& tag() const { return tag_; }
  const Bytes& nonce() const { return iv_; }
  bool tag_rejected() const { return tag_rejected_; }

 private:
  CipherHandle handle_;
  CipherId id_;
  bool aead_;
  bool decrypt_;
  Bytes iv_;  // cipher IV, or the AEAD nonce
  Bytes aad_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  Bytes tag_;  // seal: the latest tag; open: the expected tag
  uint64_t counter_ = 0;
  bool tag_rejected_ = false;
};

std::unique_ptr<PreparedOperation> PrepareCipher(GcryptTarget& target, const AlgorithmInfo& alg,
                                                 CipherId id, bool decrypt, size_t input_len,
                                                 PrepareFailure* failure, std::string* error) {
  // CBC and ECB need whole blocks (no padding); XTS at least one block per data unit.
  const bool whole_blocks = id.mode == GCRY_CIPHER_MODE_CBC || id.mode == GCRY_CIPHER_MODE_ECB;
  const bool xts = id.mode == GCRY_CIPHER_MODE_XTS;
  if (input_len == 0 || (whole_blocks && input_len % alg.block_len != 0) ||
      (xts && input_len < alg.block_len)) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         std::string(alg.name) + " cannot encrypt " + std::to_string(input_len) +
                             " bytes: it needs " + (whole_blocks ? "whole " : "at least one ") +
                             std::to_string(alg.block_len) + "-byte block" +
                             (whole_blocks ? "s" : ""),
                         failure, error);
  }
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes iv = PatternBytes(alg.iv_len, kIvSeed);
  const Bytes plaintext = PatternBytes(input_len, kMessageSeed);
  std::string message;
  AlignedBuffer input(input_len);
  if (decrypt) {
    Bytes ciphertext;
    if (message = target.Cipher(alg, false, key, iv, plaintext, &ciphertext); !message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    std::memcpy(input.data(), ciphertext.data(), input_len);
  } else {
    std::memcpy(input.data(), plaintext.data(), input_len);
  }
  CipherHandle handle = NewHandle(id, key, iv, &message);
  if (!handle) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  auto prepared = std::make_unique<CipherOperation>(std::move(handle), id, false, decrypt, iv,
                                                    Bytes(), 0, std::move(input), Bytes());
  if (!prepared->Run(1)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  // The first timed call starts from the same key and IV as a fresh handle.
  Bytes out = prepared->output();
  CorruptIfTesting(out);
  if (!CheckCipherRoundTrip(
          alg, !decrypt, input_len, plaintext, out,
          [&](const Bytes& in, Bytes* back) { return target.Cipher(alg, true, key, iv, in, back); },
          failure, error)) {
    return nullptr;
  }
  return prepared;
}

std::unique_ptr<PreparedOperation> PrepareAead(GcryptTarget& target, const AlgorithmInfo& alg,
                                               CipherId id, bool seal, size_t input_len,
                                               PrepareFailure* failure, std::string* error) {
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes aad = PatternBytes(kTimedAadLen, kAadSeed);
  const Bytes plaintext = PatternBytes(input_len, kMessageSeed);
  const Bytes nonce = PatternBytes(alg.iv_len, kIvSeed);
  std::string message;
  CipherHandle handle = NewHandle(id, key, {}, &message);
  if (!handle) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  auto check_failed = [&](const std::string& what) {
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + what, failure,
        error);
  };
  AlignedBuffer input(input_len);
  if (seal) {
    std::memcpy(input.data(), plaintext.data(), input_len);
    auto prepared = std::make_unique<CipherOperation>(std::move(handle), id, true, false, nonce,
                                                      aad, alg.tag_len, std::move(input), Bytes());
    if (!prepared->Run(1)) {
      return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
    }
    Bytes ciphertext = prepared->output();
    Bytes tag = prepared->tag();
    CorruptIfTesting(ciphertext.empty() ? tag : ciphertext);
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
  CorruptIfTesting(ciphertext.empty() ? tag : ciphertext);
  std::memcpy(input.data(), ciphertext.data(), input_len);
  auto prepared = std::make_unique<CipherOperation>(std::move(handle), id, true, true, nonce, aad,
                                                    alg.tag_len, std::move(input), tag);
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

}  // namespace

bool CipherOrAeadSupported(const AlgorithmInfo& alg) {
  const CipherId id = IdOf(alg);
  return id.algo != 0 && gcry_cipher_test_algo(id.algo) == 0;
}

std::string GcryptTarget::Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key,
                                 const Bytes& iv, const Bytes& input, Bytes* output) {
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

std::string GcryptTarget::Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                               const Bytes& aad, const Bytes& plaintext, size_t tag_len,
                               Bytes* ciphertext, Bytes* tag) {
  const CipherId id = IdOf(alg);
  if (alg.kind != AlgorithmKind::kAead || id.algo == 0) {
    return kNotOffered;
  }
  std::string error;
  CipherHandle handle = NewHandle(id, key, {}, &error);
  if (!handle) {
    return error;
  }
  ciphertext->assign(plaintext.size(), 0);
  tag->assign(tag_len, 0);
  const char* call = "";
  if (gcry_error_t err =
          AeadMessage(handle.get(), id.mode, true, nonce, aad, plaintext.data(), plaintext.size(),
                      ciphertext->data(), tag->data(), tag_len, &call);
      err != 0) {
    return CallError(call, err);
  }
  return "";
}

std::string GcryptTarget::Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                               const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                               Bytes* plaintext, bool* authentic) {
  const CipherId id = IdOf(alg);
  if (alg.kind != AlgorithmKind::kAead || id.algo == 0) {
    return kNotOffered;
  }
  *authentic = false;
  std::string error;
  CipherHandle handle = NewHandle(id, key, {}, &error);
  if (!handle) {
    return error;
  }
  plaintext->assign(ciphertext.size(), 0);
  Bytes expected_tag = tag;
  const char* call = "";
  const gcry_error_t err =
      AeadMessage(handle.get(), id.mode, false, nonce, aad, ciphertext.data(), ciphertext.size(),
                  plaintext->data(), expected_tag.data(), expected_tag.size(), &call);
  if (gcry_err_code(err) == GPG_ERR_CHECKSUM) {
    return "";
  }
  if (err != 0) {
    return CallError(call, err);
  }
  *authentic = true;
  return "";
}

std::unique_ptr<PreparedOperation> PrepareCipherOrAead(GcryptTarget& target,
                                                       const AlgorithmInfo& alg, Operation op,
                                                       size_t input_len, PrepareFailure* failure,
                                                       std::string* error) {
  const CipherId id = IdOf(alg);
  if (id.algo == 0 || (op != Operation::kEncrypt && op != Operation::kDecrypt)) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        "libgcrypt offers no " + std::string(OperationName(op)) + " for " + std::string(alg.name),
        failure, error);
  }
  const bool encrypt = op == Operation::kEncrypt;
  return alg.kind == AlgorithmKind::kAead
             ? PrepareAead(target, alg, id, encrypt, input_len, failure, error)
             : PrepareCipher(target, alg, id, !encrypt, input_len, failure, error);
}

}  // namespace cryptobench::backends::gcrypt
