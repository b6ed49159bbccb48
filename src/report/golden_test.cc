// Golden-file tests: the hand-written fixture tests/fixtures/results/sample-run.json (raw
// samples only) goes through FromJson and DeriveAllFigures, then every renderer; the output must
// equal tests/golden/<file> byte for byte. Imported runs (tests/fixtures/import/, read with
// import::ImportText) have goldens of their own: tests/golden/imported*.
//
// After an intended change of output, regenerate the goldens and review the diff:
//   CRYPTOBENCH_UPDATE_GOLDEN=1 build/release/tests/cryptobench_tests --gtest_filter='Golden*'
//   git diff tests/golden/
// With the variable set, the tests write the files instead of comparing (reported as skipped).
#include "support/golden.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "report/report.h"
#include "results/json.h"

#include "import/import.h"

namespace cryptobench::report {
namespace {

const std::string kDataDir = CRYPTOBENCH_TEST_DATA_DIR;

results::RunResult LoadFixture() {
  const std::string text =
      cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/results/sample-run.json");
  results::RunResult run = results::FromJson(nlohmann::json::parse(text));
  results::DeriveAllFigures(run);
  return run;
}

void ExpectGolden(Format format, const std::string& golden_name) {
  std::ostringstream rendered;
  Render(LoadFixture(), format, rendered);
  cryptobench::testing::ExpectMatchesGolden(rendered.str(), golden_name);
}

TEST(GoldenTest, Table) { ExpectGolden(Format::kTable, "speed-table.txt"); }
TEST(GoldenTest, Openssl) { ExpectGolden(Format::kOpenssl, "speed-openssl.txt"); }
TEST(GoldenTest, Csv) { ExpectGolden(Format::kCsv, "speed.csv"); }
TEST(GoldenTest, Markdown) { ExpectGolden(Format::kMarkdown, "speed.md"); }
TEST(GoldenTest, Json) { ExpectGolden(Format::kJson, "speed.json"); }

// The single run of an import fixture, with its file name as the import golden tests give it.
results::RunResult LoadImported(const std::string& fixture) {
  const std::string relative = "fixtures/import/" + fixture;
  const std::string text = cryptobench::testing::ReadTestFile(kDataDir + "/" + relative);
  return import::ImportText(text, relative).back();
}

void ExpectImportedGolden(const std::string& fixture, Format format,
                          const std::string& golden_name) {
  std::ostringstream rendered;
  Render(LoadImported(fixture), format, rendered);
  cryptobench::testing::ExpectMatchesGolden(rendered.str(), golden_name);
}

// openssl speed 3.0 with progress lines (user CPU time), a failed cell, public-key rows and
// caveats; the -multi run adds per-process sums.
TEST(GoldenTest, ImportedTable) {
  ExpectImportedGolden("openssl-3.0-cpuinfo.txt", Format::kTable, "imported-table.txt");
}
TEST(GoldenTest, ImportedOpenssl) {
  ExpectImportedGolden("openssl-3.0-cpuinfo.txt", Format::kOpenssl, "imported-openssl.txt");
}
// Both directions of each cipher and PBKDF2 rows, in the openssl layout.
TEST(GoldenTest, ImportedCryptsetupOpenssl) {
  ExpectImportedGolden("cryptsetup-benchmark.txt", Format::kOpenssl,
                       "imported-cryptsetup-openssl.txt");
}
TEST(GoldenTest, ImportedCsv) {
  ExpectImportedGolden("openssl-3.0-cpuinfo.txt", Format::kCsv, "imported.csv");
}
TEST(GoldenTest, ImportedMarkdown) {
  ExpectImportedGolden("openssl-3.0-cpuinfo.txt", Format::kMarkdown, "imported.md");
}
// HTML of an imported run: its charts have no CI bands (one figure per cell).
TEST(GoldenTest, ImportedHtml) {
  ExpectImportedGolden("openssl-3.0-cpuinfo.txt", Format::kHtml, "imported.html");
}
TEST(GoldenTest, ImportedMultiTable) {
  ExpectImportedGolden("openssl-3.2-multi-mr.txt", Format::kTable, "imported-multi-table.txt");
}

TEST(GoldenTest, RenderingIsDeterministic) {
  const results::RunResult run = LoadFixture();
  for (Format format : {Format::kTable, Format::kOpenssl, Format::kJson, Format::kCsv,
                        Format::kMarkdown, Format::kHtml}) {
    std::ostringstream first;
    std::ostringstream second;
    Render(run, format, first);
    Render(run, format, second);
    EXPECT_EQ(first.str(), second.str());
  }
}

}  // namespace
}  // namespace cryptobench::report
