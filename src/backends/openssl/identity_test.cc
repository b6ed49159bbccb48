#include "backends/openssl/identity.h"

#include <gtest/gtest.h>

namespace cryptobench::backends::openssl {
namespace {

TEST(CapabilityVectorTest, ParsesOpenssl3CpuInfo) {
  // Format of crypto/info.c in OpenSSL 3.0, as printed by `openssl version -c`.
  EXPECT_EQ(
      CapabilityVectorFromCpuInfo("CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab"),
      "0xfffa3203078bffff:0x405fc6f1bf07ab");
  EXPECT_EQ(CapabilityVectorFromCpuInfo(
                "CPUINFO: OPENSSL_ia32cap=0x7ffa3203078bffff:0x0 env:~0x200000000000000"),
            "0x7ffa3203078bffff:0x0");
  EXPECT_EQ(CapabilityVectorFromCpuInfo("CPUINFO: OPENSSL_armcap=0xbf"), "0xbf");
  EXPECT_EQ(CapabilityVectorFromCpuInfo("CPUINFO: N/A"), "N/A");
  EXPECT_EQ(CapabilityVectorFromCpuInfo(""), "");
  EXPECT_EQ(CapabilityVectorFromCpuInfo("something else"), "");
}

TEST(CapabilityVectorTest, FormatsIa32CapWordsLikeOpenssl3) {
  const uint32_t words[4] = {0x078bffff, 0xfffa3203, 0xbf07ab, 0x405fc6f1};
  EXPECT_EQ(FormatIa32Cap(words), "0xfffa3203078bffff:0x405fc6f100bf07ab");
}

}  // namespace
}  // namespace cryptobench::backends::openssl
