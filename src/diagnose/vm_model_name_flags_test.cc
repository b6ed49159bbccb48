// Tryout 22 q03: a Proxmox guest left at the default kvm64 model ("Common KVM processor",
// data/cpu-clues.csv) whose own flags line has no aes. The verdict says the model leaves AES-NI
// out whatever the host has (not "the CPU lacks it, or the OS disabled it"); whether the host
// has it stays open.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::FindingOf;
using cryptobench::testing::VerdictFor;
using ::testing::HasSubstr;
using ::testing::Not;

std::string Kvm64Paste(const std::string& flags, const std::string& vector) {
  return "root@web01:~# lscpu\n"
         "Architecture:            x86_64\n"
         "Vendor ID:               GenuineIntel\n"
         "  Model name:            Common KVM processor\n"
         "    Flags:               " +
         flags +
         "\n"
         "  Hypervisor vendor:     KVM\n"
         "root@web01:~# openssl speed -evp aes-128-gcm\n"
         "Doing AES-128-GCM for 3s on 16384 size blocks: 15389 AES-128-GCM's in 3.00s\n"
         "version: 3.0.11\n"
         "built on: Tue Oct 24 10:12:44 2023 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
         "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
         "CPUINFO: OPENSSL_ia32cap=" +
         vector +
         "\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16384 bytes\n"
         "AES-128-GCM         84043.09k\n";
}

constexpr const char* kKvm64Flags =
    "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr "
    "sse sse2 ht syscall nx lm constant_tsc nopl xtopology cpuid pni cx16 x2apic hypervisor "
    "lahf_lm";

TEST(VmModelNameFlagsTest, Kvm64NameWithFlagsWithoutAesNamesTheModel) {
  const DoctorReport report = DiagnosePaste(Kvm64Paste(kKvm64Flags, "0x80802001078bfbff:0x0"));
  const Verdict& v = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_EQ(v.status, VerdictStatus::kSoftwareExpected) << v.line;
  EXPECT_THAT(v.line, HasSubstr("this virtual machine's CPU model, Common KVM processor, leaves it "
                                "out whatever the host has"));
  EXPECT_THAT(v.line, Not(HasSubstr("the CPU lacks it, or the OS disabled it")));
  // Whether the host has AES-NI is not in the text: the cause stays open, with the host's check.
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->advice, HasSubstr("on the host"));
}

// The same name with aes in the guest's flags and vector (the hypervisor added it, as
// kvm64,+aes does): the model is not blamed.
TEST(VmModelNameFlagsTest, FlagsWithAesSayTheModelWasGivenIt) {
  const DoctorReport report =
      DiagnosePaste(Kvm64Paste(std::string(kKvm64Flags) + " aes", "0x82802001078bfbff:0x0"));
  ASSERT_NE(report.facts.report->cpu_clues.Find("AES-NI"), nullptr);
  EXPECT_TRUE(report.facts.report->cpu_clues.Find("AES-NI")->present);
  EXPECT_THAT(VerdictFor(report, "AES-128-GCM", "encrypt").line,
              Not(HasSubstr("leaves it out whatever the host has")));
  EXPECT_EQ(FindingOf(report, "cpu.vm-model-lacks"), nullptr);
}

}  // namespace
}  // namespace cryptobench::diagnose
