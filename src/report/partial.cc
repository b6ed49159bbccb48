// The line that marks a partial run (interrupted by a signal) at the top of every text format.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/report.h"
#include "report/sanitize.h"

namespace cryptobench::report {

void MarkPartialHtml(const std::vector<results::RunResult>& runs, Document& document) {
  for (const results::RunResult& run : runs) {
    if (!run.interrupted_by.empty()) {
      document.blocks.insert(
          document.blocks.begin(),
          Block{Paragraph{fmt::format("Partial run: interrupted by {}; only what was measured "
                                      "before it is shown, the cells after it were not measured.",
                                      SafeText(run.interrupted_by))},
                kHtmlTarget});
      return;
    }
  }
}

std::string PartialNotice(const std::vector<results::RunResult>& runs, Format format) {
  std::string signal;
  for (const results::RunResult& run : runs) {
    if (!run.interrupted_by.empty()) {
      signal = SafeText(run.interrupted_by);
      break;
    }
  }
  if (signal.empty()) {
    return "";
  }
  const std::string text = fmt::format(
      "partial run: interrupted by {}; only what was measured before it is shown, the cells "
      "after it were not measured",
      signal);
  switch (format) {
    case Format::kTable:
      return fmt::format("PARTIAL: {}\n\n", text);
    case Format::kMarkdown:
      return fmt::format(
          "> **Partial run**: interrupted by {}; only what was measured before it "
          "is shown, the cells after it were not measured.\n\n",
          signal);
    case Format::kCsv:
      // A comment line, as many CSV readers take (pandas comment='#', R comment.char).
      return fmt::format("# {}\n", text);
    case Format::kOpenssl:
      // After the provenance line, which RenderOpensslSpeed writes: "+cryptobench {text}".
      return fmt::format("+cryptobench {}\n", text);
    case Format::kJson:
    case Format::kHtml:
    case Format::kGbenchJson:
      break;  // the document carries it in a field of its own
  }
  return "";
}

}  // namespace cryptobench::report
