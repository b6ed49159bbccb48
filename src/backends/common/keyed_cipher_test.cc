// Tests of the cipher input-size rules (keyed_cipher.h): CipherInputSizeProblem, which the
// keyed-cipher prepare step and OpenSSL's refuse sizes by, and CipherBlocksProblem, which
// PrepareCipherRoundTrip (libgcrypt, GnuTLS, Nettle) does.
#include "backends/common/keyed_cipher.h"

#include <gtest/gtest.h>

#include "backends/common/adapter_test_support.h"

namespace cryptobench::backends {
namespace {

using adapter_testing::Alg;

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

}  // namespace
}  // namespace cryptobench::backends
