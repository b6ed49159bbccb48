// The parent <-> worker protocol. The parent re-executes cryptobench as
// `cryptobench __worker`, writes one Job as a JSON line on the worker's stdin and reads JSON
// lines (messages) from its stdout. In a synchronised (--threads) job the worker sends "ready"
// before each cell and waits for a "go" line on stdin, so all workers sample in one window.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/catalog.h"
#include "measure/sampler.h"

namespace cryptobench::worker {

/// Name of the hidden subcommand that runs a worker.
inline constexpr const char* kWorkerSubcommand = "__worker";

/// One cell to measure: an operation at an input length in bytes.
struct CellSpec {
  Operation operation = Operation::kEncrypt;
  uint64_t input_len = 0;
};

/// A job for one worker process.
struct Job {
  enum class Kind { kProbe, kMeasure };
  Kind kind = Kind::kProbe;
  std::string backend = "openssl";  ///< registry name (backends::FindBackend)
  std::string library_path;     ///< for backends that take one (--lib); "" = the backend's default
  std::string algorithm;        ///< measure: canonical catalogue name
  std::vector<CellSpec> cells;  ///< measure: cells in order
  measure::SamplerConfig sampler;
  bool synchronized = false;  ///< --threads: "ready"/"go" handshake per cell
  double window_seconds = 0;  ///< synchronized: sampling window per cell, seconds
  /// The CPU the worker pins itself to (measure::PinToCpu) before it does anything; -1: it
  /// stays where the scheduler puts it, and pin_note says why (--no-pin, too few CPUs).
  int pin_cpu = -1;
  std::string pin_note;
  /// Test-only: "crash", "abort", "hang", "corrupt", "leak" or "flood" after the KAT, or
  /// "probe-crash", "probe-hang", ... while support is checked (probe: of `algorithm`).
  std::string test_fault;
};

nlohmann::json JobToJson(const Job& job);
/// Throws std::runtime_error on a malformed job.
Job JobFromJson(const nlohmann::json& j);

/// Message types sent by a worker (the "type" field of each JSON line):
///  "library" {library}                      probe answer: the library's identity, first
///  "support" {algorithm, supported, reason} probe answer: one per catalogue algorithm, in
///                                           catalogue order (reason: why not, if it says)
///  "unsupported" {message}                  measure job of an algorithm the backend lacks
///                                           (every cell then reports "unsupported")
///  "kat"     {kat:{status,source,detail}, implementation}   before any cell of a measure job
///  "ready"   {cell}                         synchronized jobs, before sampling cell i
///  "progress" {cell}                        while sampling cell i, at most once a second: a
///                                           sign of life over a long budget
///  "cell"    {cell, status, message, batch_iterations, precision_reached, samples:[...],
///            round_sizes, pinned_cpu | pin_note, warmup:{seconds, settled}, steal,
///            disturbed, repeated, attempts}  (the fields after samples optional: see
///                                           WorkerSamples)
///  "fatal"   {message, usage}               the job could not run (usage: bad --lib, a
///                                           backend that cannot be opened here)
///  "done"    {}                             last message
/// A worker whose parent is gone (its protocol pipe broken) exits at its next message.
inline constexpr const char* kGoLine = "go";

}  // namespace cryptobench::worker
