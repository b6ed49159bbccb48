// The sampling loop: warm-up, batch-size calibration and samples until a precision target or a
// time budget is met. Knows nothing about crypto: it times a callback that runs a batch.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "measure/clocks.h"
#include "measure/cpu_placement.h"
#include "measure/rounds.h"

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
  double warmup_seconds = 0.02;          ///< warm up at least this long before calibrating, seconds
  /// ...and then until the rate has settled (RatesSettled over kWarmupSettleWindow batches
  /// within warmup_tolerance), but never longer than this, seconds
  double warmup_max_seconds = 0.1;
  double warmup_tolerance = 0.02;  ///< (max - min) / median of the last batches' rates, 0..1
  double confidence = 0.95;        ///< confidence level of the stopping CI
  /// SampleInRounds: the budget is split into this many rounds (measure/rounds.h); 1 = one
  /// stretch, as SampleUntilPrecise
  size_t rounds = kDefaultRounds;
};

/// Warm-up batches whose rates must agree for the warm-up to count as settled.
inline constexpr size_t kWarmupSettleWindow = 3;

/// How the warm-up ended (Calibrate).
struct WarmupReport {
  double seconds = 0;    ///< time spent warming up, seconds
  bool settled = false;  ///< the rate settled; false: stopped at warmup_max_seconds
};

/// Warms up (at least config.warmup_seconds, then until the rate of successive batches has
/// settled, at most config.warmup_max_seconds; how it ended goes to *warmup if given), then
/// finds the batch size (iterations per sample, >= 1) whose run takes at least
/// config.target_sample_seconds, doubling from 1. Returns 0 and sets *error if `run` fails.
uint64_t Calibrate(const BatchFn& run, const SamplerConfig& config, std::string* error,
                   WarmupReport* warmup = nullptr);

/// Result of SampleUntilPrecise / SampleForWindow.
struct SampleRun {
  std::vector<Sample> samples;
  bool precision_reached = false;  ///< the CI criterion was met before the budget ran out
  std::string error;               ///< non-empty if `run` failed; samples then incomplete
  /// Wall-clock time from the start of the first sample to the end of the last, nanoseconds:
  /// unlike the samples' sum it includes time spent waiting for a core between samples.
  int64_t window_ns = 0;
  /// SampleInRounds: how many of `samples` (in order) each round took; empty for one stretch.
  std::vector<size_t> round_sizes;
};

/// Called between samples, outside the timed region (a worker tells its parent it is alive).
using BetweenSamplesFn = std::function<void()>;

/// Takes samples of `batch` iterations until the median throughput's CI is within
/// config.precision (after >= min_samples) or config.max_seconds have passed. `between`, if
/// set, runs after every sample.
SampleRun SampleUntilPrecise(const BatchFn& run, uint64_t batch, const SamplerConfig& config,
                             const BetweenSamplesFn& between = {});

/// Called before every round but the first, outside the timed region, to start the round from
/// a fresh placement (the worker prepares the operation anew: docs/methodology.md, "Rounds
/// from fresh placements"). Returns false if that failed (SampleRun::error is then set).
using BeforeRoundFn = std::function<bool()>;

/// Takes config.rounds rounds of samples of `batch` iterations, each in a slot of
/// config.max_seconds / rounds: a round ends when its slot has passed, or earlier once it holds
/// >= min_samples and its own median's CI is within config.precision. precision_reached: the
/// RoundsInterval of the rounds' median rates is within config.precision of the median of all
/// samples. With config.rounds <= 1 this is SampleUntilPrecise (round_sizes empty).
/// `before_round`, if set, runs before rounds 2..R (not timed); `run` must then time what it
/// set up.
SampleRun SampleInRounds(const BatchFn& run, uint64_t batch, const SamplerConfig& config,
                         const BetweenSamplesFn& between = {},
                         const BeforeRoundFn& before_round = {});

/// The half-width of `run`'s round interval (RoundsInterval of RoundFigures over unpreempted
/// samples, around the median rate of all unpreempted samples) as a fraction of that median:
/// how far the cell's own rounds disagree. std::nullopt with fewer than 2 rounds or no rate.
std::optional<double> RoundsHalfWidth(const SampleRun& run);

/// Most attempts at one cell (the first and at most 2 repeats), so that a machine that never
/// settles costs at most 3x a cell's budget, not an open-ended loop.
inline constexpr int kMaxCellAttempts = 3;

/// One attempt at a cell: its samples and what CellWatch saw meanwhile (including the rounds'
/// own disagreement, CellWatch::Finish(RoundsHalfWidth(run))).
struct CellAttempt {
  SampleRun run;
  CellDisturbance disturbance;
};

/// A cell measured until it was undisturbed or out of attempts (MeasureWatched).
struct WatchedCell {
  CellAttempt last;  ///< the attempt reported: the last one, never the best
  int attempts = 0;  ///< attempts made, 1..max_attempts
  /// What disturbed each attempt before the last (CellDisturbance::Describe), in order
  std::vector<std::string> earlier;
};

/// Runs `attempt` until an attempt is undisturbed (its disturbance's Describe() is empty), it
/// fails (SampleRun::error set) or `max_attempts` (>= 1) have been made, and returns the last
/// attempt: a disturbed cell is measured again, never chosen as the best of several, and a
/// cell still disturbed on its last attempt keeps its disturbance for the outputs to flag.
WatchedCell MeasureWatched(const std::function<CellAttempt()>& attempt,
                           int max_attempts = kMaxCellAttempts);

/// Median rate (iterations per second) of each round of `run` (SampleRun::round_sizes), over
/// its unpreempted samples when `skip_preempted` and it has any, else over all of them.
std::vector<double> RoundFigures(const std::vector<Sample>& samples,
                                 const std::vector<size_t>& round_sizes, bool skip_preempted);

/// Takes samples of `batch` iterations until `window_seconds` of wall-clock time have passed
/// (and at least min_samples). Used when several workers share one wall-clock window.
/// `between`, if set, runs after every sample.
SampleRun SampleForWindow(const BatchFn& run, uint64_t batch, double window_seconds,
                          const SamplerConfig& config, const BetweenSamplesFn& between = {});

}  // namespace cryptobench::measure
