// Pastes from the tryout-32 re-check that doctor --from misread.
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_report.h"
#include "support/diagnose_paste.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::VerdictOf;
using ::testing::HasSubstr;
using ::testing::Not;

// D1: OpenSSL 1.0.2q on an IPQ807x router's Cortex-A53 (github.com/robimarko/openwrt issue 92,
// trimmed): 1.0.2 has no vpaes-armv8 or bsaes-armv8 (vpaes from 1.1.0, bsaes from 3.1:
// data/library-changes.csv), so its GCM figure is not named after them.
TEST(Tryout32PastesTest, OneZeroTwoGcmOnAarch64IsNotNamedAfterVpaesOrBsaes) {
  const DoctorReport report = DiagnosePaste(
      "root@XiaoQiang:~# openssl speed -evp aes-128-gcm\n"
      "Doing aes-128-gcm for 3s on 16 size blocks: 19946904 aes-128-gcm's in 2.90s\n"
      "Doing aes-128-gcm for 3s on 64 size blocks: 7941854 aes-128-gcm's in 2.90s\n"
      "Doing aes-128-gcm for 3s on 256 size blocks: 2386071 aes-128-gcm's in 2.91s\n"
      "Doing aes-128-gcm for 3s on 1024 size blocks: 635055 aes-128-gcm's in 2.91s\n"
      "Doing aes-128-gcm for 3s on 8192 size blocks: 80637 aes-128-gcm's in 2.90s\n"
      "OpenSSL 1.0.2q  20 Nov 2018\n"
      "built on: reproducible build, date unspecified\n"
      "options:bn(64,64) rc4(ptr,char) des(idx,cisc,2,int) aes(partial) blowfish(ptr) \n"
      "compiler: aarch64-openwrt-linux-gcc -I. -I.. -I../include  -fPIC -DOPENSSL_PIC "
      "-DOPENSSL_THREADS -D_REENTRANT -DDSO_DLFCN -DHAVE_DLFCN_H\n");
  const Verdict* gcm = VerdictOf(report, "AES-128-GCM", "encrypt");
  ASSERT_NE(gcm, nullptr);
  EXPECT_THAT(gcm->line, Not(HasSubstr("vpaes"))) << gcm->line;
  EXPECT_THAT(gcm->line, Not(HasSubstr("bsaes"))) << gcm->line;
  EXPECT_EQ(gcm->status, VerdictStatus::kUndetermined) << gcm->line;
  // Slower than the accelerated classes is all the table shows: no software class of 1.0.2
  // reaches 4.4 cpb, so "software over the whole range" would be a guess.
  EXPECT_THAT(gcm->line, Not(HasSubstr("software over the whole"))) << gcm->line;
}

// D3: a stored copy cut inside the CPUINFO line (openssl issue 25710: "CPUINFO:
// OPENSSL_ia32cap=0x7") is no capability vector: OpenSSL prints two words or more
// (crypto/info.c), so no feature is read from it, and a slow GCM figure is not "software
// (expected): the vector has AES-NI clear".
TEST(Tryout32PastesTest, ACutCpuinfoLineIsNoCapabilityVector) {
  const std::string paste =
      "$ openssl speed -evp aes-256-gcm\n"
      "version: 3.3.2\n"
      "built on: Tue Sep  3 16:32:59 2024 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -O2 -DOPENSSL_USE_NODELETE -DL_ENDIAN "
      "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: OPENSSL_ia32cap=0x7\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "AES-256-GCM      85512.26k   102245.51k   108862.58k   110415.53k   110938.11k   "
      "110963.37k\n";
  const DoctorReport report = DiagnosePaste(paste);
  EXPECT_FALSE(report.facts.report->cpu_features_known);
  EXPECT_EQ(report.facts.library.capability_vector, "");
  for (const auto& feature : report.facts.cpu.features) {
    EXPECT_NE(feature.name, "AES-NI") << "read from a cut line";
  }
  const Verdict* gcm = VerdictOf(report, "AES-256-GCM", "encrypt");
  ASSERT_NE(gcm, nullptr);
  EXPECT_NE(gcm->status, VerdictStatus::kSoftwareExpected) << gcm->line;
  EXPECT_THAT(gcm->line, Not(HasSubstr("vector has AES-NI clear"))) << gcm->line;
}

// D4: bernd-edlinger's 1.1.1j-dev feature branch (openssl PR 11900, trimmed), whose low-level
// AES_* API runs AES-NI (PR 11895): "NOT accelerated: the low-level API has no AES-NI path"
// holds for releases only; a -dev version leaves it open.
TEST(Tryout32PastesTest, LowLevelApiRuleHoldsForReleasesOnly) {
  const std::string paste =
      "OpenSSL 1.1.1j-dev  xx XXX xxxx\n"
      "built on: Tue Feb  2 15:12:39 2021 UTC\n"
      "options:bn(64,64) rc4(8x,int) des(int) aes(partial) idea(int) blowfish(ptr) \n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
      "-DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
      "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM "
      "-DECP_NISTZ256_ASM -DX25519_ASM -DPOLY1305_ASM -DNDEBUG\n"
      "CPUINFO: OPENSSL_ia32cap=0x3e983a0b078bffff:0x8\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128 cbc     205035.68k   214994.01k   235380.27k   239841.96k   241369.09k   "
      "241325.40k\n";
  const DoctorReport report = DiagnosePaste(paste);
  const Verdict* cbc = VerdictOf(report, "AES-128-CBC", "encrypt");
  ASSERT_NE(cbc, nullptr);
  EXPECT_NE(cbc->status, VerdictStatus::kNotAccelerated) << cbc->line;
  EXPECT_THAT(cbc->line, Not(HasSubstr("has no AES-NI path"))) << cbc->line;
  for (const Finding& finding : report.findings) {
    if (finding.id == "report.legacy-api") {
      EXPECT_EQ(finding.severity, Severity::kInfo);
      EXPECT_THAT(finding.evidence, HasSubstr("development build"));
    }
  }
  EXPECT_EQ(report.ExitStatus(), 0);
}

// D13: architecture clues the pastes held: clang's `-arch arm64` (openssl PR 13476, an M1),
// GCC's `-march=loongarch64` (openssl issue 23300), and a Features line beside a CPU part no
// row knows, which is not "crypto extensions unknown" (openwrt issue 12084).
TEST(Tryout32PastesTest, CompilerTargetsAndFeaturesLinesNameTheArchitecture) {
  const std::string speed =
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-ctr     296743.83k   303441.83k   303945.05k   301039.96k   301049.15k   "
      "300764.21k\n";
  const DoctorReport m1 = DiagnosePaste(
      "$ openssl speed -evp aes-128-ctr\n"
      "OpenSSL 1.1.1h  22 Sep 2020\n"
      "built on: Sun Nov 22 20:29:09 2020 UTC\n"
      "options:bn(64,64) rc4(int) des(int) aes(partial) idea(int) blowfish(ptr)\n"
      "compiler: clang -fPIC -arch arm64 -O3 -Wall -DL_ENDIAN -DOPENSSL_PIC -D_REENTRANT "
      "-DNDEBUG\n" +
      speed);
  EXPECT_EQ(m1.facts.cpu.arch, "aarch64");
  // D10: 1.1.1h had no Configure target with assembly for Apple silicon, so "rebuild without
  // no-asm" is no remedy there.
  const Verdict* ctr = VerdictOf(m1, "AES-128-CTR", "encrypt");
  ASSERT_NE(ctr, nullptr);
  EXPECT_THAT(ctr->advice, Not(HasSubstr("without the no-asm option"))) << ctr->advice;
  EXPECT_THAT(ctr->advice, HasSubstr("darwin64-arm64")) << ctr->advice;
  const DoctorReport loongarch = DiagnosePaste(
      "version: 3.2.0\n"
      "built on: Sat Jan 13 18:51:08 2024 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -O3 -mabi=lp64d -march=loongarch64 -mtune=la464 -mlsx -O2 "
      "-DOPENSSL_USE_NODELETE -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: N/A\n" +
      speed);
  EXPECT_EQ(loongarch.facts.cpu.arch, "loongarch64");
  const DoctorReport a53 = DiagnosePaste(
      "processor       : 0\n"
      "model name      : ARMv8 Processor rev 4 (v8l)\n"
      "Features        : fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
      "CPU implementer : 0x41\n"
      "CPU part        : 0xd03\n"
      "$ openssl speed -evp aes-128-ctr\n"
      "version: 3.0.13\n"
      "built on: Mon Feb  5 12:00:00 2024 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -O3 -DOPENSSL_USE_NODELETE -DOPENSSL_PIC "
      "-DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n" +
      speed);
  for (const CpuClue& clue : a53.facts.report->cpu_clues.clues) {
    EXPECT_THAT(clue.conclusion, Not(HasSubstr("crypto extensions unknown"))) << clue.clue;
  }
}

// D7: every line of the paste wrapped in backticks and its compiler line broken into code spans
// ("-``DOPENSSL_CPUID_OBJ"; openssl issue 13516, trimmed): the compiler line is read, and its
// -m64 and x86_64 assembly defines name the architecture.
TEST(Tryout32PastesTest, BacktickWrappedCompilerLineNamesTheArchitecture) {
  const DoctorReport report = DiagnosePaste(
      "`Doing aes-128 cbc for 3s on 16384 size blocks: 33282 aes-128 cbc's in 3.00s`\n"
      "`OpenSSL 1.1.1f  31 Mar 2020`\n"
      "`built on: Mon Aug 17 03:20:00 2020 UTC`\n"
      "`options:bn(64,64) rc4(16x,int) des(int) aes(partial) idea(int) blowfish(ptr) `\n"
      "`compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -``DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
      "-DOPENSSL_BN_ASM_MONT5 -``DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
      "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -``DAESNI_ASM -DVPAES_ASM -DGHASH_ASM "
      "-DECP_NISTZ256_ASM -DX25519_ASM -DPOLY1305_ASM -DNDEBUG`\n");
  EXPECT_EQ(report.facts.cpu.arch, "x86_64");
  for (const Finding& finding : report.findings) {
    EXPECT_NE(finding.id, "report.arch-unknown") << finding.summary;
  }
}

// D15: botan speed's rows of one algorithm under two providers (botan issue 3837, an M2 Pro,
// trimmed): each verdict names its provider, so that the two can be told apart, in the lines,
// the cannot-tell list and the JSON.
TEST(Tryout32PastesTest, VerdictsOfOneAlgorithmUnderTwoProvidersNameTheProvider) {
  const DoctorReport report = DiagnosePaste(
      "$ ./botan speed SHA-1 SHA-384 AES-128\n"
      "SHA-1 hash buffer size 1024 bytes: 2063.318 MiB/sec (1031.659 MiB in 500.000 ms)\n"
      "SHA-1 [commoncrypto] hash buffer size 1024 bytes: 1484.645 MiB/sec (742.322 MiB in "
      "500.000 ms)\n"
      "SHA-384 hash buffer size 1024 bytes: 1256.502 MiB/sec (628.251 MiB in 500.000 ms)\n"
      "SHA-384 [commoncrypto] hash buffer size 1024 bytes: 1150.582 MiB/sec (575.291 MiB in "
      "500.000 ms)\n"
      "AES-128 encrypt buffer size 1024 bytes: 13615.801 MiB/sec (6807.900 MiB in 500.000 ms)\n");
  std::vector<std::string> sha1;
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.algorithm == "SHA-1") {
      sha1.push_back(verdict.line);
    }
  }
  ASSERT_EQ(sha1.size(), 2u);
  EXPECT_THAT(sha1[0], ::testing::StartsWith("SHA-1 hash: "));
  EXPECT_THAT(sha1[1], ::testing::StartsWith("SHA-1 [commoncrypto] hash: "));
  const Verdict* aes = VerdictOf(report, "AES-128-ECB", "encrypt");
  ASSERT_NE(aes, nullptr);
  EXPECT_THAT(aes->line, ::testing::StartsWith("AES-128-ECB encrypt: "));  // one provider
  std::ostringstream text;
  RenderDoctorText(report, text);
  EXPECT_THAT(text.str(), HasSubstr("SHA-384 [commoncrypto] hash"));
  std::ostringstream json;
  RenderDoctorJson(report, json);
  EXPECT_THAT(json.str(), HasSubstr("\"implementation\": \"commoncrypto\""));
}

}  // namespace
}  // namespace cryptobench::diagnose
