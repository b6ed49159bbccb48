// Runs jobs in worker processes and assembles their messages into results: the library probe,
// and one algorithm's cells (with N synchronised workers for --threads N).
#pragma once

#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/catalog.h"
#include "measure/sampler.h"
#include "results/model.h"

namespace cryptobench::worker {

/// What to run, shared by every job of one `speed` run.
struct RunPlan {
  std::string executable;           ///< cryptobench itself (SelfExecutable())
  std::string backend = "openssl";  ///< registry name (backends/registry.h)
  std::string library_path;         ///< --lib, or the default soname; "" = the backend's default
  std::map<std::string, std::string> env;  ///< --env: set in every worker from start
  std::set<std::string> unset_env;         ///< removed from every worker's environment
  std::vector<uint64_t> input_sizes;       ///< symmetric input sizes, bytes
  bool decrypt = false;                    ///< --decrypt
  int threads = 1;                         ///< workers per cell (same wall-clock window)
  bool pin = true;  ///< pin each worker to a CPU of its own (--no-pin: false)
  measure::SamplerConfig sampler;
  double worker_timeout_seconds = 0;  ///< max silence from a worker; 0 = kWorkerSilenceLimit
  std::string test_fault;             ///< test-only: fault injected into workers...
  std::string test_fault_algorithm;   ///< ...of this algorithm only (empty: all)
};

/// Longest a worker may stay silent before it counts as hung and is killed, seconds, whatever
/// the sampling budget: a sampling worker reports progress every second (protocol.h), and
/// what it does unreported (opening the library, a known-answer test, preparing one cell,
/// calibrating) takes seconds at most.
inline constexpr double kWorkerSilenceLimit = 20;

/// How long the parent looks at /proc/stat to find the idlest CPUs before it starts an
/// algorithm's workers, seconds (measure::ChooseCpusHere).
inline constexpr double kPinLookSeconds = 0.02;

/// The library's identity and the catalogue names it supports.
struct ProbeResult {
  results::LibraryInfo library;
  std::set<std::string> supported;
  /// Why an unsupported algorithm is missing, where the backend says more than "not provided"
  /// (Backend::UnsupportedReason), by catalogue name.
  std::map<std::string, std::string> unsupported_reasons;
  /// Catalogue names whose support the probe could not settle because the library crashed or
  /// hung while checking one of them (failure says how): measure them each in a worker of its
  /// own, which checks again and contains a fault to that algorithm.
  std::set<std::string> unchecked;
  std::string failure;  ///< "" when the probe finished

  /// True if `name` is supported or unchecked: worth a measuring worker.
  bool MaySupport(const std::string& name) const {
    return supported.count(name) > 0 || unchecked.count(name) > 0;
  }
};

/// A probe that ended before the library told who it is: it crashed, hung or exited while
/// being loaded. status says which (kCrashed, kTimeout or kError); what() says how.
class ProbeFailure : public std::runtime_error {
 public:
  ProbeFailure(results::CellStatus status, const std::string& message)
      : std::runtime_error(message), status_(status) {}
  results::CellStatus status() const { return status_; }

 private:
  results::CellStatus status_;
};

/// The worker process could not start at all (it exited 127: execve of plan.executable failed,
/// process.cc), so no backend can be measured: not a failure of one library.
class WorkerStartFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Opens plan.backend (plan.library_path for backends loaded by path) in a worker and asks for
/// its identity, then which algorithms it supports. Throws UsageError when the backend cannot
/// be opened (a bad --lib, a library that is not a libcrypto, an unknown backend name: exit
/// status 2), WorkerStartFailure when the worker could not be started, ProbeFailure when the
/// worker crashed, hung or ended before the library's identity. A worker that fails after it
/// comes back with `unchecked` and `failure` set.
ProbeResult Probe(const RunPlan& plan);

/// Every planned cell of `alg` with `status` and `message` (a probe that failed before the
/// library answered, so no worker is started for it).
results::AlgorithmResult FailedAlgorithm(const AlgorithmInfo& alg, const RunPlan& plan,
                                         results::CellStatus status, const std::string& message);

/// The cells timed for `alg` under `plan`: each timed operation at each input size
/// (symmetric) or at kPublicKeyInputLen (public key).
std::vector<results::Cell> PlannedCells(const AlgorithmInfo& alg, const RunPlan& plan);

/// Called after each cell completes (for progress display).
using CellDoneFn = std::function<void(const AlgorithmInfo& alg, const results::Cell& cell)>;

/// Measures every planned cell of `alg` in worker process(es) of plan.backend. Never throws for
/// worker failures: a crash or timeout marks the remaining cells crashed/timeout with the reason.
/// An algorithm the backend lacks comes back with supported = false and every cell
/// "unsupported". The result carries the implementation the backend reports (Implementation()).
results::AlgorithmResult MeasureAlgorithm(const AlgorithmInfo& alg, const RunPlan& plan,
                                          const CellDoneFn& on_cell_done);

}  // namespace cryptobench::worker
