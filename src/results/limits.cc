// Caps on an input and ranges of figures (limits.h).
#include "results/limits.h"

#include <cmath>

#include <fmt/format.h>

namespace cryptobench::results {
namespace {

// A problem at a JSON path.
[[noreturn]] void Fail(const std::string& path, const std::string& what) {
  throw std::runtime_error(fmt::format("{}: {}", path, what));
}

// A finite number in [low, high] (`low_open`: strictly above low).
void CheckRange(const std::string& path, double value, double low, double high, bool low_open,
                const char* unit) {
  if (!std::isfinite(value)) {
    Fail(path, fmt::format("{} is not a finite number", value));
  }
  if (low_open ? value <= low : value < low) {
    Fail(path,
         fmt::format("{:g} is {} {:g}{}", value, low_open ? "not above" : "below", low, unit));
  }
  if (value > high) {
    Fail(path, fmt::format("{:g} is above {:g}{}", value, high, unit));
  }
}

void CheckEstimate(const std::string& path, const Estimate& estimate, double ceiling,
                   const char* unit) {
  CheckRange(path + ".value", estimate.value, 0, ceiling, true, unit);
  CheckRange(path + ".ci_low", estimate.ci_low, 0, ceiling, false, unit);
  CheckRange(path + ".ci_high", estimate.ci_high, 0, ceiling, false, unit);
  // The interval holds its value (up to rounding in the sums of DeriveFigures).
  const double slack = estimate.value * 1e-9;
  if (estimate.ci_low > estimate.value + slack || estimate.ci_high < estimate.value - slack) {
    Fail(path, fmt::format("the interval [{:g}, {:g}] does not hold its value {:g}",
                           estimate.ci_low, estimate.ci_high, estimate.value));
  }
}

// 0 (a single figure, no interval) or a level in (0, 1).
void CheckConfidence(const std::string& path, double value) {
  if (!std::isfinite(value) || value < 0 || value >= 1) {
    Fail(path,
         fmt::format("{:g} is not a confidence level (0 for none, or above 0 and below 1)", value));
  }
}

// `unsized`: a throughput cell without an input size (an imported figure whose output does
// not give it, Cell::input_len 0), whose ops_per_s is 0: no count of operations is known.
void CheckFiguresOf(const std::string& path, const CellFigures& f, bool unsized) {
  CheckConfidence(path + ".confidence", f.confidence);
  CheckConfidence(path + ".ci_confidence", f.ci_confidence);
  if (!(unsized && f.bytes_per_s && f.ops_per_s.value == 0 && f.ops_per_s.ci_low == 0 &&
        f.ops_per_s.ci_high == 0)) {
    CheckEstimate(path + ".ops_per_s", f.ops_per_s, kMaxOpsPerSecond, " operations/s");
  }
  if (f.bytes_per_s) {
    CheckEstimate(path + ".bytes_per_s", *f.bytes_per_s, kMaxBytesPerSecond, " bytes/s");
  }
  CheckRange(path + ".wall_ns_per_op", f.wall_ns_per_op, 0, kMaxNanoseconds, false, " ns");
  for (const auto& [name, value] :
       {std::pair{"cpu_ns_per_op", f.cpu_ns_per_op}, std::pair{"user_ns_per_op", f.user_ns_per_op},
        std::pair{"sys_ns_per_op", f.sys_ns_per_op}}) {
    CheckRange(path + "." + name, value, 0, kMaxNanoseconds, false, " ns");
  }
  // CPU time over wall time: at most one core per worker, and at most 100000 workers.
  CheckRange(path + ".cpu_utilization", f.cpu_utilization, 0, 1e5, false, "");
  CheckRange(path + ".ticks_per_op", f.ticks_per_op, 0, 1e17, false, " ticks");
  CheckRange(path + ".worker_min_ops_per_s", f.worker_min_ops_per_s, 0, kMaxOpsPerSecond, false,
             " operations/s");
  CheckRange(path + ".worker_max_ops_per_s", f.worker_max_ops_per_s, 0, kMaxOpsPerSecond, false,
             " operations/s");
}

// The checks of CheckSample, without a message.
bool SampleInRange(const measure::Sample& sample, uint64_t input_len) {
  const auto in = [](double value, double low, double high, bool low_open) {
    return std::isfinite(value) && (low_open ? value > low : value >= low) && value <= high;
  };
  const double seconds = static_cast<double>(sample.wall_ns) * 1e-9;
  const double ops = static_cast<double>(sample.iterations) / seconds;
  return sample.iterations > 0 &&
         in(static_cast<double>(sample.wall_ns), 0, kMaxNanoseconds, true) &&
         in(static_cast<double>(sample.cpu_ns), 0, kMaxNanoseconds, false) &&
         in(static_cast<double>(sample.user_ns), 0, kMaxNanoseconds, false) &&
         in(static_cast<double>(sample.sys_ns), 0, kMaxNanoseconds, false) &&
         in(ops, 0, kMaxOpsPerSecond, true) &&
         in(ops * static_cast<double>(input_len), 0, kMaxBytesPerSecond, false);
}

// Throws for the first field of `sample` out of range (SampleInRange said one is).
void CheckSample(const std::string& path, const measure::Sample& sample, uint64_t input_len) {
  if (sample.iterations == 0) {
    Fail(path + ".iterations", "0: a sample times at least one operation");
  }
  CheckRange(path + ".wall_ns", static_cast<double>(sample.wall_ns), 0, kMaxNanoseconds, true,
             " ns");
  for (const auto& [name, value] :
       {std::pair{"cpu_ns", sample.cpu_ns}, std::pair{"user_ns", sample.user_ns},
        std::pair{"sys_ns", sample.sys_ns}}) {
    CheckRange(path + "." + name, static_cast<double>(value), 0, kMaxNanoseconds, false, " ns");
  }
  // The rate the sample implies, which its cell's figures are derived from.
  const double seconds = static_cast<double>(sample.wall_ns) * 1e-9;
  const double ops = static_cast<double>(sample.iterations) / seconds;
  CheckRange(path, ops, 0, kMaxOpsPerSecond, true, " operations/s");
  CheckRange(path, ops * static_cast<double>(input_len), 0, kMaxBytesPerSecond, false, " bytes/s");
}

void CheckCell(const std::string& path, const Cell& cell) {
  if (cell.input_len > (uint64_t{1} << 40)) {
    Fail(path + ".input_len", fmt::format("{} is above 2^40 bytes", cell.input_len));
  }
  for (size_t w = 0; w < cell.workers.size(); ++w) {
    const WorkerSamples& worker = cell.workers[w];
    const std::string worker_path = fmt::format("{}.workers[{}]", path, w);
    if (worker.window_ns < 0) {
      Fail(worker_path + ".window_ns", fmt::format("{} is below 0", worker.window_ns));
    }
    for (size_t s = 0; s < worker.samples.size(); ++s) {
      // A file may hold a million samples: name the path only for the one out of range.
      if (!SampleInRange(worker.samples[s], cell.input_len)) {
        CheckSample(fmt::format("{}.samples[{}]", worker_path, s), worker.samples[s],
                    cell.input_len);
      }
    }
  }
  if (cell.figures) {
    CheckFiguresOf(path + ".figures", *cell.figures, cell.input_len == 0);
  }
}

}  // namespace

void CheckInputSize(const std::vector<RunResult>& runs) {
  size_t rows = 0;
  size_t cells = 0;
  for (const RunResult& run : runs) {
    rows += run.algorithms.size();
    for (const AlgorithmResult& alg : run.algorithms) {
      cells += alg.cells.size();
    }
  }
  if (runs.size() > kMaxRunsPerInput) {
    throw InputLimitError(
        fmt::format("{} runs, more than the {} one input may hold", runs.size(), kMaxRunsPerInput));
  }
  if (rows > kMaxRowsPerInput) {
    throw InputLimitError(
        fmt::format("{} rows (algorithm entries), more than the {} one input "
                    "may hold",
                    rows, kMaxRowsPerInput));
  }
  if (cells > kMaxCellsPerInput) {
    throw InputLimitError(
        fmt::format("{} cells, more than the {} one input may hold", cells, kMaxCellsPerInput));
  }
}

void CheckFigures(const RunResult& run) {
  const MethodInfo& method = run.method;
  CheckRange("method.precision", method.precision, 0, 0.5, false, "");
  CheckRange("method.max_seconds", method.max_seconds, 0, 86400, false, " s");
  CheckRange("method.target_sample_seconds", method.target_sample_seconds, 0, 3600, false, " s");
  CheckConfidence("method.confidence", method.confidence);
  // --threads takes 1..1024; an imported `openssl speed -multi N` up to 100000.
  CheckRange("method.threads", method.threads, 1, 100000, false, "");
  CheckRange("machine.tick_rate_hz", run.machine.tick_rate_hz, 0, 1e11, false, " Hz");
  if (run.machine.online_cpus < 0) {
    Fail("machine.online_cpus", fmt::format("{} is below 0", run.machine.online_cpus));
  }
  if (run.source.multi < 0) {
    Fail("source.multi", fmt::format("{} is below 0", run.source.multi));
  }
  for (size_t a = 0; a < run.algorithms.size(); ++a) {
    const AlgorithmResult& alg = run.algorithms[a];
    for (size_t c = 0; c < alg.cells.size(); ++c) {
      try {
        CheckCell(fmt::format("algorithms[{}].cells[{}]", a, c), alg.cells[c]);
      } catch (const std::runtime_error& e) {
        // The row and cell by name too: a pasted text has no JSON path to follow.
        throw std::runtime_error(fmt::format("{} ({} {}, {} bytes)", e.what(), alg.algorithm,
                                             alg.cells[c].operation, alg.cells[c].input_len));
      }
    }
  }
}

}  // namespace cryptobench::results
