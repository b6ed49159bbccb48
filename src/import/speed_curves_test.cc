// ECDSA and ECDH progress lines print a curve's size, not its name: curves of one size are
// told apart by the order of apps/speed.c's curve table (NameCurvesInTableOrder). Pastes from
// tryout 18: aws/s2n-tls#347 (1.0.2j `speed ecdh`) and openssl/openssl#12867 (3.0.0-alpha8).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

double Derive(const results::RunResult& run, const std::string& name) {
  const results::AlgorithmResult* alg = FindAlgorithm(run, name);
  if (alg == nullptr || alg->cells.empty() || !alg->cells.front().figures) {
    return -1;
  }
  return alg->cells.front().figures->ops_per_s.value;
}

TEST(SpeedCurvesTest, BinaryCurvesOfOneSizeAreToldApartByTheTableOrder) {
  const std::string text =
      "Doing 256 bit  ecdh's for 10s: 172399 256-bit ECDH ops in 9.71s\n"
      "Doing 384 bit  ecdh's for 10s: 14335 384-bit ECDH ops in 9.90s\n"
      "Doing 163 bit  ecdh's for 10s: 44257 163-bit ECDH ops in 9.82s\n"
      "Doing 233 bit  ecdh's for 10s: 33564 233-bit ECDH ops in 9.64s\n"
      "Doing 163 bit  ecdh's for 10s: 38650 163-bit ECDH ops in 9.13s\n"
      "Doing 233 bit  ecdh's for 10s: 29369 233-bit ECDH ops in 9.23s\n"
      "OpenSSL 1.0.2j  26 Sep 2016\n"
      "built on: reproducible build, date unspecified\n";
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_NEAR(Derive(runs[0], "ECDH-P256"), 172399 / 9.71, 0.01);
  EXPECT_NEAR(Derive(runs[0], "163 bits ecdh (nistk163)"), 44257 / 9.82, 0.01);
  EXPECT_NEAR(Derive(runs[0], "163 bits ecdh (nistb163)"), 38650 / 9.13, 0.01);
  EXPECT_NEAR(Derive(runs[0], "233 bits ecdh (nistb233)"), 29369 / 9.23, 0.01);
  EXPECT_FALSE(HasCaveat(runs[0], "more than one result for the same cell"));
  EXPECT_TRUE(HasCaveat(runs[0], "Lines 3 (nistk163)"));
}

TEST(SpeedCurvesTest, BrainpoolCurvesOfThreeShareTheirSizeWithNistCurves) {
  const std::string text =
      "Doing 256 bits  ecdh's for 10s: 142746 256-bits ECDH ops in 10.00s\n"
      "Doing 384 bits  ecdh's for 10s: 8659 384-bits ECDH ops in 10.00s\n"
      "Doing 256 bits  ecdh's for 10s: 18550 256-bits ECDH ops in 10.00s\n"
      "Doing 256 bits  ecdh's for 10s: 18744 256-bits ECDH ops in 10.00s\n"
      "Doing 384 bits  ecdh's for 10s: 8403 384-bits ECDH ops in 10.00s\n"
      "Doing 384 bits  ecdh's for 10s: 8288 384-bits ECDH ops in 10.00s\n"
      "Doing 512 bits  ecdh's for 10s: 5642 512-bits ECDH ops in 10.00s\n"
      "Doing 512 bits  ecdh's for 10s: 5621 512-bits ECDH ops in 10.00s\n"
      "version: 3.0.0-alpha8\n";
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_NEAR(Derive(runs[0], "ECDH-P256"), 14274.6, 0.01);
  EXPECT_NEAR(Derive(runs[0], "384 bits ecdh (nistp384)"), 865.9, 0.01);
  EXPECT_NEAR(Derive(runs[0], "256 bits ecdh (brainpoolP256t1)"), 1874.4, 0.01);
  EXPECT_NEAR(Derive(runs[0], "512 bits ecdh (brainpoolP512r1)"), 564.2, 0.01);
}

// Two lines of one size where the release's table has one curve of it (two runs of `speed
// ecdhp256` pasted together): which is the run's figure cannot be told; neither is imported.
TEST(SpeedCurvesTest, MoreLinesOfASizeThanTheTableHasCurvesStayUnread) {
  const std::string text =
      "Doing 256 bit  ecdh's for 10s: 172399 256-bit ECDH ops in 9.71s\n"
      "Doing 256 bit  ecdh's for 10s: 170000 256-bit ECDH ops in 9.71s\n"
      "OpenSSL 1.0.2j  26 Sep 2016\n"
      "built on: reproducible build, date unspecified\n";
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(HasCaveat(runs[0], "more than one result for the same cell"));
  EXPECT_EQ(FindAlgorithm(runs[0], "ECDH-P256"), nullptr);
}

// A lone 256-bit ECDH progress line of `openssl speed -elapsed ecdhbrp256r1` (new-user tryout
// 19, p14): the command chose the curve, brainpoolP256r1 (apps/speed.c ecdh_choices[]), which
// runs 10x slower than P-256; before, the line's size alone named it P-256.
TEST(SpeedCurvesTest, ALoneLineIsTheCurveTheCommandChose) {
  const std::string progress =
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "Doing 256 bits  ecdh's for 10s: 23341 256-bits ECDH ops in 10.00s\n";
  const std::string version =
      "$ openssl version\nOpenSSL 3.1.4 24 Oct 2023 (Library: OpenSSL 3.1.4 24 Oct 2023)\n";
  const std::vector<results::RunResult> runs = ImportText(
      version + "$ openssl speed -elapsed ecdhbrp256r1 2>&1 | head -3\n" + progress, "p.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_NEAR(Derive(runs[0], "256 bits ecdh (brainpoolP256r1)"), 2334.1, 0.01);
  EXPECT_EQ(FindAlgorithm(runs[0], "ECDH-P256"), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 5 (brainpoolP256r1): ECDSA and ECDH progress lines"));
  EXPECT_TRUE(HasCaveat(runs[0], "the command line (line 3) chose the curves"));

  // ECDSA: the sign and verify lines of `speed ecdsabrp384t1`.
  const std::vector<results::RunResult> ecdsa = ImportText(
      version +
          "$ openssl speed -elapsed ecdsabrp384t1\n"
          "Doing 384 bits sign ecdsa's for 10s: 4000 384 bits ECDSA signs in 10.00s\n"
          "Doing 384 bits verify ecdsa's for 10s: 3000 384 bits ECDSA verify in 10.00s\n",
      "p.txt");
  ASSERT_EQ(ecdsa.size(), 1u);
  EXPECT_NE(FindAlgorithm(ecdsa[0], "384 bits ecdsa (brainpoolP384t1)"), nullptr);
  EXPECT_EQ(FindAlgorithm(ecdsa[0], "384 bits ecdsa (nistp384)"), nullptr);
}

// The same line with no command line and no results table: in 3.x three curves have 256 bits
// (nistp256, brainpoolP256r1, brainpoolP256t1), so the line names none of them; a 1.x line of
// 256 bits is P-256, the only such curve of its table.
TEST(SpeedCurvesTest, ALoneLineOfASizeCurvesShareIsNoNamedCurve) {
  const std::string line = "Doing 256 bits  ecdh's for 10s: 23341 256-bits ECDH ops in 10.00s\n";
  for (const std::string version : {"version: 3.1.4\n", ""}) {
    const std::vector<results::RunResult> runs = ImportText(line + version, "p.txt");
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(FindAlgorithm(runs[0], "ECDH-P256"), nullptr) << version;
    EXPECT_NEAR(Derive(runs[0], "256 bits ecdh (256-bit curve)"), 2334.1, 0.01) << version;
    EXPECT_TRUE(HasCaveat(runs[0], "Line 1: ECDSA and ECDH progress lines print a curve's size"))
        << version;
  }
  const std::vector<results::RunResult> old = ImportText(line + "version: 1.1.1w\n", "p.txt");
  ASSERT_EQ(old.size(), 1u);
  EXPECT_NEAR(Derive(old[0], "ECDH-P256"), 2334.1, 0.01);
}

// The same under -multi, whose children's records interleave in no order (tryout 20): a size the
// command chose one curve of is that curve on every child's line; with no command choosing, a
// 256-bit line of 3.x names no curve; and lines of several curves of one size (`speed -multi 2
// ecdh`: three 256-bit curves per child) give a cell of more results than children, which is
// neither summed nor called fewer.
TEST(SpeedCurvesTest, MultiChildrensLinesAreNamedOnlyByTheCommand) {
  const std::string version =
      "$ openssl version\nOpenSSL 3.1.4 24 Oct 2023 (Library: OpenSSL 3.1.4 24 Oct 2023)\n";
  const std::string lines =
      "Forked child 0\nForked child 1\n+DTP:256::ecdh:10\n+DTP:256::ecdh:10\n"
      "+R7:23341:256:10.00\n+R7:23300:256:10.00\n";
  auto runs = ImportText(version + "$ openssl speed -multi 2 ecdhbrp256r1\n" + lines, "p.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(FindAlgorithm(runs[0], "ECDH-P256"), nullptr);
  EXPECT_NEAR(Derive(runs[0], "256 bits ecdh (brainpoolP256r1)"), 2334.1 + 2330.0, 0.01);
  EXPECT_TRUE(HasCaveat(runs[0], "the command line (line 3) chose the curves"))
      << ::testing::PrintToString(runs[0].source.caveats);

  runs = ImportText(version + lines, "p.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(FindAlgorithm(runs[0], "ECDH-P256"), nullptr);
  EXPECT_NEAR(Derive(runs[0], "256 bits ecdh (256-bit curve)"), 2334.1 + 2330.0, 0.01);

  std::string family = version + "$ openssl speed -multi 2 ecdh\nForked child 0\nForked child 1\n";
  for (int curve = 0; curve < 3; ++curve) {
    family += "+DTP:256::ecdh:10\n+DTP:256::ecdh:10\n+R7:23341:256:10.00\n+R7:2330:256:10.00\n";
  }
  runs = ImportText(family, "p.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(runs[0].algorithms.empty());
  EXPECT_TRUE(HasCaveat(runs[0], "more results for one cell than the 2 children"))
      << ::testing::PrintToString(runs[0].source.caveats);
  EXPECT_FALSE(HasCaveat(runs[0], "fewer than the 2 children"));
}

}  // namespace
}  // namespace cryptobench::import
