#include "cpu/features.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "cpu/cpu_info.h"

namespace cryptobench::cpu {
namespace {

std::string ReadFixture(const std::string& name) {
  const std::string path = std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/cpuid/" + name;
  std::ifstream in(path);
  if (!in) {
    throw std::runtime_error("cannot open fixture " + path);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

CpuFeatures DetectFromFixture(const std::string& name) {
  return DetectX86Features(RecordedCpuidSource(ReadFixture(name)));
}

// name -> {supported, os_enabled}, for comparing the whole feature list at once.
using FeatureMap = std::map<std::string, std::pair<bool, bool>>;

FeatureMap ToMap(const CpuFeatures& features) {
  FeatureMap out;
  for (const FeatureState& feature : features.features) {
    out[feature.name] = {feature.supported, feature.os_enabled};
  }
  return out;
}

TEST(RecordedCpuidSourceTest, ReplaysListedQueriesAndZerosOthers) {
  const RecordedCpuidSource source(
      "# comment line\n"
      "\n"
      "cpuid 0x7 0x0 0x1 0xf1bf07ab 0X00405FC6 10   # trailing comment\n"
      "xgetbv 0x0 0xe7\n");
  const CpuidRegs regs = source.Cpuid(7, 0);
  EXPECT_EQ(regs.eax, 0x1u);
  EXPECT_EQ(regs.ebx, 0xf1bf07abu);
  EXPECT_EQ(regs.ecx, 0x00405fc6u);
  EXPECT_EQ(regs.edx, 0x10u);  // hex even without the 0x prefix
  EXPECT_EQ(source.Cpuid(7, 1).ebx, 0u);
  EXPECT_EQ(source.Xgetbv(0), 0xe7u);
  EXPECT_EQ(source.Xgetbv(1), 0u);
}

TEST(RecordedCpuidSourceTest, RejectsMalformedLines) {
  EXPECT_THROW(RecordedCpuidSource("cpuid 0x7 0x0 0x1 0x2 0x3\n"), std::runtime_error);
  EXPECT_THROW(RecordedCpuidSource("cpuid 0x7 0x0 0x1 0x2 0x3 0xzz\n"), std::runtime_error);
  EXPECT_THROW(RecordedCpuidSource("cpuid 0x7 0x0 0x1 0x2 0x3 0x100000000\n"), std::runtime_error);
  EXPECT_THROW(RecordedCpuidSource("xgetbv 0x0\n"), std::runtime_error);
  EXPECT_THROW(RecordedCpuidSource("cpuinfo 0x0 0x0\n"), std::runtime_error);
  EXPECT_THROW(RecordedCpuidSource("cpuid 0x 0x0 0x1 0x2 0x3 0x4\n"), std::runtime_error);
}

TEST(DetectX86FeaturesTest, DecodesThisProjectsAmdZen4Vm) {
  const CpuFeatures features = DetectFromFixture("amd-epyc-zen4-vm.txt");
  EXPECT_EQ(features.arch, "x86_64");
  EXPECT_EQ(features.vendor, "AuthenticAMD");
  EXPECT_EQ(features.brand, "AMD EPYC");
  EXPECT_EQ(features.family, 0x19u);  // base 0xF + extended 0xA
  EXPECT_EQ(features.model, 0x11u);   // (extended 1 << 4) + base 1
  EXPECT_EQ(features.stepping, 1u);
  EXPECT_TRUE(features.hypervisor);
  EXPECT_EQ(features.xcr0, 0xe7u);
  FeatureMap expected;
  for (const char* name : {"AES-NI", "PCLMULQDQ", "SSSE3", "AVX", "AVX2", "AVX-512F", "AVX-512VL",
                           "AVX-512BW", "AVX-512DQ", "AVX-512IFMA", "VAES", "VPCLMULQDQ", "SHA-NI",
                           "ADX", "BMI1", "BMI2", "MOVBE"}) {
    expected[name] = {true, true};
  }
  EXPECT_EQ(ToMap(features), expected);
}

TEST(DetectX86FeaturesTest, DecodesCore2WithoutAesOrAvx) {
  const CpuFeatures features = DetectFromFixture("intel-core2-e8400.txt");
  EXPECT_EQ(features.vendor, "GenuineIntel");
  EXPECT_EQ(features.brand, "Intel(R) Core(TM)2 Duo CPU     E8400  @ 3.00GHz");
  EXPECT_EQ(features.family, 6u);
  EXPECT_EQ(features.model, 0x17u);  // extended model 1 applies to family 6
  EXPECT_EQ(features.stepping, 0xAu);
  EXPECT_FALSE(features.hypervisor);
  EXPECT_EQ(features.xcr0, 0u);  // no OSXSAVE: XGETBV is never executed
  const FeatureMap expected = {
      {"AES-NI", {false, true}},     {"PCLMULQDQ", {false, true}},
      {"SSSE3", {true, true}},       {"AVX", {false, false}},
      {"AVX2", {false, false}},      {"AVX-512F", {false, false}},
      {"AVX-512VL", {false, false}}, {"AVX-512BW", {false, false}},
      {"AVX-512DQ", {false, false}}, {"AVX-512IFMA", {false, false}},
      {"VAES", {false, false}},      {"VPCLMULQDQ", {false, false}},
      {"SHA-NI", {false, true}},     {"ADX", {false, true}},
      {"BMI1", {false, true}},       {"BMI2", {false, true}},
      {"MOVBE", {false, true}},
  };
  EXPECT_EQ(ToMap(features), expected);
  EXPECT_TRUE(features.Usable("SSSE3"));
  EXPECT_FALSE(features.Usable("AES-NI"));
}

TEST(DetectX86FeaturesTest, Avx512WithoutZmmStateIsNotUsable) {
  const CpuFeatures features = DetectFromFixture("intel-xeon-6148-avx512-off.txt");
  EXPECT_EQ(features.brand, "Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz");
  EXPECT_EQ(features.family, 6u);
  EXPECT_EQ(features.model, 0x55u);
  EXPECT_EQ(features.stepping, 4u);
  EXPECT_TRUE(features.hypervisor);
  EXPECT_EQ(features.xcr0, 0x7u);
  const FeatureMap expected = {
      {"AES-NI", {true, true}},        {"PCLMULQDQ", {true, true}},  {"SSSE3", {true, true}},
      {"AVX", {true, true}},           {"AVX2", {true, true}},       {"AVX-512F", {true, false}},
      {"AVX-512VL", {true, false}},    {"AVX-512BW", {true, false}}, {"AVX-512DQ", {true, false}},
      {"AVX-512IFMA", {false, false}}, {"VAES", {false, true}},      {"VPCLMULQDQ", {false, true}},
      {"SHA-NI", {false, true}},       {"ADX", {true, true}},        {"BMI1", {true, true}},
      {"BMI2", {true, true}},          {"MOVBE", {true, true}},
  };
  EXPECT_EQ(ToMap(features), expected);
  EXPECT_TRUE(features.Usable("AVX2"));
  EXPECT_FALSE(features.Usable("AVX-512F"));
}

TEST(DetectX86FeaturesTest, EachFeatureIsReadFromItsDocumentedBit) {
  // Intel SDM vol. 2A, CPUID: leaf 1 ECX and leaf 7.0 EBX/ECX feature flags. Setting one bit
  // at a time must turn on exactly one feature (the real fixtures set neighbouring bits
  // together, so they cannot tell bit 8 from bit 9).
  struct Case {
    const char* name;
    uint32_t leaf;
    bool in_ebx;  // else ECX
    unsigned bit;
  };
  const Case kCases[] = {
      {"AES-NI", 1, false, 25},     {"PCLMULQDQ", 1, false, 1},   {"SSSE3", 1, false, 9},
      {"MOVBE", 1, false, 22},      {"AVX", 1, false, 28},        {"AVX2", 7, true, 5},
      {"BMI1", 7, true, 3},         {"BMI2", 7, true, 8},         {"ADX", 7, true, 19},
      {"SHA-NI", 7, true, 29},      {"AVX-512F", 7, true, 16},    {"AVX-512DQ", 7, true, 17},
      {"AVX-512IFMA", 7, true, 21}, {"AVX-512BW", 7, true, 30},   {"AVX-512VL", 7, true, 31},
      {"VAES", 7, false, 9},        {"VPCLMULQDQ", 7, false, 10},
  };
  constexpr uint32_t kOsxsave = 1u << 27;
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    const uint32_t mask = 1u << c.bit;
    uint32_t leaf1_ecx = kOsxsave;
    uint32_t leaf7_ebx = 0;
    uint32_t leaf7_ecx = 0;
    (c.leaf == 1 ? leaf1_ecx : c.in_ebx ? leaf7_ebx : leaf7_ecx) |= mask;
    char dump[256];
    std::snprintf(dump, sizeof(dump),
                  "cpuid 0x0 0x0 0x7 0x0 0x0 0x0\n"
                  "cpuid 0x1 0x0 0x0 0x0 0x%x 0x0\n"
                  "cpuid 0x7 0x0 0x0 0x%x 0x%x 0x0\n"
                  "xgetbv 0x0 0xe7\n",
                  leaf1_ecx, leaf7_ebx, leaf7_ecx);
    const CpuFeatures features = DetectX86Features(RecordedCpuidSource(dump));
    for (const FeatureState& feature : features.features) {
      EXPECT_EQ(feature.supported, feature.name == c.name) << feature.name;
    }
    EXPECT_TRUE(features.Usable(c.name));
  }
}

TEST(DetectX86FeaturesTest, RespectsMaxLeafAndTrimsBrand) {
  // Max basic leaf 1: leaf 7 holds garbage that must not be read. Extended max 0x80000004;
  // the brand is "  Padded  " (leading/trailing spaces, then NUL padding).
  const CpuFeatures features = DetectX86Features(
      RecordedCpuidSource("cpuid 0x0 0x0 0x1 0x756e6547 0x6c65746e 0x49656e69\n"
                          "cpuid 0x1 0x0 0x00000f41 0x0 0x08000000 0x0\n"
                          "cpuid 0x7 0x0 0x0 0xffffffff 0xffffffff 0x0\n"
                          "xgetbv 0x0 0xe7\n"
                          "cpuid 0x80000000 0x0 0x80000004 0x0 0x0 0x0\n"
                          "cpuid 0x80000002 0x0 0x61502020 0x64656464 0x00002020 0x0\n"));
  EXPECT_EQ(features.brand, "Padded");
  EXPECT_EQ(features.family, 0xFu);  // base 0xF + extended 0
  EXPECT_EQ(features.model, 4u);
  EXPECT_EQ(features.xcr0, 0xe7u);
  EXPECT_FALSE(features.Find("AVX2")->supported);
  EXPECT_FALSE(features.Find("AVX-512F")->supported);
  EXPECT_EQ(features.Find("NOT-A-FEATURE"), nullptr);
  EXPECT_FALSE(features.Usable("NOT-A-FEATURE"));
}

TEST(DetectX86FeaturesTest, NoBrandWhenExtendedLeavesAreMissing) {
  const CpuFeatures features = DetectX86Features(
      RecordedCpuidSource("cpuid 0x0 0x0 0x1 0x756e6547 0x6c65746e 0x49656e69\n"
                          "cpuid 0x80000000 0x0 0x80000001 0x0 0x0 0x0\n"
                          "cpuid 0x80000002 0x0 0x61502020 0x64656464 0x00002020 0x0\n"));
  EXPECT_EQ(features.brand, "");
}

TEST(DetectAarch64FeaturesTest, DecodesHwcapBits) {
  // HWCAP_AES (1 << 3), HWCAP_SHA2 (1 << 6), HWCAP_SHA512 (1 << 21).
  const CpuFeatures features = DetectAarch64Features((1u << 3) | (1u << 6) | (1u << 21), 0);
  EXPECT_EQ(features.arch, "aarch64");
  const FeatureMap expected = {
      {"AES", {true, true}},  {"PMULL", {false, true}}, {"SHA1", {false, true}},
      {"SHA2", {true, true}}, {"SHA512", {true, true}}, {"SHA3", {false, true}},
  };
  EXPECT_EQ(ToMap(features), expected);
  // PMULL (4), SHA1 (5), SHA3 (17) alone.
  const CpuFeatures others = DetectAarch64Features((1u << 4) | (1u << 5) | (1u << 17), 0);
  EXPECT_TRUE(others.Usable("PMULL"));
  EXPECT_TRUE(others.Usable("SHA1"));
  EXPECT_TRUE(others.Usable("SHA3"));
  EXPECT_FALSE(others.Usable("AES"));
}

TEST(DetectCpuFeaturesTest, AesAgreesWithProcCpuinfoOnThisMachine) {
  const std::optional<std::string> cpuinfo = RealSystemReader().ReadFile("/proc/cpuinfo");
  if (!cpuinfo) {
    GTEST_SKIP() << "no /proc/cpuinfo";
  }
  const CpuFacts facts = ParseProcCpuinfo(*cpuinfo);
  const CpuFeatures features = DetectCpuFeatures();
#if defined(__x86_64__)
  EXPECT_EQ(features.arch, "x86_64");
  EXPECT_EQ(features.Usable("AES-NI"), HasCpuFlag(facts, "aes"));
  EXPECT_EQ(features.Usable("AVX2"), HasCpuFlag(facts, "avx2"));
  EXPECT_EQ(features.hypervisor, HasCpuFlag(facts, "hypervisor"));
#elif defined(__aarch64__)
  EXPECT_EQ(features.arch, "aarch64");
  EXPECT_EQ(features.Usable("AES"), HasCpuFlag(facts, "aes"));
#else
  GTEST_SKIP() << "no feature detection on this architecture";
#endif
}

}  // namespace
}  // namespace cryptobench::cpu

namespace cryptobench::cpu {
namespace {

// CPUID leaf 0x40000000's signature as EBX ECX EDX, little-endian, as the CPU returns it.
std::string DumpWithSignature(bool hypervisor_bit, std::string_view signature) {
  uint32_t regs[3] = {};
  for (size_t i = 0; i < signature.size() && i < 12; ++i) {
    regs[i / 4] |= static_cast<uint32_t>(static_cast<unsigned char>(signature[i])) << (8 * (i % 4));
  }
  return fmt::format(
      "cpuid 0x0 0x0 0xd 0x0 0x0 0x0\ncpuid 0x1 0x0 0x0 0x0 {:#x} 0x0\n"
      "cpuid 0x40000000 0x0 0x40000001 {:#x} {:#x} {:#x}\n",
      hypervisor_bit ? 0x80000000u : 0u, regs[0], regs[1], regs[2]);
}

TEST(DetectVirtualizationTest, NamesTheHypervisorBySignature) {
  EXPECT_EQ(DetectVirtualization(RecordedCpuidSource(DumpWithSignature(false, ""))), "none");
  // The hypervisor bit decides: a stray leaf 0x40000000 on bare metal is not a hypervisor.
  EXPECT_EQ(DetectVirtualization(RecordedCpuidSource(DumpWithSignature(false, "KVMKVMKVM"))),
            "none");
  EXPECT_EQ(DetectVirtualization(RecordedCpuidSource(DumpWithSignature(true, "KVMKVMKVM"))), "kvm");
  EXPECT_EQ(DetectVirtualization(RecordedCpuidSource(DumpWithSignature(true, "Microsoft Hv"))),
            "hyperv");
  EXPECT_EQ(DetectVirtualization(RecordedCpuidSource(DumpWithSignature(true, "VMwareVMware"))),
            "vmware");
  EXPECT_EQ(DetectVirtualization(RecordedCpuidSource(DumpWithSignature(true, "XenVMMXenVMM"))),
            "xen");
  EXPECT_EQ(DetectVirtualization(RecordedCpuidSource(DumpWithSignature(true, "TCGTCGTCGTCG"))),
            "qemu-tcg");
  EXPECT_EQ(DetectVirtualization(RecordedCpuidSource(DumpWithSignature(true, "SomethingNew"))),
            "hypervisor");
  EXPECT_EQ(DetectVirtualization(RecordedCpuidSource(DumpWithSignature(true, ""))), "hypervisor");
}

TEST(DetectVirtualizationTest, AgreesWithTheHypervisorFlagOnThisMachine) {
  const std::string virtualization = DetectMachineVirtualization();
#if defined(__x86_64__)
  EXPECT_EQ(virtualization == "none", !DetectCpuFeatures().hypervisor) << virtualization;
#else
  EXPECT_EQ(virtualization, "unknown");
#endif
}

TEST(UsableFeatureListTest, ListsUsableFeaturesOnly) {
  CpuFeatures features;
  features.features = {
      {"AES-NI", true, true}, {"AVX", true, false}, {"SHA-NI", false, true}, {"AVX2", true, true}};
  EXPECT_EQ(UsableFeatureList(features), "AES-NI AVX2");
  EXPECT_EQ(UsableFeatureList(CpuFeatures{}), "");
}

}  // namespace
}  // namespace cryptobench::cpu
