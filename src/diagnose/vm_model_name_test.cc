// A virtual CPU model's name ("Common KVM processor", QEMU's kvm64; "QEMU Virtual CPU", qemu64)
// lacks AES-NI by default, but QEMU and libvirt can add features to a named model, and the guest
// still shows the name (https://www.qemu.org/docs/master/system/i386/cpu.html): without the
// guest's flags line the name does not settle whether the guest has AES-NI (tryout-19: such a
// paste was told "the CPU has no AES-NI instructions", a cause the text does not support).
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::Contains;
using testing::DiagnosePaste;
using testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::StatedTags;
using testing::VerdictFor;

std::string Paste(const std::string& model, const std::string& flags, const std::string& kbps) {
  return "$ grep -m1 'model name' /proc/cpuinfo\n"
         "model name\t: " +
         model + "\n" + (flags.empty() ? "" : "flags\t\t: " + flags + "\n") +
         "$ openssl speed -evp aes-128-cbc\n"
         "OpenSSL 1.1.1w  11 Sep 2023\n"
         "built on: Mon Sep 11 12:00:00 2023 UTC\n"
         "options:bn(64,64) rc4(16x,int) des(int) aes(partial) blowfish(ptr)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
         "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
         "-DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
         "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM "
         "-DECP_NISTZ256_ASM -DX25519_ASM -DPOLY1305_ASM -DNDEBUG\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "aes-128-cbc     115073.98k   126242.82k   129302.61k   130069.16k   " +
         kbps + "k   " + kbps + "k\n";
}

TEST(VmModelNameTest, AVirtualModelsNameAloneDoesNotSettleAesNi) {
  for (const char* model : {"Common KVM processor", "QEMU Virtual CPU version 2.5+"}) {
    for (const char* kbps : {"130361.34", "20361.34"}) {  // inside the bounds; below hardware
      const DoctorReport report = DiagnosePaste(Paste(model, "", kbps));
      SCOPED_TRACE(std::string(model) + " " + kbps);
      EXPECT_EQ(FindingOf(report, "cpu.no-hw-aes"), nullptr);
      EXPECT_THAT(StatedTags(report), Not(Contains("no-hw-aes")));
      EXPECT_THAT(StatedTags(report), Not(Contains("vm-hides-cpu-features")));
      const Verdict& aes = VerdictFor(report, "AES-128-CBC", "encrypt");
      EXPECT_NE(aes.status, VerdictStatus::kSoftwareExpected) << aes.line;
      EXPECT_THAT(aes.line, Not(HasSubstr("shows no AES-NI"))) << aes.line;
      EXPECT_FALSE(report.facts.cpu.Usable("AES-NI"));
      EXPECT_EQ(report.facts.cpu.Find("AES-NI"), nullptr);  // unknown, not absent
    }
  }
  // Below every hardware path: the finding says the name does not settle it and asks for the
  // guest's own flags.
  const DoctorReport slow = DiagnosePaste(Paste("Common KVM processor", "", "20361.34"));
  const Finding* software = FindingOf(slow, "cpu.aes-software");
  ASSERT_NE(software, nullptr);
  EXPECT_THAT(software->summary, HasSubstr("cannot tell"));
  EXPECT_THAT(software->evidence, HasSubstr("does not settle it"));
  EXPECT_THAT(software->advice, HasSubstr("in the guest"));
}

TEST(VmModelNameTest, TheGuestsFlagsLineDecides) {
  const std::string base =
      "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr "
      "sse sse2 syscall nx lm rep_good nopl cpuid pni ssse3 cx16 sse4_1 sse4_2 x2apic popcnt "
      "hypervisor";
  const DoctorReport with_aes =
      DiagnosePaste(Paste("Common KVM processor", base + " aes", "130361.34"));
  EXPECT_TRUE(with_aes.facts.cpu.Usable("AES-NI"));
  const DoctorReport without = DiagnosePaste(Paste("Common KVM processor", base, "130361.34"));
  const cpu::FeatureState* aes = without.facts.cpu.Find("AES-NI");
  ASSERT_NE(aes, nullptr);
  EXPECT_FALSE(aes->supported);
}

}  // namespace
}  // namespace cryptobench::diagnose
