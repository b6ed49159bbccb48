// Number formatting for compare.
#include "compare/format.h"

#include <fmt/format.h>

#include "report/format_util.h"

namespace cryptobench::compare {

std::string RatioText(double ratio) {
  if (ratio >= 100) {
    return fmt::format("{:.0f}", ratio);
  }
  if (ratio >= 10) {
    return fmt::format("{:.1f}", ratio);
  }
  if (ratio >= 1) {
    return fmt::format("{:.2f}", ratio);
  }
  if (ratio >= 0.1) {
    return fmt::format("{:.3f}", ratio);
  }
  return fmt::format("{:.4f}", ratio);
}

std::string PercentText(double fraction) { return fmt::format("{:g}%", fraction * 100); }

std::string FigureValueText(const Figure& figure, bool symmetric) {
  return symmetric ? report::FormatMbPerS(figure.value) + " MB/s"
                   : report::FormatRate(figure.value) + " ops/s";
}

std::string FigureCiText(const Figure& figure) {
  if (!figure.has_ci) {
    return "single figure";
  }
  return report::FormatCiHalfWidth(results::Estimate{figure.value, figure.ci_low, figure.ci_high});
}

std::string RatioCiText(const RatioEstimate& ratio) {
  if (!ratio.has_ci) {
    return "single sample";
  }
  return RatioText(ratio.ci_low) + "-" + RatioText(ratio.ci_high);
}

std::string VerdictText(const Row& row, double threshold) {
  const char* direction = row.direction == Direction::kSlower ? "slower" : "faster";
  switch (row.verdict) {
    case Verdict::kWithinThreshold:
      return "within " + PercentText(threshold);
    case Verdict::kSignificant:
      return std::string("significantly ") + direction;
    case Verdict::kNotSignificant:
      return std::string(direction) + ", not significant";
    case Verdict::kNotTestable:
      return fmt::format("{} beyond {}, not testable", direction, PercentText(threshold));
  }
  return "";
}

}  // namespace cryptobench::compare
