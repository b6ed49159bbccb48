// Tests of the cipher input-size rules (keyed_cipher.h): CipherInputSizeProblem, which the
// keyed-cipher prepare step and OpenSSL's refuse sizes by, and CipherBlocksProblem, which
// PrepareCipherRoundTrip (libgcrypt, GnuTLS, Nettle) does; and PrepareThrowingCipher (Botan,
// Crypto++), its one-shot and its timed operation over a toy cipher.
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
// `refuse` is set, as Botan and Crypto++ objects throw on a bad key. InPlace: whether it is
// timed in place (TimedThrowingCipher); its Process() takes in == out either way.
template <bool InPlace>
struct ToyCipher {
  static constexpr bool kInPlace = InPlace;
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

using Toy = ToyCipher<false>;

std::string ToyOneShot(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                       const Bytes& input, Bytes* output) {
  return ThrowingCipherOneShot<Toy>("Toy", alg, decrypt, key, iv, input, output, "");
}

template <typename Keyed = Toy>
Prepared PrepareToy(Operation op, std::string size_problem = "") {
  Prepared p;
  p.op = PrepareThrowingCipher<Keyed>(&ToyOneShot, "Toy", Alg("AES-128-CTR"), op, 64,
                                      std::move(size_problem), &p.failure, &p.error);
  return p;
}

TEST(KeyedCipherTest, LengthProblemsLeaveAnEmptyInputAlone) {
  EXPECT_EQ(CipherLengthProblem(Alg("AES-128-CBC"), 0), "");
  EXPECT_EQ(CipherLengthProblem(Alg("AES-128-CBC"), 17),
            "AES-128-CBC needs whole 16-byte blocks; input size 17 is not");
  EXPECT_EQ(CipherLengthProblem(Alg("AES-128-XTS"), 0),
            "XTS needs at least one 16-byte block per data unit");
}

// The one-shot returns the library's refusal of the length as is, a throwing constructor as
// one line naming the library and algorithm, and otherwise the whole input transformed.
TEST(KeyedCipherTest, AThrowingLibrarysOneShotRefusesThrowsOrTransforms) {
  const AlgorithmInfo& ctr = Alg("AES-128-CTR");
  Bytes out;
  EXPECT_EQ(ThrowingCipherOneShot<Toy>("Toy", ctr, false, {1}, {2}, {3, 3}, &out, "too short"),
            "too short");
  Toy::refuse = true;
  const std::string thrown = ThrowingCipherOneShot<Toy>("Toy", ctr, false, {1}, {2}, {3}, &out, "");
  Toy::refuse = false;
  EXPECT_EQ(thrown, "Toy AES-128-CTR: key refused");
  ASSERT_EQ(ThrowingCipherOneShot<Toy>("Toy", ctr, false, {1}, {2}, {3, 4}, &out, ""), "");
  EXPECT_EQ(out, (Bytes{3 ^ 1 ^ 2, 4 ^ 1 ^ 2}));
}

// Timed in place, each iteration transforms the previous output: an XOR toy run twice gives
// back the input; out of place, every iteration gives the same output.
TEST(KeyedCipherTest, TimedThrowingCipherRunsInPlaceOrNot) {
  const Bytes key = {1, 2};
  const Bytes iv = {4};
  AlignedBuffer in(2);
  in.data()[0] = 8;
  in.data()[1] = 16;
  TimedThrowingCipher<ToyCipher<true>> in_place(
      std::make_unique<ToyCipher<true>>(Alg("AES-128-CTR"), false, key, iv), std::move(in),
      "Toy cipher");
  ASSERT_TRUE(in_place.Run(2)) << in_place.error();
  EXPECT_EQ(in_place.output(), (Bytes{8, 16}));
  AlignedBuffer in2(2);
  in2.data()[0] = 8;
  in2.data()[1] = 16;
  TimedThrowingCipher<Toy> apart(std::make_unique<Toy>(Alg("AES-128-CTR"), false, key, iv),
                                 std::move(in2), "Toy cipher");
  ASSERT_TRUE(apart.Run(2)) << apart.error();
  EXPECT_EQ(apart.output(), (Bytes{8 ^ 1 ^ 4, 16 ^ 2 ^ 4}));
}

// Both directions prepare and round-trip; the corruption seam makes the check fail.
TEST(KeyedCipherTest, AThrowingLibrarysCipherPreparesBothDirections) {
  for (Operation op : {Operation::kEncrypt, Operation::kDecrypt}) {
    const Prepared p = PrepareToy(op);
    ASSERT_NE(p.op, nullptr) << p.error;
    EXPECT_TRUE(p.op->Run(3));
    const Prepared in_place = PrepareToy<ToyCipher<true>>(op);
    ASSERT_NE(in_place.op, nullptr) << in_place.error;
    EXPECT_TRUE(in_place.op->Run(3));
  }
  const ScopedCorruptOutputs corrupt(true);
  const Prepared p = PrepareToy(Operation::kEncrypt);
  EXPECT_EQ(p.op, nullptr);
  EXPECT_EQ(p.failure, PrepareFailure::kCheckFailed);
}

// A throwing constructor, a size the library refuses and an operation ciphers lack are each
// one line of kLibraryError.
TEST(KeyedCipherTest, AThrowingLibrarysCipherFailuresAreOneLine) {
  Toy::refuse = true;
  const Prepared thrown = PrepareToy(Operation::kEncrypt);
  Toy::refuse = false;
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
