// Pastes from the tryout-33 re-check that doctor --from misread.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/diagnose_paste.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::VerdictOf;
using ::testing::HasSubstr;
using ::testing::Not;

const Finding* FindingWithId(const DoctorReport& report, const std::string& id) {
  for (const Finding& finding : report.findings) {
    if (finding.id == id) {
      return &finding;
    }
  }
  return nullptr;
}

// D1: NXP MCUXpresso SDK's mbedTLS benchmark demo on a KW47-EVK (its readme's output,
// trimmed): the core runs at 96 MHz and the program says its AES runs on the ELE200 engine.
// "No hardware AES path runs this slowly even at 0.4 GHz" holds for CPU instructions, not for a
// microcontroller or an engine, so no figure here makes AES "run in software".
TEST(Tryout33PastesTest, AMicrocontrollerEngineIsNotSoftwareAes) {
  const DoctorReport report = DiagnosePaste(
      "mbedTLS version 2.28.8\n"
      "fsys=96000000\n"
      "Using following implementations:\n"
      "  SHA: ELE200 HW accelerated\n"
      "  AES: ELE200 HW accelerated ECB, CBC, CCM and CMAC\n"
      "  AES GCM: Software implementation\n"
      "\n"
      "  SHA-256                  :  5124.19 KiB/s,   18.11 cycles/byte\n"
      "  AES-CBC-128              :  1928.96 KiB/s,   48.49 cycles/byte\n"
      "  AES-GCM-128              :   29.83 KiB/s,  3250.47 cycles/byte\n");
  EXPECT_EQ(FindingWithId(report, "cpu.aes-software"), nullptr);
  EXPECT_DOUBLE_EQ(report.core_hz_low, 96e6);
  EXPECT_DOUBLE_EQ(report.core_hz_high, 96e6);
  const Finding* list = FindingWithId(report, "report.implementation-list");
  ASSERT_NE(list, nullptr);
  EXPECT_THAT(list->evidence, HasSubstr("'AES GCM: Software implementation'"));
}

// D1 without the list: the Nuclei SDK banner's 32 MHz core (its mbedTLS README) is below any
// clock the hardware AES floor assumes, so a slow figure there proves no software path either.
TEST(Tryout33PastesTest, AClockBelowTheFloorsClockLeavesTheFloorOut) {
  const DoctorReport report = DiagnosePaste(
      "    CPU Frequency 32000403 Hz\n"
      "\n"
      "    MD5                      :  1456 KiB/s, 20 cycles/byte\n"
      "    AES-CBC-128              :  1381 KiB/s, 22 cycles/byte\n");
  EXPECT_EQ(FindingWithId(report, "cpu.aes-software"), nullptr);
  EXPECT_NEAR(report.core_hz_high, 32.000403e6, 1);
}

// D3: OpenWrt 22.03's OpenSSL 1.1.1u on a NanoPi R4S (RK3399; yrzr's blog post "Running
// OPNsense on R6S", sec. 5.2, trimmed). 124 MB/s AES-256-GCM is 8.1-40 cpb over the assumed
// 1-5 GHz; below about 1.3 GHz that is faster than every software class of
// data/cpb-classes-aarch64.csv, so the figure is not "software over the whole range".
TEST(Tryout33PastesTest, AFigureFasterThanSoftwareAtLowClocksIsNotSoftwareOverTheRange) {
  const DoctorReport report = DiagnosePaste(
      "$ openssl speed -evp aes-256-gcm\n"
      "Doing aes-256-gcm for 3s on 16384 size blocks: 22567 aes-256-gcm's in 2.98s\n"
      "OpenSSL 1.1.1u  30 May 2023\n"
      "built on: Sat Jun 17 10:56:58 2023 UTC\n"
      "options:bn(64,64) rc4(char) des(int) aes(partial) blowfish(ptr) \n"
      "compiler: aarch64-openwrt-linux-musl-gcc -fPIC -pthread -Wa,--noexecstack -Wall -O3 -Os "
      "-DOPENSSL_USE_NODELETE -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_BN_ASM_MONT -DSHA1_ASM "
      "-DSHA256_ASM -DSHA512_ASM -DKECCAK1600_ASM -DVPAES_ASM -DECP_NISTZ256_ASM -DPOLY1305_ASM "
      "-DNDEBUG -DOPENSSL_SMALL_FOOTPRINT\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16384 bytes\n"
      "aes-256-gcm      124073.06k\n");
  const Verdict* gcm = VerdictOf(report, "AES-256-GCM", "encrypt");
  ASSERT_NE(gcm, nullptr);
  EXPECT_EQ(gcm->status, VerdictStatus::kUndetermined) << gcm->line;
  EXPECT_THAT(gcm->line, Not(HasSubstr("software over the whole"))) << gcm->line;
  EXPECT_THAT(gcm->line, Not(HasSubstr("software may be all it has"))) << gcm->line;
  EXPECT_THAT(gcm->line, HasSubstr("faster than every software class")) << gcm->line;
}

// D5: a Raspberry Pi 5's AES-256-CBC encryption at 1.37 GB/s, with no architecture in the text
// (sbc-reviews issue 21, trimmed). CBC encryption is serial, so the bit-sliced CTR ceiling does
// not apply: no serial software path reaches 948 MB/s for AES-256 at 6.5 GHz.
TEST(Tryout33PastesTest, CbcEncryptionAboveTheSerialSoftwareCeilingIsAccelerated) {
  const DoctorReport report = DiagnosePaste(
      "$ openssl speed -elapsed -evp aes-256-cbc\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "Doing AES-256-CBC for 3s on 16384 size blocks: 250858 AES-256-CBC's in 3.00s\n"
      "version: 3.0.9\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16384 bytes\n"
      "AES-256-CBC    1370015.74k\n");
  const Verdict* cbc = VerdictOf(report, "AES-256-CBC", "encrypt");
  ASSERT_NE(cbc, nullptr);
  EXPECT_EQ(cbc->status, VerdictStatus::kAccelerated) << cbc->line;
}

// -multi N prints the sum of N processes: four software AES-128-CBC encryptions at 400 MB/s
// each are 1.6 GB/s together, above the one-stream ceiling (1327 MB/s) but no proof of
// hardware; the ceiling holds per process.
TEST(Tryout33PastesTest, AMultiSumIsBoundedPerProcess) {
  const DoctorReport report = DiagnosePaste(
      "$ openssl speed -multi 4 -elapsed -evp aes-128-cbc\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "version: 3.0.9\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16384 bytes\n"
      "aes-128-cbc    1600000.00k\n");
  ASSERT_EQ(report.facts.report->processes, 4);
  const Verdict* cbc = VerdictOf(report, "AES-128-CBC", "encrypt");
  ASSERT_NE(cbc, nullptr);
  EXPECT_NE(cbc->status, VerdictStatus::kAccelerated) << cbc->line;
}

// Tryout 34 D6: a "CPU Frequency ... Hz" line beside openssl speed output is not the Nuclei
// SDK's banner of an mbedTLS demo, so it is not taken as the core clock.
TEST(Tryout33PastesTest, AnSdkClockLineCountsOnlyBesideTheSdksDemo) {
  const DoctorReport report = DiagnosePaste(
      "CPU Frequency 300000000 Hz\n"
      "$ openssl speed -elapsed -evp aes-128-gcm\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "version: 3.0.9\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16384 bytes\n"
      "aes-128-gcm    1900000.00k\n");
  EXPECT_NE(report.core_hz_high, 300e6);
}

}  // namespace
}  // namespace cryptobench::diagnose
