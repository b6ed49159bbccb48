// Helpers shared by the import tests: find an algorithm's row or cell in an imported run, read a
// cell's figure, look for a caveat, and catch the error ImportText throws. Test-only; header-only.
#pragma once

#include <cstdint>
#include <string>

#include "results/model.h"

#include "import/import.h"

namespace cryptobench::import {

/// The row of `run` whose canonical name is `name` ("AES-128-GCM"), or nullptr.
inline const results::AlgorithmResult* FindAlgorithm(const results::RunResult& run,
                                                     const std::string& name) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (alg.algorithm == name) {
      return &alg;
    }
  }
  return nullptr;
}

/// The first cell of a row of `run` named `algorithm` ("AES-128-CBC") whose operation is `op`
/// ("encrypt") and input `input_len` bytes, or nullptr. Rows of one name (several
/// implementations) are searched in order.
inline const results::Cell* FindCell(const results::RunResult& run, const std::string& algorithm,
                                     const std::string& op, uint64_t input_len) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (alg.algorithm != algorithm) {
      continue;
    }
    for (const results::Cell& cell : alg.cells) {
      if (cell.operation == op && cell.input_len == input_len) {
        return &cell;
      }
    }
  }
  return nullptr;
}

/// The first cell of a row of `run` named `algorithm` at `input_len` bytes, whatever its
/// operation, or nullptr.
inline const results::Cell* FindCell(const results::RunResult& run, const std::string& algorithm,
                                     uint64_t input_len) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (alg.algorithm != algorithm) {
      continue;
    }
    for (const results::Cell& cell : alg.cells) {
      if (cell.input_len == input_len) {
        return &cell;
      }
    }
  }
  return nullptr;
}

/// The cell's throughput in bytes per second, or -1 when there is no cell or no such figure.
inline double BytesPerS(const results::Cell* cell) {
  return cell != nullptr && cell->figures && cell->figures->bytes_per_s
             ? cell->figures->bytes_per_s->value
             : -1;
}

/// The cell's operations per second, or -1 when there is no cell or no figures.
inline double OpsPerS(const results::Cell* cell) {
  return cell != nullptr && cell->figures ? cell->figures->ops_per_s.value : -1;
}

/// True when one of the run's caveats contains `part`.
inline bool HasCaveat(const results::RunResult& run, const std::string& part) {
  for (const std::string& caveat : run.source.caveats) {
    if (caveat.find(part) != std::string::npos) {
      return true;
    }
  }
  return false;
}

/// The message of the ImportError that ImportText throws for `text` read as `file_name`, or ""
/// when it imports.
inline std::string ImportErrorOf(const std::string& text,
                                 const std::string& file_name = "paste.txt") {
  try {
    ImportText(text, file_name);
  } catch (const ImportError& e) {
    return e.what();
  }
  return "";
}

}  // namespace cryptobench::import
