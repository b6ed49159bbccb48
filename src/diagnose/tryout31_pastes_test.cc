// Pastes from the tryout-31 re-check that doctor --from misread: public-key figures that an
// engine or provider loaded by configuration served (QAT by openssl.cnf, D1) read as "the
// assembly ran".
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "diagnose/doctor_report.h"
#include "import/import.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::VerdictOf;
using ::testing::HasSubstr;
using ::testing::Not;

// OpenSSL 3.5 on a Sapphire Rapids with QAT: RSA-2048 at `sign_per_s` signs/s.
std::string QatRsaPaste(bool config, const char* sign_per_s,
                        const char* decrypt_per_s = "59370.1") {
  std::string paste;
  if (config) {
    paste +=
        "# grep -A4 '^\\[engine_section\\]' /etc/pki/tls/openssl.cnf\n"
        "[engine_section]\n"
        "qatengine = qatengine_section\n"
        "[qatengine_section]\n"
        "engine_id = qatengine\n"
        "default_algorithms = ALL\n";
  }
  paste +=
      "# openssl speed -seconds 10 rsa2048\n"
      "version: 3.5.6\n"
      "built on: Wed Apr 22 16:27:30 2026 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: OPENSSL_ia32cap=0x7ffef3ffffebffff:0xfb417ffef3bfb7ef:0x00001c30ffdd4432:"
      "0x0000000000040000:0x0000000000000000\n"
      "                   sign    verify    encrypt   decrypt   sign/s verify/s  encr./s  "
      "decr./s\n";
  paste += std::string("rsa  2048 bits 0.000017s 0.000003s 0.000003s 0.000017s  ") + sign_per_s +
           " 367271.7 286927.3  " + decrypt_per_s + "\n";
  return paste;
}

// 59355 signs/s is above any one core's RSA-2048 assembly (0.92 M cycles at 6.5 GHz, halved:
// 14.1 k/s): not "the assembly ran", and the configured engine is named.
TEST(Tryout31PastesTest, ConfiguredQatEngineFigureIsNotTheAssembly) {
  const DoctorReport report = DiagnosePaste(QatRsaPaste(true, "59355.3"));
  const Verdict* sign = VerdictOf(report, "RSA-2048", "sign");
  ASSERT_NE(sign, nullptr);
  EXPECT_EQ(sign->status, VerdictStatus::kUndetermined) << sign->line;
  EXPECT_THAT(sign->line, Not(HasSubstr("the assembly ran")));
  EXPECT_THAT(sign->line, HasSubstr("engine_id = qatengine"));
  EXPECT_THAT(sign->line, HasSubstr("not the library's code in one process"));
  EXPECT_THAT(sign->advice, HasSubstr("OPENSSL_CONF=/dev/null"));
}

// Without the configuration the figure still cannot be one core's.
TEST(Tryout31PastesTest, PublicKeyFigureAboveOneCoreIsNotTheAssembly) {
  const DoctorReport report = DiagnosePaste(QatRsaPaste(false, "59355.3"));
  const Verdict* sign = VerdictOf(report, "RSA-2048", "sign");
  ASSERT_NE(sign, nullptr);
  EXPECT_EQ(sign->status, VerdictStatus::kUndetermined) << sign->line;
  EXPECT_THAT(sign->line, HasSubstr("-multi"));
}

// A figure one core's assembly reaches, with a configured engine: either ran it.
TEST(Tryout31PastesTest, ConfiguredEngineLeavesAnAsmFigureOpen) {
  const DoctorReport report = DiagnosePaste(QatRsaPaste(true, "3350.2"));
  const Verdict* sign = VerdictOf(report, "RSA-2048", "sign");
  ASSERT_NE(sign, nullptr);
  EXPECT_EQ(sign->status, VerdictStatus::kUndetermined) << sign->line;
  EXPECT_THAT(sign->line, HasSubstr("OpenSSL's assembly or openssl.cnf's engine_id = qatengine"));
  // And without it, the bound settles it as before.
  const DoctorReport plain = DiagnosePaste(QatRsaPaste(false, "3350.2"));
  const Verdict* plain_sign = VerdictOf(plain, "RSA-2048", "sign");
  ASSERT_NE(plain_sign, nullptr);
  EXPECT_EQ(plain_sign->status, VerdictStatus::kAccelerated) << plain_sign->line;
}

// An active provider that is not OpenSSL's own (qatprovider) counts; default alone does not.
TEST(Tryout31PastesTest, ActiveThirdPartyProviderIsAConfiguredOffload) {
  std::vector<results::SourceFact> facts = {
      {"provider", "default: name OpenSSL Default Provider, version 3.2.2, status active", 3},
  };
  EXPECT_FALSE(ConfiguredOffloadOf(facts).has_value());
  facts.push_back(
      {"provider", "qatprovider: name QAT Provider for OpenSSL, version 1.6.0, status active", 7});
  const std::optional<ConfiguredOffload> configured = ConfiguredOffloadOf(facts);
  ASSERT_TRUE(configured.has_value());
  EXPECT_EQ(configured->id, "qatprovider");
  EXPECT_THAT(configured->evidence, HasSubstr("line 7"));
}

// Public-key rows have no 16- or 64-byte figures: no provider-overhead finding for them (D5).
TEST(Tryout31PastesTest, ProviderOverheadIsNotClaimedForPublicKeyRows) {
  const DoctorReport report = DiagnosePaste(QatRsaPaste(false, "3350.2"));
  for (const Finding& finding : report.findings) {
    EXPECT_NE(finding.id, "library.provider-overhead") << finding.summary;
  }
}

// A private-key decrypt is the sign's exponentiation: the sign bound settles it too (D6).
TEST(Tryout31PastesTest, RsaDecryptAboveGenericCIsTheAssemblyAsSignIs) {
  const DoctorReport report = DiagnosePaste(QatRsaPaste(false, "3350.2", "3340.1"));
  const Verdict* decrypt = VerdictOf(report, "RSA-2048", "decrypt");
  ASSERT_NE(decrypt, nullptr);
  EXPECT_EQ(decrypt->status, VerdictStatus::kAccelerated) << decrypt->line;
  EXPECT_THAT(decrypt->line, HasSubstr("the assembly ran"));
}

std::string P384Paste(const char* version) {
  return std::string("$ openssl speed ecdsap384\nversion: ") + version +
         "\n"
         "built on: Tue Jul  8 10:12:44 2025 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
         "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
         "CPUINFO: OPENSSL_ia32cap=0x7ed8320b078bffff:0x19405fdef1bf97ab:0x0000003010000110:"
         "0x0000000000000000:0x0000000000000000\n"
         "                              sign    verify    sign/s verify/s\n"
         "  384 bits ecdsa (nistp384)   0.0002s   0.0002s   5601.1   4301.2\n";
}

// From 3.2 a build option gives P-384 a faster C (ecp_nistp384.c): not "no build option" (D3).
TEST(Tryout31PastesTest, P384NamesTheFasterCBuildOptionFrom32) {
  const DoctorReport newer = DiagnosePaste(P384Paste("3.5.1"));
  const Verdict* sign = VerdictOf(newer, "ECDSA-P384", "sign");
  ASSERT_NE(sign, nullptr);
  EXPECT_EQ(sign->status, VerdictStatus::kNoHardwarePath) << sign->line;
  EXPECT_THAT(sign->line, HasSubstr("enable-ec_nistp_64_gcc_128"));
  EXPECT_THAT(sign->line, Not(HasSubstr("no CPU flag or build option")));
  const DoctorReport older = DiagnosePaste(P384Paste("3.0.2"));
  const Verdict* old_sign = VerdictOf(older, "ECDSA-P384", "sign");
  ASSERT_NE(old_sign, nullptr);
  EXPECT_THAT(old_sign->line, HasSubstr("no CPU flag or build option"));
}

// lscpu's Arm server core names (util-linux lscpu-arm.c) are AArch64 cores (D10).
TEST(Tryout31PastesTest, LscpuNeoverseModelNameIsAarch64) {
  const DoctorReport report = DiagnosePaste(
      "$ lscpu | grep 'Model name'\n"
      "Model name:                           Neoverse-V2\n"
      "$ openssl speed -evp aes-256-gcm\n"
      "version: 3.0.13\n"
      "built on: Wed Feb  5 13:19:41 2025 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
      "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "AES-256-GCM     612345.67k  1712345.67k  3712345.67k  5212345.67k  5812345.67k  "
      "5852345.67k\n");
  EXPECT_EQ(report.facts.cpu.arch, "aarch64");
}

// Two runs of one build pinned to a P-core and an E-core: the runs differ in their pinning,
// which doctor names rather than "no difference" (D2).
TEST(Tryout31PastesTest, RunsPinnedToDifferentCoresDifferInTheirPinning) {
  std::string paste;
  for (const auto& [cpu, gcm16k] :
       {std::pair<const char*, const char*>{"0", "6228200.48k"}, {"16", "2820132.95k"}}) {
    paste += std::string("$ taskset -c ") + cpu +
             " openssl speed -evp aes-256-gcm\n"
             "version: 3.0.2\n"
             "built on: Wed Feb  5 13:19:41 2025 UTC\n"
             "options: bn(64,64)\n"
             "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 "
             "-DOPENSSL_USE_NODELETE -DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL "
             "-DNDEBUG\n"
             "CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x0040073c239c27eb\n"
             "The 'numbers' are in 1000s of bytes per second processed.\n"
             "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  "
             "16384 bytes\n"
             "AES-256-GCM     142270.86k   534017.97k  1713697.22k  3827487.06k  5978219.38k  " +
             gcm16k + "\n";
  }
  const std::vector<results::RunResult> runs = import::ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  DoctorReport report = DiagnoseReport(runs[0]);
  ReadRunsThatDiffer(report, runs);
  bool said = false;
  for (const Finding& finding : report.findings) {
    if (finding.id == "report.runs-differ") {
      EXPECT_THAT(finding.evidence, HasSubstr("CPU pinning"));
      EXPECT_THAT(finding.evidence, Not(HasSubstr("shows no difference")));
      said = true;
    }
  }
  EXPECT_TRUE(said);
}

// A Graviton 3 (Neoverse-V1, ARMv8.2 SHA512 in its Features line) hashing SHA-512 at 1.5 GB/s:
// faster at 5 GHz than the fastest software class (6.70 cpb, sha512-armv8.pl) can be, and
// the table holds every software path of 3.0, so the SHA512 path ran. Without the sha512 flag,
// or with no Features line, it stays open (D4).
std::string Graviton3Sha512(const std::string& features, const std::string& cpuinfo = "") {
  return features +
         "$ openssl speed -evp sha512\n"
         "version: 3.0.8\n"
         "built on: Tue Feb  7 00:00:00 2023 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
         "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n" +
         cpuinfo +
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "sha512           75123.45k   301234.56k   712345.67k  1189012.34k  1468012.54k  "
         "1490123.77k\n";
}

TEST(Tryout31PastesTest, Sha512AboveEverySoftwareClassWithTheFlagIsAccelerated) {
  const std::string with_flag =
      "$ grep -m1 Features /proc/cpuinfo\n"
      "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid "
      "asimdrdm jscvt fcma lrcpc dcpop sha3 sm3 sm4 asimddp sha512 sve asimdfhm dit uscat "
      "ilrcpc flagm ssbs paca pacg dcpodp svei8mm svebf16 i8mm bf16 dgh rng\n";
  const DoctorReport report = DiagnosePaste(Graviton3Sha512(with_flag));
  const Verdict* sha = VerdictOf(report, "SHA-512", "hash");
  ASSERT_NE(sha, nullptr);
  EXPECT_EQ(sha->status, VerdictStatus::kAccelerated) << sha->line;

  std::string without_flag = with_flag;
  without_flag.erase(without_flag.find(" sha512"), 7);
  for (const std::string& features : {without_flag, std::string()}) {
    const DoctorReport open = DiagnosePaste(Graviton3Sha512(features));
    const Verdict* v = VerdictOf(open, "SHA-512", "hash");
    ASSERT_NE(v, nullptr);
    EXPECT_NE(v->status, VerdictStatus::kAccelerated) << v->line;
  }
  // 3.0's CPUINFO word with ARMV8_SHA512 (bit 6, crypto/arm_arch.h) set settles it alone.
  const DoctorReport vector = DiagnosePaste(Graviton3Sha512("", "CPUINFO: OPENSSL_armcap=0xfd\n"));
  const Verdict* by_vector = VerdictOf(vector, "SHA-512", "hash");
  ASSERT_NE(by_vector, nullptr);
  EXPECT_EQ(by_vector->status, VerdictStatus::kAccelerated) << by_vector->line;
}

}  // namespace
}  // namespace cryptobench::diagnose
