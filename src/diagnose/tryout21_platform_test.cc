// Platform and CPU facts read from pastes of the session-21 new-user tryout (/work/tryout-21
// items 9, 10 and 14), shortened: lscpu's Hypervisor vendor (QEMU TCG is emulation, KVM a
// virtual machine), RISC-V's isa lines, OpenBSD's sysctl name=value lines, Solaris psrinfo and
// isainfo, POWER's cpu and clock lines, and arm64 tcrypt driver names.
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_report.h"
#include "import/import.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::DoctorText;
using ::cryptobench::testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;

// t23b: lscpu of a QEMU guest without KVM (Hypervisor vendor: TCG), then 3.0.11's speed.
std::string QemuPaste(const std::string& vendor) {
  return "$ lscpu\n"
         "Architecture:            x86_64\n"
         "  CPU op-mode(s):        32-bit, 64-bit\n"
         "CPU(s):                  2\n"
         "Vendor ID:               AuthenticAMD\n"
         "  Model name:            QEMU Virtual CPU version 2.5+\n"
         "    CPU family:          6\n"
         "    Flags:               fpu de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov "
         "pat pse36 clflush mmx fxsr sse sse2 syscall nx lm nopl cpuid pni cx16 hypervisor "
         "lahf_lm svm 3dnowprefetch vmmcall\n"
         "Virtualization features: \n"
         "  Hypervisor vendor:     " +
         vendor +
         "\n"
         "  Virtualization type:   full\n"
         "$ openssl speed -elapsed -evp aes-128-gcm\n"
         "version: 3.0.11\n"
         "built on: Tue Sep 19 13:02:50 2023 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
         "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
         "CPUINFO: OPENSSL_ia32cap=0x2001078bfbff:0x0\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "AES-128-GCM       6405.40k     9408.26k    10335.83k    10649.94k    10761.56k    "
         "10770.09k\n";
}

// Item 9: TCG is emulation (no cpb, advice to run under KVM, no CPU model advice); KVM is a
// virtual machine, whose figures are the host CPU's.
TEST(Tryout21PlatformTest, QemuTcgFromLscpuIsEmulation) {
  const DoctorReport tcg = DiagnosePaste(QemuPaste("TCG"));
  EXPECT_THAT(tcg.facts.emulation, HasSubstr("Hypervisor vendor is TCG (line 10)"));
  const Finding* emulated = FindingOf(tcg, "report.emulated");
  ASSERT_NE(emulated, nullptr);
  EXPECT_THAT(emulated->advice, HasSubstr("accel=kvm"));
  const std::string out = DoctorText(tcg);
  EXPECT_THAT(out, Not(HasSubstr(" cpb is ")));
  EXPECT_THAT(out, Not(HasSubstr("host's model")));
  EXPECT_THAT(out, Not(HasSubstr("-cpu host")));

  for (const char* vendor : {"KVM", "Microsoft", "VMware"}) {
    const DoctorReport vm = DiagnosePaste(QemuPaste(vendor));
    EXPECT_EQ(vm.facts.emulation, "") << vendor;
    EXPECT_EQ(FindingOf(vm, "report.emulated"), nullptr) << vendor;
  }
}

}  // namespace
}  // namespace cryptobench::diagnose
