// Tryout 30 D5 (s29): an x86_64 container run with `docker run --platform linux/amd64` on an
// arm64 host. uname -m says x86_64 (qemu-user answers with its target's name) while
// /proc/cpuinfo, the host kernel's file, describes the ARM CPU: the figures time the emulator.
// A text that shows the two architectures but also shows two machines is not called emulation.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_report.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::DoctorText;
using ::cryptobench::testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kArmCpuinfo =
    "processor\t: 0\n"
    "BogoMIPS\t: 2100.00\n"
    "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm "
    "jscvt fcma lrcpc dcpop sha3 sm3 sm4 asimddp sha512 sve asimdfhm dit uscat ilrcpc flagm ssbs "
    "paca pacg dcpodp svei8mm svebf16 i8mm bf16 dgh rng\n"
    "CPU implementer\t: 0x41\n"
    "CPU architecture: 8\n"
    "CPU variant\t: 0x1\n"
    "CPU part\t: 0xd40\n"
    "CPU revision\t: 1\n"
    "\n";

constexpr const char* kX86Speed =
    "version: 3.0.2\n"
    "built on: Wed Feb  5 13:19:41 2025 UTC\n"
    "options: bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
    "CPUINFO: OPENSSL_ia32cap=0xfed8320b0789f9ff:0x8000000000000000:0x0\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "AES-128-GCM          6183.79k    17068.32k    30481.46k    37934.09k    40846.95k    "
    "41072.23k\n";

// q/s29, shortened.
std::string AmdContainerOnGraviton() {
  return std::string(
             "ubuntu@ip-10-0-1-5:~$ docker run --rm -it --platform linux/amd64 ubuntu:22.04 bash\n"
             "root@3c2b1a0f9e8d:/# uname -m\n"
             "x86_64\n"
             "root@3c2b1a0f9e8d:/# head -9 /proc/cpuinfo\n") +
         kArmCpuinfo + "root@3c2b1a0f9e8d:/# openssl speed -evp aes-128-gcm 2>/dev/null\n" +
         kX86Speed;
}

TEST(CrossArchEmulationTest, ArmCpuinfoUnderX86UnameIsUserModeEmulation) {
  const DoctorReport report = DiagnosePaste(AmdContainerOnGraviton());
  EXPECT_THAT(report.facts.emulation, HasSubstr("uname -m"));
  EXPECT_THAT(report.facts.emulation, HasSubstr("qemu-user"));
  const Finding* emulated = FindingOf(report, "report.emulated");
  ASSERT_NE(emulated, nullptr);
  EXPECT_THAT(emulated->advice, HasSubstr("arm64"));
  const std::string out = DoctorText(report);
  EXPECT_THAT(out, Not(HasSubstr("contention, a throttled or shared CPU")));
  EXPECT_THAT(out, Not(HasSubstr(" cpb is ")));
  EXPECT_EQ(FindingOf(report, "report.cannot-tell"), nullptr);
}

// The reverse: an arm64 binary (OPENSSL_armcap) whose uname -m says aarch64 on an x86 host
// (vendor_id and flags lines of x86's /proc/cpuinfo).
TEST(CrossArchEmulationTest, X86CpuinfoUnderArmUnameIsUserModeEmulation) {
  const std::string paste =
      "$ uname -m\n"
      "aarch64\n"
      "$ grep -m2 -E 'vendor_id|flags' /proc/cpuinfo\n"
      "vendor_id\t: GenuineIntel\n"
      "flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 "
      "clflush mmx fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc pni pclmulqdq "
      "ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt aes xsave avx f16c rdrand hypervisor avx2 "
      "sha_ni\n"
      "$ openssl speed -evp aes-128-gcm\n"
      "version: 3.0.13\n"
      "built on: Wed Feb  5 13:19:41 2025 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
      "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: OPENSSL_armcap=0xbf\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "AES-128-GCM          5183.79k    14068.32k    25481.46k    31934.09k    33846.95k    "
      "34072.23k\n";
  const DoctorReport report = DiagnosePaste(paste);
  EXPECT_THAT(report.facts.emulation, HasSubstr("qemu-user"));
  const Finding* emulated = FindingOf(report, "report.emulated");
  ASSERT_NE(emulated, nullptr);
  EXPECT_THAT(emulated->advice, HasSubstr("amd64"));
}

// Two machines in one text: an arm64 uname -a beside the x86 uname -m (or the library's own
// vector naming the other architecture) says the lines need not be one process's view, so the
// conflict is not taken for emulation.
TEST(CrossArchEmulationTest, TwoMachinesInOneTextAreNotEmulation) {
  const std::string two_unames =
      "$ uname -a\n"
      "Linux pi 6.1.0-rpi7-rpi-v8 #1 SMP PREEMPT Debian 1:6.1.63-1+rpt1 aarch64 GNU/Linux\n"
      "$ uname -m\n"
      "x86_64\n"
      "$ cat /proc/cpuinfo\n" +
      std::string(kArmCpuinfo) + "$ openssl speed -evp aes-128-gcm\n" + kX86Speed;
  const DoctorReport a = DiagnosePaste(two_unames);
  EXPECT_EQ(a.facts.emulation, "");
  EXPECT_EQ(FindingOf(a, "report.emulated"), nullptr);

  // uname -m of an x86 machine, an ARM cpuinfo, and the run's own vector an ARM library's.
  std::string arm_run = kX86Speed;
  arm_run.replace(arm_run.find("OPENSSL_ia32cap=0xfed8320b0789f9ff:0x8000000000000000:0x0"),
                  std::string("OPENSSL_ia32cap=0xfed8320b0789f9ff:0x8000000000000000:0x0").size(),
                  "OPENSSL_armcap=0xbf");
  const std::string vector_disagrees = "$ uname -m\nx86_64\n$ cat /proc/cpuinfo\n" +
                                       std::string(kArmCpuinfo) +
                                       "$ openssl speed -evp aes-128-gcm\n" + arm_run;
  const DoctorReport b = DiagnosePaste(vector_disagrees);
  EXPECT_EQ(b.facts.emulation, "");
  EXPECT_EQ(FindingOf(b, "report.emulated"), nullptr);

  // No uname at all: a CPU description beside a vector of another architecture proves no
  // emulation (the rule needs the process's own uname -m).
  const std::string no_uname =
      "$ cat /proc/cpuinfo\n" + std::string(kArmCpuinfo) + "$ openssl speed\n" + kX86Speed;
  EXPECT_EQ(DiagnosePaste(no_uname).facts.emulation, "");
}

// A native arm64 machine: uname and cpuinfo agree.
TEST(CrossArchEmulationTest, AgreeingUnameAndCpuinfoAreNative) {
  std::string arm_run = kX86Speed;
  arm_run.replace(arm_run.find("OPENSSL_ia32cap=0xfed8320b0789f9ff:0x8000000000000000:0x0"),
                  std::string("OPENSSL_ia32cap=0xfed8320b0789f9ff:0x8000000000000000:0x0").size(),
                  "OPENSSL_armcap=0xbf");
  const std::string paste = "$ uname -m\naarch64\n$ cat /proc/cpuinfo\n" +
                            std::string(kArmCpuinfo) + "$ openssl speed\n" + arm_run;
  EXPECT_EQ(DiagnosePaste(paste).facts.emulation, "");
}

}  // namespace
}  // namespace cryptobench::diagnose
