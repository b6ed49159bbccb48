// A build known to have no assembly runs C code only: doctor --from offers only the generic C
// classes for its figures and names the evidence (new-user tryout: an OpenSSL 1.1.1w no-asm
// paste fingerprinted AES-GCM as "aes-x86_64 table asm", and a BoringSSL OPENSSL_NO_ASM paste
// as "bit-sliced SSSE3 AES").
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "diagnose/stated_causes.h"
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

const Verdict* Gcm(const DoctorReport& report) {
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.algorithm == "AES-128-GCM" && verdict.operation == "encrypt") {
      return &verdict;
    }
  }
  return nullptr;
}

// OpenSSL 1.1.1w configured with no-asm (Configure linux-x86_64 no-asm): its compiler line ends
// "-DOPENSSL_PIC -DNDEBUG", where an assembly build prints -DOPENSSL_CPUID_OBJ and every
// -D*_ASM define between the two. AES-128-GCM at 75.4 MB/s on an i7-8700 (3.20 GHz base).
constexpr const char* kCompiler111NoAsm =
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DNDEBUG\n";
std::string Paste111(const std::string& row) {
  return std::string(
             "$ openssl version -a\n"
             "OpenSSL 1.1.1w  11 Sep 2023\n"
             "built on: Tue Oct 10 09:12:44 2023 UTC\n"
             "platform: linux-x86_64\n"
             "options:  bn(64,64) rc4(16x,int) des(int) idea(int) blowfish(ptr)\n") +
         kCompiler111NoAsm +
         "OPENSSLDIR: \"/opt/openssl-1.1.1w/ssl\"\n"
         "$ openssl speed -evp aes-128-gcm\n"
         "OpenSSL 1.1.1w  11 Sep 2023\n"
         "built on: Tue Oct 10 09:12:44 2023 UTC\n"
         "options:bn(64,64) rc4(16x,int) des(int) idea(int) blowfish(ptr)\n" +
         kCompiler111NoAsm +
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n" +
         row +
         "$ lscpu | grep -E 'Model name|Flags'\n"
         "Model name:          Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
         "Flags:               fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat "
         "sse sse2 ss ht syscall nx lm constant_tsc pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 "
         "movbe popcnt aes xsave avx f16c rdrand bmi1 avx2 bmi2 erms adx\n";
}

TEST(NoAsmClassesTest, OneOneOneLineWholeThroughItsDefinesOffersOnlyGenericC) {
  const DoctorReport report = DiagnosePaste(
      Paste111("aes-128-gcm      54645.00k    68532.61k    73660.69k    75036.33k    75395.75k    "
               "75393.71k\n"));
  EXPECT_TRUE(report.facts.no_asm_build);
  const Verdict* gcm = Gcm(report);
  ASSERT_NE(gcm, nullptr);
  EXPECT_EQ(gcm->status, VerdictStatus::kNotAccelerated) << gcm->line;
  EXPECT_THAT(gcm->line, HasSubstr("built without assembly"));
  EXPECT_THAT(gcm->line, HasSubstr("-DNDEBUG"));
  EXPECT_THAT(gcm->line, Not(HasSubstr("CPUINFO")));
  // Only the classes this build can run are offered, and the verdict says so.
  EXPECT_THAT(gcm->fingerprint, Not(HasSubstr("asm")));
  EXPECT_THAT(gcm->fingerprint, Not(HasSubstr("bsaes")));
  for (const std::string& line : gcm->evidence) {
    EXPECT_THAT(line, Not(HasSubstr("table asm"))) << line;
  }
  EXPECT_THAT(gcm->evidence, Contains(HasSubstr("only the generic C classes")));
  // The CPU's AES-NI is in the text: the build cannot use it.
  EXPECT_THAT(gcm->evidence, Contains(HasSubstr("the CPU has AES-NI")));
  const Finding* no_asm = FindingOf(report, "library.no-asm");
  ASSERT_NE(no_asm, nullptr);
  EXPECT_THAT(no_asm->evidence, HasSubstr("-DNDEBUG"));
  EXPECT_EQ(FindingOf(report, "library.no-asm-defines"), nullptr);
  EXPECT_THAT(StatedTags(report), Contains("built-without-asm"));
}

// A figure only assembly reaches (AES-NI GCM, 1.2 GB/s) shows the line is not this library's
// whole line: the rule gives way, and the earlier reading (a shortened line) stands.
TEST(NoAsmClassesTest, AFigureFasterThanGenericCShowsTheLineIsNotTheLibrarys) {
  const DoctorReport report = DiagnosePaste(
      Paste111("aes-128-gcm     489000.00k  1300000.00k  2900000.00k  3700000.00k  4100000.00k  "
               "4150000.00k\n"));
  EXPECT_FALSE(report.facts.no_asm_build);
  const Verdict* gcm = Gcm(report);
  ASSERT_NE(gcm, nullptr);
  EXPECT_THAT(gcm->line, Not(HasSubstr("built without assembly"))) << gcm->line;
  EXPECT_EQ(gcm->status, VerdictStatus::kAccelerated) << gcm->line;
}

// BoringSSL configured with OPENSSL_NO_ASM (its CMakeLists.txt adds -DOPENSSL_NO_ASM and builds
// no assembly), shown by the CMake cache pasted under bssl speed's output.
constexpr const char* kBssl =
    "$ ./build/tool/bssl speed -filter AES-128-GCM\n"
    "Did 2131000 AES-128-GCM (16 bytes) seal operations in 1000205us (2130563.2 ops/sec): 34.1 "
    "MB/s\n"
    "Did 1021000 AES-128-GCM (256 bytes) seal operations in 1000611us (1020376.5 ops/sec): "
    "261.2 MB/s\n"
    "Did 221000 AES-128-GCM (1350 bytes) seal operations in 1002710us (220402.7 ops/sec): "
    "297.5 MB/s\n"
    "Did 40000 AES-128-GCM (8192 bytes) seal operations in 1004321us (39827.9 ops/sec): 326.3 "
    "MB/s\n"
    "Did 20000 AES-128-GCM (16384 bytes) seal operations in 1003211us (19936.0 ops/sec): "
    "326.6 MB/s\n"
    "$ grep -m1 'model name' /proc/cpuinfo\n"
    "model name\t: Intel(R) Core(TM) i9-9900K CPU @ 3.60GHz\n";

TEST(NoAsmClassesTest, BoringSslCacheWithNoAsmOffersOnlyGenericC) {
  const DoctorReport report = DiagnosePaste(std::string(kBssl) +
                                            "$ grep -i no_asm build/CMakeCache.txt\n"
                                            "OPENSSL_NO_ASM:BOOL=ON\n");
  EXPECT_TRUE(report.facts.no_asm_build);
  const Verdict* gcm = Gcm(report);
  ASSERT_NE(gcm, nullptr);
  EXPECT_EQ(gcm->status, VerdictStatus::kNotAccelerated) << gcm->line;
  EXPECT_THAT(gcm->line, HasSubstr("built without assembly"));
  EXPECT_THAT(gcm->line, HasSubstr("OPENSSL_NO_ASM"));
  EXPECT_THAT(gcm->fingerprint, Not(HasSubstr("SSSE3")));
  EXPECT_THAT(gcm->fingerprint, Not(HasSubstr("bit-sliced")));
  EXPECT_THAT(gcm->advice, HasSubstr("OPENSSL_NO_ASM"));
  EXPECT_THAT(gcm->advice, Not(HasSubstr("no-asm option")));
  // No mask experiment can tell anything of a build without assembly.
  EXPECT_THAT(gcm->advice, Not(HasSubstr("OPENSSL_ia32cap")));
  EXPECT_THAT(StatedTags(report), Contains("built-without-asm"));
}

// The cache line saying OFF (or a cache of another option) proves nothing.
TEST(NoAsmClassesTest, BoringSslCacheWithAsmIsNoProof) {
  const DoctorReport report = DiagnosePaste(std::string(kBssl) +
                                            "$ grep -i no_asm build/CMakeCache.txt\n"
                                            "OPENSSL_NO_ASM:BOOL=OFF\n");
  EXPECT_FALSE(report.facts.no_asm_build);
  const Verdict* gcm = Gcm(report);
  ASSERT_NE(gcm, nullptr);
  EXPECT_THAT(gcm->line, Not(HasSubstr("built without assembly")));
}

// 3.x's CPUINFO: N/A on x86-64: the fingerprint names generic C only.
TEST(NoAsmClassesTest, CpuinfoNaOffersOnlyGenericC) {
  const DoctorReport report = DiagnosePaste(
      "$ openssl version -a\n"
      "OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)\n"
      "built on: Mon Feb  5 14:12:40 2024 UTC\n"
      "platform: linux-x86_64\n"
      "options:  bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: N/A\n"
      "$ openssl speed -elapsed -evp aes-128-gcm\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "AES-128-GCM      54645.00k    68532.61k    73660.69k    75036.33k    75395.75k    "
      "75393.71k\n");
  EXPECT_TRUE(report.facts.no_asm_build);
  const Verdict* gcm = Gcm(report);
  ASSERT_NE(gcm, nullptr);
  EXPECT_EQ(gcm->status, VerdictStatus::kNotAccelerated) << gcm->line;
  EXPECT_THAT(gcm->fingerprint, Not(HasSubstr("table asm")));
  EXPECT_THAT(gcm->fingerprint, Not(HasSubstr("bsaes")));
  EXPECT_THAT(gcm->evidence, Contains(HasSubstr("only the generic C classes")));
}

}  // namespace
}  // namespace cryptobench::diagnose
