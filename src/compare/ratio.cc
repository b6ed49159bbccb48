// Ratios with log-space combined confidence intervals.
#include "compare/ratio.h"

#include <algorithm>
#include <cmath>

namespace cryptobench::compare {

std::optional<Figure> CellFigure(const results::Cell& cell, bool symmetric) {
  if (cell.status != results::CellStatus::kOk || !cell.figures) {
    return std::nullopt;
  }
  const results::CellFigures& figures = *cell.figures;
  const results::Estimate* estimate = &figures.ops_per_s;
  if (symmetric) {
    if (!figures.bytes_per_s) {
      return std::nullopt;
    }
    estimate = &*figures.bytes_per_s;
  }
  if (!(estimate->value > 0) || !std::isfinite(estimate->value)) {
    return std::nullopt;
  }
  Figure out;
  out.value = estimate->value;
  out.ci_low = estimate->ci_low;
  out.ci_high = estimate->ci_high;
  out.num_samples = figures.num_samples;
  out.ci_confidence = figures.ci_confidence;
  out.has_ci = figures.num_samples >= 2 && figures.ci_confidence > 0 && out.ci_low > 0 &&
               out.ci_low <= out.value && out.value <= out.ci_high && std::isfinite(out.ci_high);
  if (!out.has_ci) {
    out.ci_confidence = 0;
  }
  return out;
}

RatioEstimate EstimateRatio(const Figure& a, const Figure& b) {
  RatioEstimate out;
  out.ratio = b.value / a.value;
  if (!a.has_ci || !b.has_ci) {
    return out;
  }
  const double a_low = std::log(a.value) - std::log(a.ci_low);
  const double a_high = std::log(a.ci_high) - std::log(a.value);
  const double b_low = std::log(b.value) - std::log(b.ci_low);
  const double b_high = std::log(b.ci_high) - std::log(b.value);
  const double log_ratio = std::log(out.ratio);
  // The ratio is low when B is low and A is high, and high when B is high and A is low.
  out.ci_low = std::exp(log_ratio - std::hypot(b_low, a_high));
  out.ci_high = std::exp(log_ratio + std::hypot(b_high, a_low));
  out.ci_confidence = std::min(a.ci_confidence, b.ci_confidence);
  out.has_ci = true;
  return out;
}

Direction JudgeDirection(double ratio, double threshold) {
  if (ratio < 1 - threshold) {
    return Direction::kSlower;
  }
  if (ratio > 1 + threshold) {
    return Direction::kFaster;
  }
  return Direction::kWithin;
}

Verdict JudgeVerdict(const RatioEstimate& ratio, double threshold) {
  if (JudgeDirection(ratio.ratio, threshold) == Direction::kWithin) {
    return Verdict::kWithinThreshold;
  }
  if (!ratio.has_ci) {
    return Verdict::kNotTestable;
  }
  return ratio.ci_low > 1 || ratio.ci_high < 1 ? Verdict::kSignificant : Verdict::kNotSignificant;
}

}  // namespace cryptobench::compare
