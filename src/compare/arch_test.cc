// Sides of different architectures (issue 19): each side's capability word is read with its own
// architecture's bit names (OPENSSL_armcap on AArch64, OPENSSL_ia32cap on x86), classed with its
// own architecture's cpb table, and two architectures' words are never diffed bit by bit.
#include <algorithm>

#include <gtest/gtest.h>

#include "results/emulated.h"

#include "compare/attribution.h"
#include "compare/compare.h"
#include "compare/sides.h"
#include "compare/test_util.h"
#include "diagnose/doctor_from.h"

namespace cryptobench::compare {
namespace {

using testing::MakeRow;
using testing::MakeSide;

// `openssl version -a` and `openssl speed -evp aes-128-gcm` as an AArch64 Debian machine prints
// them (3.0.11, platform debian-arm64); CPUINFO and the 16 KiB figure are parameters.
std::string ArmPaste(const std::string& armcap, const std::string& kbytes_16k) {
  return "$ openssl version -a\n"
         "OpenSSL 3.0.11 19 Sep 2023 (Library: OpenSSL 3.0.11 19 Sep 2023)\n"
         "built on: Mon Oct 23 17:52:22 2023 UTC\n"
         "platform: debian-arm64\n"
         "options:  bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
         "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
         "OPENSSLDIR: \"/usr/lib/ssl\"\n"
         "CPUINFO: OPENSSL_armcap=" +
         armcap +
         "\n"
         "$ openssl speed -evp aes-128-gcm\n"
         "version: 3.0.11\n"
         "built on: Mon Oct 23 17:52:22 2023 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
         "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
         "CPUINFO: OPENSSL_armcap=" +
         armcap +
         "\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "AES-128-GCM      47580.26k    60170.67k    63627.18k    64541.35k    64830.12k    " +
         kbytes_16k + "\n";
}

Side Load(const std::string& text, const std::string& name) {
  std::vector<Side> sides = LoadFileSides(text, name, name);
  EXPECT_EQ(sides.size(), 1u);
  HostFacts host;  // compare runs on an x86-64 machine: the pastes must not take its tables
  host.arch = "x86_64";
  ResolveSideFacts(sides.front(), host);
  return std::move(sides.front());
}

std::vector<Finding> Findings(const std::vector<Side>& sides) {
  return Compare(sides, CompareOptions{}).pairs.at(0).findings;
}

std::string Joined(const std::vector<Finding>& findings, const std::string& id) {
  std::string out;
  for (const Finding& f : findings) {
    if (f.id == id) {
      out += f.text + "\n";
    }
  }
  return out;
}

bool Has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

TEST(SideArchTest, ArmPastesReadTheirWordAsOpensslArmcap) {
  const Side a72 = Load(ArmPaste("0x81", "64843.09k"), "a72.txt");
  EXPECT_EQ(ArchOfRun(a72.run).arch, "aarch64");
  EXPECT_EQ(ArchOfRun(a72.run).variable, "OPENSSL_armcap");
  ASSERT_TRUE(a72.cpu_features.has_value());
  // 0x81: ARMV7_NEON (bit 0) and bit 7 (ARMV8_CPUID, not named); no AES, PMULL or SHA.
  EXPECT_EQ(*a72.cpu_features, std::vector<std::string>{"NEON"});
  const Side n1 = Load(ArmPaste("0xbd", "2752443.05k"), "n1.txt");
  ASSERT_TRUE(n1.cpu_features.has_value());
  for (const char* name : {"NEON", "AES", "SHA1", "SHA2", "PMULL"}) {
    EXPECT_TRUE(Has(*n1.cpu_features, name)) << name;
  }
  EXPECT_FALSE(Has(*n1.cpu_features, "AES-NI"));  // the old reading: 0xbd as x86 word 0
  EXPECT_FALSE(Has(*n1.cpu_features, "SHA512"));
}

TEST(SideArchTest, ArchitectureFromMachineThenCpuinfoThenPlatform) {
  results::RunResult run;
  run.library.capability_vector = "0xfd";
  EXPECT_EQ(ArchOfRun(run).variable, "");  // one word, nothing else: cannot tell
  EXPECT_FALSE(CapabilityBitNames(run).has_value());
  run.library.platform = "linux-aarch64";
  EXPECT_EQ(ArchOfRun(run).arch, "aarch64");
  run.library.platform.clear();
  run.library.cpu_info = "CPUINFO: OPENSSL_armcap=0xfd";
  EXPECT_EQ(ArchOfRun(run).variable, "OPENSSL_armcap");
  run.library.cpu_info.clear();
  run.machine.arch = "aarch64";  // an emulated arm64 run's machine description
  ASSERT_TRUE(CapabilityBitNames(run).has_value());
  EXPECT_TRUE(Has(*CapabilityBitNames(run), "SHA512"));  // 0xfd has bit 6
  EXPECT_FALSE(Has(*CapabilityBitNames(run), "PCLMULQDQ"));
  run.machine.arch = "x86_64";
  ASSERT_TRUE(CapabilityBitNames(run).has_value());  // the same word read as x86's word 0
  EXPECT_TRUE(CapabilityBitNames(run)->empty());     // bits 0-7 of LV0: none is named
  run.machine.arch = "riscv64";
  EXPECT_FALSE(CapabilityBitNames(run).has_value());
  // Several words: only OPENSSL_ia32cap prints them.
  run.machine.arch.clear();
  run.library.capability_vector = "0xfffa3203078bffff:0x405fc6f1bf07ab";
  EXPECT_EQ(ArchOfRun(run).variable, "OPENSSL_ia32cap");
  EXPECT_TRUE(Has(*CapabilityBitNames(run), "AES-NI"));
}

TEST(CompareArchTest, TwoArmPastesDiffTheirArmcapBitsAndUseTheAarch64Classes) {
  const std::vector<Finding> findings = Findings({Load(ArmPaste("0x81", "64843.09k"), "a72.txt"),
                                                  Load(ArmPaste("0xbd", "2752443.05k"), "n1.txt")});
  EXPECT_EQ(Joined(findings, "capabilities"),
            "B's has AES, SHA1, SHA2 and PMULL, which A's lacks (different CPUs or virtual CPUs: "
            "neither CPUINFO line has the env: part that OpenSSL 3.x prints whenever "
            "OPENSSL_armcap is set).\n");
  const std::string classes = Joined(findings, "cpb-class");
  EXPECT_NE(classes.find("At 16 KiB: A runs AES-128-GCM encrypt"), std::string::npos) << classes;
  EXPECT_NE(classes.find("its capability vector lacks AES"), std::string::npos) << classes;
  EXPECT_NE(classes.find("ARMv8 CE"), std::string::npos) << classes;
  for (const Finding& f : findings) {
    for (const char* x86 : {"AES-NI", "VAES", "x86_64", "AVX", "PCLMULQDQ"}) {
      EXPECT_EQ(f.text.find(x86), std::string::npos) << f.id << ": " << f.text;
    }
  }
}

TEST(CompareArchTest, DifferentArchitecturesAreNotDiffedBitByBit) {
  Side x86 = MakeSide("A", {});
  x86.run.machine.arch = "x86_64";
  x86.run.library.capability_vector = "0x7ffaf3bfffebffff:0x29c67af";
  Side arm = MakeSide("B", {});
  arm.run.machine.arch = "aarch64";
  arm.run.library.capability_vector = "0xfd";
  const std::string text = Joined(ContextFindings(x86, arm), "capabilities");
  EXPECT_EQ(text,
            "The sides are different architectures (A is x86-64 "
            "(OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x29c67af); B is AArch64 (OPENSSL_armcap=0xfd)), "
            "so their capability words are not comparable.\n");

  // An architecture without a known word: named, not read.
  Side ppc = MakeSide("B", {});
  ppc.run.library.cpu_info = "CPUINFO: OPENSSL_ppccap=0x7e";
  ppc.run.library.capability_vector = "0x7e";
  ppc.run.library.platform = "debian-ppc64el";
  EXPECT_EQ(Joined(ContextFindings(arm, ppc), "capabilities"),
            "The sides are different architectures (B is AArch64 (OPENSSL_armcap=0xfd); B is " +
                diagnose::ReportArch(ppc.run, nullptr) +
                " (capability word 0x7e)), so their capability words are not comparable.\n");
  EXPECT_FALSE(diagnose::ReportArch(ppc.run, nullptr).empty());

  // One side's architecture unknown: its word cannot be read.
  Side unknown = MakeSide("B", {});
  unknown.run.library.capability_vector = "0xfd";
  EXPECT_EQ(Joined(ContextFindings(x86, unknown), "capabilities"),
            "The capability vectors differ (A: 0x7ffaf3bfffebffff:0x29c67af; B: 0xfd), but B's "
            "architecture is unknown, so cannot tell which CPU features differ.\n");
}

TEST(CompareArchTest, EmulatedAndUnknownArchitectureSidesGetNoClass) {
  Row row = MakeRow("AES-128-CBC", "encrypt", 16384, 0.2);
  row.a->value = 1e9;
  row.b->value = 2e8;
  Side a = MakeSide("A", {});
  a.run.machine.arch = "x86_64";
  a.clock = {3e9, 3e9, "at its effective clock (3.00 GHz)"};
  a.cpu_features = std::vector<std::string>{"AES-NI"};
  a.features_source = "capability vector";
  Side b = a;
  b.letter = "B";
  b.run.machine.arch = "aarch64";
  b.cpu_features = std::vector<std::string>{"NEON", "AES"};
  b.run.source.caveats.push_back(results::EmulatedCaveat("qemu-user"));
  const std::vector<Finding> emulated =
      ClassFindings({row}, a, b, CpbClassesForArch("x86_64"), CpbClassesForArch("aarch64"), 6, {});
  ASSERT_EQ(emulated.size(), 2u);
  EXPECT_EQ(emulated[0].text,
            "No cpb class is named for B: it was measured under emulation, so its cycles per "
            "byte are the emulator's, not a CPU's.");
  EXPECT_EQ(emulated[1].text.find("At 16 KiB: A runs AES-128-CBC encrypt at 3.00 cpb"), 0u)
      << emulated[1].text;
  EXPECT_EQ(emulated[1].text.find("B "), std::string::npos) << emulated[1].text;

  b.run.source.caveats.clear();
  b.run.machine.arch.clear();
  const std::vector<Finding> unknown =
      ClassFindings({row}, a, b, CpbClassesForArch("x86_64"), CpbClassesForArch(""), 6, {});
  ASSERT_EQ(unknown.size(), 2u);
  EXPECT_EQ(unknown[0].text,
            "No cpb class is named for B: its architecture is unknown, so cannot tell which class "
            "table applies.");
  EXPECT_TRUE(CpbClassesForArch("riscv64").empty());
  EXPECT_FALSE(CpbClassesForArch("aarch64").empty());
}

}  // namespace
}  // namespace cryptobench::compare
