#include "diagnose/ia32cap.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include <gtest/gtest.h>

namespace cryptobench::diagnose {
namespace {

using Kind = EnvField::Kind;

// `openssl version -c` on the development machine (AMD EPYC, Zen 4 VM, Debian OpenSSL 3.0.19).
constexpr std::string_view kZen4CpuInfo =
    "CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab";
constexpr CapabilityVector kZen4 = {0xfffa3203078bffff, 0x405fc6f1bf07ab, 0, 0, 0};

const CapabilityBit& Bit(std::string_view name) {
  for (const CapabilityBit& bit : KnownCapabilityBits()) {
    if (bit.name == name) {
      return bit;
    }
  }
  throw std::out_of_range(std::string(name));
}

TEST(KnownCapabilityBitsTest, MasksMatchThePod) {
  // doc/man3/OPENSSL_ia32cap.pod (cpb-reference.md, 2.2).
  EXPECT_EQ(Bit("AES-NI").vector, 0);
  EXPECT_EQ(Bit("AES-NI").mask, 0x200000000000000u);
  EXPECT_EQ(Bit("PCLMULQDQ").mask, 0x200000000u);
  EXPECT_EQ(Bit("SSSE3").mask, 0x20000000000u);
  EXPECT_EQ(Bit("AVX").mask, 0x1000000000000000u);
  EXPECT_EQ(Bit("MOVBE").mask, 0x40000000000000u);
  // AVX2 is LV1 bit 5; 0x20000000000 (the pod's "AVX2" example) is VAES.
  EXPECT_EQ(Bit("AVX2").vector, 1);
  EXPECT_EQ(Bit("AVX2").mask, 0x20u);
  EXPECT_EQ(Bit("VAES").vector, 1);
  EXPECT_EQ(Bit("VAES").mask, 0x20000000000u);
  EXPECT_EQ(Bit("VPCLMULQDQ").mask, 0x40000000000u);
  EXPECT_EQ(Bit("BMI1").mask, 0x8u);
  EXPECT_EQ(Bit("BMI2").mask, 0x100u);
  EXPECT_EQ(Bit("ADX").mask, 0x80000u);
  EXPECT_EQ(Bit("AVX-512F").mask, 0x10000u);
  EXPECT_EQ(Bit("AVX-512DQ").mask, 0x20000u);
  EXPECT_EQ(Bit("AVX-512IFMA").mask, 0x200000u);
  EXPECT_EQ(Bit("SHA-NI").mask, 0x20000000u);
  EXPECT_EQ(Bit("AVX-512BW").mask, 0x40000000u);
  EXPECT_EQ(Bit("AVX-512VL").mask, 0x80000000u);
  EXPECT_EQ(Bit("SHA512").vector, 2);
  EXPECT_EQ(Bit("SHA512").mask, 0x100000000u);
}

TEST(KnownCapabilityBitsTest, OneBitEachAndUniqueNames) {
  const auto& bits = KnownCapabilityBits();
  for (size_t i = 0; i < bits.size(); ++i) {
    EXPECT_EQ(bits[i].mask & (bits[i].mask - 1), 0u) << bits[i].name;
    EXPECT_NE(bits[i].mask, 0u) << bits[i].name;
    EXPECT_GE(bits[i].vector, 0);
    EXPECT_LT(bits[i].vector, 5);
    for (size_t j = i + 1; j < bits.size(); ++j) {
      EXPECT_NE(bits[i].name, bits[j].name);
      EXPECT_FALSE(bits[i].vector == bits[j].vector && bits[i].mask == bits[j].mask)
          << bits[i].name << " / " << bits[j].name;
    }
  }
}

TEST(ParseCpuInfoVectorTest, OpenSsl30TwoWords) {
  EXPECT_EQ(ParseCpuInfoVector(kZen4CpuInfo), kZen4);
  EXPECT_EQ(ParseCpuInfoVector("0xfffa3203078bffff:0x405fc6f1bf07ab\n"), kZen4);
  EXPECT_EQ(ParseCpuInfoVector("OPENSSL_ia32cap=0xFFFA3203078BFFFF:0X405FC6F1BF07AB"), kZen4);
}

TEST(ParseCpuInfoVectorTest, MasterFiveWords) {
  // Master prints five zero-padded words (crypto/info.c:58-64).
  const auto vec = ParseCpuInfoVector(
      "CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x00405fc6f1bf07ab:0x0000000100000010:"
      "0x0000000000000000:0x0000000000000001");
  ASSERT_TRUE(vec.has_value());
  EXPECT_EQ(*vec, (CapabilityVector{0xfffa3203078bffff, 0x405fc6f1bf07ab, 0x100000010, 0, 1}));
}

TEST(ParseCpuInfoVectorTest, IgnoresEnvSuffix) {
  // 3.0.19 with OPENSSL_ia32cap="~0x200000000000000:~0" set.
  const auto vec = ParseCpuInfoVector(
      "CPUINFO: OPENSSL_ia32cap=0xfdfa3203078bffff:0x405fc6f1bf07ab env:~0x200000000000000:~0");
  ASSERT_TRUE(vec.has_value());
  EXPECT_EQ((*vec)[0], 0xfdfa3203078bffffu);
  EXPECT_EQ((*vec)[1], 0x405fc6f1bf07abu);
}

TEST(ParseCpuInfoVectorTest, RejectsNoAsmAndJunk) {
  EXPECT_FALSE(ParseCpuInfoVector("CPUINFO: N/A").has_value());
  EXPECT_FALSE(ParseCpuInfoVector("N/A").has_value());
  EXPECT_FALSE(ParseCpuInfoVector("").has_value());
  EXPECT_FALSE(ParseCpuInfoVector("CPUINFO: OPENSSL_armcap=0x3d").has_value());
  EXPECT_FALSE(ParseCpuInfoVector("0x12:").has_value());
  EXPECT_FALSE(ParseCpuInfoVector("0x12:0xzz").has_value());
  EXPECT_FALSE(ParseCpuInfoVector("0x12junk").has_value());
  EXPECT_FALSE(ParseCpuInfoVector("0x").has_value());
  // A CPUINFO line cut after its first word (tryout 32 D3: "OPENSSL_ia32cap=0x7").
  EXPECT_FALSE(ParseCpuInfoVector("CPUINFO: OPENSSL_ia32cap=0x7").has_value());
  EXPECT_FALSE(ParseCpuInfoVector("OPENSSL_ia32cap=0x7ffaf3bfffebffff").has_value());
  EXPECT_FALSE(ParseCpuInfoVector("0x12345678901234567").has_value());  // 17 digits
  EXPECT_FALSE(ParseCpuInfoVector("0x1:0x2:0x3:0x4:0x5:0x6").has_value());
}

TEST(ParseIa32capEnvTest, FieldKinds) {
  const auto f = ParseIa32capEnv("~0x200000000000000:0x20::");
  EXPECT_EQ(f[0].kind, Kind::kClear);
  EXPECT_EQ(f[0].value, 0x200000000000000u);
  EXPECT_EQ(f[1].kind, Kind::kReplace);
  EXPECT_EQ(f[1].value, 0x20u);
  EXPECT_EQ(f[2].kind, Kind::kKeep);    // empty, another ':' follows
  EXPECT_EQ(f[3].kind, Kind::kZeroed);  // empty and last
  EXPECT_EQ(f[4].kind, Kind::kZeroed);  // not reached
}

TEST(ParseIa32capEnvTest, DecimalOctalHex) {
  EXPECT_EQ(ParseIa32capEnv("32")[0].value, 32u);
  EXPECT_EQ(ParseIa32capEnv("040")[0].value, 32u);
  EXPECT_EQ(ParseIa32capEnv("0x20")[0].value, 32u);
  EXPECT_EQ(ParseIa32capEnv(":~0X20")[1].value, 32u);
  EXPECT_EQ(ParseIa32capEnv("0")[0].value, 0u);
  EXPECT_EQ(ParseIa32capEnv("~0xffffffffffffffff")[0].value, ~uint64_t{0});
}

TEST(ParseIa32capEnvTest, RejectsMalformed) {
  for (std::string_view bad : {"junk", "~", "~0x20zz", "0x", "08", "-1", "+1", " 1", "1 ", "~~1",
                               "0x1:0x2:0x3:0x4:0x5:0x6", "0x10000000000000000", ":~0x20:abc"}) {
    EXPECT_THROW(ParseIa32capEnv(bad), std::invalid_argument) << bad;
  }
}

TEST(ParseIa32capEnvTest, AcceptsEmptySixthField) {
  // The pod's ":0::::" and the "~X:::::" form end in empty fields; LV4 is kept.
  EXPECT_EQ(ParseIa32capEnv(":0:::::")[4].kind, Kind::kKeep);
  EXPECT_EQ(ParseIa32capEnv("~0x1:::::")[4].kind, Kind::kKeep);
  EXPECT_EQ(ParseIa32capEnv("~0x1::::")[4].kind, Kind::kZeroed);
}

// The pitfalls of cpb-reference.md 2.3 (crypto/cpuid.c:94-171), applied to a vector with
// every word non-zero.
constexpr CapabilityVector kAllSet = {0xfffa3203078bffff, 0x405fc6f1bf07ab, 0x100000010, 0x80000,
                                      0xffffffffffffffff};

CapabilityVector Apply(std::string_view env) {
  return ApplyIa32capEnv(kAllSet, ParseIa32capEnv(env));
}

TEST(ApplyIa32capEnvTest, ClearOnlyLv0ZeroesTheRest) {
  EXPECT_EQ(Apply("~0x200000000000000"), (CapabilityVector{0xfdfa3203078bffff, 0, 0, 0, 0}));
}

TEST(ApplyIa32capEnvTest, EmptyFieldKeepsOnlyWhenColonFollows) {
  const auto two = Apply("~0x200000000000000::");
  EXPECT_EQ(two[1], kAllSet[1]);
  EXPECT_EQ(two[2], 0u);
  const auto three = Apply("~0x200000000000000:::");
  EXPECT_EQ(three[1], kAllSet[1]);
  EXPECT_EQ(three[2], kAllSet[2]);
  EXPECT_EQ(three[3], 0u);
  EXPECT_EQ(Apply("~0x200000000000000:::::"),
            (CapabilityVector{0xfdfa3203078bffff, kAllSet[1], kAllSet[2], kAllSet[3], kAllSet[4]}));
}

TEST(ApplyIa32capEnvTest, EmptyLv0KeepsDetected) {
  const auto vec = Apply(":~0x20000000");
  EXPECT_EQ(vec[0], kAllSet[0]);
  EXPECT_EQ(vec[1], kAllSet[1] & ~uint64_t{0x20000000});
  EXPECT_EQ(vec[2], 0u);
}

TEST(ApplyIa32capEnvTest, PlainLv0ReplacesAndSkipsCpuid) {
  // 3.0.19: OPENSSL_ia32cap=0x4000000000000000 reads back as 0x4000000000000400:0x0.
  EXPECT_EQ(Apply("0x4000000000000000"), (CapabilityVector{0x4000000000000400, 0, 0, 0, 0}));
  // CPUID never ran, so a kept or masked LV1 has nothing to keep.
  EXPECT_EQ(Apply("0x4000000000000000:::::")[1], 0u);
  EXPECT_EQ(Apply("0x4000000000000000:~0x20")[1], 0u);
  EXPECT_EQ(Apply("0x4000000000000000:0x20")[1], 0x20u);
  EXPECT_EQ(Apply(""), (CapabilityVector{0x400, 0, 0, 0, 0}));
}

TEST(ApplyIa32capEnvTest, FxsrClearsXmmOnlyFeatures) {
  // 3.0.19 on the Zen 4 machine: "~0x1000000" gives 0xedfa3201068bffff.
  EXPECT_EQ(ApplyIa32capEnv(kZen4, ParseIa32capEnv("~0x1000000"))[0], 0xedfa3201068bffffu);
}

TEST(ApplyIa32capEnvTest, Avx10OffZeroesItsDetails) {
  CapabilityVector detected = kAllSet;
  const auto vec = ApplyIa32capEnv(detected, ParseIa32capEnv(":::~0x80000::"));
  EXPECT_EQ(vec[3], 0u);
  EXPECT_EQ(vec[4], 0xffffffffu);
}

TEST(ApplyIa32capEnvTest, TwoVectorLibraryZeroesEmptyLv1) {
  // 3.0.19: "~0x200000000000000::" printed LV1 0x0; ":~0x20000000" masks SHA-NI only.
  const auto f = ParseIa32capEnv("~0x200000000000000::", 2);
  EXPECT_EQ(f[1].kind, Kind::kZeroed);
  EXPECT_EQ(ApplyIa32capEnv(kZen4, f), (CapabilityVector{0xfdfa3203078bffff, 0, 0, 0, 0}));
  EXPECT_EQ(ApplyIa32capEnv(kZen4, ParseIa32capEnv(":~0x20000000", 2)),
            (CapabilityVector{0xfffa3203078bffff, 0x405fc6d1bf07ab, 0, 0, 0}));
  EXPECT_EQ(ParseIa32capEnv("~1:5:7", 2)[2].kind, Kind::kZeroed);
  EXPECT_THROW(ParseIa32capEnv("1", 3), std::invalid_argument);
}

TEST(MaskedFeaturesTest, AesNiVaesVpclmulqdq) {
  const std::vector<std::string> expected = {"AES-NI", "VAES", "VPCLMULQDQ"};
  EXPECT_EQ(MaskedFeatures(kZen4, "~0x200000000000000:~0x60000000000:~0:~0:~0"), expected);
}

TEST(MaskedFeaturesTest, LoneLv0MaskAlsoDropsLv1) {
  const auto masked = MaskedFeatures(kZen4, "~0x200000000000000");
  EXPECT_NE(std::find(masked.begin(), masked.end(), "AVX2"), masked.end());
  EXPECT_NE(std::find(masked.begin(), masked.end(), "SHA-NI"), masked.end());
  EXPECT_NE(std::find(masked.begin(), masked.end(), "AES-NI"), masked.end());
  EXPECT_EQ(std::find(masked.begin(), masked.end(), "AVX"), masked.end());
}

TEST(MaskedFeaturesTest, PodAvx2ExampleIsVaes) {
  // OPENSSL_ia32cap.pod:201-203 calls ":~0x20000000000" "disable AVX2"; it is VAES.
  EXPECT_EQ(MaskedFeatures(kZen4, ":~0x20000000000:~0:~0:~0"), std::vector<std::string>{"VAES"});
  EXPECT_TRUE(MaskedFeatures(kZen4, ":~0:~0:~0:~0").empty());
  EXPECT_THROW(MaskedFeatures(kZen4, "~0xg"), std::invalid_argument);
}

TEST(MaskClearingTest, GroupsBitsPerVector) {
  EXPECT_EQ(MaskClearing({"AES-NI", "VAES", "VPCLMULQDQ"}),
            "~0x200000000000000:~0x60000000000:~0:~0:~0");
  EXPECT_EQ(MaskClearing({"SHA512"}), "~0:~0:~0x100000000:~0:~0");
  EXPECT_EQ(MaskClearing({}), "~0:~0:~0:~0:~0");
  EXPECT_THROW(MaskClearing({"AES-NI", "AESNI"}), std::invalid_argument);
}

TEST(MaskClearingTest, RoundTripsThroughMaskedFeatures) {
  const std::vector<std::string> three = {"AES-NI", "VAES", "VPCLMULQDQ"};
  EXPECT_EQ(MaskedFeatures(kZen4, MaskClearing(three)), three);
  constexpr CapabilityVector kEverything = {~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0},
                                            ~uint64_t{0}};
  for (const CapabilityBit& bit : KnownCapabilityBits()) {
    const std::vector<std::string> one = {std::string(bit.name)};
    EXPECT_EQ(MaskedFeatures(kEverything, MaskClearing(one)), one) << bit.name;
  }
}

TEST(Ia32capValueProblemTest, NamesATildeExpandedPathAndMalformedNumbers) {
  EXPECT_EQ(Ia32capValueProblem("~0x200000000000000:~0x60000000000:~0:~0:~0"), std::nullopt);
  EXPECT_EQ(Ia32capValueProblem(":~0x20000000"), std::nullopt);
  const auto path = Ia32capValueProblem("~0x200000000000000:/root");
  ASSERT_TRUE(path.has_value());
  EXPECT_NE(path->find("expanded an unquoted '~'"), std::string::npos) << *path;
  for (const char* empty : {"", "0x1:", "0x1::0x2", ":", "~0x200000000000000:~0::~0:~0"}) {
    const auto problem = Ia32capValueProblem(empty);
    ASSERT_TRUE(problem.has_value()) << empty;
    EXPECT_NE(problem->find("empty word"), std::string::npos) << *problem;
  }
  const auto garbage = Ia32capValueProblem("garbage");
  ASSERT_TRUE(garbage.has_value());
  EXPECT_NE(garbage->find("garbage"), std::string::npos) << *garbage;
}

// Runs `openssl version -c` with OPENSSL_ia32cap set (or unset when `env` is null).
std::string OpensslCpuInfo(const char* env) {
  std::string command = "openssl version -c 2>/dev/null";
  command = env == nullptr ? "env -u OPENSSL_ia32cap " + command
                           : "env OPENSSL_ia32cap='" + std::string(env) + "' " + command;
  std::string out;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buf[512];
    while (fgets(buf, sizeof buf, pipe) != nullptr) {
      out += buf;
    }
    pclose(pipe);
  }
  return out;
}

TEST(ApplyIa32capEnvTest, AgreesWithInstalledOpenssl) {
  if (!std::filesystem::exists("/usr/bin/openssl")) {
    GTEST_SKIP() << "no /usr/bin/openssl";
  }
  const std::string plain = OpensslCpuInfo(nullptr);
  const auto detected = ParseCpuInfoVector(plain);
  if (!detected.has_value()) {
    GTEST_SKIP() << "not an x86 asm build: " << plain;
  }
  // The words printed tell which rules the library follows (3.0: two, master: five).
  const size_t equals = plain.find('=');
  const std::string words = plain.substr(equals, plain.find_first_of(" \n", equals) - equals);
  const int num_vectors = static_cast<int>(std::count(words.begin(), words.end(), ':')) + 1;
  for (const char* env : {"~0x200000000000000", "~0x200000000000000::", "~0x200000000000000:~0",
                          ":~0x20000000", "0x4000000000000000", "0x4000000000000000:0x20", "",
                          "~0x1000000", "010", ":", "~0x200000000000000:~0x60000000000:~0:~0:~0"}) {
    const auto expected = ParseCpuInfoVector(OpensslCpuInfo(env));
    ASSERT_TRUE(expected.has_value()) << env;
    EXPECT_EQ(ApplyIa32capEnv(*detected, ParseIa32capEnv(env, num_vectors)), *expected) << env;
  }
}

}  // namespace
}  // namespace cryptobench::diagnose
