// The corpus of real reports (tests/fixtures/reports): every file's header is well formed,
// and import reads every file as its header expects (figures, runs, caveats, refusals).
#include "support/report_corpus.h"

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "support/corpus_files.h"
#include "support/golden.h"

namespace cryptobench::testing {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> CorpusFiles() {
  return CorpusFileNames(fs::path(CRYPTOBENCH_TEST_DATA_DIR) / "fixtures/reports");
}

class ReportCorpusTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ReportCorpusTest, ImportReadsItAsItsHeaderSays) {
  const std::string path =
      std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/reports/" + GetParam();
  const CorpusFixture fixture = ParseCorpusFixture(GetParam(), ReadTestFile(path));
  const CorpusResult result = CheckCorpusFixture(fixture);
  std::string problems;
  for (const std::string& problem : result.problems) {
    problems += "\n  " + problem;
  }
  EXPECT_TRUE(result.AllRight()) << GetParam() << ":" << problems;
}

INSTANTIATE_TEST_SUITE_P(Files, ReportCorpusTest, ::testing::ValuesIn(CorpusFiles()),
                         [](const ::testing::TestParamInfo<std::string>& param_info) {
                           const std::string& file = param_info.param;
                           std::string name = file.substr(0, file.size() - 4);
                           std::replace_if(
                               name.begin(), name.end(),
                               [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
                               '_');
                           return name;
                         });

// The whole JSON import writes for one report of each format and each kind of damage the
// corpus has (tests/golden/reports/; regenerate with CRYPTOBENCH_UPDATE_GOLDEN=1 and review the
// diff): the caveats, facts and interpretation, which the header check does not cover.
class ReportCorpusGoldenTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ReportCorpusGoldenTest, MatchesGoldenJson) {
  const std::string name = GetParam();
  const CorpusFixture fixture = ParseCorpusFixture(
      name, ReadTestFile(std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/reports/" + name));
  const std::string rendered =
      import::ImportedRunsToJson(import::ImportText(fixture.text, "fixtures/reports/" + name))
          .dump(2) +
      "\n";
  ExpectMatchesGolden(rendered, "reports/" + name.substr(0, name.size() - 4) + ".json");
}

INSTANTIATE_TEST_SUITE_P(
    Reports, ReportCorpusGoldenTest,
    ::testing::Values(
        // formats: tcrypt (with timestamps, result on the next line), kcapi-speed, wolfCrypt,
        // s_time, gnutls-cli, mbedTLS, two runs side by side
        "mtk-eip93-14-tcrypt-timestamps.txt", "openwrt-2518-tcrypt-result-on-next-line.txt",
        "cloudflare-kcapi-speed-proc-crypto.txt", "wolfssl-9714-bsdkm-mib-math-lines.txt",
        "openssl-2274-s-time-user-seconds.txt", "ubuntuforums-openvpn-atom-gnutls-cli.txt",
        "zephyr-12630-mbedtls-cortex-m7.txt", "openwrt-9738-wolfcrypt-side-by-side.txt",
        "openwrt-9756-tcrypt-diff-side-by-side.txt",
        // damage: rows without a header, cut rows, foreign lines, prompts inside fences
        "homebrew-24052-tables-without-headers.txt", "openssl-9675-windows-prompt-cut-row.txt",
        "heads-1396-kernel-lines-in-cryptsetup.txt", "openssl-7025-prompt-in-fence.txt",
        // several machines or builds, -multi, -mb, settings outside the command, forks, one
        // slow operation
        "botan-1459-power8-three-builds.txt", "router-map-30-multi4-progress-records.txt",
        "openssl-31772-mb-multi-seventh-column.txt", "qat-engine-266-engine-list-taskset.txt",
        "openwrt-965-afalg-engine-openssl-cnf.txt", "aws-lc-2283-aead-seal-init.txt",
        "openssl-27679-fips-kem-slow-keygen.txt"));

TEST(ReportCorpusHeaderTest, TheCorpusHasFortyReportsAndTenWithoutAnEstablishedCause) {
  size_t undetermined = 0;
  const std::vector<std::string> files = CorpusFiles();
  for (const std::string& name : files) {
    const CorpusFixture fixture = ParseCorpusFixture(
        name, ReadTestFile(std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/reports/" + name));
    undetermined += fixture.verdict == "cannot-tell" || fixture.verdict == "crypto-fine" ? 1 : 0;
  }
  EXPECT_GE(files.size(), 40u);
  EXPECT_GE(undetermined, 10u);
}

TEST(ReportCorpusHeaderTest, ExpressionsAndCaveatLinesAreReadAsTheReadmeSays) {
  EXPECT_DOUBLE_EQ(*EvaluateCorpusExpression("65822023*16/2.99"), 65822023.0 * 16 / 2.99);
  EXPECT_DOUBLE_EQ(*EvaluateCorpusExpression("(1+2)*3 - 4/2"), 7.0);
  EXPECT_FALSE(EvaluateCorpusExpression("1/0"));
  EXPECT_FALSE(EvaluateCorpusExpression("12k"));
  EXPECT_EQ(LinesNamedIn("Line 12: the row is cut; lines 14-16 and 20, 22 and 25 are skipped"),
            (std::vector<size_t>{12, 14, 15, 16, 20, 22, 25}));
  EXPECT_TRUE(LinesNamedIn("the online CPUs").empty());
}

TEST(ReportCorpusHeaderTest, AMalformedHeaderIsAnErrorNamingItsLine) {
  const auto error_of = [](const std::string& content) {
    try {
      ParseCorpusFixture("x.txt", content);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error_of("#@ run: A | m1 | tool\n#@ fig: B | 4 | X | hash | 16 | 1 B/s\n"
                     "#@ verdict: none\npaste\n"),
            "x.txt:2: figure of an undeclared block 'B'");
  EXPECT_EQ(error_of("#@ run: A | m1 | tool\n#@ fig: A | 4 | X | hash | 16 | 1 bogons\n"
                     "#@ verdict: none\npaste\n"),
            "x.txt:2: unknown unit 'bogons'");
  EXPECT_EQ(error_of("#@ run: A | m1 | tool\n#@ fig: A | 9 | X | hash | 16 | 1 B/s\n"
                     "#@ verdict: none\npaste\n"),
            "x.txt:2: line 9 is outside the file");
  EXPECT_EQ(error_of("#@ colour: blue\n"), "x.txt:1: unknown key 'colour'");
}

}  // namespace
}  // namespace cryptobench::testing
