// Rounds: a cell's sampling budget split into several stretches, so that its interval reflects
// how much the figure moves between stretches of time (frequency, cache and neighbour effects
// that last longer than one sample), not only how much samples scatter within one stretch.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "stats/stats.h"

namespace cryptobench::measure {

/// Rounds per cell by default: enough for a t interval on 5 degrees of freedom (t = 2.571),
/// few enough that each round of a 0.5 s budget still holds dozens of 3 ms samples.
inline constexpr size_t kDefaultRounds = 6;

/// Interval for the figure a repeat run would report, from one run's round figures (each
/// round's median rate, in any unit) around the run's reported `value` (same unit):
///   value +- t(0.975, R - 1) x s x sqrt(2 / R)
/// with R rounds and s the sample standard deviation of the round figures. s / sqrt(R) is the
/// standard error of the run's figure if rounds are independent; sqrt(2) of it is the standard
/// error of the difference between two runs' figures, so the interval is a 95% prediction
/// interval for the next run's figure (Hahn & Meeker, Statistical Intervals, 1991, sec. 4.7:
/// the prediction interval for the mean of m future observations, here m = R). Returns
/// std::nullopt for fewer than 2 rounds; confidence is 0.95.
std::optional<stats::Interval> RoundsInterval(std::span<const double> round_figures, double value);

/// True when the last `window` entries of `rates` (a warm-up's successive batch rates) differ
/// by at most `tolerance` of their median ((max - min) / median <= tolerance): the figure has
/// stopped moving. False with fewer than `window` entries or a non-positive median.
bool RatesSettled(std::span<const double> rates, size_t window, double tolerance);

}  // namespace cryptobench::measure
