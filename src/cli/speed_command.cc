// `cryptobench speed`: validate the options, run the measurement session (app/speed_session.h:
// probe each backend, measure each algorithm in workers, backend by backend within each
// algorithm), render one run, or several side by side, and save them.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "cpu/cpu_info.h"
#include "report/report.h"
#include "report/sanitize.h"
#include "report/scaling.h"
#include "results/model.h"
#include "worker/process.h"
#include "worker/scheduler.h"

#include "app/machine.h"
#include "app/speed_session.h"
#include "import/parse_util.h"
#include "store/sql.h"
#include "store/store.h"

namespace cryptobench::cli {
namespace {

// One status line on a terminal's stderr: current cell, cells left, time left.
class Progress : public app::SpeedObserver {
 public:
  explicit Progress(bool enabled) : enabled_(enabled) {}
  ~Progress() override { Clear(); }
  void Begin(size_t total_cells) override {
    begun_ = true;
    total_ = total_cells;
    start_ = std::chrono::steady_clock::now();
  }
  /// `backend` names the backend when several are measured ("" otherwise).
  void Start(const AlgorithmInfo& alg, const std::string& backend) override {
    if (enabled_) {
      Show(backend.empty() ? fmt::format("{} ...", alg.name)
                           : fmt::format("{} ({}) ...", alg.name, backend));
    }
  }
  void CellDone(const AlgorithmInfo& alg, const results::Cell& cell) override {
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
  // Only once the measuring began: a session that stops before it showed nothing.
  void Clear() {
    if (enabled_ && begun_) {
      ClearProgressLine();
    }
  }
  bool enabled_;
  bool begun_ = false;
  size_t total_ = 0;
  size_t done_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

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
  CheckThreadsFitCpus(thread_counts, sysconf(_SC_NPROCESSORS_ONLN));
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
  app::SpeedSettings settings;
  settings.algorithms = algorithms;
  settings.backends = SessionBackends(selected, libraries);
  // With "all", a backend that cannot be opened here (and was not given a --lib) is left out
  // with a note.
  settings.leave_out_unusable = IsAllBackends(options.backend);
  settings.bare_library_given = !libraries.every.empty();
  settings.thread_counts = thread_counts;
  worker::RunPlan& base = settings.base;
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
  SplitTestFault(options.test_fault, base.test_fault, base.test_fault_algorithm);
  // A store that cannot be used stops the run before any measuring, not after it.
  const std::unique_ptr<store::Store> store = OpenStoreForSaving(options.store, true);

  // The session opens every backend in a worker first (a bad --lib or an unusable backend
  // stops it before anything is measured), then measures. From its start the first SIGINT or
  // SIGTERM stops the measuring and the figures measured so far are printed and written,
  // marked partial (exit status 128 + its number); a second one ends the process at once.
  app::SpeedOutcome outcome;
  {
    Progress progress(options.progress && isatty(STDERR_FILENO));
    outcome = app::RunSpeedSession(settings, progress);
  }
  const int interrupted = outcome.interrupted;
  if (interrupted != 0 && outcome.NothingMeasured()) {
    // Stopped before a cell was finished: an empty report would pass for a result.
    std::fprintf(stderr, "interrupted by %s before anything was measured; nothing written\n",
                 worker::SignalName(interrupted).c_str());
    return 128 + interrupted;
  }
  const std::vector<results::RunResult>& results_by_backend = outcome.runs;
  const bool failures = outcome.failures;
  const results::MachineInfo& machine = outcome.machine;

  const report::CpuTopology topology =
      sweep ? app::ReadCpuTopology(cpu::RealSystemReader(), machine.online_cpus)
            : report::CpuTopology{};
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
