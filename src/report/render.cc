// Format selection and dispatch, and the JSON renderer.
#include <ostream>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "report/report.h"
#include "report/sanitize.h"
#include "results/json.h"

namespace cryptobench::report {

void Render(const results::RunResult& unsafe_run, Format format, std::ostream& out) {
  if (format == Format::kJson) {
    RenderJson(unsafe_run, out);  // JSON escapes its strings itself and keeps them as they are
    return;
  }
  if (format == Format::kGbenchJson) {
    RenderGbenchJson({unsafe_run}, out);  // likewise
    return;
  }
  // Strings from libraries and files are made printable here, at the rendering boundary.
  results::RunResult run = unsafe_run;
  SanitizeRun(run);
  if (format != Format::kOpenssl) {
    out << PartialNotice({run}, format);  // the openssl layout has it after its provenance line
  }
  switch (format) {
    case Format::kTable:
      RenderTable(run, out);
      return;
    case Format::kOpenssl:
      RenderOpensslSpeed(run, out);
      return;
    case Format::kJson:
      RenderJson(run, out);
      return;
    case Format::kCsv:
      RenderCsv(run, out);
      return;
    case Format::kMarkdown:
      RenderMarkdown(run, out);
      return;
    case Format::kHtml:
      RenderHtml(run, out);  // the partial mark is the document's (SpeedDocument)
      return;
    case Format::kGbenchJson:
      RenderGbenchJson({run}, out);
      return;
  }
  throw std::invalid_argument(fmt::format("a run cannot be rendered as {}", FormatName(format)));
}

void RenderJson(const results::RunResult& run, std::ostream& out) {
  out << results::ToJson(run).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
      << '\n';
}

}  // namespace cryptobench::report
