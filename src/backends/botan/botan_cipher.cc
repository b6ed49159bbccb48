// Unauthenticated ciphers through Botan 2: Cipher_Mode (CBC, XTS), StreamCipher (CTR-BE,
// ChaCha) and, since this Botan build has no ECB Cipher_Mode, the BlockCipher itself for ECB
// (ECB is exactly the block cipher applied to each block).
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/stream_cipher.h>

#include "backends/botan/botan_internal.h"
#include "backends/common/buffers.h"
#include "backends/common/keyed_cipher.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::botan {
namespace {

enum class Shape { kMode, kStream, kEcb };

struct CipherSpec {
  Shape shape;
  std::string name;        // Botan factory name
  std::string block_name;  // block cipher doing the work ("" for ChaCha)
  bool xts = false;
};

// The binding table: catalogue entry -> Botan's factory name and block cipher. CTR-BE increments
// the whole 16-byte IV as one big-endian counter, as OpenSSL does.
std::optional<CipherSpec> SpecFor(const AlgorithmInfo& alg) {
  struct Binding {
    std::string_view entry;
    Shape shape;
    std::string_view name;
    std::string_view block_name;
  };
  static constexpr Binding kCiphers[] = {
      {"AES-128-CBC", Shape::kMode, "AES-128/CBC/NoPadding", "AES-128"},
      {"AES-192-CBC", Shape::kMode, "AES-192/CBC/NoPadding", "AES-192"},
      {"AES-256-CBC", Shape::kMode, "AES-256/CBC/NoPadding", "AES-256"},
      {"AES-128-CTR", Shape::kStream, "CTR-BE(AES-128)", "AES-128"},
      {"AES-256-CTR", Shape::kStream, "CTR-BE(AES-256)", "AES-256"},
      {"AES-128-ECB", Shape::kEcb, "AES-128", "AES-128"},
      {"AES-256-ECB", Shape::kEcb, "AES-256", "AES-256"},
      {"AES-128-XTS", Shape::kMode, "AES-128/XTS", "AES-128"},
      {"AES-256-XTS", Shape::kMode, "AES-256/XTS", "AES-256"},
      {"DES-EDE3-CBC", Shape::kMode, "TripleDES/CBC/NoPadding", "TripleDES"},
      {"SM4-CBC", Shape::kMode, "SM4/CBC/NoPadding", "SM4"},
      {"ChaCha20", Shape::kStream, "ChaCha(20)", ""},
  };
  if (alg.kind != AlgorithmKind::kCipher) {
    return std::nullopt;
  }
  for (const Binding& binding : kCiphers) {
    if (binding.entry == alg.name) {
      return CipherSpec{binding.shape, std::string(binding.name), std::string(binding.block_name),
                        alg.mode == AlgorithmMode::kXts};
    }
  }
  return std::nullopt;
}

// A keyed cipher that transforms a buffer in place (Botan's Cipher_Mode API works in place),
// continuing the stream from one call to the next; XTS starts a new data unit per call.
class KeyedCipher {
 public:
  static constexpr bool kInPlace = true;  // TimedThrowingCipher (keyed_cipher.h)

  // Throws (Botan's exceptions, std::invalid_argument) when the cipher or key is unusable.
  KeyedCipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv)
      : spec_(*SpecFor(alg)), decrypt_(decrypt), iv_(iv) {
    switch (spec_.shape) {
      case Shape::kMode:
        mode_ = Botan::Cipher_Mode::create_or_throw(
            spec_.name, decrypt ? Botan::DECRYPTION : Botan::ENCRYPTION);
        mode_->set_key(key);
        if (!spec_.xts) {
          mode_->start(iv);
        }
        break;
      case Shape::kStream:
        stream_ = Botan::StreamCipher::create_or_throw(spec_.name);
        stream_->set_key(key);
        if (alg.primitive == AlgorithmPrimitive::kChaCha20) {
          // OpenSSL's 16-byte ChaCha20 IV: a 32-bit little-endian block counter, then the
          // 96-bit nonce (RFC 8439 2.3).
          if (iv.size() != 16) {
            throw std::invalid_argument("ChaCha20 IV is " + std::to_string(iv.size()) +
                                        " bytes, needs 16 (counter || nonce)");
          }
          stream_->set_iv(iv.data() + 4, 12);
          const uint64_t counter = uint64_t{iv[0]} | uint64_t{iv[1]} << 8 | uint64_t{iv[2]} << 16 |
                                   uint64_t{iv[3]} << 24;
          stream_->seek(counter * 64);
        } else {
          stream_->set_iv(iv.data(), iv.size());
        }
        break;
      case Shape::kEcb:
        block_ = Botan::BlockCipher::create_or_throw(spec_.name);
        block_->set_key(key);
        break;
    }
  }

  // Transforms `len` bytes of `in` into `buf` (in place when they are the same).
  void Process(const uint8_t* in, uint8_t* buf, size_t len) {
    if (in != buf && len != 0) {
      std::memcpy(buf, in, len);
    }
    switch (spec_.shape) {
      case Shape::kStream:
        stream_->cipher1(buf, len);
        return;
      case Shape::kEcb:
        if (decrypt_) {
          block_->decrypt_n(buf, buf, len / block_->block_size());
        } else {
          block_->encrypt_n(buf, buf, len / block_->block_size());
        }
        return;
      case Shape::kMode:
        break;
    }
    if (spec_.xts) {
      mode_->start(iv_);
      if (len % 16 != 0) {
        // Ciphertext stealing happens only in finish(), which takes a secure_vector.
        scratch_.assign(buf, buf + len);
        mode_->finish(scratch_);
        std::memcpy(buf, scratch_.data(), len);
        return;
      }
    }
    if (mode_->process(buf, len) != len) {
      throw std::runtime_error("Cipher_Mode::process did not take the whole input");
    }
  }

 private:
  CipherSpec spec_;
  bool decrypt_;
  Bytes iv_;
  std::unique_ptr<Botan::Cipher_Mode> mode_;
  std::unique_ptr<Botan::StreamCipher> stream_;
  std::unique_ptr<Botan::BlockCipher> block_;
  Botan::secure_vector<uint8_t> scratch_;
};

bool CipherSupported(const AlgorithmInfo& alg) {
  const std::optional<CipherSpec> spec = SpecFor(alg);
  if (!spec) {
    return false;
  }
  switch (spec->shape) {
    case Shape::kMode:
      return Botan::Cipher_Mode::create(spec->name, Botan::ENCRYPTION) != nullptr;
    case Shape::kStream:
      return Botan::StreamCipher::create(spec->name) != nullptr;
    case Shape::kEcb:
      return Botan::BlockCipher::create(spec->name) != nullptr;
  }
  return false;
}

std::string CipherImplementation(const AlgorithmInfo& alg) {
  const std::optional<CipherSpec> spec = SpecFor(alg);
  if (!spec) {
    return "";
  }
  if (spec->block_name.empty()) {
    auto stream = Botan::StreamCipher::create(spec->name);
    return stream ? stream->name() + " " + stream->provider() : "";
  }
  auto block = Botan::BlockCipher::create(spec->block_name);
  return block ? block->name() + " " + block->provider() : "";
}

std::string CipherOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                          const Bytes& input, Bytes* output) {
  if (!SpecFor(alg)) {
    return kNotOffered;
  }
  return ThrowingCipherOneShot<KeyedCipher>("Botan", alg, decrypt, key, iv, input, output,
                                            CipherLengthProblem(alg, input.size()));
}

std::unique_ptr<PreparedOperation> PrepareCipher(const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, PrepareFailure* failure,
                                                 std::string* error) {
  if (!SpecFor(alg)) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         "Botan backend has no cipher " + std::string(alg.name), failure, error);
  }
  return PrepareThrowingCipher<KeyedCipher>(&CipherOneShot, "Botan", alg, op, input_len,
                                            CipherInputSizeProblem(alg, input_len), failure, error);
}

}  // namespace

LibraryBindings CipherBinding() {
  return CipherEntries{&CipherOneShot, &PrepareCipher}.Bindings(&CipherSupported,
                                                                &CipherImplementation);
}

}  // namespace cryptobench::backends::botan
