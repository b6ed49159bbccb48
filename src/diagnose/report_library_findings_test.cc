// Tests of LibraryFindings (report_library_findings.cc) on imported botan speed pastes: Botan's
// FrodoKEM-AES called AES one block at a time in 3.3.0 to 3.4.x (data/library-changes.csv,
// commit 46f0299f7 fixed it in 3.5.0).
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "import/import.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::FindingOf;
using ::testing::HasSubstr;

// botan speed's KEM lines (src/cli/perf_pk_kem.cpp's format, as 3.x prints them).
constexpr const char* kFrodoRows =
    "FrodoKEM-640-AES 57 KEM encrypt/sec; 17.25 ms/op 69152136 cycles/op (29 ops in 500 ms)\n"
    "FrodoKEM-640-AES 58 KEM decrypt/sec; 17.23 ms/op 69049816 cycles/op (29 ops in 500 ms)\n";

DoctorReport Diagnose(const std::string& text) {
  const std::vector<results::RunResult> runs = import::ImportText(text, "paste.txt");
  EXPECT_EQ(runs.size(), 1u);
  return runs.empty() ? DoctorReport{} : DiagnoseReport(runs.front());
}

TEST(ReportLibraryFindingsTest, BotanFrodoKemAesInTheBlockAtATimeReleases) {
  for (const char* release : {"3.3.0", "3.4.0"}) {
    const DoctorReport report = Diagnose(std::string("$ botan version\n") + release +
                                         "\n$ botan speed FrodoKEM\n" + kFrodoRows);
    const Finding* finding = FindingOf(report, "library.known-inefficiency");
    ASSERT_NE(finding, nullptr) << release;
    EXPECT_EQ(finding->severity, Severity::kWarning);
    EXPECT_THAT(finding->summary, HasSubstr("FrodoKEM-640-AES"));
    EXPECT_THAT(finding->evidence, HasSubstr("46f0299f79c04ec9ab1caaa9f391816d93670e63"));
    EXPECT_THAT(finding->advice, HasSubstr("3.5.0"));
  }
}

TEST(ReportLibraryFindingsTest, BotanFrodoKemAesFromTheFixOnIsNotSaid) {
  const DoctorReport report =
      Diagnose(std::string("$ botan version\n3.5.0\n$ botan speed FrodoKEM\n") + kFrodoRows);
  EXPECT_EQ(FindingOf(report, "library.known-inefficiency"), nullptr);
  EXPECT_EQ(FindingOf(report, "library.release-unknown"), nullptr);
}

TEST(ReportLibraryFindingsTest, BotanFrodoKemAesWithoutReleaseCannotTell) {
  const DoctorReport report = Diagnose(std::string("$ botan speed FrodoKEM\n") + kFrodoRows);
  EXPECT_EQ(FindingOf(report, "library.known-inefficiency"), nullptr);
  const Finding* finding = FindingOf(report, "library.release-unknown");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->summary, HasSubstr("Cannot tell"));
  EXPECT_THAT(finding->advice, HasSubstr("botan version"));
}

}  // namespace
}  // namespace cryptobench::diagnose
