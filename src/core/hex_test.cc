#include "core/hex.h"

#include <stdexcept>

#include <gtest/gtest.h>

namespace cryptobench {
namespace {

TEST(HexTest, RoundTrip) {
  std::vector<uint8_t> bytes = {0x00, 0x01, 0xab, 0xff};
  EXPECT_EQ(HexEncode(bytes), "0001abff");
  EXPECT_EQ(HexDecode("0001ABff"), bytes);
}

TEST(HexTest, IgnoresWhitespace) { EXPECT_EQ(HexDecode("00 01\nab\tff"), HexDecode("0001abff")); }

TEST(HexTest, RejectsBadInput) {
  EXPECT_THROW(HexDecode("0g"), std::invalid_argument);
  EXPECT_THROW(HexDecode("abc"), std::invalid_argument);
}

}  // namespace
}  // namespace cryptobench
