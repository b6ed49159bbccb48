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
  std::string test_fault;     ///< test-only: "crash", "abort", "hang" or "corrupt"
};

nlohmann::json JobToJson(const Job& job);
/// Throws std::runtime_error on a malformed job.
Job JobFromJson(const nlohmann::json& j);

/// Message types sent by a worker (the "type" field of each JSON line):
///  "library" {library, supported:[names], unsupported_reasons:{name: reason}}   probe answer
///  "unsupported" {message}                  measure job of an algorithm the backend lacks
///                                           (every cell then reports "unsupported")
///  "kat"     {kat:{status,source,detail}, implementation}   before any cell of a measure job
///  "ready"   {cell}                         synchronized jobs, before sampling cell i
///  "cell"    {cell, status, message, batch_iterations, precision_reached, samples:[...]}
///  "fatal"   {message, usage}               the job could not run (usage: bad --lib, a
///                                           backend that cannot be opened here)
///  "done"    {}                             last message
inline constexpr const char* kGoLine = "go";

}  // namespace cryptobench::worker
