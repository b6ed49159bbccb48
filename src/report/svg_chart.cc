// The SVG drawing of a report::Chart: line charts with CI bands on a linear or log-2 x axis,
// horizontal bars with CI whiskers. See html.h for why this is our own writer.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/document.h"
#include "report/html.h"

namespace cryptobench::report {
namespace {

constexpr double kWidth = 720;
constexpr double kRight = 24;      // right margin
constexpr double kTop = 12;        // top margin
constexpr double kLegendRow = 20;  // height of one legend row
constexpr size_t kLegendColumns = 3;
constexpr size_t kMaxLabel = 30;     // characters of a mark's label
constexpr size_t kMaxBarLabel = 48;  // characters of a bar chart's category label
constexpr double kCharWidth = 7;     // about the widest a character is at 12 px, for layout
constexpr double kBarLeft = 216;     // the narrowest room for category labels, px
constexpr double kBarLeftMax = 424;  // the widest (kMaxBarLabel capitals, LabelWidth)
constexpr int kMarkRows = 3;         // rows of mark labels at the top of a line chart
constexpr size_t kMaxLegend = 24;    // characters of a legend label

// The catalogue's backends in a fixed order: each one's colour slot is its index.
constexpr std::string_view kBackendSlots[] = {"openssl", "sodium",    "gnutls",   "nettle",
                                              "gcrypt",  "botan",     "cryptopp", "mbedtls",
                                              "wolfssl", "boringssl", "afalg"};
static_assert(std::size(kBackendSlots) <= kPaletteSize);

// A coordinate: one decimal, so output is stable across libraries and platforms.
std::string C(double value) { return fmt::format("{:.1f}", value); }

// `text` cut to `limit` code points, "…" marking the cut (the table beside the chart has the
// whole text).
std::string Shorten(const std::string& text, size_t limit) {
  size_t points = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      if (points == limit - 1 && i + 1 < text.size()) {
        // Cut here unless what is left is one code point.
        size_t rest = 0;
        for (size_t j = i; j < text.size(); ++j) {
          rest += (static_cast<unsigned char>(text[j]) & 0xC0) != 0x80 ? 1 : 0;
        }
        if (rest > 1) {
          return text.substr(0, i) + "…";
        }
        return text;
      }
      ++points;
    }
  }
  return text;
}

// `text` cut to `limit` code points in the middle, "…" marking the cut, so that its start and
// its end stay (a category's algorithm and its input size).
std::string ShortenMiddle(const std::string& text, size_t limit) {
  std::vector<size_t> starts;  // byte offset of each code point
  for (size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      starts.push_back(i);
    }
  }
  if (starts.size() <= limit || limit < 3) {
    return text;
  }
  const size_t head = (limit - 1) / 2;
  const size_t tail = limit - 1 - head;
  return text.substr(0, starts[head]) + "…" + text.substr(starts[starts.size() - tail]);
}

size_t CodePoints(const std::string& text) {
  size_t points = 0;
  for (const char c : text) {
    points += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  }
  return points;
}

// About how wide `text` draws at 12 px in a sans-serif face, px: capitals, digits and the wide
// lower-case letters take more than kCharWidth (at 12 px Arial's capitals average about 8 px,
// W and M 10 to 11), so a label of capitals is not cut at the chart's left edge.
double LabelWidth(const std::string& text) {
  double width = 0;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte & 0xC0) == 0x80) {
      continue;  // a UTF-8 continuation byte: counted with its lead byte
    }
    const bool wide = (c >= 'A' && c <= 'Z') || c == 'm' || c == 'w';
    width += wide ? 8.5 : kCharWidth;
  }
  return width;
}

// A step of 1, 2 or 5 times a power of ten near `raw`.
double NiceStep(double raw) {
  if (!(raw > 0) || !std::isfinite(raw)) {
    return 1;
  }
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  const double fraction = raw / power;
  const double nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

// A value axis from `bottom` (0 unless chosen from the data): its top and step, about five
// steps.
struct ValueAxis {
  double bottom = 0;
  double top = 1;
  double step = 1;
  int decimals = 0;
};

ValueAxis MakeValueAxis(double max_value) {
  ValueAxis axis;
  if (!(max_value > 0) || !std::isfinite(max_value)) {
    max_value = 1;
  }
  axis.step = NiceStep(max_value / 5);
  axis.top = std::ceil(max_value / axis.step - 1e-9) * axis.step;
  axis.decimals = std::max(0, static_cast<int>(-std::floor(std::log10(axis.step) + 1e-9)));
  return axis;
}

// An axis over [low, high] (both finite, 0 <= low <= high) with about five ticks, from a
// multiple of the step at or below `low` (0 when that is as near as the range is wide: a
// truncated axis must buy a visible difference) to one at or above `high`.
ValueAxis MakeDataAxis(double low, double high) {
  if (!(high > low)) {
    // One figure (or none): a band of +-5% around it.
    const double centre = high > 0 ? high : 1;
    low = centre * 0.95;
    high = centre * 1.05;
  }
  ValueAxis axis;
  axis.step = NiceStep((high - low) / 5);
  axis.bottom = std::floor(low / axis.step + 1e-9) * axis.step;
  axis.top = std::ceil(high / axis.step - 1e-9) * axis.step;
  if (axis.bottom <= axis.top - axis.bottom) {
    return MakeValueAxis(high);  // from 0 costs at most half the height
  }
  axis.decimals = std::max(0, static_cast<int>(-std::floor(std::log10(axis.step) + 1e-9)));
  return axis;
}

// The tick values bottom, bottom + step, ..., top (multiples of the step, not a running sum).
std::vector<double> Ticks(const ValueAxis& axis) {
  std::vector<double> ticks;
  const auto first = static_cast<long>(std::lround(axis.bottom / axis.step));
  const auto last = static_cast<long>(std::lround(axis.top / axis.step));
  for (long i = first; i <= last; ++i) {
    ticks.push_back(static_cast<double>(i) * axis.step);
  }
  return ticks;
}

std::string TickLabel(double value, int decimals) {
  return fmt::format("{:.{}f}", value, decimals);
}

bool Measured(const ChartPoint& point) { return std::isfinite(point.value); }
bool HasCi(const ChartPoint& point) {
  return Measured(point) && point.ci_low && point.ci_high && std::isfinite(*point.ci_low) &&
         std::isfinite(*point.ci_high);
}

// A bar chart of ranges draws a point when both ends are known, others when the value is.
bool Drawn(const Chart& chart, const ChartPoint& point) {
  if (chart.ranges) {
    return point.ci_low && point.ci_high && std::isfinite(*point.ci_low) &&
           std::isfinite(*point.ci_high) && (!chart.log_value || *point.ci_low > 0);
  }
  return Measured(point) && (!chart.log_value || point.value > 0);
}

// The smallest figure or CI end of a line chart's points; +inf when there is none.
double MinValue(const Chart& chart) {
  double min_value = std::numeric_limits<double>::infinity();
  for (const ChartSeries& series : chart.series) {
    for (const ChartPoint& point : series.points) {
      if (Measured(point)) {
        min_value = std::min(min_value, point.value);
        if (HasCi(point)) {
          min_value = std::min(min_value, *point.ci_low);
        }
      }
    }
  }
  return min_value;
}

double MaxValue(const Chart& chart) {
  double max_value = chart.reference && std::isfinite(*chart.reference) ? *chart.reference : 0;
  for (const ChartSeries& series : chart.series) {
    for (const ChartPoint& point : series.points) {
      if (chart.ranges && Drawn(chart, point)) {
        max_value = std::max(max_value, *point.ci_high);
      } else if (!chart.ranges && Measured(point)) {
        max_value = std::max(max_value, point.value);
        if (HasCi(point)) {
          max_value = std::max(max_value, *point.ci_high);
        }
      }
    }
  }
  return max_value;
}

std::string AxisTitle(const std::string& label, const std::string& unit) {
  return unit.empty() ? label : fmt::format("{} ({})", label, unit);
}

void WriteOpen(const Chart& chart, const std::string& id, double height, std::ostream& out) {
  out << fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" "
      "aria-labelledby=\"{0}-title\" width=\"{1}\" height=\"{2}\" viewBox=\"0 0 {1} {2}\">\n",
      id, C(kWidth), C(height));
  out << fmt::format("<title id=\"{}-title\">{}</title>\n", id, HtmlEscape(chart.title));
}

// The legend's entries: the series, then the reference line when it has a label.
size_t LegendEntries(const Chart& chart) {
  return chart.series.size() + (chart.reference && !chart.reference_label.empty() ? 1 : 0);
}

// The legend: a swatch and the series name, kLegendColumns to a row, from `top`.
void WriteLegend(const Chart& chart, double left, double top, std::ostream& out) {
  const std::vector<size_t> colours = SeriesColours(chart);
  const double column_width = (kWidth - left - kRight) / static_cast<double>(kLegendColumns);
  out << "<g class=\"legend\">\n";
  for (size_t s = 0; s < chart.series.size(); ++s) {
    const double x = left + static_cast<double>(s % kLegendColumns) * column_width;
    const double y = top + static_cast<double>(s / kLegendColumns) * kLegendRow;
    out << fmt::format(
        "<g class=\"s{}\"><rect class=\"swatch\" x=\"{}\" y=\"{}\" width=\"14\" height=\"10\"/>"
        "<text x=\"{}\" y=\"{}\">{}</text></g>\n",
        colours[s], C(x), C(y), C(x + 20), C(y + 9.5),
        HtmlEscape(Shorten(chart.series[s].name, kMaxLegend)));
  }
  if (LegendEntries(chart) > chart.series.size()) {
    const size_t s = chart.series.size();
    const double x = left + static_cast<double>(s % kLegendColumns) * column_width;
    const double y = top + static_cast<double>(s / kLegendColumns) * kLegendRow;
    out << fmt::format(
        "<g><line class=\"reference\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>"
        "<text x=\"{}\" y=\"{}\">{}</text></g>\n",
        C(x), C(y + 5), C(x + 14), C(y + 5), C(x + 20), C(y + 9.5),
        HtmlEscape(Shorten(chart.reference_label, kMaxLegend)));
  }
  out << "</g>\n";
}

double LegendHeight(const Chart& chart) {
  const size_t rows = (LegendEntries(chart) + kLegendColumns - 1) / kLegendColumns;
  return static_cast<double>(rows) * kLegendRow;
}

// ----- line chart -------------------------------------------------------------------------------

void WriteLineChart(const Chart& chart, const std::string& id, std::ostream& out) {
  constexpr double kLeft = 72;
  constexpr double kPlotHeight = 260;
  constexpr double kInset = 14;  // space between the plot's edge and the first and last x
  const double plot_bottom = kTop + kPlotHeight;
  const double legend_top = plot_bottom + 52;
  const double height = legend_top + LegendHeight(chart) + 8;

  // The x positions: a point's x (log 2 on a log axis; points at x <= 0 cannot be drawn there).
  const auto usable = [&](const ChartPoint& point) {
    return Measured(point) && std::isfinite(point.x) && (!chart.log_x || point.x > 0);
  };
  const auto axis_x = [&](double x) { return chart.log_x ? std::log2(x) : x; };
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  for (const ChartSeries& series : chart.series) {
    for (const ChartPoint& point : series.points) {
      if (usable(point)) {
        low = std::min(low, axis_x(point.x));
        high = std::max(high, axis_x(point.x));
      }
    }
  }
  if (!(low <= high)) {
    low = 0;
    high = 1;
  } else if (low == high) {
    low -= 1;
    high += 1;
  }
  const double plot_left = kLeft + kInset;
  const double plot_right = kWidth - kRight - kInset;
  const auto px = [&](double x) {
    return plot_left + (axis_x(x) - low) / (high - low) * (plot_right - plot_left);
  };
  const double min_value = MinValue(chart);
  const ValueAxis axis = chart.y_from_data && std::isfinite(min_value) && min_value > 0
                             ? MakeDataAxis(min_value, MaxValue(chart))
                             : MakeValueAxis(MaxValue(chart));
  const auto py = [&](double value) {
    return plot_bottom - (value - axis.bottom) / (axis.top - axis.bottom) * kPlotHeight;
  };

  WriteOpen(chart, id, height, out);
  // Grid and value ticks.
  out << "<g class=\"grid\">\n";
  for (const double tick : Ticks(axis)) {
    out << fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", C(kLeft), C(py(tick)),
                       C(kWidth - kRight), C(py(tick)));
  }
  out << "</g>\n<g class=\"axis\">\n";
  for (const double tick : Ticks(axis)) {
    out << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", C(kLeft - 6),
                       C(py(tick) + 4), TickLabel(tick, axis.decimals));
  }
  out << fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>\n", C(kLeft),
                     C(plot_bottom), C(kWidth - kRight));
  const bool truncated = axis.bottom > 0;
  if (truncated) {
    // The y axis as a line, broken at its foot by two slanted strokes (the usual mark of an
    // axis that does not start at 0).
    out << fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n", C(kLeft), C(kTop),
                       C(plot_bottom - 12));
    out << fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n", C(kLeft),
                       C(plot_bottom - 4), C(plot_bottom));
    for (const double at : {plot_bottom - 12, plot_bottom - 4}) {
      out << fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", C(kLeft - 5),
                         C(at + 2), C(kLeft + 5), C(at - 2));
    }
  }
  // x ticks at the points' x values, labelled as the points are; a label too close to the one
  // before is left out (its tick stays).
  std::vector<std::pair<double, std::string>> ticks;
  for (const ChartSeries& series : chart.series) {
    for (const ChartPoint& point : series.points) {
      if (usable(point)) {
        ticks.emplace_back(point.x, point.x_label);
      }
    }
  }
  std::sort(ticks.begin(), ticks.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  ticks.erase(std::unique(ticks.begin(), ticks.end(),
                          [](const auto& a, const auto& b) { return a.first == b.first; }),
              ticks.end());
  double last_label = -1e9;
  for (const auto& [x, label] : ticks) {
    out << fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n", C(px(x)),
                       C(plot_bottom), C(plot_bottom + 5));
    // About 7 px a character at 12 px, and a gap: long labels (times) need more room than sizes.
    const double room = std::max(48.0, kCharWidth * static_cast<double>(CodePoints(label)) + 6);
    // A label that would run past the right edge ends at its tick instead of centring on it.
    const bool at_edge = px(x) + room / 2 > kWidth;
    if ((at_edge ? px(x) - room : px(x) - room / 2) >= last_label) {
      out << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"{}\">{}</text>\n", C(px(x)),
                         C(plot_bottom + 19), at_edge ? "end" : "middle", HtmlEscape(label));
      last_label = at_edge ? px(x) : px(x) + room / 2;  // the label's right end
    }
  }
  const std::string x_title = AxisTitle(chart.x_label, chart.x_unit);
  out << fmt::format("<text class=\"title\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}{}</text>\n",
                     C((kLeft + kWidth - kRight) / 2), C(plot_bottom + 38), HtmlEscape(x_title),
                     chart.log_x ? ", log scale" : "");
  out << fmt::format(
      "<text class=\"title\" transform=\"translate({},{}) rotate(-90)\" "
      "text-anchor=\"middle\">{}</text>\n",
      C(16), C(kTop + kPlotHeight / 2),
      HtmlEscape(truncated ? fmt::format("{}, axis from {}, not 0",
                                         AxisTitle(chart.y_label, chart.y_unit),
                                         TickLabel(axis.bottom, axis.decimals))
                           : AxisTitle(chart.y_label, chart.y_unit)));
  out << "</g>\n";
  // Series: the CI band (or a whisker for a lone point), the line, the points.
  const std::vector<size_t> colours = SeriesColours(chart);
  // Mark labels placed so far, per row: [left, right] in px, so that labels do not overlap.
  std::vector<std::vector<std::pair<double, double>>> mark_rows(kMarkRows);
  for (size_t s = 0; s < chart.series.size(); ++s) {
    std::vector<ChartPoint> points;
    for (const ChartPoint& point : chart.series[s].points) {
      if (usable(point)) {
        points.push_back(point);
      }
    }
    std::stable_sort(points.begin(), points.end(),
                     [](const ChartPoint& a, const ChartPoint& b) { return a.x < b.x; });
    out << fmt::format("<g class=\"series s{}\">\n", colours[s]);
    std::vector<const ChartPoint*> with_ci;
    for (const ChartPoint& point : points) {
      if (HasCi(point)) {
        with_ci.push_back(&point);
      }
    }
    if (with_ci.size() >= 2) {
      std::string band;
      for (const ChartPoint* point : with_ci) {
        band += fmt::format("{}{},{}", band.empty() ? "" : " ", C(px(point->x)),
                            C(py(*point->ci_high)));
      }
      for (auto it = with_ci.rbegin(); it != with_ci.rend(); ++it) {
        band += fmt::format(" {},{}", C(px((*it)->x)), C(py(*(*it)->ci_low)));
      }
      out << fmt::format("<polygon class=\"band\" points=\"{}\"/>\n", band);
    } else {
      for (const ChartPoint* point : with_ci) {
        out << fmt::format(
            "<line class=\"whisker\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n",
            C(px(point->x)), C(py(*point->ci_low)), C(py(*point->ci_high)));
      }
    }
    if (points.size() >= 2) {
      std::string line;
      for (const ChartPoint& point : points) {
        line += fmt::format("{}{},{}", line.empty() ? "" : " ", C(px(point.x)), C(py(point.value)));
      }
      out << fmt::format("<polyline class=\"line\" points=\"{}\"/>\n", line);
    }
    for (const ChartPoint& point : points) {
      out << fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"3\"/>\n", C(px(point.x)),
                         C(py(point.value)));
    }
    out << "</g>\n";
    // Marks (steps): a dashed line midway between the point before and the marked one, its
    // label at the top of the plot, on the side with room for it. Styled as whiskers (the
    // page's foreground colour), dashed by attribute, so the stylesheet is unchanged.
    for (size_t i = 0; i < points.size(); ++i) {
      if (points[i].mark.empty()) {
        continue;
      }
      const double x = i == 0 ? px(points[i].x) : (px(points[i - 1].x) + px(points[i].x)) / 2;
      out << fmt::format(
          "<g class=\"mark\"><line class=\"whisker\" stroke-dasharray=\"5 4\" x1=\"{0}\" "
          "y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>",
          C(x), C(kTop), C(plot_bottom));
      const bool left = x > (plot_left + plot_right) / 2;
      const std::string label = Shorten(points[i].mark, kMaxLabel);
      const double width = kCharWidth * static_cast<double>(CodePoints(label));
      const double from = left ? x - 4 - width : x + 4;
      // The first row where it overlaps no label; with none free, the label is left out (the
      // chart's table has every mark).
      int row = 0;
      for (; row < kMarkRows; ++row) {
        const bool free = std::none_of(mark_rows[row].begin(), mark_rows[row].end(),
                                       [&](const std::pair<double, double>& r) {
                                         return from < r.second + 6 && r.first < from + width + 6;
                                       });
        if (free) {
          break;
        }
      }
      if (row < kMarkRows) {
        mark_rows[row].emplace_back(from, from + width);
        out << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"{}\">{}</text>",
                           C(left ? x - 4 : x + 4), C(kTop + 12 + 14 * row), left ? "end" : "start",
                           HtmlEscape(label));
      }
      out << "</g>\n";
    }
  }
  WriteLegend(chart, kLeft, legend_top, out);
  out << "</svg>\n";
}

// ----- bar chart --------------------------------------------------------------------------------

// The value axis of a bar chart: linear from 0 (MakeValueAxis), or log 10 over whole decades.
struct BarAxis {
  bool log = false;
  ValueAxis linear;
  int low_decade = 0;   // log: 10^low_decade at the plot's left edge
  int high_decade = 1;  // log: 10^high_decade at its right edge
  std::vector<double> ticks;
  double left = 0;   // px of the axis's low end
  double right = 1;  // px of its high end

  double Px(double value) const {
    if (log) {
      const double at = (std::log10(value) - low_decade) / (high_decade - low_decade);
      return left + std::clamp(at, 0.0, 1.0) * (right - left);
    }
    return left + value / linear.top * (right - left);
  }
  std::string Label(double tick) const {
    if (log) {
      const long decade = std::lround(std::log10(tick));
      return decade >= 0 ? fmt::format("{:.0f}", tick)
                         : fmt::format("{:.{}f}", tick, static_cast<int>(-decade));
    }
    return TickLabel(tick, linear.decimals);
  }
};

BarAxis MakeBarAxis(const Chart& chart, double left, double right) {
  BarAxis axis;
  axis.left = left;
  axis.right = right;
  axis.log = chart.log_value;
  if (!axis.log) {
    axis.linear = MakeValueAxis(MaxValue(chart));
    axis.ticks = Ticks(axis.linear);
    return axis;
  }
  double low = std::numeric_limits<double>::infinity();
  double high = 0;
  const auto take = [&](double v) {
    if (v > 0 && std::isfinite(v)) {
      low = std::min(low, v);
      high = std::max(high, v);
    }
  };
  for (const ChartSeries& series : chart.series) {
    for (const ChartPoint& point : series.points) {
      if (!Drawn(chart, point)) {
        continue;
      }
      if (!chart.ranges) {
        take(point.value);
      }
      if (point.ci_low && point.ci_high) {
        take(*point.ci_low);
        take(*point.ci_high);
      }
    }
  }
  if (chart.reference) {
    take(*chart.reference);
  }
  if (!(low <= high)) {
    low = 1;
    high = 10;
  }
  axis.low_decade = static_cast<int>(std::floor(std::log10(low) + 1e-9));
  axis.high_decade = static_cast<int>(std::ceil(std::log10(high) - 1e-9));
  if (axis.high_decade <= axis.low_decade) {
    axis.high_decade = axis.low_decade + 1;
  }
  for (int d = axis.low_decade; d <= axis.high_decade; ++d) {
    axis.ticks.push_back(std::pow(10.0, d));
  }
  return axis;
}

void WriteBarChart(const Chart& chart, const std::string& id, std::ostream& out) {
  // Room for the longest category label (cut in the middle past kMaxBarLabel characters, so
  // its end, the input size, stays), at least kBarLeft.
  double widest = 0;
  for (const std::string& category : chart.categories) {
    widest = std::max(widest, LabelWidth(ShortenMiddle(category, kMaxBarLabel)));
  }
  const double left = std::clamp(widest + 16, kBarLeft, kBarLeftMax);
  constexpr double kBar = 14;  // one bar's band
  constexpr double kGroupGap = 10;
  const double group = static_cast<double>(chart.series.size()) * kBar + kGroupGap;
  const double plot_height = std::max(1.0, static_cast<double>(chart.categories.size()) * group);
  const double plot_bottom = kTop + plot_height;
  const double legend_top = plot_bottom + 48;
  const double height = legend_top + LegendHeight(chart) + 8;
  const BarAxis axis = MakeBarAxis(chart, left, kWidth - kRight);
  const auto px = [&](double value) { return axis.Px(value); };

  WriteOpen(chart, id, height, out);
  out << "<g class=\"grid\">\n";
  for (const double tick : axis.ticks) {
    out << fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n", C(px(tick)),
                       C(kTop), C(plot_bottom));
  }
  out << "</g>\n<g class=\"axis\">\n";
  for (const double tick : axis.ticks) {
    out << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", C(px(tick)),
                       C(plot_bottom + 16), axis.Label(tick));
  }
  for (size_t c = 0; c < chart.categories.size(); ++c) {
    const double middle = kTop + static_cast<double>(c) * group + (group - kGroupGap) / 2;
    out << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", C(left - 8),
                       C(middle + 4), HtmlEscape(ShortenMiddle(chart.categories[c], kMaxBarLabel)));
  }
  out << fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n", C(left), C(kTop),
                     C(plot_bottom));
  out << fmt::format("<text class=\"title\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}{}</text>\n",
                     C((left + kWidth - kRight) / 2), C(plot_bottom + 36),
                     HtmlEscape(AxisTitle(chart.y_label, chart.y_unit)),
                     chart.log_value ? ", log scale" : "");
  out << "</g>\n";
  const std::vector<size_t> colours = SeriesColours(chart);
  for (size_t s = 0; s < chart.series.size(); ++s) {
    out << fmt::format("<g class=\"series s{}\">\n", colours[s]);
    const std::vector<ChartPoint>& points = chart.series[s].points;
    for (size_t c = 0; c < chart.categories.size() && c < points.size(); ++c) {
      const ChartPoint& point = points[c];
      if (!Drawn(chart, point)) {
        continue;
      }
      const double y = kTop + static_cast<double>(c) * group + static_cast<double>(s) * kBar;
      const double from = chart.ranges ? px(*point.ci_low) : left;
      const double to = chart.ranges ? px(*point.ci_high) : px(point.value);
      out << fmt::format("<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n",
                         C(from), C(y + 1), C(std::max(chart.ranges ? 2.0 : 0.0, to - from)),
                         C(kBar - 2));
      if (!chart.ranges && HasCi(point) && (!chart.log_value || *point.ci_low > 0)) {
        const double middle = y + kBar / 2;
        out << fmt::format("<path class=\"whisker\" d=\"M{0} {2}H{1}M{0} {3}V{4}M{1} {3}V{4}\"/>\n",
                           C(px(*point.ci_low)), C(px(*point.ci_high)), C(middle), C(middle - 4),
                           C(middle + 4));
      }
    }
    out << "</g>\n";
  }
  if (chart.reference && std::isfinite(*chart.reference) &&
      (!chart.log_value || *chart.reference > 0)) {
    out << fmt::format("<line class=\"reference\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n",
                       C(px(*chart.reference)), C(kTop - 4), C(plot_bottom));
  }
  WriteLegend(chart, left, legend_top, out);
  out << "</svg>\n";
}

}  // namespace

std::string ExactNumber(double value) { return fmt::format("{}", value); }

size_t BackendColour(std::string_view name) {
  for (size_t i = 0; i < std::size(kBackendSlots); ++i) {
    if (kBackendSlots[i] == name) {
      return i;
    }
  }
  uint32_t hash = 2166136261u;  // FNV-1a, 32 bits (http://www.isthe.com/chongo/tech/comp/fnv/)
  for (const char c : name) {
    hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  }
  return hash % kPaletteSize;
}

std::vector<size_t> SeriesColours(const Chart& chart) {
  std::vector<size_t> colours(chart.series.size(), 0);
  std::vector<bool> taken(kPaletteSize, false);
  std::vector<bool> placed(chart.series.size(), false);
  // Backends first claim their own slots, in series order; then every other series (and a
  // backend whose slot was taken) the lowest free slot, so no two series share a colour
  // while there are colours left.
  for (size_t s = 0; s < chart.series.size(); ++s) {
    if (chart.series[s].backend.empty()) {
      continue;
    }
    const size_t slot = BackendColour(chart.series[s].backend);
    if (!taken[slot]) {
      taken[slot] = true;
      colours[s] = slot;
      placed[s] = true;
    }
  }
  size_t next = 0;
  for (size_t s = 0; s < chart.series.size(); ++s) {
    if (placed[s]) {
      continue;
    }
    if (std::find(taken.begin(), taken.end(), false) == taken.end()) {
      taken.assign(kPaletteSize, false);  // more series than colours: start again
      next = 0;
    }
    while (taken[next % kPaletteSize]) {
      ++next;
    }
    colours[s] = next % kPaletteSize;
    taken[colours[s]] = true;
  }
  return colours;
}

void WriteSvgChart(const Chart& chart, const std::string& id, std::ostream& out) {
  if (chart.kind == Chart::Kind::kBar) {
    WriteBarChart(chart, id, out);
  } else {
    WriteLineChart(chart, id, out);
  }
}

}  // namespace cryptobench::report
