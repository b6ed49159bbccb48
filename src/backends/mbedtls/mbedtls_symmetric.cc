// Ciphers and AEADs of the Mbed TLS backend (mbedtls_symmetric.h).
#include "backends/mbedtls/mbedtls_symmetric.h"

#include <algorithm>
#include <cstring>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <mbedtls/aesni.h>
#include <mbedtls/chacha20.h>
#include <mbedtls/cipher.h>

#include "backends/mbedtls/mbedtls_util.h"
#include "backends/openssl/buffers.h"

namespace cryptobench::backends::mbedtls {
namespace {

using openssl::AlignedBuffer;
using openssl::CompareBytes;
using openssl::CorruptIfTesting;
using openssl::FillPattern;
using openssl::NonNullData;
using openssl::PatternBytes;
using openssl::PrepareFailed;

// Seeds of the deterministic key, IV, plaintext and AAD patterns (as the OpenSSL backend's).
constexpr uint8_t kKeySeed = 1;
constexpr uint8_t kIvSeed = 2;
constexpr uint8_t kPlaintextSeed = 3;
constexpr uint8_t kAadSeed = 4;
// AAD bytes per timed AEAD message: the OpenSSL backend's kTimedAadLen (a TLS record header).
constexpr size_t kTimedAadLen = 13;

struct CipherType {
  std::string_view name;
  mbedtls_cipher_type_t type;
};

constexpr CipherType kCipherTypes[] = {
    {"AES-128-CBC", MBEDTLS_CIPHER_AES_128_CBC},
    {"AES-192-CBC", MBEDTLS_CIPHER_AES_192_CBC},
    {"AES-256-CBC", MBEDTLS_CIPHER_AES_256_CBC},
    {"AES-128-CTR", MBEDTLS_CIPHER_AES_128_CTR},
    {"AES-256-CTR", MBEDTLS_CIPHER_AES_256_CTR},
    {"AES-128-ECB", MBEDTLS_CIPHER_AES_128_ECB},
    {"AES-256-ECB", MBEDTLS_CIPHER_AES_256_ECB},
    {"AES-128-XTS", MBEDTLS_CIPHER_AES_128_XTS},
    {"AES-256-XTS", MBEDTLS_CIPHER_AES_256_XTS},
    {"DES-EDE3-CBC", MBEDTLS_CIPHER_DES_EDE3_CBC},
    {"AES-128-GCM", MBEDTLS_CIPHER_AES_128_GCM},
    {"AES-256-GCM", MBEDTLS_CIPHER_AES_256_GCM},
    {"AES-128-CCM", MBEDTLS_CIPHER_AES_128_CCM},
    {"ChaCha20-Poly1305", MBEDTLS_CIPHER_CHACHA20_POLY1305},
};

// The generic layer's description of `alg`; nullptr if this build lacks it.
const mbedtls_cipher_info_t* CipherInfoFor(const AlgorithmInfo& alg) {
  for (const CipherType& entry : kCipherTypes) {
    if (entry.name == alg.name) {
      return mbedtls_cipher_info_from_type(entry.type);
    }
  }
  return nullptr;
}

bool IsChaCha20(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kCipher && alg.name == "ChaCha20";
}

// One keyed cipher in one direction. Update() carries the mode's state (chained IV, keystream
// position) from one call to the next.
class KeyedCipher {
 public:
  virtual ~KeyedCipher() = default;
  virtual bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) = 0;
  /// Ends the message; no output is expected (no padding).
  virtual bool Finish(std::string* error) = 0;
};

class GenericCipher : public KeyedCipher {
 public:
  GenericCipher() { mbedtls_cipher_init(&ctx_); }
  ~GenericCipher() override { mbedtls_cipher_free(&ctx_); }
  GenericCipher(const GenericCipher&) = delete;
  GenericCipher& operator=(const GenericCipher&) = delete;

  bool Init(const mbedtls_cipher_info_t* info, bool decrypt, std::span<const uint8_t> key,
            std::span<const uint8_t> iv, std::string* error) {
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
    const mbedtls_cipher_mode_t mode = mbedtls_cipher_get_cipher_mode(&ctx_);
    if (mode == MBEDTLS_MODE_CBC) {
      if (int ret = mbedtls_cipher_set_padding_mode(&ctx_, MBEDTLS_PADDING_NONE); ret != 0) {
        *error = MbedError("mbedtls_cipher_set_padding_mode", ret);
        return false;
      }
    }
    if (!iv.empty()) {
      if (int ret = mbedtls_cipher_set_iv(&ctx_, iv.data(), iv.size()); ret != 0) {
        *error = MbedError("mbedtls_cipher_set_iv", ret);
        return false;
      }
    }
    if (int ret = mbedtls_cipher_reset(&ctx_); ret != 0) {
      *error = MbedError("mbedtls_cipher_reset", ret);
      return false;
    }
    // The generic layer takes ECB input one block per call (cipher.c).
    step_ = mode == MBEDTLS_MODE_ECB ? mbedtls_cipher_get_block_size(&ctx_) : 0;
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    const size_t step = step_ == 0 ? len : step_;
    for (size_t done = 0; done < len; done += step) {
      const size_t chunk = std::min(step, len - done);
      size_t out_len = 0;
      if (int ret = mbedtls_cipher_update(&ctx_, in + done, chunk, out + done, &out_len);
          ret != 0) {
        *error = MbedError("mbedtls_cipher_update", ret);
        return false;
      }
      if (out_len != chunk) {
        *error = "mbedtls_cipher_update returned " + std::to_string(out_len) + " of " +
                 std::to_string(chunk) + " bytes";
        return false;
      }
    }
    return true;
  }

  bool Finish(std::string* error) override {
    uint8_t tail[MBEDTLS_MAX_BLOCK_LENGTH];
    size_t tail_len = 0;
    if (int ret = mbedtls_cipher_finish(&ctx_, tail, &tail_len); ret != 0) {
      *error = MbedError("mbedtls_cipher_finish", ret);
      return false;
    }
    if (tail_len != 0) {
      *error = "mbedtls_cipher_finish returned " + std::to_string(tail_len) + " unexpected bytes";
      return false;
    }
    return true;
  }

 private:
  mbedtls_cipher_context_t ctx_;
  size_t step_ = 0;  // bytes per update call; 0: the whole input
};

// ChaCha20 through its own API: the generic layer always starts at block counter 0, but the
// 16-byte IV (OpenSSL's form, which the KAT vectors use) carries a counter.
class ChaCha20Cipher : public KeyedCipher {
 public:
  ChaCha20Cipher() { mbedtls_chacha20_init(&ctx_); }
  ~ChaCha20Cipher() override { mbedtls_chacha20_free(&ctx_); }
  ChaCha20Cipher(const ChaCha20Cipher&) = delete;
  ChaCha20Cipher& operator=(const ChaCha20Cipher&) = delete;

  bool Init(std::span<const uint8_t> key, std::span<const uint8_t> iv, std::string* error) {
    if (key.size() != 32 || iv.size() != 16) {
      *error = "ChaCha20 needs a 32-byte key and a 16-byte counter||nonce IV";
      return false;
    }
    if (int ret = mbedtls_chacha20_setkey(&ctx_, key.data()); ret != 0) {
      *error = MbedError("mbedtls_chacha20_setkey", ret);
      return false;
    }
    const uint32_t counter = static_cast<uint32_t>(iv[0]) | static_cast<uint32_t>(iv[1]) << 8 |
                             static_cast<uint32_t>(iv[2]) << 16 |
                             static_cast<uint32_t>(iv[3]) << 24;
    if (int ret = mbedtls_chacha20_starts(&ctx_, iv.data() + 4, counter); ret != 0) {
      *error = MbedError("mbedtls_chacha20_starts", ret);
      return false;
    }
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    if (int ret = mbedtls_chacha20_update(&ctx_, len, in, out); ret != 0) {
      *error = MbedError("mbedtls_chacha20_update", ret);
      return false;
    }
    return true;
  }

  bool Finish(std::string*) override { return true; }

 private:
  mbedtls_chacha20_context ctx_;
};

std::unique_ptr<KeyedCipher> NewKeyedCipher(const AlgorithmInfo& alg, bool decrypt,
                                            std::span<const uint8_t> key,
                                            std::span<const uint8_t> iv, std::string* error) {
  if (IsChaCha20(alg)) {
    auto cipher = std::make_unique<ChaCha20Cipher>();
    return cipher->Init(key, iv, error) ? std::move(cipher) : nullptr;
  }
  const mbedtls_cipher_info_t* info = CipherInfoFor(alg);
  if (info == nullptr || alg.kind != AlgorithmKind::kCipher) {
    *error = "Mbed TLS has no cipher " + std::string(alg.name);
    return nullptr;
  }
  auto cipher = std::make_unique<GenericCipher>();
  return cipher->Init(info, decrypt, key, iv, error) ? std::move(cipher) : nullptr;
}

class CipherOperation : public PreparedOperation {
 public:
  CipherOperation(std::unique_ptr<KeyedCipher> cipher, AlignedBuffer in)
      : cipher_(std::move(cipher)), in_(std::move(in)), out_(in_.size()) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (!cipher_->Update(in_.data(), in_.size(), out_.data(), &error_)) {
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span(); }

 private:
  std::unique_ptr<KeyedCipher> cipher_;
  AlignedBuffer in_;
  AlignedBuffer out_;
};

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

std::unique_ptr<PreparedOperation> NoSuchOperation(const AlgorithmInfo& alg, Operation op,
                                                   PrepareFailure* failure, std::string* error) {
  return PrepareFailed(
      PrepareFailure::kLibraryError,
      std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation", failure,
      error);
}

}  // namespace

bool SymmetricSupported(const AlgorithmInfo& alg) {
  if (IsChaCha20(alg)) {
    return true;
  }
  return (alg.kind == AlgorithmKind::kCipher || alg.kind == AlgorithmKind::kAead) &&
         CipherInfoFor(alg) != nullptr;
}

std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output) {
  std::string error;
  std::unique_ptr<KeyedCipher> cipher = NewKeyedCipher(alg, decrypt, key, iv, &error);
  if (!cipher) {
    return error;
  }
  Bytes out(input.size() + 1);  // never empty: data() is a valid pointer
  if (!cipher->Update(NonNullData(input), input.size(), out.data(), &error) ||
      !cipher->Finish(&error)) {
    return error;
  }
  out.resize(input.size());
  *output = std::move(out);
  return "";
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

std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, bool corrupt,
                                                 PrepareFailure* failure, std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return NoSuchOperation(alg, op, failure, error);
  }
  const bool whole_blocks = alg.name.ends_with("-CBC") || alg.name.ends_with("-ECB");
  if (input_len == 0 || (whole_blocks && input_len % alg.block_len != 0)) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         std::string(alg.name) + " needs whole " + std::to_string(alg.block_len) +
                             "-byte blocks; input size " + std::to_string(input_len) + " is not",
                         failure, error);
  }
  if (alg.name.ends_with("-XTS") && input_len < alg.block_len) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        "XTS needs at least one " + std::to_string(alg.block_len) + "-byte block per data unit",
        failure, error);
  }
  // XTS keys are two AES keys that must differ (IEEE 1619 5.1): the pattern never repeats.
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes iv = PatternBytes(alg.iv_len, kIvSeed);
  const Bytes plaintext = PatternBytes(input_len, kPlaintextSeed);
  const bool encrypt = op == Operation::kEncrypt;
  std::string message;
  Bytes input = plaintext;
  if (!encrypt) {
    if (message = CipherOneShot(alg, false, key, iv, plaintext, &input); !message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
  }
  std::unique_ptr<KeyedCipher> cipher = NewKeyedCipher(alg, !encrypt, key, iv, &message);
  if (!cipher) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  AlignedBuffer timed_input(input_len);
  std::memcpy(timed_input.data(), input.data(), input_len);
  auto prepared = std::make_unique<CipherOperation>(std::move(cipher), std::move(timed_input));
  if (!prepared->Run(1)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  // The first timed operation starts from the key and IV of a fresh context, so it must match
  // a one-shot operation in the other direction.
  Bytes out(prepared->output().begin(), prepared->output().end());
  CorruptIfTesting(corrupt, out);
  std::string mismatch;
  if (encrypt) {
    Bytes decrypted;
    if (out == plaintext) {
      mismatch = "ciphertext equals the plaintext";
    } else if (message = CipherOneShot(alg, true, key, iv, out, &decrypted); !message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    } else {
      mismatch = CompareBytes("decryption of the timed ciphertext", decrypted, plaintext);
    }
  } else {
    mismatch = CompareBytes("decrypted text", out, plaintext);
  }
  if (!mismatch.empty()) {
    return PrepareFailed(PrepareFailure::kCheckFailed,
                         std::string(alg.name) + " round trip at " + std::to_string(input_len) +
                             " bytes: " + mismatch,
                         failure, error);
  }
  return prepared;
}

std::unique_ptr<PreparedOperation> PrepareAead(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, bool corrupt,
                                               PrepareFailure* failure, std::string* error) {
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
    CorruptIfTesting(corrupt,
                     input_len == 0 ? std::span<uint8_t>(tag) : std::span<uint8_t>(ciphertext));
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
  CorruptIfTesting(corrupt,
                   input_len == 0 ? std::span<uint8_t>(tag) : std::span<uint8_t>(ciphertext));
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

std::string AesImplementation(const AlgorithmInfo& alg) {
  if (!alg.name.starts_with("AES") && !alg.name.starts_with("CMAC-AES")) {
    return "";
  }
#if defined(MBEDTLS_AESNI_C) && defined(MBEDTLS_HAVE_X86_64)
  if (mbedtls_aesni_has_support(MBEDTLS_AESNI_AES) == 0) {
    return "software";
  }
  if (alg.name.ends_with("-GCM")) {
    return mbedtls_aesni_has_support(MBEDTLS_AESNI_CLMUL) != 0 ? "aesni, pclmulqdq GHASH"
                                                               : "aesni, software GHASH";
  }
  return "aesni";
#else
  return "";  // built without the run-time AES-NI probe: Mbed TLS does not tell
#endif
}

}  // namespace cryptobench::backends::mbedtls
