// A results::Cell and a results::RunResult shaped as `import` writes them: a single figure, no
// sampling behind it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "results/model.h"

namespace cryptobench::testing {

/// One cell as `import` writes it: `mb_per_s` (10^6 bytes per second) at `input_len` bytes,
/// value = both CI bounds, one sample, confidence 0 (no interval was measured). With
/// input_len 0 (public-key rows) ops_per_s is infinite: give such rows their ops directly.
inline results::Cell ImportedFigure(const std::string& operation, uint64_t input_len,
                                    double mb_per_s) {
  results::Cell cell;
  cell.operation = operation;
  cell.input_len = input_len;
  results::CellFigures f;
  f.num_samples = 1;
  f.confidence = 0;
  const double bytes = mb_per_s * 1e6;
  const double ops = bytes / static_cast<double>(input_len);
  f.ops_per_s = {ops, ops, ops};
  f.bytes_per_s = results::Estimate{bytes, bytes, bytes};
  f.wall_ns_per_op = 1e9 / ops;
  f.worker_min_ops_per_s = ops;
  f.worker_max_ops_per_s = ops;
  cell.figures = f;
  return cell;
}

/// A run as `import` writes one for the file "paste.txt": the output of `tool` ("openssl
/// speed", "cryptsetup benchmark", ...) of version `tool_version` ("" when the text names none),
/// timed on `timing_basis` ("user_cpu" or "wall_clock"); no library, machine or rows yet.
inline results::RunResult ImportedRunOf(const std::string& tool, const std::string& tool_version,
                                        const std::string& timing_basis) {
  results::RunResult run;
  run.source.kind = "imported";
  run.source.tool = tool;
  run.source.tool_version = tool_version;
  run.source.file = "paste.txt";
  run.source.timing_basis = timing_basis;
  return run;
}

/// Appends an algorithm of `kind` ("cipher", "aead", "hash", ...) with `cells` to `run`, as
/// import writes one.
inline void AddAlgorithm(results::RunResult& run, const std::string& algorithm,
                         const std::string& kind, std::vector<results::Cell> cells) {
  results::AlgorithmResult alg;
  alg.algorithm = algorithm;
  alg.kind = kind;
  alg.cells = std::move(cells);
  run.algorithms.push_back(std::move(alg));
}

}  // namespace cryptobench::testing
