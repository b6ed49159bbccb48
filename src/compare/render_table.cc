// The terminal table: the sides, then per compared side a table of rows, what was not compared,
// and the summary sentences (wrapped at kWrapColumns).
#include <sstream>

#include <fmt/format.h>

#include "report/format_util.h"

#include "compare/cost.h"
#include "compare/format.h"
#include "compare/render_internal.h"

namespace cryptobench::compare::internal {
namespace {

constexpr size_t kWrapColumns = 100;

// Writes `text` after `prefix`, breaking at spaces before kWrapColumns; continuation lines are
// indented to the prefix's width.
void WriteWrapped(std::ostream& out, const std::string& prefix, const std::string& text) {
  const std::string indent(report::DisplayWidth(prefix), ' ');
  std::istringstream words(text);
  std::string word;
  std::string line = prefix;
  bool line_has_word = false;
  while (words >> word) {
    if (line_has_word &&
        report::DisplayWidth(line) + 1 + report::DisplayWidth(word) > kWrapColumns) {
      out << line << "\n";
      line = indent;
      line_has_word = false;
    }
    line += (line_has_word ? " " : "") + word;
    line_has_word = true;
  }
  out << line << "\n";
}

void RenderPair(const CompareReport& report, const PairComparison& pair, std::ostream& out) {
  const Side& a = report.sides[pair.a_index];
  const Side& b = report.sides[pair.b_index];
  out << "\n" << PairTitle(pair, report.sides) << "\n";
  const std::vector<std::string> header = {"algorithm", "operation", "size",
                                           a.letter,    b.letter,    b.letter + "/" + a.letter,
                                           "95% CI",    "verdict"};
  std::vector<std::vector<std::string>> cells;
  for (const Row& row : pair.rows) {
    if (row.presence != Presence::kBoth) {
      continue;
    }
    cells.push_back({row.algorithm, row.operation, SizeText(row),
                     FigureValueText(*row.a, row.symmetric) + " " + FigureCiText(*row.a),
                     FigureValueText(*row.b, row.symmetric) + " " + FigureCiText(*row.b),
                     RatioText(row.ratio.ratio), RatioCiText(row.ratio),
                     VerdictText(row, report.threshold)});
  }
  if (!cells.empty()) {
    std::vector<size_t> widths(header.size());
    for (size_t c = 0; c < header.size(); ++c) {
      widths[c] = report::DisplayWidth(header[c]);
      for (const std::vector<std::string>& line : cells) {
        widths[c] = std::max(widths[c], report::DisplayWidth(line[c]));
      }
    }
    // Text columns left-aligned; sizes, figures and ratios right-aligned.
    const auto right = [](size_t c) { return c >= 2 && c <= 5; };
    const auto write = [&](const std::vector<std::string>& line) {
      std::string text;
      for (size_t c = 0; c < line.size(); ++c) {
        const bool last = c + 1 == line.size();
        text += right(c) ? report::PadLeft(line[c], widths[c])
                         : (last ? line[c] : report::PadRight(line[c], widths[c]));
        text += last ? "" : "  ";
      }
      out << text << "\n";
    };
    write(header);
    for (const std::vector<std::string>& line : cells) {
      write(line);
    }
  } else {
    out << "No cell was measured on both sides.\n";
  }
  const std::vector<std::string> not_compared = NotComparedLines(pair, report.sides);
  if (!not_compared.empty()) {
    out << "Not compared:\n";
    for (const std::string& line : not_compared) {
      WriteWrapped(out, "  ", line);
    }
  }
  if (!pair.costs.empty()) {
    out << "Time per operation = per call + per byte x size (95% CIs):\n";
    for (const CostComparison& cost : pair.costs) {
      WriteWrapped(
          out, "  ",
          fmt::format("{} {} ({} sizes, {}-{}): {} {}; {} {}; changed: {}", cost.algorithm,
                      cost.operation, cost.sizes.size(), report::FormatSize(cost.sizes.front()),
                      report::FormatSize(cost.sizes.back()), a.letter, CostFitText(cost.a),
                      b.letter, CostFitText(cost.b), CostChangeName(cost.change)));
    }
  }
  out << "Summary:\n";
  for (const Finding& finding : pair.findings) {
    WriteWrapped(out, "  - ", finding.text);
  }
}

}  // namespace

void RenderTable(const CompareReport& report, std::ostream& out) {
  out << fmt::format("cryptobench compare: {} sides, baseline {}\n", report.sides.size(),
                     report.sides.front().letter);
  size_t label_width = 0;
  for (const Side& side : report.sides) {
    label_width = std::max(label_width, report::DisplayWidth(side.label));
  }
  for (const Side& side : report.sides) {
    WriteWrapped(out,
                 fmt::format("  {}  {}  ", side.letter, report::PadRight(side.label, label_width)),
                 SideDescription(side));
  }
  for (const std::string& sentence : LegendSentences(report.threshold)) {
    WriteWrapped(out, "", sentence);
  }
  for (const PairComparison& pair : report.pairs) {
    RenderPair(report, pair, out);
  }
}

}  // namespace cryptobench::compare::internal
