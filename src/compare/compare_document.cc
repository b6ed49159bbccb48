// compare's report as a report::Document, from its JSON (compare_document.h).
#include "compare/compare_document.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/bar_chart.h"
#include "report/format_util.h"
#include "report/json_fields.h"

#include "compare/format.h"

namespace cryptobench::compare {
namespace {

using nlohmann::json;
using report::JsonArray;
using report::JsonNumber;
using report::JsonText;

using report::Column;
using report::kHtmlTarget;
using report::TableCell;

constexpr const char* kWhat = "compare document";  // names the document in errors

// "AES-128-CBC encrypt 16 KiB", or "RSA-2048 sign" for a public-key row.
std::string CellName(const json& row) {
  const std::string name =
      fmt::format("{} {}", JsonText(row, "algorithm", kWhat), JsonText(row, "operation", kWhat));
  const std::optional<double> size = JsonNumber(row, "input_len");
  if (JsonText(row, "unit", kWhat) == "bytes_per_s" && size && *size > 0) {
    return fmt::format("{} {}", name, report::FormatSize(static_cast<uint64_t>(*size)));
  }
  return name;
}

// A side's figure of a row in the row's unit shown (MB/s or ops/s), with its CI.
TableCell FigureCell(const json& row, const char* side) {
  if (!row.contains(side) || !row.at(side).is_object()) {
    return TableCell("-");
  }
  const json& figure = row.at(side);
  const bool bytes = JsonText(row, "unit", kWhat) == "bytes_per_s";
  const double scale = bytes ? 1e6 : 1;
  const std::optional<double> value = JsonNumber(figure, "value");
  if (!value) {
    return TableCell("-");
  }
  TableCell cell(
      fmt::format("{} {}", report::FormatRate(*value / scale), bytes ? "MB/s" : "ops/s"));
  cell.value = *value / scale;
  const bool has_ci = figure.value("has_ci", false);
  const std::optional<double> low = JsonNumber(figure, "ci_low");
  const std::optional<double> high = JsonNumber(figure, "ci_high");
  if (has_ci && low && high) {
    cell.ci_low = *low / scale;
    cell.ci_high = *high / scale;
  }
  return cell;
}

std::string Ratio(double value) { return ThreeDigitsText(value); }

// The label of side `letter` in the compare document's "sides"; nullopt when it has no such side.
std::optional<std::string> SideLabel(const json& sides, const std::string& letter) {
  for (const json& side : sides) {
    if (JsonText(side, "letter", kWhat) == letter) {
      return JsonText(side, "label", kWhat);
    }
  }
  return std::nullopt;
}

// A figure in full (shortest round-trip form), "" when absent.
std::string Full(const std::optional<double>& value) {
  return value ? fmt::format("{}", *value) : "";
}

// The CSV table: one record per cell of every comparison (B vs A, ...), the figures in full in
// columns named with their unit: a symmetric cell fills the bytes_per_s columns, a public-key
// cell the ops_per_s ones. Cells not compared (one side only, unsupported) have their presence
// and note and the figures they have.
report::Table CsvTable(const json& doc, const json& sides) {
  report::Table table;
  for (const char* header : {"comparison",
                             "a",
                             "a_label",
                             "b",
                             "b_label",
                             "algorithm",
                             "operation",
                             "input_len_bytes",
                             "a_bytes_per_s",
                             "a_bytes_per_s_ci_low",
                             "a_bytes_per_s_ci_high",
                             "a_ops_per_s",
                             "a_ops_per_s_ci_low",
                             "a_ops_per_s_ci_high",
                             "b_bytes_per_s",
                             "b_bytes_per_s_ci_low",
                             "b_bytes_per_s_ci_high",
                             "b_ops_per_s",
                             "b_ops_per_s_ci_low",
                             "b_ops_per_s_ci_high",
                             "ratio_b_over_a",
                             "ratio_ci_low",
                             "ratio_ci_high",
                             "direction",
                             "verdict",
                             "presence",
                             "note"}) {
    table.columns.emplace_back(header);
  }
  const auto label = [&sides](const std::string& letter) {
    return SideLabel(sides, letter).value_or("");
  };
  // A figure and its CI (the CI only when it has one), in the given object of `row`.
  const auto figure = [](const json& row, const char* key) {
    std::vector<TableCell> cells(3);
    if (!row.contains(key) || !row.at(key).is_object()) {
      return cells;
    }
    const json& f = row.at(key);
    cells[0] = Full(JsonNumber(f, "value"));
    if (f.value("has_ci", false)) {
      cells[1] = Full(JsonNumber(f, "ci_low"));
      cells[2] = Full(JsonNumber(f, "ci_high"));
    }
    return cells;
  };
  for (const json& comparison : JsonArray(doc, "comparisons", kWhat)) {
    const std::string a = JsonText(comparison, "a", kWhat);
    const std::string b = JsonText(comparison, "b", kWhat);
    for (const json& row : JsonArray(comparison, "rows", kWhat)) {
      const bool bytes = JsonText(row, "unit", kWhat) == "bytes_per_s";
      const std::optional<double> size = JsonNumber(row, "input_len");
      std::vector<TableCell> cells = {fmt::format("{}/{}", b, a),
                                      a,
                                      label(a),
                                      b,
                                      label(b),
                                      JsonText(row, "algorithm", kWhat),
                                      JsonText(row, "operation", kWhat),
                                      bytes && size ? fmt::format("{:.0f}", *size) : ""};
      for (const char* side : {"a", "b"}) {
        const std::vector<TableCell> f = figure(row, side);
        const std::vector<TableCell> none(3);
        cells.insert(cells.end(), bytes ? f.begin() : none.begin(), bytes ? f.end() : none.end());
        cells.insert(cells.end(), bytes ? none.begin() : f.begin(), bytes ? none.end() : f.end());
      }
      const std::vector<TableCell> ratio = figure(row, "ratio");
      cells.insert(cells.end(), ratio.begin(), ratio.end());
      for (const char* key : {"direction", "verdict", "presence", "note"}) {
        cells.emplace_back(JsonText(row, key, kWhat));
      }
      table.rows.push_back(std::move(cells));
    }
  }
  return table;
}

// "significantly slower", "within 5%", ... as compare's table says it.
std::string VerdictText(const json& row, double threshold) {
  const std::string verdict = JsonText(row, "verdict", kWhat);
  const std::string direction = JsonText(row, "direction", kWhat);
  if (verdict == "within_threshold") {
    return fmt::format("within {:g}%", threshold * 100);
  }
  if (verdict == "significant") {
    return fmt::format("significantly {}", direction);
  }
  if (verdict == "not_significant") {
    return fmt::format("{} (CI includes 1)", direction);
  }
  if (verdict == "not_testable") {
    return fmt::format("{} (not testable: single figure)", direction);
  }
  if (verdict == "cannot_tell") {
    return "cannot tell";
  }
  return verdict;
}

void AddComparison(const json& comparison, const json& sides, double threshold,
                   report::Document& doc) {
  const std::string a = JsonText(comparison, "a", kWhat);
  const std::string b = JsonText(comparison, "b", kWhat);
  const auto label = [&](const std::string& letter) {
    const std::optional<std::string> side = SideLabel(sides, letter);
    return side ? fmt::format("{} ({})", letter, *side) : letter;
  };
  const std::string title = fmt::format("{} vs {}", label(b), label(a));
  doc.Add(report::Heading{title, 2}, kHtmlTarget);

  report::Chart chart = report::BarChart(
      fmt::format("{}: throughput ratio {}/{} per cell, with CI (1 = no change)", title, b, a),
      "cell", fmt::format("throughput ratio {}/{}", b, a), "", "ratio");
  chart.reference = 1.0;
  chart.reference_label = "1.0: no change";
  chart.significant_digits = 3;
  report::ChartSeries series;
  series.name = fmt::format("{}/{}", b, a);

  report::Table table;
  table.columns = {
      Column("algorithm", "", Column::Align::kLeft),
      Column("operation", "", Column::Align::kLeft),
      Column("size"),
      Column(a, "", Column::Align::kRight, Column::Kind::kValue),
      Column(b, "", Column::Align::kRight, Column::Kind::kValue),
      Column(fmt::format("{}/{}", b, a), "", Column::Align::kRight, Column::Kind::kValue, "ratio"),
      Column("CI", "", Column::Align::kLeft),
      Column("verdict", "", Column::Align::kLeft),
  };
  report::NoteList not_compared;
  not_compared.markdown_heading = "Not compared";
  for (const json& row : JsonArray(comparison, "rows", kWhat)) {
    // A throughput row's size; "unknown size" for a figure whose imported output does not
    // give it (input_len 0 beside a side's figure).
    const auto input_len =
        static_cast<uint64_t>(std::max(0.0, JsonNumber(row, "input_len").value_or(0)));
    const bool figure = (row.contains("a") && row.at("a").is_object()) ||
                        (row.contains("b") && row.at("b").is_object());
    const std::string size = JsonText(row, "unit", kWhat) != "bytes_per_s" ? "-"
                             : input_len > 0 ? report::FormatSize(input_len)
                             : figure        ? report::FormatThroughputSize(0)
                                             : "-";
    if (JsonText(row, "presence", kWhat) != "both" || !row.contains("ratio") ||
        !row.at("ratio").is_object()) {
      const std::string presence = JsonText(row, "presence", kWhat);
      const std::string why = !JsonText(row, "note", kWhat).empty() ? JsonText(row, "note", kWhat)
                              : presence == "only_a"                ? fmt::format("only in {}", a)
                              : presence == "only_b"                ? fmt::format("only in {}", b)
                                                                    : presence;
      not_compared.notes.emplace_back(fmt::format("{}: {}", CellName(row), why));
      continue;
    }
    const json& ratio = row.at("ratio");
    const std::optional<double> value = JsonNumber(ratio, "value");
    if (!value) {
      continue;
    }
    report::ChartPoint point;
    point.value = *value;
    TableCell ratio_cell(Ratio(*value));
    ratio_cell.value = *value;
    std::string ci = "single figure";
    if (ratio.value("has_ci", false) && JsonNumber(ratio, "ci_low") &&
        JsonNumber(ratio, "ci_high")) {
      point.ci_low = JsonNumber(ratio, "ci_low");
      point.ci_high = JsonNumber(ratio, "ci_high");
      ratio_cell.ci_low = point.ci_low;
      ratio_cell.ci_high = point.ci_high;
      ci = fmt::format("{}-{}", Ratio(*point.ci_low), Ratio(*point.ci_high));
    }
    chart.categories.push_back(CellName(row));
    series.points.push_back(point);
    table.rows.push_back({JsonText(row, "algorithm", kWhat), JsonText(row, "operation", kWhat),
                          size, FigureCell(row, "a"), FigureCell(row, "b"), ratio_cell, ci,
                          VerdictText(row, threshold)});
  }
  if (!chart.categories.empty()) {
    chart.series.push_back(std::move(series));
    doc.Add(std::move(chart), kHtmlTarget);
    doc.Add(report::Paragraph{fmt::format(
                "Both sides' figures of every cell compared ({} and {}: MB/s = 10^6 bytes/s, or "
                "ops/s for public key), the ratio {}/{} and its CI:",
                a, b, b, a)},
            kHtmlTarget);
    doc.Add(std::move(table), kHtmlTarget);
  } else {
    doc.Add(report::Paragraph{"No cell was measured by both sides."}, kHtmlTarget);
  }
  if (!not_compared.notes.empty()) {
    doc.Add(std::move(not_compared), kHtmlTarget);
  }
  report::NoteList findings;
  findings.markdown_heading = fmt::format("Summary: {}", title);
  for (const json& finding : JsonArray(comparison, "findings", kWhat)) {
    findings.notes.emplace_back(JsonText(finding, "text", kWhat));
  }
  if (!findings.notes.empty()) {
    doc.Add(std::move(findings), kHtmlTarget);
  }
}

}  // namespace

report::Document CompareDocument(const json& doc) {
  if (!doc.is_object() || doc.value("kind", "") != "compare") {
    throw std::runtime_error("not a compare document (\"kind\": \"compare\")");
  }
  report::Document out;
  out.Add(report::Heading{"cryptobench compare", 1}, kHtmlTarget);
  const json& sides = JsonArray(doc, "sides", kWhat);
  report::Table table;
  table.columns = {
      Column("side", "", Column::Align::kLeft),   Column("label", "", Column::Align::kLeft),
      Column("source", "", Column::Align::kLeft), Column("library", "", Column::Align::kLeft),
      Column("run of", "", Column::Align::kLeft), Column("timing", "", Column::Align::kLeft)};
  for (const json& side : sides) {
    const std::string letter = JsonText(side, "letter", kWhat);
    table.rows.push_back(
        {letter == "A" ? "A (baseline)" : letter, JsonText(side, "label", kWhat),
         fmt::format("{} ({})", JsonText(side, "tool", kWhat), JsonText(side, "origin", kWhat)),
         JsonText(side, "library_version", kWhat), JsonText(side, "created_utc", kWhat),
         JsonText(side, "timing_basis", kWhat)});
  }
  out.Add(std::move(table), kHtmlTarget);
  const double threshold = JsonNumber(doc, "threshold").value_or(0);
  out.Add(report::Paragraph{fmt::format(
              "Ratio = throughput of a side over the baseline's (above 1, that side is faster; "
              "MB/s = 10^6 bytes/s, ops/s for public key). A change beyond {:g}% is significant "
              "only when the ratio's CI excludes 1; a single figure (imported output) has no CI.",
              threshold * 100)},
          kHtmlTarget);
  if (const std::string created = JsonText(doc, "created_utc", kWhat); !created.empty()) {
    out.Add(report::Paragraph{fmt::format("Compared at {} by cryptobench {}.", created,
                                          JsonText(doc, "tool_version", kWhat))},
            kHtmlTarget);
  }
  for (const json& comparison : JsonArray(doc, "comparisons", kWhat)) {
    AddComparison(comparison, sides, threshold, out);
  }
  out.Add(CsvTable(doc, sides), report::kCsvTarget);
  return out;
}

}  // namespace cryptobench::compare
