#include <cmath>

#include <gtest/gtest.h>

#include "results/model.h"

namespace cryptobench::results {
namespace {

measure::Sample MakeSample(uint64_t iterations, int64_t wall_ns, int64_t cpu_ns,
                           uint64_t ticks = 0) {
  measure::Sample s;
  s.iterations = iterations;
  s.wall_ns = wall_ns;
  s.cpu_ns = cpu_ns;
  s.user_ns = cpu_ns - cpu_ns / 10;
  s.sys_ns = cpu_ns / 10;
  s.ticks = ticks;
  return s;
}

// 1000 iterations per sample at 1e6, 0.5e6, 2e6, 1.25e6 and 0.8e6 ns: rates 1e6, 2e6, 5e5,
// 8e5 and 1.25e6 ops/s; sorted 5e5 8e5 [1e6] 1.25e6 2e6.
WorkerSamples FiveSampleWorker(double cpu_fraction) {
  WorkerSamples worker;
  for (int64_t wall : {1'000'000, 500'000, 2'000'000, 1'250'000, 800'000}) {
    const auto cpu = static_cast<int64_t>(static_cast<double>(wall) * cpu_fraction);
    worker.samples.push_back(MakeSample(1000, wall, cpu, static_cast<uint64_t>(2 * wall)));
  }
  worker.precision_reached = true;
  return worker;
}

TEST(DeriveFiguresTest, OneWorkerMedianCiAndPerOpFigures) {
  Cell cell;
  cell.input_len = 64;
  cell.workers.push_back(FiveSampleWorker(1.0));
  DeriveFigures(cell, /*symmetric=*/true, 0.95);

  ASSERT_TRUE(cell.figures.has_value());
  const CellFigures& f = *cell.figures;
  EXPECT_EQ(f.num_samples, 5u);
  EXPECT_EQ(f.num_workers, 1u);
  EXPECT_DOUBLE_EQ(f.ops_per_s.value, 1e6);
  // Five values cannot give 95% coverage: the CI is [min, max], covering 1 - 2 * 0.5^5.
  EXPECT_DOUBLE_EQ(f.ops_per_s.ci_low, 5e5);
  EXPECT_DOUBLE_EQ(f.ops_per_s.ci_high, 2e6);
  EXPECT_NEAR(f.ci_confidence, 0.9375, 1e-12);
  EXPECT_DOUBLE_EQ(f.confidence, 0.95);
  ASSERT_TRUE(f.bytes_per_s.has_value());
  EXPECT_DOUBLE_EQ(f.bytes_per_s->value, 64e6);
  EXPECT_DOUBLE_EQ(f.bytes_per_s->ci_low, 32e6);
  EXPECT_DOUBLE_EQ(f.bytes_per_s->ci_high, 128e6);
  EXPECT_DOUBLE_EQ(f.wall_ns_per_op, 1000);
  // Sum of wall (= CPU) times 5.55e6 ns over 5000 operations.
  EXPECT_DOUBLE_EQ(f.cpu_ns_per_op, 1110);
  EXPECT_DOUBLE_EQ(f.ticks_per_op, 2220);
  EXPECT_NEAR(f.user_ns_per_op + f.sys_ns_per_op, f.cpu_ns_per_op, 1e-9);
  EXPECT_DOUBLE_EQ(f.cpu_utilization, 1.0);
  EXPECT_FALSE(f.cpu_wall_mismatch);
  EXPECT_TRUE(f.precision_reached);
  EXPECT_DOUBLE_EQ(f.worker_min_ops_per_s, 1e6);
  EXPECT_DOUBLE_EQ(f.worker_max_ops_per_s, 1e6);
}

TEST(DeriveFiguresTest, CpuWallMismatchBeyondTenPercent) {
  const struct {
    double cpu_fraction;
    bool mismatch;
  } cases[] = {{0.85, true}, {0.95, false}, {1.05, false}, {1.2, true}};
  for (const auto& c : cases) {
    Cell cell;
    cell.input_len = 16;
    cell.workers.push_back(FiveSampleWorker(c.cpu_fraction));
    DeriveFigures(cell, true, 0.95);
    ASSERT_TRUE(cell.figures.has_value());
    EXPECT_NEAR(cell.figures->cpu_utilization, c.cpu_fraction, 1e-6) << c.cpu_fraction;
    EXPECT_EQ(cell.figures->cpu_wall_mismatch, c.mismatch) << c.cpu_fraction;
  }
}

TEST(DeriveFiguresTest, WorkersAddUpAndSpreadIsKept) {
  Cell cell;
  cell.input_len = 1024;
  cell.workers.push_back(FiveSampleWorker(1.0));  // median 1e6 ops/s, CI [5e5, 2e6]
  // Six samples of 1000 operations in 4 ms: 2.5e5 ops/s, CI [2.5e5, 2.5e5]; CPU half busy.
  WorkerSamples slow;
  for (int i = 0; i < 6; ++i) {
    slow.samples.push_back(MakeSample(1000, 4'000'000, 2'000'000));
  }
  slow.precision_reached = false;
  cell.workers.push_back(slow);
  DeriveFigures(cell, true, 0.95);

  ASSERT_TRUE(cell.figures.has_value());
  const CellFigures& f = *cell.figures;
  EXPECT_EQ(f.num_workers, 2u);
  EXPECT_EQ(f.num_samples, 11u);
  // Side by side, each worker counts as its total work over its sampled wall time, with its
  // median's relative CI: 5000 ops / 5.55 ms = 900900.9 ops/s (CI scaled by 0.9009 from
  // [5e5, 2e6]) plus 6000 ops / 24 ms = 2.5e5 ops/s (CI [2.5e5, 2.5e5]).
  const double fast = 5000 / 5.55e-3;
  const double scale = fast / 1e6;
  EXPECT_DOUBLE_EQ(f.ops_per_s.value, fast + 2.5e5);
  EXPECT_DOUBLE_EQ(f.ops_per_s.ci_low, 5e5 * scale + 2.5e5);
  EXPECT_DOUBLE_EQ(f.ops_per_s.ci_high, 2e6 * scale + 2.5e5);
  EXPECT_DOUBLE_EQ(f.worker_min_ops_per_s, 2.5e5);
  EXPECT_DOUBLE_EQ(f.worker_max_ops_per_s, fast);
  EXPECT_FALSE(f.precision_reached);
  // CPU: 5.55e6 + 6 * 2e6 = 17.55e6 ns over 11000 operations and 5.55e6 + 24e6 ns of wall time.
  EXPECT_DOUBLE_EQ(f.cpu_ns_per_op, 17.55e6 / 11000);
  EXPECT_DOUBLE_EQ(f.cpu_utilization, 17.55e6 / 29.55e6);
  EXPECT_TRUE(f.cpu_wall_mismatch);
  EXPECT_DOUBLE_EQ(f.bytes_per_s->value, (fast + 2.5e5) * 1024);
}

TEST(DeriveFiguresTest, PublicKeyHasNoBytesPerSecond) {
  Cell cell;
  cell.operation = "sign";
  cell.input_len = 32;
  cell.workers.push_back(FiveSampleWorker(1.0));
  DeriveFigures(cell, /*symmetric=*/false, 0.95);
  ASSERT_TRUE(cell.figures.has_value());
  EXPECT_FALSE(cell.figures->bytes_per_s.has_value());
  EXPECT_DOUBLE_EQ(cell.figures->ops_per_s.value, 1e6);
}

TEST(DeriveFiguresTest, NoSamplesLeavesTheCellAlone) {
  Cell empty;
  DeriveFigures(empty, true, 0.95);
  EXPECT_FALSE(empty.figures.has_value());

  Cell imported;  // figures from another tool, no samples: kept as they are
  imported.figures = CellFigures{};
  imported.figures->ops_per_s.value = 42;
  imported.workers.emplace_back();  // a worker without samples
  DeriveFigures(imported, true, 0.95);
  ASSERT_TRUE(imported.figures.has_value());
  EXPECT_DOUBLE_EQ(imported.figures->ops_per_s.value, 42);
}

TEST(DeriveFiguresTest, SamplesWithoutElapsedTimeAreSkippedForRates) {
  Cell cell;
  cell.input_len = 16;
  WorkerSamples worker = FiveSampleWorker(1.0);
  worker.samples.push_back(MakeSample(1000, 0, 0));
  cell.workers.push_back(worker);
  DeriveFigures(cell, true, 0.95);
  ASSERT_TRUE(cell.figures.has_value());
  EXPECT_DOUBLE_EQ(cell.figures->ops_per_s.value, 1e6);
}

TEST(DeriveAllFiguresTest, CatalogueDecidesSymmetric) {
  RunResult run;
  auto add = [&run](const std::string& name, const std::string& op, uint64_t input_len) {
    AlgorithmResult alg;
    alg.algorithm = name;
    Cell cell;
    cell.operation = op;
    cell.input_len = input_len;
    cell.workers.push_back(FiveSampleWorker(1.0));
    alg.cells.push_back(cell);
    run.algorithms.push_back(alg);
  };
  add("SHA-256", "hash", 64);
  add("rsa2048", "sign", 32);            // alias of RSA-2048
  add("FutureCipher-1", "encrypt", 64);  // unknown to the catalogue
  add("FutureSig-1", "verify", 32);
  add("FutureKem-1", "encaps", 0);
  DeriveAllFigures(run);
  const bool expected[] = {true, false, true, false, false};
  for (size_t i = 0; i < run.algorithms.size(); ++i) {
    const Cell& cell = run.algorithms[i].cells[0];
    ASSERT_TRUE(cell.figures.has_value()) << i;
    EXPECT_EQ(cell.figures->bytes_per_s.has_value(), expected[i]) << run.algorithms[i].algorithm;
  }
}

}  // namespace
}  // namespace cryptobench::results

namespace cryptobench::results {
namespace {

// A worker that shared its core for part of the run: preempted samples (which time the
// scheduler) leave the median, but stay in the CPU figures and are counted.
TEST(DeriveFiguresTest, PreemptedSamplesLeaveTheMedian) {
  Cell cell;
  cell.input_len = 16;
  WorkerSamples worker;
  for (int i = 0; i < 6; ++i) {
    worker.samples.push_back(MakeSample(1000, 1'000'000, 1'000'000));  // 1e6 ops/s
  }
  for (int i = 0; i < 7; ++i) {
    measure::Sample slow = MakeSample(1000, 2'000'000, 1'000'000);  // 5e5 ops/s, half the time
    slow.preemptions = 1;
    worker.samples.push_back(slow);
  }
  cell.workers.push_back(worker);
  DeriveFigures(cell, true, 0.95);
  ASSERT_TRUE(cell.figures.has_value());
  EXPECT_DOUBLE_EQ(cell.figures->ops_per_s.value, 1e6);  // the median of all 13 would be 5e5
  EXPECT_EQ(cell.figures->num_preempted_samples, 7u);
  EXPECT_EQ(cell.figures->num_samples, 13u);
  EXPECT_NEAR(cell.figures->cpu_utilization, 13e6 / 20e6, 1e-12);

  // Too few undisturbed samples: all samples count, contention and all.
  Cell few;
  few.input_len = 16;
  WorkerSamples mostly_preempted;
  mostly_preempted.samples.assign(worker.samples.begin() + 2, worker.samples.end());
  few.workers.push_back(mostly_preempted);
  DeriveFigures(few, true, 0.95);
  ASSERT_TRUE(few.figures.has_value());
  EXPECT_DOUBLE_EQ(few.figures->ops_per_s.value, 5e5);
}

}  // namespace
}  // namespace cryptobench::results

namespace cryptobench::results {
namespace {

// Two rounds of three samples: the first round at 1e6 ops/s, the second at 1.2e6 ops/s (a
// drift between rounds that the pooled samples' median CI does not show).
WorkerSamples TwoRoundWorker() {
  WorkerSamples worker;
  for (int64_t wall : {1'000'000, 1'000'000, 1'000'000}) {
    worker.samples.push_back(MakeSample(1000, wall, wall));
  }
  for (int i = 0; i < 3; ++i) {
    worker.samples.push_back(MakeSample(1200, 1'000'000, 1'000'000));
  }
  worker.round_sizes = {3, 3};
  return worker;
}

TEST(DeriveFiguresTest, RoundsWidenTheCiToTheBetweenRoundSpread) {
  Cell cell;
  cell.input_len = 16;
  cell.workers.push_back(TwoRoundWorker());
  DeriveFigures(cell, /*symmetric=*/true, 0.95);
  ASSERT_TRUE(cell.figures.has_value());
  const CellFigures& f = *cell.figures;
  EXPECT_EQ(f.rounds, 2u);
  EXPECT_DOUBLE_EQ(f.ops_per_s.value, 1.1e6);  // the median of all samples, as before rounds
  // Round medians 1e6 and 1.2e6: s = 1.414e5, t(0.975, 1) = 12.706, sqrt(2 / 2) = 1.
  const double half = 12.706 * std::sqrt(2.0) * 1e5;
  EXPECT_NEAR(f.ops_per_s.ci_high, 1.1e6 + half, 1e3);
  EXPECT_DOUBLE_EQ(f.ops_per_s.ci_low, 0.0);  // clamped: a rate is not negative
  // The wider interval covers at least what the pooled median's [min, max] covers.
  EXPECT_NEAR(f.ci_confidence, 1 - 2 * std::pow(0.5, 6), 1e-12);

  // The same samples without rounds: the pooled median's order-statistic CI, as before.
  Cell plain;
  plain.input_len = 16;
  plain.workers.push_back(TwoRoundWorker());
  plain.workers[0].round_sizes.clear();
  DeriveFigures(plain, /*symmetric=*/true, 0.95);
  EXPECT_EQ(plain.figures->rounds, 0u);
  EXPECT_DOUBLE_EQ(plain.figures->ops_per_s.ci_low, 1e6);
  EXPECT_DOUBLE_EQ(plain.figures->ops_per_s.ci_high, 1.2e6);
}

TEST(DeriveFiguresTest, DisturbedWorkerFlagsTheCell) {
  Cell cell;
  cell.workers.push_back(FiveSampleWorker(1.0));
  cell.workers[0].disturbed = "steal 4.1%";
  DeriveFigures(cell, /*symmetric=*/false, 0.95);
  EXPECT_EQ(cell.figures->disturbed, "steal 4.1%");
}

}  // namespace
}  // namespace cryptobench::results
