// Several backends in one machine-readable document, and the dispatch of RenderBackends. JSON
// wraps the runs as import does for several runs ({"schema_version": 1, "runs": [...]},
// docs/json-schema.md); CSV is RenderCsv's layout with a leading backend column
// (BackendsDocument, backends_table.cc).
#include <algorithm>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/report.h"
#include "report/sanitize.h"
#include "results/json.h"

namespace cryptobench::report {

void RenderBackendsJson(const std::vector<results::RunResult>& runs, std::ostream& out) {
  nlohmann::ordered_json doc;
  doc["schema_version"] = results::kSchemaVersion;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const results::RunResult& run : runs) {
    list.push_back(results::ToJson(run));
  }
  doc["runs"] = std::move(list);
  out << doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

void RenderBackends(const std::vector<results::RunResult>& unsafe_runs, Format format,
                    std::ostream& out) {
  // Strings from libraries and files are made printable here, at the rendering boundary; JSON
  // escapes them itself and keeps them as they are.
  if (format == Format::kGbenchJson) {
    RenderGbenchJson(unsafe_runs, out);  // JSON escapes its strings itself
    return;
  }
  std::vector<results::RunResult> runs = unsafe_runs;
  if (format != Format::kJson) {
    for (results::RunResult& run : runs) {
      SanitizeRun(run);
    }
  }
  if (format != Format::kOpenssl) {
    out << PartialNotice(runs, format);
  }
  switch (format) {
    case Format::kTable:
      RenderBackendsTable(runs, out);
      return;
    case Format::kJson:
      RenderBackendsJson(runs, out);
      return;
    case Format::kCsv:
      RenderBackendsCsv(runs, out);
      return;
    case Format::kMarkdown:
      RenderBackendsMarkdown(runs, out);
      return;
    case Format::kHtml:
      RenderBackendsHtml(runs, out);  // the partial mark is the document's (BackendsDocument)
      return;
    case Format::kOpenssl:
      throw std::invalid_argument(
          "the openssl speed layout holds one library; not several backends");
    case Format::kGbenchJson:
      break;
  }
  throw std::invalid_argument(
      fmt::format("several runs cannot be rendered as {}", FormatName(format)));
}

}  // namespace cryptobench::report
