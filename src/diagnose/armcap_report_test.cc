// A report's OPENSSL_armcap env: value replaces the library's capability word (crypto/armcap.c),
// and CPUINFO prints the replaced word (crypto/info.c), so what the value masks depends on what
// the CPU offers, which only the text's CPU lines show: a bit the CPU lacks is not masked, and
// one no line shows is "cannot tell" (tryout-19: a Neoverse-N1 paste, whose Features line has no
// sha512 or sha3, was told both were masked).
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::Contains;
using testing::DiagnosePaste;
using ::testing::ElementsAre;
using testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using testing::StatedTags;
using testing::VerdictFor;

// Neoverse-N1's Features line (ARMv8.2: aes pmull sha1 sha2, no sha512 or sha3), then 3.0.13's
// speed with OPENSSL_armcap=0x1 (NEON only): AES-128-CBC at 130 MB/s, a software figure.
constexpr const char* kFeatures =
    "$ lscpu | grep -E 'Model name|Flags'\n"
    "Model name:          Neoverse-N1\n"
    "Flags:               fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid "
    "asimdrdm lrcpc dcpop asimddp ssbs\n";
constexpr const char* kSpeed =
    "$ OPENSSL_armcap=0x1 openssl speed -evp aes-128-cbc\n"
    "version: 3.0.13\n"
    "built on: Mon Feb  5 12:00:00 2024 UTC\n"
    "options: bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
    "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
    "CPUINFO: OPENSSL_armcap=0x1 env:0x1\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "AES-128-CBC     115073.98k   126242.82k   129302.61k   130069.16k   130351.10k   "
    "130361.34k\n";

TEST(ArmcapReportTest, MasksOnlyWhatTheFeaturesLineOffers) {
  const DoctorReport report = DiagnosePaste(std::string(kFeatures) + kSpeed);
  EXPECT_THAT(report.facts.env_masked_features, ElementsAre("AES", "SHA1", "SHA2", "PMULL"));
  EXPECT_THAT(report.facts.env_cleared_unknown, IsEmpty());
  EXPECT_EQ(VerdictFor(report, "AES-128-CBC", "encrypt").status, VerdictStatus::kMasked);
  const Finding* mask = FindingOf(report, "env.armcap");
  ASSERT_NE(mask, nullptr);
  EXPECT_EQ(mask->severity, Severity::kWarning);
  EXPECT_THAT(mask->evidence, Not(HasSubstr("SHA512")));
  EXPECT_THAT(mask->evidence, Not(HasSubstr("SHA3")));
  for (const Verdict& verdict : report.verdicts) {
    for (const std::string& line : verdict.evidence) {
      EXPECT_THAT(line, Not(HasSubstr("SHA512"))) << line;
    }
  }
}

TEST(ArmcapReportTest, WithoutAFeaturesLineTheMaskIsCannotTell) {
  const DoctorReport report = DiagnosePaste(kSpeed);
  EXPECT_THAT(report.facts.env_masked_features, IsEmpty());
  EXPECT_THAT(report.facts.env_cleared_unknown, Contains("AES"));
  EXPECT_THAT(report.facts.env_cleared_unknown, Contains("SHA512"));
  const Verdict& aes = VerdictFor(report, "AES-128-CBC", "encrypt");
  EXPECT_NE(aes.status, VerdictStatus::kMasked) << aes.line;
  EXPECT_THAT(aes.line, HasSubstr("cannot tell"));
  EXPECT_THAT(aes.line, HasSubstr("not in the text"));
  EXPECT_THAT(aes.advice, HasSubstr("Features"));
  const Finding* mask = FindingOf(report, "env.armcap");
  ASSERT_NE(mask, nullptr);
  EXPECT_EQ(mask->severity, Severity::kInfo);
  EXPECT_THAT(mask->summary, Not(HasSubstr("masks")));
  EXPECT_THAT(mask->evidence, HasSubstr("cannot tell"));
  EXPECT_THAT(StatedTags(report), Not(Contains("capability-masked")));
}

// The same mask set on the pasted command line, with no env: part in CPUINFO (tryout-20 n02):
// the printed word is the masked one, so the Features line says what the CPU has, and the
// command's value masks AES and PMULL, never "the CPU lacks it".
TEST(ArmcapReportTest, ACommandLineMaskWithoutEnvPartIsMasked) {
  std::string speed = kSpeed;
  const std::string env = " env:0x1";
  speed.erase(speed.find(env), env.size());
  const DoctorReport report = DiagnosePaste(std::string(kFeatures) + speed);
  EXPECT_EQ(report.facts.env_ia32cap, "0x1");
  EXPECT_THAT(report.facts.env_masked_features, ElementsAre("AES", "SHA1", "SHA2", "PMULL"));
  const Verdict& aes = VerdictFor(report, "AES-128-CBC", "encrypt");
  EXPECT_EQ(aes.status, VerdictStatus::kMasked) << aes.line;
  EXPECT_THAT(aes.line, Not(HasSubstr("lacks")));
  EXPECT_THAT(StatedTags(report), Contains("capability-masked"));
}

// 1.1.1 prints no CPUINFO line: `OPENSSL_armcap=0 openssl speed` (tryout-20 n03) or an export
// line before it (n19) is still the run's mask, read against the Features line.
TEST(ArmcapReportTest, A111CommandLineMaskIsMasked) {
  const std::string speed =
      "$ uname -m\n"
      "aarch64\n"
      "$ OPENSSL_armcap=0 openssl speed -elapsed -evp aes-128-gcm\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "OpenSSL 1.1.1f  31 Mar 2020\n"
      "built on: Wed Nov 24 13:20:48 2021 UTC\n"
      "options:bn(64,64) rc4(char) des(int) aes(partial) blowfish(ptr) \n"
      "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
      "-DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_BN_ASM_MONT -DSHA1_ASM -DSHA256_ASM "
      "-DSHA512_ASM -DKECCAK1600_ASM -DVPAES_ASM -DECP_NISTZ256_ASM -DPOLY1305_ASM -DNDEBUG\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-gcm      32598.77k    57863.36k    69320.11k    72480.43k    73486.34k    "
      "73482.92k\n";
  for (const std::string& text : {std::string(kFeatures) + speed,
                                  std::string(kFeatures) + "$ export OPENSSL_armcap=0\n" + [&] {
                                    std::string s = speed;
                                    s.replace(s.find("OPENSSL_armcap=0 "), 17, "");
                                    return s;
                                  }()}) {
    const DoctorReport report = DiagnosePaste(text);
    EXPECT_EQ(report.facts.env_ia32cap, "0");
    EXPECT_THAT(report.facts.env_masked_features, Contains("AES"));
    EXPECT_THAT(report.facts.env_masked_features, Contains("PMULL"));
    const Verdict& aes = VerdictFor(report, "AES-128-GCM", "encrypt");
    EXPECT_EQ(aes.status, VerdictStatus::kMasked) << aes.line;
    EXPECT_THAT(aes.advice, Not(HasSubstr("the text does not show"))) << aes.advice;
  }
}

// Tryout 21 t50: a board whose governor held it at 600 MHz ran the ARMv8 CE GCM path at 192
// MB/s, 5.2 cpb at the assumed 1 GHz floor and below every accelerated class over 1-5 GHz. With
// no clock in the text that floor is a guess (kLowestBenchmarkHz): the figure fits the CE class
// at 0.6 GHz, so "the library does not use it" would be a false cause; a figure still below
// every accelerated class at 0.4 GHz stays NOT accelerated.
std::string GcmOnCeBoard(const std::string& kb_per_s) {
  return "$ grep -m1 Features /proc/cpuinfo\n"
         "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
         "$ uname -m\naarch64\n"
         "$ openssl speed -elapsed -evp aes-128-gcm\n"
         "version: 3.0.13\n"
         "built on: Fri Jun 28 14:54:19 2024 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
         "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
         "CPUINFO: OPENSSL_armcap=0xbd\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "AES-128-GCM      26730.73k    76825.62k   137558.27k   174766.42k   " +
         kb_per_s + "k   " + kb_per_s + "k\n";
}

TEST(AssumedClockTest, ASlowFigureThatFitsHardwareAtABoardClockIsNotCalledUnused) {
  const DoctorReport board = DiagnosePaste(GcmOnCeBoard("192226.35"));
  const Verdict& gcm = VerdictFor(board, "AES-128-GCM", "encrypt");
  EXPECT_EQ(gcm.status, VerdictStatus::kUndetermined) << gcm.line;
  EXPECT_THAT(gcm.line, HasSubstr("cannot tell"));
  EXPECT_THAT(gcm.line, Not(HasSubstr("does not use")));
  EXPECT_THAT(gcm.advice, HasSubstr("scaling_cur_freq"));

  const DoctorReport slow = DiagnosePaste(GcmOnCeBoard("15000.00"));
  EXPECT_EQ(VerdictFor(slow, "AES-128-GCM", "encrypt").status, VerdictStatus::kNotAccelerated)
      << VerdictFor(slow, "AES-128-GCM", "encrypt").line;
}

}  // namespace
}  // namespace cryptobench::diagnose
