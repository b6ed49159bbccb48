// The one way report Documents start a bar chart (speed's backends side by side, doctor's masked
// runs and class ranges, compare's ratios), so that every bar chart is titled and labelled alike.
#pragma once

#include <string>
#include <utility>

#include "report/document.h"

namespace cryptobench::report {

/// An empty bar chart (Chart::Kind::kBar): `title` with the unit ("...: throughput, MB/s"),
/// what its categories are (`x_label`), the value axis (`y_label` in `y_unit`; "" for a ratio)
/// and what a series is (`series_label`, the heading of that column of the table beside it).
/// The caller adds categories and series, and sets the options a chart needs (log_value,
/// reference, ranges, significant_digits).
inline Chart BarChart(std::string title, std::string x_label, std::string y_label,
                      std::string y_unit, std::string series_label) {
  Chart chart;
  chart.kind = Chart::Kind::kBar;
  chart.title = std::move(title);
  chart.x_label = std::move(x_label);
  chart.y_label = std::move(y_label);
  chart.y_unit = std::move(y_unit);
  chart.series_label = std::move(series_label);
  return chart;
}

}  // namespace cryptobench::report
