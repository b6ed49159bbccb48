// Pastes from the session-19 new-user tryout that doctor --from misread (/work/tryout-19 items
// 3, 4, 5, 7 and two of item 10), shortened: 3.x CPUINFO: N/A with no architecture, no-asm
// evidence blind to a pasted flags line, BoringSSL no-asm wording, a FreeBSD model line left
// out, BoringSSL's OPENSSL_NO_ASM=OFF, and public-key advice on a CPU without the faster paths.
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/report.h"

#include "diagnose/doctor_from.h"
#include "diagnose/doctor_report.h"
#include "import/import.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::DoctorText;
using ::cryptobench::testing::FindingOf;
using ::cryptobench::testing::VerdictFor;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

std::string Evidence(const Verdict& verdict) {
  std::string out;
  for (const std::string& line : verdict.evidence) {
    out += line + "\n";
  }
  return out;
}

// p10: OpenSSL 3.3.1 configured no-asm, with no platform line, uname or CPU line.
constexpr const char* kNaAlone =
    "version: 3.3.1\n"
    "built on: Mon Jun 10 08:11:02 2024 UTC\n"
    "options: bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
    "CPUINFO: N/A\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "sha256           61234.56k   162345.67k   298765.43k   371234.56k   398765.43k   401234.56k\n"
    "aes-256-gcm      38123.45k    47123.45k    50123.45k    51234.56k    51456.78k    51478.90k\n";

// Item 3: N/A means a build without assembly on x86 and ARM, or any build on an architecture
// that prints no vector (crypto/info.c). With neither named, doctor asserts no architecture,
// says cannot tell, and asks for the platform line or uname -m.
TEST(Tryout19PastesTest, CpuinfoNaWithoutArchitectureIsCannotTellNotACleanPass) {
  const DoctorReport report = DiagnosePaste(kNaAlone);
  EXPECT_FALSE(report.facts.no_asm_build);
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, Not(HasSubstr("every build outside x86 and ARM")));
  EXPECT_THAT(text, Not(HasSubstr("this architecture prints N/A in every build")));
  const Finding* arch = FindingOf(report, "report.arch-unknown");
  ASSERT_NE(arch, nullptr);
  EXPECT_THAT(arch->summary, HasSubstr("cannot tell whether this build has assembly"));
  EXPECT_THAT(arch->advice, HasSubstr("platform line"));
  EXPECT_THAT(arch->advice, HasSubstr("uname -m"));
  EXPECT_THAT(text, HasSubstr("0 problems, 2 undetermined (cannot tell); exit status 0"));
  EXPECT_EQ(VerdictFor(report, "AES-256-GCM", "encrypt").status, VerdictStatus::kUndetermined);

  // With the platform line, N/A proves the build without assembly (unchanged).
  std::string with_platform = kNaAlone;
  with_platform.insert(with_platform.find("options:"), "platform: linux-x86_64\n");
  const DoctorReport x86 = DiagnosePaste(with_platform);
  EXPECT_TRUE(x86.facts.no_asm_build);
  EXPECT_EQ(VerdictFor(x86, "AES-256-GCM", "encrypt").status, VerdictStatus::kNotAccelerated);
}

// Item 3, import: the capability vector row of a paste does not call N/A a build without
// assembly when the platform is not named.
TEST(Tryout19PastesTest, ImportedCpuinfoNaWithoutPlatformNamesBothReadings) {
  const std::vector<results::RunResult> runs = import::ImportText(kNaAlone, "paste.txt");
  ASSERT_FALSE(runs.empty());
  std::ostringstream out;
  report::RenderTable(runs.back(), out);
  EXPECT_THAT(out.str(), Not(HasSubstr("N/A (built without assembly)")));
  EXPECT_THAT(out.str(),
              HasSubstr("built without assembly if the CPU is one of x86, ARM and s390x"));
}

// p02b: OpenSSL 1.1.1w no-asm beside an lscpu Flags line with bmi2 and adx.
constexpr const char* kNoAsm111WithFlags =
    "$ openssl version -a\n"
    "OpenSSL 1.1.1w  11 Sep 2023\n"
    "built on: Tue Oct  3 09:12:44 2023 UTC\n"
    "platform: linux-x86_64\n"
    "options:  bn(64,64) rc4(16x,int) des(int) idea(int) blowfish(ptr) \n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DNDEBUG\n"
    "$ lscpu | grep -E 'Model name|Flags'\n"
    "Model name:                      Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
    "Flags:                           fpu sse sse2 ssse3 pclmulqdq sse4_1 sse4_2 aes avx bmi1 "
    "avx2 bmi2 adx\n"
    "$ openssl speed sha256 rsa2048\n"
    "OpenSSL 1.1.1w  11 Sep 2023\n"
    "built on: Tue Oct  3 09:12:44 2023 UTC\n"
    "options:bn(64,64) rc4(16x,int) des(int) aes(partial) idea(int) blowfish(ptr) \n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DNDEBUG\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "sha256           71201.10k   158872.23k   272001.54k   333810.69k   357890.73k   359677.95k\n"
    "                  sign    verify    sign/s verify/s\n"
    "rsa 2048 bits 0.001961s 0.000055s    509.9  18134.6\n";

// Item 4: the no-asm evidence states what the pasted flags line shows, not "not in the text".
TEST(Tryout19PastesTest, NoAsmEvidenceStatesTheFlagsLinesFeatures) {
  const DoctorReport report = DiagnosePaste(kNoAsm111WithFlags);
  ASSERT_TRUE(report.facts.no_asm_build);
  const Verdict& sign = VerdictFor(report, "RSA-2048", "sign");
  EXPECT_EQ(sign.status, VerdictStatus::kNotAccelerated);
  const std::string evidence = Evidence(sign);
  EXPECT_THAT(evidence, Not(HasSubstr("is not in the text")));
  EXPECT_THAT(evidence, HasSubstr("the CPU has BMI2 and ADX (MULX/ADCX/ADOX) ("));
  EXPECT_THAT(evidence, HasSubstr("the lscpu Flags line (line 9)"));
  // Public-key figures have no cpb class: no sentence about generic C classes compared.
  EXPECT_THAT(evidence, Not(HasSubstr("generic C classes are compared")));
  EXPECT_THAT(DoctorText(report), Not(HasSubstr("is not in the text")));
}

// p30: 1.1.1w no-asm on a Raspberry Pi 4, whose Features line has no aes, pmull or sha2.
TEST(Tryout19PastesTest, NoAsmEvidenceStatesTheFeaturesLineShowsTheyAreAbsent) {
  const DoctorReport report = DiagnosePaste(
      "$ grep -m4 -E 'Features|CPU part' /proc/cpuinfo\n"
      "Features\t: fp asimd evtstrm crc32 cpuid\n"
      "CPU part\t: 0xd08\n"
      "$ openssl version -a\n"
      "OpenSSL 1.1.1w  11 Sep 2023\n"
      "built on: Fri Nov 10 12:00:01 2023 UTC\n"
      "platform: linux-aarch64\n"
      "options:  bn(64,64) rc4(char) des(int) idea(int) blowfish(ptr) \n"
      "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DOPENSSL_PIC -DNDEBUG\n"
      "$ openssl speed -elapsed -evp aes-128-gcm sha256\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "OpenSSL 1.1.1w  11 Sep 2023\n"
      "built on: Fri Nov 10 12:00:01 2023 UTC\n"
      "options:bn(64,64) rc4(char) des(int) aes(partial) idea(int) blowfish(ptr) \n"
      "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DOPENSSL_PIC -DNDEBUG\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
      "sha256           18234.12k    52123.45k   110234.56k   152345.67k   170123.45k   "
      "171234.56k\n"
      "aes-128-gcm      39123.45k    46234.56k    49012.34k    49876.54k    50123.45k    "
      "50134.56k\n");
  ASSERT_TRUE(report.facts.no_asm_build);
  const std::string sha = Evidence(VerdictFor(report, "SHA-256", "hash"));
  EXPECT_THAT(sha, Not(HasSubstr("is not in the text")));
  EXPECT_THAT(sha, HasSubstr("the CPU has no SHA2 ("));
  const std::string gcm = Evidence(VerdictFor(report, "AES-128-GCM", "encrypt"));
  EXPECT_THAT(gcm, Not(HasSubstr("is not in the text")));
  EXPECT_THAT(gcm,
              HasSubstr("the CPU has no AES, PMULL (the /proc/cpuinfo Features line (line 2)"));
}

// p06: BoringSSL with OPENSSL_NO_ASM in its CMake cache, and only a model name for the CPU.
constexpr const char* kBoringNoAsm =
    "$ cmake -GNinja -DOPENSSL_NO_ASM=1 -DCMAKE_BUILD_TYPE=Release .. && ninja\n"
    "$ grep OPENSSL_NO_ASM CMakeCache.txt\n"
    "OPENSSL_NO_ASM:BOOL=1\n"
    "$ lscpu | grep -i 'model name'\n"
    "Model name:                      AMD EPYC 7B13 64-Core Processor\n"
    "$ ./bssl speed -filter AES\n"
    "Did 4186000 AES-128-GCM (16 bytes) seal operations in 1000118us (4185506.1 ops/sec): "
    "67.0 MB/s\n"
    "Did 13000 AES-128-GCM (16384 bytes) seal operations in 1000871us (12988.7 ops/sec): "
    "212.8 MB/s\n"
    "Did 1122 RSA 2048 signing operations in 1000412us (1121.5 ops/sec)\n"
    "Did 12342 ECDSA P-256 signing operations in 1034522us (11930.2 ops/sec)\n";

// Item 5: aes_nohw and gcm_nohw are AES and GHASH code: not named on RSA or ECDSA; the Library
// section shows the OPENSSL_NO_ASM setting the verdicts cite.
TEST(Tryout19PastesTest, BoringSslNoAsmPublicKeyWordingAndBuildSettingsShown) {
  const DoctorReport report = DiagnosePaste(kBoringNoAsm);
  ASSERT_TRUE(report.facts.no_asm_build);
  for (const char* algorithm : {"RSA-2048", "ECDSA-P256"}) {
    const Verdict& sign = VerdictFor(report, algorithm, "sign");
    EXPECT_EQ(sign.status, VerdictStatus::kNotAccelerated) << algorithm;
    const std::string evidence = Evidence(sign);
    EXPECT_THAT(evidence, Not(HasSubstr("aes_nohw"))) << algorithm;
    EXPECT_THAT(evidence, Not(HasSubstr("gcm_nohw"))) << algorithm;
    EXPECT_THAT(evidence, HasSubstr("BoringSSL's C code")) << algorithm;
    EXPECT_THAT(evidence, HasSubstr("operations per second")) << algorithm;
  }
  EXPECT_THAT(Evidence(VerdictFor(report, "AES-128-GCM", "encrypt")), HasSubstr("gcm_nohw"));
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, Not(HasSubstr("build settings:     unknown")));
  EXPECT_THAT(text, HasSubstr("build settings:     OPENSSL_NO_ASM=ON (the cmake command, line 1)"));
  EXPECT_THAT(report.facts.report->build_options,
              Contains("OPENSSL_NO_ASM=ON (the CMake cache, line 3)"));
}

// p27: the same figures from a build shown with -DOPENSSL_NO_ASM=OFF: advice does not ask
// whether the build was configured with OPENSSL_NO_ASM, and AES-NI known from the model name
// alone (a cloud EPYC) is worded as inferred.
TEST(Tryout19PastesTest, BoringSslAsmShownOffAndAesNiFromTheModelIsInferred) {
  std::string paste = kBoringNoAsm;
  paste.replace(paste.find("-DOPENSSL_NO_ASM=1"), 18, "-DOPENSSL_NO_ASM=OFF");
  paste.erase(paste.find("$ grep OPENSSL_NO_ASM"),
              paste.find("$ lscpu") - paste.find("$ grep OPENSSL_NO_ASM"));
  const DoctorReport report = DiagnosePaste(paste);
  ASSERT_FALSE(report.facts.no_asm_build);
  const Verdict& gcm = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_EQ(gcm.status, VerdictStatus::kNotAccelerated);
  EXPECT_THAT(gcm.line, HasSubstr("inferred from the model name"));
  EXPECT_THAT(gcm.line, Not(HasSubstr(": the CPU has AES-NI")));
  EXPECT_THAT(gcm.advice, Not(HasSubstr("unless it was configured with OPENSSL_NO_ASM")));
  EXPECT_THAT(gcm.advice, HasSubstr("OPENSSL_NO_ASM=OFF"));
  EXPECT_THAT(DoctorText(report),
              HasSubstr("build settings:     OPENSSL_NO_ASM=OFF (the cmake command, line 1)"));
}

// p08b: FreeBSD 14.1 base OpenSSL 3.0.13 on a Xeon E5-2650 v2 (Ivy Bridge), whose vector has
// BMI2, ADX, AVX2 and every AVX-512 bit clear. The boot lines' Features2 has no MOVBE, which
// the vector sets: the CPU lines are left out for the run's, model and clock alike.
constexpr const char* kFreeBsdIvyBridge =
    "% grep -E '^CPU:|Features' /var/run/dmesg.boot\n"
    "CPU: Intel(R) Xeon(R) CPU E5-2650 v2 @ 2.60GHz (2600.05-MHz K8-class CPU)\n"
    "  Features2=0x7fbee3ff<SSE3,PCLMULQDQ,DTES64,MON,DS_CPL,VMX,SMX,EST,TM2,SSSE3,CX16,xTPR,"
    "PDCM,PCID,DCA,SSE4.1,SSE4.2,x2APIC,POPCNT,TSCDLT,AESNI,XSAVE,OSXSAVE,AVX,F16C,RDRAND>\n"
    "  Structured Extended Features=0x281<FSGSBASE,SMEP,ERMS>\n"
    "% openssl version -a\n"
    "OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)\n"
    "built on: reproducible build, date unspecified\n"
    "platform: BSD-x86_64\n"
    "options:  bn(64,64)\n"
    "compiler: clang\n"
    "CPUINFO: OPENSSL_ia32cap=0x7ffef3ffbfebffff:0x281\n"
    "% openssl speed -elapsed rsa2048 ecdsap256\n"
    "                  sign    verify    sign/s verify/s\n"
    "rsa 2048 bits 0.000912s 0.000027s   1096.5  37012.3\n"
    "                              sign    verify    sign/s verify/s\n"
    " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  30412.2  10123.5\n";

// Item 7: the model line left out with the contradicted CPU lines is still shown, marked so,
// and its clock is left out with it, as the caveat says.
TEST(Tryout19PastesTest, FreeBsdModelLeftOutIsShownAndItsClockIsNotTaken) {
  const DoctorReport report = DiagnosePaste(kFreeBsdIvyBridge);
  ASSERT_TRUE(report.facts.report);
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, Not(HasSubstr("model:              not in the text")));
  EXPECT_THAT(text, HasSubstr("model:              Intel(R) Xeon(R) CPU E5-2650 v2 @ 2.60GHz"));
  EXPECT_THAT(text, HasSubstr("neither their features nor their clock are taken"));
  EXPECT_THAT(report.facts.report->clock_source, Not(HasSubstr("FreeBSD CPU line")));
  // Still a FreeBSD text: its commands are asked for, not lscpu.
  EXPECT_EQ(report.facts.report->os, "freebsd");
  EXPECT_THAT(text, Not(HasSubstr("lscpu")));
}

// Item 10, p08b: with every faster public-key path's bits clear and no mask, the library ran its
// code for CPUs without them, as live doctor says without an experiment; the advice names no
// experiment.
TEST(Tryout19PastesTest, PublicKeyOnACpuWithoutTheFasterPathsIsSoftwareExpected) {
  const DoctorReport report = DiagnosePaste(kFreeBsdIvyBridge);
  for (const char* algorithm : {"RSA-2048", "ECDSA-P256"}) {
    const Verdict& sign = VerdictFor(report, algorithm, "sign");
    EXPECT_EQ(sign.status, VerdictStatus::kSoftwareExpected) << algorithm << ": " << sign.line;
    EXPECT_THAT(sign.line, HasSubstr("BMI2 and ADX (MULX/ADCX/ADOX)")) << algorithm;
    EXPECT_THAT(sign.advice, Not(HasSubstr("mask experiments"))) << algorithm;
    EXPECT_THAT(sign.advice, HasSubstr("Broadwell")) << algorithm;
  }
  // AVX2 alone opens RSA-2048's rsaz-avx2 path (Haswell has no ADX): not software expected.
  std::string haswell = kFreeBsdIvyBridge;
  haswell.replace(haswell.find("0x281\n% openssl speed"), 5, "0x3a9");  // + AVX2, BMI1, BMI2
  const DoctorReport avx2 = DiagnosePaste(haswell);
  EXPECT_EQ(VerdictFor(avx2, "RSA-2048", "sign").status, VerdictStatus::kUndetermined);
}

}  // namespace
}  // namespace cryptobench::diagnose
