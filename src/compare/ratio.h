// The ratio of two throughput figures, its confidence interval, and the verdict on a change.
// Method (docs/compare.md, "Ratios and their confidence intervals"): each side's median comes
// with a distribution-free 95% CI (stats/stats.h); in log space the two half-widths are combined
// as independent errors (root sum of squares), separately for the lower and the upper bound.
#pragma once

#include <optional>

#include "results/model.h"

#include "compare/model.h"

namespace cryptobench::compare {

/// The figure a cell contributes: bytes_per_s for symmetric cells, ops_per_s otherwise.
/// nullopt when the cell is not ok or has no figures (or a non-positive value).
std::optional<Figure> CellFigure(const results::Cell& cell, bool symmetric);

/// B/A. With both figures carrying a CI (Figure::has_ci), the CI of ln(B/A) is
///   [ln r - sqrt(dB_low^2 + dA_high^2), ln r + sqrt(dB_high^2 + dA_low^2)]
/// where dX_low = ln(X) - ln(X.ci_low) and dX_high = ln(X.ci_high) - ln(X); its level is the
/// lower of the two attained coverages. Otherwise has_ci is false. `a.value` must be > 0.
RatioEstimate EstimateRatio(const Figure& a, const Figure& b);

/// Direction of a ratio against `threshold` (a fraction, e.g. 0.05): slower when
/// ratio < 1 - threshold, faster when ratio > 1 + threshold, else within.
Direction JudgeDirection(double ratio, double threshold);

/// Verdict: within threshold; else significant when the CI excludes 1, not significant when it
/// includes 1, and not testable without a CI. A single-figure change is never significant.
Verdict JudgeVerdict(const RatioEstimate& ratio, double threshold);

}  // namespace cryptobench::compare
