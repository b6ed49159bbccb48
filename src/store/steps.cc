// Step detection over a stored cell's history (steps.h).
#include "store/steps.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "stats/stats.h"

namespace cryptobench::store {
namespace {

void AppendSamples(const TrendPoint& point, std::vector<double>& out) {
  if (point.samples.empty()) {
    out.push_back(point.estimate.value);
  } else {
    out.insert(out.end(), point.samples.begin(), point.samples.end());
  }
}

void Search(const std::vector<TrendPoint>& points, size_t begin, size_t end,
            const StepOptions& options, std::vector<Step>& steps) {
  if (end - begin < 2) {
    return;
  }
  const size_t candidates = end - begin - 1;
  std::optional<Step> best;
  for (size_t split = begin + 1; split < end; ++split) {
    std::vector<double> before;
    std::vector<double> after;
    for (size_t i = begin; i < split; ++i) {
      AppendSamples(points[i], before);
    }
    for (size_t i = split; i < end; ++i) {
      AppendSamples(points[i], after);
    }
    const double median_before = stats::Median(before);
    const double median_after = stats::Median(after);
    if (median_before <= 0) {
      continue;
    }
    const double ratio = median_after / median_before;
    if (std::abs(ratio - 1) <= options.threshold) {
      continue;
    }
    const stats::RankSumTest test = stats::MannWhitney(before, after);
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
