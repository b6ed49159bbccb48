// The measurement session of compare's live sides (live_session.h).
#include "app/live_session.h"

#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <set>
#include <utility>

#include "backends/registry.h"
#include "core/utc.h"
#include "cpu/clock_facts.h"
#include "cpu/cpu_info.h"
#include "cpu/features.h"
#include "report/catalog_entry.h"
#include "worker/process.h"

#include "app/machine.h"
#include "app/speed_session.h"
#include "compare/live.h"

namespace cryptobench::app {

LiveSide OpenLiveSide(const compare::LiveSpec& spec, const std::string& library_path,
                      const std::vector<uint64_t>& input_sizes,
                      const measure::SamplerConfig& sampler) {
  LiveSide side;
  side.spec = spec;
  side.plan.executable = worker::SelfExecutable();
  side.plan.library_path = library_path;
  side.plan.env = spec.env;
  side.plan.input_sizes = input_sizes;
  side.plan.sampler = sampler;
  try {
    side.probe = worker::Probe(side.plan);  // UsageError for an unloadable library
  } catch (const worker::ProbeFailure& e) {
    side.load_failure = e;
    std::fprintf(stderr, "note: %s: %s\n", spec.name.c_str(), e.what());
  }
  if (!side.probe.failure.empty()) {
    std::fprintf(stderr, "note: %s: %s\n", spec.name.c_str(), side.probe.failure.c_str());
  }
  return side;
}

std::vector<results::RunResult> MeasureLiveSides(
    const std::vector<LiveSide>& sides, const std::vector<const AlgorithmInfo*>& algorithms,
    int rounds, const LiveProgressFn& progress) {
  const cpu::CpuFacts cpu_facts = cpu::GatherCpuFacts(cpu::RealSystemReader());
  const results::MachineInfo machine = MachineInfoFrom(cpu_facts);
  const size_t total = sides.size() * algorithms.size() * static_cast<size_t>(rounds);
  size_t done = 0;
  const compare::MeasureFn measure = [&](size_t index, const AlgorithmInfo& alg) {
    const LiveSide& side = sides[index];
    ++done;
    if (progress) {
      progress(done, total, side.spec.name, alg);
    }
    if (side.load_failure) {
      return worker::FailedAlgorithm(alg, side.plan, side.load_failure->status(),
                                     side.load_failure->what());
    }
    if (!side.probe.MaySupport(std::string(alg.name))) {
      return UnsupportedResult(alg, side.plan, "not provided by this library");
    }
    return worker::MeasureAlgorithm(alg, side.plan, nullptr);
  };
  const std::vector<std::vector<compare::Rounds>> measured =
      compare::MeasureInterleaved(algorithms, sides.size(), rounds, measure);
  std::vector<results::RunResult> runs;
  for (size_t i = 0; i < sides.size(); ++i) {
    const LiveSide& side = sides[i];
    results::RunResult run =
        MeasuredRunHeader(side.probe.library, side.plan, machine, UtcTimestamp());
    run.library.worker_env = side.plan.env;
    // Masks inherited from this shell reach the workers too: name them, as speed does.
    if (const backends::BackendDescriptor* backend = backends::FindBackend(side.plan.backend)) {
      for (const std::string& name : InheritedMaskVariables(*backend)) {
        if (const char* value = std::getenv(name.c_str());
            value != nullptr && side.plan.env.count(name) == 0) {
          run.library.worker_env[name] = value;
        }
      }
    }
    for (const compare::Rounds& alg_rounds : measured[i]) {
      run.algorithms.push_back(compare::PoolRounds(alg_rounds));
    }
    results::DeriveAllFigures(run);
    runs.push_back(std::move(run));
  }
  return runs;
}

std::vector<const AlgorithmInfo*> LiveAlgorithms(const std::vector<compare::Side>& file_sides) {
  std::set<std::string> names;
  for (const compare::Side& side : file_sides) {
    for (const results::AlgorithmResult& alg : side.run.algorithms) {
      if (const AlgorithmInfo* info = report::CatalogEntryOf(alg)) {
        names.insert(std::string(info->name));
      }
    }
  }
  if (names.empty()) {
    return DefaultSuite();
  }
  std::vector<const AlgorithmInfo*> out;
  for (const AlgorithmInfo& alg : Catalog()) {
    if (names.count(std::string(alg.name)) != 0) {
      out.push_back(&alg);
    }
  }
  return out;
}

std::vector<uint64_t> LiveSizes(const std::vector<compare::Side>& file_sides) {
  std::set<uint64_t> sizes;
  for (const compare::Side& side : file_sides) {
    for (const results::AlgorithmResult& alg : side.run.algorithms) {
      for (const results::Cell& cell : alg.cells) {
        if (report::IsThroughputCell(alg, cell) && cell.input_len > 0 &&
            cell.input_len <= (uint64_t{64} << 20)) {
          sizes.insert(cell.input_len);
        }
      }
    }
  }
  if (sizes.empty()) {
    return {std::begin(kDefaultInputSizes), std::end(kDefaultInputSizes)};
  }
  return {sizes.begin(), sizes.end()};
}

compare::HostFacts GatherHostFacts(const cpu::CpuFacts& facts, bool measure_clock) {
  compare::HostFacts host;
  host.arch = facts.arch;
  host.cpu_model = facts.model;
  const cpu::CpuFeatures features = cpu::DetectCpuFeatures();
  for (const cpu::FeatureState& feature : features.features) {
    if (feature.usable()) {
      host.cpu_features.push_back(feature.name);
    }
  }
  if (measure_clock) {
    // cpufreq's limits are not read here: the probes' own agreement is the check that matters.
    host.core_hz =
        cpu::MeasureCoreClock(*cpu::MakeRealCoreClockProbes(features), cpu::CpufreqLimits{}).hz;
  }
  return host;
}

}  // namespace cryptobench::app
