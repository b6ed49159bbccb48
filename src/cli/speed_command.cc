// `cryptobench speed`: validate, probe the library, measure each algorithm in workers, render.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include <fmt/format.h>

#include "algorithms/catalog.h"
#include "backends/openssl/openssl_backend.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "core/utc.h"
#include "cpu/cpu_info.h"
#include "measure/clocks.h"
#include "report/report.h"
#include "results/model.h"
#include "worker/process.h"
#include "worker/scheduler.h"

namespace cryptobench::cli {
namespace {

results::MachineInfo GatherMachine() {
  const cpu::CpuFacts facts = cpu::GatherCpuFacts(cpu::RealSystemReader());
  results::MachineInfo machine;
  machine.cpu_model = facts.model;
  machine.cpu_vendor = facts.vendor;
  machine.arch = facts.arch;
  machine.kernel = facts.kernel;
  machine.online_cpus = facts.online_cpus;
  machine.hypervisor = facts.hypervisor;
  machine.tick_counter = std::string(measure::TickCounterName());
  machine.tick_rate_hz = measure::MeasureTickRateHz();
  return machine;
}

// One status line on a terminal's stderr: current cell, cells left, time left.
class Progress {
 public:
  Progress(bool enabled, size_t total) : enabled_(enabled), total_(total) {}
  ~Progress() { Clear(); }
  void Start(const AlgorithmInfo& alg) {
    if (enabled_) {
      Show(fmt::format("{} ...", alg.name));
    }
  }
  void CellDone(const AlgorithmInfo& alg, const results::Cell& cell) {
    ++done_;
    if (!enabled_) {
      return;
    }
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double left = elapsed / static_cast<double>(done_) * static_cast<double>(total_ - done_);
    Show(fmt::format("{} {} {} B done; {} cells left, about {:.0f} s", alg.name, cell.operation,
                     cell.input_len, total_ - done_, left));
  }

 private:
  void Show(const std::string& text) {
    std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", done_, total_, text.c_str());
    std::fflush(stderr);
  }
  void Clear() {
    if (enabled_) {
      std::fprintf(stderr, "\r\033[K");
      std::fflush(stderr);
    }
  }
  bool enabled_;
  size_t total_;
  size_t done_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

int RunSpeed(const SpeedOptions& options) {
  // Validate everything before any work, so bad input costs nothing and writes nothing.
  report::Format format;
  if (!report::ParseFormat(options.format, &format)) {
    throw UsageError(fmt::format("--format '{}': expected table, openssl, json, csv or markdown",
                                 options.format));
  }
  if (options.all && !options.algorithms.empty()) {
    throw UsageError("--all and algorithm names cannot be combined");
  }
  std::vector<const AlgorithmInfo*> algorithms =
      options.all
          ? std::vector<const AlgorithmInfo*>{}
          : (options.algorithms.empty() ? DefaultSuite() : ResolveAlgorithms(options.algorithms));
  if (options.all) {
    for (const AlgorithmInfo& alg : Catalog()) {
      algorithms.push_back(&alg);
    }
  }
  worker::RunPlan plan;
  plan.executable = worker::SelfExecutable();
  plan.library_path = ResolveLibraryPath(options.library, options.library_given);
  plan.env = ParseEnvAssignments(options.env);
  plan.input_sizes = options.bytes.empty() ? std::vector<uint64_t>(std::begin(kDefaultInputSizes),
                                                                   std::end(kDefaultInputSizes))
                                           : ParseInputSizes(options.bytes);
  plan.decrypt = options.decrypt;
  plan.threads = ParseThreads(options.threads);
  plan.sampler.precision = ParsePrecision(options.precision);
  plan.sampler.max_seconds = ParseMaxSeconds(options.max_seconds);
  plan.worker_timeout_seconds = options.worker_timeout;
  if (!options.test_fault.empty()) {
    const size_t colon = options.test_fault.find(':');
    plan.test_fault = options.test_fault.substr(0, colon);
    if (colon != std::string::npos) {
      plan.test_fault_algorithm = options.test_fault.substr(colon + 1);
    }
  }
  if (!options.output.empty()) {
    CheckOutputPath(options.output);
  }

  results::RunResult run;
  run.created_utc = UtcTimestamp();
  run.source.tool_version = CRYPTOBENCH_VERSION;
  const worker::ProbeResult probe = worker::Probe(plan);
  run.library = probe.library;
  run.library.requested_path = plan.library_path;
  // Capability masks inherited from this shell reach every worker too: name them beside the
  // --env ones, or the header would show a masked vector without saying why.
  for (const char* name : {"OPENSSL_ia32cap", "OPENSSL_armcap"}) {
    if (const char* value = std::getenv(name); value != nullptr && plan.env.count(name) == 0) {
      run.library.worker_env[name] = value;
    }
  }
  run.machine = GatherMachine();
  run.method.direction = plan.decrypt ? "decrypt" : "encrypt";
  run.method.precision = plan.sampler.precision;
  run.method.max_seconds = plan.sampler.max_seconds;
  run.method.min_samples = plan.sampler.min_samples;
  run.method.confidence = plan.sampler.confidence;
  run.method.target_sample_seconds = plan.sampler.target_sample_seconds;
  run.method.threads = plan.threads;
  run.method.input_sizes = plan.input_sizes;
  if (plan.threads > run.machine.online_cpus && run.machine.online_cpus > 0) {
    std::fprintf(stderr,
                 "warning: --threads %d exceeds the %d online CPUs: workers share cores, so the "
                 "aggregate is not %d cores' worth\n",
                 plan.threads, run.machine.online_cpus, plan.threads);
  }

  size_t total_cells = 0;
  for (const AlgorithmInfo* alg : algorithms) {
    total_cells += worker::PlannedCells(*alg, plan).size();
  }
  {
    Progress progress(options.progress && isatty(STDERR_FILENO), total_cells);
    for (const AlgorithmInfo* alg : algorithms) {
      if (probe.supported.count(std::string(alg->name)) == 0) {
        results::AlgorithmResult unsupported;
        unsupported.algorithm = std::string(alg->name);
        unsupported.kind = std::string(KindName(alg->kind));
        unsupported.supported = false;
        unsupported.cells = worker::PlannedCells(*alg, plan);
        for (results::Cell& cell : unsupported.cells) {
          cell.status = results::CellStatus::kUnsupported;
          cell.message = "not provided by this library";
          progress.CellDone(*alg, cell);
        }
        run.algorithms.push_back(std::move(unsupported));
        continue;
      }
      progress.Start(*alg);
      run.algorithms.push_back(worker::MeasureAlgorithm(
          *alg, plan, [&progress](const AlgorithmInfo& a, const results::Cell& cell) {
            progress.CellDone(a, cell);
          }));
    }
  }
  results::DeriveAllFigures(run);

  std::ostringstream rendered;
  report::Render(run, format, rendered);
  if (format == report::Format::kOpenssl && results::HasFailures(run)) {
    // openssl speed's layout has no place for a failure; say so rather than hide it.
    std::fprintf(stderr,
                 "note: some cells failed (FAILED KAT, crash or timeout) and are left out of "
                 "the openssl layout; --format table shows why\n");
  }
  if (options.output.empty()) {
    WriteStdout(rendered.str());
  } else {
    WriteFileAtomically(options.output, rendered.str());
  }
  return results::HasFailures(run) ? kExitFailure : kExitOk;
}

}  // namespace cryptobench::cli
