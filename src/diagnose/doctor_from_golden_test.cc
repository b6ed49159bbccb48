// Golden files of `doctor --from` on the fixtures in tests/fixtures/doctor-from/: each fixture is
// imported (import::ImportText), diagnosed (DiagnoseReport) and rendered in text, JSON and
// Markdown; the output must equal tests/golden/doctor-from/<fixture>.<ext> byte for byte.
//
// After an intended change of output, regenerate them and review the diff:
//   CRYPTOBENCH_UPDATE_GOLDEN=1 build/release/tests/cryptobench_tests --gtest_filter='DoctorFromG*'
//   git diff tests/golden/
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "diagnose/doctor_report.h"
#include "import/import.h"
#include "support/golden.h"

namespace cryptobench::diagnose {
namespace {

enum class Format { kText, kJson, kMarkdown };

// The report for a fixture's last run with figures, with the run date and version fixed.
DoctorReport ReportFor(const std::string& fixture) {
  const std::string relative = "fixtures/doctor-from/" + fixture;
  const std::string text =
      cryptobench::testing::ReadTestFile(std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/" + relative);
  const std::vector<results::RunResult> runs = import::ImportText(text, relative);
  const results::RunResult* chosen = &runs.front();
  for (const results::RunResult& run : runs) {
    if (!run.algorithms.empty()) {
      chosen = &run;
    }
  }
  DoctorReport report = DiagnoseReport(*chosen);
  report.created_utc = "2026-11-30T07:00:00Z";
  report.tool_version = "0.1.0";
  return report;
}

void ExpectGolden(const std::string& fixture, Format format) {
  const DoctorReport report = ReportFor(fixture + ".txt");
  std::ostringstream out;
  std::string extension;
  switch (format) {
    case Format::kText:
      RenderDoctorText(report, out);
      extension = ".txt";
      break;
    case Format::kJson:
      RenderDoctorJson(report, out);
      extension = ".json";
      break;
    case Format::kMarkdown:
      RenderDoctorMarkdown(report, out);
      extension = ".md";
      break;
  }
  cryptobench::testing::ExpectMatchesGolden(out.str(), "doctor-from/" + fixture + extension);
}

TEST(DoctorFromGoldenTest, AesNiText) { ExpectGolden("openssl-3.0-aesni", Format::kText); }
TEST(DoctorFromGoldenTest, AesNiJson) { ExpectGolden("openssl-3.0-aesni", Format::kJson); }
TEST(DoctorFromGoldenTest, AesNiMarkdown) { ExpectGolden("openssl-3.0-aesni", Format::kMarkdown); }
TEST(DoctorFromGoldenTest, NoAsmText) { ExpectGolden("openssl-3.0-noasm", Format::kText); }
TEST(DoctorFromGoldenTest, NoAsmJson) { ExpectGolden("openssl-3.0-noasm", Format::kJson); }
TEST(DoctorFromGoldenTest, NoAsmMarkdown) { ExpectGolden("openssl-3.0-noasm", Format::kMarkdown); }
TEST(DoctorFromGoldenTest, NoCpuinfoText) {
  ExpectGolden("openssl-1.1.1-no-cpuinfo", Format::kText);
}
TEST(DoctorFromGoldenTest, EnvMaskText) { ExpectGolden("openssl-3.0-env-mask", Format::kText); }

// The verdicts the goldens record, stated outright so a regenerated golden cannot change them
// unnoticed.
TEST(DoctorFromGoldenTest, FixtureVerdicts) {
  const DoctorReport aesni = ReportFor("openssl-3.0-aesni.txt");
  EXPECT_EQ(aesni.verdicts.at(0).algorithm, "AES-128-CBC");
  EXPECT_EQ(aesni.verdicts.at(0).status, VerdictStatus::kAccelerated);
  EXPECT_EQ(aesni.ExitStatus(), 0);
  const DoctorReport noasm = ReportFor("openssl-3.0-noasm.txt");
  EXPECT_EQ(noasm.verdicts.at(0).status, VerdictStatus::kNotAccelerated);
  EXPECT_EQ(noasm.ExitStatus(), 1);
  const DoctorReport masked = ReportFor("openssl-3.0-env-mask.txt");
  EXPECT_EQ(masked.verdicts.at(0).status, VerdictStatus::kMasked);
  const DoctorReport old = ReportFor("openssl-1.1.1-no-cpuinfo.txt");
  EXPECT_FALSE(old.facts.report->cpu_features_known);
  EXPECT_EQ(old.ExitStatus(), 0);
}

}  // namespace
// No rendered report cites a knowledge table by its path in this repository ("data/pk-asm.csv"),
// which a user of the binary does not have: a report cites the row's source (new-user tryout).
TEST(DoctorFromGoldenTest, NoReportCitesARepositoryPath) {
  const std::regex table_path("data/[a-z0-9-]+\\.csv");
  size_t read = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(
           std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/golden")) {
    if (!entry.is_regular_file()) {
      continue;
    }
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    ++read;
    EXPECT_FALSE(std::regex_search(text.str(), table_path)) << entry.path();
  }
  EXPECT_GT(read, 10u);
}

}  // namespace cryptobench::diagnose
