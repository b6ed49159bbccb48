// The Markdown document: for pasting into bug reports (GitHub-flavoured tables).
#include <fmt/format.h>

#include "report/format_util.h"

#include "compare/cost.h"
#include "compare/format.h"
#include "compare/render_internal.h"

namespace cryptobench::compare::internal {

void RenderMarkdown(const CompareReport& report, std::ostream& out) {
  using report::MarkdownCode;
  using report::MarkdownText;
  out << "## cryptobench compare\n\n";
  out << "| side | label | source |\n|---|---|---|\n";
  for (size_t i = 0; i < report.sides.size(); ++i) {
    const Side& side = report.sides[i];
    out << fmt::format("| {}{} | {} | {} |\n", side.letter, i == 0 ? " (baseline)" : "",
                       MarkdownCode(side.label), MarkdownText(SideDescription(side)));
  }
  for (const std::string& sentence : LegendSentences(report.threshold)) {
    out << "\n" << MarkdownText(sentence) << "\n";
  }
  for (const PairComparison& pair : report.pairs) {
    const Side& a = report.sides[pair.a_index];
    const Side& b = report.sides[pair.b_index];
    out << "\n### " << MarkdownText(PairTitle(pair, report.sides)) << "\n\n";
    bool any = false;
    for (const Row& row : pair.rows) {
      if (row.presence != Presence::kBoth) {
        continue;
      }
      if (!any) {
        out << fmt::format(
            "| algorithm | operation | size | {} | {} | {}/{} | 95% CI | verdict |\n"
            "|---|---|--:|--:|--:|--:|---|---|\n",
            a.letter, b.letter, b.letter, a.letter);
        any = true;
      }
      out << fmt::format(
          "| {} | {} | {} | {} {} | {} {} | {} | {} | {} |\n", MarkdownText(row.algorithm),
          row.operation, SizeText(row), FigureValueText(*row.a, row.symmetric),
          FigureCiText(*row.a), FigureValueText(*row.b, row.symmetric), FigureCiText(*row.b),
          RatioText(row.ratio.ratio), RatioCiText(row.ratio), VerdictText(row, report.threshold));
    }
    if (!any) {
      out << "No cell was measured on both sides.\n";
    }
    const std::vector<std::string> not_compared = NotComparedLines(pair, report.sides);
    if (!not_compared.empty()) {
      out << "\nNot compared:\n\n";
      for (const std::string& line : not_compared) {
        out << "- " << MarkdownText(line) << "\n";
      }
    }
    if (!pair.costs.empty()) {
      out << fmt::format(
          "\nTime per operation = per call + per byte x size (95% CIs):\n\n"
          "| algorithm | operation | sizes | {} | {} | changed |\n|---|---|---|---|---|---|\n",
          a.letter, b.letter);
      for (const CostComparison& cost : pair.costs) {
        out << fmt::format("| {} | {} | {} ({}-{}) | {} | {} | {} |\n",
                           MarkdownText(cost.algorithm), cost.operation, cost.sizes.size(),
                           report::FormatSize(cost.sizes.front()),
                           report::FormatSize(cost.sizes.back()), CostFitText(cost.a),
                           CostFitText(cost.b), CostChangeName(cost.change));
      }
    }
    out << "\n**Summary**\n\n";
    for (const Finding& finding : pair.findings) {
      out << "- " << MarkdownText(finding.text) << "\n";
    }
  }
}

}  // namespace cryptobench::compare::internal
