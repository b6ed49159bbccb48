// The sampling loop: warm-up, batch-size calibration and samples until a precision target or a
// time budget is met. Knows nothing about crypto: it times a callback that runs a batch.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "measure/clocks.h"

namespace cryptobench::measure {

/// Runs `iterations` operations back to back; returns false if the library reported an error.
using BatchFn = std::function<bool(uint64_t iterations)>;

/// One timed batch: differences of ClockReading around `iterations` operations.
struct Sample {
  uint64_t iterations = 0;
  int64_t wall_ns = 0;
  int64_t cpu_ns = 0;
  int64_t user_ns = 0;
  int64_t sys_ns = 0;
  uint64_t ticks = 0;
  /// Involuntary context switches during the sample: > 0 means the scheduler gave the CPU to
  /// another task mid-sample, so wall_ns includes time not spent on this work. Waiting for a
  /// device or the kernel (an offload engine) is a voluntary switch and does not count.
  uint64_t preemptions = 0;
  /// Voluntary context switches during the sample (getrusage ru_nvcsw): the worker blocked
  /// (a sleeping lock such as a futex or flock, I/O, a device). A CPU-bound operation makes
  /// none; many per sample mean the worker spent part of wall_ns waiting, not computing.
  uint64_t voluntary_switches = 0;
};

/// Settings of the sampling loop. Defaults give "a few milliseconds" per sample and +-1% CI.
struct SamplerConfig {
  double precision = 0.01;               ///< stop when the 95% CI half-width of the median
                                         ///< throughput is <= this fraction of it
  double max_seconds = 0.5;              ///< time budget for one cell's samples (warm-up and
                                         ///< calibration not included), seconds
  size_t min_samples = 5;                ///< never stop before this many samples
  size_t max_samples = 100000;           ///< hard cap on the number of samples
  double target_sample_seconds = 0.003;  ///< calibrate the batch so one sample lasts this long
  double warmup_seconds = 0.02;          ///< run the operation this long before calibrating
  double confidence = 0.95;              ///< confidence level of the stopping CI
};

/// Warms up, then finds the batch size (iterations per sample, >= 1) whose run takes at least
/// config.target_sample_seconds, doubling from 1. Returns 0 and sets *error if `run` fails.
uint64_t Calibrate(const BatchFn& run, const SamplerConfig& config, std::string* error);

/// Result of SampleUntilPrecise / SampleForWindow.
struct SampleRun {
  std::vector<Sample> samples;
  bool precision_reached = false;  ///< the CI criterion was met before the budget ran out
  std::string error;               ///< non-empty if `run` failed; samples then incomplete
  /// Wall-clock time from the start of the first sample to the end of the last, nanoseconds:
  /// unlike the samples' sum it includes time spent waiting for a core between samples.
  int64_t window_ns = 0;
};

/// Called between samples, outside the timed region (a worker tells its parent it is alive).
using BetweenSamplesFn = std::function<void()>;

/// Takes samples of `batch` iterations until the median throughput's CI is within
/// config.precision (after >= min_samples) or config.max_seconds have passed. `between`, if
/// set, runs after every sample.
SampleRun SampleUntilPrecise(const BatchFn& run, uint64_t batch, const SamplerConfig& config,
                             const BetweenSamplesFn& between = {});

/// Takes samples of `batch` iterations until `window_seconds` of wall-clock time have passed
/// (and at least min_samples). Used when several workers share one wall-clock window.
/// `between`, if set, runs after every sample.
SampleRun SampleForWindow(const BatchFn& run, uint64_t batch, double window_seconds,
                          const SamplerConfig& config, const BetweenSamplesFn& between = {});

}  // namespace cryptobench::measure
