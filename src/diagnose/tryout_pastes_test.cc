// Pastes from the session-17 new-user tryout that doctor --from and import misread: FreeBSD boot
// lines (sys/x86/x86/identcpu.c) ignored and lscpu asked for, a pasted CPU model not shown, a
// pasted `openssl version -a` asked for again, and one advice paragraph repeated per verdict.
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/report.h"

#include "diagnose/doctor_from.h"
#include "diagnose/doctor_report.h"
#include "import/import.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DoctorText;
using ::testing::HasSubstr;
using ::testing::Not;

const results::RunResult& Chosen(const std::vector<results::RunResult>& runs) {
  const results::RunResult* chosen = &runs.front();
  for (const results::RunResult& run : runs) {
    if (!run.algorithms.empty()) {
      chosen = &run;
    }
  }
  return *chosen;
}

std::string ImportTable(const results::RunResult& run) {
  std::ostringstream out;
  report::RenderTable(run, out);
  return out.str();
}

// OPNsense (FreeBSD 13.1) on an AMD GX-412TC, OpenSSL 1.1.1t-freebsd, with the boot messages'
// CPU and Features2 lines (`grep -E 'CPU:|Features2' /var/run/dmesg.boot`).
constexpr const char* kFreeBsd =
    "root@opnsense:~ # openssl speed -evp aes-256-gcm -elapsed\n"
    "You have chosen to measure elapsed time instead of user CPU time.\n"
    "Doing aes-256-gcm for 3s on 16 size blocks: 5129380 aes-256-gcm's in 3.00s\n"
    "Doing aes-256-gcm for 3s on 64 size blocks: 1608842 aes-256-gcm's in 3.00s\n"
    "Doing aes-256-gcm for 3s on 256 size blocks: 426601 aes-256-gcm's in 3.00s\n"
    "Doing aes-256-gcm for 3s on 1024 size blocks: 108611 aes-256-gcm's in 3.00s\n"
    "Doing aes-256-gcm for 3s on 8192 size blocks: 13633 aes-256-gcm's in 3.00s\n"
    "Doing aes-256-gcm for 3s on 16384 size blocks: 6820 aes-256-gcm's in 3.00s\n"
    "OpenSSL 1.1.1t-freebsd  7 Feb 2023\n"
    "built on: reproducible build, date unspecified\n"
    "options:bn(64,64) rc4(16x,int) des(int) idea(int) blowfish(ptr)\n"
    "compiler: clang\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-256-gcm      27356.69k    34321.96k    36402.22k    37072.55k    37227.86k    37246.29k\n"
    "\n"
    "root@opnsense:~ # grep -E 'CPU:|Features2' /var/run/dmesg.boot\n"
    "CPU: AMD GX-412TC SOC                                (998.15-MHz K8-class CPU)\n"
    "  Features2=0x3ed8220b<SSE3,PCLMULQDQ,MON,SSSE3,CX16,SSE4.1,SSE4.2,MOVBE,POPCNT,AESNI,"
    "XSAVE,OSXSAVE,AVX,F16C>\n";

TEST(TryoutPastesTest, FreeBsdBootLinesGiveModelClockAndFeatures) {
  const std::vector<results::RunResult> runs = import::ImportText(kFreeBsd, "paste.txt");
  const DoctorReport report = DiagnoseReport(Chosen(runs));
  ASSERT_TRUE(report.facts.report);
  EXPECT_EQ(report.facts.cpu.brand, "AMD GX-412TC SOC");
  EXPECT_EQ(report.facts.cpu.arch, "x86_64");
  EXPECT_EQ(report.facts.report->os, "freebsd");
  // The TSC's 998.15 MHz, about the base clock: 0.8 x base to 2.25 x base.
  EXPECT_NEAR(report.core_hz_low, 0.8 * 998.15e6, 1e3);
  EXPECT_NEAR(report.core_hz_high, 2.25 * 998.15e6, 1e3);
  EXPECT_THAT(report.facts.report->clock_source, HasSubstr("FreeBSD CPU line"));
  const CpuClues& clues = report.facts.report->cpu_clues;
  for (const char* present : {"AES-NI", "PCLMULQDQ", "SSSE3", "AVX"}) {
    const CpuFeatureClue* clue = clues.Find(present);
    ASSERT_NE(clue, nullptr) << present;
    EXPECT_TRUE(clue->present) << present;
    EXPECT_THAT(clue->clue, HasSubstr("FreeBSD boot line"));
  }
  // AVX2 is on the Structured Extended Features line, which is not pasted: unknown.
  EXPECT_EQ(clues.Find("AVX2"), nullptr);
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, Not(HasSubstr("lscpu")));
  EXPECT_THAT(text, Not(HasSubstr("model:              not in the text")));
}

// Without the features, the advice names FreeBSD's commands, not lscpu.
TEST(TryoutPastesTest, FreeBsdWithoutBootLinesIsAskedForThemNotForLscpu) {
  std::string paste = kFreeBsd;
  paste = paste.substr(0, paste.find("\nroot@opnsense:~ # grep")) +
          "\nroot@opnsense:~ # uname -a\n"
          "FreeBSD opnsense.localdomain 13.1-RELEASE-p7 FreeBSD 13.1-RELEASE-p7 "
          "stable/23.1-n250497-f3fd1e4b2f5 SMP amd64\n";
  const std::vector<results::RunResult> runs = import::ImportText(paste, "paste.txt");
  const DoctorReport report = DiagnoseReport(Chosen(runs));
  EXPECT_EQ(report.facts.report->os, "freebsd");
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, Not(HasSubstr("lscpu")));
  EXPECT_THAT(text, HasSubstr("sysctl hw.model"));
}

// `sysctl hw.model`, quoted in a forum post, names the CPU of import's header.
TEST(TryoutPastesTest, SysctlHwModelIsTheImportedRunsCpu) {
  std::string paste = kFreeBsd;
  paste = paste.substr(0, paste.find("\nroot@opnsense:~ # grep")) +
          "\n> root@opnsense:~ # sysctl hw.model\n"
          "> hw.model: AMD GX-412TC SOC                               \n";
  const std::vector<results::RunResult> runs = import::ImportText(paste, "paste.txt");
  const std::string table = ImportTable(Chosen(runs));
  EXPECT_THAT(table, HasSubstr("AMD GX-412TC SOC (as pasted, line"));
  EXPECT_THAT(table, Not(HasSubstr("not in the report")));
}

// lscpu's Model name line pasted before `openssl version -a`; table and progress lines name the
// row in different case: one row, not a second "(line 15)".
TEST(TryoutPastesTest, LscpuModelShownAndRowNamesDifferingInCaseAreOneRow) {
  const std::vector<results::RunResult> runs = import::ImportText(
      "$ lscpu | grep 'Model name'\n"
      "Model name:                      Intel(R) Xeon(R) CPU E5-2680 v2 @ 2.80GHz\n"
      "$ openssl speed -evp aes-128-gcm\n"
      "Doing aes-128-gcm for 3s on 16 size blocks: 54228996 aes-128-gcm's in 3.00s\n"
      "Doing aes-128-gcm for 3s on 64 size blocks: 30938071 aes-128-gcm's in 3.00s\n"
      "version: 3.0.13\n"
      "built on: Mon Feb  5 14:12:40 2024 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: OPENSSL_ia32cap=0x7fbee3ffffebffff:0x0\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n"
      "AES-128-GCM     289221.31k   660012.18k\n",
      "paste.txt");
  const results::RunResult& run = Chosen(runs);
  ASSERT_EQ(run.algorithms.size(), 1u);
  EXPECT_EQ(run.algorithms[0].algorithm, "AES-128-GCM");
  const std::string table = ImportTable(run);
  EXPECT_THAT(table, Not(HasSubstr("(line ")));
  EXPECT_THAT(table, HasSubstr("Intel(R) Xeon(R) CPU E5-2680 v2 @ 2.80GHz (as pasted, line 2)"));
  for (const std::string& caveat : run.source.caveats) {
    EXPECT_THAT(caveat, Not(HasSubstr("not in the results table"))) << caveat;
  }
}

// OpenSSL 3.0.7 on POWER9 prints CPUINFO: N/A in every build (crypto/info.c): the pasted
// `openssl version -a` is not asked for again.
TEST(TryoutPastesTest, PastedCpuinfoNaIsNotAskedForAgain) {
  const std::vector<results::RunResult> runs = import::ImportText(
      "[user@power9 ~]$ uname -a\n"
      "Linux power9 5.14.0-362.8.1.el9_3.ppc64le #1 SMP Tue Oct 3 09:45:13 EDT 2023 ppc64le "
      "ppc64le ppc64le GNU/Linux\n"
      "[user@power9 ~]$ openssl version -a\n"
      "OpenSSL 3.0.7 1 Nov 2022 (Library: OpenSSL 3.0.7 1 Nov 2022)\n"
      "built on: Mon Jan 15 00:00:00 2024 UTC\n"
      "platform: linux-ppc64le\n"
      "options:  bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -O2 -DOPENSSL_USE_NODELETE -DL_ENDIAN "
      "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: N/A\n"
      "[user@power9 ~]$ openssl speed -evp aes-128-gcm\n"
      "Doing AES-128-GCM for 3s on 16 size blocks: 60231375 AES-128-GCM's in 3.00s\n"
      "Doing AES-128-GCM for 3s on 16384 size blocks: 589826 AES-128-GCM's in 3.00s\n"
      "version: 3.0.7\n"
      "CPUINFO: N/A\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes  16384 bytes\n"
      "AES-128-GCM     321234.00k  3221236.39k\n",
      "paste.txt");
  const DoctorReport report = DiagnoseReport(Chosen(runs));
  EXPECT_THAT(DoctorText(report), Not(HasSubstr("include `openssl version -a`")));
}

// wolfSSL built without --enable-aesni: every AES verdict has the same remedy, printed once.
TEST(TryoutPastesTest, OneRemedyOfSeveralVerdictsIsPrintedOnce) {
  const std::vector<results::RunResult> runs = import::ImportText(
      "$ ./wolfcrypt/benchmark/benchmark\n"
      "------------------------------------------------------------------------------\n"
      " wolfSSL version 5.6.6\n"
      "------------------------------------------------------------------------------\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "AES-128-CBC-enc    130 MiB took 1.012 seconds,  128.461 MiB/s\n"
      "AES-128-CBC-dec    125 MiB took 1.009 seconds,  123.885 MiB/s\n"
      "AES-256-CBC-enc     95 MiB took 1.030 seconds,   92.233 MiB/s\n"
      "AES-256-CBC-dec     95 MiB took 1.040 seconds,   91.346 MiB/s\n"
      "Benchmark complete\n"
      "$ lscpu | grep -E 'Model name|max MHz|Flags'\n"
      "Model name:                      Intel(R) Xeon(R) E-2288G CPU @ 3.70GHz\n"
      "CPU max MHz:                     5000.0000\n"
      "Flags:                           fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca "
      "cmov pat sse sse2 ss ht syscall nx lm constant_tsc pni pclmulqdq ssse3 fma cx16 sse4_1 "
      "sse4_2 movbe popcnt aes xsave avx f16c rdrand bmi1 avx2 bmi2 erms adx\n",
      "paste.txt");
  const DoctorReport report = DiagnoseReport(Chosen(runs));
  size_t problems = 0;
  for (const Verdict& verdict : report.verdicts) {
    problems += verdict.status == VerdictStatus::kNotAccelerated ? 1 : 0;
  }
  ASSERT_GE(problems, 2u);
  const std::string text = DoctorText(report);
  size_t full = 0;
  for (size_t at = text.find("    Do: Check wolfSSL's build"); at != std::string::npos;
       at = text.find("    Do: Check wolfSSL's build", at + 1)) {
    ++full;
  }
  EXPECT_EQ(full, 1u) << text;
  EXPECT_THAT(text, HasSubstr("Do: as for AES-128-CBC encrypt above."));
}

}  // namespace
}  // namespace cryptobench::diagnose
