// The measurement session of `compare`'s live sides (--lib NAME=PATH): open each side's library
// in a worker, measure every side interleaved (compare/live.h), and return one run per side.
// The command reads and filters the file sides, calls these, and compares and renders.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/catalog.h"
#include "cpu/cpu_info.h"
#include "measure/sampler.h"
#include "results/model.h"
#include "worker/scheduler.h"

#include "compare/model.h"
#include "compare/side_spec.h"
#include "compare/sides.h"

namespace cryptobench::app {

/// One live side, opened: what its workers get and what its probe said.
struct LiveSide {
  compare::LiveSpec spec;
  worker::RunPlan plan;
  worker::ProbeResult probe;
  /// The library crashed, hung or exited while loading: every cell says so, nothing is run.
  std::optional<worker::ProbeFailure> load_failure;
};

/// Opens the live side `spec` (its library at `library_path`, as resolved from spec.path) in
/// a worker (worker::Probe), to measure `input_sizes` (bytes) under `sampler`, its workers
/// with spec.env. A probe that crashed, hung or could not check everything gives a
/// "note: NAME: ..." line on stderr and a side whose cells say so. Throws UsageError (exit 2)
/// for a library that cannot be opened, worker::WorkerStartFailure when no worker starts.
LiveSide OpenLiveSide(const compare::LiveSpec& spec, const std::string& library_path,
                      const std::vector<uint64_t>& input_sizes,
                      const measure::SamplerConfig& sampler);

/// Called before each live measurement: `done` of `total` (1-based), the side's name, the
/// algorithm.
using LiveProgressFn = std::function<void(size_t done, size_t total, const std::string& side,
                                          const AlgorithmInfo& alg)>;

/// Measures `algorithms` on every side, interleaved over `rounds` rounds
/// (compare::MeasureInterleaved), and returns one run per side in the order of `sides`, each
/// algorithm's rounds pooled (compare::PoolRounds), its header filled in (MeasuredRunHeader,
/// with the side's --env and the masks of its backend inherited from this shell,
/// InheritedMaskVariables, as worker_env) and its figures derived. An algorithm a side's library
/// lacks is marked unsupported; a side whose probe failed gets that failure in every cell.
/// `progress` may be empty. Never throws for a worker's failure (its cells say it).
std::vector<results::RunResult> MeasureLiveSides(
    const std::vector<LiveSide>& sides, const std::vector<const AlgorithmInfo*>& algorithms,
    int rounds, const LiveProgressFn& progress);

/// What live sides measure without --algorithms: the catalogued algorithms the file sides
/// hold (so the cells match), in catalogue order; else the default suite.
std::vector<const AlgorithmInfo*> LiveAlgorithms(const std::vector<compare::Side>& file_sides);

/// What live sides measure without --bytes: the input sizes of the file sides' throughput
/// cells (1 byte to 64 MiB), ascending; else kDefaultInputSizes.
std::vector<uint64_t> LiveSizes(const std::vector<compare::Side>& file_sides);

/// The facts of this machine that compare resolves each side's against (compare::ResolveSideFacts):
/// the architecture and CPU model of `facts`, the usable CPU features (cpu::DetectCpuFeatures),
/// and with `measure_clock` the effective core clock in Hz (cpu::MeasureCoreClock, about
/// 0.1 s; 0 without it).
compare::HostFacts GatherHostFacts(const cpu::CpuFacts& facts, bool measure_clock);

}  // namespace cryptobench::app
