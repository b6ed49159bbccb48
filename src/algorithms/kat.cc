// Joins the per-family KAT tables into one table grouped by algorithm, in catalogue order.
#include "algorithms/kat.h"

#include <algorithm>
#include <cstddef>
#include <span>
#include <string_view>
#include <tuple>
#include <vector>

#include "algorithms/catalog.h"
#include "algorithms/kat_internal.h"

namespace cryptobench {
namespace {

// Position of `name` in the catalogue; names outside it sort after every catalogue entry.
size_t CatalogRank(std::string_view name) {
  const std::span<const AlgorithmInfo> catalog = Catalog();
  for (size_t i = 0; i < catalog.size(); ++i) {
    if (catalog[i].name == name) {
      return i;
    }
  }
  return catalog.size();
}

// Sorted once so that each algorithm's vectors form one contiguous run (KatVectorsFor returns
// a span into it); the sort is stable, so vectors keep their order within an algorithm.
const std::vector<KatVector>& Table() {
  static const std::vector<KatVector> kTable = [] {
    std::vector<KatVector> all;
    for (std::span<const KatVector> family :
         {kat_internal::CipherVectors(), kat_internal::AeadVectors(),
          kat_internal::HashMacVectors(), kat_internal::PublicKeyVectors()}) {
      all.insert(all.end(), family.begin(), family.end());
    }
    std::stable_sort(all.begin(), all.end(), [](const KatVector& a, const KatVector& b) {
      return std::make_tuple(CatalogRank(a.algorithm), a.algorithm) <
             std::make_tuple(CatalogRank(b.algorithm), b.algorithm);
    });
    return all;
  }();
  return kTable;
}

}  // namespace

std::span<const KatVector> KatVectorsFor(std::string_view algorithm) {
  const std::vector<KatVector>& table = Table();
  const auto same = [algorithm](const KatVector& v) { return v.algorithm == algorithm; };
  const auto first = std::find_if(table.begin(), table.end(), same);
  const auto last = std::find_if_not(first, table.end(), same);
  return {first, last};
}

std::span<const KatVector> AllKatVectors() { return Table(); }

}  // namespace cryptobench
