// Ciphers through gnutls_cipher_* and AEADs through gnutls_aead_cipher_* (gnutls/crypto.h).
#include <cstring>
#include <vector>

#include "backends/gnutls/gnutls_internal.h"
#include "backends/openssl/buffers.h"

namespace cryptobench::backends::gnutls {
namespace {

using openssl::AlignedBuffer;
using openssl::CompareBytes;
using openssl::CorruptIfTesting;
using openssl::PatternBytes;
using openssl::PrepareFailed;

struct CipherDeleter {
  void operator()(gnutls_cipher_hd_t h) const { gnutls_cipher_deinit(h); }
};
struct AeadDeleter {
  void operator()(gnutls_aead_cipher_hd_t h) const { gnutls_aead_cipher_deinit(h); }
};
using CipherHandle = std::unique_ptr<std::remove_pointer_t<gnutls_cipher_hd_t>, CipherDeleter>;
using AeadHandle = std::unique_ptr<std::remove_pointer_t<gnutls_aead_cipher_hd_t>, AeadDeleter>;

bool IsXts(const AlgorithmInfo& alg) { return alg.name.ends_with("-XTS"); }

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

AeadHandle NewAead(gnutls_cipher_algorithm_t id, std::span<const uint8_t> key, std::string* error) {
  gnutls_aead_cipher_hd_t handle = nullptr;
  const gnutls_datum_t key_datum = Datum(key);
  if (const int rc = gnutls_aead_cipher_init(&handle, id, &key_datum); rc < 0) {
    *error = CallError("gnutls_aead_cipher_init", rc);
    return nullptr;
  }
  return AeadHandle(handle);
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
class CipherOperation : public PreparedOperation {
 public:
  CipherOperation(CipherHandle handle, bool decrypt, bool reset_iv, std::vector<uint8_t> iv,
                  AlignedBuffer in)
      : handle_(std::move(handle)),
        decrypt_(decrypt),
        reset_iv_(reset_iv),
        iv_(std::move(iv)),
        in_(std::move(in)),
        out_(in_.size()) {}

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

  Bytes output() const { return Bytes(out_.data(), out_.data() + out_.size()); }

 private:
  CipherHandle handle_;
  bool decrypt_;
  bool reset_iv_;
  std::vector<uint8_t> iv_;
  AlignedBuffer in_;
  AlignedBuffer out_;
};

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

std::unique_ptr<PreparedOperation> PrepareCipher(GnutlsTarget& target, const AlgorithmInfo& alg,
                                                 gnutls_cipher_algorithm_t id, bool decrypt,
                                                 size_t input_len, bool corrupt,
                                                 PrepareFailure* failure, std::string* error) {
  // CBC needs whole blocks (no padding); XTS at least one block per data unit; ChaCha20 is a
  // stream cipher.
  const bool cbc = alg.name.ends_with("-CBC");
  if (input_len == 0 || (cbc && input_len % alg.block_len != 0) ||
      (IsXts(alg) && input_len < alg.block_len)) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         std::string(alg.name) + " cannot encrypt " + std::to_string(input_len) +
                             " bytes: " + (cbc ? "it needs whole " : "it needs at least one ") +
                             std::to_string(alg.block_len) + "-byte block" + (cbc ? "s" : ""),
                         failure, error);
  }
  // XTS keys are two AES keys that must differ (IEEE 1619 5.1): the pattern never repeats.
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes iv = PatternBytes(gnutls_cipher_get_iv_size(id), kIvSeed);
  const Bytes plaintext = PatternBytes(input_len, kInputSeed);
  std::string message;
  AlignedBuffer input(input_len);
  Bytes ciphertext;
  if (decrypt) {
    if (message = target.Cipher(alg, false, key, iv, plaintext, &ciphertext); !message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    std::memcpy(input.data(), ciphertext.data(), input_len);
  } else {
    std::memcpy(input.data(), plaintext.data(), input_len);
  }
  CipherHandle handle = NewCipher(id, key, iv, &message);
  if (!handle) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  auto prepared = std::make_unique<CipherOperation>(std::move(handle), decrypt, IsXts(alg), iv,
                                                    std::move(input));
  if (!prepared->Run(1)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  // The first timed call starts from the same key and IV as a fresh handle.
  Bytes out = prepared->output();
  CorruptIfTesting(corrupt, out);
  std::string mismatch;
  if (decrypt) {
    mismatch = CompareBytes("decrypted text", out, plaintext);
  } else if (out == plaintext) {
    mismatch = "ciphertext equals the plaintext";
  } else {
    Bytes recovered;
    if (message = target.Cipher(alg, true, key, iv, out, &recovered); !message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    mismatch = CompareBytes("decryption of the timed ciphertext", recovered, plaintext);
  }
  if (!mismatch.empty()) {
    return PrepareFailed(PrepareFailure::kCheckFailed,
                         std::string(alg.name) + " round trip at " + std::to_string(input_len) +
                             " bytes: " + mismatch,
                         failure, error);
  }
  return prepared;
}

std::unique_ptr<PreparedOperation> PrepareAead(GnutlsTarget& target, const AlgorithmInfo& alg,
                                               gnutls_cipher_algorithm_t id, bool seal,
                                               size_t input_len, bool corrupt,
                                               PrepareFailure* failure, std::string* error) {
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes aad = PatternBytes(kTimedAadLen, kAadSeed);
  const Bytes plaintext = PatternBytes(input_len, kInputSeed);
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
    CorruptIfTesting(corrupt, sealed);
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
  CorruptIfTesting(corrupt, sealed);
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

}  // namespace

bool SymmetricSupported(const AlgorithmInfo& alg) {
  const GnutlsIds ids = IdsFor(alg);
  std::string ignored;
  switch (alg.kind) {
    case AlgorithmKind::kCipher:
      return ids.cipher != GNUTLS_CIPHER_UNKNOWN &&
             NewCipher(ids.cipher, PatternBytes(gnutls_cipher_get_key_size(ids.cipher), kKeySeed),
                       PatternBytes(gnutls_cipher_get_iv_size(ids.cipher), kIvSeed), &ignored);
    case AlgorithmKind::kAead:
      return ids.cipher != GNUTLS_CIPHER_UNKNOWN &&
             NewAead(ids.cipher, PatternBytes(alg.key_len, kKeySeed), &ignored);
    case AlgorithmKind::kHash: {
      gnutls_hash_hd_t handle = nullptr;
      if (ids.digest == GNUTLS_DIG_UNKNOWN || gnutls_hash_init(&handle, ids.digest) < 0) {
        return false;
      }
      gnutls_hash_deinit(handle, nullptr);
      return true;
    }
    case AlgorithmKind::kMac: {
      gnutls_hmac_hd_t handle = nullptr;
      const Bytes key = PatternBytes(alg.key_len, kKeySeed);
      if (ids.mac == GNUTLS_MAC_UNKNOWN ||
          gnutls_hmac_init(&handle, ids.mac, key.data(), key.size()) < 0) {
        return false;
      }
      gnutls_hmac_deinit(handle, nullptr);
      return true;
    }
    case AlgorithmKind::kSignature:
    case AlgorithmKind::kKeyAgreement:
      break;
  }
  return false;
}

std::string GnutlsTarget::Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key,
                                 const Bytes& iv, const Bytes& input, Bytes* output) {
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

std::unique_ptr<PreparedOperation> PrepareCipherOrAead(GnutlsTarget& target,
                                                       const AlgorithmInfo& alg, Operation op,
                                                       size_t input_len, bool corrupt,
                                                       PrepareFailure* failure,
                                                       std::string* error) {
  const gnutls_cipher_algorithm_t id = IdsFor(alg).cipher;
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation", failure,
        error);
  }
  if (id == GNUTLS_CIPHER_UNKNOWN) {
    return PrepareFailed(PrepareFailure::kLibraryError, "GnuTLS offers no " + std::string(alg.name),
                         failure, error);
  }
  const bool encrypt = op == Operation::kEncrypt;
  return alg.kind == AlgorithmKind::kAead
             ? PrepareAead(target, alg, id, encrypt, input_len, corrupt, failure, error)
             : PrepareCipher(target, alg, id, !encrypt, input_len, corrupt, failure, error);
}

}  // namespace cryptobench::backends::gnutls
