// AES rows of OpenSSL 1.x's low-level API (`openssl speed aes-128-cbc` without -evp: row
// "aes-128 cbc", timing AES_cbc_encrypt) never run AES-NI or vpaes/bsaes, which only
// crypto/evp/e_aes.c calls (data/library-changes.csv, first openssl x86_64 AES row): the
// fingerprint must not name those classes, and a figure faster than every class the low-level
// code reaches is not "accelerated" (new-user tryout 17, p07: "accelerated: ... is AES-NI
// (aesni_cbc_encrypt)" beside report.legacy-api saying the code has no AES-NI path).
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "import/import.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::VerdictFor;
using ::testing::HasSubstr;
using ::testing::Not;

// A RHEL 8 `openssl speed aes-128-cbc` (OpenSSL 1.1.1k FIPS) on a Xeon Gold 6230 whose lscpu
// Flags line has aes, ssse3 and avx2. The clock range from the model line is 1.68-4.72 GHz.
std::string Paste(const std::string& row) {
  return "$ openssl version\n"
         "OpenSSL 1.1.1k  FIPS 25 Mar 2021\n"
         "$ openssl speed aes-128-cbc\n"
         "OpenSSL 1.1.1k  FIPS 25 Mar 2021\n"
         "built on: Thu Dec  8 10:01:11 2022 UTC\n"
         "options:bn(64,64) md2(char) rc4(16x,int) des(int) idea(int) blowfish(ptr)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -O2 -g -pipe -DZLIB "
         "-DNDEBUG\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n" +
         row +
         "\n"
         "$ lscpu | grep -E 'Model name|Flags'\n"
         "Model name:            Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz\n"
         "Flags:                 fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov "
         "pat pse36 clflush mmx fxsr sse sse2 ht syscall nx lm constant_tsc pni pclmulqdq ssse3 "
         "fma cx16 sse4_1 sse4_2 movbe popcnt aes xsave avx f16c rdrand avx2 bmi1 bmi2 adx "
         "avx512f avx512bw avx512vl\n";
}

DoctorReport Diagnose(const std::string& text) {
  const std::vector<results::RunResult> runs = import::ImportText(text, "paste.txt");
  return DiagnoseReport(runs.back());
}

// 561 MB/s is 2.99-8.42 cpb: inside AES-NI's class, faster than the table asm and C classes.
TEST(LowLevelAesTest, FigureFasterThanTheLowLevelClassesIsNotAccelerated) {
  const DoctorReport report = Diagnose(
      Paste("aes-128 cbc     510034.56k   546411.61k   555922.99k   560470.36k   561784.15k   "
            "561430.19k"));
  const Verdict& cbc = VerdictFor(report, "AES-128-CBC");
  EXPECT_NE(cbc.status, VerdictStatus::kAccelerated) << cbc.line;
  EXPECT_THAT(cbc.line, Not(HasSubstr("AES-NI ("))) << cbc.line;
  EXPECT_THAT(cbc.line, Not(HasSubstr("vpaes"))) << cbc.line;
  EXPECT_THAT(cbc.fingerprint, Not(HasSubstr("AES-NI"))) << cbc.fingerprint;
  EXPECT_THAT(cbc.fingerprint, HasSubstr("faster than every")) << cbc.fingerprint;
  EXPECT_THAT(cbc.line, HasSubstr("doubtful figure")) << cbc.line;
}

// 351 MB/s is 4.78-13.45 cpb: the classes it fits are software ones only.
TEST(LowLevelAesTest, RealisticFigureNamesNoHardwareOrVectorClass) {
  const DoctorReport report = Diagnose(
      Paste("aes-128 cbc     318034.56k   341411.61k   347923.03k   350470.49k   351182.85k   "
            "351229.27k"));
  const Verdict& cbc = VerdictFor(report, "AES-128-CBC");
  EXPECT_NE(cbc.status, VerdictStatus::kAccelerated) << cbc.line;
  EXPECT_THAT(cbc.fingerprint, Not(HasSubstr("AES-NI"))) << cbc.fingerprint;
  EXPECT_THAT(cbc.fingerprint, Not(HasSubstr("vpaes"))) << cbc.fingerprint;
  EXPECT_THAT(cbc.line, Not(HasSubstr("AES-NI ("))) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("low-level AES_* API, which has no AES-NI path")) << cbc.line;
  EXPECT_THAT(cbc.advice, HasSubstr("-evp aes-128-cbc")) << cbc.advice;
}

// The same figure through EVP (-evp row "aes-128-cbc") keeps every class: AES-NI fits.
TEST(LowLevelAesTest, EvpRowKeepsTheAesNiClass) {
  const DoctorReport report = Diagnose(
      Paste("aes-128-cbc     510034.56k   546411.61k   555922.99k   560470.36k   561784.15k   "
            "561430.19k"));
  const Verdict& cbc = VerdictFor(report, "AES-128-CBC");
  EXPECT_EQ(cbc.status, VerdictStatus::kAccelerated) << cbc.line;
}

}  // namespace
}  // namespace cryptobench::diagnose
