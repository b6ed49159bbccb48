// Building imported runs of bssl, botan and cryptsetup output.
#include "import/foreign_run.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "import/parse_util.h"

namespace cryptobench::import {

using results::AlgorithmResult;
using results::Cell;
using results::CellStatus;

ForeignRunBuilder::ForeignRunBuilder(std::string_view tool, std::string_view backend,
                                     std::string_view file_name) {
  run_.source.kind = "imported";
  run_.source.tool = std::string(tool);
  run_.source.file = std::string(file_name);
  run_.source.timing_basis = "wall_clock";
  run_.source.evp = "unknown";  // an OpenSSL notion; other tools do not say
  run_.machine.tick_counter = "none";
  run_.library.backend = std::string(backend);
  run_.method.clock = fmt::format("wall-clock ({})", tool);
  run_.method.precision = 0;
  run_.method.min_samples = 1;
  run_.method.confidence = 0;
  run_.method.target_sample_seconds = 0;
  run_.method.max_seconds = 0;
}

AlgorithmResult& ForeignRunBuilder::FindOrAdd(const NamedAlgorithm& algorithm,
                                              const std::string& implementation) {
  for (AlgorithmResult& alg : run_.algorithms) {
    if (alg.algorithm == algorithm.name && alg.implementation == implementation) {
      return alg;
    }
  }
  AlgorithmResult alg;
  alg.algorithm = algorithm.name;
  alg.kind = algorithm.kind;
  alg.implementation = implementation;
  run_.algorithms.push_back(std::move(alg));
  return run_.algorithms.back();
}

void ForeignRunBuilder::Add(const ForeignFigure& figure) {
  AlgorithmResult& alg = FindOrAdd(figure.algorithm, figure.implementation);
  Cell cell;
  cell.operation = figure.operation;
  cell.input_len = figure.input_len;
  cell.batch_iterations = figure.count;
  cell.caveats = figure.caveats;
  const double shown = figure.bytes_per_s ? *figure.bytes_per_s : figure.ops_per_s;
  // A throughput whose input size the output does not give has no count of operations.
  const bool unsized = figure.bytes_per_s && figure.input_len == 0 && figure.ops_per_s == 0;
  if (!figure.problem.empty()) {
    cell.status = CellStatus::kError;
    cell.message = fmt::format("{} (line {})", figure.problem, figure.line);
    Caveat(fmt::format("Line {}: {}: {}; the cell is marked as an error.", figure.line,
                       figure.label, figure.problem));
  } else if (!std::isfinite(shown) || !std::isfinite(figure.ops_per_s) || shown < 0 ||
             figure.ops_per_s < 0) {
    cell.status = CellStatus::kError;
    cell.message = fmt::format("{} '{}' at line {}", kImpossibleFigurePrefix, shown, figure.line);
    Caveat(fmt::format(
        "Line {}: {} reports an impossible figure ({}); the cell is marked as an error.",
        figure.line, figure.label, shown));
  } else if (const std::string why = ImplausibleFigure(
                 figure.ops_per_s, figure.bytes_per_s ? &*figure.bytes_per_s : nullptr);
             !why.empty()) {
    cell.status = CellStatus::kError;
    cell.message = fmt::format("{} at line {}: {}", kImplausibleFigurePrefix, figure.line, why);
    Caveat(fmt::format("Line {}: {}: {}; the cell is marked as an error.", figure.line,
                       figure.label, why));
  } else if (shown == 0 || (figure.ops_per_s == 0 && !unsized)) {
    cell.status = CellStatus::kError;
    cell.message =
        fmt::format("reported 0 at line {}: the operation failed or was not run", figure.line);
  } else {
    results::CellFigures f;
    f.num_samples = 1;
    f.num_workers = 0;
    f.confidence = 0;
    f.ci_confidence = 0;
    f.ops_per_s = {figure.ops_per_s, figure.ops_per_s, figure.ops_per_s};
    if (figure.bytes_per_s) {
      f.bytes_per_s =
          results::Estimate{*figure.bytes_per_s, *figure.bytes_per_s, *figure.bytes_per_s};
    }
    f.wall_ns_per_op = unsized ? 0 : 1e9 / figure.ops_per_s;
    f.ticks_per_op =
        std::isfinite(figure.ticks_per_op) && figure.ticks_per_op > 0 ? figure.ticks_per_op : 0;
    f.worker_min_ops_per_s = figure.ops_per_s;
    f.worker_max_ops_per_s = figure.ops_per_s;
    cell.figures = f;
  }
  alg.cells.push_back(std::move(cell));
}

void ForeignRunBuilder::SkipDamagedLine(size_t line, const std::string& why) {
  if (!first_damaged_) {
    first_damaged_.emplace(line, why);
  }
  Caveat(fmt::format(
      "Line {} is damaged in the paste and skipped ({}); the run's other lines are kept.", line,
      why));
}

void ForeignRunBuilder::AddUnavailable(const NamedAlgorithm& algorithm,
                                       const std::string& implementation,
                                       const std::string& operation, uint64_t input_len,
                                       CellStatus status, const std::string& message) {
  AlgorithmResult& alg = FindOrAdd(algorithm, implementation);
  Cell cell;
  cell.operation = operation;
  cell.input_len = input_len;
  cell.status = status;
  cell.message = message;
  alg.cells.push_back(std::move(cell));
}

bool ForeignRunBuilder::Contains(const std::string& algorithm, const std::string& implementation,
                                 const std::string& operation, uint64_t input_len) const {
  for (const AlgorithmResult& alg : run_.algorithms) {
    if (alg.algorithm != algorithm || alg.implementation != implementation) {
      continue;
    }
    for (const Cell& cell : alg.cells) {
      if (cell.operation == operation && cell.input_len == input_len) {
        return true;
      }
    }
  }
  return false;
}

void ForeignRunBuilder::Caveat(const std::string& text) {
  auto& caveats = run_.source.caveats;
  if (std::find(caveats.begin(), caveats.end(), text) == caveats.end()) {
    caveats.push_back(text);
  }
}

bool ForeignRunBuilder::HasCells() const {
  return std::any_of(run_.algorithms.begin(), run_.algorithms.end(),
                     [](const AlgorithmResult& alg) { return !alg.cells.empty(); });
}

results::RunResult ForeignRunBuilder::Finish() const {
  results::RunResult run = run_;
  std::vector<uint64_t> sizes;
  for (AlgorithmResult& alg : run.algorithms) {
    bool all_unsupported = !alg.cells.empty();
    for (const Cell& cell : alg.cells) {
      all_unsupported = all_unsupported && cell.status == CellStatus::kUnsupported;
      if (cell.input_len > 0 && results::IsSymmetricCell(alg.algorithm, cell)) {
        sizes.push_back(cell.input_len);
      }
    }
    alg.supported = !all_unsupported;
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  run.method.input_sizes = sizes;
  return run;
}

}  // namespace cryptobench::import
