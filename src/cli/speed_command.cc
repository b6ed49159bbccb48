// `cryptobench speed`: validate, probe each backend, measure each algorithm in workers (backend
// by backend within each algorithm), render one run, or several side by side.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"
#include "cli/commands.h"
#include "cli/machine.h"
#include "cli/options.h"
#include "core/errors.h"
#include "core/fatal_signals.h"
#include "core/utc.h"
#include "cpu/cpu_info.h"
#include "report/report.h"
#include "report/sanitize.h"
#include "report/scaling.h"
#include "results/model.h"
#include "worker/process.h"
#include "worker/scheduler.h"

#include "diagnose/library_masks.h"
#include "import/parse_util.h"
#include "store/sql.h"
#include "store/store.h"

namespace cryptobench::cli {
namespace {

// One status line on a terminal's stderr: current cell, cells left, time left.
class Progress {
 public:
  Progress(bool enabled, size_t total) : enabled_(enabled), total_(total) {}
  ~Progress() { Clear(); }
  /// `backend` names the backend when several are measured ("" otherwise).
  void Start(const AlgorithmInfo& alg, const std::string& backend) {
    if (enabled_) {
      Show(backend.empty() ? fmt::format("{} ...", alg.name)
                           : fmt::format("{} ({}) ...", alg.name, backend));
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
    ShowProgressLine(fmt::format("[{}/{}] {}", done_, total_, text));
  }
  void Clear() {
    if (enabled_) {
      ClearProgressLine();
    }
  }
  bool enabled_;
  size_t total_;
  size_t done_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// One backend of a speed run: what its workers get, what its probe said, what it measured.
struct BackendRun {
  const backends::BackendDescriptor* descriptor = nullptr;
  worker::RunPlan plan;
  worker::ProbeResult probe;
  /// One run per worker count of --threads (one, unless a list sweeps them), in its order.
  std::vector<results::RunResult> runs;
  /// The probe crashed, hung or exited before the library answered: every cell gets this
  /// status and message, and no worker is started (each would fail the same way).
  std::optional<worker::ProbeFailure> load_failure;
};

// The capability-mask variables of a backend that a worker inherits from this shell.
std::vector<std::string> InheritedMaskVariables(const backends::BackendDescriptor& backend) {
  std::vector<std::string> names;
  if (!backend.mask_variable.empty()) {
    names.emplace_back(backend.mask_variable);
  }
  if (backend.mask_variable == "OPENSSL_ia32cap") {
    names.emplace_back("OPENSSL_armcap");  // the same switch on Arm (crypto/armcap.c)
  }
  // Every variable doctor's masks for this library set: GnuTLS hands what it does not
  // accelerate itself to Nettle, so NETTLE_FAT_OVERRIDE changes a gnutls run too.
  for (const diagnose::LibraryMask& mask : diagnose::LibraryMasks(backend.name)) {
    for (const auto& [name, value] : mask.env) {
      if (std::find(names.begin(), names.end(), name) == names.end()) {
        names.push_back(name);
      }
    }
  }
  return names;
}

// Every cell of `alg` marked unsupported, with the backend's reason when it gave one.
results::AlgorithmResult UnsupportedResult(const AlgorithmInfo& alg, const BackendRun& backend) {
  const auto reason = backend.probe.unsupported_reasons.find(std::string(alg.name));
  results::AlgorithmResult unsupported;
  unsupported.algorithm = std::string(alg.name);
  unsupported.kind = std::string(KindName(alg.kind));
  unsupported.supported = false;
  unsupported.cells = worker::PlannedCells(alg, backend.plan);
  for (results::Cell& cell : unsupported.cells) {
    cell.status = results::CellStatus::kUnsupported;
    cell.message = reason != backend.probe.unsupported_reasons.end()
                       ? reason->second
                       : "not provided by this library";
  }
  return unsupported;
}

}  // namespace

int RunSpeed(const SpeedOptions& options) {
  // Validate everything before any work, so bad input costs nothing and writes nothing.
  // The terminal gets --format; beside --output files it keeps the table (as hyperfine prints
  // its table beside --export-* files), and --format is the files' format where an extension
  // names none (docs/formats.md).
  const report::Format chosen = report::ChooseFormat(report::Producer::kSpeed, options.format);
  const report::Format terminal = options.outputs.empty() ? chosen : report::Format::kTable;
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
  const std::vector<const backends::BackendDescriptor*> selected = ResolveBackends(options.backend);
  const LibraryChoice libraries = ParseLibraryOptions(options.libraries, selected);
  // Every --output is checked now, not after a long run: two naming one file, one naming a
  // --lib file, a directory that cannot take it, a format speed cannot write.
  std::vector<std::string> library_paths;
  if (!libraries.every.empty()) {
    library_paths.push_back(libraries.every);
  }
  for (const auto& [name, path] : libraries.backends) {
    library_paths.push_back(path);
  }
  const std::vector<OutputFile> files =
      ResolveOutputFiles(report::Producer::kSpeed, options.format, options.outputs, library_paths,
                         options.store.store);
  bool openssl_layout = terminal == report::Format::kOpenssl;
  std::string openssl_subject = "--format openssl";
  for (const OutputFile& file : files) {
    if (file.format == report::Format::kOpenssl) {
      openssl_layout = true;
      openssl_subject = fmt::format("--output {}", import::QuoteForError(file.path));
    }
  }
  if (openssl_layout && selected.size() > 1) {
    throw UsageError(
        fmt::format("{}: the openssl speed layout holds one library; with several backends use "
                    "table, json, csv, "
                    "markdown or html",
                    openssl_subject));
  }
  if (openssl_layout && selected.front()->name != "openssl") {
    // Its "version:" line would read as an OpenSSL version to every tool that parses the layout.
    throw UsageError(fmt::format(
        "{}: the openssl speed layout describes OpenSSL; for the {} backend use table, json, csv, "
        "markdown or html",
        openssl_subject, selected.front()->name));
  }
  const std::vector<int> thread_counts = ParseThreadList(options.threads);
  const bool sweep = thread_counts.size() > 1;
  if (sweep && (selected.size() > 1 || IsAllBackends(options.backend))) {
    throw UsageError(
        "--threads LIST: a scaling sweep measures one backend; give one --backend, or one "
        "worker count");
  }
  if (sweep) {
    std::vector<report::Format> formats = {terminal};
    for (const OutputFile& file : files) {
      formats.push_back(file.format);
    }
    for (report::Format format : formats) {
      if (!report::RendersScaling(format)) {
        throw UsageError(fmt::format(
            "--format {}: a scaling sweep (--threads LIST) is written as table, json, csv, "
            "markdown or html",
            report::FormatName(format)));
      }
    }
  }
  worker::RunPlan base;
  base.executable = worker::SelfExecutable();
  base.env = ParseEnvAssignments(options.env);
  base.input_sizes = options.bytes.empty() ? std::vector<uint64_t>(std::begin(kDefaultInputSizes),
                                                                   std::end(kDefaultInputSizes))
                                           : ParseInputSizes(options.bytes);
  base.decrypt = options.decrypt;
  base.threads = thread_counts.front();
  base.sampler.precision = ParsePrecision(options.precision);
  base.sampler.max_seconds = ParseMaxSeconds(options.max_seconds);
  base.worker_timeout_seconds = options.worker_timeout;
  base.pin = options.pin;
  if (!options.test_fault.empty()) {
    const size_t colon = options.test_fault.find(':');
    base.test_fault = options.test_fault.substr(0, colon);
    if (colon != std::string::npos) {
      base.test_fault_algorithm = options.test_fault.substr(colon + 1);
    }
  }
  // A store that cannot be used stops the run before any measuring, not after it.
  const std::unique_ptr<store::Store> store = OpenStoreForSaving(options.store, true);

  // Open every backend in a worker first: a bad --lib or an unusable backend stops the run
  // before anything is measured. With "all", a backend that cannot be opened here (and was not
  // given a --lib) is left out with a note.
  const bool leave_out_unusable = IsAllBackends(options.backend);
  // From here the first SIGINT or SIGTERM stops the measuring and the figures measured so far
  // are printed and written, marked partial (exit status 128 + its number); a second one ends
  // the process at once (core/fatal_signals.h).
  core::StopOnInterrupt();
  std::vector<BackendRun> runs;
  for (const backends::BackendDescriptor* descriptor : selected) {
    if (core::InterruptSignal() != 0) {
      break;
    }
    BackendRun backend;
    backend.descriptor = descriptor;
    backend.plan = base;
    backend.plan.backend = std::string(descriptor->name);
    backend.plan.library_path = libraries.For(*descriptor);
    try {
      backend.probe = worker::Probe(backend.plan);
    } catch (const worker::ProbeFailure& e) {
      // A crash or hang costs the algorithms it touches, not the run (README): this library's
      // rows say what happened, the other backends are measured.
      backend.load_failure = e;
      backend.probe.library.backend = backend.plan.backend;
      std::fprintf(stderr, "note: %s\n", e.what());
    } catch (const UsageError& e) {
      // Under "all" only a backend given its own --lib NAME=PATH must open; a bare --lib PATH
      // that does not fit one (an OpenSSL build is no BoringSSL) leaves that one out.
      if (!leave_out_unusable || libraries.backends.count(backend.plan.backend) > 0) {
        throw;
      }
      std::fprintf(stderr, "note: the %s backend cannot be used here and is left out: %s%s\n",
                   backend.plan.backend.c_str(), e.what(),
                   (descriptor->takes_library_path && !libraries.every.empty()
                        ? " (the bare --lib PATH goes to every backend loaded by path; give each "
                          "its own with --lib NAME=PATH)"
                        : ""));
      continue;
    }
    if (!backend.probe.failure.empty()) {
      std::fprintf(stderr,
                   "note: %s; the algorithms not checked are each measured in a worker of their "
                   "own\n",
                   backend.probe.failure.c_str());
    }
    runs.push_back(std::move(backend));
  }
  if (const int signal_number = core::InterruptSignal(); signal_number != 0) {
    std::fprintf(stderr, "interrupted by %s before anything was measured; nothing written\n",
                 worker::SignalName(signal_number).c_str());
    return 128 + signal_number;
  }
  if (runs.empty()) {
    throw UsageError("--backend all: no compiled-in backend can be used here");
  }

  const std::string created_utc = UtcTimestamp();
  const results::MachineInfo machine =
      MachineInfoFrom(cpu::GatherCpuFacts(cpu::RealSystemReader()));
  for (BackendRun& backend : runs) {
    results::RunResult run;
    run.created_utc = created_utc;
    run.source.tool_version = CRYPTOBENCH_VERSION;
    run.library = backend.probe.library;
    // What the file held when measured: a rebuild in place keeps its path, version and build lines.
    run.library.file_sha256 = store::LibraryFileSha256(run.library.loaded_path);
    if (!backend.plan.library_path.empty()) {
      run.library.requested_path = backend.plan.library_path;
    }
    // Capability masks inherited from this shell reach every worker too: name them beside the
    // --env ones, or the header would show a masked vector without saying why.
    for (const std::string& name : InheritedMaskVariables(*backend.descriptor)) {
      if (const char* value = std::getenv(name.c_str());
          value != nullptr && backend.plan.env.count(name) == 0) {
        run.library.worker_env[name] = value;
      }
    }
    run.machine = machine;
    // Under emulation (qemu-user, QEMU TCG) the figures time the emulator: say so in every
    // output (the JSON's source.caveats, the table's header).
    MarkIfEmulated(run.source);
    run.method.direction = base.decrypt ? "decrypt" : "encrypt";
    run.method.precision = base.sampler.precision;
    run.method.max_seconds = base.sampler.max_seconds;
    run.method.min_samples = base.sampler.min_samples;
    run.method.confidence = base.sampler.confidence;
    run.method.target_sample_seconds = base.sampler.target_sample_seconds;
    run.method.input_sizes = base.input_sizes;
    run.method.pinning = base.pin ? "idlest allowed CPU per worker" : "off (--no-pin)";
    for (int threads : thread_counts) {
      run.method.threads = threads;
      // Several workers share one synchronised window: one stretch each, no rounds.
      run.method.rounds = threads == 1 ? base.sampler.rounds : 1;
      backend.runs.push_back(run);
    }
  }
  for (int threads : thread_counts) {
    if (threads > machine.online_cpus && machine.online_cpus > 0) {
      std::fprintf(stderr,
                   "warning: --threads %d exceeds the %d online CPUs: workers share cores, so "
                   "the aggregate is not %d cores' worth\n",
                   threads, machine.online_cpus, threads);
    }
  }

  size_t total_cells = 0;
  for (const AlgorithmInfo* alg : algorithms) {
    total_cells += worker::PlannedCells(*alg, base).size() * runs.size() * thread_counts.size();
  }
  {
    Progress progress(options.progress && isatty(STDERR_FILENO), total_cells);
    // Algorithm by algorithm, every backend (or worker count) in turn: slow drift (thermal,
    // other load) then touches all alike instead of whichever ran last.
    for (const AlgorithmInfo* alg : algorithms) {
      for (BackendRun& backend : runs) {
        for (results::RunResult& run : backend.runs) {
          if (core::InterruptSignal() != 0) {
            break;  // what is measured is kept; the rest is left out (the run is partial)
          }
          worker::RunPlan plan = backend.plan;
          plan.threads = run.method.threads;
          if (backend.load_failure) {
            results::AlgorithmResult failed = worker::FailedAlgorithm(
                *alg, plan, backend.load_failure->status(), backend.load_failure->what());
            for (const results::Cell& cell : failed.cells) {
              progress.CellDone(*alg, cell);
            }
            run.algorithms.push_back(std::move(failed));
            continue;
          }
          if (!backend.probe.MaySupport(std::string(alg->name))) {
            results::AlgorithmResult unsupported = UnsupportedResult(*alg, backend);
            for (const results::Cell& cell : unsupported.cells) {
              progress.CellDone(*alg, cell);
            }
            run.algorithms.push_back(std::move(unsupported));
            continue;
          }
          progress.Start(*alg, runs.size() > 1 ? backend.plan.backend
                               : sweep         ? fmt::format("{} workers", plan.threads)
                                               : "");
          results::AlgorithmResult measured = worker::MeasureAlgorithm(
              *alg, plan, [&progress](const AlgorithmInfo& a, const results::Cell& cell) {
                progress.CellDone(a, cell);
              });
          if (!measured.cells.empty() || core::InterruptSignal() == 0) {
            run.algorithms.push_back(std::move(measured));
          }
        }
      }
    }
  }
  const int interrupted = core::InterruptSignal();
  std::vector<results::RunResult> results_by_backend;
  bool failures = false;
  for (BackendRun& backend : runs) {
    for (results::RunResult& run : backend.runs) {
      if (interrupted != 0) {
        run.interrupted_by = worker::SignalName(interrupted);
      }
      results::DeriveAllFigures(run);
      failures = failures || results::HasFailures(run);
      results_by_backend.push_back(std::move(run));
    }
  }

  if (interrupted != 0 &&
      std::none_of(
          results_by_backend.begin(), results_by_backend.end(), [](const results::RunResult& run) {
            return std::any_of(run.algorithms.begin(), run.algorithms.end(),
                               [](const results::AlgorithmResult& a) { return !a.cells.empty(); });
          })) {
    // Stopped before a cell was finished: an empty report would pass for a result.
    std::fprintf(stderr, "interrupted by %s before anything was measured; nothing written\n",
                 worker::SignalName(interrupted).c_str());
    return 128 + interrupted;
  }

  const report::CpuTopology topology =
      sweep ? ReadCpuTopology(cpu::RealSystemReader(), machine.online_cpus) : report::CpuTopology{};
  const auto rendered = [&results_by_backend, sweep, &topology](report::Format format) {
    std::ostringstream out;
    if (sweep) {
      // One backend, one run per worker count (checked above).
      report::RenderScaling(results_by_backend, topology, format, out);
    } else if (results_by_backend.size() == 1) {
      report::Render(results_by_backend.front(), format, out);
    } else {
      report::RenderBackends(results_by_backend, format, out);
    }
    return std::move(out).str();
  };
  if (openssl_layout && failures) {
    // openssl speed's layout has no place for a failure; say so rather than hide it.
    std::fprintf(stderr,
                 "note: some cells failed (FAILED KAT, crash or timeout) and are left out of "
                 "the openssl layout; --format table shows why\n");
  }
  // The files first: a terminal reader that has gone (`| head`) must not cost them.
  for (const OutputFile& file : files) {
    WriteReportOutput(file.path, rendered(file.format));
  }
  WriteReportOutput("", rendered(terminal));
  if (interrupted != 0) {
    std::fprintf(stderr, "interrupted by %s: the results above are partial%s\n",
                 worker::SignalName(interrupted).c_str(), store ? "; not saved to the store" : "");
    return 128 + interrupted;
  }
  if (store) {
    // The figures are measured and written: a store that fails now is not bad input (exit 2
    // says nothing was measured) but a failure to keep them (exit 1).
    try {
      SaveRuns(*store, results_by_backend,
               LocalSaveInfo(options.store, "speed", options.command_line));
    } catch (const store::StoreError& e) {
      std::fprintf(stderr, "error: %s (the results were written; this run was not saved)\n",
                   report::SafeText(e.what()).c_str());
      return kExitFailure;
    }
  }
  return failures ? kExitFailure : kExitOk;
}

}  // namespace cryptobench::cli
