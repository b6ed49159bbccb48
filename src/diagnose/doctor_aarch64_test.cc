// doctor on AArch64, from replayed /proc/cpuinfo fixtures (tests/fixtures/cpuinfo/README.md
// cites each): AT_HWCAP is derived from the fixture's Features line with the kernel's bit
// numbers (arch/arm64/include/uapi/asm/hwcap.h) and decoded by cpu::DetectAarch64Features,
// the seam DetectCpuFeatures uses on AArch64. Mask experiments write OPENSSL_armcap (armcap.h).
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "diagnose/verdict.h"
#include "diagnose/verdict_test_fixtures.h"

namespace cryptobench::diagnose {
namespace {

using testing::Mbps;
using testing::MbpsAtCpb;

const AlgorithmInfo& Alg(std::string_view name) {
  const AlgorithmInfo* alg = FindAlgorithm(name);
  if (alg == nullptr) {
    throw std::runtime_error("not in the catalogue: " + std::string(name));
  }
  return *alg;
}

bool Has(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// The Features line of the first CPU of a /proc/cpuinfo fixture.
std::string FeaturesLine(const std::string& fixture) {
  std::ifstream in(std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/cpuinfo/" + fixture);
  EXPECT_TRUE(in) << fixture;
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("Features")) {
      return line.substr(line.find(':') + 1);
    }
  }
  ADD_FAILURE() << "no Features line in " << fixture;
  return "";
}

// AT_HWCAP as the kernel sets it for the crypto words of a Features line (hwcap.h: HWCAP_AES
// 1<<3, HWCAP_PMULL 1<<4, HWCAP_SHA1 1<<5, HWCAP_SHA2 1<<6, HWCAP_SHA3 1<<17, HWCAP_SHA512 1<<21).
uint64_t HwcapFromFeatures(const std::string& features) {
  const std::vector<std::pair<std::string, unsigned>> bits = {
      {"aes", 3}, {"pmull", 4}, {"sha1", 5}, {"sha2", 6}, {"sha3", 17}, {"sha512", 21}};
  std::istringstream words(features);
  uint64_t hwcap = 0;
  for (std::string word; words >> word;) {
    for (const auto& [name, bit] : bits) {
      if (word == name) {
        hwcap |= uint64_t{1} << bit;
      }
    }
  }
  return hwcap;
}

// Debian's OpenSSL 3.0 on an AArch64 machine described by `fixture`, at `hz`.
DoctorFacts Aarch64Facts(const std::string& fixture, double hz, const std::string& armcap) {
  DoctorFacts facts;
  facts.cpu = cpu::DetectAarch64Features(HwcapFromFeatures(FeaturesLine(fixture)), 0);
  facts.clock.core_hz = hz;
  facts.clock.load_average_1min = 0.1;
  facts.clock.online_cpus = 4;
  facts.library.loaded_path = "/usr/lib/aarch64-linux-gnu/libcrypto.so.3";
  facts.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  facts.library.version_num = 0x30000130;
  facts.library.cpu_info = "CPUINFO: OPENSSL_armcap=" + armcap;
  facts.library.capability_vector = armcap;
  facts.detected_capability_vector = facts.library.cpu_info;
  return facts;
}

constexpr double kPi4Hz = 1.5e9;  // BCM2711 Cortex-A72 at its 1.5 GHz maximum
constexpr double kN1Hz = 2.5e9;   // a Neoverse N1 server core

TEST(DoctorAarch64Test, HwcapFromTheFixturesFeaturesLines) {
  const cpu::CpuFeatures pi4 =
      cpu::DetectAarch64Features(HwcapFromFeatures(FeaturesLine("aarch64_cortex_a72_rpi4.txt")), 0);
  EXPECT_FALSE(pi4.Usable("AES"));
  EXPECT_FALSE(pi4.Usable("PMULL"));
  EXPECT_FALSE(pi4.Usable("SHA2"));
  const cpu::CpuFeatures n1 =
      cpu::DetectAarch64Features(HwcapFromFeatures(FeaturesLine("aarch64_neoverse_n1.txt")), 0);
  for (const char* name : {"AES", "PMULL", "SHA1", "SHA2"}) {
    EXPECT_TRUE(n1.Usable(name)) << name;
  }
  EXPECT_FALSE(n1.Usable("SHA512"));
  EXPECT_FALSE(n1.Usable("SHA3"));
}

TEST(DoctorAarch64Test, ABoardWithoutTheCryptoExtensionExpectsSoftwareAes) {
  // OpenSSL on a Pi 4 detects NEON only (OPENSSL_armcap=0x1): vpaes CBC encrypt at ~22 cpb
  // (vpaes-armv8.pl:26-33, A53 21.5 .. A57 36.0). The best software class named is the
  // linked release's: 3.0 has vpaes-armv8 only, bsaes-armv8 arrives in 3.1.0 (#14592).
  for (const auto& [version, num, best] : {std::tuple<const char*, uint64_t, const char*>{
                                               "OpenSSL 3.0.19 27 Jan 2026", 0x30000130, "vpaes"},
                                           {"OpenSSL 3.2.0 23 Nov 2023", 0x30200000, "bsaes"}}) {
    DoctorFacts facts = Aarch64Facts("aarch64_cortex_a72_rpi4.txt", kPi4Hz, "0x1");
    facts.library.version = version;
    facts.library.version_num = num;
    for (const char* name : {"AES-128-CBC", "AES-128-GCM"}) {
      SCOPED_TRACE(std::string(name) + " " + version);
      EXPECT_TRUE(PlanExperiments(Alg(name), facts).empty());
      const auto verdicts = DecideVerdicts(Alg(name), "encrypt", 16384, facts, {},
                                           {Mbps(MbpsAtCpb(22, kPi4Hz))}, kPi4Hz, kPi4Hz);
      ASSERT_EQ(verdicts.size(), 1u);
      EXPECT_EQ(verdicts[0].status, VerdictStatus::kSoftwareExpected) << verdicts[0].line;
      EXPECT_TRUE(Has(verdicts[0].line, "software (expected): the CPU has no AES instructions"))
          << verdicts[0].line;
      bool neon = false;
      for (const std::string& e : verdicts[0].evidence) {
        neon = neon || Has(e, std::string("best software class on this CPU: ") + best);
      }
      EXPECT_TRUE(neon) << verdicts[0].line;
      EXPECT_FALSE(IsProblem(verdicts[0].status));
    }
  }
}

TEST(DoctorAarch64Test, ACryptoExtensionCoreMasksAesThroughOpenSslArmcap) {
  // 0xbd: NEON, AES, SHA1, SHA256, PMULL and ARMV8_CPUID, as OpenSSL 3.0 sets it on an N1.
  const DoctorFacts facts = Aarch64Facts("aarch64_neoverse_n1.txt", kN1Hz, "0xbd");
  const std::vector<Experiment> plan = PlanExperiments(Alg("AES-128-CBC"), facts);
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].path, "AES instructions");
  EXPECT_EQ(plan[0].label, "AES masked");
  EXPECT_EQ(MaskVariable(facts.cpu.arch), "OPENSSL_armcap");
  EXPECT_EQ(ExperimentIa32cap(plan[0], facts), "0xb9");
  // aes_v8_cbc_encrypt 1.33 cpb (aesv8-armx.pl:42-52, A72) against vpaes 21.5 cpb masked.
  const auto verdicts = DecideVerdicts(
      Alg("AES-128-CBC"), "encrypt", 16384, facts, plan,
      {Mbps(MbpsAtCpb(1.33, kN1Hz)), Mbps(MbpsAtCpb(21.5, kN1Hz), 0.01, plan[0].label)}, kN1Hz,
      kN1Hz);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].status, VerdictStatus::kAccelerated) << verdicts[0].line;
  EXPECT_TRUE(Has(verdicts[0].line, "masking AES slows it 16.2x")) << verdicts[0].line;
  EXPECT_TRUE(Has(verdicts[0].line, "ARMv8 CE")) << verdicts[0].line;

  const std::vector<Experiment> sha = PlanExperiments(Alg("SHA-256"), facts);
  ASSERT_EQ(sha.size(), 1u);
  EXPECT_EQ(ExperimentIa32cap(sha[0], facts), "0xa5");
  // No SHA512 instructions on an N1: no SHA-512 experiment.
  EXPECT_TRUE(PlanExperiments(Alg("SHA-512"), facts).empty());
}

TEST(DoctorAarch64Test, AMaskWithoutEffectNamesOpenSslArmcap) {
  // The aes_v8 class (1.33 cpb) with and without the AES bit: the library may ignore the
  // variable, which on AArch64 is OPENSSL_armcap.
  const DoctorFacts facts = Aarch64Facts("aarch64_neoverse_n1.txt", kN1Hz, "0xbd");
  const std::vector<Experiment> plan = PlanExperiments(Alg("AES-128-CBC"), facts);
  ASSERT_EQ(plan.size(), 1u);
  const auto verdicts = DecideVerdicts(
      Alg("AES-128-CBC"), "encrypt", 16384, facts, plan,
      {Mbps(MbpsAtCpb(1.33, kN1Hz)), Mbps(MbpsAtCpb(1.33, kN1Hz), 0.01, plan[0].label)}, kN1Hz,
      kN1Hz);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].status, VerdictStatus::kAccelerated) << verdicts[0].line;
  EXPECT_TRUE(Has(verdicts[0].line, "may not honour OPENSSL_armcap")) << verdicts[0].line;
  EXPECT_FALSE(Has(verdicts[0].line, "ia32cap")) << verdicts[0].line;
}

// AES-GCM has two experiments on a Crypto Extension core: AES cleared (bsaes CTR, PMULL GHASH
// kept) and PMULL cleared (aes_v8 CTR with NEON GHASH). Figures at 2.5 GHz: the aes_gcm kernel
// near CTR + PMULL GHASH (aesv8-armx.pl:42-52 CTR 0.76-1.36, ghashv8-armx.pl:36-45 PMULL
// 0.51-1.05), NEON GHASH 5.62-8.39 cpb (ghashv8-armx.pl:36-45), bsaes CTR 8.45-17.5.
TEST(DoctorAarch64Test, GcmMasksPmullForItsGhashVerdict) {
  const DoctorFacts facts = Aarch64Facts("aarch64_neoverse_n1.txt", kN1Hz, "0xbd");
  const std::vector<Experiment> plan = PlanExperiments(Alg("AES-128-GCM"), facts);
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[0].label, "AES masked");
  EXPECT_EQ(ExperimentIa32cap(plan[0], facts), "0xb9");
  EXPECT_EQ(plan[1].path, "PMULL GHASH");
  EXPECT_EQ(plan[1].label, "PMULL masked");
  EXPECT_EQ(ExperimentIa32cap(plan[1], facts), "0x9d");  // 0xbd less ARMV8_PMULL (0x20)
  const auto used = DecideVerdicts(
      Alg("AES-128-GCM"), "encrypt", 16384, facts, plan,
      {Mbps(MbpsAtCpb(1.5, kN1Hz)), Mbps(MbpsAtCpb(14.0, kN1Hz), 0.01, plan[0].label),
       Mbps(MbpsAtCpb(8.5, kN1Hz), 0.01, plan[1].label)},
      kN1Hz, kN1Hz);
  ASSERT_EQ(used.size(), 2u);
  EXPECT_EQ(used[1].status, VerdictStatus::kAccelerated) << used[1].line;
  EXPECT_TRUE(Has(used[1].line, "GHASH (AES-128-GCM) encrypt: ")) << used[1].line;
  EXPECT_TRUE(Has(used[1].line, "PMULL GHASH path; masking PMULL slows AES-128-GCM 5.7x"))
      << used[1].line;
  EXPECT_FALSE(Has(used[1].line, "PCLMULQDQ")) << used[1].line;
  // A build whose GHASH ignores PMULL: masking it changes nothing.
  const auto unused = DecideVerdicts(
      Alg("AES-128-GCM"), "encrypt", 16384, facts, plan,
      {Mbps(MbpsAtCpb(8.5, kN1Hz)), Mbps(MbpsAtCpb(20.0, kN1Hz), 0.01, plan[0].label),
       Mbps(MbpsAtCpb(8.5, kN1Hz), 0.01, plan[1].label)},
      kN1Hz, kN1Hz);
  ASSERT_EQ(unused.size(), 2u);
  EXPECT_EQ(unused[1].status, VerdictStatus::kNotAccelerated) << unused[1].line;
  EXPECT_TRUE(Has(unused[1].line, "although the CPU has PMULL")) << unused[1].line;
  EXPECT_TRUE(Has(unused[1].advice, "(ghashv8-armx)")) << unused[1].advice;
  // Emulated, the same figures prove nothing: qemu may run PMULL and NEON GHASH at one speed.
  DoctorFacts emulated = facts;
  emulated.emulation = "this aarch64 binary runs on an x86_64 CPU (/proc/cpuinfo)";
  const auto under_qemu = DecideVerdicts(
      Alg("AES-128-GCM"), "encrypt", 16384, emulated, plan,
      {Mbps(MbpsAtCpb(8.5, kN1Hz)), Mbps(MbpsAtCpb(20.0, kN1Hz), 0.01, plan[0].label),
       Mbps(MbpsAtCpb(8.5, kN1Hz), 0.01, plan[1].label)},
      kN1Hz, kN1Hz);
  ASSERT_EQ(under_qemu.size(), 2u);
  EXPECT_EQ(under_qemu[1].status, VerdictStatus::kUndetermined) << under_qemu[1].line;
  EXPECT_TRUE(Has(under_qemu[1].line, "only a run on the CPU itself can tell"))
      << under_qemu[1].line;
  EXPECT_TRUE(under_qemu[1].advice.empty()) << under_qemu[1].advice;
}

// An Apple M1 (tests/fixtures/cpuinfo/README.md) has the ARMv8.2 SHA512 and SHA3 instructions:
// SHA-512 gets its experiment, which a Neoverse N1 (no sha512 in its Features) does not.
// OpenSSL 3.0's word there: NEON, AES, SHA1, SHA256, PMULL, SHA512 and CPUID = 0xfd.
TEST(DoctorAarch64Test, AnAppleM1MasksTheSha512Instructions) {
  const DoctorFacts facts = Aarch64Facts("aarch64_apple_m1.txt", 3.2e9, "0xfd");
  for (const char* name : {"AES", "PMULL", "SHA1", "SHA2", "SHA512", "SHA3"}) {
    EXPECT_TRUE(facts.cpu.Usable(name)) << name;
  }
  const std::vector<Experiment> sha512 = PlanExperiments(Alg("SHA-512"), facts);
  ASSERT_EQ(sha512.size(), 1u);
  EXPECT_EQ(sha512[0].label, "SHA512 masked");
  EXPECT_EQ(ExperimentIa32cap(sha512[0], facts), "0xbd");  // 0xfd less ARMV8_SHA512 (0x40)
  EXPECT_EQ(PlanExperiments(Alg("AES-128-GCM"), facts).size(), 2u);
  // No published cpb for the SHA512 instructions: a slowdown under the mask is the evidence.
  const auto verdicts =
      DecideVerdicts(Alg("SHA-512"), "hash", 16384, facts, sha512,
                     {Mbps(2000), Mbps(1000, 0.01, sha512[0].label)}, 3.2e9, 3.2e9);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].status, VerdictStatus::kAccelerated) << verdicts[0].line;
}

TEST(DoctorAarch64Test, WithoutTheLibrarysWordTheMaskStartsFromTheCpu) {
  // OpenSSL 1.1.1 prints no CPUINFO: the word is NEON plus the CPU's crypto features.
  DoctorFacts facts = Aarch64Facts("aarch64_neoverse_n1.txt", kN1Hz, "0xbd");
  facts.library.cpu_info.clear();
  facts.library.capability_vector.clear();
  facts.detected_capability_vector.clear();
  const std::vector<Experiment> plan = PlanExperiments(Alg("AES-128-CTR"), facts);
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(ExperimentIa32cap(plan[0], facts), "0x39");
}

TEST(DoctorAarch64Test, AnArchitectureWithoutClassesSaysSo) {
  // A riscv64 machine: doctor has neither paths nor cpb classes for it and says so.
  DoctorFacts facts;
  facts.cpu.arch = "riscv64";
  facts.clock.core_hz = 1.5e9;
  facts.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  EXPECT_TRUE(PlanExperiments(Alg("AES-128-CBC"), facts).empty());
  const auto verdicts =
      DecideVerdicts(Alg("AES-128-CBC"), "encrypt", 16384, facts, {}, {Mbps(60)}, 1.5e9, 1.5e9);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].fingerprint, "no known class (no cpb classes for riscv64)")
      << verdicts[0].line;
  EXPECT_NE(verdicts[0].status, VerdictStatus::kAccelerated) << verdicts[0].line;
}

}  // namespace
}  // namespace cryptobench::diagnose
