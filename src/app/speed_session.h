// The measurement session of `speed`: open each backend in a worker, measure each algorithm
// backend by backend (and worker count by worker count), and return the runs, with their
// headers (library, machine, method) filled in and their figures derived. The command parses
// the options into SpeedSettings and renders what comes back.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/catalog.h"
#include "backends/registry.h"
#include "results/model.h"
#include "worker/scheduler.h"

namespace cryptobench::app {

/// One backend to measure and the library it loads.
struct SessionBackend {
  const backends::BackendDescriptor* descriptor = nullptr;
  /// The library file or soname to load ("" = the backend's own default).
  std::string library_path;
  /// The path was given for this backend by name (--lib NAME=PATH): under leave_out_unusable
  /// such a backend must still open, or the session throws.
  bool own_library = false;
};

/// What a speed session measures and how, parsed and validated by the command.
struct SpeedSettings {
  std::vector<const AlgorithmInfo*> algorithms;  ///< in the order measured
  std::vector<SessionBackend> backends;          ///< in the order measured within an algorithm
  /// Every field but backend and library_path (set per backend) and threads (set per run):
  /// input sizes (bytes), sampler budget, --env, pinning, --decrypt, test faults.
  worker::RunPlan base;
  /// Worker counts, one run per count (--threads LIST); must not be empty.
  std::vector<int> thread_counts = {1};
  /// --backend all: a backend that cannot be opened here is left out with a note on stderr
  /// (unless own_library), instead of stopping the session with its UsageError.
  bool leave_out_unusable = false;
  /// A bare --lib PATH was given (it goes to every backend loaded by path): the left-out note
  /// then says how to give each backend its own.
  bool bare_library_given = false;
};

/// Told what the session does, for a progress display. Every method does nothing by default.
class SpeedObserver {
 public:
  virtual ~SpeedObserver() = default;
  /// The measuring starts: `total_cells` cells (every algorithm's planned cells, for every
  /// backend and worker count) will be reported through CellDone.
  virtual void Begin(size_t total_cells) { (void)total_cells; }
  /// `alg` starts in a worker; `label` names the backend when several are measured, the worker
  /// count in a scaling sweep ("4 workers"), else "".
  virtual void Start(const AlgorithmInfo& alg, const std::string& label) {
    (void)alg;
    (void)label;
  }
  /// One cell of `alg` is finished (measured, failed, or marked unsupported).
  virtual void CellDone(const AlgorithmInfo& alg, const results::Cell& cell) {
    (void)alg;
    (void)cell;
  }
};

/// What a speed session returns.
struct SpeedOutcome {
  /// One run per backend and worker count: backend by backend, each backend's runs in the
  /// order of thread_counts. Each has its figures derived (results::DeriveAllFigures).
  std::vector<results::RunResult> runs;
  /// The machine measured on (MachineInfoFrom), the same in every run; default when the
  /// session was interrupted before it was read.
  results::MachineInfo machine;
  /// The signal that stopped the session (SIGINT or SIGTERM), 0 when it ran to the end. The
  /// runs then hold what was measured before it and are marked interrupted_by.
  int interrupted = 0;
  /// Some cell failed (FAILED KAT, crash, timeout): results::HasFailures of a run.
  bool failures = false;

  /// True when not one cell was finished (an interrupted session: nothing to report).
  bool NothingMeasured() const;
};

/// Runs a speed session. First every backend is opened in a worker (worker::Probe); a
/// backend's notes (a probe that crashed, hung or could not check everything; a backend left
/// out) go to stderr as "note: ..." lines. Then, from the first SIGINT or SIGTERM on
/// (core::StopOnInterrupt), the session stops early and returns what it measured. Algorithm by
/// algorithm, every backend and worker count in turn, each algorithm is measured in workers
/// (worker::MeasureAlgorithm); an algorithm the backend lacks is marked unsupported, and a
/// backend whose probe failed gets that failure in every cell without starting a worker.
/// A worker count above the online CPUs gets a "warning: ..." line on stderr.
/// Throws UsageError (exit 2) before anything is measured: a backend that cannot be opened
/// (left out instead under leave_out_unusable, unless own_library), or no backend left;
/// worker::WorkerStartFailure when no worker can be started.
SpeedOutcome RunSpeedSession(const SpeedSettings& settings, SpeedObserver& observer);

/// Every cell of `alg` under `plan` marked unsupported with `reason`.
results::AlgorithmResult UnsupportedResult(const AlgorithmInfo& alg, const worker::RunPlan& plan,
                                           const std::string& reason);

/// The reason a probe gives for `alg` missing (worker::ProbeResult::unsupported_reasons),
/// else "not provided by this library".
std::string UnsupportedReason(const worker::ProbeResult& probe, const AlgorithmInfo& alg);

/// The capability-mask variables of `backend` that a worker inherits from this shell, in the
/// order a run header lists them: its own mask variable (with OpenSSL's Arm twin), then every
/// variable of doctor's masks for its library (diagnose::LibraryMasks), without repeats.
std::vector<std::string> InheritedMaskVariables(const backends::BackendDescriptor& backend);

/// The header every measured run starts from: created_utc, the tool's version, the library
/// as the probe named it (with its file's SHA-256 and `plan`'s library_path as the requested
/// path, when one), the machine, the emulation caveat (MarkIfEmulated) and the sampler and
/// input sizes of `plan`.
results::RunResult MeasuredRunHeader(const results::LibraryInfo& library,
                                     const worker::RunPlan& plan,
                                     const results::MachineInfo& machine,
                                     const std::string& created_utc);

/// The note printed when a backend cannot be used here and is left out (--backend all):
/// "the NAME backend cannot be used here and is left out: WHY", with a hint when a bare --lib
/// PATH went to it (`bare_library` and the backend takes a library path).
std::string LeftOutNote(const backends::BackendDescriptor& backend, const std::string& why,
                        bool bare_library);

}  // namespace cryptobench::app
