// Unauthenticated ciphers through Crypto++'s SymmetricCipher objects: CBC_Mode, CTR_Mode,
// ECB_Mode and XTS_Mode over AES, CBC_Mode over DES_EDE3 and SM4, and ChaChaTLS (RFC 8439
// ChaCha20).
#include <cstring>
#include <string>
#include <vector>

#include <crypto++/aes.h>
#include <crypto++/chacha.h>
#include <crypto++/des.h>
#include <crypto++/modes.h>
#include <crypto++/sm4.h>
#include <crypto++/xts.h>

#include "backends/common/buffers.h"
#include "backends/common/keyed_cipher.h"
#include "backends/common/timing_inputs.h"
#include "backends/cryptopp/cryptopp_internal.h"

namespace cryptobench::backends::cryptopp {
namespace {

template <typename Mode>
std::unique_ptr<CryptoPP::SymmetricCipher> Directed(bool decrypt) {
  if (decrypt) {
    return std::make_unique<typename Mode::Decryption>();
  }
  return std::make_unique<typename Mode::Encryption>();
}

// A new, unkeyed cipher object for `alg`; null if this backend does not offer it.
std::unique_ptr<CryptoPP::SymmetricCipher> NewCipher(const AlgorithmInfo& alg, bool decrypt) {
  if (alg.kind != AlgorithmKind::kCipher) {
    return nullptr;
  }
  if (alg.name == "ChaCha20") {
    return std::make_unique<CryptoPP::ChaChaTLS::Encryption>();  // a keystream: one direction
  }
  if (alg.name == "DES-EDE3-CBC") {
    return Directed<CryptoPP::CBC_Mode<CryptoPP::DES_EDE3>>(decrypt);
  }
  if (alg.name == "SM4-CBC") {
    return Directed<CryptoPP::CBC_Mode<CryptoPP::SM4>>(decrypt);
  }
  if (alg.primitive != AlgorithmPrimitive::kAes) {
    return nullptr;
  }
  switch (alg.mode) {
    case AlgorithmMode::kCbc:
      return Directed<CryptoPP::CBC_Mode<CryptoPP::AES>>(decrypt);
    case AlgorithmMode::kCtr:
      // CTR_Mode increments the whole 16-byte IV as one big-endian counter, as OpenSSL does.
      return Directed<CryptoPP::CTR_Mode<CryptoPP::AES>>(decrypt);
    case AlgorithmMode::kEcb:
      return Directed<CryptoPP::ECB_Mode<CryptoPP::AES>>(decrypt);
    case AlgorithmMode::kXts:
      return Directed<CryptoPP::XTS_Mode<CryptoPP::AES>>(decrypt);
    default:
      return nullptr;
  }
}

bool IsXts(const AlgorithmInfo& alg) { return alg.mode == AlgorithmMode::kXts; }

// A keyed cipher transforming `in` to `out`, continuing the stream from one call to the next;
// XTS starts a new data unit (tweak = IV) per call.
class KeyedCipher {
 public:
  static constexpr bool kInPlace = false;  // TimedThrowingCipher (keyed_cipher.h)

  // Throws (CryptoPP::Exception, std::invalid_argument) when the cipher or key is unusable.
  KeyedCipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv)
      : cipher_(NewCipher(alg, decrypt)), xts_(IsXts(alg)), iv_(iv) {
    if (!cipher_) {
      throw std::invalid_argument("no Crypto++ cipher for " + std::string(alg.name));
    }
    if (alg.name == "ChaCha20") {
      // OpenSSL's 16-byte ChaCha20 IV: a 32-bit little-endian block counter, then the 96-bit
      // nonce (RFC 8439 2.3).
      if (iv.size() != 16) {
        throw std::invalid_argument("ChaCha20 IV is " + std::to_string(iv.size()) +
                                    " bytes, needs 16 (counter || nonce)");
      }
      cipher_->SetKeyWithIV(key.data(), key.size(), iv.data() + 4, 12);
      const uint64_t counter =
          uint64_t{iv[0]} | uint64_t{iv[1]} << 8 | uint64_t{iv[2]} << 16 | uint64_t{iv[3]} << 24;
      cipher_->Seek(counter * 64);
    } else if (iv.empty()) {
      cipher_->SetKey(key.data(), key.size());
    } else {
      cipher_->SetKeyWithIV(key.data(), key.size(), iv.data(), iv.size());
    }
  }

  void Process(const uint8_t* in, uint8_t* out, size_t len) {
    if (xts_) {
      cipher_->Resynchronize(iv_.data(), static_cast<int>(iv_.size()));
      // ProcessLastBlock handles whole blocks and ciphertext stealing alike.
      cipher_->ProcessLastBlock(out, len, in, len);
      return;
    }
    cipher_->ProcessData(out, in, len);
  }

  std::string Provider() const { return cipher_->AlgorithmProvider(); }

 private:
  std::unique_ptr<CryptoPP::SymmetricCipher> cipher_;
  bool xts_;
  Bytes iv_;
};

// "" if `len` bytes are a valid input for `alg`, else why not: CipherLengthProblem
// (keyed_cipher.h), or an XTS input Crypto++ cannot take.
std::string CheckInputLength(const AlgorithmInfo& alg, size_t len) {
  if (std::string problem = CipherLengthProblem(alg, len); !problem.empty()) {
    return problem;
  }
  // Crypto++ 8.7's XTS ProcessLastBlock steals ciphertext correctly after one whole block (17 to
  // 31 bytes match OpenSSL), but after two or more it passes ProcessData a length that is not
  // whole blocks and reads past the input (SIGSEGV at 33 and 100 bytes). Refused rather than run.
  if (IsXts(alg) && len % alg.block_len != 0 && len > 2 * alg.block_len) {
    return "Crypto++ 8.7 XTS crashes on inputs that are not whole " +
           std::to_string(alg.block_len) +
           "-byte blocks (ciphertext stealing) once they exceed two blocks (input size " +
           std::to_string(len) + "); use a multiple of " + std::to_string(alg.block_len);
  }
  return "";
}

bool CipherSupported(const AlgorithmInfo& alg) { return NewCipher(alg, false) != nullptr; }

// Throws as KeyedCipher (LibraryBackend reads that as "does not tell").
std::string CipherImplementation(const AlgorithmInfo& alg) {
  // Keyed with the timing pattern: some objects pick their code path when keyed.
  return KeyedCipher(alg, false, PatternBytes(alg.key_len, kKeySeed),
                     PatternBytes(alg.iv_len, kIvSeed))
      .Provider();
}

std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output) {
  if (!NewCipher(alg, decrypt)) {
    return kNotOffered;
  }
  return ThrowingCipherOneShot<KeyedCipher>("Crypto++", alg, decrypt, key, iv, input, output,
                                            CheckInputLength(alg, input.size()));
}

std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, PrepareFailure* failure,
                                                 std::string* error) {
  if (!NewCipher(alg, false)) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         "Crypto++ backend has no cipher " + std::string(alg.name), failure, error);
  }
  return PrepareThrowingCipher<KeyedCipher>(
      &CipherOneShot, "Crypto++", alg, op, input_len,
      input_len == 0 ? "input size 0 is out of range" : CheckInputLength(alg, input_len), failure,
      error);
}

}  // namespace

LibraryBindings CipherBinding() {
  return CipherEntries{&CipherOneShot, &PrepareCipher}.Bindings(&CipherSupported,
                                                                &CipherImplementation);
}

}  // namespace cryptobench::backends::cryptopp
