// Measuring the AEAD ceiling through the speed workers.
#include "tls/ceiling.h"

#include "algorithms/catalog.h"
#include "worker/process.h"
#include "worker/scheduler.h"

namespace cryptobench::tls {

results::RunResult MeasureAeadCeiling(const CeilingPlan& plan) {
  worker::RunPlan run_plan;
  run_plan.executable = plan.executable;
  run_plan.backend = plan.backend;
  run_plan.library_path = plan.library_path;
  run_plan.env = plan.env;
  run_plan.input_sizes = {plan.record_size};
  run_plan.sampler.max_seconds = plan.max_seconds;
  run_plan.sampler.precision = plan.precision;
  const worker::ProbeResult probe = worker::Probe(run_plan);
  results::RunResult run;
  run.library = probe.library;
  if (!plan.library_path.empty()) {
    run.library.requested_path = plan.library_path;
  }
  run.method.direction = "encrypt";
  run.method.precision = run_plan.sampler.precision;
  run.method.max_seconds = run_plan.sampler.max_seconds;
  run.method.min_samples = run_plan.sampler.min_samples;
  run.method.confidence = run_plan.sampler.confidence;
  run.method.target_sample_seconds = run_plan.sampler.target_sample_seconds;
  run.method.input_sizes = run_plan.input_sizes;
  for (const std::string& name : plan.aeads) {
    const AlgorithmInfo* alg = FindAlgorithm(name);
    if (alg == nullptr) {
      continue;
    }
    if (probe.supported.count(std::string(alg->name)) == 0) {
      results::AlgorithmResult unsupported;
      unsupported.algorithm = std::string(alg->name);
      unsupported.kind = std::string(KindName(alg->kind));
      unsupported.supported = false;
      unsupported.cells = worker::PlannedCells(*alg, run_plan);
      for (results::Cell& cell : unsupported.cells) {
        cell.status = results::CellStatus::kUnsupported;
        cell.message = "not provided by this library";
      }
      run.algorithms.push_back(std::move(unsupported));
      continue;
    }
    run.algorithms.push_back(worker::MeasureAlgorithm(*alg, run_plan, nullptr));
  }
  results::DeriveAllFigures(run);
  return run;
}

}  // namespace cryptobench::tls
