// Tryout 22 q27/q27c: the output of `grep -m1 -o -w -E 'aes|hypervisor' /proc/cpuinfo`, the
// command doctor itself advises, is the CPU's flags for the words asked: a printed word is
// present, an asked word not printed is absent, and words not asked stay unknown.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/cpu_clues.h"
#include "import/import.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;

// wolfSSL 5.7.2's benchmark (wolfcrypt/benchmark/benchmark.c) of a build without
// --enable-aesni: AES in C, about 8x below ChaCha20-Poly1305.
constexpr const char* kWolfsslRun =
    "$ ./wolfcrypt/benchmark/benchmark -aes-gcm -chacha20-poly1305\n"
    "------------------------------------------------------------------------------\n"
    " wolfSSL version 5.7.2\n"
    "------------------------------------------------------------------------------\n"
    "Math:   Multi-Precision: Wolf(SP) word-size=64 bits=8192 sp_int.c\n"
    "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
    "AES-128-GCM-enc            115 MiB took 1.028 seconds,  111.868 MiB/s Cycles per byte =  "
    "28.22\n"
    "AES-128-GCM-dec            115 MiB took 1.030 seconds,  111.650 MiB/s Cycles per byte =  "
    "28.28\n"
    "CHACHA20-POLY1305          440 MiB took 1.004 seconds,  438.247 MiB/s Cycles per byte =   "
    "7.20\n"
    "Benchmark complete\n";

TEST(CpuinfoGrepTest, PrintedWordIsPresentAndAskedWordNotPrintedIsAbsent) {
  const DoctorReport report = DiagnosePaste(
      std::string("$ uname -m\nx86_64\n$ grep -m1 -o -w -E 'aes|hypervisor|sha_ni' /proc/cpuinfo\n"
                  "aes\n") +
      kWolfsslRun);
  ASSERT_TRUE(report.facts.report);
  const CpuClues& clues = report.facts.report->cpu_clues;
  const CpuFeatureClue* aes = clues.Find("AES-NI");
  ASSERT_NE(aes, nullptr);
  EXPECT_TRUE(aes->present);
  EXPECT_THAT(aes->clue, HasSubstr("grep of /proc/cpuinfo (line 3"));
  const CpuFeatureClue* sha = clues.Find("SHA-NI");
  ASSERT_NE(sha, nullptr);
  EXPECT_FALSE(sha->present);
  EXPECT_EQ(clues.Find("PCLMULQDQ"), nullptr);  // not asked: unknown
  EXPECT_FALSE(clues.virtual_machine);
  // The CPU has AES-NI and AES ran in software: the finding says so, and no advice asks for
  // the grep the paste holds.
  EXPECT_NE(FindingOf(report, "cpu.aes-unused"), nullptr);
  for (const Finding& f : report.findings) {
    EXPECT_THAT(f.advice, Not(HasSubstr("grep -m1 -o -w -E 'aes|hypervisor'"))) << f.id;
  }
}

// Without the architecture, an x86-only asked word (hypervisor) names the family.
TEST(CpuinfoGrepTest, HypervisorWordNamesX86AndAVirtualMachine) {
  const DoctorReport report = DiagnosePaste(
      std::string("$ grep -m1 -o -w -E 'aes|hypervisor' /proc/cpuinfo\naes\nhypervisor\n") +
      kWolfsslRun);
  const CpuClues& clues = report.facts.report->cpu_clues;
  ASSERT_NE(clues.Find("AES-NI"), nullptr);
  EXPECT_TRUE(clues.Find("AES-NI")->present);
  EXPECT_TRUE(clues.virtual_machine);
}

// A grep that does not print whole words alone (no -o, -v, -c, or a regular expression)
// says nothing about absent words.
TEST(CpuinfoGrepTest, OtherGrepsAreNotRead) {
  for (const char* command :
       {"$ grep -m1 -w -E 'aes|sha_ni' /proc/cpuinfo\n", "$ grep -c -o -w aes /proc/cpuinfo\n",
        "$ grep -o -w 'avx512.*' /proc/cpuinfo\n", "$ grep -o aes /proc/cpuinfo\n"}) {
    const DoctorReport report =
        DiagnosePaste(std::string("$ uname -m\nx86_64\n") + command + kWolfsslRun);
    EXPECT_EQ(report.facts.report->cpu_clues.Find("SHA-NI"), nullptr) << command;
    EXPECT_EQ(report.facts.report->cpu_clues.Find("AES-NI"), nullptr) << command;
  }
}

}  // namespace
}  // namespace cryptobench::diagnose
