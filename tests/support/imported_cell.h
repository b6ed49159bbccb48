// A results::Cell shaped as `import` writes one: a single figure, no sampling behind it.
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
