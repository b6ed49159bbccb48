// Catalogue entries of result algorithms (catalog_entry.h).
#include "report/catalog_entry.h"

#include <string>

namespace cryptobench::report {

const AlgorithmInfo* CatalogEntryOf(const results::AlgorithmResult& alg) {
  const AlgorithmInfo* info = FindAlgorithm(alg.algorithm);
  if (info == nullptr || (!alg.kind.empty() && alg.kind != KindName(info->kind))) {
    return nullptr;
  }
  return info;
}

std::string CanonicalAlgorithmName(const results::AlgorithmResult& alg) {
  const AlgorithmInfo* info = CatalogEntryOf(alg);
  return info != nullptr ? std::string(info->name) : alg.algorithm;
}

bool IsThroughputCell(const results::AlgorithmResult& alg, const results::Cell& cell) {
  if (const AlgorithmInfo* info = CatalogEntryOf(alg)) {
    return IsSymmetric(info->kind);
  }
  const bool public_key_op =
      cell.operation == "sign" || cell.operation == "verify" || cell.operation == "derive";
  return (cell.input_len > 0 || (cell.figures && cell.figures->bytes_per_s)) && !public_key_op;
}

bool HasUnknownSize(const results::Cell& cell) {
  return cell.input_len == 0 && cell.figures && cell.figures->bytes_per_s;
}

}  // namespace cryptobench::report
