// Matching two runs cell by cell: (canonical algorithm, operation, input size), with figures in
// bytes/s for symmetric cells and ops/s for public-key ones (whose input size is fixed and not
// part of the key). Cells on one side only are kept as rows of their own.
#pragma once

#include <vector>

#include "compare/model.h"

namespace cryptobench::compare {

/// The rows of `b` against the baseline `a`: A's cells in A's order, then cells only B has, in
/// B's order. A second cell with the same key in one run (e.g. an imported 1.x run with both a
/// low-level and an EVP row for one cipher) is left out; the first counts. Rows present on both
/// sides with ok figures get a ratio (B/A), direction and verdict against `threshold`
/// (a fraction).
std::vector<Row> MatchRows(const Side& a, const Side& b, double threshold);

}  // namespace cryptobench::compare
