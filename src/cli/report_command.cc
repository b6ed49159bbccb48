// `cryptobench report FILE...`: saved speed result JSON rendered in any format, without
// measuring; several files become one report. Repeated --output writes more formats at once,
// each atomically, while the terminal still gets its table.
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "report/formats.h"
#include "report/report.h"
#include "results/json.h"
#include "results/limits.h"

#include "import/own_reports.h"
#include "import/parse_util.h"

namespace cryptobench::cli {
namespace {

// The runs of one result JSON file (one run, or {"runs": [...]} as speed --backend and import
// write them), figures recomputed from their samples. Throws UsageError, one line naming the
// file, for anything else.
std::vector<results::RunResult> ReadRuns(const std::string& path) {
  const std::string name = path == "-" ? "<stdin>" : path;
  const std::string text = ReadInputText(path, fmt::format("cannot read {}", name));
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || text[first] != '{') {
    throw UsageError(
        fmt::format("{}: not a result JSON (cryptobench speed --format json); "
                    "`cryptobench import` reads other tools' output",
                    name));
  }
  nlohmann::json doc;
  try {
    doc = results::ParseJsonBounded(text);  // memory bounded by the input (results/limits.h)
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(
        fmt::format("{}: not valid JSON: {}", name, import::ShortenJsonError(e.what())));
  } catch (const results::InputLimitError& e) {
    throw UsageError(fmt::format("{}: {}", name, e.what()));
  }
  if (const std::string what = import::DescribeOwnNonResultJson(doc); !what.empty()) {
    throw UsageError(
        fmt::format("{}: {}, not a speed result; report renders speed results", name, what));
  }
  if (doc.is_object() && doc.value("kind", "") == "tls") {
    throw UsageError(fmt::format("{}: a tls result; report renders speed results so far", name));
  }
  std::vector<results::RunResult> runs;
  try {
    runs = results::RunsFromJson(doc);
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("{}: {}", name, e.what()));
  }
  if (runs.empty()) {
    throw UsageError(fmt::format("{}: holds no runs", name));
  }
  for (results::RunResult& run : runs) {
    results::DeriveAllFigures(run);  // recompute from samples; sample-less cells keep theirs
  }
  return runs;
}

// `runs` in `format`: JSON as speed and import write it (one run is the document, several are
// wrapped); HTML one page; the other formats one run after another, a blank line between.
std::string Rendered(const std::vector<results::RunResult>& runs, report::Format format) {
  if (format == report::Format::kJson) {
    return results::RunsToJsonText(runs);
  }
  if (format == report::Format::kHtml) {
    std::ostringstream page;  // one page: the runs one after another
    report::RenderRunsHtml(runs, page);
    return std::move(page).str();
  }
  std::ostringstream out;
  for (size_t i = 0; i < runs.size(); ++i) {
    out << (i > 0 ? "\n" : "");
    report::Render(runs[i], format, out);
  }
  return std::move(out).str();
}

}  // namespace

int RunReport(const ReportOptions& options) {
  // Everything is checked before anything is read or written.
  // The terminal gets --format; beside --output files it keeps the table (hyperfine's
  // --export-* files), and --format is the files' format where an extension names none.
  const report::Format chosen = report::ChooseFormat(report::Producer::kReport, options.format);
  const report::Format terminal = options.outputs.empty() ? chosen : report::Format::kTable;
  const std::vector<OutputFile> files =
      ResolveOutputFiles(report::Producer::kReport, options.format, options.outputs, options.files);
  std::vector<results::RunResult> runs;
  for (const std::string& path : options.files) {
    std::vector<results::RunResult> read = ReadRuns(path);
    runs.insert(runs.end(), std::make_move_iterator(read.begin()),
                std::make_move_iterator(read.end()));
  }
  for (const OutputFile& file : files) {
    WriteReportOutput(file.path, Rendered(runs, file.format));
  }
  WriteReportOutput("", Rendered(runs, terminal));
  return kExitOk;
}

}  // namespace cryptobench::cli
