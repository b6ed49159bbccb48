#include "stats/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace cryptobench::stats {
namespace {

// 1..n in a scrambled order, so that tests also check that the functions sort.
std::vector<double> Shuffled1ToN(size_t n) {
  std::vector<double> values(n);
  std::iota(values.begin(), values.end(), 1.0);
  std::mt19937 rng(12345);
  std::shuffle(values.begin(), values.end(), rng);
  return values;
}

TEST(MedianTest, OddCount) { EXPECT_DOUBLE_EQ(Median(Shuffled1ToN(9)), 5); }

TEST(MedianTest, EvenCountAveragesTheMiddlePair) {
  EXPECT_DOUBLE_EQ(Median(Shuffled1ToN(10)), 5.5);
  EXPECT_DOUBLE_EQ(Median(std::vector<double>{4, 1}), 2.5);
}

TEST(MedianTest, EmptyAndSingle) {
  EXPECT_DOUBLE_EQ(Median({}), 0);
  EXPECT_DOUBLE_EQ(Median(std::vector<double>{7}), 7);
}

TEST(MedianConfidenceIntervalTest, EmptyIsZero) {
  Interval ci = MedianConfidenceInterval({});
  EXPECT_EQ(ci.low, 0);
  EXPECT_EQ(ci.high, 0);
  EXPECT_EQ(ci.confidence, 0);
}

// n = 5: P(B <= 0) = 1/32 = 0.03125 > 0.025, so no k reaches 95%; [min, max] covers
// 1 - 2/32 = 0.9375.
TEST(MedianConfidenceIntervalTest, FiveValuesGiveFullRangeWithLowerCoverage) {
  Interval ci = MedianConfidenceInterval(Shuffled1ToN(5));
  EXPECT_DOUBLE_EQ(ci.low, 1);
  EXPECT_DOUBLE_EQ(ci.high, 5);
  EXPECT_NEAR(ci.confidence, 0.9375, 1e-12);
}

// n = 6: P(B <= 0) = 1/64 <= 0.025 but P(B <= 1) = 7/64 > 0.025, so k = 1 and the full range
// covers 1 - 2/64 = 0.96875 (the smallest n that reaches 95%).
TEST(MedianConfidenceIntervalTest, SixValuesReachNinetyFivePercent) {
  Interval ci = MedianConfidenceInterval(Shuffled1ToN(6));
  EXPECT_DOUBLE_EQ(ci.low, 1);
  EXPECT_DOUBLE_EQ(ci.high, 6);
  EXPECT_NEAR(ci.confidence, 0.96875, 1e-12);
}

// n = 9: P(B <= 1) = (1 + 9)/512 = 0.01953 <= 0.025, P(B <= 2) = 46/512 = 0.0898 > 0.025,
// so k = 2: [x_(2), x_(8)] covering 1 - 20/512 = 0.9609375.
TEST(MedianConfidenceIntervalTest, NineValues) {
  Interval ci = MedianConfidenceInterval(Shuffled1ToN(9));
  EXPECT_DOUBLE_EQ(ci.low, 2);
  EXPECT_DOUBLE_EQ(ci.high, 8);
  EXPECT_NEAR(ci.confidence, 0.9609375, 1e-12);
}

// n = 100. The normal approximation puts k near n/2 - 1.96 * sqrt(n)/2 = 50 - 9.8 = 40.2.
// Exact sums of C(100, i) / 2^100 (done with integer binomials in Python's fractions module):
//   P(B <= 39) = 0.0176001001...  <= 0.025
//   P(B <= 40) = 0.0284439668...  >  0.025
// so k = 40: [x_(40), x_(61)] with coverage 1 - 2 * 0.0176001001 = 0.9647997998.
TEST(MedianConfidenceIntervalTest, HundredValues) {
  Interval ci = MedianConfidenceInterval(Shuffled1ToN(100));
  EXPECT_DOUBLE_EQ(ci.low, 40);
  EXPECT_DOUBLE_EQ(ci.high, 61);
  EXPECT_NEAR(ci.confidence, 0.9647997998, 1e-9);
}

// n = 9 at 90%: tail limit 0.05; P(B <= 1) = 0.0195 <= 0.05 < P(B <= 2), so still k = 2. At
// 80%: tail limit 0.1 admits P(B <= 2) = 0.0898, so k = 3 and coverage 1 - 92/512.
TEST(MedianConfidenceIntervalTest, LowerConfidenceNarrowsTheInterval) {
  Interval ci80 = MedianConfidenceInterval(Shuffled1ToN(9), 0.80);
  EXPECT_DOUBLE_EQ(ci80.low, 3);
  EXPECT_DOUBLE_EQ(ci80.high, 7);
  EXPECT_NEAR(ci80.confidence, 1 - 92.0 / 512, 1e-12);
}

TEST(MedianConfidenceIntervalTest, ConfidenceOfOneGivesFullRange) {
  Interval ci = MedianConfidenceInterval(Shuffled1ToN(20), 1.0);
  EXPECT_DOUBLE_EQ(ci.low, 1);
  EXPECT_DOUBLE_EQ(ci.high, 20);
}

// n = 100000, where 0.5^n is far below the smallest double, so the CDF must be summed in log
// space. Exact answer from integer arithmetic in Python (running sum of C(n, i) compared with
// 2^n / 40): k = 49690, coverage 1 - 2 P(B <= 49689) = 0.95044428533. The normal approximation
// n/2 - 1.96 sqrt(n)/2 = 49690.1 agrees.
TEST(MedianConfidenceIntervalTest, LargeCountInLogSpace) {
  const size_t n = 100000;
  Interval ci = MedianConfidenceInterval(Shuffled1ToN(n));
  EXPECT_DOUBLE_EQ(ci.low, 49690);
  EXPECT_DOUBLE_EQ(ci.high, 50311);
  EXPECT_NEAR(ci.confidence, 0.95044428533, 1e-8);
}

TEST(MedianConfidenceIntervalTest, CoverageNeverBelowRequestOnceReachable) {
  for (size_t n = 6; n <= 300; ++n) {
    Interval ci = MedianConfidenceInterval(Shuffled1ToN(n));
    EXPECT_GE(ci.confidence, 0.95) << "n=" << n;
    EXPECT_LE(ci.low, ci.high) << "n=" << n;
    // Symmetric in rank: low is x_(k), high is x_(n-k+1).
    EXPECT_DOUBLE_EQ(ci.low + ci.high, static_cast<double>(n) + 1) << "n=" << n;
  }
}

TEST(SummarizeTest, KnownSample) {
  // Mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32; sample variance 32/7.
  std::vector<double> values = {2, 4, 4, 4, 5, 5, 7, 9};
  Summary s = Summarize(values);
  EXPECT_EQ(s.count, 8u);
  EXPECT_DOUBLE_EQ(s.mean, 5);
  EXPECT_NEAR(s.stddev, std::sqrt(32.0 / 7), 1e-12);
  EXPECT_DOUBLE_EQ(s.median, 4.5);
  EXPECT_DOUBLE_EQ(s.min, 2);
  EXPECT_DOUBLE_EQ(s.max, 9);
  // n = 8: P(B <= 0) = 1/256 <= 0.025 < P(B <= 1) = 9/256, so k = 1: the full range.
  EXPECT_DOUBLE_EQ(s.median_ci.low, 2);
  EXPECT_DOUBLE_EQ(s.median_ci.high, 9);
  EXPECT_NEAR(s.median_ci.confidence, 1 - 2.0 / 256, 1e-12);
}

TEST(SummarizeTest, RelativeHalfWidth) {
  // 1..9 scaled by 10: median 50, 95% CI [20, 80] (see NineValues), half-width 30 = 60%.
  std::vector<double> values;
  for (double v : Shuffled1ToN(9)) {
    values.push_back(10 * v);
  }
  Summary s = Summarize(values);
  EXPECT_NEAR(s.RelativeHalfWidth(), 0.6, 1e-12);
}

TEST(SummarizeTest, RelativeHalfWidthOfZeroMedianIsZero) {
  Summary s = Summarize(std::vector<double>{-1, 0, 0, 0, 0, 0, 1});
  EXPECT_DOUBLE_EQ(s.median, 0);
  EXPECT_DOUBLE_EQ(s.RelativeHalfWidth(), 0);
}

TEST(SummarizeTest, SingleAndEmpty) {
  Summary one = Summarize(std::vector<double>{3});
  EXPECT_EQ(one.count, 1u);
  EXPECT_DOUBLE_EQ(one.mean, 3);
  EXPECT_DOUBLE_EQ(one.stddev, 0);
  EXPECT_DOUBLE_EQ(one.median_ci.low, 3);
  EXPECT_DOUBLE_EQ(one.median_ci.confidence, 0);  // 1 - 2 * 0.5^1

  Summary none = Summarize({});
  EXPECT_EQ(none.count, 0u);
  EXPECT_DOUBLE_EQ(none.median, 0);
  EXPECT_DOUBLE_EQ(none.RelativeHalfWidth(), 0);
}

}  // namespace
}  // namespace cryptobench::stats

namespace cryptobench::stats {
namespace {

// Conover (3rd ed.), example 5.1.1 style check by hand: a = {1,2,3}, b = {4,5,6} gives U = 0;
// the exact two-sided p is 0.1 and the corrected normal approximation 0.0809.
TEST(MannWhitneyTest, SeparatedSmallSamples) {
  const std::vector<double> a{1, 2, 3};
  const std::vector<double> b{4, 5, 6};
  const RankSumTest t = MannWhitney(a, b);
  EXPECT_DOUBLE_EQ(t.u, 0);
  EXPECT_LT(t.z, 0);
  EXPECT_NEAR(t.p_value, 0.0809, 0.001);
  EXPECT_DOUBLE_EQ(MannWhitney(b, a).u, 9);
  EXPECT_NEAR(MannWhitney(b, a).p_value, t.p_value, 1e-12);
}

TEST(MannWhitneyTest, SameDistributionIsNotSignificant) {
  std::vector<double> a;
  std::vector<double> b;
  for (int i = 0; i < 50; ++i) {
    a.push_back(100 + (i * 37 % 11));  // the same values in a different order
    b.push_back(100 + (i * 23 % 11));
  }
  EXPECT_GT(MannWhitney(a, b).p_value, 0.5);
}

TEST(MannWhitneyTest, ShiftedByTenPercentIsSignificant) {
  std::vector<double> a;
  std::vector<double> b;
  for (int i = 0; i < 30; ++i) {
    const double noise = (i * 7 % 13) * 0.002;  // +-1.3%
    a.push_back(1.0 + noise);
    b.push_back(0.9 + noise);
  }
  EXPECT_LT(MannWhitney(a, b).p_value, 1e-9);
}

TEST(MannWhitneyTest, EmptyOrAllTiedGivesNoEvidence) {
  const std::vector<double> a{1, 1, 1};
  const std::vector<double> none;
  EXPECT_EQ(MannWhitney(a, none).p_value, 1);
  EXPECT_EQ(MannWhitney(a, a).p_value, 1);
}

}  // namespace
}  // namespace cryptobench::stats
