// A change by about one factor in every changed row names the machine only when two of those
// rows run code that shares nothing (a cipher or hash and a public-key operation, two groups of
// symmetric code, or two algorithms on different curves or moduli). Rows that all run one
// curve's arithmetic move together under a change to that code just as under the machine.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compare/attribution.h"
#include "compare/compare.h"
#include "compare/test_util.h"

namespace cryptobench::compare {
namespace {

using testing::AllText;
using testing::AnyCause;
using testing::FindingOf;
using ::testing::HasSubstr;
using testing::MakeRow;
using ::testing::Not;
using testing::PasteSide;

// Tryout 32 D2 (c03): https://github.com/wolfSSL/wolfssl/pull/4681, dgarske's review of
// 2021-12-21 on a Jetson Nano 2GB (Cortex-A57): "Master:" against "PR4681:", the same board and
// build options; the pull request ("SP ARM64: P-384 prime specific Montgomery Reduction") changes
// only the P-384 field reduction, which key generation, ECDH, signing and verifying all run.
const std::string kMaster =
    "Master:\n"
    "```\n"
    "ECC   [      SECP384R1]   384 key gen       387 ops took 1.000 sec, avg 2.585 ms, 386.888 "
    "ops/sec\n"
    "ECDHE [      SECP384R1]   384 agree         600 ops took 1.064 sec, avg 1.773 ms, 564.095 "
    "ops/sec\n"
    "ECDSA [      SECP384R1]   384 sign         1800 ops took 1.027 sec, avg 0.570 ms, 1753.145 "
    "ops/sec\n"
    "ECDSA [      SECP384R1]   384 verify        600 ops took 1.124 sec, avg 1.873 ms, 534.013 "
    "ops/sec\n"
    "```\n";
const std::string kPr4681 =
    "PR4681:\n"
    "```\n"
    "ECC   [      SECP384R1]   384 key gen       681 ops took 1.001 sec, avg 1.470 ms, 680.181 "
    "ops/sec\n"
    "ECDHE [      SECP384R1]   384 agree        1100 ops took 1.088 sec, avg 0.990 ms, 1010.605 "
    "ops/sec\n"
    "ECDSA [      SECP384R1]   384 sign         2500 ops took 1.018 sec, avg 0.407 ms, 2455.070 "
    "ops/sec\n"
    "ECDSA [      SECP384R1]   384 verify       1000 ops took 1.054 sec, avg 1.054 ms, 948.468 "
    "ops/sec\n"
    "```\n";

TEST(SharedCodeTest, EveryRowOnOneCurveCannotTellItsCodeFromTheMachine) {
  const CompareReport report = Compare({PasteSide("A", kMaster), PasteSide("B", kPr4681)}, {});
  EXPECT_THAT(AllText(report), Not(HasSubstr("points to the machine")));
  EXPECT_FALSE(AnyCause(report, "machine-difference")) << AllText(report);
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_THAT(pattern->text, HasSubstr("cannot tell: every changed row is P-384's arithmetic"));
  EXPECT_EQ(pattern->cause, "cannot-tell");
}

TEST(SharedCodeTest, ARowOfUnrelatedCodeByTheSameFactorPointsAtTheMachine) {
  // The P-384 rows of the pull request plus an AES row that moved alike: AES shares no code
  // with P-384's arithmetic, so one factor over both is the machine's.
  std::vector<Row> rows = {MakeRow("ECDSA-P384", "sign", 0, 1.76, 0.05, true),
                           MakeRow("ECDSA-P384", "verify", 0, 1.78, 0.05, true),
                           MakeRow("ECDHE SECP384R1 384", "derive", 0, 1.79, 0.05, true),
                           MakeRow("AES-128-CBC", "encrypt", 16, 1.75, 0.05, true),
                           MakeRow("AES-128-CBC", "encrypt", 16384, 1.77, 0.05, true)};
  std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_FALSE(findings.empty());
  EXPECT_THAT(findings[0].text, HasSubstr("points to the machine"));
  EXPECT_EQ(findings[0].cause, "machine-difference");

  // Without the AES rows: one curve's arithmetic only.
  rows.resize(3);
  findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_FALSE(findings.empty());
  EXPECT_THAT(findings[0].text, Not(HasSubstr("points to the machine")));
  EXPECT_THAT(findings[0].text, HasSubstr("cannot tell: every changed row is P-384's arithmetic"));
  EXPECT_EQ(findings[0].cause, "cannot-tell");
}

TEST(SharedCodeTest, TwoCurvesOfOneAlgorithmShareItsCode) {
  // ECDSA on P-256 and on P-384: different curves, but one algorithm's code over both.
  std::vector<Row> rows = {MakeRow("ECDSA-P256", "sign", 0, 0.5, 0.05, true),
                           MakeRow("ECDSA-P384", "sign", 0, 0.52, 0.05, true),
                           MakeRow("RSA-2048", "sign", 0, 0.51, 0.05, true)};
  // With RSA (another algorithm on a modulus, not a curve): unrelated code, the machine.
  std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_FALSE(findings.empty());
  EXPECT_EQ(findings[0].cause, "machine-difference") << findings[0].text;
  rows.pop_back();
  findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_FALSE(findings.empty());
  EXPECT_THAT(findings[0].text, Not(HasSubstr("points to the machine")));
  EXPECT_THAT(findings[0].text, HasSubstr("cannot tell: every changed row is ECDSA's code"));
}

TEST(SharedCodeTest, HashesAndAPublicKeyOperationAreUnrelated) {
  // Tryout 32's c04 digests with an RSA row moved by the same factor: the machine.
  const std::vector<Row> rows = {MakeRow("SHA-256", "hash", 16384, 0.6, 0.05, true),
                                 MakeRow("MD5", "hash", 16384, 0.61, 0.05, true),
                                 MakeRow("RSA-2048", "verify", 0, 0.6, 0.05, true)};
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_FALSE(findings.empty());
  EXPECT_EQ(findings[0].cause, "machine-difference") << findings[0].text;
}

}  // namespace
}  // namespace cryptobench::compare
