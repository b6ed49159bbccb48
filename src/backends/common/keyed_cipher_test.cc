// Tests of the cipher input-size rules (keyed_cipher.h): CipherInputSizeProblem, which the
// keyed-cipher prepare step and OpenSSL's refuse sizes by, and CipherBlocksProblem, which
// PrepareCipherRoundTrip (libgcrypt, GnuTLS, Nettle) does; and PrepareThrowingCipher (Botan,
// Crypto++) over a toy cipher.
#include "backends/common/keyed_cipher.h"

#include <stdexcept>
#include <utility>

#include <gtest/gtest.h>

#include "backends/common/adapter_test_support.h"

namespace cryptobench::backends {
namespace {

using adapter_testing::Alg;
using adapter_testing::Prepared;

TEST(KeyedCipherTest, TheChaCha20IvIsALittleEndianCounterThenTheNonce) {
  const Bytes key(32, 0x11);
  Bytes iv(16);
  for (size_t i = 0; i < iv.size(); ++i) {
    iv[i] = static_cast<uint8_t>(i + 1);
  }
  ChaCha20CounterNonce start;
  std::string error;
  ASSERT_TRUE(SplitChaCha20Iv(key, iv, &start, &error)) << error;
  EXPECT_EQ(start.counter, 0x04030201u);
  EXPECT_EQ(Bytes(start.nonce.begin(), start.nonce.end()), Bytes(iv.begin() + 4, iv.end()));
  for (const auto& [key_len, iv_len] : {std::pair<size_t, size_t>{16, 16}, {32, 12}}) {
    EXPECT_FALSE(SplitChaCha20Iv(Bytes(key_len), Bytes(iv_len), &start, &error));
    EXPECT_EQ(error, "ChaCha20 needs a 32-byte key and a 16-byte counter||nonce IV");
  }
}

TEST(KeyedCipherTest, InputSizesAnUnpaddedCipherCannotTakeAreNamed) {
  EXPECT_EQ(CipherInputSizeProblem(Alg("AES-128-CTR"), 0), "input size 0 is out of range");
  EXPECT_EQ(CipherInputSizeProblem(Alg("AES-128-CBC"), 17),
            "AES-128-CBC needs whole 16-byte blocks; input size 17 is not");
  EXPECT_EQ(CipherInputSizeProblem(Alg("AES-128-XTS"), 15),
            "XTS needs at least one 16-byte block per data unit");
}

TEST(KeyedCipherTest, InputSizesTheModeTakesPass) {
  EXPECT_EQ(CipherInputSizeProblem(Alg("AES-128-CTR"), 1), "");
  EXPECT_EQ(CipherInputSizeProblem(Alg("AES-128-CBC"), 32), "");
  EXPECT_EQ(CipherInputSizeProblem(Alg("AES-128-XTS"), 17), "");  // ciphertext stealing
}

TEST(KeyedCipherTest, BlockProblemsUseTheirOwnWording) {
  const AlgorithmInfo& cbc = Alg("AES-128-CBC");
  EXPECT_EQ(CipherBlocksProblem(cbc, 17, true, false),
            "AES-128-CBC cannot encrypt 17 bytes: it needs whole 16-byte blocks");
  EXPECT_EQ(CipherBlocksProblem(cbc, 32, true, false), "");
  const AlgorithmInfo& xts = Alg("AES-128-XTS");
  EXPECT_EQ(CipherBlocksProblem(xts, 15, false, true),
            "AES-128-XTS cannot encrypt 15 bytes: it needs at least one 16-byte block");
  EXPECT_EQ(CipherBlocksProblem(xts, 17, false, true), "");
  EXPECT_EQ(CipherBlocksProblem(Alg("AES-128-CTR"), 0, false, false),
            "AES-128-CTR cannot encrypt 0 bytes: it needs at least one 16-byte block");
}

// A toy stream cipher (byte i XOR key[i] XOR iv[i], cycling) whose constructor throws while
// `refuse` is set, as Botan and Crypto++ objects throw on a bad key.
struct ToyCipher {
  static inline bool refuse = false;
  ToyCipher(const AlgorithmInfo&, bool, const Bytes& key_bytes, const Bytes& iv_bytes)
      : key(key_bytes), iv(iv_bytes) {
    if (refuse) {
      throw std::runtime_error("key refused");
    }
  }
  void Process(const uint8_t* in, uint8_t* out, size_t len) const {
    for (size_t i = 0; i < len; ++i) {
      out[i] = in[i] ^ key[i % key.size()] ^ iv[i % iv.size()];
    }
  }
  Bytes key;
  Bytes iv;
};

std::string ToyOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                       const Bytes& input, Bytes* output) {
  output->resize(input.size());
  ToyCipher(alg, decrypt, key, iv).Process(input.data(), output->data(), input.size());
  return "";
}

// The toy's timed operation: the whole input through the keyed cipher per iteration.
class ToyTimed : public PreparedOperation {
 public:
  ToyTimed(std::unique_ptr<ToyCipher> cipher, AlignedBuffer in)
      : cipher_(std::move(cipher)), in_(in.data(), in.data() + in.size()), out_(in_.size()) {}
  bool Run(uint64_t iterations) override {
    while (iterations-- > 0) {
      cipher_->Process(in_.data(), out_.data(), in_.size());
    }
    return true;
  }
  Bytes output() const { return out_; }

 private:
  std::unique_ptr<ToyCipher> cipher_;
  Bytes in_;
  Bytes out_;
};

Prepared PrepareToy(Operation op, std::string size_problem = "") {
  Prepared p;
  p.op = PrepareThrowingCipher<ToyTimed, ToyCipher>(&ToyOneShot, "Toy", Alg("AES-128-CTR"), op, 64,
                                                    std::move(size_problem), &p.failure, &p.error);
  return p;
}

// Both directions prepare and round-trip; the corruption seam makes the check fail.
TEST(KeyedCipherTest, AThrowingLibrarysCipherPreparesBothDirections) {
  for (Operation op : {Operation::kEncrypt, Operation::kDecrypt}) {
    const Prepared p = PrepareToy(op);
    ASSERT_NE(p.op, nullptr) << p.error;
    EXPECT_TRUE(p.op->Run(3));
  }
  const ScopedCorruptOutputs corrupt(true);
  const Prepared p = PrepareToy(Operation::kEncrypt);
  EXPECT_EQ(p.op, nullptr);
  EXPECT_EQ(p.failure, PrepareFailure::kCheckFailed);
}

// A throwing constructor, a size the library refuses and an operation ciphers lack are each
// one line of kLibraryError.
TEST(KeyedCipherTest, AThrowingLibrarysCipherFailuresAreOneLine) {
  ToyCipher::refuse = true;
  const Prepared thrown = PrepareToy(Operation::kEncrypt);
  ToyCipher::refuse = false;
  EXPECT_EQ(thrown.op, nullptr);
  EXPECT_EQ(thrown.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(thrown.error, "Toy AES-128-CTR: key refused");
  const Prepared refused = PrepareToy(Operation::kEncrypt, "too short");
  EXPECT_EQ(refused.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(refused.error, "too short");
  const Prepared hash = PrepareToy(Operation::kHash);
  EXPECT_EQ(hash.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(hash.error, "AES-128-CTR has no hash operation");
}

}  // namespace
}  // namespace cryptobench::backends
