// Runs worker processes for a speed run and turns their messages into results.
#include "worker/scheduler.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/errors.h"
#include "core/fatal_signals.h"
#include "measure/cpu_placement.h"
#include "results/json.h"
#include "worker/process.h"
#include "worker/protocol.h"

namespace cryptobench::worker {
namespace {

using results::Cell;
using results::CellStatus;

// A worker may stay silent through opening the library, a KAT, preparing and calibrating a
// cell; while it samples it reports progress every second (kProgressInterval in the worker).
double SilenceLimit(const RunPlan& plan) {
  return plan.worker_timeout_seconds > 0 ? plan.worker_timeout_seconds : kWorkerSilenceLimit;
}

std::string JobLine(const Job& job) { return JobToJson(job).dump(); }

// Tracks one worker through a measure job.
struct WorkerState {
  std::unique_ptr<WorkerProcess> process;
  bool failed = false;
  CellStatus failure_status = CellStatus::kError;
  std::string failure_message;
};

void MarkFailed(WorkerState& w, CellStatus status, const std::string& message) {
  w.failed = true;
  w.failure_status = status;
  w.failure_message = message;
}

std::string TimeoutReason(double limit) {
  return fmt::format("timeout: worker gave no sign of progress for {:g} s and was killed", limit);
}

// Ends a worker that stopped talking early and records why.
void FailFromExit(WorkerState& w, WorkerProcess::ReadStatus status, double limit) {
  if (status == WorkerProcess::ReadStatus::kTimeout) {
    w.process->Kill(TimeoutReason(limit));
    MarkFailed(w, CellStatus::kTimeout, w.process->Finish());
    return;
  }
  std::string how = w.process->Finish();
  if (!w.process->garbage().empty()) {
    how = "worker wrote a malformed message: " + w.process->garbage().substr(0, 80);
  }
  const bool signalled = how.find("killed by SIG") != std::string::npos;
  if (how.empty()) {
    how = "worker ended before finishing its job";
  }
  MarkFailed(w, signalled ? CellStatus::kCrashed : CellStatus::kError, how);
}

// What one worker said about cell `index` so far.
struct CellProgress {
  bool ready = false;   // synchronised job: ready to sample the cell, waiting for "go"
  nlohmann::json cell;  // the "cell" message, once it came
  bool Done() const { return ready || !cell.is_null(); }
};

// Handles one message of worker `w` for cell `index`: "kat" (the KAT outcome and the
// implementation), "unsupported", "progress", "ready" and "cell" for this cell.
void TakeMessage(WorkerState& w, const nlohmann::json& msg, size_t index,
                 results::AlgorithmResult* result, CellProgress* progress) {
  const std::string type = msg.value("type", "");
  if (type == "kat") {
    result->kat = results::KatFromJson(msg.at("kat"));
    result->implementation = msg.value("implementation", "");
  } else if (type == "unsupported") {
    result->supported = false;
  } else if (type == "ready" && msg.value("cell", SIZE_MAX) == index) {
    progress->ready = true;
  } else if (type == "cell" && msg.value("cell", SIZE_MAX) == index) {
    progress->cell = msg;
  } else if (type == "fatal") {
    MarkFailed(w, CellStatus::kError, msg.value("message", "worker failed"));
  } else if (type == "done") {
    MarkFailed(w, CellStatus::kError, "worker finished without measuring every cell");
  }
  // "progress" only shows the worker is alive: reading it reset its silence.
}

// Reads all of `workers` at once until each has reported cell `index` or, in a synchronised
// job, said it is ready for it (or failed). A worker silent for longer than `limit` is killed,
// whichever worker the others are waiting for; those done already are not read again, so a
// synchronised worker waiting for "go" may stay silent.
std::vector<CellProgress> ReadCell(std::vector<WorkerState>& workers, size_t index, double limit,
                                   results::AlgorithmResult* result) {
  std::vector<CellProgress> progress(workers.size());
  for (;;) {
    if (const int signal_number = core::InterruptSignal(); signal_number != 0) {
      // Stop now: the signal handler killed the workers it knew; one started just then is
      // killed here. The caller drops the cell (MeasureAlgorithm).
      for (WorkerState& state : workers) {
        if (!state.failed && state.process) {
          state.process->Kill("interrupted by " + SignalName(signal_number));
          MarkFailed(state, CellStatus::kError, state.process->Finish());
        }
      }
      return progress;
    }
    std::vector<WorkerProcess*> pending;
    for (size_t w = 0; w < workers.size(); ++w) {
      WorkerState& state = workers[w];
      while (!state.failed && !progress[w].Done()) {
        nlohmann::json msg;
        const WorkerProcess::ReadStatus status = state.process->Read(0, &msg);
        if (status == WorkerProcess::ReadStatus::kMessage) {
          TakeMessage(state, msg, index, result, &progress[w]);
          continue;
        }
        if (status == WorkerProcess::ReadStatus::kEof) {
          FailFromExit(state, status, limit);
        } else if (state.process->SilentSeconds() > limit) {
          FailFromExit(state, status, limit);
        } else {
          pending.push_back(state.process.get());
        }
        break;
      }
    }
    if (pending.empty()) {
      return progress;
    }
    // Wake at least once a second to check the silence limits.
    WaitForAnyOutput(pending, std::min(1.0, limit));
  }
}

// Folds one worker's "cell" message into the cell.
void MergeCellMessage(const nlohmann::json& msg, Cell& cell) {
  CellStatus status = CellStatus::kError;
  results::ParseCellStatus(msg.value("status", "error"), &status);
  if (status != CellStatus::kOk) {
    if (cell.status == CellStatus::kOk) {
      cell.status = status;
      cell.message = msg.value("message", "");
    }
    return;
  }
  results::WorkerSamples samples;
  samples.precision_reached = msg.value("precision_reached", false);
  samples.window_ns = msg.value("window_ns", int64_t{0});
  samples.round_sizes = msg.value("round_sizes", std::vector<size_t>{});
  samples.pinned_cpu = msg.value("pinned_cpu", -1);
  samples.pin_note = msg.value("pin_note", std::string());
  if (const auto warmup = msg.find("warmup"); warmup != msg.end() && warmup->is_object()) {
    samples.warmup_seconds = warmup->value("seconds", 0.0);
    samples.warmup_settled = warmup->value("settled", false);
  }
  if (const auto steal = msg.find("steal"); steal != msg.end() && steal->is_number()) {
    samples.steal = steal->get<double>();
  }
  samples.disturbed = msg.value("disturbed", std::string());
  samples.repeated = msg.value("repeated", std::string());
  samples.attempts = msg.value("attempts", 1);
  for (const auto& s : msg.at("samples")) {
    samples.samples.push_back(results::SampleFromJson(s));
  }
  cell.batch_iterations = msg.value("batch_iterations", uint64_t{0});
  cell.workers.push_back(std::move(samples));
}

// What a probe opens, for messages: the library path, or the backend when it takes none.
std::string ProbeSubject(const RunPlan& plan) {
  return plan.library_path.empty() ? "the " + plan.backend + " backend" : plan.library_path;
}

CellStatus StatusOfExit(const std::string& how, bool timed_out) {
  if (timed_out) {
    return CellStatus::kTimeout;
  }
  return how.find("killed by SIG") != std::string::npos ? CellStatus::kCrashed : CellStatus::kError;
}

}  // namespace

ProbeResult Probe(const RunPlan& plan) {
  Job job;
  job.kind = Job::Kind::kProbe;
  job.backend = plan.backend;
  job.library_path = plan.library_path;
  if (plan.test_fault.rfind("probe-", 0) == 0) {
    job.test_fault = plan.test_fault;
    job.algorithm = plan.test_fault_algorithm;  // the algorithm whose check fails ("" = the first)
  }
  WorkerProcess process(plan.executable, plan.env, JobLine(job), plan.unset_env);
  const double limit = SilenceLimit(plan);
  ProbeResult probe;
  std::set<std::string> checked;
  bool got_library = false;
  bool finished = false;
  bool timed_out = false;
  while (!finished) {
    nlohmann::json msg;
    // Hung means silent for `limit`, as in MeasureAlgorithm: a worker writing without end is
    // not silent, and is stopped by the line cap instead.
    const WorkerProcess::ReadStatus status = process.Read(std::min(1.0, limit), &msg);
    if (status == WorkerProcess::ReadStatus::kTimeout) {
      if (process.SilentSeconds() <= limit) {
        continue;
      }
      process.Kill(fmt::format("no answer for {:g} s; killed", limit));
      timed_out = true;
      break;
    }
    if (status == WorkerProcess::ReadStatus::kEof) {
      break;
    }
    const std::string type = msg.value("type", "");
    if (type == "fatal") {
      const std::string message = msg.value("message", "worker failed");
      if (msg.value("usage", false)) {
        throw UsageError(message);
      }
      throw std::runtime_error(message);
    }
    if (type == "library") {
      probe.library = results::LibraryFromJson(msg.at("library"));
      got_library = true;
    } else if (type == "support") {
      const std::string name = msg.value("algorithm", "");
      checked.insert(name);
      if (msg.value("supported", false)) {
        probe.supported.insert(name);
      } else if (std::string reason = msg.value("reason", ""); !reason.empty()) {
        probe.unsupported_reasons[name] = reason;
      }
    } else if (type == "done") {
      finished = true;
    }
  }
  std::string how = process.Finish();
  if (!process.garbage().empty()) {
    how = "worker wrote a malformed message: " + process.garbage().substr(0, 80);
  } else if (how.empty() && !finished) {
    how = "worker ended without an answer";
  }
  if (finished && !how.empty()) {
    // It answered, then failed on its way out (a leak found by LeakSanitizer in a sanitizer
    // build): not a failure of the library, but not to be passed over either.
    throw std::runtime_error(
        fmt::format("probing {}: {} after answering", ProbeSubject(plan), how));
  }
  if (!got_library) {
    // 127: the worker could not exec the binary (process.cc). Under qemu-user without a
    // binfmt_misc handler that is ENOEXEC, and the emulator must be named (process.h).
    if (how.ends_with("status 127") && !timed_out) {
      throw WorkerStartFailure(fmt::format(
          "the worker process could not start ({} exited with status 127){}", plan.executable,
          WorkerEmulator().empty()
              ? "; if this binary runs under qemu-user, set CRYPTOBENCH_WORKER_EMULATOR, e.g. "
                "qemu-aarch64, and QEMU_LD_PREFIX"
              : fmt::format("; check CRYPTOBENCH_WORKER_EMULATOR ({})",
                            fmt::join(WorkerEmulator(), " "))));
    }
    throw ProbeFailure(StatusOfExit(how, timed_out),
                       fmt::format("loading {} in a worker failed: {}", ProbeSubject(plan), how));
  }
  if (!finished) {
    std::string stopped_at;
    for (const AlgorithmInfo& alg : Catalog()) {
      const std::string name(alg.name);
      if (checked.count(name) == 0) {
        stopped_at = stopped_at.empty() ? name : stopped_at;
        probe.unchecked.insert(name);
      }
    }
    probe.failure = fmt::format("probing {} stopped at {}: {}", ProbeSubject(plan),
                                stopped_at.empty() ? "its end" : stopped_at, how);
  }
  probe.library.worker_env = plan.env;
  return probe;
}

results::AlgorithmResult FailedAlgorithm(const AlgorithmInfo& alg, const RunPlan& plan,
                                         CellStatus status, const std::string& message) {
  results::AlgorithmResult result;
  result.algorithm = std::string(alg.name);
  result.kind = std::string(KindName(alg.kind));
  result.cells = PlannedCells(alg, plan);
  for (Cell& cell : result.cells) {
    cell.status = status;
    cell.message = message;
  }
  return result;
}

std::vector<Cell> PlannedCells(const AlgorithmInfo& alg, const RunPlan& plan) {
  std::vector<Cell> cells;
  for (Operation op : TimedOperations(alg, plan.decrypt)) {
    if (IsSymmetric(alg.kind)) {
      for (uint64_t size : plan.input_sizes) {
        Cell cell;
        cell.operation = std::string(OperationName(op));
        cell.input_len = size;
        cells.push_back(std::move(cell));
      }
    } else {
      Cell cell;
      cell.operation = std::string(OperationName(op));
      cell.input_len = alg.kind == AlgorithmKind::kKeyAgreement ? 0 : kPublicKeyInputLen;
      cells.push_back(std::move(cell));
    }
  }
  return cells;
}

results::AlgorithmResult MeasureAlgorithm(const AlgorithmInfo& alg, const RunPlan& plan,
                                          const CellDoneFn& on_cell_done) {
  results::AlgorithmResult result;
  result.algorithm = std::string(alg.name);
  result.kind = std::string(KindName(alg.kind));
  result.cells = PlannedCells(alg, plan);

  Job job;
  job.kind = Job::Kind::kMeasure;
  job.backend = plan.backend;
  job.library_path = plan.library_path;
  job.algorithm = result.algorithm;
  for (const Cell& cell : result.cells) {
    CellSpec spec;
    ParseOperation(cell.operation, &spec.operation);
    spec.input_len = cell.input_len;
    job.cells.push_back(spec);
  }
  job.sampler = plan.sampler;
  job.synchronized = plan.threads > 1;
  job.window_seconds = plan.sampler.max_seconds;
  if (plan.test_fault_algorithm.empty() || FindAlgorithm(plan.test_fault_algorithm) == &alg) {
    job.test_fault = plan.test_fault;
  }
  const double limit = SilenceLimit(plan);

  if (core::InterruptSignal() != 0) {
    result.cells.clear();  // asked to stop before this algorithm started: nothing measured
    return result;
  }
  std::vector<WorkerState> workers(static_cast<size_t>(std::max(1, plan.threads)));
  // One CPU per worker (measure::ChooseCpus states the rule), chosen here so that workers of
  // one cell never share a CPU; each worker pins itself.
  std::vector<int> cpus;
  std::string pin_note = "not pinned (--no-pin)";
  if (plan.pin) {
    std::string why_not;
    cpus = measure::ChooseCpusHere(workers.size(), kPinLookSeconds, &why_not);
    pin_note = cpus.empty() ? "not pinned: " + why_not : "";
  }
  for (size_t index = 0; index < workers.size(); ++index) {
    WorkerState& w = workers[index];
    job.pin_cpu = cpus.empty() ? -1 : cpus[index];
    job.pin_note = pin_note;
    const std::string line = JobLine(job);
    try {
      w.process = std::make_unique<WorkerProcess>(plan.executable, plan.env, line, plan.unset_env);
    } catch (const std::exception& e) {
      MarkFailed(w, CellStatus::kError, e.what());
    }
  }

  for (size_t i = 0; i < result.cells.size(); ++i) {
    Cell& cell = result.cells[i];
    std::vector<CellProgress> progress = ReadCell(workers, i, limit, &result);
    // Synchronised start: every worker that is ready begins sampling at once.
    bool any_ready = false;
    for (size_t w = 0; w < workers.size(); ++w) {
      if (progress[w].ready && !workers[w].failed) {
        if (workers[w].process->Send(kGoLine)) {
          any_ready = true;
        } else {
          MarkFailed(workers[w], CellStatus::kError, "worker went away before sampling");
        }
      }
    }
    if (any_ready) {
      std::vector<CellProgress> sampled = ReadCell(workers, i, limit, &result);
      for (size_t w = 0; w < workers.size(); ++w) {
        if (progress[w].ready) {
          progress[w] = std::move(sampled[w]);
        }
      }
    }
    for (size_t w = 0; w < workers.size(); ++w) {
      if (!progress[w].cell.is_null()) {
        MergeCellMessage(progress[w].cell, cell);
      } else if (cell.status == CellStatus::kOk) {
        cell.status = workers[w].failure_status;
        cell.message = workers[w].failure_message;
      }
    }
    if (cell.status != CellStatus::kOk) {
      cell.workers.clear();
    }
    if (core::InterruptSignal() != 0) {
      // A signal asked the run to stop (core::StopOnInterrupt): the cells measured are kept,
      // this one only if every worker reported it before its worker was killed, the rest are
      // left out, not marked failed: nothing went wrong with them.
      const bool measured = cell.status == CellStatus::kOk && !cell.workers.empty();
      if (measured && on_cell_done) {
        on_cell_done(alg, cell);
      }
      result.cells.resize(measured ? i + 1 : i);
      for (WorkerState& w : workers) {
        if (w.process) {
          w.process->Kill("interrupted");
          w.process->Finish();
        }
      }
      return result;
    }
    if (on_cell_done) {
      on_cell_done(alg, cell);
    }
  }
  for (WorkerState& w : workers) {
    if (w.process) {
      // Drain "done" and reap; a worker that fails only after its last cell changes nothing,
      // and one that hangs after it is killed rather than waited for.
      nlohmann::json msg;
      WorkerProcess::ReadStatus status = WorkerProcess::ReadStatus::kMessage;
      while (!w.failed && status == WorkerProcess::ReadStatus::kMessage) {
        status = w.process->Read(limit, &msg);
      }
      if (status == WorkerProcess::ReadStatus::kTimeout) {
        w.process->Kill(TimeoutReason(limit));
      }
      // A worker that fails after its last cell (LeakSanitizer in a sanitizer build, a crash
      // on the way out) leaves its figures in doubt: say so rather than pass over it.
      if (const std::string how = w.process->Finish(); !how.empty() && !w.failed) {
        for (Cell& cell : result.cells) {
          if (cell.status == CellStatus::kOk) {
            cell.status = StatusOfExit(how, status == WorkerProcess::ReadStatus::kTimeout);
            cell.message = how + ", after its last cell";
            cell.workers.clear();
          }
        }
      }
    }
  }
  return result;
}

}  // namespace cryptobench::worker
