// Tests that the best software AES class depends on the OpenSSL release (data/
// library-changes.csv rows): bsaes-armv8 arrives in 3.1.0, vpaes-armv8 in 1.1.0 (C table code
// before), bsaes-armv7 in 1.0.2, and x86-64's bsaes and aes-x86_64 are absent from 1.1.1d to
// 1.1.1w; with the release unknown the class says "cannot tell" and names `openssl version`.
// Every CPU here is written out: no test reads this machine's CPU.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_model.h"
#include "diagnose/verdict_paths.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using verdict_internal::BestSoftwareClass;
using verdict_internal::Family;

cpu::CpuFeatures Cpu(const std::string& arch, const std::vector<std::string>& usable) {
  cpu::CpuFeatures cpu;
  cpu.arch = arch;
  for (const std::string& name : usable) {
    cpu.features.push_back({name, true, true});
  }
  return cpu;
}

// A Cortex-A72 without the Crypto Extension (Raspberry Pi 4): NEON only.
TEST(SoftwareClassReleaseTest, Aarch64BsaesOnlyFromOpenssl31) {
  const cpu::CpuFeatures pi4 = Cpu("aarch64", {"NEON"});
  for (Family family : {Family::kAesBlock, Family::kAesXts, Family::kAesGcm}) {
    SCOPED_TRACE(static_cast<int>(family));
    EXPECT_THAT(BestSoftwareClass(family, pi4, 0x30100000), HasSubstr("bsaes"));
    EXPECT_THAT(BestSoftwareClass(family, pi4, 0x30500010), HasSubstr("bsaes"));
    // 3.0.19 and 1.1.1w: vpaes-armv8 in every mode, no bsaes.
    for (uint64_t release : {uint64_t{0x30000130}, uint64_t{0x1010117f}, uint64_t{0x1010003f}}) {
      const std::string text = BestSoftwareClass(family, pi4, release);
      EXPECT_THAT(text, HasSubstr("vpaes")) << text;
      EXPECT_THAT(text, Not(HasSubstr("bsaes ("))) << text;
      EXPECT_THAT(text, Not(HasSubstr("bsaes CTR"))) << text;
    }
    // 1.0.2u: no NEON AES at all.
    const std::string old = BestSoftwareClass(family, pi4, 0x1000215f);
    EXPECT_THAT(old, HasSubstr("C table code")) << old;
    EXPECT_THAT(old, Not(HasSubstr("vpaes"))) << old;
    // Unknown release: the class depends on it, so cannot tell, naming the command.
    const std::string unknown = BestSoftwareClass(family, pi4, 0);
    EXPECT_THAT(unknown, HasSubstr("cannot tell")) << unknown;
    EXPECT_THAT(unknown, HasSubstr("openssl version")) << unknown;
  }
  EXPECT_THAT(BestSoftwareClass(Family::kAesGcm, Cpu("aarch64", {"NEON", "PMULL"}), 0x30000130),
              HasSubstr("PMULL GHASH"));
}

// 32-bit ARM: bsaes-armv7 from 1.0.2, the aes-armv4 table asm alone before; never x86 words.
TEST(SoftwareClassReleaseTest, ArmBsaesArmv7From102) {
  const cpu::CpuFeatures armv7 = Cpu("arm", {"NEON"});
  EXPECT_THAT(BestSoftwareClass(Family::kAesBlock, armv7, 0x30000130), HasSubstr("bsaes"));
  EXPECT_THAT(BestSoftwareClass(Family::kAesBlock, armv7, 0x1000215f), HasSubstr("bsaes"));
  const std::string old = BestSoftwareClass(Family::kAesBlock, armv7, 0x1000114f);
  EXPECT_THAT(old, HasSubstr("aes-armv4")) << old;
  EXPECT_THAT(old, Not(HasSubstr("bsaes ("))) << old;
  EXPECT_THAT(BestSoftwareClass(Family::kAesBlock, armv7, 0), HasSubstr("cannot tell"));
  for (uint64_t release : {uint64_t{0}, uint64_t{0x30000130}}) {
    EXPECT_THAT(BestSoftwareClass(Family::kAesBlock, armv7, release), Not(HasSubstr("SSSE3")));
  }
}

// x86-64 without AES-NI: 1.1.1d to 1.1.1w run vpaes (SSSE3) or C; 1.1.1c and 3.0+ have bsaes.
TEST(SoftwareClassReleaseTest, X86BsaesAbsentFrom111dTo111) {
  const cpu::CpuFeatures core2 = Cpu("x86_64", {"SSSE3"});
  const cpu::CpuFeatures k8 = Cpu("x86_64", {});
  for (uint64_t release : {uint64_t{0x1010103f}, uint64_t{0x30000130}, uint64_t{0x1000215f}}) {
    EXPECT_THAT(BestSoftwareClass(Family::kAesBlock, core2, release), HasSubstr("bsaes ("));
    EXPECT_THAT(BestSoftwareClass(Family::kAesBlock, k8, release), HasSubstr("aes-x86_64"));
  }
  for (uint64_t release : {uint64_t{0x1010104f}, uint64_t{0x1010117f}}) {
    const std::string ssse3 = BestSoftwareClass(Family::kAesBlock, core2, release);
    EXPECT_THAT(ssse3, HasSubstr("vpaes in every mode")) << ssse3;
    EXPECT_THAT(ssse3, Not(HasSubstr("bsaes ("))) << ssse3;
    const std::string plain = BestSoftwareClass(Family::kAesBlock, k8, release);
    EXPECT_THAT(plain, HasSubstr("C AES")) << plain;
    EXPECT_THAT(plain, Not(HasSubstr("aes-x86_64 table asm"))) << plain;
    EXPECT_THAT(BestSoftwareClass(Family::kAesGcm, core2, release), HasSubstr("vpaes CTR"));
  }
  EXPECT_THAT(BestSoftwareClass(Family::kAesBlock, core2, 0), HasSubstr("openssl version"));
}

// The library's release decides the class a live-doctor or report verdict names.
TEST(SoftwareClassReleaseTest, OpensslReleaseOfReadsOnlyOpenssl) {
  DoctorFacts facts;
  facts.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  facts.library.version_num = 0x30000130;
  EXPECT_EQ(verdict_internal::OpensslReleaseOf(facts), 0x30000130u);
  facts.library.version = "LibreSSL 3.8.2";
  EXPECT_EQ(verdict_internal::OpensslReleaseOf(facts), 0u);
}

}  // namespace
}  // namespace cryptobench::diagnose
