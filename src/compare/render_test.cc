// Golden-file tests of compare's renderers on the fixtures in tests/fixtures/compare: three
// cryptobench results (AES masked, per-call overhead) and two openssl speed texts (an offload
// engine timed in user CPU time). Regenerate with CRYPTOBENCH_UPDATE_GOLDEN=1 and review the diff.
#include "compare/render.h"

#include <sstream>

#include <gtest/gtest.h>

#include "compare/compare.h"
#include "compare/sides.h"
#include "support/golden.h"

namespace cryptobench::compare {
namespace {

const std::string kDataDir = CRYPTOBENCH_TEST_DATA_DIR;

std::vector<Side> Load(const std::vector<std::string>& names) {
  HostFacts host;  // another machine: the fixtures' clocks come from their TSC rates
  host.arch = "x86_64";
  host.cpu_model = "Golden test host";
  std::vector<Side> sides;
  for (const std::string& name : names) {
    const std::string text =
        cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/compare/" + name);
    EXPECT_FALSE(text.empty()) << name;
    for (Side& side : LoadFileSides(text, name, name)) {
      ResolveSideFacts(side, host);
      sides.push_back(std::move(side));
    }
  }
  return sides;
}

// The x86-64 class table whatever this build's architecture, so the goldens are the same
// everywhere.
const std::vector<diagnose::CpbClass>& X86Classes() {
  static const std::vector<diagnose::CpbClass> classes =
      diagnose::ParseCpbClasses(diagnose::EmbeddedCpbClassesCsv("x86_64"));
  return classes;
}

std::string Render(const CompareReport& report, CompareFormat format) {
  std::ostringstream out;
  RenderCompare(report, format, out);
  return out.str();
}

CompareReport ThreeSides() {
  CompareOptions options;
  options.classes = &X86Classes();
  return Compare(Load({"base.json", "noaes.json", "overhead.json"}), options);
}

CompareReport Offload() {
  CompareOptions options;
  options.classes = &X86Classes();
  return Compare(Load({"speed-a.txt", "speed-b-engine.txt"}), options);
}

TEST(CompareGoldenTest, ThreeSidesTable) {
  cryptobench::testing::ExpectMatchesGolden(Render(ThreeSides(), CompareFormat::kTable),
                                            "compare/three-sides.txt");
}

TEST(CompareGoldenTest, ThreeSidesMarkdown) {
  cryptobench::testing::ExpectMatchesGolden(Render(ThreeSides(), CompareFormat::kMarkdown),
                                            "compare/three-sides.md");
}

TEST(CompareGoldenTest, ThreeSidesJson) {
  cryptobench::testing::ExpectMatchesGolden(Render(ThreeSides(), CompareFormat::kJson),
                                            "compare/three-sides.json");
}

// HTML: the page drawn from the JSON (compare_document.h), the same page `report` draws from the
// saved JSON (report's golden test reads three-sides.json for it).
TEST(CompareGoldenTest, ThreeSidesHtml) {
  cryptobench::testing::ExpectMatchesGolden(Render(ThreeSides(), CompareFormat::kHtml),
                                            "compare/three-sides.html");
}

// CSV: one record per cell of each comparison, figures in full under headers naming their unit.
TEST(CompareGoldenTest, ThreeSidesCsv) {
  const std::string csv = Render(ThreeSides(), CompareFormat::kCsv);
  cryptobench::testing::ExpectMatchesGolden(csv, "compare/three-sides.csv");
  EXPECT_EQ(csv.rfind("comparison,a,a_label,b,b_label,algorithm,operation,input_len_bytes,"
                      "a_bytes_per_s,",
                      0),
            0u);
  // The first cell of B vs A as the JSON has it: AES-128-CBC encrypt 16 B, ratio 0.1427.
  EXPECT_NE(csv.find("\nB/A,A,base.json,B,noaes.json,AES-128-CBC,encrypt,16,1100392738.1494727,"),
            std::string::npos);
  EXPECT_NE(csv.find(",0.1426967500480299,0.14190242270657155,0.14356329764457756,slower,"
                     "significant,both,\n"),
            std::string::npos);
  // Offload's imported figures have no CI: empty CI fields, verdict not testable.
  const std::string offload = Render(Offload(), CompareFormat::kCsv);
  EXPECT_NE(offload.find(",not_testable,"), std::string::npos) << offload.substr(0, 600);
}

TEST(CompareGoldenTest, OffloadTextTableAndMarkdown) {
  const CompareReport report = Offload();
  cryptobench::testing::ExpectMatchesGolden(Render(report, CompareFormat::kTable),
                                            "compare/offload.txt");
  cryptobench::testing::ExpectMatchesGolden(Render(report, CompareFormat::kMarkdown),
                                            "compare/offload.md");
}

TEST(CompareReportTest, FixturesShowTheirConstructedPatterns) {
  const CompareReport report = ThreeSides();
  ASSERT_EQ(report.pairs.size(), 2u);
  // noaes.json: every AES cell significantly slower, nothing else.
  const PairComparison& masked = report.pairs[0];
  EXPECT_EQ(masked.num_significant_faster, 0u);
  EXPECT_EQ(masked.num_significant_slower, 8u);
  ASSERT_FALSE(masked.findings.empty());
  EXPECT_EQ(masked.findings[0].text,
            "AES-* 7.0x slower at every size, SHA-2 and RSA unchanged: AES assembly missing or "
            "unused in B.");
  // overhead.json: per-call overhead only.
  const PairComparison& overhead = report.pairs[1];
  ASSERT_FALSE(overhead.findings.empty());
  EXPECT_EQ(overhead.findings[0].id, "per-call-overhead");
  EXPECT_TRUE(HasSignificantRegression(report, 0.80));  // AES ~86% slower
  EXPECT_FALSE(HasSignificantRegression(report, 0.90));
  // Imported single figures never count as significant regressions.
  EXPECT_FALSE(HasSignificantRegression(Offload(), 0.01));
  EXPECT_EQ(CountUntestedRegressions(report, 0.80), 0u);  // measured: testable
  // The engine paste as baseline: the wall-clock side reads slower, but single figures cannot
  // fail the gate, so the CLI must name them.
  CompareOptions options;
  options.classes = &X86Classes();
  const CompareReport reversed = Compare(Load({"speed-b-engine.txt", "speed-a.txt"}), options);
  EXPECT_FALSE(HasSignificantRegression(reversed, 0.10));
  EXPECT_GT(CountUntestedRegressions(reversed, 0.10), 0u);
}

}  // namespace
}  // namespace cryptobench::compare
