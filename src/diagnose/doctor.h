// `cryptobench doctor` orchestration: gather facts, run each algorithm as is and under its mask
// experiments in worker processes, and let the verdict engine decide.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "algorithms/catalog.h"
#include "worker/scheduler.h"

#include "diagnose/doctor_model.h"

namespace cryptobench::diagnose {

/// What doctor examines and how long it measures.
struct DoctorOptions {
  std::string executable;    ///< cryptobench itself (worker::SelfExecutable())
  std::string library_path;  ///< --lib, or the default soname
  /// Algorithms to examine; empty = every symmetric algorithm of the catalogue, or with
  /// `quick` the default suite's symmetric algorithms. Public-key algorithms (RSA, ECDSA,
  /// X25519, Ed25519) are examined when named: each timed operation (sign and verify) gets a
  /// verdict, from operations per second and the MULX/ADX and IFMA mask experiments.
  std::vector<const AlgorithmInfo*> algorithms;
  bool quick = false;
  uint64_t input_len = 16384;  ///< bytes per operation: large, so per-call overhead is small
  double max_seconds = 0.25;   ///< sampling budget per measurement, seconds
  double precision = 0.02;     ///< CI half-width target per measurement (fraction)
  // Test-only: a fault injected into the workers measuring one algorithm ("" = all), and a
  // short worker timeout (worker::RunPlan's fields of the same names; 0 = the default).
  std::string test_fault;
  std::string test_fault_algorithm;
  double worker_timeout_seconds = 0;
};

/// Called before each measurement: algorithm, experiment label, index, total planned so far.
using DoctorProgressFn =
    std::function<void(const std::string& algorithm, const std::string& label)>;

/// Gathers facts, measures, decides. Throws UsageError for an unloadable library. After a
/// SIGINT or SIGTERM under core::StopOnInterrupt it stops: the verdicts of the algorithms
/// examined to the end are kept and DoctorReport::interrupted_by names the signal.
DoctorReport RunDoctor(const DoctorOptions& options, const DoctorProgressFn& progress);

/// Measures `alg` once in a worker under `plan` (one symmetric input size) and returns its
/// median wall-clock throughput with the 95% CI (label and masks left empty for the caller);
/// a failure comes back as the cell's status and message, never as an exception.
/// `implementation` (may be null) receives what the backend reports it runs.
Measurement MeasureThroughput(const AlgorithmInfo& alg, const worker::RunPlan& plan,
                              std::string* implementation);

/// The algorithms doctor examines by default (see DoctorOptions::algorithms).
std::vector<const AlgorithmInfo*> DefaultDoctorAlgorithms(bool quick);

}  // namespace cryptobench::diagnose
