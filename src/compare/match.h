// Matching two runs cell by cell: (canonical algorithm, operation, input size), with figures in
// bytes/s for symmetric cells and ops/s for public-key ones (whose input size is fixed and not
// part of the key). Cells on one side only are kept as rows of their own.
#pragma once

#include <vector>

#include "compare/model.h"

namespace cryptobench::compare {

/// The rows of `b` against the baseline `a`: A's cells in A's order, then cells only B has, in
/// B's order. The key includes the API (results::AlgorithmResult::api): an imported 1.x run
/// with both a low-level row ("aes-128 cbc") and an EVP row ("aes-128-cbc") of one cipher pairs
/// each with the other side's row of the same API, and its low-level rows are named
/// "<name> (low-level API)". A cell pairs with the other API's only when neither side has a row
/// of both (a 1.x run without -evp against an EVP run), with Row::a_legacy != Row::b_legacy.
/// A second cell with the same key in one run is left out; the first counts. Rows present on
/// both sides with ok figures get a ratio (B/A), direction and verdict against `threshold`
/// (a fraction).
std::vector<Row> MatchRows(const Side& a, const Side& b, double threshold);

}  // namespace cryptobench::compare
