// Step changes in a stored cell's history: where its throughput moved and stayed moved.
#pragma once

#include <cstddef>
#include <vector>

#include "store/store.h"

namespace cryptobench::store {

/// How FindSteps decides.
struct StepOptions {
  /// Smallest change of the median that counts, as a fraction (0.05: 5%, compare's default
  /// threshold): run-to-run drift on a shared machine is larger than a single run's CI, so a
  /// significant but tiny shift is not a step.
  double threshold = 0.05;
  /// Significance level of each segment's test, before the Bonferroni division by the number
  /// of candidate splits in the segment.
  double alpha = 0.001;
};

/// A step: from point `index` on (0-based, into the points given), the cell runs at `ratio`
/// x the median before it.
struct Step {
  size_t index = 0;
  double ratio = 1;       ///< median after / median before
  double p_value = 1;     ///< the Mann-Whitney test's two-sided p
  size_t candidates = 0;  ///< splits tested in its segment (the Bonferroni divisor)
  double median_before = 0;
  double median_after = 0;
};

/// Finds the steps of `points` (oldest first) by binary segmentation: in a segment, each split
/// between two points is tested by comparing the samples of the points before it with those
/// after it (stats::MannWhitney; a point without samples counts as one sample, its figure);
/// the split with the smallest p is a step when p < alpha / splits and the medians differ by
/// more than the threshold; both halves are then searched the same way. Points of different
/// hosts or libraries are not told apart: give one host's points (`history trend` splits them
/// by host first). Returns the steps in order.
std::vector<Step> FindSteps(const std::vector<TrendPoint>& points, const StepOptions& options);

}  // namespace cryptobench::store
