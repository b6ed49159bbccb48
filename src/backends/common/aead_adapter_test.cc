// Tests of the AEAD adapter's helpers (aead_adapter.h) that every library bound to it calls
// from its engine: the nonce counter of the timed seal and the check of a seal's output length.
#include "backends/common/aead_adapter.h"

#include <string>

#include <gtest/gtest.h>

namespace cryptobench::backends {
namespace {

TEST(AeadAdapterTest, TheNonceCounterIsBigEndianInTheLastEightBytes) {
  Bytes nonce(12, 0xee);
  SetNonceCounter(nonce, 0x0102030405060708u);
  EXPECT_EQ(nonce, (Bytes{0xee, 0xee, 0xee, 0xee, 1, 2, 3, 4, 5, 6, 7, 8}));
  Bytes short_nonce(4, 0xee);
  SetNonceCounter(short_nonce, 0x0102030405060708u);
  EXPECT_EQ(short_nonce, (Bytes{5, 6, 7, 8}));
}

TEST(AeadAdapterTest, ASealThatWroteLessOrMoreThanCiphertextAndTagIsAnError) {
  std::string error;
  EXPECT_TRUE(SealWroteAll("seal_call", 32, 32, &error));
  EXPECT_EQ(error, "");
  EXPECT_FALSE(SealWroteAll("seal_call", 31, 32, &error));
  EXPECT_EQ(error, "seal_call wrote 31 bytes, expected 32");
  EXPECT_FALSE(SealWroteAll("seal_call", 33, 32, &error));
  EXPECT_EQ(error, "seal_call wrote 33 bytes, expected 32");
}

}  // namespace
}  // namespace cryptobench::backends
