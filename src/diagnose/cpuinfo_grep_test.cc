// Tryout 22 q27/q27c: the output of `grep -m1 -o -w -E 'aes|hypervisor' /proc/cpuinfo`, the
// command doctor itself advises, is the CPU's flags for the words asked: a printed word is
// present, an asked word not printed is absent, and words not asked stay unknown.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "results/model.h"

#include "diagnose/cpu_clues.h"
#include "import/import.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"
#include "support/pastes.h"

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

// Tryout 24 p11: an -mr speed run, then the grep and `openssl version -p` / `openssl version`.
// The grep printed sha_ni (line 17): SHA-NI is present for the speed run, whose library is the
// trailing `openssl version`'s (it printed none of its own), and the platform line names x86_64.
constexpr const char* kMrThenGrepAndVersion =
    "$ openssl speed -mr -evp sha256 2>&1 | tee speed.txt\n"
    "+DT:sha256:3:16\n+R:20711834:sha256:3.000000\n"
    "+DT:sha256:3:64\n+R:11302661:sha256:2.990000\n"
    "+DT:sha256:3:256\n+R:5060732:sha256:3.000000\n"
    "+DT:sha256:3:1024\n+R:1579821:sha256:3.000000\n"
    "+DT:sha256:3:8192\n+R:210938:sha256:3.000000\n"
    "+DT:sha256:3:16384\n+R:105732:sha256:3.000000\n"
    "+H:16:64:256:1024:8192:16384\n"
    "+F:6:sha256:110463114.67:241929202.01:431849130.67:539246933.33:576002730.67:"
    "577437696.00\n"
    "$ grep -o -m1 -w sha_ni /proc/cpuinfo\n"
    "sha_ni\n"
    "$ openssl version -p\n"
    "platform: linux-x86_64\n"
    "$ openssl version\n"
    "OpenSSL 1.1.1w  11 Sep 2023\n";

TEST(CpuinfoGrepTest, GrepAfterMrRunDescribesItWithTrailingVersion) {
  const std::vector<results::RunResult> runs =
      import::ImportText(kMrThenGrepAndVersion, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);  // the version describes the speed run: no run of its own
  EXPECT_EQ(runs[0].source.tool_version, "1.1.1w");
  EXPECT_THAT(runs[0].library.platform, HasSubstr("linux-x86_64"));
  for (const std::string& caveat : runs[0].source.caveats) {
    EXPECT_THAT(caveat, Not(HasSubstr("reads like output")));
  }
  const CpuClues clues = ReadCpuClues(runs[0]);
  const CpuFeatureClue* sha = clues.Find("SHA-NI");
  ASSERT_NE(sha, nullptr);
  EXPECT_TRUE(sha->present) << sha->clue;
  EXPECT_THAT(sha->clue, HasSubstr("printed sha_ni"));
}

// Tryout 25 q11c: macOS's /usr/bin/openssl (LibreSSL) ran the speed test and Homebrew's OpenSSL
// printed the version: two programs, two libraries. The version is not the speed run's.
TEST(CpuinfoGrepTest, TrailingVersionOfAnotherProgramStaysItsOwn) {
  const std::string paste =
      "% /usr/bin/openssl speed -evp aes-128-gcm\n"
      "Doing aes-128-gcm for 3s on 16 size blocks: 13862945 aes-128-gcm's in 2.99s\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes\n"
      "aes-128-gcm      74183.65k\n"
      "% /opt/homebrew/bin/openssl version -a\n"
      "OpenSSL 3.3.1 4 Jun 2024 (Library: OpenSSL 3.3.1 4 Jun 2024)\n"
      "platform: darwin64-arm64-cc\n";
  const std::vector<results::RunResult> runs = import::ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].source.tool_version, "");
  EXPECT_EQ(runs[1].source.tool_version, "3.3.1");
  // One program typed alike for both commands still attaches.
  std::string same = paste;
  same.replace(same.find("/opt/homebrew/bin/openssl"), 25, "/usr/bin/openssl");
  const std::vector<results::RunResult> one = import::ImportText(same, "paste.txt");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].source.tool_version, "3.3.1");
}

// Tryout 25 q10c: a slow run on [root@old-app], then [root@new-app]'s lscpu (AES-NI). The new
// box's flags are not the old one's: no "the CPU has AES-NI ... the library does not use it".
TEST(CpuinfoGrepTest, AnotherHostsLscpuIsNoCauseForThisRun) {
  const DoctorReport report =
      DiagnosePaste(cryptobench::testing::SlowGcmRun("[root@old-app ~]# ") + "\n" +
                    cryptobench::testing::XeonGoldLscpu("[root@new-app ~]# "));
  const Verdict& verdict = cryptobench::testing::VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_NE(verdict.status, VerdictStatus::kNotAccelerated) << verdict.line;
  EXPECT_THAT(verdict.line, Not(HasSubstr("AES-NI"))) << verdict.line;
}

// Tryout 25 q10d: the same with prompts that name no host, the machines named by headings
// ("old server:", "new server:"): the new server's lscpu is no cause for the old one's run, and
// the report says it cannot tell.
TEST(CpuinfoGrepTest, AnotherMachinesHeadingKeepsItsLscpuFromThisRun) {
  const DoctorReport report =
      DiagnosePaste("old server:\n" + cryptobench::testing::SlowGcmRun("$ ") + "\nnew server:\n" +
                    cryptobench::testing::XeonGoldLscpu("$ "));
  const Verdict& verdict = cryptobench::testing::VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_NE(verdict.status, VerdictStatus::kNotAccelerated) << verdict.line;
  EXPECT_THAT(verdict.line, Not(HasSubstr("AES-NI"))) << verdict.line;
  EXPECT_EQ(FindingOf(report, "cpu.aes-unused"), nullptr);
  EXPECT_EQ(report.ExitStatus(), 0);
}

// A run holding the grep's command but not the end of its output (its lines went to another
// run) does not know what the grep printed: no word of it is absent.
TEST(CpuinfoGrepTest, GrepWithoutItsOutputSaysNothingAbsent) {
  results::RunResult run;
  run.source.facts.push_back({"cpu_arch", "x86_64", 1, "uname -m"});
  run.source.facts.push_back(
      {"cpuinfo_grep", "aes|sha_ni", 2, "grep -o -w -E 'aes|sha_ni' /proc/cpuinfo"});
  EXPECT_EQ(ReadCpuClues(run).Find("SHA-NI"), nullptr);
  EXPECT_EQ(ReadCpuClues(run).Find("AES-NI"), nullptr);
  // A word it printed is still present.
  run.source.facts.push_back({"cpuinfo_grep_found", "aes", 3, "aes|sha_ni"});
  const CpuClues clues = ReadCpuClues(run);
  ASSERT_NE(clues.Find("AES-NI"), nullptr);
  EXPECT_TRUE(clues.Find("AES-NI")->present);
  EXPECT_EQ(clues.Find("SHA-NI"), nullptr);
}

}  // namespace
}  // namespace cryptobench::diagnose
