// Wording defects of doctor --from reports (issue 13, §2 and §5): titles in words, not a
// Configure option in parentheses; a remedy that names a release that exists; an architecture
// where the CPU's flags show it.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/cpu_clues.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::AllAdvice;
using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::DoctorText;
using cryptobench::testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;

// `openssl speed -evp aes-128-cbc` with AES-128-CBC at about 107 MB/s: generic-C speed on an
// x86-64 CPU, far below any AES-NI class.
constexpr std::string_view kAes128CbcSpeed =
    "$ openssl speed -evp aes-128-cbc\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-cbc      98510.32k   104219.50k   106120.33k   106631.68k   106780.67k   "
    "106790.91k\n";

// `openssl version -a` of an OpenSSL 1.1.1 configured with no-asm (its compiler line carries
// -DOPENSSL_NO_ASM and no -D*_ASM define), then (kAes128CbcSpeed) its AES-128-CBC at generic-C
// speed.
constexpr std::string_view kNoAsm111Version =
    "$ openssl version -a\n"
    "OpenSSL 1.1.1w  11 Sep 2023\n"
    "built on: Mon Oct  2 09:12:01 2023 UTC\n"
    "platform: linux-x86_64\n"
    "options:  bn(64,64) rc4(char) des(int) idea(int) blowfish(ptr)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_NO_ASM "
    "-DOPENSSL_USE_NODELETE -DL_ENDIAN -DOPENSSL_PIC -DNDEBUG\n"
    "OPENSSLDIR: \"/usr/local/ssl\"\n";

TEST(ReportWordingTest, NoAsmBuildTitleIsInWords) {
  const DoctorReport report =
      DiagnosePaste(std::string(kNoAsm111Version) + std::string(kAes128CbcSpeed));
  const Finding* no_asm = FindingOf(report, "library.no-asm");
  ASSERT_NE(no_asm, nullptr);
  EXPECT_THAT(no_asm->summary, HasSubstr("built without assembly"));
  EXPECT_THAT(no_asm->summary, Not(HasSubstr("(no-asm)")));
}

// LibreSSL on AArch64: no release has AES assembly for it (data/library-changes.csv's
// libressl,aarch64,AES row), so "use a release with the assembly" names none; OpenSSL has it.
constexpr const char* kLibresslArm64 =
    "$ uname -m\n"
    "aarch64\n"
    "$ grep -m1 Features /proc/cpuinfo\n"
    "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
    "$ openssl version\n"
    "LibreSSL 3.8.2\n"
    "$ openssl speed -evp aes-128-cbc\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-cbc       52310.32k    60219.50k    61120.33k    61631.68k    61780.67k    "
    "61790.91k\n";

TEST(ReportWordingTest, LibresslWithoutAnyReleaseWithThePathIsToldWhatHasIt) {
  const DoctorReport report = DiagnosePaste(kLibresslArm64);
  const Finding* lacks = FindingOf(report, "library.lacks-asm-path");
  ASSERT_NE(lacks, nullptr) << DoctorText(report);
  EXPECT_THAT(lacks->advice, Not(HasSubstr("Use a release with the assembly")));
  EXPECT_THAT(lacks->advice, HasSubstr("No LibreSSL release"));
  EXPECT_THAT(lacks->advice, HasSubstr("OpenSSL 1.0.2"));
  const std::string advice = AllAdvice(report);
  EXPECT_THAT(advice, Not(HasSubstr("Use a release with the assembly")));
}

// x86 flags (aes with sha_ni, pclmulqdq, sse4_2, ...) say x86 even without uname or a whole
// flags line: the report names that family beside "the CPU has AES-NI", not "not in the text".
TEST(ReportWordingTest, X86FlagsGiveTheArchitectureFamily) {
  const DoctorReport report =
      DiagnosePaste(std::string("$ grep -m1 -o -w -E 'aes|pclmulqdq|sha_ni' /proc/cpuinfo\n"
                                "aes\n"
                                "pclmulqdq\n") +
                    std::string(kAes128CbcSpeed));
  ASSERT_TRUE(report.facts.report.has_value());
  const CpuClues& clues = report.facts.report->cpu_clues;
  const CpuFeatureClue* aes = clues.Find("AES-NI");
  ASSERT_NE(aes, nullptr);
  EXPECT_TRUE(aes->present);
  EXPECT_TRUE(clues.arch_family == "x86" || clues.arch == "x86_64" || clues.arch == "x86")
      << clues.arch << "/" << clues.arch_family;
  EXPECT_THAT(DoctorText(report), Not(HasSubstr("architecture: not in the text")));
}

// An lscpu Flags excerpt without fpu (a line cut to its crypto words) is x86 by its x86-only
// flags; what it does not show stays unknown.
TEST(ReportWordingTest, X86FlagsExcerptGivesTheFamilyAndOnlyPresentFlags) {
  const DoctorReport report =
      DiagnosePaste(std::string("$ lscpu | grep Flags\n"
                                "Flags:                           sse4_1 sse4_2 aes pclmulqdq\n") +
                    std::string(kAes128CbcSpeed));
  ASSERT_TRUE(report.facts.report.has_value());
  const CpuClues& clues = report.facts.report->cpu_clues;
  EXPECT_EQ(clues.arch_family, "x86");
  const CpuFeatureClue* aes = clues.Find("AES-NI");
  ASSERT_NE(aes, nullptr);
  EXPECT_TRUE(aes->present);
  EXPECT_EQ(clues.Find("AVX2"), nullptr);  // not in the excerpt: unknown, not absent
}

// An OPENSSL_ia32cap value that clears only AVX-512IFMA on a CPU whose flags line lacks it: the
// features table says "clear (env: clears it; CPU: lacks it)", so the Library line names that
// bit as well, not "clears no known bit".
TEST(ReportWordingTest, MaskOfAnAbsentBitIsNamedOnTheLibraryLine) {
  const DoctorReport report = DiagnosePaste(
      "$ grep -m1 flags /proc/cpuinfo\n"
      "flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 "
      "clflush mmx fxsr sse sse2 ht syscall nx pdpe1gb rdtscp lm constant_tsc pni pclmulqdq "
      "ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt aes xsave avx f16c rdrand bmi1 avx2 bmi2 "
      "adx\n"
      "$ OPENSSL_ia32cap=~0x0:~0x200000 openssl speed -evp aes-128-gcm\n"
      "version: 3.0.13\n"
      "built on: Thu Jan 30 12:00:00 2024 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x29ab env:~0x0:~0x200000\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "AES-128-GCM      650114.20k  1830377.61k  3980270.02k  5195933.14k  5800288.90k  "
      "5901918.08k\n");
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, Not(HasSubstr("clears no known bit"))) << text;
  EXPECT_THAT(text, HasSubstr("AVX-512IFMA"));
}

}  // namespace
}  // namespace cryptobench::diagnose
