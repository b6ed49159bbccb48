// Pure statistics over sample values: median, distribution-free confidence interval of the
// median, and a summary. No I/O, no clocks.
#pragma once

#include <cstddef>
#include <span>

namespace cryptobench::stats {

/// A two-sided interval [low, high] and the confidence level it actually attains (0..1).
struct Interval {
  double low = 0;
  double high = 0;
  double confidence = 0;
};

/// Median of `values` (mean of the two middle values for an even count). 0 for an empty span.
double Median(std::span<const double> values);

/// Distribution-free confidence interval of the median from order statistics (binomial
/// method; see e.g. Conover, "Practical Nonparametric Statistics", 3rd ed., sec. 3.2): the
/// narrowest symmetric pair [x_(k), x_(n-k+1)] whose coverage is >= `confidence`. With too few
/// values for that coverage (n < 6 at 95%), returns [min, max] and its lower attained coverage.
/// Empty input gives {0, 0, 0}.
Interval MedianConfidenceInterval(std::span<const double> values, double confidence = 0.95);

/// Summary of a sample of values (any unit; the caller keeps track of it).
struct Summary {
  size_t count = 0;
  double median = 0;
  Interval median_ci;  ///< see MedianConfidenceInterval
  double mean = 0;
  double stddev = 0;  ///< sample standard deviation (n-1); 0 when count < 2
  double min = 0;
  double max = 0;
  /// Half the CI width relative to the median, e.g. 0.01 for +-1%. 0 if median is 0.
  double RelativeHalfWidth() const;
};

/// Summarises `values` with a median CI at `confidence`.
Summary Summarize(std::span<const double> values, double confidence = 0.95);

}  // namespace cryptobench::stats

namespace cryptobench::stats {

/// Result of a two-sided Mann-Whitney U (Wilcoxon rank-sum) test.
struct RankSumTest {
  double u = 0;        ///< U statistic of the first sample (pairs (a, b) with a > b, ties 1/2)
  double z = 0;        ///< standardised U (normal approximation, tie-corrected, continuity 0.5)
  double p_value = 1;  ///< two-sided; 1 when either sample is empty or all values are tied
};

/// Mann-Whitney U test of whether `a` and `b` come from one distribution, by the normal
/// approximation with the tie correction of the variance (Conover, "Practical Nonparametric
/// Statistics", 3rd ed., sec. 5.1; adequate for more than about 10 values per side, which a
/// stored cell has). Cost O((n+m) log(n+m)).
RankSumTest MannWhitney(std::span<const double> a, std::span<const double> b);

/// The same test from its parts, for callers that rank a pooled sample once and test many
/// partitions of it: `rank_sum_a` is the sum of the first sample's ranks in the pool (ties
/// given their mean rank), n and m the sizes, `tie_term` the sum over groups of t tied values
/// of t^3 - t.
RankSumTest MannWhitneyFromRanks(double rank_sum_a, size_t n, size_t m, double tie_term);

}  // namespace cryptobench::stats
