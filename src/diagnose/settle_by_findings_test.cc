// A finding that settles a cell's path sets that cell's verdict (SettleByCpuFindings): tryout 21
// item 5 found verdicts "undetermined" beside cpu.aes-hardware, report.crypto-fine, cpu.aes-unused
// and cpu.no-hw-aes of the same report, with the summary and exit status following the verdict,
// and a no-asm verdict beside a cpu.aes-software that could not tell whether the software used
// the CPU's AES instructions. Pastes shortened from /work/tryout-21/p (t13, t19, t16, t48, t09,
// t11, t30, t38).
#include <string>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_report_internal.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"
#include "support/pastes.h"

namespace cryptobench::diagnose {
namespace {

using doctor_internal::SummaryText;
using ::testing::Contains;
using testing::DiagnosePaste;
using ::testing::ElementsAre;
using testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::StatedTags;
using testing::VerdictFor;
using testing::X86WolfsslPaste;

// No report.cannot-tell of `report` names `name`.
void ExpectNotOpen(const DoctorReport& report, const std::string& name) {
  for (const Finding& finding : report.findings) {
    if (finding.id == "report.cannot-tell") {
      EXPECT_THAT(finding.summary, Not(HasSubstr(name))) << finding.summary;
    }
  }
}

TEST(SettleByFindingsTest, AboveEverySoftwareAesIsAccelerated) {
  // t13: Botan rows at 3.5 GiB/s, architecture unknown (botan cpuid names x86 only).
  const DoctorReport botan = DiagnosePaste(
      "$ botan version\n3.2.0\n$ botan cpuid\nCPUID flags: rdtsc sse2 ssse3 sse41 sse42 avx2 "
      "aes_ni clmul rdrand\n$ botan speed --msec=1000 AES-128/GCM ChaCha20Poly1305\n"
      "AES-128/GCM(16) [aesni] encrypt buffer size 1024 bytes: 3512.451 MiB/sec 1.06 "
      "cycles/byte (3512.45 MiB in 1000.00 ms)\n"
      "ChaCha20Poly1305 [base] encrypt buffer size 1024 bytes: 1402.334 MiB/sec 2.66 "
      "cycles/byte (1402.33 MiB in 1000.00 ms)\n");
  ASSERT_NE(FindingOf(botan, "cpu.aes-hardware"), nullptr);
  const Verdict& gcm = VerdictFor(botan, "AES-128-GCM", "encrypt");
  EXPECT_EQ(gcm.status, VerdictStatus::kAccelerated) << gcm.line;
  EXPECT_THAT(gcm.line, HasSubstr("faster than any software AES")) << gcm.line;
  EXPECT_TRUE(gcm.advice.empty()) << gcm.advice;
  ExpectNotOpen(botan, "AES-128-GCM");
  // ChaCha20-Poly1305 has no such bound: still open, and said so.
  EXPECT_EQ(VerdictFor(botan, "ChaCha20-Poly1305", "encrypt").status, VerdictStatus::kUndetermined);
  EXPECT_THAT(SummaryText(botan), HasSubstr("1 accelerated"));

  // t19: gnutls-cli at 4.91 GB/s, t16: -mr at 10.7 GB/s, t48: s390x cryptsetup at 4.2 GiB/s.
  const DoctorReport gnutls = DiagnosePaste(
      "$ gnutls-cli --benchmark-ciphers 2>&1 | head -4\n"
      "Checking AEAD ciphers, payload size: 16384\n"
      "             AES-128-GCM 4.91 GB/sec\n"
      "       CHACHA20-POLY1305 1.92 GB/sec\n");
  EXPECT_EQ(VerdictFor(gnutls, "AES-128-GCM", "encrypt").status, VerdictStatus::kAccelerated);
  ExpectNotOpen(gnutls, "AES-128-GCM");
  const DoctorReport mr = DiagnosePaste(
      "$ openssl speed -mr -seconds 1 -evp aes-128-gcm\n"
      "+DT:AES-128-GCM:1:16384\n+R:652112:AES-128-GCM:1.000000\n"
      "+H:16:64:256:1024:8192:16384\n"
      "+F:25:AES-128-GCM:980084976.00:2938368768.00:6428749568.00:9228606464.00:"
      "10659618816.00:10684403712.00\n");
  ASSERT_NE(FindingOf(mr, "report.crypto-fine"), nullptr);
  EXPECT_EQ(VerdictFor(mr, "AES-128-GCM", "encrypt").status, VerdictStatus::kAccelerated);
  EXPECT_EQ(mr.ExitStatus(), 0);
  const DoctorReport s390x = DiagnosePaste(
      "# uname -m\ns390x\n# cryptsetup benchmark -c aes-xts-plain64\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "# Algorithm |       Key |      Encryption |      Decryption\n"
      "    aes-xts        256b      4231.7 MiB/s      4230.9 MiB/s\n");
  EXPECT_EQ(VerdictFor(s390x, "AES-128-XTS", "encrypt").status, VerdictStatus::kAccelerated);
  EXPECT_EQ(VerdictFor(s390x, "AES-128-XTS", "decrypt").status, VerdictStatus::kAccelerated);
  EXPECT_THAT(SummaryText(s390x), HasSubstr("2 accelerated"));
}

TEST(SettleByFindingsTest, SoftwareAesOnACpuWithAesNiIsNotAccelerated) {
  // t09: mbedTLS on an i5-8250U whose flags show aes; AES-GCM at 0.33 times ChaCha20-Poly1305.
  const DoctorReport report = DiagnosePaste(
      "$ grep -m1 flags /proc/cpuinfo\n"
      "flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 "
      "clflush mmx fxsr sse sse2 syscall nx lm constant_tsc pni pclmulqdq ssse3 cx16 sse4_1 "
      "sse4_2 movbe popcnt aes xsave avx rdrand avx2 bmi2\n"
      "$ ./programs/test/benchmark\n"
      "  AES-CBC-128              :     166431 KiB/s,         21 cycles/byte\n"
      "  AES-GCM-128              :      99741 KiB/s,         36 cycles/byte\n"
      "  ChaCha20-Poly1305        :     300154 KiB/s,         11 cycles/byte\n");
  ASSERT_NE(FindingOf(report, "cpu.aes-unused"), nullptr);
  const Verdict& gcm = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_EQ(gcm.status, VerdictStatus::kNotAccelerated) << gcm.line;
  EXPECT_THAT(gcm.line, HasSubstr("the CPU has AES-NI")) << gcm.line;
  EXPECT_THAT(gcm.line, HasSubstr("ChaCha20-Poly1305")) << gcm.line;
  EXPECT_FALSE(gcm.advice.empty());
  // The ratio settles AES-GCM only: AES-CBC's figure is inside the bounds and stays open.
  EXPECT_EQ(VerdictFor(report, "AES-128-CBC", "encrypt").status, VerdictStatus::kUndetermined);
  EXPECT_EQ(report.ExitStatus(), 1);
  EXPECT_THAT(SummaryText(report), HasSubstr("1 problem"));
}

TEST(SettleByFindingsTest, SoftwareAesOnACpuWithoutAesIsSoftwareExpected) {
  // t11: MIPS 74Kc (no cpb classes for mips), below every hardware AES path.
  const DoctorReport mips = DiagnosePaste(
      "root@OpenWrt:~# cat /proc/cpuinfo\n"
      "system type\t\t: Qualcomm Atheros QCA9558 ver 1 rev 0\n"
      "cpu model\t\t: MIPS 74Kc V5.0\n"
      "root@OpenWrt:~# openssl speed -evp aes-128-cbc\n"
      "OpenSSL 1.0.1u  22 Sep 2016\n"
      "built on: reproducible build, date unspecified\n"
      "options:bn(64,32) rc4(ptr,char) des(idx,cisc,2,long) aes(partial) blowfish(ptr) \n"
      "compiler: mips-openwrt-linux-musl-gcc -fPIC -DOPENSSL_PIC -DDSO_DLFCN -DHAVE_DLFCN_H "
      "-DTERMIO -Os -DOPENSSL_BN_ASM_MONT -DSHA1_ASM -DSHA256_ASM -DAES_ASM\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
      "aes-128-cbc       4053.83k     4863.54k     5112.41k     5176.81k     5180.07k\n");
  ASSERT_NE(FindingOf(mips, "cpu.no-hw-aes"), nullptr);
  const Verdict& cbc = VerdictFor(mips, "AES-128-CBC", "encrypt");
  EXPECT_EQ(cbc.status, VerdictStatus::kSoftwareExpected) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("MIPS 74Kc")) << cbc.line;
  EXPECT_THAT(SummaryText(mips), Not(HasSubstr("undetermined")));
  EXPECT_EQ(mips.ExitStatus(), 0);

  // t30: armv7l, Features without aes, 29 MB/s (below every hardware path).
  const DoctorReport armv7 = DiagnosePaste(
      "pi@raspberrypi:~ $ uname -m\narmv7l\n"
      "pi@raspberrypi:~ $ grep -m1 Features /proc/cpuinfo\n"
      "Features\t: half thumb fastmult vfp edsp neon vfpv3 tls vfpv4 idiva idivt vfpd32 lpae "
      "evtstrm crc32 \n"
      "pi@raspberrypi:~ $ openssl speed -elapsed -evp aes-128-cbc\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "OpenSSL 1.1.1n  15 Mar 2022\n"
      "built on: Fri Jun 24 20:22:19 2022 UTC\n"
      "options:bn(64,32) rc4(char) des(long) aes(partial) blowfish(ptr) \n"
      "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
      "-DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_BN_ASM_MONT -DSHA1_ASM -DSHA256_ASM "
      "-DAES_ASM -DBSAES_ASM -DGHASH_ASM -DPOLY1305_ASM -DNDEBUG\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-cbc      24539.75k    27759.06k    28757.46k    29017.43k    28978.52k    "
      "29003.09k\n");
  ASSERT_NE(FindingOf(armv7, "cpu.no-hw-aes"), nullptr);
  EXPECT_EQ(VerdictFor(armv7, "AES-128-CBC", "encrypt").status, VerdictStatus::kSoftwareExpected)
      << VerdictFor(armv7, "AES-128-CBC", "encrypt").line;
}

// openssl/openssl issue 11377: a Raspberry Pi 4's board line (/proc/device-tree/model) above its
// `uname -a` (armv7l: no cpb classes for arm) and a 1.1.1 speed header trimmed to its compiler
// line. The board's row of data/cpu-clues.csv says the BCM2711 has no ARMv8 Crypto Extensions, so
// AES runs in software whatever the build: the verdict names the line, the row and its source; the
// finding gives the remedy with its source. Prose that mentions a Pi is no clue, and a figure
// faster than any software AES overrules the row (a contradiction, never "no AES").
TEST(SettleByFindingsTest, ABoardLineOfACpuWithoutAesSettlesSoftwareOnArm) {
  const auto paste = [](const std::string& board, const std::string& kbytes) {
    return board +
           "\nLinux 5.15.72-v7l+ #1591 SMP Wed Oct 5 12:05:33 BST 2022 armv7l unknown unknown "
           "GNU/Linux\n\n"
           "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
           "-DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_BN_ASM_MONT -DSHA1_ASM -DSHA256_ASM "
           "-DAES_ASM -DBSAES_ASM -DGHASH_ASM -DPOLY1305_ASM -DNDEBUG\n\n"
           "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
           "bytes\n"
           "aes-256-cbc      50622.20k    59695.34k    63555.72k    64419.87k    64719.54k    " +
           kbytes + "k\n";
  };
  const DoctorReport pi = DiagnosePaste(paste("Raspberry Pi 4 Model B Rev 1.2", "64738.65"));
  const Verdict& cbc = VerdictFor(pi, "AES-256-CBC", "encrypt");
  EXPECT_EQ(cbc.status, VerdictStatus::kSoftwareExpected) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("(line 1): Raspberry Pi 4 Model B Rev 1.2 shows no AES"))
      << cbc.line;
  EXPECT_THAT(cbc.evidence, Contains(HasSubstr("data/cpu-clues.csv row *Raspberry Pi 4*")));
  EXPECT_THAT(cbc.evidence, Contains(HasSubstr("https://github.com/openssl/openssl/issues/16851")));
  const Finding* cause = FindingOf(pi, "cpu.no-hw-aes");
  ASSERT_NE(cause, nullptr);
  EXPECT_THAT(cause->evidence, HasSubstr("data/cpu-clues.csv row *Raspberry Pi 4*"));
  EXPECT_THAT(cause->advice, HasSubstr("ChaCha20-Poly1305"));
  EXPECT_THAT(cause->advice, HasSubstr("https://www.rfc-editor.org/rfc/rfc8439"));
  EXPECT_THAT(cause->advice, Not(HasSubstr("offload engine")));  // a library, not the kernel
  EXPECT_THAT(StatedTags(pi), ElementsAre("no-hw-aes"));
  EXPECT_EQ(pi.ExitStatus(), 0);

  const DoctorReport prose =
      DiagnosePaste(paste("I tested this on a Raspberry Pi 4 and it is slow.", "64738.65"));
  EXPECT_EQ(FindingOf(prose, "cpu.no-hw-aes"), nullptr);
  EXPECT_EQ(VerdictFor(prose, "AES-256-CBC", "encrypt").status, VerdictStatus::kUndetermined);

  // 3 GB/s is above every software AES-256 path (1857 MB/s at 6.5 GHz): the row is overruled.
  const DoctorReport fast = DiagnosePaste(paste("Raspberry Pi 4 Model B Rev 1.2", "3000000.00"));
  EXPECT_EQ(FindingOf(fast, "cpu.no-hw-aes"), nullptr);
  EXPECT_THAT(StatedTags(fast), Not(Contains("no-hw-aes")));
  EXPECT_NE(VerdictFor(fast, "AES-256-CBC", "encrypt").status, VerdictStatus::kSoftwareExpected);
  const Finding* hardware = FindingOf(fast, "cpu.aes-hardware");
  ASSERT_NE(hardware, nullptr);
  // The figure is also above what software reaches at the Pi 4's highest clock
  // (data/cpu-max-clocks.csv): the row and the figure disagree, and that finding names both.
  const Finding* disagree = FindingOf(fast, "cpu.clues-disagree");
  ASSERT_NE(disagree, nullptr);
  EXPECT_THAT(disagree->evidence, HasSubstr("Raspberry Pi 4 Model B Rev 1.2 shows no AES"))
      << disagree->evidence;

  // The kernel's AES (cryptsetup): the remedy adds an offload engine, if the SoC has one.
  const DoctorReport kernel = DiagnosePaste(
      "Raspberry Pi 4 Model B Rev 1.2\n"
      "Linux 5.15.72-v7l+ #1591 SMP Wed Oct 5 12:05:33 BST 2022 armv7l GNU/Linux\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "#     Algorithm |       Key |      Encryption |      Decryption\n"
      "        aes-xts        256b        85.8 MiB/s        89.3 MiB/s\n");
  const Finding* kernel_cause = FindingOf(kernel, "cpu.no-hw-aes");
  ASSERT_NE(kernel_cause, nullptr);
  EXPECT_THAT(kernel_cause->advice, HasSubstr("offload engine"));
  EXPECT_THAT(kernel_cause->advice, HasSubstr("ChaCha20-Poly1305"));
}

TEST(SettleByFindingsTest, ANoAsmBuildSettlesWhatTheSoftwareUses) {
  // t38: a mingw64 1.1.1 build without assembly, no CPU lines, AES-GCM at 32 MB/s.
  const DoctorReport report = DiagnosePaste(
      "$ openssl speed -evp aes-128-gcm\n"
      "OpenSSL 1.1.1w  11 Sep 2023\n"
      "built on: Mon Sep 11 14:09:53 2023 UTC\n"
      "options:bn(64,64) rc4(16x,int) des(long) aes(partial) idea(int) blowfish(ptr) \n"
      "compiler: gcc -m64 -Wall -O3 -DL_ENDIAN -DOPENSSL_PIC -DUNICODE -D_UNICODE "
      "-DWIN32_LEAN_AND_MEAN -D_MT -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-gcm      26910.12k    30121.09k    31201.44k    31811.94k    31922.18k    "
      "31943.33k\n");
  EXPECT_EQ(VerdictFor(report, "AES-128-GCM", "encrypt").status, VerdictStatus::kNotAccelerated);
  ASSERT_NE(FindingOf(report, "library.no-asm"), nullptr);
  if (const Finding* software = FindingOf(report, "cpu.aes-software")) {
    EXPECT_THAT(software->summary, Not(HasSubstr("the software does not use them")))
        << software->summary;
    EXPECT_THAT(software->summary, Not(HasSubstr("cannot tell"))) << software->summary;
    EXPECT_EQ(software->severity, Severity::kInfo);
  }
}

// Tryout 22 item 5 (q21): gnutls-cli, no CPU lines. AES-256-GCM is above every software AES
// (accelerated); AES-128-GCM of the same run, faster still, is below AES-128's own bound: it
// follows its sibling. CBC is another mode: it stays open.
TEST(SettleByFindingsTest, AnAesRowFollowsASettledSiblingOfItsMode) {
  const DoctorReport report = DiagnosePaste(
      "$ gnutls-cli --benchmark-ciphers\n"
      "Checking AEAD ciphers, payload size: 16384\n"
      "             AES-128-GCM 2.41 GB/sec\n"
      "             AES-256-GCM 2.02 GB/sec\n"
      "\n"
      "Checking ciphers, payload size: 16384\n"
      "             AES-128-CBC 1.21 GB/sec\n");
  ASSERT_EQ(VerdictFor(report, "AES-256-GCM", "encrypt").status, VerdictStatus::kAccelerated);
  const Verdict& gcm128 = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_EQ(gcm128.status, VerdictStatus::kAccelerated) << gcm128.line;
  EXPECT_THAT(gcm128.line, HasSubstr("AES-256-GCM encrypt")) << gcm128.line;
  ExpectNotOpen(report, "AES-128-GCM");
  EXPECT_EQ(VerdictFor(report, "AES-128-CBC", "encrypt").status, VerdictStatus::kUndetermined);
}

// Tryout 22 item 4 (q27b): wolfSSL's C AES on a CPU whose flags show AES-NI. CBC decrypt is
// below every hardware path (NOT accelerated), CBC encrypt between the bounds; GCM encrypt is
// settled by the ChaCha20-Poly1305 ratio, GCM decrypt has no class. Each open row follows its
// mode's settled one, with its advice.
TEST(SettleByFindingsTest, SoftwareAesSettlesTheOtherDirection) {
  const DoctorReport report = DiagnosePaste(X86WolfsslPaste(
      "-aes-gcm -aes-cbc -chacha20-poly1305",
      "AES-128-CBC-enc            190 MiB took 1.014 seconds,  187.370 MiB/s Cycles per byte "
      "=  16.85\n"
      "AES-128-CBC-dec            185 MiB took 1.021 seconds,  181.195 MiB/s Cycles per byte "
      "=  17.42\n"
      "AES-128-GCM-enc            115 MiB took 1.028 seconds,  111.868 MiB/s Cycles per byte "
      "=  28.22\n"
      "AES-128-GCM-dec            115 MiB took 1.030 seconds,  111.650 MiB/s Cycles per byte "
      "=  28.28\n"
      "CHACHA20-POLY1305          440 MiB took 1.004 seconds,  438.247 MiB/s Cycles per byte "
      "=   7.20\n"));
  ASSERT_NE(FindingOf(report, "cpu.aes-unused"), nullptr);
  ASSERT_EQ(VerdictFor(report, "AES-128-CBC", "decrypt").status, VerdictStatus::kNotAccelerated);
  ASSERT_EQ(VerdictFor(report, "AES-128-GCM", "encrypt").status, VerdictStatus::kNotAccelerated);
  const Verdict& cbc = VerdictFor(report, "AES-128-CBC", "encrypt");
  EXPECT_EQ(cbc.status, VerdictStatus::kNotAccelerated) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("AES-128-CBC decrypt")) << cbc.line;
  EXPECT_THAT(cbc.advice, HasSubstr("--enable-aesni")) << cbc.advice;
  const Verdict& gcm = VerdictFor(report, "AES-128-GCM", "decrypt");
  EXPECT_EQ(gcm.status, VerdictStatus::kNotAccelerated) << gcm.line;
  EXPECT_THAT(gcm.line, HasSubstr("AES-128-GCM encrypt")) << gcm.line;
  EXPECT_THAT(SummaryText(report), HasSubstr("4 problems, 1 undetermined")) << SummaryText(report);
}

// A mode whose rows disagree (a row above every software AES and one below every hardware path,
// in one run) settles none of its open rows; the slow row itself is disputed (one path serves
// every key size on x86-64: DisputeDisagreeingRows), not NOT accelerated.
TEST(SettleByFindingsTest, SiblingsThatDisagreeSettleNothing) {
  const DoctorReport report = DiagnosePaste(
      X86WolfsslPaste("-aes-gcm",
                      "AES-128-GCM-enc           7000 MiB took 1.000 seconds, 7000.000 MiB/s\n"
                      "AES-128-GCM-dec            300 MiB took 1.000 seconds,  300.000 MiB/s\n"
                      "AES-256-GCM-enc              5 MiB took 1.000 seconds,    5.000 MiB/s\n"));
  ASSERT_EQ(VerdictFor(report, "AES-128-GCM", "encrypt").status, VerdictStatus::kAccelerated);
  const Verdict& disputed = VerdictFor(report, "AES-256-GCM", "encrypt");
  ASSERT_EQ(disputed.status, VerdictStatus::kUndetermined) << disputed.line;
  EXPECT_THAT(disputed.line, HasSubstr("disturbed")) << disputed.line;
  EXPECT_EQ(VerdictFor(report, "AES-128-GCM", "decrypt").status, VerdictStatus::kUndetermined)
      << VerdictFor(report, "AES-128-GCM", "decrypt").line;
}

// Tryout 23 (n02s): GCM encrypt disturbed (0.24x ChaCha20-Poly1305: settled NOT accelerated by
// the ratio rule) beside GCM decrypt at 0.9x ChaCha20-Poly1305, a figure 3.7x its sibling's. The
// sibling settles nothing: a row whose figure is far from its sibling's does not show a shared
// path, and the decrypt row must not be called software with wolfSSL's build advice.
TEST(SettleByFindingsTest, ASiblingFarFromTheRowsFigureSettlesNothing) {
  const DoctorReport report = DiagnosePaste(
      X86WolfsslPaste("-aes-gcm -chacha20-poly1305",
                      "AES-128-GCM-enc            430 MiB took 1.034 seconds,  415.861 MiB/s\n"
                      "AES-128-GCM-dec           1550 MiB took 1.010 seconds, 1534.653 MiB/s\n"
                      "CHACHA20-POLY1305         1705 MiB took 1.003 seconds, 1699.900 MiB/s\n"));
  ASSERT_EQ(VerdictFor(report, "AES-128-GCM", "encrypt").status, VerdictStatus::kNotAccelerated);
  const Verdict& decrypt = VerdictFor(report, "AES-128-GCM", "decrypt");
  EXPECT_NE(decrypt.status, VerdictStatus::kNotAccelerated) << decrypt.line;
  EXPECT_THAT(decrypt.line, Not(HasSubstr("the same code path"))) << decrypt.line;
}

// Issue 13 section 5 (tryout 23, n02s with its configure line): wolfSSL built with
// --enable-intelasm, AES-128-GCM encrypt disturbed (0.24x ChaCha20-Poly1305 and below every
// accelerated class: NOT accelerated by its own figure) while GCM decrypt is above every software
// AES (accelerated). One routine serves both directions, so the pair says one figure was
// disturbed, not that AES-NI went unused: the slow row is disputed, no cpu.aes-unused, no build or
// openssl speed advice, and a rerun of the tool's own command.
TEST(SettleByFindingsTest, RowsOfOnePathThatDisagreeAreDisputed) {
  const DoctorReport report = DiagnosePaste(
      X86WolfsslPaste("-aes-gcm -chacha20-poly1305",
                      "AES-128-GCM-enc            430 MiB took 1.034 seconds,  415.861 MiB/s\n"
                      "AES-128-GCM-dec           3550 MiB took 1.002 seconds, 3542.914 MiB/s\n"
                      "CHACHA20-POLY1305         1705 MiB took 1.003 seconds, 1699.900 MiB/s\n",
                      "$ ./configure --enable-intelasm --enable-aesgcm-stream --enable-sp-asm\n"));
  ASSERT_EQ(VerdictFor(report, "AES-128-GCM", "decrypt").status, VerdictStatus::kAccelerated);
  const Verdict& encrypt = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_EQ(encrypt.status, VerdictStatus::kUndetermined) << encrypt.line;
  EXPECT_THAT(encrypt.line, HasSubstr("disturbed")) << encrypt.line;
  EXPECT_THAT(encrypt.advice, HasSubstr("quiet machine")) << encrypt.advice;
  EXPECT_THAT(encrypt.advice, Not(HasSubstr("--enable-"))) << encrypt.advice;
  EXPECT_EQ(FindingOf(report, "cpu.aes-unused"), nullptr)
      << FindingOf(report, "cpu.aes-unused")->advice;
  const Finding* disagree = FindingOf(report, "report.rows-disagree");
  ASSERT_NE(disagree, nullptr);
  EXPECT_THAT(disagree->summary, HasSubstr("AES-128-GCM decrypt and AES-128-GCM encrypt"));
  EXPECT_THAT(disagree->summary, HasSubstr("disturbed"));
  EXPECT_THAT(disagree->advice, HasSubstr("wolfCrypt benchmark")) << disagree->advice;
  for (const Finding& finding : report.findings) {
    EXPECT_THAT(finding.advice, Not(HasSubstr("openssl speed"))) << finding.id;
  }
  EXPECT_THAT(StatedTags(report), Not(Contains("hw-path-unused")));
  EXPECT_EQ(report.ExitStatus(), 0) << SummaryText(report);
}

// Guard: serial CBC encrypt runs several times slower than its parallel decrypt on the same
// AES-NI (aesni_cbc_encrypt), so a CBC encrypt below its classes beside a decrypt above every
// software AES is no contradiction: each keeps its own verdict.
TEST(SettleByFindingsTest, SerialCbcEncryptBesideItsDecryptIsNoContradiction) {
  const DoctorReport report = DiagnosePaste(
      X86WolfsslPaste("-aes-cbc -aes-gcm -chacha20-poly1305",
                      "AES-128-CBC-enc            430 MiB took 1.034 seconds,  415.861 MiB/s\n"
                      "AES-128-CBC-dec           3550 MiB took 1.002 seconds, 3542.914 MiB/s\n"
                      "AES-128-GCM-enc            430 MiB took 1.034 seconds,  415.861 MiB/s\n"
                      "CHACHA20-POLY1305         1705 MiB took 1.003 seconds, 1699.900 MiB/s\n"));
  EXPECT_EQ(VerdictFor(report, "AES-128-CBC", "decrypt").status, VerdictStatus::kAccelerated);
  EXPECT_EQ(VerdictFor(report, "AES-128-GCM", "encrypt").status, VerdictStatus::kNotAccelerated);
  EXPECT_EQ(FindingOf(report, "report.rows-disagree"), nullptr);
}

// Issue 13 section 5: GCM decrypt 12x below its encrypt, both open (no architecture, so no
// class). One routine runs both directions at one rate, so one figure was disturbed: the report
// says so and names the rerun, instead of leaving two "undetermined" without a remark. CBC's
// directions differ legitimately and get no such remark.
TEST(SettleByFindingsTest, DirectionsOfOneModeFarApartAreRemarked) {
  const auto paste = [](std::string_view mode) {
    return fmt::format(
        "$ ./wolfcrypt/benchmark/benchmark -aes-{}\n"
        " wolfSSL version 5.7.2\n"
        "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
        "AES-128-{}-enc           1200 MiB took 1.000 seconds, 1200.000 MiB/s\n"
        "AES-128-{}-dec            100 MiB took 1.000 seconds,  100.000 MiB/s\n"
        "Benchmark complete\n",
        mode, mode, mode);
  };
  const DoctorReport gcm = DiagnosePaste(paste("GCM"));
  EXPECT_EQ(VerdictFor(gcm, "AES-128-GCM", "encrypt").status, VerdictStatus::kUndetermined);
  EXPECT_EQ(VerdictFor(gcm, "AES-128-GCM", "decrypt").status, VerdictStatus::kUndetermined);
  const Finding* differ = FindingOf(gcm, "report.rows-disagree");
  ASSERT_NE(differ, nullptr);
  EXPECT_THAT(differ->summary, HasSubstr("differ 12x")) << differ->summary;
  EXPECT_THAT(differ->evidence, HasSubstr("AES-128-GCM decrypt")) << differ->evidence;
  EXPECT_THAT(differ->advice, HasSubstr("quiet machine")) << differ->advice;

  const DoctorReport cbc = DiagnosePaste(paste("CBC"));
  EXPECT_EQ(FindingOf(cbc, "report.rows-disagree"), nullptr);
}

// Issue 13 section 5: remedies fit the tool. A `cryptsetup benchmark` on an AMD Geode LX (flags
// without aes) whose geode-aes engine runs 128-bit keys only (drivers/crypto/geode-aes.c hands
// the others to a software fallback): aes-cbc 128b is 5x twofish-cbc (a hardware path),
// aes-cbc 256b half of it (software). Not "AES instructions unused", and no openssl speed advice
// for a kernel tool: the kernel-side checks (/proc/crypto driver and priority, lsmod, cryptsetup).
TEST(SettleByFindingsTest, AKernelToolGetsKernelRemedies) {
  const DoctorReport report = DiagnosePaste(
      "# uname -m\ni686\n# grep -m1 -E 'model name|flags' /proc/cpuinfo\n"
      "model name\t: Geode(TM) Integrated Processor by AMD PCS\n"
      "flags\t\t: fpu de pse tsc msr cx8 sep pge cmov clflush mmx mmxext 3dnowext 3dnow\n"
      "# cryptsetup benchmark\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "#     Algorithm |       Key |      Encryption |      Decryption\n"
      "        aes-cbc        128b        61.2 MiB/s        62.0 MiB/s\n"
      "    serpent-cbc        128b         9.1 MiB/s         9.8 MiB/s\n"
      "    twofish-cbc        128b        11.9 MiB/s        12.3 MiB/s\n"
      "        aes-cbc        256b         6.4 MiB/s         6.6 MiB/s\n"
      "    serpent-cbc        256b         9.1 MiB/s         9.8 MiB/s\n"
      "    twofish-cbc        256b        11.9 MiB/s        12.3 MiB/s\n");
  EXPECT_EQ(FindingOf(report, "cpu.aes-unused"), nullptr);
  EXPECT_THAT(StatedTags(report), Not(Contains("hw-path-unused")));
  const Finding* partly = FindingOf(report, "kernel.aes-partly-hardware");
  ASSERT_NE(partly, nullptr);
  EXPECT_THAT(partly->advice, HasSubstr("/proc/crypto")) << partly->advice;
  EXPECT_THAT(partly->advice, HasSubstr("cryptsetup benchmark -c")) << partly->advice;
  for (const Finding& finding : report.findings) {
    EXPECT_THAT(finding.advice, Not(HasSubstr("openssl speed"))) << finding.id;
  }
  for (const Verdict& verdict : report.verdicts) {
    EXPECT_THAT(verdict.advice, Not(HasSubstr("openssl speed"))) << verdict.line;
  }
}

// Tryout 22 item 8 (q08): LibreSSL 3.3.6 on arm64 macOS, no CPU lines. library.lacks-asm-path
// says its AES runs software code whatever the CPU offers; the verdict says so too.
TEST(SettleByFindingsTest, ALibraryWithoutTheAssemblySettlesTheVerdict) {
  const DoctorReport report = DiagnosePaste(
      "% uname -a\n"
      "Darwin mba.local 23.4.0 Darwin Kernel Version 23.4.0: Fri Mar 15 00:12:37 PDT 2024; "
      "root:xnu-10063.101.17~1/RELEASE_ARM64_T8103 arm64\n"
      "% openssl speed -evp aes-128-cbc\n"
      "Doing aes-128-cbc for 3s on 16 size blocks: 33804512 aes-128-cbc's in 3.00s\n"
      "Doing aes-128-cbc for 3s on 64 size blocks: 9172109 aes-128-cbc's in 3.00s\n"
      "Doing aes-128-cbc for 3s on 256 size blocks: 2351877 aes-128-cbc's in 3.00s\n"
      "Doing aes-128-cbc for 3s on 1024 size blocks: 591021 aes-128-cbc's in 3.00s\n"
      "Doing aes-128-cbc for 3s on 8192 size blocks: 74102 aes-128-cbc's in 3.00s\n"
      "LibreSSL 3.3.6\n"
      "built on: date not available\n"
      "options:bn(64,64) rc4(16x,int) des(idx,cisc,16,int) aes(partial) blowfish(idx) \n"
      "compiler: information not available\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
      "aes-128-cbc     180290.73k   195671.66k   200693.50k   201735.85k   202348.54k\n");
  ASSERT_NE(FindingOf(report, "library.lacks-asm-path"), nullptr);
  const Verdict& cbc = VerdictFor(report, "AES-128-CBC", "encrypt");
  EXPECT_EQ(cbc.status, VerdictStatus::kNotAccelerated) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("LibreSSL 3.3.6 has no aarch64 assembly for AES")) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("is not in the text")) << cbc.line;
  ExpectNotOpen(report, "AES-128-CBC");
}

}  // namespace
}  // namespace cryptobench::diagnose
