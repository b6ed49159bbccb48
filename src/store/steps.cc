// Step detection over a stored cell's history (steps.h).
#include "store/steps.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "stats/stats.h"

namespace cryptobench::store {
namespace {

// Counts of the pooled values by their sorted position, with the k-th smallest present value
// found in O(log n) (a Fenwick tree).
class OrderStatistics {
 public:
  explicit OrderStatistics(size_t size) : tree_(size + 1, 0) {}
  void Add(size_t position, int delta) {
    for (size_t i = position + 1; i < tree_.size(); i += i & (~i + 1)) {
      tree_[i] += delta;
    }
  }
  // Sorted position of the k-th (0-based) present value.
  size_t Kth(size_t k) const {
    size_t position = 0;
    size_t step = 1;
    while (step * 2 < tree_.size()) {
      step *= 2;
    }
    for (; step > 0; step /= 2) {
      if (position + step < tree_.size() && static_cast<size_t>(tree_[position + step]) <= k) {
        position += step;
        k -= static_cast<size_t>(tree_[position]);
      }
    }
    return position;  // 1-based tree index of the last smaller prefix = 0-based position
  }

 private:
  std::vector<int> tree_;
};

// Median of the `count` values present in `stats`, from the sorted pool `values`.
double Median(const OrderStatistics& stats, const std::vector<double>& values, size_t count) {
  if (count % 2 == 1) {
    return values[stats.Kth(count / 2)];
  }
  return (values[stats.Kth(count / 2 - 1)] + values[stats.Kth(count / 2)]) / 2;
}

void Search(const std::vector<TrendPoint>& points, size_t begin, size_t end,
            const StepOptions& options, std::vector<Step>& steps) {
  if (end - begin < 2) {
    return;
  }
  // Pool the segment's samples once (a point without samples counts as one, its figure),
  // sort, rank with ties at their mean rank: every split is a partition of this one pool.
  std::vector<std::pair<double, size_t>> pool;  // (value, point)
  for (size_t i = begin; i < end; ++i) {
    if (points[i].samples.empty()) {
      pool.emplace_back(points[i].estimate.value, i);
    } else {
      for (double v : points[i].samples) {
        pool.emplace_back(v, i);
      }
    }
  }
  std::sort(pool.begin(), pool.end());
  std::vector<double> values(pool.size());
  std::vector<double> point_rank_sum(end - begin, 0);
  std::vector<std::vector<size_t>> positions(end - begin);
  double tie_term = 0;
  for (size_t i = 0; i < pool.size();) {
    size_t j = i;
    while (j < pool.size() && pool[j].first == pool[i].first) {
      ++j;
    }
    const double mean_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (size_t k = i; k < j; ++k) {
      point_rank_sum[pool[k].second - begin] += mean_rank;
    }
    const double t = static_cast<double>(j - i);
    tie_term += t * t * t - t;
    i = j;
  }
  for (size_t k = 0; k < pool.size(); ++k) {
    values[k] = pool[k].first;
    positions[pool[k].second - begin].push_back(k);
  }
  OrderStatistics before(pool.size());
  OrderStatistics after(pool.size());
  for (size_t k = 0; k < pool.size(); ++k) {
    after.Add(k, 1);
  }
  const size_t candidates = end - begin - 1;
  size_t n_before = 0;
  double rank_sum_before = 0;
  std::optional<Step> best;
  for (size_t split = begin + 1; split < end; ++split) {
    for (size_t k : positions[split - 1 - begin]) {
      before.Add(k, 1);
      after.Add(k, -1);
    }
    n_before += positions[split - 1 - begin].size();
    rank_sum_before += point_rank_sum[split - 1 - begin];
    const size_t n_after = pool.size() - n_before;
    const double median_before = Median(before, values, n_before);
    const double median_after = Median(after, values, n_after);
    if (median_before <= 0) {
      continue;
    }
    const double ratio = median_after / median_before;
    if (std::abs(ratio - 1) <= options.threshold) {
      continue;
    }
    const stats::RankSumTest test =
        stats::MannWhitneyFromRanks(rank_sum_before, n_before, n_after, tie_term);
    if (!best || test.p_value < best->p_value) {
      best = Step{split, ratio, test.p_value, candidates, median_before, median_after};
    }
  }
  if (!best || best->p_value >= options.alpha / static_cast<double>(candidates)) {
    return;
  }
  const Step found = *best;
  Search(points, begin, found.index, options, steps);
  steps.push_back(found);
  Search(points, found.index, end, options, steps);
}

}  // namespace

std::vector<Step> FindSteps(const std::vector<TrendPoint>& points, const StepOptions& options) {
  std::vector<Step> steps;
  Search(points, 0, points.size(), options, steps);
  return steps;
}

}  // namespace cryptobench::store
