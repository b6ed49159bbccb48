// Warm-up, batch calibration and the sampling loops.
#include "measure/sampler.h"

#include <algorithm>
#include <chrono>

#include "stats/stats.h"

namespace cryptobench::measure {
namespace {

using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC on Linux

constexpr char kOperationFailed[] = "operation failed";

/// Largest batch Calibrate returns: 2^40 iterations of even 1 ns each take 18 minutes, so a
/// batch this large only occurs for an operation that costs nothing (and doubling must stop
/// somewhere before uint64_t overflows).
constexpr uint64_t kMaxBatch = uint64_t{1} << 40;

/// Warm-up batches keep doubling while one lasts less than this fraction of the warm-up, so a
/// cheap operation is not dominated by call overhead and a slow one overshoots the warm-up by
/// at most about 2/16 of it.
constexpr double kWarmupBatchFraction = 1.0 / 16;

/// Below this many samples the stopping criterion is evaluated after every sample; above it,
/// only once the count has grown by kCheckGrowth, because each evaluation sorts all samples.
constexpr size_t kCheckEverySampleBelow = 50;
constexpr double kCheckGrowth = 0.10;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void SetError(std::string* error, std::string_view message) {
  if (error != nullptr) {
    *error = message;
  }
}

/// Runs one batch between two clock readings. Returns false if `run` failed.
bool TimeBatch(const BatchFn& run, uint64_t batch, Sample* sample) {
  const ClockReading before = ReadClocks();
  const bool ok = run(batch);
  const ClockReading after = ReadClocksAfterWork();
  sample->iterations = batch;
  sample->wall_ns = after.wall_ns - before.wall_ns;
  sample->cpu_ns = after.cpu_ns - before.cpu_ns;
  sample->user_ns = after.user_ns - before.user_ns;
  sample->sys_ns = after.sys_ns - before.sys_ns;
  sample->ticks = after.ticks - before.ticks;
  sample->preemptions = static_cast<uint64_t>(
      std::max<int64_t>(after.involuntary_switches - before.involuntary_switches, 0));
  sample->voluntary_switches = static_cast<uint64_t>(
      std::max<int64_t>(after.voluntary_switches - before.voluntary_switches, 0));
  return ok;
}

/// Iterations per wall-clock second of one sample.
double Throughput(const Sample& sample) {
  // A 0 ns sample (coarse clock) counts as 1 ns rather than dividing by zero.
  return static_cast<double>(sample.iterations) * 1e9 /
         static_cast<double>(std::max<int64_t>(sample.wall_ns, 1));
}

/// The stopping criterion: the median throughput's CI attains the requested confidence (so at
/// least 6 samples at 95%) and its half-width is within `precision` of the median.
bool PreciseEnough(const std::vector<double>& throughputs, const SamplerConfig& config) {
  const stats::Summary summary = stats::Summarize(throughputs, config.confidence);
  return summary.median > 0 && summary.median_ci.confidence >= config.confidence &&
         summary.RelativeHalfWidth() <= config.precision;
}

/// Appends one sample of `batch` iterations to `result` (and its throughput to `throughputs`);
/// on failure sets result->error and returns false.
bool TakeSample(const BatchFn& run, uint64_t batch, SampleRun* result,
                std::vector<double>* throughputs) {
  Sample sample;
  if (!TimeBatch(run, batch, &sample)) {
    result->error = kOperationFailed;
    return false;
  }
  result->samples.push_back(sample);
  // A preempted sample measures the scheduler, not the code: it stays in the record (CPU
  // utilisation uses it) but not in the stopping criterion.
  if (sample.preemptions == 0) {
    throughputs->push_back(Throughput(sample));
  }
  return true;
}

}  // namespace

uint64_t Calibrate(const BatchFn& run, const SamplerConfig& config, std::string* error,
                   WarmupReport* warmup) {
  WarmupReport report;
  if (config.warmup_seconds > 0) {
    const Clock::time_point start = Clock::now();
    const double longest = std::max(config.warmup_max_seconds, config.warmup_seconds);
    const double full_batch = config.warmup_seconds * kWarmupBatchFraction;
    std::vector<double> rates;  // of batches long enough to mean something
    uint64_t batch = 1;
    while (true) {
      const Clock::time_point batch_start = Clock::now();
      if (!run(batch)) {
        SetError(error, kOperationFailed);
        return 0;
      }
      const double took = SecondsSince(batch_start);
      if (took >= full_batch) {
        rates.push_back(static_cast<double>(batch) / took);
      }
      const double elapsed = SecondsSince(start);
      report.settled = RatesSettled(rates, kWarmupSettleWindow, config.warmup_tolerance);
      if ((elapsed >= config.warmup_seconds && report.settled) || elapsed >= longest) {
        report.seconds = elapsed;
        break;
      }
      if (took < full_batch && batch < kMaxBatch) {
        batch *= 2;
      }
    }
  }
  if (warmup != nullptr) {
    *warmup = report;
  }
  uint64_t batch = 1;
  while (true) {
    const Clock::time_point batch_start = Clock::now();
    if (!run(batch)) {
      SetError(error, kOperationFailed);
      return 0;
    }
    if (SecondsSince(batch_start) >= config.target_sample_seconds || batch >= kMaxBatch) {
      return batch;
    }
    batch *= 2;
  }
}

SampleRun SampleUntilPrecise(const BatchFn& run, uint64_t batch, const SamplerConfig& config,
                             const BetweenSamplesFn& between) {
  batch = std::max<uint64_t>(batch, 1);
  SampleRun result;
  std::vector<double> throughputs;
  result.samples.reserve(std::min<size_t>(config.max_samples, 1024));
  throughputs.reserve(result.samples.capacity());
  const Clock::time_point start = Clock::now();
  size_t next_check = 0;
  while (result.samples.size() < config.max_samples) {
    if (!TakeSample(run, batch, &result, &throughputs)) {
      break;
    }
    if (between) {
      between();
    }
    const size_t count = result.samples.size();
    if (count < config.min_samples) {
      continue;
    }
    if (count >= next_check) {
      if (PreciseEnough(throughputs, config)) {
        result.precision_reached = true;
        break;
      }
      next_check = count < kCheckEverySampleBelow
                       ? count + 1
                       : count + static_cast<size_t>(static_cast<double>(count) * kCheckGrowth);
    }
    if (SecondsSince(start) >= config.max_seconds) {
      break;
    }
  }
  return result;
}

std::vector<double> RoundFigures(const std::vector<Sample>& samples,
                                 const std::vector<size_t>& round_sizes, bool skip_preempted) {
  std::vector<double> figures;
  size_t begin = 0;
  for (size_t size : round_sizes) {
    const size_t end = std::min(samples.size(), begin + size);
    std::vector<double> all;
    std::vector<double> undisturbed;
    for (size_t i = begin; i < end; ++i) {
      all.push_back(Throughput(samples[i]));
      if (samples[i].preemptions == 0) {
        undisturbed.push_back(all.back());
      }
    }
    begin = end;
    if (all.empty()) {
      continue;
    }
    figures.push_back(stats::Median(skip_preempted && !undisturbed.empty() ? undisturbed : all));
  }
  return figures;
}

SampleRun SampleInRounds(const BatchFn& run, uint64_t batch, const SamplerConfig& config,
                         const BetweenSamplesFn& between, const BeforeRoundFn& before_round) {
  if (config.rounds <= 1) {
    return SampleUntilPrecise(run, batch, config, between);
  }
  batch = std::max<uint64_t>(batch, 1);
  SampleRun result;
  const double slot = config.max_seconds / static_cast<double>(config.rounds);
  for (size_t round = 0; round < config.rounds; ++round) {
    if (round > 0 && before_round && !before_round()) {
      result.error = kOperationFailed;
      break;
    }
    const Clock::time_point start = Clock::now();
    const size_t first = result.samples.size();
    std::vector<double> throughputs;
    size_t next_check = 0;
    while (result.samples.size() < config.max_samples) {
      if (!TakeSample(run, batch, &result, &throughputs)) {
        break;
      }
      if (between) {
        between();
      }
      const size_t count = result.samples.size() - first;
      if (count >= config.min_samples && count >= next_check) {
        if (PreciseEnough(throughputs, config)) {
          break;
        }
        next_check = count < kCheckEverySampleBelow
                         ? count + 1
                         : count + static_cast<size_t>(static_cast<double>(count) * kCheckGrowth);
      }
      if (SecondsSince(start) >= slot && count >= 1) {
        break;
      }
    }
    result.round_sizes.push_back(result.samples.size() - first);
    if (!result.error.empty() || result.samples.size() >= config.max_samples) {
      break;
    }
  }
  if (result.error.empty()) {
    const std::optional<double> half_width = RoundsHalfWidth(result);
    result.precision_reached = half_width && *half_width <= config.precision;
  }
  return result;
}

std::optional<double> RoundsHalfWidth(const SampleRun& run) {
  std::vector<double> rates;
  for (const Sample& sample : run.samples) {
    if (sample.preemptions == 0) {
      rates.push_back(Throughput(sample));
    }
  }
  if (rates.empty()) {
    return std::nullopt;
  }
  const double value = stats::Median(rates);
  const std::optional<stats::Interval> interval =
      RoundsInterval(RoundFigures(run.samples, run.round_sizes, true), value);
  if (!interval || !(value > 0)) {
    return std::nullopt;
  }
  return (interval->high - interval->low) / 2 / value;
}

WatchedCell MeasureWatched(const std::function<CellAttempt()>& attempt, int max_attempts) {
  WatchedCell cell;
  while (true) {
    cell.last = attempt();
    ++cell.attempts;
    const std::string what = cell.last.disturbance.Describe();
    if (what.empty() || !cell.last.run.error.empty() || cell.attempts >= max_attempts) {
      return cell;
    }
    cell.earlier.push_back(what);
  }
}

SampleRun SampleForWindow(const BatchFn& run, uint64_t batch, double window_seconds,
                          const SamplerConfig& config, const BetweenSamplesFn& between) {
  batch = std::max<uint64_t>(batch, 1);
  SampleRun result;
  std::vector<double> throughputs;
  result.samples.reserve(std::min<size_t>(config.max_samples, 1024));
  throughputs.reserve(result.samples.capacity());
  const Clock::time_point start = Clock::now();
  while (result.samples.size() < config.max_samples &&
         (result.samples.size() < config.min_samples || SecondsSince(start) < window_seconds)) {
    if (!TakeSample(run, batch, &result, &throughputs)) {
      break;
    }
    if (between) {
      between();
    }
  }
  result.window_ns = static_cast<int64_t>(SecondsSince(start) * 1e9);
  // The window, not precision, decides when to stop; still report whether the samples meet
  // the precision target so the caller can flag an imprecise cell.
  result.precision_reached = result.error.empty() && PreciseEnough(throughputs, config);
  return result;
}

}  // namespace cryptobench::measure
