// `botan cpuid` output pasted beside `botan speed`: its "CPUID flags:" line is what that Botan
// detected, read as the CPU's features (randombit/botan src/cli/utils.cpp, Print_Cpuid; names
// from src/lib/utils/cpuid/cpuid.cpp, CPUID::to_string), and no advice asks for it again
// (new-user tryout: a paste with the line was told to include `botan cpuid`).
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::FindingOf;
using cryptobench::testing::StatedTags;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

// Botan 2.19 on an Ice Lake server (the tryout's paste): 16 KiB buffers.
constexpr const char* kBotan2Cpuid =
    "$ uname -m\n"
    "x86_64\n"
    "$ botan cpuid\n"
    "CPUID flags: sse2 ssse3 sse41 sse42 avx2 avx512f avx512dq avx512bw avx512_icelake rdtsc "
    "bmi1 bmi2 adx aes_ni clmul rdrand rdseed intel_sha avx512_aes avx512_clmul\n";
constexpr const char* kSpeed =
    "$ botan speed --msec=200 --buf-size=16384 AES-128/GCM SHA-256 AES-128/CBC\n"
    "AES-128/GCM(16) [clmul] encrypt buffer size 16384 bytes: 739.356 MiB/sec 3.34 cycles/byte "
    "(150.75 MiB in 203.89 ms)\n"
    "SHA-256 hash buffer size 16384 bytes: 653.095 MiB/sec 3.78 cycles/byte (132.94 MiB in "
    "203.55 ms)\n"
    "AES-128/CBC/PKCS7 encrypt buffer size 16384 bytes: 339.436 MiB/sec 7.29 cycles/byte "
    "(68.34 MiB in 201.35 ms)\n"
    "AES-128/CBC/PKCS7 decrypt buffer size 16384 bytes: 1743.590 MiB/sec 1.41 cycles/byte "
    "(68.34 MiB in 39.20 ms)\n";

// Every piece of advice the report gives: none may ask for the pasted command's output.
std::vector<std::string> Advice(const DoctorReport& report) {
  std::vector<std::string> out;
  for (const Verdict& verdict : report.verdicts) {
    out.push_back(verdict.advice);
  }
  for (const Finding& finding : report.findings) {
    out.push_back(finding.advice);
  }
  return out;
}

TEST(BotanCpuidTest, PastedCpuidLineGivesTheFeaturesAndIsNotAskedFor) {
  const DoctorReport report = DiagnosePaste(std::string(kBotan2Cpuid) + kSpeed);
  ASSERT_TRUE(report.facts.report);
  const CpuClues& clues = report.facts.report->cpu_clues;
  EXPECT_THAT(clues.botan_cpuid_clue, HasSubstr("botan cpuid"));
  for (const char* present :
       {"AES-NI", "PCLMULQDQ", "SSSE3", "AVX2", "SHA-NI", "VAES", "VPCLMULQDQ", "AVX-512F"}) {
    const CpuFeatureClue* clue = clues.Find(present);
    ASSERT_NE(clue, nullptr) << present;
    EXPECT_TRUE(clue->present) << present;
    EXPECT_TRUE(clue->from_flags) << present;
    EXPECT_TRUE(report.facts.cpu.Usable(present)) << present;
  }
  EXPECT_TRUE(report.facts.report->cpu_features_from_clues);
  for (const std::string& advice : Advice(report)) {
    if (advice.find("`botan cpuid`") != std::string::npos) {
      EXPECT_THAT(advice, HasSubstr("pasted `botan cpuid`")) << advice;
    }
    EXPECT_THAT(advice, Not(HasSubstr("include the output of `botan cpuid`"))) << advice;
    EXPECT_THAT(advice, Not(HasSubstr("Flags lines give"))) << advice;
  }
  EXPECT_THAT(report.facts.report->cannot_know,
              ::testing::Each(Not(HasSubstr("the text has no CPU flags line"))));
}

// Botan 3 prints fewer names (no avx512f/dq/bw, aes_ni in 3.0-3.7, aesni from 3.8): a name only
// some releases print says nothing when it is missing, and the names it does print count.
TEST(BotanCpuidTest, BotanThreeNamesAndMissingReleaseOnlyNamesStayUnknown) {
  const DoctorReport report = DiagnosePaste(
      "$ botan cpuid\n"
      "CPUID flags: rdtsc sse2 ssse3 avx2 bmi2 adx aesni clmul rdrand rdseed\n" +
      std::string(kSpeed));
  const CpuClues& clues = report.facts.report->cpu_clues;
  const CpuFeatureClue* aes = clues.Find("AES-NI");
  ASSERT_NE(aes, nullptr);
  EXPECT_TRUE(aes->present);
  const CpuFeatureClue* sha = clues.Find("SHA-NI");
  ASSERT_NE(sha, nullptr);
  EXPECT_FALSE(sha->present);                  // every release prints intel_sha when it detects it
  EXPECT_EQ(clues.Find("VAES"), nullptr);      // avx512_aes / avx2_vaes: not every release
  EXPECT_EQ(clues.Find("AVX-512F"), nullptr);  // Botan 3 prints "avx512" only when it uses it
}

// New-user tryout 19 (p07): `botan version --full`, `botan cpuid` and `botan speed` pasted in
// turn. The cpuid line's names are x86's, which Botan prints on 32- and 64-bit builds alike, so
// the family is read and only `uname -m` is asked for; the version line is the run's release.
constexpr const char* kBotan3Paste =
    "$ botan version --full\n"
    "Botan 3.2.0 (release, dated 20231009, revision git:2e3b4d2ad4a2a9e1bdf0a4d4e7fcb4b0aa3b2d90, "
    "distribution unspecified)\n"
    "$ botan cpuid\n"
    "CPUID flags: rdtsc sse2 ssse3 sse41 sse42 avx2 avx512f avx512dq avx512bw avx512_icl rdrand "
    "rdseed adx bmi1 bmi2 aes_ni clmul sha\n"
    "$ botan speed --msec=1000 AES-128/GCM SHA-256\n"
    "AES-128/GCM(16) [base] encrypt buffer size 1024 bytes: 1612.324 MiB/sec 1.85 cycles/byte "
    "(1612.32 MiB in 1000.00 ms)\n"
    "AES-128/GCM(16) [base] decrypt buffer size 1024 bytes: 1598.120 MiB/sec 1.87 cycles/byte "
    "(1598.12 MiB in 1000.00 ms)\n"
    "SHA-256 [base] hash buffer size 1024 bytes: 1801.442 MiB/sec 1.66 cycles/byte (1801.44 MiB "
    "in 1000.00 ms)\n";

TEST(BotanCpuidTest, CpuidLineGivesTheFamilyAndTheVersionLineTheRelease) {
  const DoctorReport report = DiagnosePaste(kBotan3Paste);
  ASSERT_TRUE(report.facts.report);
  const ReportOrigin& origin = *report.facts.report;
  EXPECT_EQ(origin.tool_version, "3.2.0");
  EXPECT_THAT(origin.caveats, ::testing::Each(Not(HasSubstr("version is not in the paste"))));
  EXPECT_EQ(origin.cpu_clues.arch_family, "x86");
  EXPECT_EQ(report.facts.cpu.arch, "");  // the width stays open
  const Finding* arch = FindingOf(report, "report.arch-unknown");
  ASSERT_NE(arch, nullptr);
  EXPECT_THAT(arch->summary, HasSubstr("x86"));
  EXPECT_THAT(arch->summary, HasSubstr("32- or 64-bit"));
  EXPECT_THAT(arch->advice, HasSubstr("uname -m"));
  EXPECT_THAT(arch->advice, Not(HasSubstr("lscpu")));
  for (const Verdict& verdict : report.verdicts) {
    EXPECT_THAT(verdict.line, Not(HasSubstr("no architecture or CPU line"))) << verdict.line;
  }
}

// botan speed's [tag] on a mode row is the mode's provider (GCM: GHASH's; CBC, CTR, XTS: "base"
// on every path), and on a bare block-cipher row of 2.0.0 to 3.5.x the provider speed asked for
// ("base" for Botan's own code, whatever it dispatches to): [base] at a hardware speed says
// nothing there. Only a bare row of 3.6.0 or later names AES's own path; even then the rows are
// at hardware speed, so nothing is slow and no cause or remedy is stated.
TEST(BotanCpuidTest, BaseTagAtHardwareSpeedIsNoMissingPath) {
  const DoctorReport gcm = DiagnosePaste(kBotan3Paste);
  EXPECT_EQ(FindingOf(gcm, "library.lacks-asm-path"), nullptr);
  EXPECT_EQ(FindingOf(gcm, "library.base-tag-hardware-speed"), nullptr);
  const auto bare = [](const std::string& version) {
    return DiagnosePaste(
        "$ botan version\n" + version +
        "\n$ botan speed --msec=3000 --buf-size=4096 AES-128\n"
        "AES-128 [base] encrypt buffer size 4096 bytes: 1414.382 MiB/sec 1.35 cycles/byte "
        "(4243.188 MiB in 3000.029 ms)\n"
        "AES-128 [base] decrypt buffer size 4096 bytes: 1414.546 MiB/sec 1.35 cycles/byte "
        "(4243.688 MiB in 3000.034 ms)\n");
  };
  const DoctorReport old = bare("2.19.3");
  EXPECT_EQ(FindingOf(old, "library.lacks-asm-path"), nullptr);
  EXPECT_EQ(FindingOf(old, "library.base-tag-hardware-speed"), nullptr);
  EXPECT_THAT(StatedTags(old), Not(Contains("library-lacks-asm-path")));
  const DoctorReport recent = bare("3.6.0");
  EXPECT_EQ(FindingOf(recent, "library.lacks-asm-path"), nullptr);
  const Finding* label = FindingOf(recent, "library.base-tag-hardware-speed");
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(label->severity, Severity::kInfo);
  EXPECT_THAT(label->summary, Not(HasSubstr("lacked")));
  EXPECT_THAT(label->advice, Not(HasSubstr("Use a Botan release")));
  EXPECT_THAT(StatedTags(recent), Not(Contains("library-lacks-asm-path")));
}

}  // namespace
}  // namespace cryptobench::diagnose
