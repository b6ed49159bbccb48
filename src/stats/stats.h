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

namespace cryptobench::stats {

/// The two-sided 95% quantile of Student's t distribution, t(0.975, df): exact table values
/// (e.g. NIST/SEMATECH e-Handbook of Statistical Methods, sec. 1.3.6.7.2,
/// https://www.itl.nist.gov/div898/handbook/eda/section3/eda3672.htm) for df 1-30, above that
/// 1.96 + 2.4 / df (within 0.2% of the table at df 40, 60 and 120). df 0 gives infinity.
double StudentT975(size_t df);

/// A straight line y = intercept + slope x fitted by weighted least squares, with 95%
/// confidence intervals of both coefficients.
struct LineFit {
  size_t count = 0;      ///< points used
  double intercept = 0;  ///< in y's unit
  double slope = 0;      ///< in y's unit per x's unit
  /// True when the CIs are set: at least three points at two or more distinct x.
  bool has_ci = false;
  double intercept_low = 0;  ///< 95% CI of the intercept (has_ci)
  double intercept_high = 0;
  double slope_low = 0;  ///< 95% CI of the slope (has_ci)
  double slope_high = 0;
};

/// Fits y = a + b x by least squares with weights 1 / y^2, i.e. assuming each y carries the same
/// relative error (as benchmark timings of different sizes do: a time 1000x longer is not
/// measured 1000x less precisely in relative terms). The CIs are a +- t(0.975, n-2) x standard
/// error, the standard errors from the weighted residual variance (Draper & Smith, "Applied
/// Regression Analysis", 3rd ed., sec. 9.2). Returns count 0 (and has_ci false) when the spans
/// differ in length, any y is not > 0, fewer than two points are given or all x are equal;
/// exactly two points give the line through them without CIs.
LineFit FitLineRelative(std::span<const double> x, std::span<const double> y);

}  // namespace cryptobench::stats
