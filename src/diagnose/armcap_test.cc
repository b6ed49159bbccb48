#include "diagnose/armcap.h"

#include <gtest/gtest.h>

namespace cryptobench::diagnose {
namespace {

TEST(ArmcapTest, BitsFollowArmArchH) {
  // crypto/arm_arch.h: ARMV7_NEON 1<<0, ARMV8_AES 1<<2, ARMV8_SHA1 1<<3, ARMV8_SHA256 1<<4,
  // ARMV8_PMULL 1<<5, ARMV8_SHA512 1<<6; master adds ARMV8_SM3 1<<9, ARMV8_SM4 1<<10,
  // ARMV8_SHA3 1<<11.
  const std::vector<std::pair<std::string_view, uint32_t>> expected = {
      {"NEON", 0x1},    {"AES", 0x4},   {"SHA1", 0x8},  {"SHA2", 0x10}, {"PMULL", 0x20},
      {"SHA512", 0x40}, {"SM3", 0x200}, {"SM4", 0x400}, {"SHA3", 0x800}};
  ASSERT_EQ(KnownArmcapBits().size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(KnownArmcapBits()[i].name, expected[i].first);
    EXPECT_EQ(KnownArmcapBits()[i].mask, expected[i].second) << expected[i].first;
    EXPECT_FALSE(KnownArmcapBits()[i].source.empty());
  }
}

TEST(ArmcapTest, ParsesTheCpuInfoString) {
  EXPECT_EQ(ParseArmcapCpuInfo("CPUINFO: OPENSSL_armcap=0xbd"), 0xbdu);
  EXPECT_EQ(ParseArmcapCpuInfo("OPENSSL_armcap=0x3d env:0x1"), 0x3du);
  EXPECT_EQ(ParseArmcapCpuInfo("CPUINFO: OPENSSL_armcap=0xFFFFFFFF"), 0xffffffffu);
  EXPECT_FALSE(ParseArmcapCpuInfo("CPUINFO: OPENSSL_armcap=0x100000000"));
  EXPECT_FALSE(ParseArmcapCpuInfo("CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab"));
  EXPECT_FALSE(ParseArmcapCpuInfo("CPUINFO: N/A"));
  EXPECT_FALSE(ParseArmcapCpuInfo("OPENSSL_armcap=0x"));
  EXPECT_FALSE(ParseArmcapCpuInfo("OPENSSL_armcap=0xbdq"));
  EXPECT_FALSE(ParseArmcapCpuInfo(""));
}

TEST(ArmcapTest, ClearingWritesTheDetectedWordLessTheBits) {
  // 0xbd = NEON, AES, SHA1, SHA256, PMULL and ARMV8_CPUID (1<<7), as a Neoverse N1 reports.
  EXPECT_EQ(ArmcapClearing(0xbd, {"AES"}), "0xb9");
  EXPECT_EQ(ArmcapClearing(0xbd, {"AES", "PMULL"}), "0x99");
  EXPECT_EQ(ArmcapClearing(0xbd, {"SHA1", "SHA2"}), "0xa5");
  // A bit the word lacks, or a name that is no bit, changes nothing.
  EXPECT_EQ(ArmcapClearing(0xbd, {"SHA512", "AES-NI"}), "0xbd");
  EXPECT_EQ(ArmcapClearing(0x0, {"AES"}), "0x0");
}

TEST(ArmcapTest, EnvironmentValueReplacesTheWordAsStrtoulReadsIt) {
  using Names = std::vector<std::string>;
  // 0xfd less AES (0x4): what the live doctor's own AES experiment sets.
  EXPECT_EQ(ArmcapMaskedFeatures(0xfd, "0xf9"), Names{"AES"});
  EXPECT_EQ(ArmcapMaskedFeatures(0xbd, "0xbd"), Names{});
  // Bits the detected word lacks cannot be masked by it.
  EXPECT_EQ(ArmcapMaskedFeatures(0x1, "0x0"), Names{"NEON"});
  EXPECT_EQ(ArmcapMaskedFeatures(0x1, "0x4"), Names{"NEON"});
  // Decimal and octal as strtoul(value, NULL, 0) reads them: 189 = 0xbd, 0275 = 0xbd.
  EXPECT_EQ(ArmcapMaskedFeatures(0xbd, "189"), Names{});
  EXPECT_EQ(ArmcapMaskedFeatures(0xbd, "0275"), Names{});
  // Text that is no number reads as 0: every detected bit is off.
  EXPECT_EQ(ArmcapMaskedFeatures(0x3d, "garbage"), (Names{"NEON", "AES", "SHA1", "SHA2", "PMULL"}));
  EXPECT_EQ(ArmcapMaskedFeatures(0x3d, ""), (Names{"NEON", "AES", "SHA1", "SHA2", "PMULL"}));
}

TEST(ArmcapTest, ValueProblemRefusesWhatStrtoulWouldMisread) {
  EXPECT_FALSE(ArmcapValueProblem("0xf9"));
  EXPECT_FALSE(ArmcapValueProblem("189"));
  EXPECT_FALSE(ArmcapValueProblem("0"));
  EXPECT_FALSE(ArmcapValueProblem("0xffffffff"));
  for (const char* bad : {"", "garbage", "-1", "-0x4", "~0x4", "0x1ffffffff", "0xf9 ", "0xg",
                          "99999999999999999999"}) {
    const auto problem = ArmcapValueProblem(bad);
    ASSERT_TRUE(problem) << bad;
    EXPECT_NE(problem->find("OPENSSL_armcap value"), std::string::npos) << *problem;
  }
}

TEST(ArmcapTest, EachArchitectureHasItsOwnCapabilityVariable) {
  EXPECT_FALSE(ForeignCapabilityVariable("OPENSSL_ia32cap", "x86_64"));
  EXPECT_FALSE(ForeignCapabilityVariable("OPENSSL_armcap", "aarch64"));
  EXPECT_FALSE(ForeignCapabilityVariable("OPENSSL_armcap", "riscv64"));  // neither: not judged
  EXPECT_FALSE(ForeignCapabilityVariable("OTHER", "x86_64"));
  const auto on_x86 = ForeignCapabilityVariable("OPENSSL_armcap", "x86_64");
  ASSERT_TRUE(on_x86);
  EXPECT_NE(on_x86->find("only on Arm"), std::string::npos) << *on_x86;
  EXPECT_NE(on_x86->find("the variable here is OPENSSL_ia32cap"), std::string::npos) << *on_x86;
  const auto on_arm = ForeignCapabilityVariable("OPENSSL_ia32cap", "aarch64");
  ASSERT_TRUE(on_arm);
  EXPECT_NE(on_arm->find("the variable here is OPENSSL_armcap"), std::string::npos) << *on_arm;
}

TEST(ArmcapTest, WordFromFeatureNamesAlwaysHasNeon) {
  EXPECT_EQ(ArmcapFromFeatureNames({}), 0x1u);
  EXPECT_EQ(ArmcapFromFeatureNames({"AES", "PMULL", "SHA1", "SHA2"}), 0x3du);
}

}  // namespace
}  // namespace cryptobench::diagnose
