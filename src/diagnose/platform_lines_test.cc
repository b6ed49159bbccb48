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
TEST(PlatformLinesTest, QemuTcgFromLscpuIsEmulation) {
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

// Item 10, t08: RISC-V's isa line lists every extension; without Zkne or Zvkned the CPU has no
// AES instructions, and nothing asks to grep /proc/cpuinfo for an aes word RISC-V never prints.
TEST(PlatformLinesTest, RiscvIsaLineSaysTheCpuLacksAes) {
  const std::string paste =
      "user@starfive:~/wolfssl$ uname -a\n"
      "Linux starfive 5.15.0-starfive #1 SMP Mon Dec 19 07:56:37 EST 2022 riscv64 GNU/Linux\n"
      "user@starfive:~/wolfssl$ cat /proc/cpuinfo | head -8\n"
      "processor\t: 0\n"
      "hart\t\t: 1\n"
      "isa\t\t: rv64imafdc\n"
      "mmu\t\t: sv39\n"
      "isa-ext\t\t: \n"
      "uarch\t\t: sifive,u74-mc\n"
      "user@starfive:~/wolfssl$ ./wolfcrypt/benchmark/benchmark\n"
      "------------------------------------------------------------------------------\n"
      " wolfSSL version 5.6.6\n"
      "------------------------------------------------------------------------------\n"
      "Math: \tMulti-Precision: Wolf(SP) word-size=64 bits=4096 sp_int.c\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.000 sec each)\n"
      "AES-128-CBC-enc             25 MiB took 1.049 seconds,   23.832 MiB/s\n"
      "AES-128-CBC-dec             25 MiB took 1.089 seconds,   22.957 MiB/s\n";
  const DoctorReport report = DiagnosePaste(paste);
  const CpuFeatureClue* aes = report.facts.report->cpu_clues.Find("AES");
  ASSERT_NE(aes, nullptr);
  EXPECT_FALSE(aes->present);
  EXPECT_THAT(aes->clue, HasSubstr("isa line (line 6)"));
  const std::string out = DoctorText(report);
  EXPECT_THAT(out, Not(HasSubstr("'aes|hypervisor'")));
  EXPECT_THAT(out, Not(HasSubstr("no CPU flags line")));

  // Zvkned (or Zkne) on the isa line or its isa-ext line: AES instructions.
  std::string with = paste;
  with.replace(with.find("isa-ext\t\t: "), 11, "isa-ext\t\t: zicbom zvkned");
  const CpuFeatureClue* vector_aes = DiagnosePaste(with).facts.report->cpu_clues.Find("AES");
  ASSERT_NE(vector_aes, nullptr);
  EXPECT_TRUE(vector_aes->present);
}

// Item 10: OpenBSD's sysctl name=value lines, Solaris psrinfo -pv and isainfo -v, POWER's
// /proc/cpuinfo cpu and clock lines give the architecture, the model and the clock.
TEST(PlatformLinesTest, BsdSolarisAndPowerCpuLinesAreRead) {
  const std::string speed =
      "$ openssl speed -elapsed -evp aes-128-cbc\n"
      "version: 3.0.13\n"
      "built on: Tue Jan 30 00:00:00 2024 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -O3\n"
      "CPUINFO: N/A\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "AES-128-CBC      62999.33k    74944.30k    78131.07k    78921.39k    79056.21k    "
      "79100.00k\n";
  const DoctorReport openbsd = DiagnosePaste(
      "$ sysctl hw.model hw.machine\n"
      "hw.model=Intel(R) Celeron(R) J4125 CPU @ 2.00GHz\n"
      "hw.machine=amd64\n" +
      speed);
  EXPECT_EQ(openbsd.facts.report->cpu_clues.arch, "x86_64");
  EXPECT_THAT(openbsd.facts.report->cpu_clues.arch_clue, HasSubstr("sysctl hw.machine"));
  EXPECT_THAT(DoctorText(openbsd), HasSubstr("Celeron(R) J4125"));

  const DoctorReport sparc = DiagnosePaste(
      "$ psrinfo -pv | head -3\n"
      "The physical processor has 8 cores and 64 virtual processors (0-63)\n"
      "  The core has 8 virtual processors (0-7)\n"
      "    SPARC-T4 (chipid 0, clock 2848 MHz)\n"
      "$ isainfo -v\n"
      "64-bit sparcv9 applications\n"
      "\tcrc32c cbcond pause mont mpmul sha512 sha256 sha1 md5 camellia kasumi \n"
      "\tdes aes ima hpc vis3 fmaf asi_blk_init vis2 vis popc \n"
      "32-bit sparc applications\n"
      "\tcrc32c cbcond pause mont mpmul sha512 sha256 sha1 md5 camellia kasumi \n" +
      speed);
  EXPECT_EQ(sparc.facts.report->cpu_clues.arch, "sparcv9");
  const CpuFeatureClue* sparc_aes = sparc.facts.report->cpu_clues.Find("AES");
  ASSERT_NE(sparc_aes, nullptr);
  EXPECT_TRUE(sparc_aes->present);
  EXPECT_THAT(sparc.facts.report->clock_source, HasSubstr("psrinfo -pv clock 2848 MHz"));
  EXPECT_THAT(DoctorText(sparc), HasSubstr("SPARC-T4"));

  const DoctorReport power = DiagnosePaste(
      "$ grep -m2 -E '^(cpu|clock)' /proc/cpuinfo\n"
      "cpu\t\t: POWER10 (architected), altivec supported\n"
      "clock\t\t: 3450.000000MHz\n" +
      speed);
  EXPECT_THAT(power.facts.report->clock_source, HasSubstr("3450.000000 MHz (line 3)"));
  EXPECT_THAT(DoctorText(power), HasSubstr("POWER10"));
}

// macOS: `sysctl hw.model` on a Mac names the machine (MacBookPro18,3), not its CPU; the
// hw.optional.arm.FEAT_* lines (1 or 0) are Apple silicon's extensions (Apple's "Determining
// Instruction Set Characteristics"), and a key not pasted stays unknown.
TEST(PlatformLinesTest, MacHwModelIsTheMachineAndFeatLinesAreTheCpuFeatures) {
  const DoctorReport mac = DiagnosePaste(
      "% sysctl hw.model\n"
      "hw.model: MacBookPro18,3\n"
      "% sysctl hw.optional.arm.FEAT_AES hw.optional.arm.FEAT_PMULL hw.optional.arm.FEAT_SHA512\n"
      "hw.optional.arm.FEAT_AES: 1\n"
      "hw.optional.arm.FEAT_PMULL: 1\n"
      "hw.optional.arm.FEAT_SHA512: 0\n"
      "% openssl speed -elapsed -evp aes-128-gcm\n"
      "version: 3.3.2\n"
      "built on: Tue Sep  3 12:44:07 2024 UTC\n"
      "options: bn(64,64)\n"
      "compiler: clang -fPIC -arch arm64 -O3 -Wall -DL_ENDIAN -DOPENSSL_PIC -DNDEBUG\n"
      "CPUINFO: OPENSSL_armcap=0x3d\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "AES-128-GCM     712000.00k  2350000.00k  5100000.00k  7200000.00k  8100000.00k  "
      "8200000.00k\n");
  EXPECT_EQ(mac.facts.report->os, "macos");
  const CpuClues& clues = mac.facts.report->cpu_clues;
  EXPECT_EQ(clues.arch, "aarch64");
  ASSERT_NE(clues.Find("AES"), nullptr);
  EXPECT_TRUE(clues.Find("AES")->present);
  ASSERT_NE(clues.Find("PMULL"), nullptr);
  EXPECT_TRUE(clues.Find("PMULL")->present);
  ASSERT_NE(clues.Find("SHA512"), nullptr);
  EXPECT_FALSE(clues.Find("SHA512")->present);
  EXPECT_EQ(clues.Find("SHA3"), nullptr);
  EXPECT_THAT(clues.Find("AES")->clue, HasSubstr("FEAT_AES=1 FEAT_PMULL=1 FEAT_SHA512=0"));
  const std::string out = DoctorText(mac);
  EXPECT_THAT(out, Not(HasSubstr("model:              MacBookPro18,3")));
  EXPECT_THAT(clues.unknown_models, ::testing::IsEmpty());
}

// Item 4: which architectures print a CPUINFO vector is one table: advice never asks a MIPS,
// POWER or SPARC paste for the CPUINFO line 3.x would print as N/A there.
TEST(PlatformLinesTest, NoCpuinfoLineIsAskedWhereItWouldSayNA) {
  const std::string speed =
      "$ openssl speed -evp aes-128-cbc\n"
      "OpenSSL 1.1.1n  15 Mar 2022\n"
      "built on: Sun Jun  5 00:00:00 2022 UTC\n"
      "options:bn(64,64) rc4(char) des(int) aes(partial) idea(int) blowfish(ptr) \n"
      "compiler: gcc -fPIC -pthread -O3 -DNDEBUG\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-cbc      62999.33k    74944.30k    78131.07k    78921.39k    79056.21k    "
      "79100.00k\n";
  for (const char* arch : {"mips", "ppc64le"}) {
    const std::string out =
        DoctorText(DiagnosePaste(std::string("$ uname -m\n") + arch + "\n" + speed));
    EXPECT_THAT(out, Not(HasSubstr("its CPUINFO line"))) << arch;
  }
}

}  // namespace
}  // namespace cryptobench::diagnose
