// Status names, the symmetric/public-key decision and run-wide queries of the result model.
#include "results/model.h"

#include <array>
#include <utility>

#include "algorithms/catalog.h"

namespace cryptobench::results {
namespace {

constexpr std::array<std::pair<CellStatus, const char*>, 6> kStatusNames = {{
    {CellStatus::kOk, "ok"},
    {CellStatus::kFailedKat, "failed_kat"},
    {CellStatus::kCrashed, "crashed"},
    {CellStatus::kTimeout, "timeout"},
    {CellStatus::kError, "error"},
    {CellStatus::kUnsupported, "unsupported"},
}};

}  // namespace

const char* CellStatusName(CellStatus status) {
  for (const auto& [value, name] : kStatusNames) {
    if (value == status) {
      return name;
    }
  }
  return "error";
}

bool ParseCellStatus(const std::string& name, CellStatus* out) {
  for (const auto& [value, status_name] : kStatusNames) {
    if (name == status_name) {
      *out = value;
      return true;
    }
  }
  return false;
}

bool IsSymmetricCell(const std::string& algorithm, const Cell& cell) {
  if (const AlgorithmInfo* info = FindAlgorithm(algorithm)) {
    return IsSymmetric(info->kind);
  }
  // Not in this build's catalogue (e.g. a document from a newer cryptobench): public-key
  // operations are the ones that take a fixed-size input or none. A figure in bytes/s without
  // a size is a throughput whose size the imported output does not give.
  const bool public_key_op =
      cell.operation == "sign" || cell.operation == "verify" || cell.operation == "derive";
  return (cell.input_len > 0 || (cell.figures && cell.figures->bytes_per_s)) && !public_key_op;
}

void DeriveAllFigures(RunResult& run) {
  for (AlgorithmResult& alg : run.algorithms) {
    for (Cell& cell : alg.cells) {
      DeriveFigures(cell, IsSymmetricCell(alg.algorithm, cell), run.method.confidence);
    }
  }
}

bool HasDoubt(const Cell& cell) {
  for (const CellCaveat& caveat : cell.caveats) {
    if (caveat.doubt) {
      return true;
    }
  }
  return false;
}

bool HasFailures(const RunResult& run) {
  for (const AlgorithmResult& alg : run.algorithms) {
    for (const Cell& cell : alg.cells) {
      switch (cell.status) {
        case CellStatus::kFailedKat:
        case CellStatus::kCrashed:
        case CellStatus::kTimeout:
        case CellStatus::kError:
          return true;
        case CellStatus::kOk:
        case CellStatus::kUnsupported:
          break;
      }
    }
  }
  return false;
}

}  // namespace cryptobench::results
