// compare's report as a report::Document for the terminal table and Markdown
// (CompareReportDocument, compare_document.h): built from the CompareReport, worded by the
// helpers here and compare/format.h, laid out by the report writers.
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "report/format_util.h"

#include "compare/compare_document.h"
#include "compare/cost.h"
#include "compare/format.h"

namespace cryptobench::compare {
namespace {

using report::Column;
using report::kMarkdownTarget;
using report::kTextTarget;

constexpr unsigned kHuman = report::kHumanTargets;
constexpr size_t kWrapColumns = 100;

std::string BasisName(const std::string& basis) {
  if (basis == "wall_clock") {
    return "wall-clock time";
  }
  if (basis == "user_cpu") {
    return "user CPU time";
  }
  return "clock unknown";
}

// The size column: "16 KiB", "unknown size" for a throughput figure whose imported output
// does not give its size, or "-" for a public-key row.
std::string SizeText(const Row& row) {
  if (!row.symmetric) {
    return "-";
  }
  return row.input_len == 0 && (row.a || row.b) ? report::FormatThroughputSize(0)
                                                : report::FormatSize(row.input_len);
}

// "B (masked) vs A (sys)".
std::string PairTitle(const PairComparison& pair, const std::vector<Side>& sides) {
  const Side& a = sides[pair.a_index];
  const Side& b = sides[pair.b_index];
  return fmt::format("{} ({}) vs {} ({})", b.letter, b.label, a.letter, a.label);
}

// What the ratio columns mean, one sentence per entry.
std::vector<std::string> LegendSentences(double threshold) {
  return {
      "Ratio = throughput of each side over the baseline A's (B/A, ...; MB/s = 10^6 bytes/s, "
      "ops/s for public key); above 1, that side is faster.",
      "95% CI of the ratio: both medians' CIs combined in log space (docs/compare.md); "
      "\"single sample\" where a side has one figure (imported output).",
      fmt::format("A change beyond {} is \"significantly\" slower or faster only when its CI "
                  "excludes 1; with a single figure it is \"not testable\".",
                  PercentText(threshold)),
  };
}

// A list of lines: in text after `prefix` (wrapped, `hanging` before further lines), in
// Markdown a bullet list.
report::NoteList Lines(const std::vector<std::string>& lines, const std::string& prefix,
                       const std::string& hanging) {
  report::NoteList list;
  list.wrap_columns = kWrapColumns;
  list.text_blank_line = false;
  list.text_prefix = prefix;
  list.text_hanging = hanging;
  for (const std::string& line : lines) {
    list.notes.emplace_back(line, true);
  }
  return list;
}

void AddPair(const CompareReport& report, const PairComparison& pair, report::Document& doc) {
  const Side& a = report.sides[pair.a_index];
  const Side& b = report.sides[pair.b_index];
  doc.Add(report::Heading{PairTitle(pair, report.sides), 2}, kHuman);
  report::Table table;
  table.columns = {Column("algorithm", "", Column::Align::kLeft),
                   Column("operation", "", Column::Align::kLeft),
                   Column("size"),
                   Column(a.letter),
                   Column(b.letter),
                   Column(b.letter + "/" + a.letter),
                   Column("95% CI", "", Column::Align::kLeft),
                   Column("verdict", "", Column::Align::kLeft)};
  for (const Row& row : pair.rows) {
    if (row.presence != Presence::kBoth) {
      continue;
    }
    table.rows.push_back({row.algorithm, row.operation, SizeText(row),
                          FigureValueText(*row.a, row.symmetric) + " " + FigureCiText(*row.a),
                          FigureValueText(*row.b, row.symmetric) + " " + FigureCiText(*row.b),
                          RatioText(row.ratio.ratio), RatioCiText(row.ratio),
                          VerdictText(row, report.threshold)});
  }
  if (table.rows.empty()) {
    doc.Add(report::Paragraph{"No cell was measured on both sides."}, kHuman);
  } else {
    doc.Add(std::move(table), kHuman);
  }
  const std::vector<std::string> not_compared = NotComparedLines(pair, report.sides);
  if (!not_compared.empty()) {
    doc.Add(report::Paragraph{"Not compared:"}, kHuman);
    doc.Add(Lines(not_compared, "  ", "  "), kHuman);
  }
  if (!pair.costs.empty()) {
    doc.Add(report::Paragraph{"Time per operation = per call + per byte x size (95% CIs):"},
            kHuman);
    std::vector<std::string> lines;
    report::Table costs;
    costs.columns = {Column("algorithm", "", Column::Align::kLeft),
                     Column("operation", "", Column::Align::kLeft),
                     Column("sizes", "", Column::Align::kLeft),
                     Column(a.letter, "", Column::Align::kLeft),
                     Column(b.letter, "", Column::Align::kLeft),
                     Column("changed", "", Column::Align::kLeft)};
    for (const CostComparison& cost : pair.costs) {
      const std::string first = report::FormatSize(cost.sizes.front());
      const std::string last = report::FormatSize(cost.sizes.back());
      // A per-byte cost indistinguishable from zero is no cost: no change is read from it.
      std::string changed = CostChangeName(cost.change);
      if (cost.change == CostChange::kFlatPerByte) {
        const std::string flat = FlatPerByte(cost.a) && FlatPerByte(cost.b)
                                     ? fmt::format("{} and {}", a.letter, b.letter)
                                 : FlatPerByte(cost.a) ? a.letter
                                                       : b.letter;
        changed =
            fmt::format("cannot tell ({}'s per-byte cost is indistinguishable from zero)", flat);
      }
      lines.push_back(fmt::format("{} {} ({} sizes, {}-{}): {} {}; {} {}; changed: {}",
                                  cost.algorithm, cost.operation, cost.sizes.size(), first, last,
                                  a.letter, CostFitText(cost.a), b.letter, CostFitText(cost.b),
                                  changed));
      costs.rows.push_back({cost.algorithm, cost.operation,
                            fmt::format("{} ({}-{})", cost.sizes.size(), first, last),
                            CostFitText(cost.a), CostFitText(cost.b), changed});
    }
    doc.Add(Lines(lines, "  ", "  "), kTextTarget);
    doc.Add(std::move(costs), kMarkdownTarget);
  }
  report::Paragraph summary{"Summary:"};
  summary.markup = {{"Summary", false, true}};
  doc.Add(std::move(summary), kHuman);
  std::vector<std::string> findings;
  for (const Finding& finding : pair.findings) {
    findings.push_back(finding.text);
  }
  doc.Add(Lines(findings, "  - ", "    "), kHuman);
}

}  // namespace

std::string SideDescription(const Side& side) {
  const results::RunResult& run = side.run;
  std::vector<std::string> parts;
  switch (side.origin) {
    case SideOrigin::kLive:
      parts.push_back(side.rounds > 0 ? fmt::format("measured now ({} interleaved round{})",
                                                    side.rounds, side.rounds == 1 ? "" : "s")
                                      : "measured now");
      break;
    case SideOrigin::kResults:
      parts.push_back(run.source.kind == "imported"
                          ? fmt::format("imported {} output", run.source.tool)
                          : fmt::format("cryptobench run{}",
                                        run.created_utc.empty() ? "" : " of " + run.created_utc));
      break;
    case SideOrigin::kImported:
      parts.push_back(fmt::format("{} output", run.source.tool));
      break;
  }
  if (!run.library.version.empty()) {
    parts.push_back(LibraryVersionName(run.library));
  }
  if (!run.library.loaded_path.empty()) {
    parts.push_back(run.library.loaded_path);
  }
  parts.push_back(BasisName(run.source.timing_basis));
  if (!run.source.engine_or_provider.empty()) {
    parts.push_back(run.source.engine_or_provider);
  }
  for (const auto& [name, value] : run.library.worker_env) {
    parts.push_back(fmt::format("{}={}", name, value));
  }
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    out += (i == 0 ? "" : ", ") + parts[i];
  }
  return out;
}

std::vector<std::string> NotComparedLines(const PairComparison& pair,
                                          const std::vector<Side>& sides) {
  using Key = std::tuple<std::string, std::string, std::string>;  // algorithm, operation, reason
  std::vector<Key> order;
  std::map<Key, std::vector<std::string>> sizes;
  for (const Row& row : pair.rows) {
    if (row.presence == Presence::kBoth) {
      continue;
    }
    std::string reason = row.note;
    if (row.presence == Presence::kOnlyA) {
      reason = "only in " + sides[pair.a_index].letter;
    } else if (row.presence == Presence::kOnlyB) {
      reason = "only in " + sides[pair.b_index].letter;
    }
    const Key key{row.algorithm, row.operation, reason};
    if (sizes.count(key) == 0) {
      order.push_back(key);
    }
    if (row.symmetric) {
      sizes[key].push_back(SizeText(row));
    } else {
      sizes[key];
    }
  }
  std::vector<std::string> lines;
  for (const Key& key : order) {
    const std::vector<std::string>& list = sizes[key];
    std::string size_text;
    for (size_t i = 0; i < list.size(); ++i) {
      size_text += (i == 0 ? " (" : ", ") + list[i];
    }
    if (!list.empty()) {
      size_text += ")";
    }
    lines.push_back(fmt::format("{} {}{}: {}", std::get<0>(key), std::get<1>(key), size_text,
                                std::get<2>(key)));
  }
  return lines;
}

report::Document CompareReportDocument(const CompareReport& report) {
  report::Document doc;
  doc.Add(report::Heading{fmt::format("cryptobench compare: {} sides, baseline {}",
                                      report.sides.size(), report.sides.front().letter),
                          1},
          kTextTarget);
  doc.Add(report::Heading{"cryptobench compare", 1}, kMarkdownTarget);
  report::FieldList sides;
  sides.indent = "  ";
  sides.label_width = 0;  // the widest "A  label", then two spaces
  sides.wrap_columns = kWrapColumns;
  sides.colon = false;
  sides.wrap_at_spaces = true;
  report::Table side_table;
  side_table.columns = {Column("side", "", Column::Align::kLeft),
                        Column("label", "", Column::Align::kLeft),
                        Column("source", "", Column::Align::kLeft)};
  for (size_t i = 0; i < report.sides.size(); ++i) {
    const Side& side = report.sides[i];
    const std::string description = SideDescription(side);
    sides.fields.emplace_back(fmt::format("{}  {}", side.letter, side.label),
                              report::Inline{{description}}, kTextTarget);
    report::TableCell label(side.label);
    label.markup = {{side.label, true}};
    side_table.rows.push_back(
        {i == 0 ? side.letter + " (baseline)" : side.letter, std::move(label), description});
  }
  doc.Add(std::move(sides), kTextTarget);
  doc.Add(std::move(side_table), kMarkdownTarget);
  for (const std::string& sentence : LegendSentences(report.threshold)) {
    doc.Add(report::Paragraph{sentence, kWrapColumns}, kHuman);
  }
  for (const PairComparison& pair : report.pairs) {
    AddPair(report, pair, doc);
  }
  return doc;
}

}  // namespace cryptobench::compare
