#include "report/format_util.h"

#include <gtest/gtest.h>

namespace cryptobench::report {
namespace {

TEST(FormatUtilTest, RatePrecisionFollowsMagnitude) {
  EXPECT_EQ(FormatRate(0), "0.00");
  // A small nonzero rate keeps three significant digits instead of printing as zero.
  EXPECT_EQ(FormatRate(0.001), "0.00100");
  EXPECT_EQ(FormatRate(0.0123456), "0.0123");
  EXPECT_EQ(FormatRate(0.5), "0.500");
  EXPECT_EQ(FormatRate(-0.004), "-0.00400");
  EXPECT_EQ(FormatRate(1.234e-9), "1.23e-09");
  EXPECT_EQ(FormatMbPerS(1000), "0.00100");  // 1000 bytes/s
  EXPECT_EQ(FormatRate(56.784), "56.78");
  EXPECT_EQ(FormatRate(99.994), "99.99");
  EXPECT_EQ(FormatRate(100), "100.0");
  EXPECT_EQ(FormatRate(1234.56), "1234.6");
  EXPECT_EQ(FormatRate(9999.94), "9999.9");
  EXPECT_EQ(FormatRate(10000), "10000");
  EXPECT_EQ(FormatRate(41229.4), "41229");
  EXPECT_EQ(FormatMbPerS(1442.1e6), "1442.1");
}

TEST(FormatUtilTest, CostKeepsThreeDigits) {
  EXPECT_EQ(FormatCost(0.65555), "0.656");
  EXPECT_EQ(FormatCost(0.043), "0.043");
  EXPECT_EQ(FormatCost(0.00043), "0.00043");  // not "0.000"
  EXPECT_EQ(FormatCost(12.345), "12.35");     // 12.345 is stored just above .345
  EXPECT_EQ(FormatCost(123.45), "123.5");
}

TEST(FormatUtilTest, CiHalfWidthIsRelative) {
  EXPECT_EQ(FormatCiHalfWidth({1000, 996, 1004}), "±0.4%");
  EXPECT_EQ(FormatCiHalfWidth({200, 190, 220}), "±7.5%");
  EXPECT_EQ(FormatCiHalfWidth({0, 0, 0}), "±?");
  // New-user tryout: "±128.7%" put the interval below zero. Past ±50% the figure is flagged
  // noisy instead (hyperfine keeps the figure and warns).
  EXPECT_EQ(FormatCiHalfWidth({100, 50, 150}), "±50.0%");
  EXPECT_EQ(FormatCiHalfWidth({100, 20, 277.4}), "±>50% (noisy)");
  EXPECT_EQ(FormatRateWithCi({100, 20, 277.4}), "100.0 ±>50% (noisy)");
  EXPECT_TRUE(IsNoisy({100, 20, 277.4}));
  EXPECT_FALSE(IsNoisy({100, 99, 101}));
  EXPECT_NE(NoisyNote("SHA-256 hash at 1 KiB").find("quiet system"), std::string::npos);
  EXPECT_EQ(FormatRateWithCi({1234.5, 1230, 1239}), "1234.5 ±0.4%");
}

TEST(FormatUtilTest, SizesUseKiBOnlyForExactMultiples) {
  EXPECT_EQ(FormatSize(16), "16 B");
  EXPECT_EQ(FormatSize(1000), "1000 B");
  EXPECT_EQ(FormatSize(1024), "1 KiB");
  EXPECT_EQ(FormatSize(1350), "1350 B");
  EXPECT_EQ(FormatSize(16384), "16 KiB");
}

TEST(FormatUtilTest, Hz) {
  EXPECT_EQ(FormatHz(2.599998e9), "2.60 GHz");
  EXPECT_EQ(FormatHz(25e6), "25.0 MHz");
  EXPECT_EQ(FormatHz(1000), "1000 Hz");
}

TEST(FormatUtilTest, StatusTextAddsShortFactsOnly) {
  results::Cell cell;
  cell.status = results::CellStatus::kCrashed;
  cell.message = "SIGSEGV";
  EXPECT_EQ(StatusText(cell), "crashed: SIGSEGV");
  cell.status = results::CellStatus::kFailedKat;
  cell.message = "ciphertext differs at byte 0";
  EXPECT_EQ(StatusText(cell), "FAILED KAT");
  cell.status = results::CellStatus::kTimeout;
  cell.message = "";
  EXPECT_EQ(StatusText(cell), "timeout");
  EXPECT_EQ(StatusLabel(results::CellStatus::kUnsupported), "unsupported");
}

TEST(FormatUtilTest, PaddingCountsCodePointsNotBytes) {
  EXPECT_EQ(DisplayWidth("±0.4%"), 5u);
  EXPECT_EQ(DisplayWidth("µs/op"), 5u);
  EXPECT_EQ(PadLeft("±1%", 5), "  ±1%");
  EXPECT_EQ(PadRight("µs", 4), "µs  ");
  EXPECT_EQ(PadLeft("toolong", 3), "toolong");
}

TEST(FormatUtilTest, LibraryStrings) {
  EXPECT_EQ(ShortLibraryVersion("OpenSSL 3.0.19 27 Jan 2026"), "3.0.19");
  EXPECT_EQ(ShortLibraryVersion("OpenSSL 1.1.1w  11 Sep 2023"), "1.1.1w");
  EXPECT_EQ(ShortLibraryVersion("LibreSSL 3.8.2"), "LibreSSL 3.8.2");
  EXPECT_EQ(StripPrefix("platform: debian-amd64", "platform: "), "debian-amd64");
  EXPECT_EQ(StripPrefix("debian-amd64", "platform: "), "debian-amd64");
  results::LibraryInfo library;
  EXPECT_EQ(CapabilityText(library), "unknown");
  library.capability_vector = "N/A";
  EXPECT_EQ(CapabilityText(library), "N/A (built without assembly)");
  library.capability_vector = "0x1:0x2";
  EXPECT_EQ(CapabilityText(library), "0x1:0x2");
}

}  // namespace
}  // namespace cryptobench::report
