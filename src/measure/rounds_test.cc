#include "measure/rounds.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "measure/sampler.h"

namespace cryptobench::measure {
namespace {

TEST(RoundsInterval, PredictionHalfWidthFromRoundSpread) {
  // Rounds 98, 100, 102, 100, 99, 101: mean 100, sample sd sqrt(10 / 5) = sqrt(2).
  const std::vector<double> rounds = {98, 100, 102, 100, 99, 101};
  const std::optional<stats::Interval> ci = RoundsInterval(rounds, 100.5);
  ASSERT_TRUE(ci.has_value());
  const double half = 2.571 * std::sqrt(2.0) * std::sqrt(2.0 / 6);  // t(0.975, 5) = 2.571
  EXPECT_NEAR(ci->low, 100.5 - half, 1e-3);
  EXPECT_NEAR(ci->high, 100.5 + half, 1e-3);
  EXPECT_DOUBLE_EQ(ci->confidence, 0.95);
}

TEST(RoundsInterval, WidensWithBetweenRoundDrift) {
  // Same within-round figures, but a drift between rounds widens the interval.
  const std::optional<stats::Interval> steady =
      RoundsInterval(std::vector<double>{100, 100.1, 99.9, 100}, 100);
  const std::optional<stats::Interval> drifting =
      RoundsInterval(std::vector<double>{96, 98, 102, 104}, 100);
  ASSERT_TRUE(steady && drifting);
  EXPECT_GT(drifting->high - drifting->low, 10 * (steady->high - steady->low));
  EXPECT_FALSE(RoundsInterval(std::vector<double>{100}, 100).has_value());
  EXPECT_FALSE(RoundsInterval(std::vector<double>{}, 100).has_value());
}

TEST(RoundsInterval, HoldsTheNextRunsFigureAboutAsOftenAsStated) {
  // Simulated runs: each round figure = 100 + normal noise (a fixed LCG + Box-Muller, so the
  // test is deterministic and independent of the machine). The interval of run k should hold
  // run k+1's figure (mean of its rounds) in about 95% of pairs; a CI of the mean alone (no
  // sqrt(2)) would hold it in only about 83%.
  uint64_t state = 12345;
  const auto uniform = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (static_cast<double>(state >> 11) + 0.5) / 9007199254740992.0;
  };
  const auto normal = [&uniform] {
    return std::sqrt(-2 * std::log(uniform())) * std::cos(6.283185307179586 * uniform());
  };
  constexpr int kRuns = 4000;
  int held = 0;
  std::optional<stats::Interval> previous;
  for (int run = 0; run < kRuns; ++run) {
    std::vector<double> rounds;
    double sum = 0;
    for (size_t r = 0; r < kDefaultRounds; ++r) {
      rounds.push_back(100 + normal());
      sum += rounds.back();
    }
    const double figure = sum / static_cast<double>(kDefaultRounds);
    if (previous && figure >= previous->low && figure <= previous->high) {
      ++held;
    }
    previous = RoundsInterval(rounds, figure);
  }
  const double rate = static_cast<double>(held) / (kRuns - 1);
  EXPECT_GT(rate, 0.93);
  EXPECT_LT(rate, 0.97);
}

TEST(RatesSettled, LastWindowWithinTolerance) {
  EXPECT_FALSE(RatesSettled(std::vector<double>{100, 100}, 3, 0.02));  // too few
  EXPECT_TRUE(RatesSettled(std::vector<double>{50, 80, 100, 101, 100.5}, 3, 0.02));
  EXPECT_FALSE(RatesSettled(std::vector<double>{50, 80, 95, 100, 101}, 3, 0.02));  // climbing
  EXPECT_FALSE(RatesSettled(std::vector<double>{0, 0, 0}, 3, 0.02));
}

TEST(RoundFigures, MedianPerRoundSkippingPreempted) {
  std::vector<Sample> samples;
  const auto add = [&samples](int64_t wall_ns, uint64_t preemptions) {
    Sample s;
    s.iterations = 1000;
    s.wall_ns = wall_ns;
    s.preemptions = preemptions;
    samples.push_back(s);
  };
  // Rates: 1e9, 0.5e9 (preempted), 1e9, 0.5e9, 0.25e9 operations per second.
  add(1000, 0);
  add(2000, 1);
  add(1000, 0);
  add(2000, 0);
  add(4000, 0);
  EXPECT_EQ(RoundFigures(samples, {3, 2}, true), std::vector<double>({1e9, 0.375e9}));
  EXPECT_EQ(RoundFigures(samples, {3, 2}, false), std::vector<double>({1e9, 0.375e9}));
  EXPECT_EQ(RoundFigures(samples, {2, 3}, false), std::vector<double>({0.75e9, 0.5e9}));
}

}  // namespace
}  // namespace cryptobench::measure
