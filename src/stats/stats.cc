// Median, distribution-free confidence interval of the median, and summary statistics.
#include "stats/stats.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <numbers>
#include <numeric>
#include <vector>

namespace cryptobench::stats {
namespace {

std::vector<double> Sorted(std::span<const double> values) {
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

double MedianOfSorted(const std::vector<double>& sorted) {
  const size_t n = sorted.size();
  if (n == 0) {
    return 0;
  }
  if (n % 2 == 1) {
    return sorted[n / 2];
  }
  return (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/// Order-statistic interval of the median over already sorted values.
///
/// For X_1..X_n i.i.d. with median m, the number B of values below m is Binomial(n, 1/2), so
/// P(x_(k) <= m <= x_(n-k+1)) = 1 - 2 P(B <= k-1). We want the largest k (narrowest interval)
/// whose tail P(B <= k-1) is still <= (1 - confidence) / 2.
Interval MedianIntervalOfSorted(const std::vector<double>& sorted, double confidence) {
  const size_t n = sorted.size();
  if (n == 0) {
    return {};
  }
  const double log_half = -std::numbers::ln2;
  // P(B <= 0) = 0.5^n; kept in log space because it underflows a double for n > ~1074.
  const double log_p0 = static_cast<double>(n) * log_half;
  const Interval widest = {sorted.front(), sorted.back(), 1 - 2 * std::exp(log_p0)};
  if (!(confidence < 1)) {
    return widest;  // only the full range can come close to certainty
  }
  const double tail_limit = (1 - std::max(confidence, 0.0)) / 2;

  // Walk the binomial pmf upward: pmf(i+1) = pmf(i) * (n-i) / (i+1), in logs. Terms below
  // ~1e-308 underflow to 0, which cannot matter against a tail_limit that is a probability of
  // practical size. At most (n+1)/2 terms: the interval must keep k <= n-k+1.
  const size_t max_k = (n + 1) / 2;
  double log_pmf = log_p0;
  double cdf = std::exp(log_pmf);  // P(B <= i), with i = k-1
  if (cdf > tail_limit) {
    return widest;  // too few values: even [min, max] covers less than asked
  }
  size_t k = 1;
  double cdf_at_k_minus_1 = cdf;
  for (size_t i = 0; i + 2 <= max_k; ++i) {
    log_pmf += std::log(static_cast<double>(n - i) / static_cast<double>(i + 1));
    cdf += std::exp(log_pmf);  // now P(B <= i+1)
    if (cdf > tail_limit) {
      break;
    }
    k = i + 2;
    cdf_at_k_minus_1 = cdf;
  }
  return {sorted[k - 1], sorted[n - k], 1 - 2 * cdf_at_k_minus_1};
}

}  // namespace

double Median(std::span<const double> values) { return MedianOfSorted(Sorted(values)); }

Interval MedianConfidenceInterval(std::span<const double> values, double confidence) {
  return MedianIntervalOfSorted(Sorted(values), confidence);
}

double Summary::RelativeHalfWidth() const {
  if (median == 0) {
    return 0;
  }
  return (median_ci.high - median_ci.low) / 2 / std::abs(median);
}

Summary Summarize(std::span<const double> values, double confidence) {
  Summary summary;
  summary.count = values.size();
  if (values.empty()) {
    return summary;
  }
  const std::vector<double> sorted = Sorted(values);
  summary.median = MedianOfSorted(sorted);
  summary.median_ci = MedianIntervalOfSorted(sorted, confidence);
  summary.min = sorted.front();
  summary.max = sorted.back();
  const double n = static_cast<double>(sorted.size());
  summary.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / n;
  if (sorted.size() >= 2) {
    // Two-pass sum of squared deviations: avoids the cancellation of sum(x^2) - n*mean^2.
    double squares = 0;
    for (double v : sorted) {
      squares += (v - summary.mean) * (v - summary.mean);
    }
    summary.stddev = std::sqrt(squares / (n - 1));
  }
  return summary;
}

}  // namespace cryptobench::stats

namespace cryptobench::stats {

RankSumTest MannWhitney(std::span<const double> a, std::span<const double> b) {
  RankSumTest result;
  const size_t n = a.size();
  const size_t m = b.size();
  if (n == 0 || m == 0) {
    return result;
  }
  // Pool with a side tag, sort, and give tied values their mean rank.
  std::vector<std::pair<double, bool>> pooled;
  pooled.reserve(n + m);
  for (double v : a) {
    pooled.emplace_back(v, true);
  }
  for (double v : b) {
    pooled.emplace_back(v, false);
  }
  std::sort(pooled.begin(), pooled.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  double rank_sum_a = 0;
  double tie_term = 0;  // sum of (t^3 - t) over groups of t tied values
  for (size_t i = 0; i < pooled.size();) {
    size_t j = i;
    while (j < pooled.size() && pooled[j].first == pooled[i].first) {
      ++j;
    }
    const double mean_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (size_t k = i; k < j; ++k) {
      if (pooled[k].second) {
        rank_sum_a += mean_rank;
      }
    }
    const double t = static_cast<double>(j - i);
    tie_term += t * t * t - t;
    i = j;
  }
  return MannWhitneyFromRanks(rank_sum_a, n, m, tie_term);
}

RankSumTest MannWhitneyFromRanks(double rank_sum_a, size_t n, size_t m, double tie_term) {
  RankSumTest result;
  if (n == 0 || m == 0) {
    return result;
  }
  const double dn = static_cast<double>(n);
  const double dm = static_cast<double>(m);
  const double total = dn + dm;
  result.u = rank_sum_a - dn * (dn + 1) / 2;
  const double mean_u = dn * dm / 2;
  const double variance = dn * dm / 12 * ((total + 1) - tie_term / (total * (total - 1)));
  if (variance <= 0) {
    return result;  // every value tied: no evidence either way
  }
  const double deviation = std::max(0.0, std::abs(result.u - mean_u) - 0.5);
  result.z = std::copysign(deviation / std::sqrt(variance), result.u - mean_u);
  result.p_value = std::min(1.0, std::erfc(std::abs(result.z) / std::numbers::sqrt2));
  return result;
}

}  // namespace cryptobench::stats

namespace cryptobench::stats {

double StudentT975(size_t df) {
  static constexpr double kTable[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                      2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                      2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                      2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  if (df == 0) {
    return std::numeric_limits<double>::infinity();
  }
  if (df <= std::size(kTable)) {
    return kTable[df - 1];
  }
  return 1.96 + 2.4 / static_cast<double>(df);
}

LineFit FitLineRelative(std::span<const double> x, std::span<const double> y) {
  LineFit fit;
  if (x.size() != y.size() || x.size() < 2) {
    return fit;
  }
  double sw = 0;
  double sx = 0;
  double sy = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (!(y[i] > 0) || !std::isfinite(y[i]) || !std::isfinite(x[i])) {
      return fit;
    }
    const double w = 1 / (y[i] * y[i]);
    sw += w;
    sx += w * x[i];
    sy += w * y[i];
  }
  // Centred form for accuracy (not sxx - sx^2/sw, which cancels): the weighted spread of x.
  const double mean_x = sx / sw;
  const double mean_y = sy / sw;
  double spread = 0;
  double cross = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double w = 1 / (y[i] * y[i]);
    spread += w * (x[i] - mean_x) * (x[i] - mean_x);
    cross += w * (x[i] - mean_x) * (y[i] - mean_y);
  }
  if (!(spread > 0)) {
    return fit;
  }
  fit.count = x.size();
  fit.slope = cross / spread;
  fit.intercept = mean_y - fit.slope * mean_x;
  if (x.size() < 3) {
    return fit;
  }
  double rss = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double r = y[i] - fit.intercept - fit.slope * x[i];
    rss += r * r / (y[i] * y[i]);
  }
  const size_t df = x.size() - 2;
  const double variance = rss / static_cast<double>(df);
  const double se_slope = std::sqrt(variance / spread);
  const double se_intercept = std::sqrt(variance * (1 / sw + mean_x * mean_x / spread));
  const double t = StudentT975(df);
  fit.has_ci = true;
  fit.slope_low = fit.slope - t * se_slope;
  fit.slope_high = fit.slope + t * se_slope;
  fit.intercept_low = fit.intercept - t * se_intercept;
  fit.intercept_high = fit.intercept + t * se_intercept;
  return fit;
}

}  // namespace cryptobench::stats
