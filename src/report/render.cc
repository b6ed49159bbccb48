// Format selection and dispatch, and the JSON renderer.
#include <ostream>
#include <string_view>

#include "report/report.h"
#include "report/sanitize.h"
#include "results/json.h"

namespace cryptobench::report {

bool ParseFormat(std::string_view name, Format* out) {
  struct Entry {
    std::string_view name;
    Format format;
  };
  static constexpr Entry kFormats[] = {
      {"table", Format::kTable}, {"openssl", Format::kOpenssl},   {"json", Format::kJson},
      {"csv", Format::kCsv},     {"markdown", Format::kMarkdown}, {"md", Format::kMarkdown},
  };
  for (const Entry& entry : kFormats) {
    if (entry.name == name) {
      *out = entry.format;
      return true;
    }
  }
  return false;
}

void Render(const results::RunResult& unsafe_run, Format format, std::ostream& out) {
  if (format == Format::kJson) {
    RenderJson(unsafe_run, out);  // JSON escapes its strings itself and keeps them as they are
    return;
  }
  // Strings from libraries and files are made printable here, at the rendering boundary.
  results::RunResult run = unsafe_run;
  SanitizeRun(run);
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
  }
}

void RenderJson(const results::RunResult& run, std::ostream& out) {
  out << results::ToJson(run).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
      << '\n';
}

}  // namespace cryptobench::report
