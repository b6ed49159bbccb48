// The HTML writer of a report::Document: one self-contained page, inline <style> and inline SVG
// charts (svg_chart.cc), nothing fetched from the network and no script.
#include <cmath>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "report/document.h"
#include "report/format_util.h"
#include "report/html.h"

namespace cryptobench::report {
namespace {

constexpr unsigned kHtmlBlocks = kMarkdownTarget | kHtmlTarget;

bool ForHtml(unsigned targets) { return (targets & kHtmlBlocks) != 0; }

// Light by default, dark under prefers-color-scheme, light again on paper. Tables scroll inside
// their own box (.table-wrap) and long words wrap, so the page never scrolls sideways; charts
// scale down to the column (width 100%, height from the viewBox). A chart's table sits beside it
// when its whole width fits there (flex-basis auto: the table's own width, its caption not
// counted: contain: inline-size), else it wraps under the chart to the full column; it is never
// cut to a fixed height.
constexpr std::string_view kStyle = R"css(:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1c1c21; --muted: #5d5d69; --rule: #d3d3db; --stripe: #f4f4f8;
  --code: #eeeef3;
  --c0: #1f6fb4; --c1: #d2601a; --c2: #2a8f3c; --c3: #7b3fa0;
  --c4: #c0306f; --c5: #8a6a1f; --c6: #138a9b; --c7: #5f5f5f;
  --c8: #2f3ea8; --c9: #6f8f00; --c10: #a0522d; --c11: #00a087;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #16171b; --fg: #e7e7ec; --muted: #a3a3b0; --rule: #3b3c46; --stripe: #1f2026;
    --code: #26272e;
    --c0: #72b2e8; --c1: #f39a5c; --c2: #7acc86; --c3: #bd98dc;
    --c4: #f08db5; --c5: #d6b86e; --c6: #5fd0de; --c7: #b9b9b9;
    --c8: #8f9cff; --c9: #b5d33d; --c10: #e0916a; --c11: #4fd6b0;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 1200px; margin: 0 auto; padding: 16px 24px 48px; }
h1 { font-size: 1.6em; margin: 0.4em 0; }
h2 { font-size: 1.25em; margin: 1.6em 0 0.4em; padding-bottom: 2px;
  border-bottom: 1px solid var(--rule); }
p, li, dd, figcaption { overflow-wrap: anywhere; }
code { font: 0.88em ui-monospace, "DejaVu Sans Mono", monospace; background: var(--code);
  padding: 0 3px; border-radius: 3px; }
dl.fields { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 16px; }
dl.fields dt { color: var(--muted); }
dl.fields dd { margin: 0; min-width: 0; }
.table-wrap { max-width: 100%; overflow-x: auto; margin: 8px 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
caption { text-align: left; color: var(--muted); padding: 2px 0 4px; }
th, td { padding: 3px 10px; border-bottom: 1px solid var(--rule); text-align: left;
  vertical-align: top; overflow-wrap: break-word; }
th { font-weight: 600; }
th.num, td.num { text-align: right; }
td.num { white-space: nowrap; overflow-wrap: normal; }
tbody tr:nth-child(even) { background: var(--stripe); }
figure.chart { margin: 20px 0; display: flex; flex-wrap: wrap; gap: 8px 24px;
  align-items: flex-start; }
figure.chart figcaption { flex: 1 1 100%; font-weight: 600; }
figure.chart svg { flex: 0 1 680px; min-width: 0; max-width: 100%; height: auto; }
figure.chart .table-wrap { flex: 1 1 auto; min-width: 0; margin: 0; }
table.chart-data caption { contain: inline-size; }
svg text { fill: var(--fg); font: 12px system-ui, -apple-system, "Segoe UI", sans-serif; }
svg .title { fill: var(--muted); }
svg .grid line { stroke: var(--rule); stroke-width: 1; }
svg .axis line { stroke: var(--muted); stroke-width: 1; }
svg .s0 { --c: var(--c0); } svg .s1 { --c: var(--c1); } svg .s2 { --c: var(--c2); }
svg .s3 { --c: var(--c3); } svg .s4 { --c: var(--c4); } svg .s5 { --c: var(--c5); }
svg .s6 { --c: var(--c6); } svg .s7 { --c: var(--c7); } svg .s8 { --c: var(--c8); }
svg .s9 { --c: var(--c9); } svg .s10 { --c: var(--c10); } svg .s11 { --c: var(--c11); }
svg .line { fill: none; stroke: var(--c); stroke-width: 2; }
svg .band { fill: var(--c); fill-opacity: 0.2; stroke: none; }
svg circle, svg .bar, svg .swatch { fill: var(--c); }
svg .whisker { fill: none; stroke: var(--fg); stroke-width: 1.2; }
svg .reference { stroke: var(--fg); stroke-width: 1.5; stroke-dasharray: 5 3; }
@media print {
  :root {
    --bg: #ffffff; --fg: #000000; --muted: #444444; --rule: #bbbbbb; --stripe: #f2f2f2;
    --code: #f2f2f2;
    --c0: #1f6fb4; --c1: #d2601a; --c2: #2a8f3c; --c3: #7b3fa0;
    --c4: #c0306f; --c5: #8a6a1f; --c6: #138a9b; --c7: #5f5f5f;
    --c8: #2f3ea8; --c9: #6f8f00; --c10: #a0522d; --c11: #00a087;
  }
  main { max-width: none; padding: 0; }
  .table-wrap { overflow: visible; }
  figure.chart, tr { break-inside: avoid; }
  h1, h2 { break-after: avoid; }
}
)css";

std::string InlineHtml(const Inline& spans) {
  std::string out;
  for (const Span& span : spans) {
    const std::string text =
        span.code ? fmt::format("<code>{}</code>", HtmlEscape(span.text)) : HtmlEscape(span.text);
    out += span.strong ? fmt::format("<strong>{}</strong>", text) : text;
  }
  return out;
}

// A cell's content: its markup when it has any, else its text.
std::string CellHtml(const TableCell& cell) {
  return cell.markup.empty() ? HtmlEscape(cell.text) : InlineHtml(cell.markup);
}

// data-value (and CI) attributes of a cell with a figure.
std::string DataAttributes(std::optional<double> value, std::optional<double> ci_low,
                           std::optional<double> ci_high) {
  std::string out;
  if (value && std::isfinite(*value)) {
    out += fmt::format(" data-value=\"{}\"", ExactNumber(*value));
    if (ci_low && ci_high && std::isfinite(*ci_low) && std::isfinite(*ci_high)) {
      out += fmt::format(" data-ci-low=\"{}\" data-ci-high=\"{}\"", ExactNumber(*ci_low),
                         ExactNumber(*ci_high));
    }
  }
  return out;
}

void WriteTable(const Table& table, std::ostream& out) {
  const std::vector<Column>& columns = table.columns;
  const auto numeric = [&](size_t c) { return columns[c].align == Column::Align::kRight; };
  out << "<div class=\"table-wrap\"><table>\n<thead><tr>";
  for (size_t c = 0; c < columns.size(); ++c) {
    const std::string& header =
        columns[c].markdown_header.empty() ? columns[c].header : columns[c].markdown_header;
    out << fmt::format("<th scope=\"col\"{}>{}</th>", numeric(c) ? " class=\"num\"" : "",
                       HtmlEscape(header));
  }
  out << "</tr></thead>\n<tbody>\n";
  for (const auto& row : table.rows) {
    out << "<tr>";
    const bool spans = row.size() < columns.size() && !row.empty();
    for (size_t c = 0; c < row.size() && c < columns.size(); ++c) {
      const TableCell& cell = row[c];
      if (spans && c + 1 == row.size()) {
        out << fmt::format("<td colspan=\"{}\">{}</td>", columns.size() - c, CellHtml(cell));
        continue;
      }
      out << fmt::format("<td{}{}>{}</td>", numeric(c) ? " class=\"num\"" : "",
                         DataAttributes(cell.value, cell.ci_low, cell.ci_high), CellHtml(cell));
    }
    out << "</tr>\n";
  }
  out << "</tbody></table></div>\n";
}

std::string HeaderWithUnit(const std::string& label, const std::string& unit) {
  return unit.empty() ? label : fmt::format("{} ({})", label, unit);
}

// The numbers of `chart` as a table: one row per point drawn (series by series for lines,
// category by category for bars), the figure and its CI each in a cell of its own.
void WriteChartTable(const Chart& chart, std::ostream& out) {
  const auto shown = [&](double figure) {
    return chart.significant_digits > 0 ? fmt::format("{:.{}g}", figure, chart.significant_digits)
                                        : FormatRate(figure);
  };
  const bool bars = chart.kind == Chart::Kind::kBar;
  out << fmt::format(
      "<div class=\"table-wrap\"><table class=\"chart-data\">\n<caption>{}"
      "</caption>\n<thead><tr>",
      HtmlEscape(fmt::format("The figures of: {}", chart.title)));
  const std::string first = bars ? chart.x_label : chart.series_label;
  const std::string second =
      bars ? chart.series_label : HeaderWithUnit(chart.x_label, chart.x_unit);
  out << fmt::format("<th scope=\"col\">{}</th><th scope=\"col\"{}>{}</th>", HtmlEscape(first),
                     bars ? "" : " class=\"num\"", HtmlEscape(second));
  bool marks = false;
  if (chart.ranges) {
    // A range has two ends and no single figure.
    out << fmt::format(
        "<th scope=\"col\" class=\"num\">{0}</th><th scope=\"col\" class=\"num\">{1}</th>",
        HtmlEscape(HeaderWithUnit("from", chart.y_unit)),
        HtmlEscape(HeaderWithUnit("to", chart.y_unit)));
  } else {
    out << fmt::format("<th scope=\"col\" class=\"num\">{}</th>",
                       HtmlEscape(HeaderWithUnit(chart.y_label, chart.y_unit)));
    out << "<th scope=\"col\" class=\"num\">CI low</th><th scope=\"col\" class=\"num\">CI "
           "high</th>";
    // A column of marks (steps) when a point has one, so the table says what the chart marks.
    for (const ChartSeries& series : chart.series) {
      for (const ChartPoint& point : series.points) {
        marks = marks || (!bars && !point.mark.empty());
      }
    }
    if (marks) {
      out << "<th scope=\"col\">mark</th>";
    }
  }
  out << "</tr></thead>\n<tbody>\n";
  const auto figures = [&](const ChartPoint& point) {
    const bool ci = point.ci_low && point.ci_high;
    if (chart.ranges) {
      for (const double end : {*point.ci_low, *point.ci_high}) {
        out << fmt::format("<td class=\"num\"{}>{}</td>", DataAttributes(end, {}, {}),
                           HtmlEscape(shown(end)));
      }
      return;
    }
    out << fmt::format("<td class=\"num\"{}>{}</td>",
                       DataAttributes(point.value, point.ci_low, point.ci_high),
                       HtmlEscape(shown(point.value)));
    out << fmt::format("<td class=\"num\"{}>{}</td>",
                       ci ? DataAttributes(point.ci_low, {}, {}) : "",
                       ci ? HtmlEscape(shown(*point.ci_low)) : "");
    out << fmt::format("<td class=\"num\"{}>{}</td>",
                       ci ? DataAttributes(point.ci_high, {}, {}) : "",
                       ci ? HtmlEscape(shown(*point.ci_high)) : "");
  };
  if (bars) {
    for (size_t c = 0; c < chart.categories.size(); ++c) {
      for (const ChartSeries& series : chart.series) {
        if (c >= series.points.size()) {
          continue;
        }
        const ChartPoint& point = series.points[c];
        const bool drawn = chart.ranges
                               ? point.ci_low && point.ci_high && std::isfinite(*point.ci_low) &&
                                     std::isfinite(*point.ci_high)
                               : std::isfinite(point.value);
        if (!drawn) {
          continue;
        }
        out << fmt::format("<tr><td>{}</td><td>{}</td>", HtmlEscape(chart.categories[c]),
                           HtmlEscape(series.name));
        figures(series.points[c]);
        out << "</tr>\n";
      }
    }
  } else {
    for (const ChartSeries& series : chart.series) {
      for (const ChartPoint& point : series.points) {
        if (!std::isfinite(point.value)) {
          continue;
        }
        out << fmt::format("<tr><td>{}</td><td class=\"num\"{}>{}</td>", HtmlEscape(series.name),
                           DataAttributes(point.x, {}, {}), HtmlEscape(point.x_label));
        figures(point);
        if (marks) {
          out << fmt::format("<td>{}</td>", HtmlEscape(point.mark));
        }
        out << "</tr>\n";
      }
    }
  }
  out << "</tbody></table></div>\n";
}

void WriteChart(const Chart& chart, size_t number, std::ostream& out) {
  const std::string id = fmt::format("chart-{}", number);
  out << fmt::format("<figure class=\"chart\" id=\"{}\">\n<figcaption>{}</figcaption>\n", id,
                     HtmlEscape(chart.title));
  WriteSvgChart(chart, id, out);
  WriteChartTable(chart, out);
  out << "</figure>\n";
}

std::string PageTitle(const Document& document) {
  for (const Block& block : document.blocks) {
    const auto* heading = std::get_if<Heading>(&block.content);
    if (heading != nullptr && heading->level == 1 && ForHtml(block.targets)) {
      return heading->text;
    }
  }
  return "cryptobench report";
}

}  // namespace

std::string HtmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

void WriteHtml(const Document& document, std::ostream& out, const std::string& title) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"color-scheme\" content=\"light dark\">\n";
  out << fmt::format("<title>{}</title>\n",
                     HtmlEscape(title.empty() ? PageTitle(document) : title));
  out << "<style>\n" << kStyle << "</style>\n</head>\n<body>\n<main>\n";
  size_t charts = 0;
  for (const Block& block : document.blocks) {
    if (!ForHtml(block.targets)) {
      continue;
    }
    if (const auto* heading = std::get_if<Heading>(&block.content)) {
      const int level = heading->level > 2 ? 3 : heading->level > 1 ? 2 : 1;
      out << fmt::format("<h{0}>{1}</h{0}>\n", level, HtmlEscape(heading->text));
    } else if (const auto* list = std::get_if<FieldList>(&block.content)) {
      out << "<dl class=\"fields\">\n";
      for (const Field& field : list->fields) {
        if (ForHtml(field.targets)) {
          out << fmt::format("<dt>{}</dt><dd>{}</dd>\n", HtmlEscape(field.label),
                             InlineHtml(field.value));
        }
      }
      out << "</dl>\n";
    } else if (const auto* paragraph = std::get_if<Paragraph>(&block.content)) {
      out << fmt::format("<p>{}</p>\n", paragraph->markup.empty() ? HtmlEscape(paragraph->text)
                                                                  : InlineHtml(paragraph->markup));
    } else if (const auto* table = std::get_if<Table>(&block.content)) {
      WriteTable(*table, out);
    } else if (const auto* notes = std::get_if<NoteList>(&block.content)) {
      std::vector<const Note*> shown;
      for (const Note& note : notes->notes) {
        if (ForHtml(note.targets)) {
          shown.push_back(&note);
        }
      }
      if (shown.empty()) {
        continue;
      }
      if (!notes->markdown_heading.empty()) {
        out << fmt::format("<h2>{}</h2>\n", HtmlEscape(notes->markdown_heading));
      }
      out << "<ul class=\"notes\">\n";
      for (const Note* note : shown) {
        out << fmt::format("<li>{}</li>\n", note->markup.empty() ? HtmlEscape(note->text)
                                                                 : InlineHtml(note->markup));
      }
      out << "</ul>\n";
    } else if (const auto* chart = std::get_if<Chart>(&block.content)) {
      WriteChart(*chart, ++charts, out);
    }
  }
  out << "</main>\n</body>\n</html>\n";
}

}  // namespace cryptobench::report
