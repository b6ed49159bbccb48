// DeriveFigures: the one place where raw samples become throughput, CPU and tick figures.
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "measure/rounds.h"
#include "results/model.h"
#include "stats/stats.h"

namespace cryptobench::results {
namespace {

// CPU time within this fraction of wall time counts as "one core busy"; beyond it the process
// did not account for the elapsed time by itself (kernel offload, helper threads, contention).
constexpr double kCpuWallTolerance = 0.10;

// Per-sample throughput of one worker, operations per wall-clock second. Samples without
// elapsed time (a clock that did not advance) carry no rate and are left out, and so are
// preempted samples when `skip_preempted` is set.
std::vector<double> OpsPerSecond(const WorkerSamples& worker, bool skip_preempted) {
  std::vector<double> rates;
  rates.reserve(worker.samples.size());
  for (const measure::Sample& sample : worker.samples) {
    if (skip_preempted && sample.preemptions > 0) {
      continue;
    }
    if (sample.wall_ns > 0) {
      rates.push_back(static_cast<double>(sample.iterations) /
                      (static_cast<double>(sample.wall_ns) * 1e-9));
    }
  }
  return rates;
}

double Ratio(double numerator, double denominator) {
  return denominator > 0 ? numerator / denominator : 0;
}

}  // namespace

void DeriveFigures(Cell& cell, bool symmetric, double confidence) {
  CellFigures figures;
  figures.confidence = confidence;
  figures.precision_reached = true;
  figures.ci_confidence = 1;

  // Sums over every sample of every worker, for the per-operation CPU and tick figures.
  double total_iterations = 0;
  double total_wall_ns = 0;
  double total_cpu_ns = 0;
  double total_user_ns = 0;
  double total_sys_ns = 0;
  double total_ticks = 0;

  for (const WorkerSamples& worker : cell.workers) {
    size_t preempted = 0;
    for (const measure::Sample& sample : worker.samples) {
      preempted += sample.preemptions > 0 ? 1 : 0;
    }
    figures.num_preempted_samples += preempted;
    // On a shared machine some samples include time the worker spent waiting for a core; the
    // median of the others is the code's speed. With too few undisturbed samples all are used
    // (the figures then include the contention, and cpu_wall_mismatch says so).
    const bool skip_preempted = worker.samples.size() - preempted >= kMinUnpreemptedSamples;
    std::vector<double> rates = OpsPerSecond(worker, skip_preempted);
    if (rates.empty()) {
      continue;
    }
    const stats::Summary summary = stats::Summarize(rates, confidence);
    // One worker: the median sample rate. Several workers share the machine, and a worker that
    // waits for a core between samples still shows full-speed samples, so the sum of medians
    // would overstate what they achieve together: each worker counts as its total work over its
    // total sampled wall time instead, with the relative CI of its median. Summing the bounds
    // gives a conservative interval for the aggregate.
    double rate = summary.median;
    if (cell.workers.size() > 1) {
      double iterations = 0;
      double wall_ns = 0;
      for (const measure::Sample& sample : worker.samples) {
        iterations += static_cast<double>(sample.iterations);
        wall_ns += static_cast<double>(sample.wall_ns);
      }
      // The whole window, when recorded, also counts time spent waiting for a core between
      // samples, so oversubscribed workers cannot add up to more than the cores did.
      if (worker.window_ns > 0) {
        wall_ns = std::max(wall_ns, static_cast<double>(worker.window_ns));
      }
      rate = Ratio(iterations, wall_ns * 1e-9);
    }
    const double scale = Ratio(rate, summary.median);
    stats::Interval ci = summary.median_ci;
    // One worker sampled in rounds: the CI also spans how far the figure moves between rounds
    // (measure::RoundsInterval, docs/methodology.md), so that it speaks for a repeat run.
    if (cell.workers.size() == 1 && worker.round_sizes.size() >= 2) {
      const std::vector<double> round_figures =
          measure::RoundFigures(worker.samples, worker.round_sizes, skip_preempted);
      if (const std::optional<stats::Interval> between =
              measure::RoundsInterval(round_figures, summary.median)) {
        ci.low = std::max(0.0, std::min(ci.low, between->low));
        ci.high = std::max(ci.high, between->high);
        ci.confidence = std::max(ci.confidence, between->confidence);
        figures.rounds = round_figures.size();
      }
    }
    figures.ops_per_s.value += rate;
    figures.ops_per_s.ci_low += ci.low * scale;
    figures.ops_per_s.ci_high += ci.high * scale;
    figures.ci_confidence = std::min(figures.ci_confidence, ci.confidence);
    if (figures.disturbed.empty() && !worker.disturbed.empty()) {
      figures.disturbed = worker.disturbed;
    }
    if (figures.num_workers == 0) {
      figures.worker_min_ops_per_s = rate;
      figures.worker_max_ops_per_s = rate;
    } else {
      figures.worker_min_ops_per_s = std::min(figures.worker_min_ops_per_s, rate);
      figures.worker_max_ops_per_s = std::max(figures.worker_max_ops_per_s, rate);
    }
    figures.precision_reached = figures.precision_reached && worker.precision_reached;
    ++figures.num_workers;
    figures.num_samples += worker.samples.size();

    for (const measure::Sample& sample : worker.samples) {
      total_iterations += static_cast<double>(sample.iterations);
      total_wall_ns += static_cast<double>(sample.wall_ns);
      total_cpu_ns += static_cast<double>(sample.cpu_ns);
      total_user_ns += static_cast<double>(sample.user_ns);
      total_sys_ns += static_cast<double>(sample.sys_ns);
      total_ticks += static_cast<double>(sample.ticks);
    }
  }
  if (figures.num_workers == 0) {
    return;  // nothing measured: leave the cell as it is (e.g. imported figures)
  }

  if (symmetric) {
    const auto input_len = static_cast<double>(cell.input_len);
    figures.bytes_per_s =
        Estimate{figures.ops_per_s.value * input_len, figures.ops_per_s.ci_low * input_len,
                 figures.ops_per_s.ci_high * input_len};
  }
  figures.wall_ns_per_op = Ratio(1e9, figures.ops_per_s.value);
  figures.cpu_ns_per_op = Ratio(total_cpu_ns, total_iterations);
  figures.user_ns_per_op = Ratio(total_user_ns, total_iterations);
  figures.sys_ns_per_op = Ratio(total_sys_ns, total_iterations);
  figures.ticks_per_op = Ratio(total_ticks, total_iterations);
  figures.cpu_utilization = Ratio(total_cpu_ns, total_wall_ns);
  figures.cpu_wall_mismatch = std::abs(figures.cpu_utilization - 1) > kCpuWallTolerance;
  cell.figures = figures;
}

}  // namespace cryptobench::results
