// Ciphers and AEADs of the wolfSSL backend (wolfssl_symmetric.h).
#include "backends/wolfssl/wolfssl_symmetric.h"

#include <cstring>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/des3.h>
#include <wolfssl/wolfcrypt/error-crypt.h>

#include "backends/openssl/buffers.h"
#include "backends/wolfssl/wolfssl_util.h"

namespace cryptobench::backends::wolfssl {
namespace {

using openssl::AlignedBuffer;
using openssl::CompareBytes;
using openssl::CorruptIfTesting;
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

enum class Mode { kNone, kCbc, kCtr, kEcb, kXts, kDes3Cbc, kChaCha20, kGcm, kCcm, kChaChaPoly };

Mode ModeOf(const AlgorithmInfo& alg) {
  const std::string_view name = alg.name;
  if (alg.kind == AlgorithmKind::kCipher) {
    if (name == "DES-EDE3-CBC") {
      return Mode::kDes3Cbc;
    }
    if (name == "ChaCha20") {
      return Mode::kChaCha20;
    }
    if (name.starts_with("AES-")) {
      if (name.ends_with("-CBC")) {
        return Mode::kCbc;
      }
      if (name.ends_with("-CTR")) {
        return Mode::kCtr;
      }
      if (name.ends_with("-ECB")) {
        return Mode::kEcb;
      }
      if (name.ends_with("-XTS")) {
        return Mode::kXts;
      }
    }
  } else if (alg.kind == AlgorithmKind::kAead) {
    if (name == "ChaCha20-Poly1305") {
      return Mode::kChaChaPoly;
    }
    if (name.starts_with("AES-") && name.ends_with("-GCM")) {
      return Mode::kGcm;
    }
    if (name.starts_with("AES-") && name.ends_with("-CCM")) {
      return Mode::kCcm;
    }
  }
  return Mode::kNone;
}

// Whether this wolfSSL build has the mode (wolfssl/options.h).
bool Compiled(Mode mode) {
  switch (mode) {
    case Mode::kCbc:
#ifndef NO_AES_CBC
      return true;
#else
      return false;
#endif
    case Mode::kCtr:
#ifdef WOLFSSL_AES_COUNTER
      return true;
#else
      return false;
#endif
    case Mode::kEcb:
#ifdef HAVE_AES_ECB
      return true;
#else
      return false;
#endif
    case Mode::kXts:
#ifdef WOLFSSL_AES_XTS
      return true;
#else
      return false;
#endif
    case Mode::kDes3Cbc:
#ifndef NO_DES3
      return true;
#else
      return false;
#endif
    case Mode::kChaCha20:
#ifdef HAVE_CHACHA
      return true;
#else
      return false;
#endif
    case Mode::kGcm:
#ifdef HAVE_AESGCM
      return true;
#else
      return false;
#endif
    case Mode::kCcm:
#ifdef HAVE_AESCCM
      return true;
#else
      return false;
#endif
    case Mode::kChaChaPoly:
#if defined(HAVE_CHACHA) && defined(HAVE_POLY1305)
      return true;
#else
      return false;
#endif
    case Mode::kNone:
      break;
  }
  return false;
}

// One keyed cipher in one direction. Update() carries the mode's state (chained IV, keystream
// position) from one call to the next.
class KeyedCipher {
 public:
  virtual ~KeyedCipher() = default;
  virtual bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) = 0;
};

// AES-CBC, AES-CTR and AES-ECB on one Aes context.
class AesCipher : public KeyedCipher {
 public:
  AesCipher(Mode mode, bool decrypt) : mode_(mode), decrypt_(decrypt) {}
  ~AesCipher() override {
    if (initialised_) {
      wc_AesFree(&aes_);
    }
  }
  AesCipher(const AesCipher&) = delete;
  AesCipher& operator=(const AesCipher&) = delete;

  bool Init(std::span<const uint8_t> key, std::span<const uint8_t> iv, std::string* error) {
    if (int ret = wc_AesInit(&aes_, nullptr, INVALID_DEVID); ret != 0) {
      *error = WolfError("wc_AesInit", ret);
      return false;
    }
    initialised_ = true;
    // CTR encrypts its counter blocks in both directions, so it always takes the encryption key.
    const int dir = decrypt_ && mode_ != Mode::kCtr ? AES_DECRYPTION : AES_ENCRYPTION;
    if (int ret = wc_AesSetKey(&aes_, NonNullData(key), Len32(key.size()),
                               iv.empty() ? nullptr : iv.data(), dir);
        ret != 0) {
      *error = WolfError("wc_AesSetKey", ret);
      return false;
    }
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    const uint32_t len32 = Len32(len);
    int ret = 0;
    const char* call = "";
    switch (mode_) {
      case Mode::kCbc:
        call = decrypt_ ? "wc_AesCbcDecrypt" : "wc_AesCbcEncrypt";
        ret = decrypt_ ? wc_AesCbcDecrypt(&aes_, out, in, len32)
                       : wc_AesCbcEncrypt(&aes_, out, in, len32);
        break;
      case Mode::kCtr:
        call = "wc_AesCtrEncrypt";
        ret = wc_AesCtrEncrypt(&aes_, out, in, len32);
        break;
      case Mode::kEcb:
        call = decrypt_ ? "wc_AesEcbDecrypt" : "wc_AesEcbEncrypt";
        ret = decrypt_ ? wc_AesEcbDecrypt(&aes_, out, in, len32)
                       : wc_AesEcbEncrypt(&aes_, out, in, len32);
        break;
      default:
        *error = "not an AES-CBC/CTR/ECB context";
        return false;
    }
    if (ret != 0) {
      *error = WolfError(call, ret);
      return false;
    }
    return true;
  }

 private:
  Mode mode_;
  bool decrypt_;
  Aes aes_;
  bool initialised_ = false;
};

// AES-XTS: the IV is the tweak of every data unit (IEEE 1619), passed with each call.
class XtsCipher : public KeyedCipher {
 public:
  explicit XtsCipher(bool decrypt) : decrypt_(decrypt) {}
  ~XtsCipher() override {
    if (keyed_) {
      wc_AesXtsFree(&xts_);
    }
  }
  XtsCipher(const XtsCipher&) = delete;
  XtsCipher& operator=(const XtsCipher&) = delete;

  bool Init(std::span<const uint8_t> key, std::span<const uint8_t> iv, std::string* error) {
    tweak_.assign(iv.begin(), iv.end());
    if (int ret =
            wc_AesXtsSetKey(&xts_, NonNullData(key), Len32(key.size()),
                            decrypt_ ? AES_DECRYPTION : AES_ENCRYPTION, nullptr, INVALID_DEVID);
        ret != 0) {
      *error = WolfError("wc_AesXtsSetKey", ret);
      return false;
    }
    keyed_ = true;
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    const int ret =
        decrypt_
            ? wc_AesXtsDecrypt(&xts_, out, in, Len32(len), tweak_.data(), Len32(tweak_.size()))
            : wc_AesXtsEncrypt(&xts_, out, in, Len32(len), tweak_.data(), Len32(tweak_.size()));
    if (ret != 0) {
      *error = WolfError(decrypt_ ? "wc_AesXtsDecrypt" : "wc_AesXtsEncrypt", ret);
      return false;
    }
    return true;
  }

 private:
  bool decrypt_;
  XtsAes xts_;
  Bytes tweak_;
  bool keyed_ = false;
};

class Des3Cipher : public KeyedCipher {
 public:
  explicit Des3Cipher(bool decrypt) : decrypt_(decrypt) {}
  ~Des3Cipher() override {
    if (initialised_) {
      wc_Des3Free(&des_);
    }
  }
  Des3Cipher(const Des3Cipher&) = delete;
  Des3Cipher& operator=(const Des3Cipher&) = delete;

  bool Init(std::span<const uint8_t> key, std::span<const uint8_t> iv, std::string* error) {
    if (key.size() != DES3_KEY_SIZE || iv.size() != DES_BLOCK_SIZE) {
      *error = "3DES needs a 24-byte key and an 8-byte IV";
      return false;
    }
    if (int ret = wc_Des3Init(&des_, nullptr, INVALID_DEVID); ret != 0) {
      *error = WolfError("wc_Des3Init", ret);
      return false;
    }
    initialised_ = true;
    if (int ret = wc_Des3_SetKey(&des_, key.data(), iv.data(),
                                 decrypt_ ? DES_DECRYPTION : DES_ENCRYPTION);
        ret != 0) {
      *error = WolfError("wc_Des3_SetKey", ret);
      return false;
    }
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    const int ret = decrypt_ ? wc_Des3_CbcDecrypt(&des_, out, in, Len32(len))
                             : wc_Des3_CbcEncrypt(&des_, out, in, Len32(len));
    if (ret != 0) {
      *error = WolfError(decrypt_ ? "wc_Des3_CbcDecrypt" : "wc_Des3_CbcEncrypt", ret);
      return false;
    }
    return true;
  }

 private:
  bool decrypt_;
  Des3 des_;
  bool initialised_ = false;
};

class ChaCha20Cipher : public KeyedCipher {
 public:
  bool Init(std::span<const uint8_t> key, std::span<const uint8_t> iv, std::string* error) {
    if (key.size() != 32 || iv.size() != 16) {
      *error = "ChaCha20 needs a 32-byte key and a 16-byte counter||nonce IV";
      return false;
    }
    if (int ret = wc_Chacha_SetKey(&ctx_, key.data(), Len32(key.size())); ret != 0) {
      *error = WolfError("wc_Chacha_SetKey", ret);
      return false;
    }
    const uint32_t counter = static_cast<uint32_t>(iv[0]) | static_cast<uint32_t>(iv[1]) << 8 |
                             static_cast<uint32_t>(iv[2]) << 16 |
                             static_cast<uint32_t>(iv[3]) << 24;
    if (int ret = wc_Chacha_SetIV(&ctx_, iv.data() + 4, counter); ret != 0) {
      *error = WolfError("wc_Chacha_SetIV", ret);
      return false;
    }
    return true;
  }

  bool Update(const uint8_t* in, size_t len, uint8_t* out, std::string* error) override {
    if (int ret = wc_Chacha_Process(&ctx_, out, in, Len32(len)); ret != 0) {
      *error = WolfError("wc_Chacha_Process", ret);
      return false;
    }
    return true;
  }

 private:
  ChaCha ctx_ = {};
};

std::unique_ptr<KeyedCipher> NewKeyedCipher(const AlgorithmInfo& alg, bool decrypt,
                                            std::span<const uint8_t> key,
                                            std::span<const uint8_t> iv, std::string* error) {
  const Mode mode = ModeOf(alg);
  if (!Compiled(mode) || alg.kind != AlgorithmKind::kCipher) {
    *error = "wolfSSL has no cipher " + std::string(alg.name);
    return nullptr;
  }
  auto init = [&](auto cipher) -> std::unique_ptr<KeyedCipher> {
    if (!cipher->Init(key, iv, error)) {
      return nullptr;
    }
    return cipher;
  };
  switch (mode) {
    case Mode::kXts:
      return init(std::make_unique<XtsCipher>(decrypt));
    case Mode::kDes3Cbc:
      return init(std::make_unique<Des3Cipher>(decrypt));
    case Mode::kChaCha20:
      return init(std::make_unique<ChaCha20Cipher>());
    default:
      return init(std::make_unique<AesCipher>(mode, decrypt));
  }
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

// One keyed AEAD (GCM and CCM keep an Aes context; ChaCha20-Poly1305 keeps the key, which
// wolfCrypt's one-call API takes with every message). Nonce and AAD come per message.
class KeyedAead {
 public:
  explicit KeyedAead(Mode mode) : mode_(mode) {}
  ~KeyedAead() {
    if (initialised_) {
      wc_AesFree(&aes_);
    }
  }
  KeyedAead(const KeyedAead&) = delete;
  KeyedAead& operator=(const KeyedAead&) = delete;

  bool Init(std::span<const uint8_t> key, std::string* error) {
    if (mode_ == Mode::kChaChaPoly) {
      if (key.size() != CHACHA20_POLY1305_AEAD_KEYSIZE) {
        *error = "ChaCha20-Poly1305 needs a 32-byte key";
        return false;
      }
      key_.assign(key.begin(), key.end());
      return true;
    }
    if (int ret = wc_AesInit(&aes_, nullptr, INVALID_DEVID); ret != 0) {
      *error = WolfError("wc_AesInit", ret);
      return false;
    }
    initialised_ = true;
    const int ret = mode_ == Mode::kGcm
                        ? wc_AesGcmSetKey(&aes_, NonNullData(key), Len32(key.size()))
                        : wc_AesCcmSetKey(&aes_, NonNullData(key), Len32(key.size()));
    if (ret != 0) {
      *error = WolfError(mode_ == Mode::kGcm ? "wc_AesGcmSetKey" : "wc_AesCcmSetKey", ret);
      return false;
    }
    return true;
  }

  bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, uint8_t* out, std::span<uint8_t> tag, std::string* error) {
    int ret = 0;
    switch (mode_) {
      case Mode::kGcm:
        ret = wc_AesGcmEncrypt(&aes_, out, in, Len32(len), nonce.data(), Len32(nonce.size()),
                               tag.data(), Len32(tag.size()), NonNullData(aad), Len32(aad.size()));
        break;
      case Mode::kCcm:
        ret = wc_AesCcmEncrypt(&aes_, out, in, Len32(len), nonce.data(), Len32(nonce.size()),
                               tag.data(), Len32(tag.size()), NonNullData(aad), Len32(aad.size()));
        break;
      default:
        if (nonce.size() != CHACHA20_POLY1305_AEAD_IV_SIZE ||
            tag.size() != CHACHA20_POLY1305_AEAD_AUTHTAG_SIZE) {
          *error = "ChaCha20-Poly1305 needs a 12-byte nonce and a 16-byte tag";
          return false;
        }
        ret = wc_ChaCha20Poly1305_Encrypt(key_.data(), nonce.data(), NonNullData(aad),
                                          Len32(aad.size()), in, Len32(len), out, tag.data());
        break;
    }
    if (ret != 0) {
      *error = WolfError(SealCall(), ret);
      return false;
    }
    return true;
  }

  OpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
                  size_t len, std::span<const uint8_t> tag, uint8_t* out, std::string* error) {
    int ret = 0;
    switch (mode_) {
      case Mode::kGcm:
        ret = wc_AesGcmDecrypt(&aes_, out, in, Len32(len), nonce.data(), Len32(nonce.size()),
                               tag.data(), Len32(tag.size()), NonNullData(aad), Len32(aad.size()));
        break;
      case Mode::kCcm:
        ret = wc_AesCcmDecrypt(&aes_, out, in, Len32(len), nonce.data(), Len32(nonce.size()),
                               tag.data(), Len32(tag.size()), NonNullData(aad), Len32(aad.size()));
        break;
      default:
        if (nonce.size() != CHACHA20_POLY1305_AEAD_IV_SIZE ||
            tag.size() != CHACHA20_POLY1305_AEAD_AUTHTAG_SIZE) {
          *error = "ChaCha20-Poly1305 needs a 12-byte nonce and a 16-byte tag";
          return OpenResult::kError;
        }
        ret = wc_ChaCha20Poly1305_Decrypt(key_.data(), nonce.data(), NonNullData(aad),
                                          Len32(aad.size()), in, Len32(len), tag.data(), out);
        break;
    }
    if (ret == 0) {
      return OpenResult::kAccepted;
    }
    *error = WolfError(OpenCall(), ret);
    return ret == AES_GCM_AUTH_E || ret == AES_CCM_AUTH_E || ret == MAC_CMP_FAILED_E
               ? OpenResult::kRejected
               : OpenResult::kError;
  }

 private:
  const char* SealCall() const {
    return mode_ == Mode::kGcm   ? "wc_AesGcmEncrypt"
           : mode_ == Mode::kCcm ? "wc_AesCcmEncrypt"
                                 : "wc_ChaCha20Poly1305_Encrypt";
  }
  const char* OpenCall() const {
    return mode_ == Mode::kGcm   ? "wc_AesGcmDecrypt"
           : mode_ == Mode::kCcm ? "wc_AesCcmDecrypt"
                                 : "wc_ChaCha20Poly1305_Decrypt";
  }

  Mode mode_;
  Aes aes_;
  bool initialised_ = false;
  Bytes key_;
};

std::unique_ptr<KeyedAead> NewKeyedAead(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                        std::string* error) {
  const Mode mode = ModeOf(alg);
  if (alg.kind != AlgorithmKind::kAead || !Compiled(mode)) {
    *error = "wolfSSL has no AEAD " + std::string(alg.name);
    return nullptr;
  }
  auto aead = std::make_unique<KeyedAead>(mode);
  return aead->Init(key, error) ? std::move(aead) : nullptr;
}

// Writes `counter` big-endian into the last (up to 8) bytes of `nonce`, as the OpenSSL backend.
void SetNonceCounter(std::span<uint8_t> nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

class AeadOperation : public PreparedOperation {
 public:
  // seal: `in` is the plaintext; open: `in` is the ciphertext and `tag` its tag.
  AeadOperation(std::unique_ptr<KeyedAead> aead, bool seal, std::vector<uint8_t> nonce,
                std::vector<uint8_t> aad, AlignedBuffer in, Bytes tag)
      : aead_(std::move(aead)),
        seal_(seal),
        nonce_(std::move(nonce)),
        aad_(std::move(aad)),
        in_(std::move(in)),
        out_(in_.size()),
        tag_(std::move(tag)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (seal_) {
        SetNonceCounter(nonce_, ++counter_);
        if (!aead_->Seal(nonce_, aad_, in_.data(), in_.size(), out_.data(), tag_, &error_)) {
          return false;
        }
      } else {
        const OpenResult result =
            aead_->Open(nonce_, aad_, in_.data(), in_.size(), tag_, out_.data(), &error_);
        if (result != OpenResult::kAccepted) {
          tag_rejected_ = result == OpenResult::kRejected;
          return false;
        }
      }
    }
    return true;
  }

  /// seal: the latest ciphertext; open: the plaintext.
  std::span<const uint8_t> output() const { return out_.span(); }
  /// seal: the latest tag; open: the expected tag.
  const Bytes& tag() const { return tag_; }
  const std::vector<uint8_t>& nonce() const { return nonce_; }
  bool tag_rejected() const { return tag_rejected_; }

 private:
  std::unique_ptr<KeyedAead> aead_;
  bool seal_;
  std::vector<uint8_t> nonce_;
  std::vector<uint8_t> aad_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  Bytes tag_;
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
  return (alg.kind == AlgorithmKind::kCipher || alg.kind == AlgorithmKind::kAead) &&
         Compiled(ModeOf(alg));
}

std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output) {
  std::string error;
  std::unique_ptr<KeyedCipher> cipher = NewKeyedCipher(alg, decrypt, key, iv, &error);
  if (!cipher) {
    return error;
  }
  Bytes out(input.size() + 1);  // never empty: data() is a valid pointer
  if (!cipher->Update(NonNullData(input), input.size(), out.data(), &error)) {
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
  std::unique_ptr<KeyedAead> aead = NewKeyedAead(alg, key, &error);
  if (!aead) {
    return error;
  }
  Bytes out(plaintext.size() + 1);
  Bytes out_tag(tag_len);
  if (!aead->Seal(nonce, aad, NonNullData(plaintext), plaintext.size(), out.data(), out_tag,
                  &error)) {
    return error;
  }
  out.resize(plaintext.size());
  *ciphertext = std::move(out);
  *tag = std::move(out_tag);
  return "";
}

std::string OpenOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                        const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                        Bytes* plaintext, bool* authentic) {
  std::string error;
  std::unique_ptr<KeyedAead> aead = NewKeyedAead(alg, key, &error);
  if (!aead) {
    return error;
  }
  Bytes out(ciphertext.size() + 1);
  switch (
      aead->Open(nonce, aad, NonNullData(ciphertext), ciphertext.size(), tag, out.data(), &error)) {
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
  std::unique_ptr<KeyedAead> aead = NewKeyedAead(alg, key, &message);
  if (!aead) {
    return library_error(message);
  }

  if (op == Operation::kEncrypt) {
    AlignedBuffer in(input_len);
    std::memcpy(in.data(), plaintext.data(), input_len);
    auto prepared =
        std::make_unique<AeadOperation>(std::move(aead), true, PatternBytes(alg.iv_len, kIvSeed),
                                        aad, std::move(in), Bytes(alg.tag_len));
    if (!prepared->Run(1)) {
      return library_error(prepared->error());
    }
    Bytes ciphertext(prepared->output().begin(), prepared->output().end());
    Bytes tag = prepared->tag();
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
  if (message = SealOneShot(alg, key, nonce, aad, plaintext, alg.tag_len, &ciphertext, &tag);
      !message.empty()) {
    return library_error(message);
  }
  CorruptIfTesting(corrupt,
                   input_len == 0 ? std::span<uint8_t>(tag) : std::span<uint8_t>(ciphertext));
  AlignedBuffer sealed(input_len);
  std::memcpy(sealed.data(), ciphertext.data(), input_len);
  auto prepared = std::make_unique<AeadOperation>(std::move(aead), false, nonce, aad,
                                                  std::move(sealed), std::move(tag));
  if (!prepared->Run(1)) {
    return prepared->tag_rejected()
               ? check_failed("timed open rejected the tag (" + prepared->error() + ")")
               : library_error(prepared->error());
  }
  const Bytes opened(prepared->output().begin(), prepared->output().end());
  if (std::string diff = CompareBytes("opened plaintext", opened, plaintext); !diff.empty()) {
    return check_failed(diff);
  }
  return prepared;
}

std::string BuildImplementation(const AlgorithmInfo& alg) {
  if (alg.kind == AlgorithmKind::kSignature || alg.kind == AlgorithmKind::kKeyAgreement) {
    return "";
  }
  if (alg.name.starts_with("AES") || alg.name.starts_with("CMAC-AES")) {
#ifdef WOLFSSL_AESNI
    return "aesni (compiled in)";
#else
    return "C";
#endif
  }
#ifdef USE_INTEL_SPEEDUP
  return "";  // AVX1/AVX2 or C, chosen by CPUID at run time and not reported
#else
  return "C";
#endif
}

}  // namespace cryptobench::backends::wolfssl
