// RenderCompare: the table and Markdown from compare's document (CompareReportDocument), HTML and
// CSV from its JSON's (CompareDocument), through the report writers.
#include <stdexcept>

#include <fmt/format.h>

#include "report/document.h"
#include "report/format_util.h"

#include "compare/compare_document.h"
#include "compare/format.h"
#include "compare/render.h"

namespace cryptobench::compare {

void RenderCompare(const CompareReport& report, CompareFormat format, std::ostream& out) {
  switch (format) {
    case CompareFormat::kTable:
      report::WriteText(CompareReportDocument(report), out);
      return;
    case CompareFormat::kMarkdown:
      report::WriteMarkdown(CompareReportDocument(report), out);
      return;
    case CompareFormat::kJson:
      out << CompareToJson(report).dump(2) << "\n";
      return;
    case CompareFormat::kCsv:
      // From the JSON too, so that `report SAVED.json --format csv` writes the same records.
      report::WriteCsv(CompareDocument(nlohmann::json::parse(CompareToJson(report).dump(
                           -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace))),
                       out);
      return;
    case CompareFormat::kHtml:
      // From the JSON, as `report` draws a saved comparison (compare_document.h).
      report::WriteHtml(CompareDocument(nlohmann::json::parse(CompareToJson(report).dump(
                            -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace))),
                        out);
      return;
    default:
      break;
  }
  throw std::invalid_argument(
      fmt::format("a comparison cannot be rendered as {}", report::FormatName(format)));
}

}  // namespace cryptobench::compare
