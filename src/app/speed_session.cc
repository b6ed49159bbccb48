// The measurement session of `speed` (speed_session.h).
#include "app/speed_session.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

#include "core/errors.h"
#include "core/fatal_signals.h"
#include "core/utc.h"
#include "cpu/cpu_info.h"
#include "worker/process.h"

#include "app/machine.h"
#include "diagnose/library_masks.h"
#include "store/store.h"

namespace cryptobench::app {
namespace {

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

// Opens every backend in a worker first: a bad --lib or an unusable backend stops the run
// before anything is measured. Under leave_out_unusable, a backend that cannot be opened here
// (and was not given its own --lib) is left out with a note. Stops at the first interrupt.
std::vector<BackendRun> OpenBackends(const SpeedSettings& settings) {
  std::vector<BackendRun> runs;
  for (const SessionBackend& chosen : settings.backends) {
    if (core::InterruptSignal() != 0) {
      break;
    }
    BackendRun backend;
    backend.descriptor = chosen.descriptor;
    backend.plan = settings.base;
    backend.plan.backend = std::string(chosen.descriptor->name);
    backend.plan.library_path = chosen.library_path;
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
      if (!settings.leave_out_unusable || chosen.own_library) {
        throw;
      }
      std::fprintf(stderr, "note: %s\n",
                   LeftOutNote(*chosen.descriptor, e.what(), settings.bare_library_given).c_str());
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
  return runs;
}

// Each backend's runs, one per worker count, with their headers and no algorithms yet.
void AddRunHeaders(std::vector<BackendRun>& runs, const SpeedSettings& settings,
                   const results::MachineInfo& machine, const std::string& created_utc) {
  const worker::RunPlan& base = settings.base;
  for (BackendRun& backend : runs) {
    results::RunResult run =
        MeasuredRunHeader(backend.probe.library, backend.plan, machine, created_utc);
    // Capability masks inherited from this shell reach every worker too: name them beside the
    // --env ones, or the header would show a masked vector without saying why.
    for (const std::string& name : InheritedMaskVariables(*backend.descriptor)) {
      if (const char* value = std::getenv(name.c_str());
          value != nullptr && backend.plan.env.count(name) == 0) {
        run.library.worker_env[name] = value;
      }
    }
    run.method.direction = base.decrypt ? "decrypt" : "encrypt";
    run.method.pinning = base.pin ? "idlest allowed CPU per worker" : "off (--no-pin)";
    for (int threads : settings.thread_counts) {
      run.method.threads = threads;
      // Several workers share one synchronised window: one stretch each, no rounds.
      run.method.rounds = threads == 1 ? base.sampler.rounds : 1;
      backend.runs.push_back(run);
    }
  }
}

// Algorithm by algorithm, every backend (or worker count) in turn: slow drift (thermal, other
// load) then touches all alike instead of whichever ran last.
void MeasureAll(std::vector<BackendRun>& runs, const SpeedSettings& settings,
                SpeedObserver& observer) {
  const bool sweep = settings.thread_counts.size() > 1;
  for (const AlgorithmInfo* alg : settings.algorithms) {
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
            observer.CellDone(*alg, cell);
          }
          run.algorithms.push_back(std::move(failed));
          continue;
        }
        if (!backend.probe.MaySupport(std::string(alg->name))) {
          results::AlgorithmResult unsupported =
              UnsupportedResult(*alg, backend.plan, UnsupportedReason(backend.probe, *alg));
          for (const results::Cell& cell : unsupported.cells) {
            observer.CellDone(*alg, cell);
          }
          run.algorithms.push_back(std::move(unsupported));
          continue;
        }
        observer.Start(*alg, runs.size() > 1 ? backend.plan.backend
                             : sweep         ? fmt::format("{} workers", plan.threads)
                                             : "");
        results::AlgorithmResult measured = worker::MeasureAlgorithm(
            *alg, plan, [&observer](const AlgorithmInfo& a, const results::Cell& cell) {
              observer.CellDone(a, cell);
            });
        if (!measured.cells.empty() || core::InterruptSignal() == 0) {
          run.algorithms.push_back(std::move(measured));
        }
      }
    }
  }
}

}  // namespace

bool SpeedOutcome::NothingMeasured() const {
  return std::none_of(runs.begin(), runs.end(), [](const results::RunResult& run) {
    return std::any_of(run.algorithms.begin(), run.algorithms.end(),
                       [](const results::AlgorithmResult& a) { return !a.cells.empty(); });
  });
}

SpeedOutcome RunSpeedSession(const SpeedSettings& settings, SpeedObserver& observer) {
  // From here the first SIGINT or SIGTERM stops the measuring and the figures measured so far
  // are returned, marked partial; a second one ends the process at once (core/fatal_signals.h).
  core::StopOnInterrupt();
  std::vector<BackendRun> runs = OpenBackends(settings);
  SpeedOutcome outcome;
  if (const int signal_number = core::InterruptSignal(); signal_number != 0) {
    outcome.interrupted = signal_number;
    return outcome;
  }
  if (runs.empty()) {
    throw UsageError("--backend all: no compiled-in backend can be used here");
  }

  const std::string created_utc = UtcTimestamp();
  outcome.machine = MachineInfoFrom(cpu::GatherCpuFacts(cpu::RealSystemReader()));
  AddRunHeaders(runs, settings, outcome.machine, created_utc);
  for (int threads : settings.thread_counts) {
    if (threads > outcome.machine.online_cpus && outcome.machine.online_cpus > 0) {
      std::fprintf(stderr,
                   "warning: --threads %d exceeds the %d online CPUs: workers share cores, so "
                   "the aggregate is not %d cores' worth\n",
                   threads, outcome.machine.online_cpus, threads);
    }
  }

  size_t total_cells = 0;
  for (const AlgorithmInfo* alg : settings.algorithms) {
    total_cells += worker::PlannedCells(*alg, settings.base).size() * runs.size() *
                   settings.thread_counts.size();
  }
  observer.Begin(total_cells);
  MeasureAll(runs, settings, observer);

  outcome.interrupted = core::InterruptSignal();
  for (BackendRun& backend : runs) {
    for (results::RunResult& run : backend.runs) {
      if (outcome.interrupted != 0) {
        run.interrupted_by = worker::SignalName(outcome.interrupted);
      }
      results::DeriveAllFigures(run);
      outcome.failures = outcome.failures || results::HasFailures(run);
      outcome.runs.push_back(std::move(run));
    }
  }
  return outcome;
}

results::AlgorithmResult UnsupportedResult(const AlgorithmInfo& alg, const worker::RunPlan& plan,
                                           const std::string& reason) {
  results::AlgorithmResult unsupported;
  unsupported.algorithm = std::string(alg.name);
  unsupported.kind = std::string(KindName(alg.kind));
  unsupported.supported = false;
  unsupported.cells = worker::PlannedCells(alg, plan);
  for (results::Cell& cell : unsupported.cells) {
    cell.status = results::CellStatus::kUnsupported;
    cell.message = reason;
  }
  return unsupported;
}

std::string UnsupportedReason(const worker::ProbeResult& probe, const AlgorithmInfo& alg) {
  const auto reason = probe.unsupported_reasons.find(std::string(alg.name));
  return reason != probe.unsupported_reasons.end() ? reason->second
                                                   : "not provided by this library";
}

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

results::RunResult MeasuredRunHeader(const results::LibraryInfo& library,
                                     const worker::RunPlan& plan,
                                     const results::MachineInfo& machine,
                                     const std::string& created_utc) {
  results::RunResult run;
  run.created_utc = created_utc;
  run.source.tool_version = CRYPTOBENCH_VERSION;
  run.library = library;
  // What the file held when measured: a rebuild in place keeps its path, version and build lines.
  run.library.file_sha256 = store::LibraryFileSha256(run.library.loaded_path);
  if (!plan.library_path.empty()) {
    run.library.requested_path = plan.library_path;
  }
  run.machine = machine;
  // Under emulation (qemu-user, QEMU TCG) the figures time the emulator: say so in every
  // output (the JSON's source.caveats, the table's header).
  MarkIfEmulated(run.source);
  run.method.precision = plan.sampler.precision;
  run.method.max_seconds = plan.sampler.max_seconds;
  run.method.min_samples = plan.sampler.min_samples;
  run.method.confidence = plan.sampler.confidence;
  run.method.target_sample_seconds = plan.sampler.target_sample_seconds;
  run.method.input_sizes = plan.input_sizes;
  return run;
}

std::string LeftOutNote(const backends::BackendDescriptor& backend, const std::string& why,
                        bool bare_library) {
  return fmt::format("the {} backend cannot be used here and is left out: {}{}", backend.name, why,
                     (backend.takes_library_path && bare_library
                          ? " (the bare --lib PATH goes to every backend loaded by path; give "
                            "each its own with --lib NAME=PATH)"
                          : ""));
}

}  // namespace cryptobench::app
