// The round interval and the warm-up's stability test.
#include "measure/rounds.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace cryptobench::measure {

std::optional<stats::Interval> RoundsInterval(std::span<const double> round_figures, double value) {
  const size_t rounds = round_figures.size();
  if (rounds < 2) {
    return std::nullopt;
  }
  double mean = 0;
  for (double x : round_figures) {
    mean += x;
  }
  mean /= static_cast<double>(rounds);
  double squares = 0;
  for (double x : round_figures) {
    squares += (x - mean) * (x - mean);
  }
  const double sd = std::sqrt(squares / static_cast<double>(rounds - 1));
  const double half =
      stats::StudentT975(rounds - 1) * sd * std::sqrt(2.0 / static_cast<double>(rounds));
  return stats::Interval{value - half, value + half, 0.95};
}

bool RatesSettled(std::span<const double> rates, size_t window, double tolerance) {
  if (window == 0 || rates.size() < window) {
    return false;
  }
  const std::vector<double> last(rates.end() - static_cast<std::ptrdiff_t>(window), rates.end());
  const double median = stats::Median(last);
  if (!(median > 0)) {
    return false;
  }
  const auto [low, high] = std::minmax_element(last.begin(), last.end());
  return (*high - *low) / median <= tolerance;
}

}  // namespace cryptobench::measure
