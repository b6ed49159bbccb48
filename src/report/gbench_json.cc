// Google Benchmark's JSON layout (--format gbench-json), so that tools written for it read
// cryptobench's figures: compare.py (tools/compare.py in google/benchmark), github-action-benchmark
// and Bencher. The keys and their JSON types are those that libbenchmark 1.7.1's JSONReporter
// writes (src/json_reporter.cc), checked by GbenchJsonTest against the output of a benchmark
// built with it (tests/support/gbench_reference.cc).
#include <algorithm>
#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/report.h"

namespace cryptobench::report {
namespace {

using nlohmann::ordered_json;
using results::Cell;
using results::CellStatus;
using results::RunResult;

// One sample's per-operation figures.
struct PerOp {
  double real_ns = 0;
  double cpu_ns = 0;
  double items_per_s = 0;
  double bytes_per_s = 0;
};

ordered_json Context(const std::vector<RunResult>& runs) {
  const RunResult& first = runs.front();
  ordered_json context;
  context["date"] = first.created_utc;
  context["executable"] = "cryptobench";
  context["num_cpus"] = first.machine.online_cpus;
  if (first.machine.tick_rate_hz > 0) {
    // libbenchmark writes its cycle counter's rate here, rounded to whole MHz: the TSC's.
    context["mhz_per_cpu"] = std::llround(first.machine.tick_rate_hz / 1e6);
  }
  // host_name, cpu_scaling_enabled, caches and load_avg are not in the result model: left out
  // rather than guessed. What follows is custom context (libbenchmark's AddCustomContext writes
  // such keys as strings), naming the libraries and a partial run.
  std::vector<std::string> libraries;
  std::string partial;
  for (const RunResult& run : runs) {
    libraries.push_back(run.library.backend.empty()
                            ? run.library.version
                            : fmt::format("{}: {}", run.library.backend, run.library.version));
    if (!run.interrupted_by.empty()) {
      partial = "interrupted by " + run.interrupted_by;
    }
  }
  context["cryptobench_version"] = first.source.tool_version;
  context["cryptobench_libraries"] = fmt::format("{}", fmt::join(libraries, "; "));
  if (!partial.empty()) {
    context["cryptobench_partial"] = partial;
  }
  return context;
}

// The fields every entry of one benchmark starts with.
ordered_json Entry(const std::string& name, size_t family, const char* run_type, size_t repetitions,
                   int threads) {
  ordered_json entry;
  entry["name"] = name;
  entry["family_index"] = family;
  entry["per_family_instance_index"] = 0;
  entry["run_name"] = name;
  entry["run_type"] = run_type;
  entry["repetitions"] = repetitions;
  entry["threads"] = threads;
  return entry;
}

void Figures(ordered_json& entry, uint64_t iterations, const PerOp& figures, bool symmetric) {
  entry["iterations"] = iterations;
  entry["real_time"] = figures.real_ns;
  entry["cpu_time"] = figures.cpu_ns;
  entry["time_unit"] = "ns";
  if (symmetric) {
    entry["bytes_per_second"] = figures.bytes_per_s;
  }
  entry["items_per_second"] = figures.items_per_s;
}

// "openssl/AES-128-GCM/encrypt/16384" (the backend with several runs; no size for public key).
std::string BenchmarkName(const RunResult& run, bool several, const std::string& algorithm,
                          const Cell& cell, bool symmetric) {
  std::string name = several ? run.library.backend + "/" : "";
  name += algorithm + "/" + cell.operation;
  if (symmetric) {
    name += fmt::format("/{}", cell.input_len);
  }
  return name;
}

void AddCell(const RunResult& run, bool several, const std::string& algorithm, const Cell& cell,
             size_t family, ordered_json& benchmarks) {
  const bool symmetric = results::IsSymmetricCell(algorithm, cell);
  const std::string name = BenchmarkName(run, several, algorithm, cell, symmetric);
  const int threads = std::max(1, run.method.threads);
  if (cell.status != CellStatus::kOk || !cell.figures) {
    // As libbenchmark writes a benchmark that called SkipWithError.
    ordered_json entry = Entry(name, family, "iteration", 1, threads);
    entry["repetition_index"] = 0;
    entry["error_occurred"] = true;
    entry["error_message"] =
        cell.message.empty()
            ? std::string(results::CellStatusName(cell.status))
            : fmt::format("{}: {}", results::CellStatusName(cell.status), cell.message);
    Figures(entry, 0, PerOp{}, false);
    benchmarks.push_back(std::move(entry));
    return;
  }
  // Each sample is a repetition, as --benchmark_repetitions=N writes N runs.
  std::vector<std::pair<uint64_t, PerOp>> samples;
  for (const results::WorkerSamples& worker : cell.workers) {
    for (const measure::Sample& sample : worker.samples) {
      if (sample.iterations == 0 || sample.wall_ns <= 0) {
        continue;
      }
      const double calls = static_cast<double>(sample.iterations);
      const double wall_s = static_cast<double>(sample.wall_ns) * 1e-9;
      PerOp op;
      op.real_ns = static_cast<double>(sample.wall_ns) / calls;
      op.cpu_ns = static_cast<double>(sample.cpu_ns) / calls;
      op.items_per_s = calls / wall_s;
      op.bytes_per_s = op.items_per_s * static_cast<double>(cell.input_len);
      samples.emplace_back(sample.iterations, op);
    }
  }
  for (size_t i = 0; i < samples.size(); ++i) {
    ordered_json entry = Entry(name, family, "iteration", samples.size(), threads);
    entry["repetition_index"] = i;
    Figures(entry, samples[i].first, samples[i].second, symmetric);
    benchmarks.push_back(std::move(entry));
  }
  if (samples.empty()) {
    return;
  }
  // Aggregates over the samples, as libbenchmark's mean, median, stddev and cv; the median is
  // cryptobench's headline figure (the median left out preempted samples; results/derive.cc).
  const auto stat = [&samples](double PerOp::*field) {
    double sum = 0;
    for (const auto& [calls, op] : samples) {
      sum += op.*field;
    }
    const double mean = sum / static_cast<double>(samples.size());
    double squares = 0;
    for (const auto& [calls, op] : samples) {
      squares += (op.*field - mean) * (op.*field - mean);
    }
    const double stddev =
        samples.size() > 1 ? std::sqrt(squares / static_cast<double>(samples.size() - 1)) : 0;
    return std::pair<double, double>{mean, stddev};
  };
  const auto [real_mean, real_sd] = stat(&PerOp::real_ns);
  const auto [cpu_mean, cpu_sd] = stat(&PerOp::cpu_ns);
  const auto [items_mean, items_sd] = stat(&PerOp::items_per_s);
  const auto [bytes_mean, bytes_sd] = stat(&PerOp::bytes_per_s);
  PerOp median;
  median.real_ns = cell.figures->wall_ns_per_op;
  // The model's CPU figure is pooled (total CPU time / total calls), a mean: the median of the
  // samples' CPU times is taken here, so a "median" entry never carries a mean.
  std::vector<double> cpu_ns;
  cpu_ns.reserve(samples.size());
  for (const auto& [calls, op] : samples) {
    cpu_ns.push_back(op.cpu_ns);
  }
  std::sort(cpu_ns.begin(), cpu_ns.end());
  const size_t middle = cpu_ns.size() / 2;
  median.cpu_ns =
      cpu_ns.size() % 2 == 1 ? cpu_ns[middle] : (cpu_ns[middle - 1] + cpu_ns[middle]) / 2;
  median.items_per_s = cell.figures->ops_per_s.value;
  median.bytes_per_s = cell.figures->bytes_per_s ? cell.figures->bytes_per_s->value : 0;
  const auto ratio = [](double sd, double mean) { return mean > 0 ? sd / mean : 0; };
  const struct {
    const char* name;
    const char* unit;
    PerOp figures;
  } aggregates[] = {
      {"mean", "time", {real_mean, cpu_mean, items_mean, bytes_mean}},
      {"median", "time", median},
      {"stddev", "time", {real_sd, cpu_sd, items_sd, bytes_sd}},
      {"cv",
       "percentage",
       {ratio(real_sd, real_mean), ratio(cpu_sd, cpu_mean), ratio(items_sd, items_mean),
        ratio(bytes_sd, bytes_mean)}},
  };
  for (const auto& aggregate : aggregates) {
    ordered_json entry = Entry(fmt::format("{}_{}", name, aggregate.name), family, "aggregate",
                               samples.size(), threads);
    entry["run_name"] = name;
    entry["aggregate_name"] = aggregate.name;
    entry["aggregate_unit"] = aggregate.unit;
    Figures(entry, samples.size(), aggregate.figures, symmetric);
    benchmarks.push_back(std::move(entry));
  }
}

}  // namespace

void RenderGbenchJson(const std::vector<RunResult>& runs, std::ostream& out) {
  ordered_json doc;
  doc["context"] = runs.empty() ? ordered_json::object() : Context(runs);
  ordered_json benchmarks = ordered_json::array();
  const bool several = runs.size() > 1;
  size_t family = 0;
  for (const RunResult& run : runs) {
    for (const results::AlgorithmResult& alg : run.algorithms) {
      for (const Cell& cell : alg.cells) {
        if (cell.status == CellStatus::kUnsupported) {
          continue;  // not a benchmark of this library
        }
        AddCell(run, several, alg.algorithm, cell, family++, benchmarks);
      }
    }
  }
  doc["benchmarks"] = std::move(benchmarks);
  out << doc.dump(2, ' ', false, ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace cryptobench::report
