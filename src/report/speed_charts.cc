// The charts of a speed report (HTML only): throughput against input size per algorithm, and,
// with several backends, the backends side by side as bars with CI whiskers.
#include "report/speed_charts.h"

#include <algorithm>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "report/bar_chart.h"
#include "report/format_util.h"
#include "report/views.h"

namespace cryptobench::report {
namespace {

using results::Cell;
using results::CellStatus;
using results::RunResult;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool HasThroughput(const Cell* cell) {
  return cell != nullptr && cell->status == CellStatus::kOk && cell->figures &&
         cell->figures->bytes_per_s;
}

// A figure in `scale` units, with its CI unless the run was imported (one figure, no CI).
ChartPoint Point(const RunResult& run, const results::Estimate& estimate, double scale) {
  ChartPoint point;
  point.value = estimate.value * scale;
  if (!IsImported(run)) {
    point.ci_low = estimate.ci_low * scale;
    point.ci_high = estimate.ci_high * scale;
  }
  return point;
}

// The symmetric rows of every run, with the run each belongs to.
struct RunRow {
  const RunResult* run;
  SymmetricRow row;
};

}  // namespace

void AddThroughputCharts(const std::vector<const RunResult*>& runs, Document& doc) {
  const bool several = runs.size() > 1;
  std::vector<RunRow> rows;
  std::vector<std::string> algorithms;  // first-seen order
  for (const RunResult* run : runs) {
    for (SymmetricRow& row : BuildSymmetricGrid(*run).rows) {
      const std::string& name = row.name;
      if (std::find(algorithms.begin(), algorithms.end(), name) == algorithms.end()) {
        algorithms.push_back(name);
      }
      rows.push_back({run, std::move(row)});
    }
  }
  for (const std::string& algorithm : algorithms) {
    std::set<std::string> operations;
    for (const RunRow& entry : rows) {
      if (entry.row.name == algorithm) {
        operations.insert(entry.row.operation);
      }
    }
    Chart chart;
    chart.kind = Chart::Kind::kLine;
    chart.title = fmt::format("{}: throughput against input size, MB/s", algorithm);
    chart.x_label = "input size";
    chart.x_unit = "bytes";
    chart.log_x = true;
    chart.y_label = "throughput";
    chart.y_unit = "MB/s";
    chart.series_label = several ? "backend" : "operation";
    for (const RunRow& entry : rows) {
      if (entry.row.name != algorithm) {
        continue;
      }
      ChartSeries series;
      series.backend = entry.run->library.backend;  // its colour, in every chart (html.h)
      if (several) {
        series.name = operations.size() > 1
                          ? fmt::format("{} {}", entry.run->library.backend, entry.row.operation)
                          : entry.run->library.backend;
      } else {
        series.name = entry.row.operation;
      }
      for (const Cell* cell : entry.row.cells) {
        if (!HasThroughput(cell) || cell->input_len == 0) {
          continue;  // an imported throughput of unknown size has no place on the size axis
        }
        ChartPoint point = Point(*entry.run, *cell->figures->bytes_per_s, 1e-6);
        point.x = static_cast<double>(cell->input_len);
        point.x_label = FormatSize(cell->input_len);
        series.points.push_back(std::move(point));
      }
      if (!series.points.empty()) {
        chart.series.push_back(std::move(series));
      }
    }
    if (!chart.series.empty()) {
      doc.Add(std::move(chart), kHtmlTarget);
    }
  }
}

void AddSymmetricBarChart(const std::vector<const RunResult*>& runs, Document& doc) {
  if (runs.size() < 2) {
    return;
  }
  std::vector<SymmetricGrid> grids;
  std::vector<std::pair<std::string, std::string>> keys;  // (algorithm, operation), first seen
  for (const RunResult* run : runs) {
    grids.push_back(BuildSymmetricGrid(*run));
    for (const SymmetricRow& row : grids.back().rows) {
      std::pair<std::string, std::string> key{row.name, row.operation};
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
        keys.push_back(std::move(key));
      }
    }
  }
  Chart chart =
      BarChart("Backends side by side: throughput at the largest input size measured, MB/s",
               "algorithm, operation and size", "throughput", "MB/s", "backend");
  for (const RunResult* run : runs) {
    chart.series.push_back({run->library.backend, {}, run->library.backend});
  }
  for (const auto& [algorithm, operation] : keys) {
    // The largest size that some backend measured for this row.
    uint64_t largest = 0;
    bool any = false;
    std::vector<const SymmetricRow*> by_run(runs.size(), nullptr);
    for (size_t r = 0; r < runs.size(); ++r) {
      for (const SymmetricRow& row : grids[r].rows) {
        if (row.name == algorithm && row.operation == operation) {
          by_run[r] = &row;
          for (const Cell* cell : row.cells) {
            if (HasThroughput(cell)) {
              largest = any ? std::max(largest, cell->input_len) : cell->input_len;
              any = true;
            }
          }
        }
      }
    }
    if (!any) {
      continue;
    }
    chart.categories.push_back(
        fmt::format("{} {}, {}", algorithm, operation, FormatThroughputSize(largest)));
    for (size_t r = 0; r < runs.size(); ++r) {
      ChartPoint point;
      point.value = kNaN;  // no bar unless this backend measured the size
      if (by_run[r] != nullptr) {
        for (const Cell* cell : by_run[r]->cells) {
          if (HasThroughput(cell) && cell->input_len == largest) {
            point = Point(*runs[r], *cell->figures->bytes_per_s, 1e-6);
          }
        }
      }
      point.x_label = FormatThroughputSize(largest);
      chart.series[r].points.push_back(std::move(point));
    }
  }
  if (!chart.categories.empty()) {
    doc.Add(std::move(chart), kHtmlTarget);
  }
}

void AddPublicKeyBarChart(const std::vector<const RunResult*>& runs, Document& doc) {
  if (runs.size() < 2) {
    return;
  }
  std::vector<std::vector<PublicKeyRow>> rows;
  std::vector<std::string> labels;  // first seen
  for (const RunResult* run : runs) {
    rows.push_back(BuildPublicKeyRows(*run));
    for (const PublicKeyRow& row : rows.back()) {
      if (row.public_key && std::find(labels.begin(), labels.end(), row.Label()) == labels.end()) {
        labels.push_back(row.Label());
      }
    }
  }
  Chart chart = BarChart("Backends side by side: public-key operations, ops/s (log scale)",
                         "operation", "rate", "ops/s", "backend");
  // Sign and verify (or keygen and encaps) differ by orders of magnitude (RSA-2048: about 1.6
  // thousand signatures against 55 thousand verifications a second): a linear axis would show
  // the slow operations as slivers, so the axis is logarithmic and says so.
  chart.log_value = true;
  for (const RunResult* run : runs) {
    chart.series.push_back({run->library.backend, {}, run->library.backend});
  }
  for (const std::string& label : labels) {
    std::vector<ChartPoint> points(runs.size());
    bool any = false;
    for (size_t r = 0; r < runs.size(); ++r) {
      points[r].value = kNaN;
      for (const PublicKeyRow& row : rows[r]) {
        const Cell* cell = row.cell;
        if (row.public_key && row.Label() == label && cell != nullptr &&
            cell->status == CellStatus::kOk && cell->figures) {
          points[r] = Point(*runs[r], cell->figures->ops_per_s, 1);
          any = true;
        }
      }
    }
    if (!any) {
      continue;
    }
    chart.categories.push_back(label);
    for (size_t r = 0; r < runs.size(); ++r) {
      chart.series[r].points.push_back(std::move(points[r]));
    }
  }
  if (!chart.categories.empty()) {
    doc.Add(std::move(chart), kHtmlTarget);
  }
}

}  // namespace cryptobench::report
