// Runs worker processes for a speed run and turns their messages into results.
#include "worker/scheduler.h"

#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "core/errors.h"
#include "results/json.h"
#include "worker/process.h"
#include "worker/protocol.h"

namespace cryptobench::worker {
namespace {

using results::Cell;
using results::CellStatus;

// A worker may legitimately stay silent through KAT, warm-up, calibration and one cell's
// sampling budget; anything much longer is a hang.
double SilenceLimit(const RunPlan& plan) {
  if (plan.worker_timeout_seconds > 0) {
    return plan.worker_timeout_seconds;
  }
  return 20.0 + 4.0 * plan.sampler.max_seconds;
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

// Ends a worker that stopped talking early and records why.
void FailFromExit(WorkerState& w, WorkerProcess::ReadStatus status, double limit) {
  if (status == WorkerProcess::ReadStatus::kTimeout) {
    w.process->Kill(
        fmt::format("timeout: worker gave no answer within {:g} s and was killed", limit));
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

// Reads messages from `w` until it reports cell `index` (returns the message) or, in a
// synchronised job, says it is ready for it (sets *ready). Handles "kat" (the KAT outcome and
// the implementation) and "unsupported" on the way.
std::optional<nlohmann::json> ReadUntilCell(WorkerState& w, size_t index, double limit,
                                            results::AlgorithmResult* result, bool* ready) {
  *ready = false;
  while (!w.failed) {
    nlohmann::json msg;
    const WorkerProcess::ReadStatus status = w.process->Read(limit, &msg);
    if (status != WorkerProcess::ReadStatus::kMessage) {
      FailFromExit(w, status, limit);
      break;
    }
    const std::string type = msg.value("type", "");
    if (type == "kat") {
      result->kat = results::KatFromJson(msg.at("kat"));
      result->implementation = msg.value("implementation", "");
    } else if (type == "unsupported") {
      result->supported = false;
    } else if (type == "ready" && msg.value("cell", SIZE_MAX) == index) {
      *ready = true;
      return std::nullopt;
    } else if (type == "cell" && msg.value("cell", SIZE_MAX) == index) {
      return msg;
    } else if (type == "fatal") {
      MarkFailed(w, CellStatus::kError, msg.value("message", "worker failed"));
    } else if (type == "done") {
      MarkFailed(w, CellStatus::kError, "worker finished without measuring every cell");
    }
  }
  return std::nullopt;
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

}  // namespace

ProbeResult Probe(const RunPlan& plan) {
  Job job;
  job.kind = Job::Kind::kProbe;
  job.backend = plan.backend;
  job.library_path = plan.library_path;
  WorkerProcess process(plan.executable, plan.env, JobLine(job), plan.unset_env);
  const double limit = SilenceLimit(plan);
  ProbeResult probe;
  bool got_library = false;
  for (;;) {
    nlohmann::json msg;
    const WorkerProcess::ReadStatus status = process.Read(limit, &msg);
    if (status == WorkerProcess::ReadStatus::kTimeout) {
      process.Kill("timeout");
      throw std::runtime_error(
          fmt::format("loading {} in a worker timed out after {:g} s", ProbeSubject(plan), limit));
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
      for (const auto& name : msg.at("supported")) {
        probe.supported.insert(name.get<std::string>());
      }
      if (msg.contains("unsupported_reasons")) {
        for (const auto& [name, reason] : msg.at("unsupported_reasons").items()) {
          probe.unsupported_reasons[name] = reason.get<std::string>();
        }
      }
      got_library = true;
    }
    if (type == "done") {
      break;
    }
  }
  const std::string how = process.Finish();
  if (!got_library) {
    throw std::runtime_error(fmt::format("probing {} failed: {}", ProbeSubject(plan),
                                         how.empty() ? "no answer from the worker" : how));
  }
  probe.library.worker_env = plan.env;
  return probe;
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
  const std::string line = JobLine(job);
  const double limit = SilenceLimit(plan);

  std::vector<WorkerState> workers(static_cast<size_t>(std::max(1, plan.threads)));
  for (WorkerState& w : workers) {
    try {
      w.process = std::make_unique<WorkerProcess>(plan.executable, plan.env, line, plan.unset_env);
    } catch (const std::exception& e) {
      MarkFailed(w, CellStatus::kError, e.what());
    }
  }

  for (size_t i = 0; i < result.cells.size(); ++i) {
    Cell& cell = result.cells[i];
    std::vector<nlohmann::json> messages(workers.size());
    std::vector<bool> ready(workers.size(), false);
    for (size_t w = 0; w < workers.size(); ++w) {
      bool is_ready = false;
      auto msg = ReadUntilCell(workers[w], i, limit, &result, &is_ready);
      ready[w] = is_ready;
      if (msg) {
        messages[w] = std::move(*msg);
      }
    }
    // Synchronised start: every worker that is ready begins sampling at once.
    for (size_t w = 0; w < workers.size(); ++w) {
      if (ready[w] && !workers[w].process->Send(kGoLine)) {
        MarkFailed(workers[w], CellStatus::kError, "worker went away before sampling");
      }
    }
    for (size_t w = 0; w < workers.size(); ++w) {
      if (ready[w] && !workers[w].failed) {
        bool again = false;
        auto msg = ReadUntilCell(workers[w], i, limit, &result, &again);
        if (msg) {
          messages[w] = std::move(*msg);
        }
      }
    }
    for (size_t w = 0; w < workers.size(); ++w) {
      if (!messages[w].is_null()) {
        MergeCellMessage(messages[w], cell);
      } else if (cell.status == CellStatus::kOk) {
        cell.status = workers[w].failure_status;
        cell.message = workers[w].failure_message;
      }
    }
    if (cell.status != CellStatus::kOk) {
      cell.workers.clear();
    }
    if (on_cell_done) {
      on_cell_done(alg, cell);
    }
  }
  for (WorkerState& w : workers) {
    if (w.process) {
      // Drain "done" and reap; a worker that fails only after its last cell changes nothing.
      nlohmann::json msg;
      while (!w.failed && w.process->Read(limit, &msg) == WorkerProcess::ReadStatus::kMessage &&
             msg.value("type", "") != "done") {
      }
      w.process->Finish();
    }
  }
  return result;
}

}  // namespace cryptobench::worker
