// Timed ChaCha20, AEADs, hashes and MACs through libsodium.
#include "backends/sodium/symmetric.h"

#include <sodium.h>

#include <cstring>
#include <span>
#include <vector>

#include "backends/sodium/symmetric_internal.h"

namespace cryptobench::backends::sodium {
namespace {

// --- ChaCha20 -------------------------------------------------------------------------------

// Keystream blocks (64 bytes each) that `len` bytes use.
uint64_t Blocks(size_t len) { return (static_cast<uint64_t>(len) + 63) / 64; }

class ChaCha20Operation : public PreparedOperation {
 public:
  ChaCha20Operation(std::vector<uint8_t> key, std::vector<uint8_t> nonce, uint32_t counter,
                    AlignedBuffer in)
      : key_(std::move(key)),
        nonce_(std::move(nonce)),
        counter_(counter),
        in_(std::move(in)),
        out_(in_.size()) {}
  ~ChaCha20Operation() override { sodium_memzero(key_.data(), key_.size()); }

  bool Run(uint64_t iterations) override {
    const uint64_t blocks = Blocks(in_.size());
    for (uint64_t i = 0; i < iterations; ++i) {
      if (counter_ + blocks > (uint64_t{1} << 32)) {
        counter_ = 0;
      }
      crypto_stream_chacha20_ietf_xor_ic(out_.data(), in_.data(), Len(in_.size()), nonce_.data(),
                                         static_cast<uint32_t>(counter_), key_.data());
      counter_ += blocks;
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span(); }

 private:
  std::vector<uint8_t> key_;
  std::vector<uint8_t> nonce_;
  uint64_t counter_;
  AlignedBuffer in_;
  AlignedBuffer out_;
};

// --- Hashes and MACs ------------------------------------------------------------------------

class HashOperation : public PreparedOperation {
 public:
  HashOperation(Primitive primitive, AlignedBuffer in)
      : primitive_(primitive), in_(std::move(in)), out_(DigestLength(primitive)) {}

  bool Run(uint64_t iterations) override {
    const unsigned long long len = Len(in_.size());
    for (uint64_t i = 0; i < iterations; ++i) {
      switch (primitive_) {
        case Primitive::kSha256:
          crypto_hash_sha256(out_.data(), in_.data(), len);
          break;
        case Primitive::kSha512:
          crypto_hash_sha512(out_.data(), in_.data(), len);
          break;
        default:
          if (crypto_generichash_blake2b(out_.data(), out_.size(), in_.data(), len, nullptr, 0) !=
              0) {
            error_ = "crypto_generichash_blake2b failed";
            return false;
          }
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span(); }

 private:
  Primitive primitive_;
  AlignedBuffer in_;
  AlignedBuffer out_;
};

class MacOperation : public PreparedOperation {
 public:
  MacOperation(Primitive primitive, std::vector<uint8_t> key, AlignedBuffer in)
      : primitive_(primitive), key_(std::move(key)), in_(std::move(in)) {
    if (primitive_ == Primitive::kHmacSha256) {
      crypto_auth_hmacsha256_init(&keyed_, key_.data(), key_.size());
    }
  }
  ~MacOperation() override {
    sodium_memzero(key_.data(), key_.size());
    sodium_memzero(&keyed_, sizeof keyed_);
  }

  bool Run(uint64_t iterations) override {
    const unsigned long long len = Len(in_.size());
    for (uint64_t i = 0; i < iterations; ++i) {
      if (primitive_ == Primitive::kHmacSha256) {
        crypto_auth_hmacsha256_state state = keyed_;
        crypto_auth_hmacsha256_update(&state, in_.data(), len);
        crypto_auth_hmacsha256_final(&state, out_.data());
      } else {
        crypto_onetimeauth_poly1305(out_.data(), in_.data(), len, key_.data());
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const {
    return out_.span().first(primitive_ == Primitive::kHmacSha256
                                 ? crypto_auth_hmacsha256_BYTES
                                 : crypto_onetimeauth_poly1305_BYTES);
  }

 private:
  Primitive primitive_;
  std::vector<uint8_t> key_;
  crypto_auth_hmacsha256_state keyed_{};
  AlignedBuffer in_;
  AlignedBuffer out_{64};
};

// The MAC of `in` in two pieces with a fresh multi-part state.
std::vector<uint8_t> ReferenceMac(Primitive primitive, std::span<const uint8_t> key,
                                  std::span<const uint8_t> in) {
  const std::span<const uint8_t> first = in.first(in.size() / 2);
  const std::span<const uint8_t> rest = in.subspan(in.size() / 2);
  if (primitive == Primitive::kHmacSha256) {
    std::vector<uint8_t> tag(crypto_auth_hmacsha256_BYTES);
    crypto_auth_hmacsha256_state state;
    crypto_auth_hmacsha256_init(&state, key.data(), key.size());
    crypto_auth_hmacsha256_update(&state, DataOrEmpty(first), Len(first.size()));
    crypto_auth_hmacsha256_update(&state, DataOrEmpty(rest), Len(rest.size()));
    crypto_auth_hmacsha256_final(&state, tag.data());
    return tag;
  }
  std::vector<uint8_t> tag(crypto_onetimeauth_poly1305_BYTES);
  crypto_onetimeauth_poly1305_state state;
  crypto_onetimeauth_poly1305_init(&state, key.data());
  crypto_onetimeauth_poly1305_update(&state, DataOrEmpty(first), Len(first.size()));
  crypto_onetimeauth_poly1305_update(&state, DataOrEmpty(rest), Len(rest.size()));
  crypto_onetimeauth_poly1305_final(&state, tag.data());
  return tag;
}

}  // namespace

std::unique_ptr<PreparedOperation> PrepareChaCha20(const AlgorithmInfo& alg, Operation op,
                                                   size_t input_len, PrepareFailure* failure,
                                                   std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return WrongOperation(alg, op, failure, error);
  }
  if (input_len == 0) {
    return PrepareFailed(PrepareFailure::kLibraryError, "input size 0 is out of range", failure,
                         error);
  }
  const std::vector<uint8_t> key = PatternBytes(alg.key_len, kKeySeed);
  const std::vector<uint8_t> iv = PatternBytes(alg.iv_len, kNonceSeed);
  std::vector<uint8_t> nonce(iv.begin() + 4, iv.end());
  uint64_t counter = static_cast<uint64_t>(iv[0]) | static_cast<uint64_t>(iv[1]) << 8 |
                     static_cast<uint64_t>(iv[2]) << 16 | static_cast<uint64_t>(iv[3]) << 24;
  if (counter + Blocks(input_len) > (uint64_t{1} << 32)) {
    counter = 0;  // as the timed loop restarts, so the check below sees the same keystream
  }
  const auto xor_stream = [&](std::span<const uint8_t> in, std::span<uint8_t> out) {
    crypto_stream_chacha20_ietf_xor_ic(out.data(), in.data(), Len(in.size()), nonce.data(),
                                       static_cast<uint32_t>(counter), key.data());
  };
  AlignedBuffer plaintext(input_len);
  FillPattern(plaintext.span(), kPlaintextSeed);
  const bool encrypt = op == Operation::kEncrypt;
  AlignedBuffer input(input_len);
  if (encrypt) {
    std::memcpy(input.data(), plaintext.data(), input_len);
  } else {
    xor_stream(plaintext.span(), input.span());
  }
  auto prepared = std::make_unique<ChaCha20Operation>(key, nonce, static_cast<uint32_t>(counter),
                                                      std::move(input));
  prepared->Run(1);
  std::vector<uint8_t> out(prepared->output().begin(), prepared->output().end());
  CorruptIfTesting(out);
  std::string mismatch;
  if (encrypt) {
    std::vector<uint8_t> decrypted(input_len);
    xor_stream(out, decrypted);
    mismatch =
        CompareBytes("ciphertext", out, plaintext.span()).empty()
            ? "ciphertext equals the plaintext"
            : CompareBytes("decryption of the timed ciphertext", decrypted, plaintext.span());
  } else {
    mismatch = CompareBytes("decrypted text", out, plaintext.span());
  }
  if (!mismatch.empty()) {
    return PrepareCheckFailed(alg, input_len, mismatch, failure, error);
  }
  return prepared;
}

std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Primitive primitive,
                                               Operation op, size_t input_len,
                                               PrepareFailure* failure, std::string* error) {
  if (op != Operation::kHash) {
    return WrongOperation(alg, op, failure, error);
  }
  AlignedBuffer message(input_len);
  FillPattern(message.span(), kPlaintextSeed);
  const std::vector<uint8_t> copy(message.data(), message.data() + input_len);
  auto prepared = std::make_unique<HashOperation>(primitive, std::move(message));
  // Two runs: the second proves nothing is left over from the first.
  if (!prepared->Run(2)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  std::vector<uint8_t> out(prepared->output().begin(), prepared->output().end());
  CorruptIfTesting(out);
  const std::span<const uint8_t> whole(copy);
  std::vector<uint8_t> reference;
  if (std::string failed = HashPieces(
          primitive, {whole.first(input_len / 2), whole.subspan(input_len / 2)}, &reference);
      !failed.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, failed, failure, error);
  }
  if (std::string diff = CompareBytes("digest", out, reference); !diff.empty()) {
    return PrepareCheckFailed(alg, input_len, diff, failure, error);
  }
  return prepared;
}

std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Primitive primitive,
                                              Operation op, size_t input_len,
                                              PrepareFailure* failure, std::string* error) {
  if (op != Operation::kMac) {
    return WrongOperation(alg, op, failure, error);
  }
  const std::vector<uint8_t> key = PatternBytes(alg.key_len, kKeySeed);
  AlignedBuffer message(input_len);
  FillPattern(message.span(), kPlaintextSeed);
  const std::vector<uint8_t> reference = ReferenceMac(primitive, key, message.span());
  auto prepared = std::make_unique<MacOperation>(primitive, key, std::move(message));
  prepared->Run(2);
  std::vector<uint8_t> out(prepared->output().begin(), prepared->output().end());
  CorruptIfTesting(out);
  if (std::string diff = CompareBytes("tag", out, reference); !diff.empty()) {
    return PrepareCheckFailed(alg, input_len, diff, failure, error);
  }
  return prepared;
}

}  // namespace cryptobench::backends::sodium
