// Tests of the cipher input-size rule (keyed_cipher.h) that the keyed-cipher prepare step and
// OpenSSL's cipher prepare step refuse sizes by.
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

}  // namespace
}  // namespace cryptobench::backends
