// Unauthenticated ciphers: AES in CBC, CTR, ECB and XTS, DES-EDE3-CBC and ChaCha20, each
// through Nettle's own mode functions (cbc.h, ctr.h, xts.h, chacha.h).
#include <cstring>
#include <vector>

#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/chacha.h>
#include <nettle/ctr.h>
#include <nettle/des.h>
#include <nettle/nettle-meta.h>
#include <nettle/xts.h>

#include "backends/common/buffers.h"
#include "backends/common/keyed_cipher.h"
#include "backends/nettle/nettle_internal.h"

namespace cryptobench::backends::nettle {
namespace {

enum class Mode { kNone, kCbc, kCtr, kEcb, kXts, kDes3Cbc, kChaCha20 };

Mode ModeOf(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kCipher) {
    return Mode::kNone;
  }
  if (alg.name == "DES-EDE3-CBC") {
    return Mode::kDes3Cbc;
  }
  if (alg.name == "ChaCha20") {
    return Mode::kChaCha20;
  }
  if (alg.primitive != AlgorithmPrimitive::kAes) {
    return Mode::kNone;
  }
  switch (alg.mode) {
    case AlgorithmMode::kCbc:
      return Mode::kCbc;
    case AlgorithmMode::kCtr:
      return Mode::kCtr;
    case AlgorithmMode::kEcb:
      return Mode::kEcb;
    case AlgorithmMode::kXts:
      return Mode::kXts;
    default:
      return Mode::kNone;
  }
}

// Nettle's AES of a key length in bytes (nettle-meta.h); null for other lengths.
const nettle_cipher* AesOfKeyLength(size_t key_len) {
  switch (key_len) {
    case 16:
      return &nettle_aes128;
    case 24:
      return &nettle_aes192;
    case 32:
      return &nettle_aes256;
    default:
      return nullptr;
  }
}

// One keyed cipher with its chaining state: Crypt() continues the CBC chain, the CTR counter
// or the ChaCha20 block counter; XTS treats each call as one data unit under the stored tweak.
class CipherEngine {
 public:
  CipherEngine(Mode mode, bool decrypt) : mode_(mode), decrypt_(decrypt) {}

  // Keys the engine; "" or why the key or IV was refused.
  std::string Init(std::span<const uint8_t> key, std::span<const uint8_t> iv) {
    const size_t want_iv = mode_ == Mode::kEcb ? 0 : mode_ == Mode::kDes3Cbc ? 8 : 16;
    if (iv.size() != want_iv) {
      return "IV is " + std::to_string(iv.size()) + " bytes, Nettle's mode needs " +
             std::to_string(want_iv);
    }
    iv_.assign(iv.begin(), iv.end());
    switch (mode_) {
      case Mode::kCbc:
      case Mode::kCtr:
      case Mode::kEcb: {
        aes_ = AesOfKeyLength(key.size());
        if (aes_ == nullptr) {
          return "AES key is " + std::to_string(key.size()) + " bytes";
        }
        context_.assign((aes_->context_size + 7) / 8, 0);
        // CTR encrypts the counter in both directions.
        const bool decrypt_schedule = decrypt_ && mode_ != Mode::kCtr;
        (decrypt_schedule ? aes_->set_decrypt_key : aes_->set_encrypt_key)(context_.data(),
                                                                           key.data());
        return "";
      }
      case Mode::kXts:
        xts_aes256_ = key.size() == 64;
        if (key.size() == 32) {
          (decrypt_ ? xts_aes128_set_decrypt_key : xts_aes128_set_encrypt_key)(&xts128_,
                                                                               key.data());
        } else if (key.size() == 64) {
          (decrypt_ ? xts_aes256_set_decrypt_key : xts_aes256_set_encrypt_key)(&xts256_,
                                                                               key.data());
        } else {
          return "XTS key is " + std::to_string(key.size()) + " bytes, Nettle needs 32 or 64";
        }
        return "";
      case Mode::kDes3Cbc:
        if (key.size() != DES3_KEY_SIZE) {
          return "3DES key is " + std::to_string(key.size()) + " bytes";
        }
        // Returns 0 for a weak key half; parity bits are ignored (des.h).
        return des3_set_key(&des3_, key.data()) == 1 ? "" : "des3_set_key: weak key";
      case Mode::kChaCha20:
        if (key.size() != CHACHA_KEY_SIZE) {
          return "ChaCha20 key is " + std::to_string(key.size()) + " bytes";
        }
        // The 16-byte IV is the RFC 8439 block: 32-bit little-endian counter, 96-bit nonce.
        chacha_set_key(&chacha_, key.data());
        chacha_set_nonce96(&chacha_, iv.data() + CHACHA_COUNTER32_SIZE);
        chacha_set_counter32(&chacha_, iv.data());
        return "";
      case Mode::kNone:
        break;
    }
    return "not a Nettle cipher mode";
  }

  void Crypt(size_t len, uint8_t* dst, const uint8_t* src) {
    switch (mode_) {
      case Mode::kCbc:
        if (decrypt_) {
          cbc_decrypt(context_.data(), aes_->decrypt, AES_BLOCK_SIZE, iv_.data(), len, dst, src);
        } else {
          CbcEncryptAes(len, dst, src);
        }
        return;
      case Mode::kCtr:
        ctr_crypt(context_.data(), aes_->encrypt, AES_BLOCK_SIZE, iv_.data(), len, dst, src);
        return;
      case Mode::kEcb:
        (decrypt_ ? aes_->decrypt : aes_->encrypt)(context_.data(), len, dst, src);
        return;
      case Mode::kXts:
        if (xts_aes256_) {
          (decrypt_ ? xts_aes256_decrypt_message : xts_aes256_encrypt_message)(&xts256_, iv_.data(),
                                                                               len, dst, src);
        } else {
          (decrypt_ ? xts_aes128_decrypt_message : xts_aes128_encrypt_message)(&xts128_, iv_.data(),
                                                                               len, dst, src);
        }
        return;
      case Mode::kDes3Cbc:
        (decrypt_ ? cbc_decrypt : cbc_encrypt)(&des3_, decrypt_ ? &Des3Decrypt : &Des3Encrypt,
                                               DES3_BLOCK_SIZE, iv_.data(), len, dst, src);
        return;
      case Mode::kChaCha20:
        chacha_crypt32(&chacha_, len, dst, src);
        return;
      case Mode::kNone:
        return;
    }
  }

 private:
  // des3_encrypt/decrypt with the generic nettle_cipher_func signature cbc.h calls.
  static void Des3Encrypt(const void* ctx, size_t len, uint8_t* dst, const uint8_t* src) {
    des3_encrypt(static_cast<const des3_ctx*>(ctx), len, dst, src);
  }
  static void Des3Decrypt(const void* ctx, size_t len, uint8_t* dst, const uint8_t* src) {
    des3_decrypt(static_cast<const des3_ctx*>(ctx), len, dst, src);
  }

  // Nettle 3.8's CBC encryption entry points per key size (cbc.h); the fat build routes them
  // to AES-NI code where the CPU has it.
  void CbcEncryptAes(size_t len, uint8_t* dst, const uint8_t* src) {
    if (aes_ == &nettle_aes128) {
      cbc_aes128_encrypt(reinterpret_cast<const aes128_ctx*>(context_.data()), iv_.data(), len, dst,
                         src);
    } else if (aes_ == &nettle_aes192) {
      cbc_aes192_encrypt(reinterpret_cast<const aes192_ctx*>(context_.data()), iv_.data(), len, dst,
                         src);
    } else {
      cbc_aes256_encrypt(reinterpret_cast<const aes256_ctx*>(context_.data()), iv_.data(), len, dst,
                         src);
    }
  }

  Mode mode_;
  bool decrypt_;
  const nettle_cipher* aes_ = nullptr;
  std::vector<uint64_t> context_;  // an aesNNN_ctx, 8-byte aligned
  std::vector<uint8_t> iv_;        // CBC chaining value, CTR counter or XTS tweak
  xts_aes128_key xts128_{};
  xts_aes256_key xts256_{};
  bool xts_aes256_ = false;
  des3_ctx des3_{};
  chacha_ctx chacha_{};
};

std::unique_ptr<CipherEngine> NewEngine(const AlgorithmInfo& alg, bool decrypt,
                                        std::span<const uint8_t> key, std::span<const uint8_t> iv,
                                        std::string* error) {
  auto engine = std::make_unique<CipherEngine>(ModeOf(alg), decrypt);
  if (std::string refused = engine->Init(key, iv); !refused.empty()) {
    *error = refused;
    return nullptr;
  }
  return engine;
}

// The timed operation: one Crypt() over the input per iteration on a long-lived engine. XTS
// restarts its tweak every call (each call is one data unit), as the OpenSSL backend does.
class CipherOperation : public TimedCipherBuffers {
 public:
  CipherOperation(std::unique_ptr<CipherEngine> engine, AlignedBuffer in)
      : TimedCipherBuffers(std::move(in)), engine_(std::move(engine)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      engine_->Crypt(in_.size(), out_.data(), in_.data());
    }
    return true;
  }

 private:
  std::unique_ptr<CipherEngine> engine_;
};

}  // namespace

bool CipherSupported(const AlgorithmInfo& alg) { return ModeOf(alg) != Mode::kNone; }

namespace {

std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output) {
  if (!CipherSupported(alg)) {
    return kNotOffered;
  }
  if (key.size() != alg.key_len) {
    return "key is " + std::to_string(key.size()) + " bytes, " + std::string(alg.name) + " needs " +
           std::to_string(alg.key_len);
  }
  std::string error;
  auto engine = NewEngine(alg, decrypt, key, iv, &error);
  if (!engine) {
    return error;
  }
  output->assign(input.size(), 0);
  engine->Crypt(input.size(), output->data(), input.data());
  return "";
}

}  // namespace

std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, PrepareFailure* failure,
                                                 std::string* error) {
  const Mode mode = ModeOf(alg);
  if (mode == Mode::kNone || (op != Operation::kEncrypt && op != Operation::kDecrypt)) {
    return PrepareOffersNo("Nettle", alg, op, failure, error);
  }
  // CBC and ECB need whole blocks (no padding); XTS at least one block per data unit.
  const bool whole_blocks = mode == Mode::kCbc || mode == Mode::kEcb || mode == Mode::kDes3Cbc;
  const bool decrypt = op == Operation::kDecrypt;
  FunctionKatTarget target({.cipher = &CipherOneShot});
  return PrepareCipherRoundTrip(
      target, alg, decrypt, input_len, {whole_blocks, mode == Mode::kXts, alg.iv_len},
      [&](const Bytes& key, const Bytes& iv, AlignedBuffer input,
          std::string* message) -> std::unique_ptr<CipherOperation> {
        auto engine = NewEngine(alg, decrypt, key, iv, message);
        return engine ? std::make_unique<CipherOperation>(std::move(engine), std::move(input))
                      : nullptr;
      },
      failure, error);
}

OneShotFunctions CipherOneShots() { return {.cipher = &CipherOneShot}; }

}  // namespace cryptobench::backends::nettle
