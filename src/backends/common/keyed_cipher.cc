// The keyed-cipher prepare step (keyed_cipher.h).
#include "backends/common/keyed_cipher.h"

#include <cstring>
#include <utility>

namespace cryptobench::backends {
namespace {

// One timed operation: one Update() of the whole input on the keyed, reused cipher.
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

}  // namespace

std::string KeyedCipherOneShot(const KeyedCipherFactory& make, const AlgorithmInfo& alg,
                               bool decrypt, const Bytes& key, const Bytes& iv, const Bytes& input,
                               Bytes* output) {
  std::string error;
  std::unique_ptr<KeyedCipher> cipher = make(alg, decrypt, key, iv, &error);
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

bool SplitChaCha20Iv(std::span<const uint8_t> key, std::span<const uint8_t> iv,
                     ChaCha20CounterNonce* out, std::string* error) {
  if (key.size() != 32 || iv.size() != 16) {
    *error = "ChaCha20 needs a 32-byte key and a 16-byte counter||nonce IV";
    return false;
  }
  out->counter = static_cast<uint32_t>(iv[0]) | static_cast<uint32_t>(iv[1]) << 8 |
                 static_cast<uint32_t>(iv[2]) << 16 | static_cast<uint32_t>(iv[3]) << 24;
  out->nonce = iv.subspan(4);
  return true;
}

std::string CipherInputSizeProblem(const AlgorithmInfo& alg, size_t input_len) {
  if (input_len == 0) {
    return "input size 0 is out of range";
  }
  return CipherLengthProblem(alg, input_len);
}

std::string CipherLengthProblem(const AlgorithmInfo& alg, size_t input_len) {
  if (NeedsWholeBlocks(alg) && input_len % alg.block_len != 0) {
    return std::string(alg.name) + " needs whole " + std::to_string(alg.block_len) +
           "-byte blocks; input size " + std::to_string(input_len) + " is not";
  }
  if (alg.mode == AlgorithmMode::kXts && input_len < alg.block_len) {
    return "XTS needs at least one " + std::to_string(alg.block_len) + "-byte block per data unit";
  }
  return "";
}

std::string CipherBlocksProblem(const AlgorithmInfo& alg, size_t input_len, bool whole_blocks,
                                bool xts) {
  if (input_len == 0 || (whole_blocks && input_len % alg.block_len != 0) ||
      (xts && input_len < alg.block_len)) {
    return std::string(alg.name) + " cannot encrypt " + std::to_string(input_len) +
           " bytes: it needs " + (whole_blocks ? "whole " : "at least one ") +
           std::to_string(alg.block_len) + "-byte block" + (whole_blocks ? "s" : "");
  }
  return "";
}

std::unique_ptr<PreparedOperation> PrepareKeyedCipher(const KeyedCipherFactory& make,
                                                      const AlgorithmInfo& alg, Operation op,
                                                      size_t input_len, CipherSeeds seeds,
                                                      PrepareFailure* failure, std::string* error) {
  if (std::string problem = CipherInputSizeProblem(alg, input_len); !problem.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(problem), failure, error);
  }
  // XTS keys are two AES keys that must differ (IEEE 1619 5.1): the pattern never repeats.
  const Bytes key = PatternBytes(alg.key_len, seeds.key);
  const Bytes iv = PatternBytes(alg.iv_len, seeds.iv);
  const Bytes plaintext = PatternBytes(input_len, seeds.plaintext);
  const bool encrypt = op == Operation::kEncrypt;
  std::string message;
  Bytes input = plaintext;
  if (!encrypt) {
    if (message = KeyedCipherOneShot(make, alg, false, key, iv, plaintext, &input);
        !message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
  }
  std::unique_ptr<KeyedCipher> cipher = make(alg, !encrypt, key, iv, &message);
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
  CorruptIfTesting(out);
  if (!CheckCipherRoundTrip(
          alg, encrypt, input_len, plaintext, out,
          [&](const Bytes& in, Bytes* back) {
            return KeyedCipherOneShot(make, alg, true, key, iv, in, back);
          },
          failure, error)) {
    return nullptr;
  }
  return prepared;
}

}  // namespace cryptobench::backends
