#include "measure/sampler.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "measure/harness_overhead.h"

namespace cryptobench::measure {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A fake operation whose batch busy-waits until `iterations * ns_per_iteration` of wall time
// has passed: a steady workload whose cost is exactly proportional to the batch.
BatchFn SpinFn(int64_t ns_per_iteration) {
  return [ns_per_iteration](uint64_t iterations) {
    const Clock::time_point end =
        Clock::now() +
        std::chrono::nanoseconds(static_cast<int64_t>(iterations) * ns_per_iteration);
    while (Clock::now() < end) {
    }
    return true;
  };
}

// Like SpinFn, but the cost per iteration alternates over a wide range (1x..3x), so the
// throughput's CI never gets narrow.
BatchFn JitteryFn(int64_t ns_per_iteration) {
  return [ns_per_iteration, call = uint64_t{0}](uint64_t iterations) mutable {
    const int64_t factor = 10 + static_cast<int64_t>((call++ * 7) % 21);  // 10..30, scrambled
    const Clock::time_point end =
        Clock::now() +
        std::chrono::nanoseconds(static_cast<int64_t>(iterations) * ns_per_iteration * factor / 10);
    while (Clock::now() < end) {
    }
    return true;
  };
}

bool IsPowerOfTwo(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

TEST(CalibrateTest, ReachesTargetSampleDuration) {
  SamplerConfig config;
  config.warmup_seconds = 0.005;
  config.target_sample_seconds = 0.002;
  struct Call {
    uint64_t iterations;
    double seconds;  // as seen inside the fake, so slightly less than Calibrate's own reading
  };
  std::vector<Call> calls;
  const BatchFn spin = SpinFn(1000);  // 1 us per iteration
  std::string error;
  const uint64_t batch = Calibrate(
      [&](uint64_t iterations) {
        const Clock::time_point start = Clock::now();
        const bool ok = spin(iterations);
        calls.push_back({iterations, SecondsSince(start)});
        return ok;
      },
      config, &error);
  EXPECT_TRUE(error.empty());
  EXPECT_TRUE(IsPowerOfTwo(batch)) << batch;
  // Without noise 2048 (the first power of two lasting >= 2 ms). A preempted batch may stop the
  // doubling earlier, but the half batch lasted >= half * 1 us and < 2 ms: never above 2048.
  EXPECT_LE(batch, 2048u);
  // The calibration calls are the trailing run of doublings 1, 2, ..., batch. Each but the
  // last stayed under the target; the last reached it (less a margin for the few instructions
  // between the fake's clock reads and Calibrate's).
  ASSERT_FALSE(calls.empty());
  EXPECT_EQ(calls.back().iterations, batch);
  size_t first = calls.size() - 1;
  while (first > 0 && calls[first].iterations > 1) {
    --first;
  }
  ASSERT_EQ(calls[first].iterations, 1u);
  for (size_t i = first; i + 1 < calls.size(); ++i) {
    EXPECT_EQ(calls[i + 1].iterations, 2 * calls[i].iterations);
    EXPECT_LT(calls[i].seconds, config.target_sample_seconds);
  }
  EXPECT_GE(calls.back().seconds, config.target_sample_seconds - 0.0005);
  // The warm-up ran before calibration and lasted at least warmup_seconds.
  double warmup_seconds = 0;
  for (size_t i = 0; i < first; ++i) {
    warmup_seconds += calls[i].seconds;
  }
  EXPECT_GE(warmup_seconds, config.warmup_seconds * 0.9);
}

TEST(CalibrateTest, DoublesFromOneWithoutWarmup) {
  SamplerConfig config;
  config.warmup_seconds = 0;
  config.target_sample_seconds = 0.001;
  std::vector<uint64_t> calls;
  const BatchFn spin = SpinFn(10'000);  // 10 us per iteration
  const uint64_t batch = Calibrate(
      [&](uint64_t iterations) {
        calls.push_back(iterations);
        return spin(iterations);
      },
      config, nullptr);
  ASSERT_FALSE(calls.empty());
  EXPECT_EQ(calls.back(), batch);
  for (size_t i = 0; i < calls.size(); ++i) {
    EXPECT_EQ(calls[i], uint64_t{1} << i);
  }
  EXPECT_LE(batch, 128u);  // 64 iterations last 0.64 ms < 1 ms, so at most 128
}

TEST(CalibrateTest, FreeOperationStopsAtCap) {
  SamplerConfig config;
  config.warmup_seconds = 0;
  config.target_sample_seconds = 1.0;  // never reached by an operation that does nothing
  std::string error;
  EXPECT_EQ(Calibrate([](uint64_t) { return true; }, config, &error), uint64_t{1} << 40);
  EXPECT_TRUE(error.empty());
}

TEST(CalibrateTest, FailureDuringWarmupReturnsZero) {
  SamplerConfig config;
  std::string error;
  EXPECT_EQ(Calibrate([](uint64_t) { return false; }, config, &error), 0u);
  EXPECT_EQ(error, "operation failed");
}

TEST(CalibrateTest, FailureDuringCalibrationReturnsZero) {
  SamplerConfig config;
  config.warmup_seconds = 0;
  config.target_sample_seconds = 1.0;
  std::string error;
  EXPECT_EQ(Calibrate([](uint64_t iterations) { return iterations < 8; }, config, &error), 0u);
  EXPECT_EQ(error, "operation failed");
}

TEST(SampleUntilPreciseTest, SteadyWorkloadStopsEarly) {
  SamplerConfig config;
  config.precision = 0.02;
  config.max_seconds = 0.5;
  const Clock::time_point start = Clock::now();
  const SampleRun run = SampleUntilPrecise(SpinFn(1000), 500, config);  // 0.5 ms samples
  const double elapsed = SecondsSince(start);
  EXPECT_TRUE(run.error.empty());
  EXPECT_TRUE(run.precision_reached);
  EXPECT_GE(run.samples.size(), 6u);  // 95% needs at least 6 samples
  EXPECT_LT(elapsed, 0.45);
  for (const Sample& sample : run.samples) {
    EXPECT_EQ(sample.iterations, 500u);
    EXPECT_GE(sample.wall_ns, 500'000);
    EXPECT_GE(sample.cpu_ns, 0);
  }
}

TEST(SampleUntilPreciseTest, RespectsMaxSeconds) {
  SamplerConfig config;
  config.precision = 1e-6;  // unreachable with the jittery workload
  config.max_seconds = 0.1;
  const Clock::time_point start = Clock::now();
  const SampleRun run = SampleUntilPrecise(JitteryFn(1000), 500, config);
  const double elapsed = SecondsSince(start);
  EXPECT_TRUE(run.error.empty());
  EXPECT_FALSE(run.precision_reached);
  EXPECT_GE(elapsed, 0.1);
  EXPECT_LT(elapsed, 0.4);
  EXPECT_GT(run.samples.size(), config.min_samples);
}

TEST(SampleUntilPreciseTest, RespectsMinSamples) {
  SamplerConfig config;
  config.max_seconds = 0;  // the time budget is spent at once ...
  config.min_samples = 7;  // ... but never stop before 7 samples
  const SampleRun run = SampleUntilPrecise(SpinFn(1000), 100, config);
  EXPECT_EQ(run.samples.size(), 7u);

  // Also with a steady workload that would be precise after 6.
  config.max_seconds = 0.5;
  config.precision = 0.5;
  config.min_samples = 20;
  EXPECT_GE(SampleUntilPrecise(SpinFn(1000), 100, config).samples.size(), 20u);
}

TEST(SampleUntilPreciseTest, RespectsMaxSamples) {
  SamplerConfig config;
  config.min_samples = 5;
  config.max_samples = 3;  // the hard cap wins over min_samples
  const SampleRun run = SampleUntilPrecise(SpinFn(1000), 100, config);
  EXPECT_EQ(run.samples.size(), 3u);
  EXPECT_FALSE(run.precision_reached);
}

TEST(SampleUntilPreciseTest, FailureStopsSampling) {
  SamplerConfig config;
  int calls = 0;
  const SampleRun run = SampleUntilPrecise([&](uint64_t) { return ++calls < 3; }, 10, config);
  EXPECT_EQ(run.error, "operation failed");
  EXPECT_EQ(run.samples.size(), 2u);  // the failed batch is not a sample
  EXPECT_FALSE(run.precision_reached);
}

TEST(SampleForWindowTest, LastsAboutTheWindow) {
  SamplerConfig config;
  config.precision = 0.5;  // met at once; must not end the window early
  config.min_samples = 2;
  const Clock::time_point start = Clock::now();
  const SampleRun run = SampleForWindow(SpinFn(1000), 500, 0.05, config);
  const double elapsed = SecondsSince(start);
  EXPECT_TRUE(run.error.empty());
  EXPECT_GE(elapsed, 0.05);
  EXPECT_LT(elapsed, 0.3);
  // 0.5 ms samples in a 50 ms window: about 100, never more than 101. Well above min_samples
  // even when preemptions stretch the gaps between samples to a few ms.
  EXPECT_LE(run.samples.size(), 101u);
  EXPECT_GE(run.samples.size(), 5u);
  EXPECT_TRUE(run.precision_reached);  // reported, though it did not end the window
}

TEST(SampleForWindowTest, TakesAtLeastMinSamples) {
  SamplerConfig config;
  config.min_samples = 4;
  const SampleRun run = SampleForWindow(SpinFn(1000), 100, 0.0, config);
  EXPECT_EQ(run.samples.size(), 4u);
}

TEST(SampleForWindowTest, FailureStopsSampling) {
  SamplerConfig config;
  int calls = 0;
  const SampleRun run = SampleForWindow([&](uint64_t) { return ++calls < 4; }, 10, 0.05, config);
  EXPECT_EQ(run.error, "operation failed");
  EXPECT_EQ(run.samples.size(), 3u);
  EXPECT_FALSE(run.precision_reached);
}

// The no-op benchmark times both loop shapes with the real sampler. Bounds are loose: a no-op
// call costs about a nanosecond on any CPU of the last 15 years, and a preempted or slow
// machine only raises it; 1 us a call would mean the loop itself is broken.
TEST(HarnessOverheadTest, TimesBothLoopShapesAndTheClockReads) {
  SamplerConfig config;
  config.max_seconds = 0.04;
  config.warmup_seconds = 0.002;
  config.target_sample_seconds = 0.0005;
  const HarnessOverhead overhead = MeasureHarnessOverhead(config);
  ASSERT_TRUE(overhead.error.empty()) << overhead.error;
  for (const LoopCost& cost : {overhead.harness, overhead.openssl_speed_shape}) {
    EXPECT_GT(cost.batch, 1u);
    EXPECT_GE(cost.samples, 1u);
    EXPECT_GT(cost.ns_per_call, 0.0);
    EXPECT_LT(cost.ns_per_call, 1000.0);
    EXPECT_LE(cost.ns_per_call_low, cost.ns_per_call);
    EXPECT_GE(cost.ns_per_call_high, cost.ns_per_call);
  }
  EXPECT_GT(overhead.clock_pair_ns, 0.0);
}

}  // namespace
}  // namespace cryptobench::measure

namespace cryptobench::measure {
namespace {

TEST(SampleInRoundsTest, SpreadsRoundsOverTheBudget) {
  SamplerConfig config;
  config.precision = 0;  // never precise: every round spends its slot
  config.max_seconds = 0.12;
  config.rounds = 4;
  const Clock::time_point start = Clock::now();
  const SampleRun run = SampleInRounds(JitteryFn(1000), 1000, config);  // ~1-3 ms samples
  const double elapsed = SecondsSince(start);
  EXPECT_TRUE(run.error.empty());
  ASSERT_EQ(run.round_sizes.size(), 4u);
  size_t total = 0;
  for (size_t size : run.round_sizes) {
    EXPECT_GE(size, 1u);
    total += size;
  }
  EXPECT_EQ(total, run.samples.size());
  EXPECT_GE(elapsed, config.max_seconds);  // each round waited for the end of its slot
  EXPECT_EQ(RoundFigures(run.samples, run.round_sizes, true).size(), 4u);
}

TEST(SampleInRoundsTest, OneRoundIsOneStretch) {
  SamplerConfig config;
  config.precision = 0.02;
  config.rounds = 1;
  const SampleRun run = SampleInRounds(SpinFn(1000), 500, config);
  EXPECT_TRUE(run.round_sizes.empty());
  EXPECT_GE(run.samples.size(), 6u);
}

TEST(CalibrateTest, WarmupWaitsForARateThatSettles) {
  // The cost per iteration falls from 3 us by 50 ns a batch for 40 batches, then stays at
  // 1 us: a figure still moving (3 successive batches differ by >= 3.3%) when the minimum
  // warm-up (5 ms) is over. The warm-up must outlast the ramp.
  SamplerConfig config;
  config.warmup_seconds = 0.005;
  config.warmup_max_seconds = 1.0;
  config.target_sample_seconds = 0.001;
  int calls = 0;
  const BatchFn slow_then_fast = [&calls](uint64_t iterations) {
    ++calls;
    const int64_t ns = 1000 + 50 * std::max(0, 40 - calls);
    const Clock::time_point end =
        Clock::now() + std::chrono::nanoseconds(static_cast<int64_t>(iterations) * ns);
    while (Clock::now() < end) {
    }
    return true;
  };
  std::string error;
  WarmupReport warmup;
  ASSERT_GT(Calibrate(slow_then_fast, config, &error, &warmup), 0u);
  EXPECT_TRUE(warmup.settled);
  EXPECT_GT(calls, 40);
  EXPECT_LT(warmup.seconds, 1.0);
}

TEST(CalibrateTest, WarmupStopsAtItsBoundWhenTheRateNeverSettles) {
  SamplerConfig config;
  config.warmup_seconds = 0.005;
  config.warmup_max_seconds = 0.03;
  config.warmup_tolerance = 0.0;  // nothing real agrees exactly
  std::string error;
  WarmupReport warmup;
  ASSERT_GT(Calibrate(JitteryFn(1000), config, &error, &warmup), 0u);
  EXPECT_FALSE(warmup.settled);
  EXPECT_GE(warmup.seconds, 0.03);
}

// A run of `rounds` rounds of 10 unpreempted samples of 1000 iterations, each round at the
// rate in `rates` (iterations per second, one per round); a small deterministic scatter
// (+-0.3%) within each round, as a steady operation shows. No clock is read.
SampleRun SyntheticRun(const std::vector<double>& rates) {
  SampleRun run;
  for (double rate : rates) {
    for (int i = 0; i < 10; ++i) {
      Sample sample;
      sample.iterations = 1000;
      const double scatter = 1 + 0.003 * static_cast<double>((i * 7) % 5 - 2) / 2;
      sample.wall_ns = static_cast<int64_t>(1000 / (rate * scatter) * 1e9);
      run.samples.push_back(sample);
    }
    run.round_sizes.push_back(10);
  }
  return run;
}

// An attempt as the worker makes one: the run, judged by CellDisturbance with no steal or
// frequency reading, only the rounds' own disagreement.
CellAttempt AttemptOf(SampleRun run) {
  CellAttempt attempt;
  attempt.disturbance.rounds_half_width = RoundsHalfWidth(run);
  attempt.run = std::move(run);
  return attempt;
}

const std::vector<double> kSteady = {1e6, 1.004e6, 0.998e6, 1.002e6, 0.997e6, 1.001e6};
// The operation slows to half speed after round 3, mid-cell.
const std::vector<double> kHalvedMidCell = {1e6, 1e6, 1e6, 0.5e6, 0.5e6, 0.5e6};
// One round of six 25% slower (an undetected neighbour for a sixth of the budget).
const std::vector<double> kOneSlowRound = {1e6, 1e6, 0.75e6, 1e6, 1e6, 1e6};

TEST(RoundsHalfWidthTest, SteadyRoundsAgreeAndChangedOnesDoNot) {
  const std::optional<double> steady = RoundsHalfWidth(SyntheticRun(kSteady));
  ASSERT_TRUE(steady.has_value());
  EXPECT_LT(*steady, 0.01);
  EXPECT_EQ(AttemptOf(SyntheticRun(kSteady)).disturbance.Describe(), "");
  const std::optional<double> halved = RoundsHalfWidth(SyntheticRun(kHalvedMidCell));
  ASSERT_TRUE(halved.has_value());
  EXPECT_GT(*halved, kRoundsDisagreeLimit);
  EXPECT_NE(AttemptOf(SyntheticRun(kOneSlowRound)).disturbance.Describe().find("rounds disagree"),
            std::string::npos);
  EXPECT_FALSE(RoundsHalfWidth(SyntheticRun({1e6})).has_value());  // one round: no interval
  EXPECT_FALSE(RoundsHalfWidth(SampleRun{}).has_value());
}

TEST(MeasureWatchedTest, SteadyCellIsMeasuredOnce) {
  int calls = 0;
  const WatchedCell cell = MeasureWatched([&] {
    ++calls;
    return AttemptOf(SyntheticRun(kSteady));
  });
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(cell.attempts, 1);
  EXPECT_TRUE(cell.earlier.empty());
  EXPECT_EQ(cell.last.disturbance.Describe(), "");
}

TEST(MeasureWatchedTest, CellWhoseSpeedChangesIsMeasuredAgainAndTheRepeatReported) {
  int calls = 0;
  const WatchedCell cell = MeasureWatched([&] {
    // The first attempt's operation halves its speed mid-cell; the repeat is steady.
    return AttemptOf(SyntheticRun(calls++ == 0 ? kHalvedMidCell : kSteady));
  });
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(cell.attempts, 2);
  ASSERT_EQ(cell.earlier.size(), 1u);
  EXPECT_NE(cell.earlier[0].find("rounds disagree"), std::string::npos) << cell.earlier[0];
  EXPECT_EQ(cell.last.disturbance.Describe(), "");  // not flagged: the repeat settled
  EXPECT_EQ(cell.last.run.samples.size(), 60u);
  EXPECT_EQ(cell.last.run.samples.front().wall_ns, SyntheticRun(kSteady).samples.front().wall_ns);
}

TEST(MeasureWatchedTest, CellThatNeverSettlesIsFlaggedWithItsLastAttemptNotItsBest) {
  // Every attempt disagrees with itself; the second is the fastest. The reported one must be
  // the third (the last), never the best of the three.
  const std::vector<std::vector<double>> attempts = {
      kHalvedMidCell, {2e6, 2e6, 2e6, 1e6, 1e6, 1e6}, kOneSlowRound};
  int calls = 0;
  const WatchedCell cell =
      MeasureWatched([&] { return AttemptOf(SyntheticRun(attempts[calls++])); });
  EXPECT_EQ(calls, kMaxCellAttempts);
  EXPECT_EQ(cell.attempts, 3);
  EXPECT_EQ(cell.earlier.size(), 2u);
  EXPECT_NE(cell.last.disturbance.Describe().find("rounds disagree"), std::string::npos);
  EXPECT_EQ(cell.last.run.samples[20].wall_ns, SyntheticRun(kOneSlowRound).samples[20].wall_ns);
}

TEST(MeasureWatchedTest, FailedAttemptIsNotRepeated) {
  int calls = 0;
  const WatchedCell cell = MeasureWatched([&] {
    ++calls;
    CellAttempt attempt = AttemptOf(SyntheticRun(kHalvedMidCell));
    attempt.run.error = "operation failed";
    return attempt;
  });
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(cell.last.run.error, "operation failed");
}

TEST(SampleInRoundsTest, FreshPlacementBeforeEveryRoundButTheFirst) {
  SamplerConfig config;
  config.precision = 0.5;  // loose: a round ends after min_samples, so this stays short
  config.max_seconds = 0.06;
  config.rounds = 4;
  int fresh = 0;
  // The fake operation's cost triples from the third round on (its state changes with the
  // placements, as a layout effect would): the rounds must disagree.
  int64_t ns_per_iteration = 1000;
  const BatchFn run = [&](uint64_t iterations) { return SpinFn(ns_per_iteration)(iterations); };
  const SampleRun result = SampleInRounds(run, 200, config, {}, [&] {
    ns_per_iteration = ++fresh >= 2 ? 3000 : 1000;
    return true;
  });
  EXPECT_TRUE(result.error.empty());
  EXPECT_EQ(fresh, 3);
  ASSERT_EQ(result.round_sizes.size(), 4u);
  const std::optional<double> half_width = RoundsHalfWidth(result);
  ASSERT_TRUE(half_width.has_value());
  EXPECT_GT(*half_width, kRoundsDisagreeLimit);

  // A failed re-preparation ends the run with an error.
  const SampleRun failed = SampleInRounds(SpinFn(1000), 200, config, {}, [] { return false; });
  EXPECT_FALSE(failed.error.empty());
  EXPECT_EQ(failed.round_sizes.size(), 1u);
}

}  // namespace
}  // namespace cryptobench::measure
