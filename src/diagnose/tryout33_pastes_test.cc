// Pastes from the tryout-33 re-check that doctor --from misread.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/diagnose_paste.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::testing::HasSubstr;

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

}  // namespace
}  // namespace cryptobench::diagnose
