// Number formatting shared by compare's summary sentences and renderers.
#pragma once

#include <string>

#include "compare/model.h"

namespace cryptobench::compare {

/// A ratio with about three significant digits: "0.137", "0.95", "1.02", "7.31", "12.4".
std::string RatioText(double ratio);

/// A fraction as a percentage without trailing zeros: 0.05 -> "5%", 0.125 -> "12.5%".
std::string PercentText(double fraction);

/// A figure in its display unit: "1428.3 MB/s" (symmetric, 10^6 bytes/s) or "1672.3 ops/s".
std::string FigureValueText(const Figure& figure, bool symmetric);

/// The figure's CI as "±0.7%" (half-width relative to the value), or "single figure".
std::string FigureCiText(const Figure& figure);

/// The ratio's CI as "0.205-0.211", or "single sample" without one.
std::string RatioCiText(const RatioEstimate& ratio);

/// Verdict words for a compared row: "within 5%", "significantly slower",
/// "slower, not significant", "slower beyond 5%, not testable" (and the faster forms).
std::string VerdictText(const Row& row, double threshold);

}  // namespace cryptobench::compare
